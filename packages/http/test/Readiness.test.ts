/**
 * `/ready` over a stub store: 200 while a transaction opens and commits, 503 when the store fails
 * (unreachable) or does not answer within `Readiness.timeout`.
 */
import { Errors, Store } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import * as Readiness from "../src/Readiness.ts"

/** `/ready` over a store whose transactions do `behaviour` instead of running. */
const readyStatus = (behaviour: Effect.Effect<void, Errors.StoreError>) =>
  Effect.acquireUseRelease(
    Effect.sync(() =>
      HttpRouter.toWebHandler(
        Readiness.layer.pipe(
          Layer.provide(
            Layer.succeed(Store.Store, {
              transaction: (self) => Effect.andThen(behaviour, self),
              lock: () => Effect.void
            })
          )
        ),
        { disableLogger: true }
      )
    ),
    ({ handler }) =>
      Effect.promise(async () => {
        const response = await handler(new Request("http://localhost/ready"))
        return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") }
      }),
    ({ dispose }) => Effect.promise(dispose)
  )

describe("Readiness", () => {
  it.live("200 while the store answers", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* readyStatus(Effect.void), {
        status: 200,
        body: { status: "ready" },
        cache: "no-store"
      })
    })
  )

  it.live("503 when the store is unreachable", () =>
    Effect.gen(function* () {
      const down = new Errors.StoreError({ message: "connection refused" })
      const reply = yield* readyStatus(Effect.fail(down))
      assert.deepStrictEqual([reply.status, reply.body], [503, { status: "unavailable" }])
    })
  )

  it.live("503 when the store does not answer in time", () =>
    Effect.gen(function* () {
      const reply = yield* readyStatus(Effect.never)
      assert.deepStrictEqual([reply.status, reply.body], [503, { status: "unavailable" }])
    })
  )
})
