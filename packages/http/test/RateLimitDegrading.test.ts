/**
 * `RateLimitStore.layerRedisDegrading` against a real Redis reached through `FaultProxy`: while Redis
 * is silenced (or cut) every count answers within the bound, from this process's memory, and the
 * switch is logged once, not once a count; once Redis answers again, counting goes back to it,
 * where the window kept its count. Runs when `REDIS_URL` is set.
 */
import { RateLimitStore } from "@campaign-games/http"
import { FaultProxy } from "@campaign-games/testing"
import { NodeRedis } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Context, Effect, Layer, Logger } from "effect"
import { RateLimiter } from "effect/persistence"

const redisUrl = process.env.REDIS_URL ?? ""

const TIMEOUT_MS = 200

describe.runIf(redisUrl !== "")("rate limits when Redis falters", () => {
  it.live("silenced: counts from memory within the bound, logged once; restored: back on Redis's window", () =>
    Effect.gen(function* () {
      const parsed = new URL(redisUrl)
      const proxy = yield* FaultProxy.make({ host: parsed.hostname, port: Number(parsed.port || 6379) })
      const logged: Array<string> = []
      const capture = Logger.make(({ message }) => {
        const text = (Array.isArray(message) ? message : [message]).map(String).join(" ")
        if (text.startsWith("rate limits:")) logged.push(text)
      })
      const limiter = yield* Layer.build(
        RateLimiter.layer.pipe(
          Layer.provide(
            RateLimitStore.layerRedisDegrading({ prefix: "cg:test:degrading:", timeout: TIMEOUT_MS }).pipe(
              Layer.provide(NodeRedis.layer({ url: proxy.urlFor(redisUrl), disableOfflineQueue: true }))
            )
          ),
          Layer.provide(Logger.layer([capture]))
        )
      ).pipe(Effect.map((context) => Context.get(context, RateLimiter.RateLimiter)))
      const key = `k-${globalThis.crypto.randomUUID()}`
      const consume = Effect.gen(function* () {
        const startedAt = yield* Clock.currentTimeMillis
        const result = yield* limiter.consume({
          algorithm: "fixed-window",
          onExceeded: "fail",
          window: "1 minute",
          limit: 10,
          key
        })
        return { remaining: result.remaining, ms: (yield* Clock.currentTimeMillis) - startedAt }
      }).pipe(Effect.provide(Logger.layer([capture])))

      assert.strictEqual((yield* consume).remaining, 9)
      assert.strictEqual((yield* consume).remaining, 8)

      yield* proxy.silence
      const during: Array<{ remaining: number; ms: number }> = []
      for (let i = 0; i < 5; i++) during.push(yield* consume)
      // The first waits out the bound; the others do not wait on Redis at all. A window of this
      // process's own, opened afresh: its headers tell its count.
      assert.deepStrictEqual(
        during.map((r) => r.remaining),
        [9, 8, 7, 6, 5]
      )
      assert.isAtMost(during[0]!.ms, TIMEOUT_MS + 500)
      for (const r of during.slice(1)) assert.isAtMost(r.ms, 100)
      assert.strictEqual(logged.length, 1, logged.join("\n"))
      assert.match(logged[0]!, /counts in its memory/)

      yield* proxy.restore
      yield* Effect.sleep("800 millis")
      // Back on Redis, whose window kept its two counts, and got the count sent as it went silent
      // when its bytes arrived (TCP delivers them after the partition heals): 2 + 1, then this one.
      assert.strictEqual((yield* consume).remaining, 6)
      assert.strictEqual(logged.length, 2, logged.join("\n"))
      assert.match(logged[1]!, /answers again/)
    }).pipe(Effect.scoped)
  )
})
