/**
 * The three calls of every play (mint a client token, start, finish) served in one step each, ahead
 * of `HttpApiBuilder`'s generic pipeline, when the request is the plain case: no `Idempotency-Key`,
 * a bearer credential, a JSON body that the API's strict input rules and the endpoint's schema take
 * as it is. The answer is the one the API's own handler makes, byte for byte: the same use case
 * (`Plays`), the same views and schemas (`handlers/Plays.ts`, `groups/Plays.ts`), the same error
 * table (`ApiError.answer`), the mint's rate limit by the same middleware (`RateLimit`). Whatever
 * is not the plain case (a bad token, a refused key, a body or path the API refuses, a key to keep
 * the answer under) is handed to the pipeline untouched before anything is written, so every 400 and
 * 401 keeps its one source. The request's body is read once: the request caches its bytes for the
 * pipeline (as `IdempotencyKeys` relies on too).
 *
 * Why a lane of its own: a play is three calls, and what campaigns on TV pay for is plays a second
 * per core. The pipeline runs a chain of middlewares (security, permission, strict input, rate
 * limit, common errors) and decodes the path and body and encodes the answer through effects of
 * their own; `bench/play-overhead.ts` measured the lane at about 40 µs less CPU a call
 * (docs/performance.md). It is a global router middleware under `Observability`, so its answers
 * carry the request id, are counted by route and logged like every other. It runs the use cases in
 * the request's context, not under the routes' own as `HttpApiBuilder` does (copying that context
 * into every request's cost about 4 % of the server's CPU a play, `bench/plays.ts`): the engine
 * and its references belong in the server's context (`Server.routes`, `Server.toWebHandler`).
 *
 * @since 0.1.0
 */
import { Actor, ApiKeys, ClientToken, Plays } from "@campaign-games/core"
import { Context, Effect, type Exit, Schema } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { HttpApiGroup } from "effect/http-api"
import { Api } from "./Api.ts"
import * as ApiError from "./ApiError.ts"
import * as ErrorBoundary from "./ErrorBoundary.ts"
import { FinishedView, NothingLive, StartedView, TokenMinted } from "./groups/Plays.ts"
import { finishedView, mintedView, startedView } from "./handlers/Plays.ts"
import * as IdempotencyKeys from "./IdempotencyKeys.ts"
import * as Observability from "./Observability.ts"
import * as RateLimit from "./RateLimit.ts"
import { CurrentActor, RequiredPermissions } from "./Security.ts"
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
const encodeFinished = Schema.encodeUnknownExit(FinishedView)
const encodeMinted = Schema.encodeUnknownExit(TokenMinted)
const encodeNothingLive = Schema.encodeUnknownExit(NothingLive)
const decodeMintRequest = Schema.decodeUnknownExit(ClientToken.MintRequest)

/** The credential of `Authorization: Bearer <credential>` as sent by clients, else undefined. */
const bearerOf = (header: string | undefined): string | undefined =>
  header !== undefined && header.length > 7 && header.startsWith("Bearer ") && header.charCodeAt(7) !== 32
    ? header.slice(7)
    : undefined

/** Whether the request's Content-Type is what the lane takes: `application/json`, perhaps with its UTF-8 charset. */
const isPlainJsonType = (type: string | undefined): boolean =>
  type === "application/json" || (type !== undefined && StrictInput.isJsonContentType(type))

/** Whether the request announces no body at all. */
const hasNoBody = (headers: Readonly<Record<string, string | undefined>>): boolean =>
  headers["transfer-encoding"] === undefined &&
  (headers["content-length"] === undefined || headers["content-length"] === "0")

/** A JSON answer as `HttpApiBuilder` sends one (`JSON.stringify`, `application/json`). */
const json = (status: number, body: unknown) =>
  HttpServerResponse.text(JSON.stringify(body), { status, contentType: "application/json" })

/** The API's answer to a use case's failure (`ApiError.answer`); a store failure or a defect as the error boundary says it. */
const answerFailure = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.catchCause(self, (cause) => {
    for (const reason of cause.reasons)
      if (reason._tag === "Fail" && ApiError.isAnswerable(reason.error)) {
        const { body, status } = ApiError.answer(reason.error)
        return Effect.succeed(json(status, body))
      }
    return ErrorBoundary.renderCause(cause)
  })

/** An encoded answer, or a defect: the view is made from the use case's own result, its schema cannot refuse it. */
const encoded = <A>(exit: Exit.Exit<A, Schema.SchemaError>): Effect.Effect<A> =>
  exit._tag === "Success" ? Effect.succeed(exit.value) : Effect.die(exit.cause)

/** The route templates the router gives these operations, for the metrics and log lines (`Observability`). */
const routeOf = (group: keyof typeof Api.groups, endpoint: string): string =>
  (Api.groups[group].endpoints as Record<string, { readonly path: string }>)[endpoint]!.path

/** The API's generic pipeline: what the lane hands a request on to when it is not the plain case. */
type Pipeline = Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>

/** The body of a mint, as the lane reads it before acting. */
class MintInput extends Context.Service<MintInput, ClientToken.MintRequest>()(
  "@campaign-games/http/PlayLane/MintInput"
) {}

