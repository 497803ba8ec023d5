/**
 * Stores for effect's `RateLimiter` whose `fixed-window` counts as the specification does: "counted
 * per API key over a fixed window", `X-RateLimit-Remaining` the requests left in it.
 *
 * effect's own stores (`RateLimiter.layerStoreMemory`, `layerStoreRedis`) keep a count whose expiry
 * moves `window / limit` later with every request, and drop it once that expiry passes: calls spaced
 * at least `window / limit` apart are never counted (600 a minute let through 837 mints in 31 s, each
 * answered `X-RateLimit-Remaining: 599`), and 30 calls a minute made over more than two seconds can
 * take a 31st. These stores keep effect's `RateLimiter` (its `consume`, errors, and the token-bucket
 * and adaptive modes, delegated to effect's stores) and replace `fixedWindow` alone: the first
 * request of a key opens a window of the policy's length (`refillRate × limit`, which `consume`
 * derives from the window it is given); every request until it ends counts into it; a request over
 * the limit is refused and not counted; the TTL answered is what is left of the window, which the
 * 429's `Retry-After` reports.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Layer } from "effect"
import { RateLimiter, Redis } from "effect/persistence"

type FixedWindow = RateLimiter.RateLimiterStore["Service"]["fixedWindow"]

/** The window's length in milliseconds: `refillRate × limit` (`consume` divided the window by the limit). */
const windowMillis = (refillRate: Duration.Duration, limit: number): number =>
  Math.max(1, Math.round(Duration.toMillis(refillRate) * limit))

/** effect's `store` with `fixedWindow` replaced; `consume` with `onExceeded: "delay"` (no limit) keeps effect's. */
const withFixedWindows = (store: RateLimiter.RateLimiterStore["Service"], fixedWindow: FixedWindow) =>
  RateLimiter.RateLimiterStore.of({
    ...store,
    fixedWindow: (options) => (options.limit === undefined ? store.fixedWindow(options) : fixedWindow(options))
  })

/** How many counts the memory store keeps before it drops those whose window has ended. */
const SWEEP_AT = 10_000

/** Fixed windows counted in a map of this process's memory. */
const memoryFixedWindow = (): FixedWindow => {
  const windows = new Map<string, { count: number; endsAt: number }>()
  let sweepAt = SWEEP_AT
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key)
    sweepAt = Math.max(SWEEP_AT, windows.size * 2)
  }
  return (options) =>
    Effect.clockWith((clock) =>
      Effect.sync(() => {
        const now = clock.currentTimeMillisUnsafe()
        let window = windows.get(options.key)
        if (window === undefined || window.endsAt <= now) {
          if (windows.size >= sweepAt) sweep(now)
          window = { count: 0, endsAt: now + windowMillis(options.refillRate, options.limit!) }
          windows.set(options.key, window)
        }
        const count = window.count + options.tokens
        if (count <= options.limit!) window.count = count
        return [count, window.endsAt - now] as const
      })
    )
}

/** Fixed windows in this process's memory (one instance). */
export const layerMemory: Layer.Layer<RateLimiter.RateLimiterStore> = Layer.effect(
  RateLimiter.RateLimiterStore,
  Effect.map(RateLimiter.RateLimiterStore, (store) => withFixedWindows(store, memoryFixedWindow()))
).pipe(Layer.provide(RateLimiter.layerStoreMemory))

/**
 * One script: the key's count and what is left of its window. A missing key opens a window of
 * `ARGV[2]` ms; a request over the limit changes nothing; `KEEPTTL` counts without moving the end.
 */
const fixedWindowScript = Redis.script(
  (key: string, tokens: number, windowMs: number, limit: number) => [key, tokens, windowMs, limit],
  {
    numberOfKeys: 1,
    lua: `
local key = KEYS[1]
local tokens = tonumber(ARGV[1])
local windowms = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local current = tonumber(redis.call("GET", key))
local pttl = tonumber(redis.call("PTTL", key))
if not current or pttl < 0 then
  if tokens <= limit then
    redis.call("SET", key, tokens, "PX", windowms)
  end
  return { tostring(tokens), windowms }
end
local count = current + tokens
if count <= limit then
  redis.call("SET", key, count, "KEEPTTL")
end
return { tostring(count), pttl }
`
  }
).withReturnType<readonly [count: string, ttl: number]>()

