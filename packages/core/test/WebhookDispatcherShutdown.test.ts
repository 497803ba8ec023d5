/**
 * The webhook worker at shutdown, under the test clock: when its layer's scope closes (the server
 * stops), it starts no more sends, lets those in flight finish for up to its grace (2 s) and records
 * them, then interrupts the rest and releases their claims at once, so another instance can claim
 * and send them without waiting for the lease to pass.
 */
import { Webhook, WebhookDispatcher, Webhooks } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Deferred, Duration, Effect, Exit, Fiber, Layer, Option, Scope } from "effect"
import { TestClock } from "effect/testing"
import * as Support from "./support/Webhooks.ts"

/**
 * Two deliveries to one endpoint, and a worker (with its loop) over them in a scope of its own (the
 * server's layer scope), whose transport answers the first after `firstAnswersAfter` and never
 * answers the second. Returns once both sends started.
 */
const twoSends = (firstAnswersAfter: Duration.Duration) =>
  Effect.gen(function* () {
    const services = yield* Layer.build(Support.engine(Layer.empty))
    const actor = yield* Effect.gen(function* () {
      const actor = yield* Support.givenActor
      yield* (yield* Webhooks.Webhooks).create(actor, { url: "http://127.0.0.1:1/hook", events: ["session_completed"] })
      yield* Support.append(actor.account.id, { id: "evt_1" })
      yield* Support.append(actor.account.id, { id: "evt_2" })
      return actor
    }).pipe(Effect.provide(services))

    const started = [yield* Deferred.make<string>(), yield* Deferred.make<string>()]
    let sends = 0
    const transport = Layer.succeed(Webhook.WebhookTransport, {
      send: (request) =>
        Effect.gen(function* () {
          const n = sends++
          yield* Deferred.succeed(started[n]!, request.headers["x-service-delivery-id"]!)
          if (n > 0) return yield* Effect.never
          yield* Effect.sleep(firstAnswersAfter)
          return { _tag: "Answered", status: 200 } as const
        })
    })
    const scope = yield* Scope.make()
    const worker = WebhookDispatcher.WebhookDispatcher.layer().pipe(
      Layer.provide(transport),
      Layer.provide(Layer.succeed(Webhook.CouponCodes, () => Effect.succeed(Option.none()))),
      Layer.provide(Layer.succeedContext(services))
    )
    yield* Layer.buildWithScope(worker, scope)
    const [first, second] = yield* Effect.all(started.map(Deferred.await))
    const deliveries = Context.get(services, Webhook.DeliveryRepo)
    const statusOf = (id: string) =>
      Effect.map(Support.deliveries(actor, "asc", 10), (page) => page.items.find((d) => d.id === id)?.status).pipe(
        Effect.provideContext(services)
      )
    return { scope, deliveries, first: first!, second: second!, statusOf }
  })

/** Closes the worker's scope while the test clock moves by `ms` (its grace is on that clock). */
const closeOver = (scope: Scope.Closeable, ms: number) =>
  Effect.gen(function* () {
    const closing = yield* Effect.forkChild(Scope.close(scope, Exit.void))
    yield* Effect.repeat(Effect.yieldNow, { times: 50 })
    yield* TestClock.adjust(Duration.millis(ms))
    yield* Fiber.join(closing)
  })

describe("WebhookDispatcher at shutdown", () => {
  it.effect("a send that does not finish within the grace is interrupted and its claim released at once", () =>
    Effect.gen(function* () {
      const { scope, deliveries, first, second, statusOf } = yield* twoSends(Duration.hours(1))
      const now = yield* DateTime.now
      const lease = DateTime.addDuration(now, Duration.seconds(60))
      assert.strictEqual((yield* deliveries.claimDue(now, lease, 10)).length, 0, "both are claimed by the worker")

      yield* closeOver(scope, 2_000)

      // 2 s have passed, far less than the 60 s lease: the claims were released, not left to lapse.
      const at = yield* DateTime.now
      const claimed = yield* deliveries.claimDue(at, DateTime.addDuration(at, Duration.seconds(60)), 10)
      assert.deepStrictEqual(claimed.map((c) => c.delivery.id).sort(), [first, second].sort())
      assert.deepStrictEqual(
        claimed.map((c) => c.delivery.status),
        ["pending", "pending"]
      )
      assert.strictEqual(yield* statusOf(first), "pending")
    }).pipe(Effect.scoped)
  )

  it.effect("a send that finishes within the grace is recorded, not sent again; the other is released", () =>
    Effect.gen(function* () {
      const { scope, deliveries, first, second, statusOf } = yield* twoSends(Duration.seconds(1))

      yield* closeOver(scope, 2_000)

      assert.strictEqual(yield* statusOf(first), "success", "answered during the grace: recorded")
      const at = yield* DateTime.now
      const claimed = yield* deliveries.claimDue(at, DateTime.addDuration(at, Duration.seconds(60)), 10)
      assert.deepStrictEqual(
        claimed.map((c) => c.delivery.id),
        [second],
        "only the unanswered one is claimable again"
      )
    }).pipe(Effect.scoped)
  )
})