/** The global middleware: needs `Plays`, `ApiKeys`, `TokenSigner` and the `RateLimit` middleware. */
export const layer = HttpRouter.middleware(
  Effect.gen(function* () {
    const plays = yield* Plays.Plays
    const keys = yield* ApiKeys.ApiKeys
    const signer = yield* ClientToken.TokenSigner
    const rateLimit = yield* RateLimit.RateLimit
    const routes = {
      mint: routeOf("tokens", "mint"),
      start: routeOf("play", "start"),
      finish: routeOf("play", "finish")
    }

    // The mint once its key is known: counted by the endpoint's own rate limit middleware, built once.
    const mintEndpoint = Api.groups.tokens.endpoints.mint
    const mintPermissions = Context.getOrUndefined(mintEndpoint.annotations, RequiredPermissions) ?? []
    // The middleware's signature knows only what the pipeline provides; the lane provides the actor
    // and the body around the whole (`mint`), so the inner effect's requirements are met at run time.
    const minted = rateLimit(
      Effect.gen(function* () {
        const actor = yield* CurrentActor
        const input = yield* MintInput
        const result = yield* plays.mint(actor, input)
        const view = mintedView(result)
        return view.clientToken === null
          ? json(200, yield* encoded(encodeNothingLive(view, successOptions)))
          : json(201, yield* encoded(encodeMinted(view, successOptions)))
      }).pipe(answerFailure) as Effect.Effect<HttpServerResponse.HttpServerResponse>,
      { endpoint: mintEndpoint, group: Api.groups.tokens as unknown as HttpApiGroup.Top }
    ).pipe(answerFailure)

    /**
     * The JSON value of the request's body when the API would take it as it is (a JSON content type,
     * a body `StrictInput.plainJson` takes), else undefined.
     */
    const bodyOf = (request: HttpServerRequest.HttpServerRequest) =>
      isPlainJsonType(request.headers["content-type"])
        ? request.arrayBuffer.pipe(
            Effect.provideService(HttpIncomingMessage.MaxBodySize, ErrorBoundary.MAX_JSON_BODY),
            Effect.map(StrictInput.plainJson),
            Effect.orElseSucceed(() => undefined)
          )
        : Effect.undefined

    const mint = (request: HttpServerRequest.HttpServerRequest, credential: string, pipeline: Pipeline) =>
      Effect.gen(function* () {
        const body = yield* bodyOf(request)
        if (body === undefined) return yield* pipeline
        const input = decodeMintRequest(body.value, payloadOptions)
        if (input._tag === "Failure") return yield* pipeline
        const actor = yield* Effect.option(keys.authenticateRecent(credential))
        if (actor._tag === "None") return yield* pipeline
        if (!Actor.has(actor.value, ...mintPermissions)) return yield* pipeline
        yield* Observability.setRoute(routes.mint)
        yield* Observability.setAccount(actor.value.account.id)
        return yield* minted.pipe(
          Effect.provideService(CurrentActor, actor.value),
          Effect.provideService(MintInput, input.value)
        )
      })

    /**
     * A play call whose body the lane takes: its client token verified (else the pipeline answers,
     * 401), the route and the account recorded, then `answer` run, its failures answered.
     */
    const asPlayer = (
      credential: string,
      route: string,
      pipeline: Pipeline,
      answer: () => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown>
    ) =>
      Effect.gen(function* () {
        const claims = yield* Effect.option(signer.verify(credential))
        if (claims._tag === "None") return yield* pipeline
        yield* Observability.setRoute(route)
        yield* Observability.setAccount(claims.value.acc)
        return yield* answerFailure(answer())
      })

    const start = (request: HttpServerRequest.HttpServerRequest, credential: string, pipeline: Pipeline) =>
      Effect.gen(function* () {
        if (!hasNoBody(request.headers)) {
          // `{}` or `null` is the same as no body; anything else is the pipeline's to answer.
          const body = yield* bodyOf(request)
          if (body === undefined || !isEmptyBody(body.value)) return yield* pipeline
        }
        return yield* asPlayer(credential, routes.start, pipeline, () =>
          plays.start(credential).pipe(
            Effect.flatMap((started) => encoded(encodeStarted(startedView(started), successOptions))),
            Effect.map((answer) => json(201, answer))
          )
        )
      })

    const finish = (
      request: HttpServerRequest.HttpServerRequest,
      credential: string,
      sessionId: string,
      pipeline: Pipeline
    ) =>
      Effect.gen(function* () {
        const body = yield* bodyOf(request)
        if (body === undefined || !isFinishBody(body.value)) return yield* pipeline
        return yield* asPlayer(credential, routes.finish, pipeline, () =>
          plays.finish(credential, sessionId, body.value ?? {}).pipe(
            Effect.flatMap((finished) => encoded(encodeFinished(finishedView(finished), successOptions))),
            Effect.map((answer) => json(200, answer))
          )
        )
      })

    return (pipeline) =>
      Effect.flatMap(Effect.service(HttpServerRequest.HttpServerRequest), (request) => {
        if (request.method !== "POST" || request.headers[IdempotencyKeys.HEADER] !== undefined) return pipeline
        const url = request.url
        const credential = bearerOf(request.headers.authorization)
        if (credential === undefined) return pipeline
        if (url === START) return start(request, credential, pipeline)
        if (url === MINT) return mint(request, credential, pipeline)
        if (url.startsWith(FINISH_PREFIX) && url.endsWith(FINISH_SUFFIX)) {
          const sessionId = url.slice(FINISH_PREFIX.length, url.length - FINISH_SUFFIX.length)
          if (PLAIN_ID.test(sessionId)) return finish(request, credential, sessionId, pipeline)
        }
        return pipeline
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