/** Fixed windows on Redis (keys under `prefix`), shared by every instance on it; fails when Redis does. */
export const layerRedis = (options: {
  readonly prefix: string
}): Layer.Layer<RateLimiter.RateLimiterStore, never, Redis.Redis> =>
  Layer.effect(
    RateLimiter.RateLimiterStore,
    Effect.gen(function* () {
      const store = yield* RateLimiter.RateLimiterStore
      return withFixedWindows(store, redisFixedWindow(yield* Redis.Redis, options.prefix))
    })
  ).pipe(Layer.provide(RateLimiter.layerStoreRedis({ prefix: options.prefix })))

/** Fixed windows counted by the script on `redis`, keys under `prefix`. */
const redisFixedWindow = (redis: Redis.Redis["Service"], prefix: string): FixedWindow => {
  const run = redis.eval(fixedWindowScript)
  return ({ key, limit, refillRate, tokens }) =>
    run(`${prefix}${key}`, tokens, windowMillis(refillRate, limit!), limit!).pipe(
      Effect.map(([count, ttl]) => [Number(count), Number(ttl)] as const),
      Effect.mapError(
        (error) =>
          new RateLimiter.RateLimiterError({
            reason: new RateLimiter.RateLimitStoreError({
              message: "Failed to count a fixed window on Redis",
              cause: error.cause
            })
          })
      )
    )
}

/** How long a count waits for Redis by default before the instance counts in memory. */
export const DEFAULT_REDIS_TIMEOUT = Duration.millis(500)

/** How often an instance counting in memory asks Redis whether it answers again. */
export const PROBE_EVERY = Duration.millis(250)

/**
 * Fixed windows on Redis that degrade instead of blocking: a count Redis does not answer within
 * `timeout` (or fails) is counted in this process's memory instead, and so is every count after it,
 * without waiting on Redis, until Redis answers a `PING` again (asked every `PROBE_EVERY`, within
 * `timeout`); then counting goes back to Redis. Each switch is logged once (a warning on the way
 * to memory, an info on the way back), never once a request.
 *
 * While in memory, each instance keeps its own windows, opened afresh: the headers tell the count
 * of this instance, and a key may make up to the limit on every instance (`docs/api-decisions.md`).
 * Back on Redis, the windows Redis kept count on from where they were.
 */
export const layerRedisDegrading = (options: {
  readonly prefix: string
  readonly timeout?: Duration.Input | undefined
}): Layer.Layer<RateLimiter.RateLimiterStore, never, Redis.Redis> =>
  Layer.effect(
    RateLimiter.RateLimiterStore,
    Effect.gen(function* () {
      const store = yield* RateLimiter.RateLimiterStore
      const redis = yield* Redis.Redis
      const timeout = Duration.fromInputUnsafe(options.timeout ?? DEFAULT_REDIS_TIMEOUT)
      const shared = redisFixedWindow(redis, options.prefix)
      const local = memoryFixedWindow()
      let inMemory = false
      const answers = redis.send("PING").pipe(Effect.timeout(timeout), Effect.isSuccess)
      // While counting in memory: a PING every `PROBE_EVERY` tells when Redis is back.
      yield* Effect.forkScoped(
        Effect.forever(
          Effect.gen(function* () {
            yield* Effect.sleep(PROBE_EVERY)
            if (!inMemory || !(yield* answers)) return
            inMemory = false
            yield* Effect.logInfo("rate limits: Redis answers again; counting there, shared by every instance")
          })
        )
      )
      const toMemory = (cause: string) =>
        Effect.suspend(() => {
          if (inMemory) return Effect.void
          inMemory = true
          return Effect.logWarning(
            `rate limits: Redis ${cause}; this instance counts in its memory until Redis answers again`
          )
        })
      return withFixedWindows(store, (window) =>
        inMemory
          ? local(window)
          : shared(window).pipe(
              Effect.timeout(timeout),
              Effect.catch((error) =>
                Effect.andThen(
                  toMemory(
                    error._tag === "TimeoutError"
                      ? `did not answer within ${Duration.toMillis(timeout)} ms`
                      : "is unavailable"
                  ),
                  local(window)
                )
              )
            )
      )
    })
  ).pipe(Layer.provide(RateLimiter.layerStoreRedis({ prefix: options.prefix })))
