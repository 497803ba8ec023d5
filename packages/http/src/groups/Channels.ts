/**
 * Channels: where games are embedded.
 *
 * @since 0.1.0
 */
import { Channel, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import { ApiKeyAuth, CommonErrors, RequiredPermissions } from "../Security.ts"

const ChannelResponse = Schema.Struct({ channel: Channel.ChannelView })

export class ChannelsApi extends HttpApiGroup.make("channels")
  .add(
    HttpApiEndpoint.post("create", "/", {
      payload: Channel.CreateChannel,
      success: ChannelResponse.pipe(HttpApiSchema.status(201)),
      error: ApiError.UpgradeRequired
    })
      .annotate(RequiredPermissions, ["channels.manage"])
      .annotateMerge(
        OpenApi.annotations({ description: "Permission channels.manage; plan limit number of channels." })
      ),
    HttpApiEndpoint.get("list", "/", {
      query: Pagination.query(Pagination.Defaults.channels),
      success: Schema.Struct({ channels: Schema.Array(Channel.ChannelView), total: Schema.Int })
    })
      .annotate(RequiredPermissions, ["campaigns.read"])
      .annotateMerge(OpenApi.annotations({ description: "Newest first. Permission campaigns.read." })),
    HttpApiEndpoint.get("get", "/:channelId", {
      params: { channelId: Schema.String },
      success: ChannelResponse,
      error: ApiError.NotFound
    })
      .annotate(RequiredPermissions, ["campaigns.read"])
      .annotateMerge(OpenApi.annotations({ description: "Permission campaigns.read." })),
    HttpApiEndpoint.patch("update", "/:channelId", {
      params: { channelId: Schema.String },
      payload: Channel.UpdateChannel,
      success: ChannelResponse,
      error: ApiError.NotFound
    })
      .annotate(RequiredPermissions, ["channels.manage"])
      .annotateMerge(
        OpenApi.annotations({
          description:
            "Permission channels.manage. At least one field; `betweenCampaigns` is replaced whole (null clears it). Disabling is `status: disabled`."
        })
      ),
    HttpApiEndpoint.delete("delete", "/:channelId", {
      params: { channelId: Schema.String },
      success: Schema.Struct({ deleted: Schema.Boolean, id: Schema.String }),
      error: [ApiError.NotFound, ApiError.Conflict]
    })
      .annotate(RequiredPermissions, ["channels.manage"])
      .annotateMerge(
        OpenApi.annotations({
          description:
            "Permission channels.manage. Refused with 409 while any campaign exists on the channel; disable the channel instead."
        })
      )
  )
  .middleware(CommonErrors)
  .middleware(ApiKeyAuth)
  .prefix("/v1/channels")
  .annotateMerge(OpenApi.annotations({ title: "Channels" })) {}
