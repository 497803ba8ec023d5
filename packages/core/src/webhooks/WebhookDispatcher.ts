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
 * **How it is built.** The decisions (which endpoints a claim leaves out, where a claim waits, which
 * send starts when, when to claim again) are plain steps over one structure, `DispatchState`, with
 * its invariants tested there. What runs is effect's: the sends are fibers of a `FiberSet` (awaited
 * and interrupted at shutdown), the results go through a `Queue` to the writer fiber, the claiming
 * pump waits on a `Latch` (opened by a notice, a send that leaves room, a write) or its next
 * wake-up, and writes are retried on a `Schedule`. The total of sends in flight is a count in the
 * state, not a `Semaphore`: a send starts only when its endpoint's window and the total both have
 * room, decided at the moment a send ends, which a semaphore's queue of waiters cannot say. The body
 * of a delivery is the rewards' to give (`CouponDelivery.bodyOf`, over the `Webhook.CouponCodes`
 * port): the worker knows nothing of coupons.
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
  Queue,
  Schedule,
  type Scope
} from "effect"
import * as EngineMetrics from "../EngineMetrics.ts"
import type { StoreError } from "../Failure.ts"
import * as CouponDelivery from "../rewards/CouponDelivery.ts"
import * as DispatchState from "./DispatchState.ts"
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

/** Most results written in one statement. */
const MAX_WRITE = 1_000

/** What a runner is given: the worker's options and ports, its clock, how it starts a send, its results' queue. */
interface RunnerContext {
  readonly o: Options
  readonly ports: Ports
  readonly clock: Clock.Clock
  readonly fork: (effect: Effect.Effect<void>) => unknown
  readonly results: Queue.Queue<Webhook.Tried>
}

/** The ports the worker uses, read once. */
interface Ports {
  readonly deliveries: Webhook.DeliveryRepo["Service"]
  readonly transport: Webhook.WebhookTransport["Service"]
  readonly bodyOf: (claimed: Webhook.Claimed) => Effect.Effect<string, StoreError>
}

/** The headers of a delivery's request. */
const headersOf = (claimed: Webhook.Claimed, signature: string) => ({
  "content-type": "application/json",
  "user-agent": "CampaignGames-Webhooks/1",
  "x-service-event": claimed.delivery.eventType,
  "x-service-delivery-id": claimed.delivery.id,
  "x-service-signature": signature
})

/** How long after it was due (its retry time, else its creation) a claimed delivery was sent, in seconds. */
const lagOf = (claimed: Webhook.Claimed, sentAt: number) =>
  (sentAt - DateTime.toEpochMillis(claimed.delivery.nextRetryAt ?? claimed.delivery.createdAt)) / 1000

/**
 * The worker's state and steps over one set of sends: the background loop has one for its life,
 * each `runOnce` one of its own.
 */
const makeRunner = (context: RunnerContext) => {
  const { clock, o, ports, results } = context
  const state = DispatchState.make()
  const pumpLatch = Latch.makeUnsafe(false)
  const now = () => clock.currentTimeMillisUnsafe()
  const sends = makeSends(state, context, () => pumpLatch.openUnsafe())
  // After a write the pump sets its next wake-up by the retries it knows, and claims if there is room again.
  const writes = makeWrites(state, ports.deliveries, results, (retrying) => {
    if (retrying || DispatchState.wantsClaim(state, o)) pumpLatch.openUnsafe()
  })
  const claim = makeClaim(state, context, sends.start)
  return {
    state,
    claim,
    writes,
    /** Stops starting sends (the first step of shutting down). */
    stop: Effect.sync(() => DispatchState.stop(state)),
    /** After the sends stopped: writes the results and releases every claim not finished. */
    settle: Effect.suspend(() => {
      DispatchState.abandonQueued(state)
      return Effect.andThen(writes.writeAll, writes.releaseUnused)
    }),
    pump: makePump(state, context, pumpLatch, claim, writes.releaseUnused, now),
    /** Called for each notice of the store: new deliveries. */
    notice: () => {
      DispatchState.noticed(state)
      pumpLatch.openUnsafe()
    }
  }
}

