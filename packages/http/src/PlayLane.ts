/**
 * The three calls of every play (mint a client token, start, finish) served in one step each, ahead
 * of `HttpApiBuilder`'s generic pipeline, when the request is the plain case: no `Idempotency-Key`,
 * a bearer credential, a JSON body that the API's strict input rules and the endpoint's schema take
 * as it is. The answer is the one the API's own handler makes, byte for byte: the same use case
 * (`Plays`), the same views and schemas (`handlers/Plays.ts`, `groups/Plays.ts`), the same error
 * table (`ApiError.answer`), the mint's rate limit counted by the same policies (`RateLimit`).
 * Whatever is not the plain case (a bad token, a refused key, a body or path the API refuses, a key
 * to keep the answer under) is handed to the pipeline untouched before anything is written, so every
 * 400 and 401 keeps its one source.
 *
 * Why a lane of its own: a play is three calls, and what campaigns on TV pay for is plays a second
 * per core. The pipeline runs a chain of middlewares (security, permission, strict input, rate
 * limit, common errors) and decodes the path and body and encodes the answer through effects of
 * their own; `bench/play-overhead.ts` measured the lane at about 40 µs less CPU a call
 * (docs/performance.md).
 *
 * The lane itself (`make`) knows nothing of the transport: it takes a call as `match` reads it from
 * the request line and headers, and the body's JSON, and gives an `Answer` (or hands it on). It is
 * served two ways:
 *
 * - `layer`, a global router middleware under `Observability`, for the routes wherever they are
 *   served (`Server.routes`, `Server.toWebHandler`). It runs the use cases in the request's context,
 *   not under the routes' own as `HttpApiBuilder` does (copying that context into every request
 *   cost about 4 % of the server's CPU a play, `bench/plays.ts`): the engine and its references
 *   belong in the server's context.
 * - `NodePlayLane`, ahead of the effect HTTP server on Node's own `request` event (the reference
 *   server), which also leaves out the HTTP server's request and response objects and the router.
 *
 * @since 0.1.0
 */
import { Actor, ApiKeys, ClientToken, Plays } from "@campaign-games/core"
import { Context, Effect, type Exit, Schema } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { RateLimiter } from "effect/persistence"
import { Api } from "./Api.ts"
import * as ApiError from "./ApiError.ts"
import * as ErrorBoundary from "./ErrorBoundary.ts"
import { FinishedView, NothingLive, StartedView, TokenMinted } from "./groups/Plays.ts"
import { finishedView, mintedView, startedView } from "./handlers/Plays.ts"
import * as IdempotencyKeys from "./IdempotencyKeys.ts"
import * as Observability from "./Observability.ts"
import * as RateLimit from "./RateLimit.ts"
import { RequiredPermissions } from "./Security.ts"
import * as StrictInput from "./StrictInput.ts"

const MINT = "/v1/auth/session-tokens"
const START = "/v1/play/sessions"
const FINISH_PREFIX = "/v1/play/sessions/"
const FINISH_SUFFIX = "/finish"

/**
 * A session id the lane takes from the path as it is: the characters of the ids the engine makes,
 * so that nothing needs decoding. Any other (percent-encoded, odd) goes to the pipeline, which
 * decodes and checks it.
 */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,128}$/u

// The encoders of the answers, made once with the API's parse options (`Api.ts`).
const successOptions = { errors: "all", onExcessProperty: "ignore" } as const
const payloadOptions = { errors: "all", onExcessProperty: "error" } as const
const encodeStarted = Schema.encodeUnknownExit(StartedView)
const encodeStartedSession = Schema.encodeUnknownExit(StartedView.fields.session)
const encodeStartedGame = Schema.encodeUnknownExit(StartedView.fields.game)
const encodeFinished = Schema.encodeUnknownExit(FinishedView)
const encodeMinted = Schema.encodeUnknownExit(TokenMinted)
const encodeNothingLive = Schema.encodeUnknownExit(NothingLive)
const decodeMintRequest = Schema.decodeUnknownExit(ClientToken.MintRequest)

/** The headers of a request, as Node and effect's HTTP server both give them (names in lower case). */
export type RequestHeaders = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** A header's single value; undefined when absent or repeated. */
const single = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name]
  return typeof value === "string" ? value : undefined
}

