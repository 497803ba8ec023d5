/**
 * The webhook delivery worker, run as a fiber in every server instance (`layer`). It claims due
 * deliveries (a lease in the store: instances never claim the same attempt), signs and sends each
 * one, and records the results (`Webhook.afterAttempt`). A delivery whose instance died mid-send is
 * claimed again once its lease passes and sent with the same id: deliveries are at least once,
 * never lost.
 *
 * - **Woken, never sleeping on a timer while there is work.** The worker claims when the store
 *   announces new deliveries (`DeliveryNotices`: PostgreSQL `LISTEN/NOTIFY`, so every instance
 *   hears of every play), when a send finishes and its endpoint has room for more, when a claim
 *   came back full, and when a retry it recorded comes due; otherwise it polls every `idle`
 *   (other instances' retries, a lost notice). After a notice it looks again shortly after
 *   (`DeliveryNotices.lookAgain`: the store may give one notice for changes committed close
 *   together); deliveries announced while a claim has just been made gather for up to `gather` and
 *   are claimed together.
 * - **Per endpoint, a send window** (`SendWindow`): at most 4 requests in flight to a new
 *   endpoint, growing while it answers well up to 64, halving at timeouts, refused connections,
 *   408, 429, 5xx or answers much slower than its usual: a receiver is never flooded, a fast one
 *   gets many requests at once, a dead one one at a time. Each endpoint holds at most three times
 *   its window of claims (sending or waiting to be sent), and is given more when it holds twice its
 *   window or less; an endpoint with no room is left out of the next claims, so a slow or dead
 *   endpoint never holds up the others.
 * - **In batches.** A claim is one statement for up to `batch` deliveries; results are gathered for
 *   up to `flush` and written in one statement for many (`DeliveryRepo.recordAttempts`). Each result
 *   is written only while the claim is still this worker's (the lease is a fencing token), so a
 *   worker that lost its claim cannot overwrite the newer one.
 * - **Endpoints read once.** An endpoint's URL and secret (`SendTarget`) are read when it is first
 *   claimed for, and again only when it has changed since (the claim returns its `updatedAt`), with
 *   one statement for all the endpoints a claim brings.
 * - **Leases.** A claim waiting for its endpoint's window is sent only while its lease has the send
 *   timeout and 5 s left (else released for another try), so a result is always written before
 *   its lease passes.
 * - **Shutdown.** When the worker is interrupted (its layer's scope closes: the server shuts down),
 *   it stops starting sends, lets those in flight finish for up to `grace` (an answered send is not
 *   sent again by another instance), interrupts the rest, writes the results it has, and releases
 *   the claims it did not finish, so another instance sends them at once instead of after the
 *   lease. A claim is taken and queued without interruption, so no claim is left held by a worker
 *   that stopped.
 *
 * Time comes from effect's `Clock`, so tests drive retries with `TestClock` (`runOnce`).
 *
 * @since 0.1.0
 */
import {
  type Clock,
  Context,
  DateTime,
  Duration,
  Effect,
  Exit,
  FiberSet,
  Latch,
  Layer,
  Option,
  Schedule,
  type Scope
} from "effect"
import * as EngineMetrics from "../EngineMetrics.ts"
import type { StoreError } from "../Failure.ts"
import { Secrets } from "../Secrets.ts"
import * as SendWindow from "./SendWindow.ts"
import * as Webhook from "./Webhook.ts"
import * as WebhookSignature from "./WebhookSignature.ts"

export interface Options {
  /** Most deliveries one claim takes. */
  readonly batch: number
  /** Most sends in flight at once, to every endpoint together. */
  readonly concurrency: number
  /** Most deliveries claimed and not yet recorded or released, in all. */
  readonly held: number
  /** How long a claim lasts; much longer than the send timeout. */
  readonly lease: Duration.Duration
  /** How often to look for due deliveries when nothing announced any. */
  readonly idle: Duration.Duration
  /** How long new deliveries announced right after a claim gather before the next claim. */
  readonly gather: Duration.Duration
  /** How long a result waits for others to be written with it. */
  readonly flush: Duration.Duration
  /** At shutdown, how long the sends in flight may take to finish before they are interrupted. */
  readonly grace: Duration.Duration
}

export const defaults: Options = {
  batch: 256,
  concurrency: 512,
  held: 2048,
  lease: Duration.seconds(60),
  idle: Duration.seconds(1),
  gather: Duration.millis(20),
  flush: Duration.millis(10),
  grace: Duration.seconds(2)
}

/** A claim waiting to be sent must have this much of its lease left: the send timeout and 5 s. */
const LEASE_LEFT = Duration.toMillis(Webhook.TIMEOUT) + 5_000

