/**
 * The contract of `StoreGauges`: `webhookPending` counts the deliveries of every account that wait
 * to be sent (`pending`, or `failed` with a retry to come) and none that ended (`success`,
 * `exhausted`); deleting an endpoint (and its deliveries) takes them out again. `pool` is `null` or
 * whole, non-negative connection counts.
 *
 * Other suites leave deliveries in the shared store, so the test counts the change it makes.
 *
 * @since 0.1.0
 */
import { StoreGauges, type StorePorts, Webhook } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { at, makeDelivery } from "../internal/Fixtures.ts"
import { givenAccount, givenDeliveries, givenEndpoint, givenTwoAccounts } from "../internal/Given.ts"

const read = StoreGauges.StoreGauges.use((gauges) => gauges.read)

export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>) => {
  it.effect("webhookPending counts the deliveries waiting to be sent, of every account", () =>
    Effect.gen(function* () {
      const [a, b] = yield* givenTwoAccounts
      const endpointA = yield* givenEndpoint(a.id)
      const endpointB = yield* givenEndpoint(b.id)
      const before = (yield* read).webhookPending
      yield* givenDeliveries([
        makeDelivery(endpointA, { status: "pending", nextRetryAt: at(1) }),
        makeDelivery(endpointA, { status: "failed", attemptCount: 1, nextRetryAt: at(2) }),
        makeDelivery(endpointA, { status: "success", attemptCount: 1 }),
        makeDelivery(endpointA, { status: "exhausted", attemptCount: 8 }),
        makeDelivery(endpointB, { status: "pending", nextRetryAt: at(3) })
      ])
      assert.strictEqual((yield* read).webhookPending, before + 3)
      yield* Webhook.EndpointRepo.use((endpoints) => endpoints.delete(a.id, endpointA.id))
      yield* Webhook.EndpointRepo.use((endpoints) => endpoints.delete(b.id, endpointB.id))
      assert.strictEqual((yield* read).webhookPending, before)
    })
  )

  it.effect("pool is null or whole non-negative counts", () =>
    Effect.gen(function* () {
      yield* givenAccount()
      const { pool } = yield* read
      if (pool === null) return
      for (const n of [pool.inUse, pool.idle, pool.waiting]) {
        assert.isTrue(Number.isInteger(n) && n >= 0, `${n}`)
      }
      assert.isTrue(pool.waiting <= pool.inUse)
    })
  )
}