/** The credential of `Authorization: Bearer <credential>` as sent by clients, else undefined. */
const bearerOf = (header: string | undefined): string | undefined =>
  header !== undefined && header.length > 7 && header.startsWith("Bearer ") && header.charCodeAt(7) !== 32
    ? header.slice(7)
    : undefined

/** Whether the request's Content-Type is what the lane takes: `application/json`, perhaps with its UTF-8 charset. */
const isPlainJsonType = (type: string | undefined): boolean =>
  type === "application/json" || (type !== undefined && StrictInput.isJsonContentType(type))

/**
 * A play call the lane may serve, as read from the request line and headers alone: which call, the
 * bearer credential, the session id of a finish, and whether a body is to be read (`body: "json"`:
 * a JSON body, which the lane reads and checks with `StrictInput.plainJson`; `"none"`: the request
 * announces none, a start).
 */
export interface Call {
  readonly _tag: "mint" | "start" | "finish"
  readonly credential: string
  readonly sessionId: string
  readonly body: "json" | "none"
}

/**
 * The call a request is, when it is a play call in its plain form (the `POST`, the exact path, no
 * `Idempotency-Key`, `Authorization: Bearer`, a JSON body or, for a start, none); else undefined,
 * and the request is the pipeline's.
 */
export const match = (method: string, url: string, headers: RequestHeaders): Call | undefined => {
  if (method !== "POST" || headers[IdempotencyKeys.HEADER] !== undefined) return undefined
  const credential = bearerOf(single(headers, "authorization"))
  if (credential === undefined) return undefined
  const json = isPlainJsonType(single(headers, "content-type"))
  if (url === START) {
    // No body at all is a start's usual form; a body of another type is the pipeline's to refuse.
    const none = headers["transfer-encoding"] === undefined && (headers["content-length"] ?? "0") === "0"
    return none || json ? { _tag: "start", credential, sessionId: "", body: none ? "none" : "json" } : undefined
  }
  if (!json) return undefined
  if (url === MINT) return { _tag: "mint", credential, sessionId: "", body: "json" }
  if (url.startsWith(FINISH_PREFIX) && url.endsWith(FINISH_SUFFIX)) {
    const sessionId = url.slice(FINISH_PREFIX.length, url.length - FINISH_SUFFIX.length)
    if (PLAIN_ID.test(sessionId)) return { _tag: "finish", credential, sessionId, body: "json" }
  }
  return undefined
}

/**
 * The lane's answer to a call: the status, the JSON text of the body (`application/json`), the
 * headers besides (the mint's `X-RateLimit-*`), and what the request's metrics and log line record
 * (`Observability`): the route's template and the account the call acted for.
 */
export interface Answer {
  readonly status: number
  readonly body: string
  readonly headers: Readonly<Record<string, string>> | undefined
  readonly route: string
  readonly accountId: string | undefined
}

/**
 * The lane: `serve` answers a call with the JSON value of its body (`undefined` when it has none, or
 * when the body is not one `StrictInput.plainJson` takes), or succeeds with `undefined` to hand the
 * request to the pipeline, having written nothing.
 */
export interface Lane {
  readonly serve: (call: Call, body: { readonly value: unknown } | undefined) => Effect.Effect<Answer | undefined>
}

/** The route templates the router gives these operations, for the metrics and log lines (`Observability`). */
const routeOf = (group: keyof typeof Api.groups, endpoint: string): string =>
  (Api.groups[group].endpoints as Record<string, { readonly path: string }>)[endpoint]!.path

/** The route template of each call, as the router names it. */
export const routes: { readonly [K in Call["_tag"]]: string } = {
  mint: routeOf("tokens", "mint"),
  start: routeOf("play", "start"),
  finish: routeOf("play", "finish")
}

const utf8 = new TextDecoder()

/** The status and JSON text of an answer made by the error boundary (`ErrorBoundary.renderCause`: JSON bytes). */
const textOf = (response: HttpServerResponse.HttpServerResponse): { status: number; body: string } => ({
  status: response.status,
  body: response.body._tag === "Uint8Array" ? utf8.decode(response.body.body) : ""
})