type Runner = ReturnType<typeof makeRunner>

/** Sending: one fiber per claim, started by `start` when its endpoint's window has room. */
const makeSends = (
  state: DispatchState.DispatchState,
  { clock, fork, o, ports, results }: RunnerContext,
  wantMore: () => void
) => {
  const now = () => clock.currentTimeMillisUnsafe()

  /** The result of a try: the window learns from it, the result goes to the writer. */
  const finished = (lane: DispatchState.Lane, h: DispatchState.Held, result: Webhook.AttemptResult, sentAt: number) => {
    const at = now()
    DispatchState.tried(lane, result, sentAt, at)
    const delivery = Webhook.afterAttempt(h.claimed.delivery, result, DateTime.makeUnsafe(at))
    Queue.offerUnsafe(results, { delivery, leaseUntil: h.lease })
    return delivery.status
  }

  const send = (lane: DispatchState.Lane, target: DispatchState.Target, h: DispatchState.Held): Effect.Effect<void> =>
    Effect.gen(function* () {
      const sentAt = now()
      const body = yield* ports.bodyOf(h.claimed)
      const seconds = Math.floor(sentAt / 1000)
      const signature = WebhookSignature.headerOf(seconds, target.sign(seconds, body))
      const result = yield* ports.transport.send({
        url: target.target.url,
        body,
        headers: headersOf(h.claimed, signature)
      })
      const status = finished(lane, h, result, sentAt)
      if (status !== "pending") yield* EngineMetrics.attemptCounted(status, lagOf(h.claimed, sentAt))
    }).pipe(
      // The coupon code could not be read: the claim lapses and the delivery is tried again later.
      Effect.catch((error) =>
        Effect.andThen(
          Effect.sync(() => DispatchState.lapsed(state)),
          Effect.logWarning("webhook delivery not sent: its coupon code could not be read", error._tag)
        )
      ),
      Effect.onExit((exit) =>
        Effect.sync(() => {
          if (Exit.isSuccess(exit)) return
          // Interrupted (shutting down): released at once; a defect: the claim lapses.
          if (Exit.hasInterrupts(exit)) DispatchState.interrupted(state, h)
          else DispatchState.lapsed(state)
        })
      ),
      Effect.ensuring(
        Effect.sync(() => void (DispatchState.afterSend(state, lane, now, o.concurrency, start) && wantMore()))
      )
    )

  const start = (lane: DispatchState.Lane, target: DispatchState.Target, h: DispatchState.Held) =>
    void fork(send(lane, target, h))

  return { start }
}

/** Writing results and releasing claims; `written` is told whether a write set retries. */
const makeWrites = (
  state: DispatchState.DispatchState,
  deliveries: Webhook.DeliveryRepo["Service"],
  results: Queue.Queue<Webhook.Tried>,
  written: (retrying: boolean) => void
) => {
  const record = (batch: ReadonlyArray<Webhook.Tried>) =>
    deliveries.recordAttempts(batch).pipe(
      Effect.retry({ times: 3, schedule: Schedule.spaced(Duration.millis(200)) }),
      // The claims lapse: the deliveries are sent again after their lease.
      Effect.catch((error) => Effect.logWarning("webhook attempts not recorded", error._tag)),
      Effect.ensuring(Effect.sync(() => written(DispatchState.afterWrite(state, batch))))
    )

  /** Writes up to `MAX_WRITE` results in one statement (retried a few times), without interruption. */
  const writeSome = Effect.uninterruptible(
    Effect.suspend(() =>
      Queue.sizeUnsafe(results) === 0 ? Effect.void : Effect.flatMap(Queue.takeBetween(results, 1, MAX_WRITE), record)
    )
  )

  /** Writes every result there is. */
  const writeAll = Effect.whileLoop({
    while: () => Queue.sizeUnsafe(results) > 0,
    body: () => writeSome,
    step: () => {}
  })

  /** Releases the unused claims, one statement per lease; they count as settled either way. */
  const releaseUnused = Effect.suspend(() => {
    if (state.unused.length === 0) return Effect.void
    return Effect.forEach(DispatchState.takeUnused(state), ({ ids, lease }) => deliveries.release(ids, lease), {
      discard: true
    }).pipe(Effect.catch((error) => Effect.logWarning("webhook claims not released", error._tag)))
  })

  /** Writes results as they come, gathering them for up to `flush` unless a batch is there; never returns. */
  const writer = (flush: Duration.Duration, batch: number) =>
    Effect.forever(
      Effect.gen(function* () {
        yield* Queue.peek(results)
        if (Queue.sizeUnsafe(results) < batch) yield* Effect.sleep(flush)
        yield* writeAll
      })
    )

  return { writeAll, releaseUnused, writer }
}

