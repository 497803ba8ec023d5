/**
 * Handlers of the games catalogue and the campaign endpoints (`groups/Campaigns.ts`): each calls one
 * `Campaigns` use case as the calling key's actor and answers `{ gameInstance }` (or the list). The
 * core's failures are answered by the endpoints' error schemas (`ApiError`).
 *
 * @since 0.1.0
 */
import { Campaign, Campaigns, Pagination } from "@campaign-games/core"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"

const one = (campaign: Campaign.Campaign) => ({ gameInstance: Campaign.view(campaign) })

export const GamesHandlers = HttpApiBuilder.group(
  Api,
  "games",
  Effect.fnUntraced(function* (handlers) {
    const campaigns = yield* Campaigns.Campaigns
    return handlers.handle("list", () =>
      CurrentActor.use((actor) => campaigns.games(actor)).pipe(
        Effect.map((games) => ({
          games: games.map((game) => ({ ...game, configSchema: game.configSchema as Record<string, unknown> }))
        }))
      )
    )
  })
)

export const CampaignsHandlers = HttpApiBuilder.group(
  Api,
  "campaigns",
  Effect.fnUntraced(function* (handlers) {
    const campaigns = yield* Campaigns.Campaigns
    return handlers
      .handle("create", ({ payload }) =>
        CurrentActor.use((actor) => campaigns.create(actor, payload)).pipe(Effect.map(one))
      )
      .handle("list", ({ query }) =>
        CurrentActor.use((actor) =>
          campaigns.list(
            actor,
            { channelId: query.channelId, status: query.status },
            Pagination.page(query, Pagination.Defaults.campaigns.default)
          )
        ).pipe(Effect.map(({ items, total }) => ({ gameInstances: items.map(Campaign.view), total })))
      )
      .handle("get", ({ params }) => CurrentActor.use((actor) => campaigns.get(actor, params.id)).pipe(Effect.map(one)))
      .handle("update", ({ params, payload }) =>
        CurrentActor.use((actor) => campaigns.update(actor, params.id, payload)).pipe(Effect.map(one))
      )
      .handle("delete", ({ params }) =>
        CurrentActor.use((actor) => campaigns.delete(actor, params.id)).pipe(
          Effect.as({ deleted: true, id: params.id })
        )
      )
      .handle("activate", ({ params, payload }) =>
        CurrentActor.use((actor) => campaigns.activate(actor, params.id, payload ?? {})).pipe(Effect.map(one))
      )
      .handle("pause", ({ params }) =>
        CurrentActor.use((actor) => campaigns.pause(actor, params.id)).pipe(Effect.map(one))
      )
      .handle("archive", ({ params }) =>
        CurrentActor.use((actor) => campaigns.archive(actor, params.id)).pipe(Effect.map(one))
      )
      .handle("restore", ({ params }) =>
        CurrentActor.use((actor) => campaigns.restore(actor, params.id)).pipe(Effect.map(one))
      )
      .handle("resolve", ({ params, payload }) =>
        CurrentActor.use((actor) => campaigns.resolve(actor, params.id, payload)).pipe(Effect.map(one))
      )
  })
)
