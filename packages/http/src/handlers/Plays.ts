/**
 * Handlers of playing (`groups/Plays.ts`): the allowed origins, the client-token mint (API key), the
 * embed's start and finish (client token: handed to `Plays` as presented, the core verifies it) and
 * the entries of a campaign.
 *
 * @since 0.1.0
 */
import { AllowedOrigins, Entry, Pagination, Plays } from "@campaign-games/core"
import { TokenSigner } from "@campaign-games/core/play/ClientToken"
import { Effect, Layer } from "effect"
import { Redacted } from "effect"
import { Api } from "../Api.ts"
import { ClientTokenAuth, ClientTokenCredential } from "../groups/Plays.ts"
import * as Handle from "./Handle.ts"

const originView = (o: { id: string; origin: string; createdAt: import("effect").DateTime.Utc }) => ({
  id: o.id,
  origin: o.origin,
  createdAt: o.createdAt
})

export const AllowedOriginsHandlers = Handle.group(
  Api,
  "allowedOrigins",
  AllowedOrigins.AllowedOrigins,
  (handlers, origins) =>
    handlers
      .handle("create", ({ payload }) =>
        Handle.asActor(
          (actor) => origins.create(actor, payload),
          (o) => ({ allowedOrigin: originView(o) })
        )
      )
      .handle("list", ({ query }) =>
        Handle.list(query, Pagination.Defaults.allowedOrigins, "allowedOrigins", originView, (actor, page) =>
          origins.list(actor, page)
        )
      )
      .handle("delete", ({ params }) =>
        Handle.deleteAsActor((actor) => origins.delete(actor, params.originId), params.originId)
      )
)

export const TokensHandlers = Handle.group(Api, "tokens", Plays.Plays, (handlers, plays) =>
  handlers.handle("mint", ({ payload }) =>
    Handle.asActor(
      (actor) => plays.mint(actor, payload),
      (result) =>
        result._tag === "Token"
          ? { clientToken: result.clientToken, expiresAt: result.expiresAt, jti: result.jti }
          : { clientToken: null, betweenCampaigns: result.betweenCampaigns }
    )
  )
)

export const PlayHandlers = Handle.group(Api, "play", Plays.Plays, (handlers, plays) =>
  handlers
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
    .handle("flip", ({ params, payload }) =>
      ClientTokenCredential.use((token) => plays.flip(token, params.sessionId, payload.position))
    )
    .handle("finish", ({ params, payload }) =>
      ClientTokenCredential.use((token) => plays.finish(token, params.sessionId, payload ?? {})).pipe(
        Effect.map(({ entry, outcome, reward }) => ({ entry: Entry.view(entry), outcome, reward }))
      )
    )
)

export const EntriesHandlers = Handle.group(Api, "entries", Plays.Plays, (handlers, plays) =>
  handlers.handle("list", ({ params, query }) =>
    Handle.list(query, Pagination.Defaults.entries, "entries", Entry.view, (actor, page) =>
      plays.entries(
        actor,
        params.id,
        {
          search: Handle.search(query.search),
          sort: query.sort ?? "createdAt",
          dir: query.dir ?? "desc",
          eligible: query.eligible === undefined ? undefined : query.eligible === "true"
        },
        page
      )
    )
  )
)

/**
 * Hands the presented client token to the play handlers once its signature holds, so that a call
 * without a valid token answers 401 before its body or path is looked at (as the API keys' calls
 * do). The core verifies it again with the rest of its rules (expiry, with a finish's grace; a used
 * token): an HMAC over a few hundred bytes, a few microseconds a call.
 */
export const ClientTokenAuthLayer = Layer.effect(
  ClientTokenAuth,
  Effect.gen(function* () {
    const signer = yield* TokenSigner
    return ClientTokenAuth.of({
      clientToken: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        return Effect.andThen(signer.verify(token), Effect.provideService(httpEffect, ClientTokenCredential, token))
      }
    })
  })
)
