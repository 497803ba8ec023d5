/**
 * Both import rate limits, 10 a minute and 200 an hour per key, on a server whose clock is the
 * test's (`TestClock`): 20 windows of a minute hold 200 imports; the 201st, in a fresh minute, is
 * refused by the hour's limit (429, `Retry-After` up to the hour's end, the limit named), and an
 * hour later the key may import again.
 *
 * On the memory store only: the SQL stores' clients wait on the clock while they start, which a
 * test clock never moves (the rate limiter is the same whatever the store).
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { layer as serverLayer, storeName, withAccount } from "./support/TestServer.ts"

describe.runIf(storeName() === "memory")("on the memory store", () =>
  layer(serverLayer(), { timeout: "120 seconds" })("import rate limits under the test clock", (it) => {
    it.effect("200 imports an hour: the 201st is 429 until the hour passes", () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const importOnce = request("POST", "/v1/tenant/assets/import", { key, body: { url: "ftp://x.example/a.png" } })
        for (let minute = 0; minute < 20; minute++) {
          for (let i = 0; i < 10; i++) {
            const reply = yield* importOnce
            assert.strictEqual(reply.status, 400, `minute ${minute}, import ${i}: ${reply.text}`)
          }
          const eleventh = yield* importOnce
          assert.strictEqual(eleventh.status, 429, `the minute's limit, minute ${minute}`)
          assert.match(eleventh.body.error.message, /at most 10 per 1m/)
          yield* TestClock.adjust("1 minute")
        }
        const hourly = yield* importOnce
        assert.strictEqual(hourly.status, 429, hourly.text)
        assert.match(hourly.body.error.message, /at most 200 per 1h/)
        assert.strictEqual(hourly.headers.get("x-ratelimit-limit"), "200")
        assert.strictEqual(hourly.headers.get("x-ratelimit-remaining"), "0")
        const retryAfter = Number(hourly.headers.get("retry-after"))
        assert.isTrue(retryAfter > 60 && retryAfter <= 3600, `Retry-After ${retryAfter}`)
        yield* TestClock.adjust("40 minutes")
        const again = yield* importOnce
        assert.strictEqual(again.status, 400, "a new hour: the key may import again")
        assert.strictEqual(again.headers.get("x-ratelimit-remaining"), "9")
      })
    )
  })
)
