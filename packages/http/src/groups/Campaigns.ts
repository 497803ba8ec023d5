/**
 * Campaigns (`game-instances`), their lifecycle, and the games catalogue.
 *
 * @since 0.1.0
 */
import { Campaign, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

const One = Schema.Struct({ gameInstance: Campaign.CampaignView })
const id = Endpoint.idParam("id")

/** The query of the campaigns list: a page, filtered by channel and status. */
const listQuery = {
  channelId: Schema.optionalKey(Schema.String),
  status: Schema.optionalKey(Campaign.CampaignStatus),
  ...Pagination.query(Pagination.Defaults.campaigns)
}

const lifecycle = (name: "pause" | "archive" | "restore", summary: string, description: string) =>
  Endpoint.permitted(
    HttpApiEndpoint.post(name, `/:id/${name}`, {
      params: id,
      payload: Endpoint.noBody,
      success: One,
      error: [ApiError.NotFound, ApiError.Conflict]
    }),
    ["campaigns.activate"],
    summary,
    description
  )

export const GameEntry = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  description: Schema.String,
  defaultWinnerAlgorithm: Schema.String,
  labelKeys: Schema.Array(Schema.String),
  result: Schema.String,
  configSchema: Schema.Record(Schema.String, Schema.Unknown)
}).annotate({ identifier: "Game" })

export class GamesApi extends Endpoint.keyed(
  HttpApiGroup.make("games").add(
    Endpoint.permitted(
      HttpApiEndpoint.get("list", "/v1/games", {
        success: Schema.Struct({ games: Schema.Array(GameEntry) })
      }),
      ["campaigns.read"],
      "List the games",
      "The games the engine runs, each with its config's JSON Schema. Permission campaigns.read."
    )
  ),
  "Games",
  "The catalogue of games the engine runs and the JSON Schema of each one's config."
) {}

export class CampaignsApi extends Endpoint.keyed(
  HttpApiGroup.make("campaigns")
    .add(
      Endpoint.permitted(
        Endpoint.create(
          "create",
          "/",
          Campaign.CreateCampaign,
          "gameInstance",
          Campaign.CampaignView,
          ApiError.UpgradeRequired
        ),
        ["campaigns.write"],
        "Create a campaign",
        "Creates a draft. Permission campaigns.write; liveFrom/liveUntil also need channels.manage; the game must be in the plan (402). A config sent is checked against the game at once; an unknown channelId or gameSlug is 400."
      ),
      Endpoint.permitted(
        Endpoint.list("list", "/", listQuery, "gameInstances", Campaign.CampaignView),
        ["campaigns.read"],
        "List campaigns",
        "Newest first, filtered by channel and status. Permission campaigns.read."
      ),
      Endpoint.permitted(
        Endpoint.getById("get", "/:id", "id", One),
        ["campaigns.read"],
        "Get a campaign",
        "Permission campaigns.read."
      ),
      Endpoint.permitted(
        Endpoint.updateById("update", "/:id", "id", Campaign.UpdateCampaign, One, [
          ApiError.NotFound,
          ApiError.Conflict,
          ApiError.UpgradeRequired
        ]),
        ["campaigns.write"],
        "Update a campaign",
        "Permission campaigns.write; `config` (replaced whole) also needs config.write; liveFrom/liveUntil also need channels.manage. An archived campaign is 409. An active campaign must stay complete and must not come to overlap another live window (409); one whose window had ended and is given a later end goes live again, so it passes what an activation checks: the plan's game and live campaigns (402)."
      ),
      Endpoint.permitted(
        Endpoint.deleteById("delete", "/:id", "id", [ApiError.NotFound, ApiError.Conflict]),
        ["campaigns.delete"],
        "Delete a campaign",
        "Permission campaigns.delete; 409 once the campaign has been played (archive it)."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("activate", "/:id/activate", {
          params: id,
          payload: [Campaign.ActivateCampaign, Schema.Null],
          success: One,
          error: [ApiError.NotFound, ApiError.Conflict, ApiError.UpgradeRequired]
        }),
        ["campaigns.activate"],
        "Activate a campaign",
        "From draft or paused. Permission campaigns.activate; handoverAt also needs channels.manage. Incomplete config 400; overlapping live window on the channel 409; live-campaign limit 402. With handoverAt, the campaign live on the channel then ends at handoverAt and this one starts then, together."
      ),
      lifecycle("pause", "Pause a campaign", "From active to paused. Permission campaigns.activate."),
      lifecycle(
        "archive",
        "Archive a campaign",
        "From draft, active or paused to archived. Permission campaigns.activate."
      ),
      lifecycle(
        "restore",
        "Restore an archived campaign",
        "From archived back to paused. Permission campaigns.activate."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("resolve", "/:id/resolve", {
          params: id,
          payload: Campaign.ResolveCampaign,
          success: One,
          error: [ApiError.NotFound, ApiError.Conflict]
        }),
        ["campaigns.resolve"],
        "Resolve a prediction campaign",
        "Marks the option that happened on a prediction campaign (sets resolvedOptionId and resolvedAt). Permission campaigns.resolve. Unknown option 400; another campaign kind, an archived campaign, or a campaign already resolved to another option 409; resolving to the same option again changes nothing."
      )
    )
    .prefix("/v1/game-instances"),
  "Campaigns",
  "Campaigns (game instances): create, configure and move through their lifecycle."
) {}
