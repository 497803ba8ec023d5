/**
 * The webhook delivery worker, run as a fiber in every server instance. It claims due deliveries
 * (a lease in the store: instances never claim the same attempt), signs and sends each one, and
 * records the result (`Webhook.afterAttempt`). A delivery whose instance died mid-send is claimed
 * again once its lease passes and sent with the same id: deliveries are at least once, never lost.
 *
 * Sends run concurrently, at most `perEndpoint` at a time to one endpoint, so an endpoint that does
 * not answer holds a few slots for its timeout and never the whole worker. Time comes from effect's
 * `Clock`, so tests drive retries with `TestClock`.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, Effect, Layer, Option, Schedule, Semaphore } from "effect"
import type { StoreError } from "./Errors.ts"
import * as Webhook from "./Webhook.ts"
import * as WebhookSignature from "./WebhookSignature.ts"

export interface Options {
  /** Deliveries claimed at once. */
  readonly batch: number
  /** Sends in flight at once, in all. */
  readonly concurrency: number
  /** Sends in flight at once to one endpoint. */
  readonly perEndpoint: number
  /** How long a claim lasts; longer than the send timeout. */
  readonly lease: Duration.Duration
  /** The wait before looking again when nothing was due. */
  readonly idle: Duration.Duration
}

export const defaults: Options = {
  batch: 200,
  concurrency: 256,
  perEndpoint: 16,
  lease: Duration.seconds(60),
  idle: Duration.millis(200)
}

export class WebhookDispatcher extends Context.Service<
  WebhookDispatcher,
  {
    /** Claims and sends what is due now; how many deliveries it handled. */
    readonly runOnce: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/WebhookDispatcher") {
  static readonly make = (options: Partial<Options> = {}) =>
    Effect.gen(function* () {
      const o = { ...defaults, ...options }
      const deliveries = yield* Webhook.DeliveryRepo
      const transport = yield* Webhook.WebhookTransport
      const codes = yield* Webhook.CouponCodes
      const global = yield* Semaphore.make(o.concurrency)
      const perEndpoint = new Map<string, Semaphore.Semaphore>()
      const endpointGate = (id: string) => {
        let gate = perEndpoint.get(id)
        if (gate === undefined) {
          gate = Semaphore.makeUnsafe(o.perEndpoint)
          perEndpoint.set(id, gate)
        }
        return gate
      }

      const bodyOf = (claimed: Webhook.Claimed) =>
        Effect.gen(function* () {
          const payload = claimed.delivery.payload
          if (!claimed.includeCouponCodes || payload.type !== "reward_granted") return JSON.stringify(payload)
          const grantId = payload.data["grantId"]
          if (typeof grantId !== "string") return JSON.stringify(payload)
          const code = yield* codes(claimed.delivery.accountId, grantId)
          if (Option.isNone(code)) return JSON.stringify(payload)
          const coupon = (payload.data["coupon"] ?? {}) as { readonly [key: string]: unknown }
          return JSON.stringify({ ...payload, data: { ...payload.data, coupon: { ...coupon, code: code.value } } })
        })

      const sendOne = (claimed: Webhook.Claimed) =>
        Effect.gen(function* () {
          const body = yield* bodyOf(claimed)
          const timestamp = Math.floor(DateTime.toEpochMillis(yield* DateTime.now) / 1000)
          const signature = yield* WebhookSignature.header(claimed.secret, timestamp, body)
          const result = yield* transport.send({
            url: claimed.url,
            body,
            headers: {
              "content-type": "application/json",
              "user-agent": "CampaignGames-Webhooks/1",
              "x-service-event": claimed.delivery.eventType,
              "x-service-delivery-id": claimed.delivery.id,
              "x-service-signature": signature
            }
          })
          yield* deliveries.recordAttempt(Webhook.afterAttempt(claimed.delivery, result, yield* DateTime.now))
        }).pipe(
          endpointGate(claimed.delivery.endpointId).withPermits(1),
          global.withPermits(1),
          // A store failure leaves the claim to lapse: the delivery is tried again later.
          Effect.catch((error) => Effect.logWarning("webhook attempt not recorded", error._tag))
        )

      const runOnce = Effect.gen(function* () {
        const now = yield* DateTime.now
        const claimed = yield* deliveries.claimDue(now, DateTime.addDuration(now, o.lease), o.batch)
        yield* Effect.forEach(claimed, sendOne, { concurrency: "unbounded", discard: true })
        return claimed.length
      })

      return WebhookDispatcher.of({ runOnce })
    })

  /** The service, without the background loop (tests call `runOnce`). */
  static readonly layerNoLoop = (options: Partial<Options> = {}) =>
    Layer.effect(WebhookDispatcher, WebhookDispatcher.make(options))

  /** The service and its background loop, for the life of the layer. */
  static readonly layer = (options: Partial<Options> = {}) =>
    Layer.effect(
      WebhookDispatcher,
      Effect.gen(function* () {
        const dispatcher = yield* WebhookDispatcher.make(options)
        const idle = options.idle ?? defaults.idle
        const batch = options.batch ?? defaults.batch
        yield* dispatcher.runOnce.pipe(
          Effect.catch((error) =>
            Effect.logWarning("webhook dispatcher: store unavailable", error.message).pipe(Effect.as(0))
          ),
          Effect.flatMap((handled) => (handled >= batch ? Effect.void : Effect.sleep(idle))),
          Effect.repeat(Schedule.forever),
          Effect.forkScoped
        )
        return dispatcher
      })
    )
}