/** An endpoint a claim brought or left out within this long is active: its room counts for the next claim. */
const ACTIVE = 10_000

/** An endpoint's state is forgotten after this long with nothing to send (its window starts over). */
const FORGET = 60_000

/** Most results written in one statement. */
const MAX_WRITE = 1_000

/** Most wake-up times remembered (to claim a retry when it comes due rather than at the next poll). */
const MAX_WAKES = 1_024

/** A claimed delivery, with its lease. */
interface Held {
  readonly claimed: Webhook.Claimed
  readonly lease: DateTime.Utc
  readonly leaseMs: number
}

/** What the worker keeps of one endpoint. */
interface Lane {
  readonly endpointId: string
  target: Webhook.SendTarget | undefined
  window: SendWindow.SendWindow
  inFlight: number
  /** Claims waiting for room in the window, in claim order. */
  readonly queue: Array<Held>
  /** The store may hold more due deliveries of this endpoint (it was left out of a claim). */
  more: boolean
  /** When a claim last brought or left out one of its deliveries (epoch ms). */
  seenAt: number
}

const used = (lane: Lane): number => lane.inFlight + lane.queue.length

/** Claims an endpoint may hold (sending or waiting to be sent): three times its window. */
const capacity = (lane: Lane): number => 3 * SendWindow.size(lane.window)

/**
 * Whether an endpoint that may have more in the store should get more: it holds no more than twice
 * its window, so a claim brings at least a window's worth while a window's worth still waits.
 */
const runsLow = (lane: Lane): boolean => lane.more && used(lane) <= 2 * SendWindow.size(lane.window)

/**
 * Claims an endpoint may be given beyond its capacity (a claim's rows are not split by endpoint):
 * none while its window is small (a struggling endpoint), a few otherwise.
 */
const slack = (lane: Lane): number => (SendWindow.size(lane.window) >= SendWindow.INITIAL ? 2 * SendWindow.INITIAL : 0)

