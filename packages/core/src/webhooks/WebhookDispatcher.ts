/**
 * The webhook delivery worker, run as a fiber in every server instance. It claims due deliveries
 * (a lease in the store: instances never claim the same attempt), signs and sends each one, and
 * records the result (`Webhook.afterAttempt`). A delivery whose instance died mid-send is claimed
 * again once its lease passes and sent with the same id: deliveries are at least once, never lost.
 *
 * - Sends start as soon as they are claimed; the worker never waits for a batch to finish, so a
 *   slow or dead endpoint never holds up the others.
 * - At most `perEndpoint` sends are in flight to one endpoint. Endpoints at that cap are left out of
 *   the next claims, and claims beyond it are released at once, so nothing waits on a claim while
 *   its lease runs: a claim is always sent within the send timeout, well inside the lease.
 * - Results are written only while the claim is still this worker's (the lease is a fencing token),
 *   so a worker that lost its claim cannot overwrite the newer one.
 * - When the worker is interrupted (its layer's scope closes: the server shuts down), the sends in
 *   flight are interrupted and their claims released, so another instance sends them at once
 *   instead of after the lease. A claim is taken and its send started without interruption, so no
 *   claim is left held by a worker that stopped.
 *
 * Time comes from effect's `Clock`, so tests drive retries with `TestClock` (`runOnce`).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, Effect, Fiber, FiberSet, Layer, Option } from "effect"
import type { StoreError } from "../Errors.ts"
import * as Webhook from "./Webhook.ts"
import * as WebhookSignature from "./WebhookSignature.ts"

export interface Options {
  /** Deliveries claimed at once. */
  readonly batch: number
  /** Sends in flight at once, in all. */
  readonly concurrency: number
  /** Sends in flight at once to one endpoint. */
  readonly perEndpoint: number
  /** How long a claim lasts; much longer than the send timeout. */
  readonly lease: Duration.Duration
  /** The wait before looking again when nothing was due (or no room was free). */
  readonly idle: Duration.Duration
}

/** A claim whose send was interrupted, to release. */
interface Dropped {
  readonly id: string
  readonly lease: DateTime.Utc
}

export const defaults: Options = {
  batch: 200,
  concurrency: 256,
  perEndpoint: 16,
  lease: Duration.seconds(60),
  idle: Duration.millis(100)
}

