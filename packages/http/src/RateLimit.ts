/**
 * Rate limiting per API key and operation over a fixed window, on effect's `RateLimiter` (memory
 * store in one process; the Redis store shares counts between instances). A limited operation is
 * annotated with `RateLimit.policy`; every answer it gives carries `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining`, and a 429 `rate_limited` carries `Retry-After` (integer seconds).
 *
 * @since 0.1.0
 */
import { Errors } from "@campaign-games/core"
import { Context, Duration, Effect, Layer } from "effect"
import { HttpEffect, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiMiddleware } from "effect/http-api"
import { RateLimiter } from "effect/persistence"
import * as ApiError from "./ApiError.ts"
import { CurrentActor } from "./Security.ts"

/** One limit: `limit` requests per `window`, counted under `name` (one counter per key and name). */
export interface Policy {
  readonly name: string
  readonly limit: number
  readonly window: Duration.Input
}

/** Endpoint annotation naming the policies that apply to it (all must pass). */
export class Policies extends Context.Service<Policies, ReadonlyArray<Policy>>()(
  "@campaign-games/http/RateLimit/Policies"
) {}

/** The middleware; endpoints without `Policies` pass through untouched. */
export class RateLimit extends HttpApiMiddleware.Service<RateLimit, { requires: CurrentActor }>()(
  "@campaign-games/http/RateLimit",
  { error: [ApiError.RateLimited, ApiError.StoreUnavailable] }
) {}

const setHeaders = (headers: Record<string, string>) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeaders(response, headers))
  )

/** The headers of a request a window refused: its limit, none remaining, and when to retry. */
export const refusedHeaders = (error: ApiError.TooManyRequests): Record<string, string> => ({
  "x-ratelimit-limit": String(error.limit),
  "x-ratelimit-remaining": "0",
  "retry-after": String(error.retryAfterSeconds)
})

/** The 429 of `policy`'s window (`windowText`), full for `retryAfter` more. */
const tooMany = (policy: Policy, windowText: string, retryAfter: Duration.Duration) =>
  new ApiError.TooManyRequests({
    limit: policy.limit,
    window: windowText,
    retryAfterSeconds: Math.max(1, Math.ceil(Duration.toSeconds(retryAfter)))
  })

/**
 * One count of `subject` in `policy`'s fixed window (`tokens` taken, 1 unless a peek): the
 * limiter's result, or the 429 once the window is full, or a `StoreError` when its store fails.
 */
const countIn = (
  limiter: RateLimiter.RateLimiter,
  policy: Policy,
  window: Duration.Duration,
  windowText: string,
  subject: string,
  tokens: 0 | 1 = 1
) =>
  limiter
    .consume({
      algorithm: "fixed-window",
      onExceeded: "fail",
      window,
      limit: policy.limit,
      key: `${policy.name}:${subject}`,
      tokens
    })
    .pipe(
      Effect.catch((error): Effect.Effect<never, ApiError.TooManyRequests | Errors.StoreError> =>
        Effect.fail(
          error.reason._tag === "RateLimitExceeded"
            ? tooMany(policy, windowText, error.reason.retryAfter)
            : new Errors.StoreError({ message: "rate limiter store failed", cause: error })
        )
      )
    )

/**
 * What counts one request of a subject (an API key, else an account) against an endpoint's
 * policies: the headers every answer to it carries (the first policy's count), or the 429 of the
 * first policy whose window is full (its headers are `refusedHeaders`).
 */
export type Counter = (
  subject: string
) => Effect.Effect<Record<string, string>, ApiError.TooManyRequests | Errors.StoreError>

/**
 * The counter of `policies` over `limiter`, their windows read once; undefined when there are none.
 * The middleware counts with it, and so does the play calls' lane (`PlayLane`).
 */
export const counter = (
  limiter: RateLimiter.RateLimiter,
  policies: ReadonlyArray<Policy> | undefined
): Counter | undefined => {
  if (policies === undefined || policies.length === 0) return undefined
  const checks = policies.map((policy) => {
    const window = Duration.fromInputUnsafe(policy.window)
    return { policy, window, windowText: Duration.format(window) }
  })
  return (subject) => {
    // The first policy's count is the one the X-RateLimit-* headers report.
    const consume = ({ policy, window, windowText }: (typeof checks)[number]) =>
      countIn(limiter, policy, window, windowText, subject)
    let counted = consume(checks[0]!)
    for (let i = 1; i < checks.length; i++) {
      const check = checks[i]!
      counted = Effect.tap(counted, () => consume(check))
    }
    return Effect.map(counted, (result) => ({
      "x-ratelimit-limit": String(result.limit),
      "x-ratelimit-remaining": String(Math.max(0, result.remaining))
    }))
  }
}

