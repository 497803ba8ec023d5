/**
 * The webhook worker at shutdown, under the test clock: when its layer's scope closes (the server
 * stops), the sends in flight are interrupted and their claims released at once, so another
 * instance can claim and send them without waiting for the lease to pass.
 */
import { Accounts, Actor, Event, Secrets, Webhook, WebhookDispatcher, Webhooks } from "@campaign-games/core"
import { MemoryStore, MemoryWebhookStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Deferred, Duration, Effect, Exit, Layer, Option, Scope } from "effect"

/** A transport whose sends never answer (a slow endpoint); `started` completes at the first send. */
const hangingTransport = (started: Deferred.Deferred<void>) =>
  Layer.succeed(Webhook.WebhookTransport, {
    send: () => Effect.andThen(Deferred.succeed(started, undefined), Effect.never)
  })

const event = (accountId: string, id: string): Event.Event => ({
  id,
  accountId,
  type: "session_completed",
  campaignId: "gi_1",
  channelId: "ch_1",
  data: { gameInstanceId: "gi_1", sessionId: "ses_1", participantRef: "p", score: null, outcome: null },
  createdAt: DateTime.makeUnsafe(0)
})

describe("WebhookDispatcher at shutdown", () => {
  it.effect("an interrupted dispatcher releases its claims: they are claimable at once, not after the lease", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const store = Layer.mergeAll(
        Accounts.Accounts.layer,
        Webhooks.Webhooks.layer.pipe(
          Layer.provide(Layer.succeed(Webhooks.WebhookPolicy, { allowPrivateUrls: true })),
          Layer.provide(Layer.succeed(Webhook.HostResolver, { resolve: () => Effect.succeed([]) }))
        )
      ).pipe(
        Layer.provideMerge(Webhooks.Webhooks.layerFanOut),
        Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
        Layer.provideMerge(MemoryWebhookStore.layer.pipe(Layer.provideMerge(MemoryStore.layer)))
      )
      const services = yield* Layer.build(store)
      const deliveries = Context.get(services, Webhook.DeliveryRepo)
      yield* Effect.gen(function* () {
        const { account } = yield* (yield* Accounts.Accounts).create({ name: "Acme" })
        const actor = Actor.system(account)
        yield* (yield* Webhooks.Webhooks).create(actor, {
          url: "http://127.0.0.1:1/hook",
          events: ["session_completed"]
        })
        const outbox = yield* Event.EventOutbox
        yield* outbox.append(event(account.id, "evt_1"))
        yield* outbox.append(event(account.id, "evt_2"))
      }).pipe(Effect.provide(services))

      // The worker with its loop, in a scope of its own: the server's layer scope.
      const scope = yield* Scope.make()
      const worker = WebhookDispatcher.WebhookDispatcher.layer().pipe(
        Layer.provide(hangingTransport(started)),
        Layer.provide(Layer.succeed(Webhook.CouponCodes, () => Effect.succeed(Option.none()))),
        Layer.provide(Layer.succeedContext(services))
      )
      yield* Layer.buildWithScope(worker, scope)
      yield* Deferred.await(started)
      const now = yield* DateTime.now
      const lease = DateTime.addDuration(now, Duration.seconds(60))
      assert.strictEqual((yield* deliveries.claimDue(now, lease, 10)).length, 0, "both are claimed by the worker")

      yield* Scope.close(scope, Exit.void)

      // No time has passed: the claims were released, not left to lapse.
      const claimed = yield* deliveries.claimDue(now, lease, 10)
      assert.deepStrictEqual(claimed.map((c) => c.delivery.status).sort(), ["pending", "pending"])
      assert.strictEqual(claimed.length, 2)
    }).pipe(Effect.scoped)
  )
})
