/**
 * Handlers of the games catalogue and the campaign endpoints (`groups/Campaigns.ts`): each calls one
 * `Campaigns` use case as the calling key's actor and answers `{ gameInstance }` (or the list). The
 * core's failures are answered by the endpoints' error schemas (`ApiError`).
 *
 * @since 0.1.0
 */
import { Campaign, Campaigns, Pagination } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

const one = (campaign: Campaign.Campaign) => ({ gameInstance: Campaign.view(campaign) })

export const GamesHandlers = Handle.group(Api, "games", Campaigns.Campaigns, (handlers, campaigns) =>
  handlers.handle("list", () =>
    Handle.asActor(
      (actor) => campaigns.games(actor),
      (games) => ({
        games: games.map((game) => ({ ...game, configSchema: game.configSchema as Record<string, unknown> }))
      })
    )
  )
)

export const CampaignsHandlers = Handle.group(Api, "campaigns", Campaigns.Campaigns, (handlers, campaigns) =>
  handlers
    .handle("create", ({ payload }) => Handle.asActor((actor) => campaigns.create(actor, payload), one))
    .handle("list", ({ query }) =>
      Handle.list(query, Pagination.Defaults.campaigns, "gameInstances", Campaign.view, (actor, page) =>
        campaigns.list(actor, { channelId: query.channelId, status: query.status }, page)
      )
    )
    .handle("get", ({ params }) => Handle.asActor((actor) => campaigns.get(actor, params.id), one))
    .handle("update", ({ params, payload }) =>
      Handle.asActor((actor) => campaigns.update(actor, params.id, payload), one)
    )
    .handle("delete", ({ params }) => Handle.deleteAsActor((actor) => campaigns.delete(actor, params.id), params.id))
    .handle("activate", ({ params, payload }) =>
      Handle.asActor((actor) => campaigns.activate(actor, params.id, payload ?? {}), one)
    )
    .handle("pause", ({ params }) => Handle.asActor((actor) => campaigns.pause(actor, params.id), one))
    .handle("archive", ({ params }) => Handle.asActor((actor) => campaigns.archive(actor, params.id), one))
    .handle("restore", ({ params }) => Handle.asActor((actor) => campaigns.restore(actor, params.id), one))
    .handle("resolve", ({ params, payload }) =>
      Handle.asActor((actor) => campaigns.resolve(actor, params.id, payload), one)
    )
)