/**
 * One claim: what the plan allows (`DispatchState.plan`); reads the endpoints it has not seen (or
 * that changed), places the claims and starts the sends. Taken and queued without interruption, so
 * no claim is left held by a worker that stopped.
 */
const makeClaim =
  (state: DispatchState.DispatchState, { clock, o, ports }: RunnerContext, start: Start) =>
  (greedy: boolean): Effect.Effect<number, StoreError> =>
    Effect.uninterruptible(
      Effect.gen(function* () {
        const at = clock.currentTimeMillisUnsafe()
        const plan = DispatchState.plan(state, at, greedy, o)
        if (plan.limit <= 0) return 0
        const leaseMs = Duration.toMillis(o.lease)
        const lease = DateTime.makeUnsafe(at + leaseMs)
        const claimed = yield* ports.deliveries.claimDue(DateTime.makeUnsafe(at), lease, plan.limit, plan.excluded)
        DispatchState.afterClaim(state, plan, claimed.length, at)
        const read = yield* readTargets(state, ports.deliveries, DispatchState.staleEndpoints(state, claimed, at), at)
        const touched = DispatchState.place(state, claimed, lease, at, { greedy, read, leaseMs })
        for (const lane of touched)
          DispatchState.drain(state, lane, clock.currentTimeMillisUnsafe(), o.concurrency, start)
        return claimed.length
      })
    )

type Start = (lane: DispatchState.Lane, target: DispatchState.Target, held: DispatchState.Held) => void

/** Reads the targets of the `stale` endpoints, each with its signer; whether they could be read. */
const readTargets = (
  state: DispatchState.DispatchState,
  deliveries: Webhook.DeliveryRepo["Service"],
  stale: ReadonlySet<string>,
  at: number
): Effect.Effect<boolean> =>
  stale.size === 0
    ? Effect.succeed(true)
    : deliveries.targets([...stale]).pipe(
        Effect.map((targets) => {
          const signed = targets.map((target) => ({ target, sign: WebhookSignature.signer(target.secret) }))
          DispatchState.setTargets(state, stale, signed, at)
          return true
        }),
        Effect.catch((error) => Effect.as(Effect.logWarning("webhook endpoints not read", error._tag), false))
      )

