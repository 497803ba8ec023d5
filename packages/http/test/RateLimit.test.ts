import type { Account } from "@campaign-games/core"
import { ApiError, RateLimit, RateLimitStore, Security } from "@campaign-games/http"
import { NodeRedis } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServer, HttpServerRequest } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware } from "effect/http-api"
import { RateLimiter } from "effect/persistence"
import * as ErrorBoundary from "../src/ErrorBoundary.ts"

// The key of a call is named by its `x-key` header. `/limited` allows 3 calls a minute per key,
// `/burst` 2 calls a second, `/spaced` 2 calls in 2 seconds, `/free` is not limited.
class TestAuth extends HttpApiMiddleware.Service<TestAuth, { provides: Security.CurrentActor }>()("test/TestAuth") {}

const at = DateTime.makeUnsafe("2026-01-01T00:00:00Z")
const account: Account.Account = {
  id: "acc_test",
  name: "t",
  plan: "pro",
  featureOverrides: {},
  limitOverrides: {},
  createdAt: at,
  updatedAt: at
}

class TestGroup extends HttpApiGroup.make("test")
  .add(
    HttpApiEndpoint.post("limited", "/limited", {
      payload: Schema.Struct({ fail: Schema.optionalKey(Schema.Boolean) }),
      success: Schema.Struct({ ok: Schema.Boolean }),
      error: ApiError.NotFound
    })
      .middleware(RateLimit.RateLimit)
      .annotate(RateLimit.Policies, [{ name: "test.limited", limit: 3, window: "1 minute" }]),
    HttpApiEndpoint.post("burst", "/burst", { success: Schema.Struct({ ok: Schema.Boolean }) })
      .middleware(RateLimit.RateLimit)
      .annotate(RateLimit.Policies, [{ name: "test.burst", limit: 2, window: "1 second" }]),
    HttpApiEndpoint.post("spaced", "/spaced", { success: Schema.Struct({ ok: Schema.Boolean }) })
      .middleware(RateLimit.RateLimit)
      .annotate(RateLimit.Policies, [{ name: "test.spaced", limit: 2, window: "2 seconds" }]),
    HttpApiEndpoint.get("free", "/free", { success: Schema.Struct({ ok: Schema.Boolean }) })
  )
  .middleware(TestAuth) {}

class TestApi extends HttpApi.make("test").add(TestGroup) {}

const handlers = HttpApiBuilder.group(TestApi, "test", (h) =>
  Effect.succeed(
    h
      .handle("limited", ({ payload }) =>
        payload.fail === true
          ? Effect.fail(new ApiError.ApiAnswer({ _tag: "NotFound", message: "no" }))
          : Effect.succeed({ ok: true })
      )
      .handle("burst", () => Effect.succeed({ ok: true }))
      .handle("spaced", () => Effect.succeed({ ok: true }))
      .handle("free", () => Effect.succeed({ ok: true }))
  )
)

const authLayer = Layer.succeed(TestAuth, (httpEffect) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const keyId = request.headers["x-key"] ?? "anonymous"
    return yield* Effect.provideService(httpEffect, Security.CurrentActor, {
      account,
      keyId,
      permissions: new Set<never>()
    })
  })
)

const makeHandler = <E>(store: Layer.Layer<RateLimiter.RateLimiterStore, E>) =>
  HttpRouter.toWebHandler(
    Layer.mergeAll(HttpApiBuilder.layer(TestApi), ErrorBoundary.layer).pipe(
      Layer.provide(handlers),
      Layer.provide([authLayer, RateLimit.layer]),
      Layer.provide(RateLimiter.layer),
      Layer.provide(store),
      Layer.provide(HttpServer.layerServices)
    ),
    { disableLogger: true }
  )

const call = (handler: (request: Request) => Promise<Response>, path: string, key: string, body: unknown = {}) =>
  Effect.promise(async () => {
    const response = await handler(
      new Request(`http://test${path}`, {
        method: path === "/free" ? "GET" : "POST",
        headers: { "x-key": key, "content-type": "application/json" },
        ...(path === "/free" ? {} : { body: JSON.stringify(body) })
      })
    )
    return { status: response.status, headers: response.headers, body: (await response.json()) as any }
  })