export class WebhookDispatcher extends Context.Service<
  WebhookDispatcher,
  {
    /** Claims what is due now, sends it and waits for those sends; how many it sent. */
    readonly runOnce: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/WebhookDispatcher") {
  static readonly make = (options: Partial<Options> = {}) =>
    Effect.gen(function* () {
      const o = { ...defaults, ...options }
      const deliveries = yield* Webhook.DeliveryRepo
      const transport = yield* Webhook.WebhookTransport
      const codes = yield* Webhook.CouponCodes
      const inFlight = new Map<string, number>()
      let total = 0

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

      const send = (claimed: Webhook.Claimed, lease: DateTime.Utc) =>
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
          yield* deliveries.recordAttempt(Webhook.afterAttempt(claimed.delivery, result, yield* DateTime.now), lease)
        }).pipe(
          // A store failure leaves the claim to lapse: the delivery is tried again later.
          Effect.catch((error) => Effect.logWarning("webhook attempt not recorded", error._tag)),
          Effect.ensuring(
            Effect.sync(() => {
              const id = claimed.delivery.endpointId
              const left = (inFlight.get(id) ?? 1) - 1
              if (left <= 0) inFlight.delete(id)
              else inFlight.set(id, left)
              total--
            })
          )
        )

      /** Releases the claims of interrupted sends, one statement per lease. */
      const releaseAll = (dropped: Array<Dropped>) =>
        Effect.suspend(() => {
          const byLease = new Map<number, { lease: DateTime.Utc; ids: Array<string> }>()
          for (const { id, lease } of dropped.splice(0)) {
            const key = DateTime.toEpochMillis(lease)
            const group = byLease.get(key) ?? { lease, ids: [] }
            group.ids.push(id)
            byLease.set(key, group)
          }
          return Effect.forEach(byLease.values(), ({ ids, lease }) => deliveries.release(ids, lease), {
            discard: true
          })
        }).pipe(Effect.catch((error) => Effect.logWarning("webhook claims not released", error._tag)))

      /**
       * Claims what there is room for, starts those sends with `start`, releases the rest. A send
       * that is interrupted adds its claim to `dropped`, for `releaseAll`.
       */
      const claimAndStart = (start: (effect: Effect.Effect<void>) => Effect.Effect<unknown>, dropped: Array<Dropped>) =>
        Effect.uninterruptibleMask((restore) =>
          Effect.gen(function* () {
            const room = Math.min(o.batch, o.concurrency - total)
            if (room <= 0) return 0
            const now = yield* DateTime.now
            const lease = DateTime.addDuration(now, o.lease)
            const full = [...inFlight].filter(([, n]) => n >= o.perEndpoint).map(([id]) => id)
            const claimed = yield* deliveries.claimDue(now, lease, room, full)
            const unused: Array<string> = []
            let started = 0
            for (const c of claimed) {
              const id = c.delivery.endpointId
              const n = inFlight.get(id) ?? 0
              if (n >= o.perEndpoint) {
                unused.push(c.delivery.id)
                continue
              }
              inFlight.set(id, n + 1)
              total++
              started++
              const onInterrupt = Effect.sync(() => void dropped.push({ id: c.delivery.id, lease }))
              yield* start(restore(send(c, lease)).pipe(Effect.onInterrupt(() => onInterrupt)))
            }
            yield* deliveries.release(unused, lease)
            return started
          })
        )

      const runOnce = Effect.suspend(() => {
        const fibers: Array<Fiber.Fiber<unknown>> = []
        const dropped: Array<Dropped> = []
        return claimAndStart(
          (effect) => Effect.map(Effect.forkChild(effect), (fiber) => void fibers.push(fiber)),
          dropped
        ).pipe(
          Effect.tap(() => Fiber.joinAll(fibers)),
          Effect.onInterrupt(() => Effect.andThen(Fiber.interruptAll(fibers), releaseAll(dropped)))
        )
      })

      /**
       * Runs until interrupted: claims whenever there is room, sends in the background. Interrupted,
       * it interrupts the sends in flight (closing their set) and then releases their claims.
       */
      const loop = Effect.suspend(() => {
        const dropped: Array<Dropped> = []
        return Effect.gen(function* () {
          const set = yield* FiberSet.make<unknown, never>()
          const start = (effect: Effect.Effect<void>) => FiberSet.run(set, effect)
          while (true) {
            const started = yield* claimAndStart(start, dropped).pipe(
              Effect.catch((error) =>
                Effect.logWarning("webhook dispatcher: store unavailable", error.message).pipe(Effect.as(0))
              )
            )
            if (started === 0) yield* Effect.sleep(o.idle)
          }
        }).pipe(Effect.scoped, Effect.ensuring(releaseAll(dropped)))
      })

      return { service: WebhookDispatcher.of({ runOnce }), loop }
    })

  /** The service, without the background loop (tests call `runOnce`). */
  static readonly layerNoLoop = (options: Partial<Options> = {}) =>
    Layer.effect(
      WebhookDispatcher,
      Effect.map(WebhookDispatcher.make(options), ({ service }) => service)
    )

  /** The service and its background loop, for the life of the layer. */
  static readonly layer = (options: Partial<Options> = {}) =>
    Layer.effect(
      WebhookDispatcher,
      Effect.gen(function* () {
        const { service, loop } = yield* WebhookDispatcher.make(options)
        yield* Effect.forkScoped(loop)
        return service
      })
    )
}