export class WebhookDispatcher extends Context.Service<
  WebhookDispatcher,
  {
    /** Claims what is due now, sends it, waits for those sends and records them; how many it claimed. */
    readonly runOnce: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/WebhookDispatcher") {
  static readonly make = (options: Partial<Options> = {}) =>
    Effect.gen(function* () {
      const o = { ...defaults, ...options }
      const leaseMs = Duration.toMillis(o.lease)
      const idleMs = Duration.toMillis(o.idle)
      const gatherMs = Duration.toMillis(o.gather)
      const lookAgainMs = Duration.toMillis(Webhook.DeliveryNotices.lookAgain)
      const deliveries = yield* Webhook.DeliveryRepo
      const notices = yield* Webhook.DeliveryNotices
      const transport = yield* Webhook.WebhookTransport
      const secrets = yield* Secrets
      const codes = yield* Webhook.CouponCodes

      /** The body sent: the stored payload, with the coupon code for endpoints that take it. */
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

      /**
       * The worker's state and steps over one set of sends: the background loop has one for its
       * life, each `runOnce` one of its own. `fork` starts a send in the set.
       */
      const makeRunner = (clock: Clock.Clock, fork: (effect: Effect.Effect<void>) => unknown) => {
        const lanes = new Map<string, Lane>()
        /** Lanes with claims held back by `concurrency`. */
        const waiting = new Set<Lane>()
        /** Results not yet written. */
        const results: Array<Webhook.Tried> = []
        /** Claims to release (no room for them, too little lease left, or their send interrupted). */
        const unused: Array<Held> = []
        /**
         * When to claim again (epoch ms), ascending: the retries of the results written, and a second
         * look shortly after each notice.
         */
        const wakes: Array<number> = []
        const pumpLatch = Latch.makeUnsafe(false)
        const writerLatch = Latch.makeUnsafe(false)
        let inFlight = 0
        /** Claimed and not yet written or released. */
        let held = 0
        /** A claim may find something: a poll, a retry came due, or the last claim was full. */
        let due = true
        /** The store announced new deliveries. */
        let noticed = false
        /** An endpoint that may have more in the store has room. */
        let refill = false
        let stopping = false
        let lastClaimAt = -Infinity
        let sweptAt = 0

        const now = () => clock.currentTimeMillisUnsafe()

        const laneOf = (endpointId: string): Lane => {
          let lane = lanes.get(endpointId)
          if (lane === undefined) {
            lane = {
              endpointId,
              target: undefined,
              window: SendWindow.initial,
              inFlight: 0,
              queue: [],
              more: false,
              seenAt: now()
            }
            lanes.set(endpointId, lane)
          }
          return lane
        }

        /** Forgets the endpoints with nothing to send for a while. */
        const sweep = (at: number) => {
          if (at - sweptAt < FORGET) return
          sweptAt = at
          for (const [id, lane] of lanes) {
            if (used(lane) === 0 && !lane.more && at - lane.seenAt > FORGET) lanes.delete(id)
          }
        }

        /** Claims again at `at` (within 10 ms of a time already there, that one does). */
        const wakeAt = (at: number) => {
          let i = wakes.length
          while (i > 0 && wakes[i - 1]! > at) i--
          if ((i > 0 && at - wakes[i - 1]! < 10) || (i < wakes.length && wakes[i]! - at < 10)) return
          wakes.splice(i, 0, at)
          if (wakes.length > MAX_WAKES) wakes.pop()
        }

        /** The result of a try: the window learns from it, the result waits for the writer. */
        const finished = (lane: Lane, h: Held, result: Webhook.AttemptResult, sentAt: number) => {
          const at = now()
          lane.window = SendWindow.afterTry(lane.window, result, sentAt, at)
          const delivery = Webhook.afterAttempt(h.claimed.delivery, result, DateTime.makeUnsafe(at))
          results.push({ delivery, leaseUntil: h.lease })
          writerLatch.openUnsafe()
          return delivery.status
        }

        /** How long after it was due (its retry time, else its creation) a claimed delivery was sent. */
        const lagOf = (claimed: Webhook.Claimed, sentAt: number) =>
          (sentAt - DateTime.toEpochMillis(claimed.delivery.nextRetryAt ?? claimed.delivery.createdAt)) / 1000

        const send = (lane: Lane, target: Webhook.SendTarget, h: Held): Effect.Effect<void> =>
          Effect.gen(function* () {
            const sentAt = now()
            const body = yield* bodyOf(h.claimed)
            const signature = yield* WebhookSignature.headerWith(
              secrets,
              target.secret,
              Math.floor(sentAt / 1000),
              body
            )
            const result = yield* transport.send({
              url: target.url,
              body,
              headers: {
                "content-type": "application/json",
                "user-agent": "CampaignGames-Webhooks/1",
                "x-service-event": h.claimed.delivery.eventType,
                "x-service-delivery-id": h.claimed.delivery.id,
                "x-service-signature": signature
              }
            })
            const status = finished(lane, h, result, sentAt)
            if (status !== "pending") yield* EngineMetrics.attemptCounted(status, lagOf(h.claimed, sentAt))
          }).pipe(
            // The coupon code could not be read: the claim lapses and the delivery is tried again later.
            Effect.catch((error) =>
              Effect.andThen(
                Effect.sync(() => void held--),
                Effect.logWarning("webhook delivery not sent: its coupon code could not be read", error._tag)
              )
            ),
            Effect.onExit((exit) =>
              Effect.sync(() => {
                if (Exit.isSuccess(exit)) return
                // Interrupted (shutting down): released at once; a defect: the claim lapses.
                if (Exit.hasInterrupts(exit)) unused.push(h)
                else held--
              })
            ),
            Effect.ensuring(Effect.sync(() => sent(lane)))
          )

        /** A send ended: start what now has room, and ask for more when the endpoint runs low. */
        const sent = (lane: Lane) => {
          lane.inFlight--
          inFlight--
          if (stopping) return
          drain(lane)
          for (const other of waiting) {
            if (inFlight >= o.concurrency) break
            drain(other)
          }
          if (runsLow(lane)) {
            refill = true
            pumpLatch.openUnsafe()
          }
        }

        /** Starts the lane's waiting claims while its window (and the total) has room. */
        const drain = (lane: Lane) => {
          const target = lane.target
          if (stopping || target === undefined) return
          const at = now()
          while (lane.queue.length > 0 && lane.inFlight < SendWindow.size(lane.window)) {
            if (inFlight >= o.concurrency) {
              waiting.add(lane)
              return
            }
            const h = lane.queue.shift()!
            if (h.leaseMs - at < LEASE_LEFT) {
              unused.push(h)
              continue
            }
            lane.inFlight++
            inFlight++
            fork(send(lane, target, h))
          }
          waiting.delete(lane)
        }

        /** Whether a claim is wanted and there is room for one. */
        const wantsClaim = () => (due || noticed || refill) && held < o.held

        /**
         * One claim: what the active endpoints have room for (all that is due, when `greedy`),
         * leaving out the full ones; reads the endpoints it has not seen (or that changed), then
         * starts the sends. Taken and queued without interruption.
         */
        const claim = (greedy: boolean) =>
          Effect.uninterruptible(
            Effect.gen(function* () {
              const at = now()
              sweep(at)
              const discover = due || noticed
              const excluded: Array<string> = []
              let room = 0
              for (const lane of lanes.values()) {
                const free = capacity(lane) - used(lane)
                if (free <= 0) excluded.push(lane.endpointId)
                else if (used(lane) > 0 || lane.more || at - lane.seenAt < ACTIVE) room += free
              }
              const limit = greedy
                ? o.batch
                : Math.min(o.batch, o.held - held, room + (discover ? 2 * SendWindow.INITIAL : 0))
              due = false
              noticed = false
              refill = false
              if (limit <= 0) return 0
              lastClaimAt = at
              const lease = DateTime.makeUnsafe(at + leaseMs)
              const claimed = yield* deliveries.claimDue(DateTime.makeUnsafe(at), lease, limit, excluded)
              held += claimed.length
              const full = claimed.length >= limit
              if (full) due = true
              else for (const lane of lanes.values()) lane.more = false
              for (const id of excluded) {
                const lane = lanes.get(id)!
                lane.more = true
                lane.seenAt = at
              }

              const stale = new Set<string>()
              for (const c of claimed) {
                const target = laneOf(c.delivery.endpointId).target
                if (
                  target === undefined ||
                  DateTime.toEpochMillis(target.updatedAt) !== DateTime.toEpochMillis(c.endpointUpdatedAt)
                ) {
                  stale.add(c.delivery.endpointId)
                }
              }
              const read =
                stale.size === 0
                  ? true
                  : yield* deliveries.targets([...stale]).pipe(
                      Effect.map((targets) => {
                        for (const id of stale) laneOf(id).target = undefined
                        for (const target of targets) laneOf(target.endpointId).target = target
                        // An endpoint deleted since: its deliveries went with it, the claims waiting too.
                        for (const id of stale) {
                          const lane = laneOf(id)
                          if (lane.target === undefined) held -= lane.queue.splice(0).length
                        }
                        return true
                      }),
                      Effect.catch((error) =>
                        Effect.as(Effect.logWarning("webhook endpoints not read", error._tag), false)
                      )
                    )

              const touched = new Set<Lane>()
              for (const c of claimed) {
                const h: Held = { claimed: c, lease, leaseMs: at + leaseMs }
                const lane = laneOf(c.delivery.endpointId)
                lane.seenAt = at
                if (!read) {
                  unused.push(h)
                } else if (lane.target === undefined) {
                  // Its endpoint was deleted since, and its deliveries with it: nothing to send or release.
                  held--
                } else if (greedy || used(lane) < capacity(lane) + slack(lane)) {
                  lane.queue.push(h)
                  touched.add(lane)
                } else {
                  unused.push(h)
                  lane.more = true
                }
              }
              for (const lane of touched) drain(lane)
              return claimed.length
            })
          )

        /** Releases the unused claims, one statement per lease; they count as settled either way. */
        const releaseUnused = Effect.suspend(() => {
          if (unused.length === 0) return Effect.void
          const byLease = new Map<number, { readonly lease: DateTime.Utc; readonly ids: Array<string> }>()
          for (const h of unused.splice(0)) {
            held--
            const group = byLease.get(h.leaseMs) ?? { lease: h.lease, ids: [] }
            group.ids.push(h.claimed.delivery.id)
            byLease.set(h.leaseMs, group)
          }
          return Effect.forEach(byLease.values(), ({ ids, lease }) => deliveries.release(ids, lease), {
            discard: true
          }).pipe(Effect.catch((error) => Effect.logWarning("webhook claims not released", error._tag)))
        })

        /** Writes up to `MAX_WRITE` results in one statement (retried a few times), without interruption. */
        const writeSome = Effect.uninterruptible(
          Effect.suspend(() => {
            const batch = results.splice(0, MAX_WRITE)
            if (batch.length === 0) return Effect.void
            return deliveries.recordAttempts(batch).pipe(
              Effect.retry({ times: 3, schedule: Schedule.spaced(Duration.millis(200)) }),
              Effect.catch((error) =>
                // The claims lapse: the deliveries are sent again after their lease.
                Effect.logWarning("webhook attempts not recorded", error._tag)
              ),
              Effect.ensuring(
                Effect.sync(() => {
                  held -= batch.length
                  let retrying = false
                  for (const tried of batch) {
                    const next = tried.delivery.nextRetryAt
                    if (tried.delivery.status === "failed" && next !== null) {
                      wakeAt(DateTime.toEpochMillis(next))
                      retrying = true
                    }
                  }
                  // The pump sets its next wake-up by the retries it knows, and claims when there is room again.
                  if (retrying || wantsClaim()) pumpLatch.openUnsafe()
                })
              )
            )
          })
        )

        /** Writes every result there is. */
        const writeAll = Effect.whileLoop({ while: () => results.length > 0, body: () => writeSome, step: () => {} })

        /** Stops starting sends (the first step of shutting down). */
        const stop = Effect.sync(() => void (stopping = true))

        /** After the sends stopped: writes the results and releases every claim not finished. */
        const settle = Effect.suspend(() => {
          for (const lane of lanes.values()) unused.push(...lane.queue.splice(0))
          return Effect.andThen(writeAll, releaseUnused)
        })

        /** Claims continually, as room, notices, retries and polls say; never returns. */
        const pump = Effect.gen(function* () {
          let pollAt = 0
          while (true) {
            pumpLatch.closeUnsafe()
            let at = now()
            if (at >= pollAt) {
              due = true
              pollAt = at + idleMs
            }
            while (wakes.length > 0 && wakes[0]! <= at) {
              wakes.shift()
              due = true
            }
            // Deliveries announced right after a claim gather a little, to be claimed together.
            if (noticed && !due && !refill && at - lastClaimAt < gatherMs) {
              yield* Effect.sleep(Duration.millis(lastClaimAt + gatherMs - at))
            }
            if (wantsClaim()) {
              // A notice may stand for changes still committing: look again shortly after.
              if (noticed) wakeAt(at + lookAgainMs)
              const failed = yield* claim(false).pipe(
                Effect.as(false),
                Effect.catch((error) =>
                  Effect.as(Effect.logWarning("webhook dispatcher: store unavailable", error.message), true)
                )
              )
              if (failed) {
                due = true
                yield* Effect.sleep(o.idle)
              }
            }
            yield* releaseUnused
            if (wantsClaim()) continue
            at = now()
            const wait = Math.min(pollAt, wakes[0] ?? Infinity) - at
            if (wait > 0) yield* Effect.timeoutOption(pumpLatch.await, Duration.millis(wait))
          }
        })

        /** Writes results as they come, gathering them for up to `flush`; never returns. */
        const writer = Effect.gen(function* () {
          while (true) {
            yield* writerLatch.await
            writerLatch.closeUnsafe()
            if (results.length === 0) continue
            if (results.length < o.batch) yield* Effect.sleep(o.flush)
            yield* writeAll
          }
        })

        return {
          claim,
          settle,
          stop,
          pump,
          writer,
          /** Called for each notice of the store: new deliveries. */
          notice: () => {
            noticed = true
            pumpLatch.openUnsafe()
          }
        }
      }

      /**
       * A set of sends and a runner over it, in the current scope. Closing the scope stops the
       * runner, lets its sends finish for up to `grace` (none when undefined), interrupts the rest,
       * then writes its results and releases its claims.
       */
      const scopedRunner = (
        grace: Duration.Duration | undefined
      ): Effect.Effect<
        { readonly runner: ReturnType<typeof makeRunner>; readonly sends: FiberSet.FiberSet<void, never> },
        never,
        Scope.Scope
      > =>
        Effect.gen(function* () {
          const clock = yield* Effect.clockWith(Effect.succeed)
          // The runner needs the set, made after the finalizer that settles it: finalizers run last
          // added first (stop and wait, interrupt the sends, settle).
          const made: { runner?: ReturnType<typeof makeRunner> } = {}
          yield* Effect.addFinalizer(() => made.runner?.settle ?? Effect.void)
          const sends = yield* FiberSet.make<void, never>()
          const runner = makeRunner(clock, yield* FiberSet.runtime(sends)<never>())
          made.runner = runner
          const finishing = grace === undefined ? Effect.void : Effect.timeoutOption(FiberSet.awaitEmpty(sends), grace)
          yield* Effect.addFinalizer(() => Effect.andThen(runner.stop, finishing))
          return { runner, sends }
        })

      const runOnce = Effect.scoped(
        Effect.gen(function* () {
          const { runner, sends } = yield* scopedRunner(undefined)
          const claimed = yield* runner.claim(true)
          yield* FiberSet.awaitEmpty(sends)
          yield* runner.settle
          return claimed
        })
      )

      /** Runs until interrupted: the claiming pump, the writer and the store's notices. */
      const loop = Effect.scoped(
        Effect.gen(function* () {
          const { runner } = yield* scopedRunner(o.grace)
          yield* notices.listen(runner.notice)
          yield* Effect.forkScoped(runner.writer)
          return yield* runner.pump
        })
      )

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
