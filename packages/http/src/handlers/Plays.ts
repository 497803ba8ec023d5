/**
 * Handlers of playing (`groups/Plays.ts`): the allowed origins, the client-token mint (API key), the
 * embed's start and finish (client token: handed to `Plays` as presented, the core verifies it) and
 * the entries of a campaign.
 *
 * @since 0.1.0
 */
import { AllowedOrigins, Entry, Pagination, Plays } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { ClientTokenAuth, ClientTokenCredential } from "../groups/Plays.ts"
import { CurrentActor } from "../Security.ts"
import { Redacted } from "effect"

const originView = (o: { id: string; origin: string; createdAt: import("effect").DateTime.Utc }) => ({
  id: o.id,
  origin: o.origin,
  createdAt: o.createdAt
})

export const AllowedOriginsHandlers = HttpApiBuilder.group(
  Api,
  "allowedOrigins",
  Effect.fnUntraced(function* (handlers) {
    const origins = yield* AllowedOrigins.AllowedOrigins
    return handlers
      .handle("create", ({ payload }) =>
        CurrentActor.use((actor) => origins.create(actor, payload)).pipe(
          Effect.map((o) => ({ allowedOrigin: originView(o) }))
        )
      )
      .handle("list", ({ query }) =>
        CurrentActor.use((actor) =>
          origins.list(actor, Pagination.page(query, Pagination.Defaults.allowedOrigins.default))
        ).pipe(Effect.map(({ items, total }) => ({ allowedOrigins: items.map(originView), total })))
      )
      .handle("delete", ({ params }) =>
        CurrentActor.use((actor) => origins.delete(actor, params.originId)).pipe(
          Effect.as({ deleted: true, id: params.originId })
        )
      )
  })
)

export const TokensHandlers = HttpApiBuilder.group(
  Api,
  "tokens",
  Effect.fnUntraced(function* (handlers) {
    const plays = yield* Plays.Plays
    return handlers.handle("mint", ({ payload }) =>
      CurrentActor.use((actor) => plays.mint(actor, payload)).pipe(
        Effect.map((result) =>
          result._tag === "Token"
            ? { clientToken: result.clientToken, expiresAt: result.expiresAt, jti: result.jti }
            : { clientToken: null, betweenCampaigns: result.betweenCampaigns }
        )
      )
    )
  })
)

export const PlayHandlers = HttpApiBuilder.group(
  Api,
  "play",
  Effect.fnUntraced(function* (handlers) {
    const plays = yield* Plays.Plays
    return handlers
      .handle("start", () =>
        ClientTokenCredential.use((token) => plays.start(token)).pipe(
          Effect.map(({ session, campaign, game }) => ({
            session: {
              id: session.id,
              gameInstanceId: session.campaignId,
              gameSlug: campaign.gameSlug,
              participantRef: session.participantRef,
              startedAt: session.startedAt
            },
            game
          }))
        )
      )
      .handle("finish", ({ params, payload }) =>
        ClientTokenCredential.use((token) => plays.finish(token, params.sessionId, payload ?? {})).pipe(
          Effect.map(({ entry, outcome }) => ({ entry: Entry.view(entry), outcome, reward: null }))
        )
      )
  })
)

export const EntriesHandlers = HttpApiBuilder.group(
  Api,
  "entries",
  Effect.fnUntraced(function* (handlers) {
    const plays = yield* Plays.Plays
    return handlers.handle("list", ({ params, query }) =>
      CurrentActor.use((actor) =>
        plays.entries(
          actor,
          params.id,
          {
            search: query.search === undefined || query.search === "" ? undefined : query.search,
            sort: query.sort ?? "createdAt",
            dir: query.dir ?? "desc",
            eligible: query.eligible === undefined ? undefined : query.eligible === "true"
          },
          Pagination.page(query, Pagination.Defaults.entries.default)
        )
      ).pipe(Effect.map(({ items, total }) => ({ entries: items.map(Entry.view), total })))
    )
  })
)

/** Hands the presented client token to the play handlers; the core verifies it. */
export const ClientTokenAuthLayer = Layer.succeed(ClientTokenAuth, {
  clientToken: (httpEffect, { credential }) =>
    Effect.provideService(httpEffect, ClientTokenCredential, Redacted.value(credential))
})