/** The middleware's implementation over the current `RateLimiter`. */
export const layer = Layer.effect(
  RateLimit,
  Effect.gen(function* () {
    const limiter = yield* RateLimiter.RateLimiter
    // Called once per endpoint when the routes are built: the policies and their windows are read
    // here, so a request only counts.
    return (httpEffect, { endpoint }) => {
      const count = counter(limiter, Context.getOrUndefined(endpoint.annotations, Policies))
      if (count === undefined) return httpEffect
      return CurrentActor.use((actor) =>
        count(actor.keyId ?? actor.account.id).pipe(
          // A 429's headers reach its answer through the pre-response handler (it is rendered later).
          Effect.tapError((error) =>
            error._tag === "TooManyRequests" ? setHeaders(refusedHeaders(error)) : Effect.void
          ),
          Effect.flatMap((headers) =>
            // On the answer itself too, so that the global middlewares see them (an Idempotency-Key
            // keeps them for its replays); the pre-response handler gives them to failures, which
            // are rendered later.
            Effect.andThen(setHeaders(headers), httpEffect).pipe(
              Effect.map((response) => HttpServerResponse.setHeaders(response, headers))
            )
          )
        )
      )
    }
  })
)

/**
 * Failed operator calls (an absent or wrong `CG_ADMIN_TOKEN`), counted per caller address:
 * `OPERATOR_FAILURES.limit` a window. Past it every operator call from that address answers 429
 * `rate_limited` (with `Retry-After`) until the window ends, the right token included, so that a
 * guess cannot be told apart from a hit by its status.
 */
export const OPERATOR_FAILURES: Policy = { name: "operator-failed", limit: 10, window: "1 minute" }

/** The counter of failed operator calls behind `AdminAuth`. */
export class OperatorThrottle extends Context.Service<
  OperatorThrottle,
  {
    /** A call with the right token from `caller`: 429 when its failures have filled the window. */
    readonly check: (
      caller: string
    ) => Effect.Effect<void, ApiError.TooManyRequests | Errors.StoreError, HttpServerRequest.HttpServerRequest>
    /** A failed call from `caller`: counts it; 429 once the window is full. */
    readonly fail: (
      caller: string
    ) => Effect.Effect<void, ApiError.TooManyRequests | Errors.StoreError, HttpServerRequest.HttpServerRequest>
  }
>()("@campaign-games/http/RateLimit/OperatorThrottle") {}

/** `OperatorThrottle` over the current `RateLimiter` (shared between instances on Redis). */
export const layerOperatorThrottle = Layer.effect(
  OperatorThrottle,
  Effect.gen(function* () {
    const limiter = yield* RateLimiter.RateLimiter
    const policy = OPERATOR_FAILURES
    const window = Duration.fromInputUnsafe(policy.window)
    const windowText = Duration.format(window)
    /** A 429, with its `Retry-After` (the operator API's answers carry no `X-RateLimit-*`). */
    const refused = (error: ApiError.TooManyRequests) =>
      Effect.andThen(setHeaders({ "retry-after": String(error.retryAfterSeconds) }), Effect.fail(error))
    const count = (caller: string, tokens: 0 | 1) =>
      countIn(limiter, policy, window, windowText, caller, tokens).pipe(Effect.catchTag("TooManyRequests", refused))
    return OperatorThrottle.of({
      // A peek (no token taken): the window is full once its failures reached the limit.
      check: (caller) =>
        Effect.flatMap(count(caller, 0), (result) =>
          result.remaining <= 0 ? refused(tooMany(policy, windowText, result.resetAfter)) : Effect.void
        ),
      fail: (caller) => Effect.asVoid(count(caller, 1))
    })
  })
)

/**
 * Gives a 429 a use case answers itself (such as `TooManyOpenUploads`) the `Retry-After` header
 * every 429 carries, from its reason's `retryAfterSeconds`.
 */
export const withRetryAfter = <A, E, R>(
  self: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.tapError(self, (error) => {
    const reason = error as { readonly reason?: { readonly retryAfterSeconds?: unknown } }
    return typeof reason.reason?.retryAfterSeconds === "number"
      ? setHeaders({ "retry-after": String(reason.reason.retryAfterSeconds) })
      : Effect.void
  })