/** Claims continually, as room, notices, retries and polls say; never returns. */
const makePump = (
  state: DispatchState.DispatchState,
  { o }: RunnerContext,
  latch: Latch.Latch,
  claim: (greedy: boolean) => Effect.Effect<number, StoreError>,
  releaseUnused: Effect.Effect<void>,
  now: () => number
) =>
  Effect.gen(function* () {
    const idleMs = Duration.toMillis(o.idle)
    const gatherMs = Duration.toMillis(o.gather)
    const lookAgainMs = Duration.toMillis(Webhook.DeliveryNotices.lookAgain)
    let pollAt = 0
    while (true) {
      latch.closeUnsafe()
      let at = now()
      if (at >= pollAt) {
        state.due = true
        pollAt = at + idleMs
      }
      if (DispatchState.takeDueWakes(state, at)) state.due = true
      // Deliveries announced right after a claim gather a little, to be claimed together.
      if (state.noticed && !state.due && !state.refill && at - state.lastClaimAt < gatherMs) {
        yield* Effect.sleep(Duration.millis(state.lastClaimAt + gatherMs - at))
      }
      if (DispatchState.wantsClaim(state, o)) {
        // A notice may stand for changes still committing: look again shortly after.
        if (state.noticed) DispatchState.wakeAt(state, at + lookAgainMs)
        yield* claimOrWait(state, claim, o.idle)
      }
      yield* releaseUnused
      if (DispatchState.wantsClaim(state, o)) continue
      at = now()
      const wait = Math.min(pollAt, state.wakes[0] ?? Infinity) - at
      if (wait > 0) yield* Effect.timeoutOption(latch.await, Duration.millis(wait))
    }
  })

/** A claim; when the store is unavailable, a claim is due again after `idle`. */
const claimOrWait = (
  state: DispatchState.DispatchState,
  claim: (greedy: boolean) => Effect.Effect<number, StoreError>,
  idle: Duration.Duration
) =>
  claim(false).pipe(
    Effect.asVoid,
    Effect.catch((error) =>
      Effect.andThen(Effect.logWarning("webhook dispatcher: store unavailable", error.message), () => {
        state.due = true
        return Effect.sleep(idle)
      })
    )
  )

/**
 * A set of sends and a runner over it, in the current scope. Closing the scope stops the runner,
 * lets its sends finish for up to `grace` (none when undefined), interrupts the rest, then writes
 * its results and releases its claims.
 */
const scopedRunner = (
  o: Options,
  ports: Ports,
  grace: Duration.Duration | undefined
): Effect.Effect<{ readonly runner: Runner; readonly sends: FiberSet.FiberSet<void, never> }, never, Scope.Scope> =>
  Effect.gen(function* () {
    const clock = yield* Effect.clockWith(Effect.succeed)
    // The runner needs the set, made after the finalizer that settles it: finalizers run last
    // added first (stop and wait, interrupt the sends, settle).
    const made: { runner?: Runner } = {}
    yield* Effect.addFinalizer(() => made.runner?.settle ?? Effect.void)
    const sends = yield* FiberSet.make<void, never>()
    const results = yield* Queue.unbounded<Webhook.Tried>()
    const runner = makeRunner({ o, ports, clock, fork: yield* FiberSet.runtime(sends)<never>(), results })
    made.runner = runner
    const finishing = grace === undefined ? Effect.void : Effect.timeoutOption(FiberSet.awaitEmpty(sends), grace)
    yield* Effect.addFinalizer(() => Effect.andThen(runner.stop, finishing))
    return { runner, sends }
  })

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
      const notices = yield* Webhook.DeliveryNotices
      const ports: Ports = {
        deliveries: yield* Webhook.DeliveryRepo,
        transport: yield* Webhook.WebhookTransport,
        bodyOf: CouponDelivery.bodyOf(yield* Webhook.CouponCodes)
      }

      const runOnce = Effect.scoped(
        Effect.gen(function* () {
          const { runner, sends } = yield* scopedRunner(o, ports, undefined)
          const claimed = yield* runner.claim(true)
          yield* FiberSet.awaitEmpty(sends)
          yield* runner.settle
          return claimed
        })
      )

      /** Runs until interrupted: the claiming pump, the writer and the store's notices. */
      const loop = Effect.scoped(
        Effect.gen(function* () {
          const { runner } = yield* scopedRunner(o, ports, o.grace)
          yield* notices.listen(runner.notice)
          yield* Effect.forkScoped(runner.writes.writer(o.flush, o.batch))
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
