/**
 * Channels: where games are embedded.
 *
 * @since 0.1.0
 */
import { Channel, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

const ChannelResponse = Schema.Struct({ channel: Channel.ChannelView })

export class ChannelsApi extends Endpoint.keyed(
  HttpApiGroup.make("channels")
    .add(
      Endpoint.permitted(
        Endpoint.create("create", "/", Channel.CreateChannel, "channel", Channel.ChannelView, ApiError.UpgradeRequired),
        ["channels.manage"],
        "Create a channel",
        "Permission channels.manage; plan limit number of channels."
      ),
      Endpoint.permitted(
        Endpoint.list("list", "/", Pagination.query(Pagination.Defaults.channels), "channels", Channel.ChannelView),
        ["campaigns.read"],
        "List channels",
        "Newest first. Permission campaigns.read."
      ),
      Endpoint.permitted(
        Endpoint.getById("get", "/:channelId", "channelId", ChannelResponse),
        ["campaigns.read"],
        "Get a channel",
        "Permission campaigns.read."
      ),
      Endpoint.permitted(
        Endpoint.updateById("update", "/:channelId", "channelId", Channel.UpdateChannel, ChannelResponse),
        ["channels.manage"],
        "Update a channel",
        "Permission channels.manage. At least one field; `betweenCampaigns` is replaced whole (null clears it). Disabling is `status: disabled`."
      ),
      Endpoint.permitted(
        Endpoint.deleteById("delete", "/:channelId", "channelId", [ApiError.NotFound, ApiError.Conflict]),
        ["channels.manage"],
        "Delete a channel",
        "Permission channels.manage. Refused with 409 while any campaign exists on the channel; disable the channel instead."
      )
    )
    .prefix("/v1/channels"),
  "Channels",
  "Where games are embedded: one live campaign at a time, with play limits."
) {}