/** An encoded answer, or a defect: the view is made from the use case's own result, its schema cannot refuse it. */
const encoded = <A>(exit: Exit.Exit<A, Schema.SchemaError>): Effect.Effect<A> =>
  exit._tag === "Success" ? Effect.succeed(exit.value) : Effect.die(exit.cause)

/** Builds the lane over the engine's `Plays`, `ApiKeys` and `TokenSigner` and the rate limits' `RateLimiter`. */
export const make: Effect.Effect<
  Lane,
  never,
  Plays.Plays | ApiKeys.ApiKeys | ClientToken.TokenSigner | RateLimiter.RateLimiter
> = Effect.gen(function* () {
  const plays = yield* Plays.Plays
  const keys = yield* ApiKeys.ApiKeys
  const signer = yield* ClientToken.TokenSigner
  const limiter = yield* RateLimiter.RateLimiter
  const mintEndpoint = Api.groups.tokens.endpoints.mint
  const mintPermissions = Context.getOrUndefined(mintEndpoint.annotations, RequiredPermissions) ?? []
  // The mint's rate limit: the endpoint's own policies, counted as the middleware counts them.
  const countMint = RateLimit.counter(limiter, Context.getOrUndefined(mintEndpoint.annotations, RateLimit.Policies))

  /**
   * `self`'s answer, or the API's answer to its failure (`ApiError.answer`; a store failure or a
   * defect as the error boundary says it), each with `headers`.
   */
  const answering = (
    route: string,
    accountId: string,
    headers: Readonly<Record<string, string>> | undefined,
    self: Effect.Effect<{ readonly status: number; readonly body: string }, unknown>
  ): Effect.Effect<Answer> =>
    self.pipe(
      Effect.catchCause((cause) => {
        for (const reason of cause.reasons)
          if (reason._tag === "Fail" && ApiError.isAnswerable(reason.error)) {
            const { body, status } = ApiError.answer(reason.error)
            return Effect.succeed({ status, body: JSON.stringify(body) })
          }
        return Effect.map(ErrorBoundary.renderCause(cause), textOf)
      }),
      Effect.map(({ body, status }) => ({ status, body, headers, route, accountId }))
    )

  const mint = (credential: string, body: { readonly value: unknown } | undefined) =>
    Effect.gen(function* () {
      if (body === undefined) return undefined
      const input = decodeMintRequest(body.value, payloadOptions)
      if (input._tag === "Failure") return undefined
      const found = yield* Effect.option(keys.authenticateRecent(credential))
      if (found._tag === "None" || !Actor.has(found.value, ...mintPermissions)) return undefined
      const actor = found.value
      const accountId = actor.account.id
      const minted = Effect.gen(function* () {
        const view = mintedView(yield* plays.mint(actor, input.value))
        return view.clientToken === null
          ? { status: 200, body: JSON.stringify(yield* encoded(encodeNothingLive(view, successOptions))) }
          : { status: 201, body: JSON.stringify(yield* encoded(encodeMinted(view, successOptions))) }
      })
      if (countMint === undefined) return yield* answering(routes.mint, accountId, undefined, minted)
      // Counted first: every answer after the count carries its headers, a 429 its own.
      return yield* Effect.matchEffect(countMint(actor.keyId ?? accountId), {
        onFailure: (error) =>
          answering(
            routes.mint,
            accountId,
            error._tag === "TooManyRequests" ? RateLimit.refusedHeaders(error) : undefined,
            Effect.fail(error)
          ),
        onSuccess: (headers) => answering(routes.mint, accountId, headers, minted)
      })
    })

  /** A play call with a verified client token (else the pipeline answers, 401), `run` answering it. */
  const asPlayer = (
    credential: string,
    route: string,
    run: () => Effect.Effect<{ status: number; body: string }, unknown>
  ) =>
    Effect.flatMap(Effect.option(signer.verify(credential)), (claims) =>
      claims._tag === "None" ? Effect.undefined : answering(route, claims.value.acc, undefined, run())
    )

  /**
   * The JSON text of the game's part of start answers, by the player's view `Plays` made: it hands
   * the starts of a campaign the same view while nothing of it changed, and its encoding (the
   * config and the theme through their schemas, then to text) is the same too. Measured with
   * `bench/play-overhead.ts`: about 5 µs of a start's CPU.
   */
  const gameTexts = new WeakMap<object, string>()
  const startedText = (started: Plays.Started): Effect.Effect<string> => {
    const view = startedView(started)
    // A dealt board is the session's own: that answer is encoded whole.
    if (view.game.board !== undefined)
      return Effect.map(encoded(encodeStarted(view, successOptions)), (answer) => JSON.stringify(answer))
    let game = gameTexts.get(started.game)
    if (game === undefined) {
      const exit = encodeStartedGame(view.game, successOptions)
      if (exit._tag === "Failure") return Effect.die(exit.cause)
      game = JSON.stringify(exit.value)
      gameTexts.set(started.game, game)
    }
    const gameText = game
    // `JSON.stringify` of the whole answer, `{ session, game }`, writes the same text.
    return Effect.map(
      encoded(encodeStartedSession(view.session, successOptions)),
      (session) => `{"session":${JSON.stringify(session)},"game":${gameText}}`
    )
  }

  const start = (credential: string, body: { readonly value: unknown } | undefined, bodyless: boolean) =>
    // `{}` or `null` is the same as no body; anything else is the pipeline's to answer.
    !bodyless && (body === undefined || !isEmptyBody(body.value))
      ? Effect.undefined
      : asPlayer(credential, routes.start, () =>
          plays.start(credential).pipe(
            Effect.flatMap(startedText),
            Effect.map((body) => ({ status: 201, body }))
          )
        )

  const finish = (credential: string, sessionId: string, body: { readonly value: unknown } | undefined) =>
    body === undefined || !isFinishBody(body.value)
      ? Effect.undefined
      : asPlayer(credential, routes.finish, () =>
          plays.finish(credential, sessionId, body.value ?? {}).pipe(
            Effect.flatMap((finished) => encoded(encodeFinished(finishedView(finished), successOptions))),
            Effect.map((answer) => ({ status: 200, body: JSON.stringify(answer) }))
          )
        )

  return {
    serve: (call, body) =>
      call._tag === "mint"
        ? mint(call.credential, body)
        : call._tag === "start"
          ? start(call.credential, body, call.body === "none")
          : finish(call.credential, call.sessionId, body)
  }
})