describe("rate limiting", () => {
  it.live("counts per key over a fixed window with X-RateLimit headers, then 429 with Retry-After", () =>
    Effect.gen(function* () {
      const { handler, dispose } = makeHandler(RateLimitStore.layerMemory)
      for (const remaining of [2, 1, 0]) {
        const reply = yield* call(handler, "/limited", "k1")
        assert.strictEqual(reply.status, 200)
        assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "3")
        assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(remaining))
      }
      const limited = yield* call(handler, "/limited", "k1")
      assert.strictEqual(limited.status, 429)
      assert.strictEqual(limited.body.error.code, "rate_limited")
      assert.strictEqual(limited.headers.get("x-ratelimit-limit"), "3")
      assert.strictEqual(limited.headers.get("x-ratelimit-remaining"), "0")
      const retryAfter = Number(limited.headers.get("retry-after"))
      assert.isTrue(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter))

      // Another key has its own count; unlimited operations carry no headers.
      const other = yield* call(handler, "/limited", "k2")
      assert.strictEqual(other.status, 200)
      assert.strictEqual(other.headers.get("x-ratelimit-remaining"), "2")
      const free = yield* call(handler, "/free", "k1")
      assert.strictEqual(free.status, 200)
      assert.isNull(free.headers.get("x-ratelimit-limit"))
      yield* Effect.promise(dispose)
    })
  )

  it.live("error answers of a limited operation carry the headers and count too", () =>
    Effect.gen(function* () {
      const { handler, dispose } = makeHandler(RateLimitStore.layerMemory)
      const failed = yield* call(handler, "/limited", "k", { fail: true })
      assert.strictEqual(failed.status, 404)
      assert.strictEqual(failed.headers.get("x-ratelimit-remaining"), "2")
      const invalid = yield* call(handler, "/limited", "k", { fail: "yes" })
      assert.strictEqual(invalid.status, 400)
      assert.strictEqual(invalid.headers.get("x-ratelimit-remaining"), "1")
      yield* Effect.promise(dispose)
    })
  )

  it.live("the window passes and calls are allowed again", () =>
    Effect.gen(function* () {
      const { handler, dispose } = makeHandler(RateLimitStore.layerMemory)
      assert.strictEqual((yield* call(handler, "/burst", "k")).status, 200)
      assert.strictEqual((yield* call(handler, "/burst", "k")).status, 200)
      assert.strictEqual((yield* call(handler, "/burst", "k")).status, 429)
      yield* Effect.sleep("1100 millis")
      assert.strictEqual((yield* call(handler, "/burst", "k")).status, 200)
      yield* Effect.promise(dispose)
    })
  )

  const redisUrl = process.env.REDIS_URL
  const stores: Array<[string, () => Layer.Layer<RateLimiter.RateLimiterStore>]> = [
    ["in memory", () => RateLimitStore.layerMemory],
    ...(redisUrl === undefined || redisUrl === ""
      ? []
      : [
          [
            "on Redis",
            () =>
              RateLimitStore.layerRedis({ prefix: "cg:test:" }).pipe(Layer.provide(NodeRedis.layer({ url: redisUrl })))
          ] as [string, () => Layer.Layer<RateLimiter.RateLimiterStore>]
        ])
  ]
  for (const [where, store] of stores) {
    // effect's own stores let a count drain by `window / limit` a call: calls that far apart were
    // never counted, and the remaining count never went down.
    it.live(
      `${where}, calls spaced over the window count into it, and the window ends when it began plus its length`,
      () =>
        Effect.gen(function* () {
          const { handler, dispose } = makeHandler(store())
          const key = `spaced-${globalThis.crypto.randomUUID()}`
          const first = yield* call(handler, "/spaced", key)
          assert.strictEqual(first.headers.get("x-ratelimit-remaining"), "1")
          yield* Effect.sleep("1100 millis")
          const second = yield* call(handler, "/spaced", key)
          assert.strictEqual(second.status, 200)
          assert.strictEqual(second.headers.get("x-ratelimit-remaining"), "0")
          const third = yield* call(handler, "/spaced", key)
          assert.strictEqual(third.status, 429)
          assert.strictEqual(third.headers.get("retry-after"), "1")
          yield* Effect.sleep("1000 millis")
          const next = yield* call(handler, "/spaced", key)
          assert.strictEqual(next.status, 200)
          assert.strictEqual(next.headers.get("x-ratelimit-remaining"), "1")
          yield* Effect.promise(dispose)
        })
    )
  }

  it.live.runIf(redisUrl !== undefined && redisUrl !== "")("two instances on one Redis share the counts", () =>
    Effect.gen(function* () {
      const store = () =>
        RateLimitStore.layerRedis({ prefix: "cg:test:" }).pipe(Layer.provide(NodeRedis.layer({ url: redisUrl! })))
      const a = makeHandler(store())
      const b = makeHandler(store())
      const key = `shared-${globalThis.crypto.randomUUID()}`
      const statuses: Array<number> = []
      for (const handler of [a.handler, b.handler, a.handler, b.handler, a.handler]) {
        statuses.push((yield* call(handler, "/limited", key)).status)
      }
      assert.deepStrictEqual(statuses, [200, 200, 200, 429, 429])
      yield* Effect.promise(a.dispose)
      yield* Effect.promise(b.dispose)
    })
  )
})
