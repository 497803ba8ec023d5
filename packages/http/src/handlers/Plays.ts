/**
 * Handlers of playing (`groups/Plays.ts`): the allowed origins, the client-token mint (API key), the
 * embed's start and finish (client token: handed to `Plays` as presented, the core verifies it) and
 * the entries of a campaign.
 *
 * @since 0.1.0
 */
import { AllowedOrigins, ClientToken, Entry, Errors, type Idempotency, Pagination, Plays } from "@campaign-games/core"
import { Effect, Layer, Schema } from "effect"
import { Redacted } from "effect"
import { Api } from "../Api.ts"
import {
  ClientTokenAuth,
  ClientTokenCredential,
  FinishedView,
  NothingLive,
  StartedView,
  TokenMinted
} from "../groups/Plays.ts"
import * as IdempotencyKeys from "../IdempotencyKeys.ts"
import * as Observability from "../Observability.ts"
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

/** The answer of a mint (`TokenMinted`, or `NothingLive` when no campaign is live). */
export const mintedView = (result: Plays.MintResult): typeof TokenMinted.Type | typeof NothingLive.Type =>
  result._tag === "Token"
    ? { clientToken: result.clientToken, expiresAt: result.expiresAt, jti: result.jti }
    : { clientToken: null, betweenCampaigns: result.betweenCampaigns }

export const TokensHandlers = Handle.group(Api, "tokens", Plays.Plays, (handlers, plays) =>
  handlers.handle("mint", ({ payload }) => Handle.asActor((actor) => plays.mint(actor, payload), mintedView))
)

/** The answer of a start (`StartedView`). */
export const startedView = ({ session, campaign, game }: Plays.Started): typeof StartedView.Type => ({
  session: {
    id: session.id,
    gameInstanceId: session.campaignId,
    gameSlug: campaign.gameSlug,
    participantRef: session.participantRef,
    startedAt: session.startedAt
  },
  game
})

/** The answer of a finish (`FinishedView`). */
export const finishedView = ({ entry, outcome, reward }: Plays.Finished) => ({
  entry: Entry.view(entry),
  outcome,
  reward
})

/**
 * The answer `view` makes of a result, as the API sends it (`status`, the JSON of `schema`'s
 * encoding), for `IdempotencyKeys.KeepUnderKey`.
 */
const answerOf =
  <A, I>(status: number, schema: Schema.Codec<I, unknown>, view: (result: A) => I) =>
  (result: A): Effect.Effect<Idempotency.Answer, Errors.StoreError> =>
    Schema.encodeEffect(schema)(view(result)).pipe(
      Effect.map((encoded) => ({
        status,
        contentType: "application/json",
        headers: {},
        body: JSON.stringify(encoded)
      })),
      Effect.mapError((error) => new Errors.StoreError({ message: `The answer could not be kept: ${error.message}` }))
    )

const startedAnswer = answerOf(201, StartedView, startedView)
const finishedAnswer = answerOf(200, FinishedView, finishedView)

/**
 * `self` with its play's answer kept in the play's transaction (core `Plays.KeepAnswer`) when the
 * request carries an Idempotency-Key (`IdempotencyKeys.KeepUnderKey`).
 */
const keepingAnswer = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.service(IdempotencyKeys.KeepUnderKey), (keep) =>
    keep === undefined
      ? self
      : Effect.provideService(self, Plays.KeepAnswer, {
          started: (started) => Effect.flatMap(startedAnswer(started), keep),
          finished: (finished) => Effect.flatMap(finishedAnswer(finished), keep)
        })
  )

export const PlayHandlers = Handle.group(Api, "play", Plays.Plays, (handlers, plays) =>
  handlers
    .handle("start", () =>
      ClientTokenCredential.use((token) => keepingAnswer(plays.start(token))).pipe(Effect.map(startedView))
    )
    .handle("flip", ({ params, payload }) =>
      ClientTokenCredential.use((token) => plays.flip(token, params.sessionId, payload.position))
    )
    .handle("finish", ({ params, payload }) =>
      ClientTokenCredential.use((token) => keepingAnswer(plays.finish(token, params.sessionId, payload ?? {}))).pipe(
        Effect.map(finishedView)
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
    const signer = yield* ClientToken.TokenSigner
    return ClientTokenAuth.of({
      clientToken: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        return signer.verify(token).pipe(
          Effect.tap((claims) => Observability.setAccount(claims.acc)),
          Effect.andThen(Effect.provideService(httpEffect, ClientTokenCredential, token))
        )
      }
    })
  })
)