/** The API's generic pipeline: what the lane hands a request on to when it is not the plain case. */
type Pipeline = Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>

/**
 * The global router middleware: needs `Plays`, `ApiKeys`, `TokenSigner` and a `RateLimiter`. The
 * body is read once: the request caches its bytes for the pipeline (as `IdempotencyKeys` relies on
 * too).
 */
export const layer = HttpRouter.middleware(
  Effect.gen(function* () {
    const lane = yield* make

    /** The JSON value of the request's body when `StrictInput.plainJson` takes it, else undefined. */
    const bodyOf = (request: HttpServerRequest.HttpServerRequest) =>
      request.arrayBuffer.pipe(
        Effect.provideService(HttpIncomingMessage.MaxBodySize, ErrorBoundary.MAX_JSON_BODY),
        Effect.map(StrictInput.plainJson),
        Effect.orElseSucceed(() => undefined)
      )

    const serve = (request: HttpServerRequest.HttpServerRequest, call: Call, pipeline: Pipeline) =>
      Effect.gen(function* () {
        const body = call.body === "none" ? undefined : yield* bodyOf(request)
        const answer = yield* lane.serve(call, body)
        if (answer === undefined) return yield* pipeline
        yield* Observability.setRoute(answer.route)
        if (answer.accountId !== undefined) yield* Observability.setAccount(answer.accountId)
        return HttpServerResponse.text(answer.body, {
          status: answer.status,
          contentType: "application/json",
          headers: answer.headers
        })
      })

    return (pipeline) =>
      Effect.flatMap(Effect.service(HttpServerRequest.HttpServerRequest), (request) => {
        const call = match(request.method, request.url, request.headers)
        return call === undefined ? pipeline : serve(request, call, pipeline)
      }) as typeof pipeline
  }),
  { global: true }
)

/** A start's body the API takes as none: `{}` or `null`. */
const isEmptyBody = (value: unknown): boolean =>
  value === null || (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0)

/** A finish's body the endpoint's schema takes (`Record<string, unknown> | null`): an object or null. */
const isFinishBody = (value: unknown): value is Record<string, unknown> | null =>
  value === null || (typeof value === "object" && !Array.isArray(value))
