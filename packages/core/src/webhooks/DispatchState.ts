/**
 * What the webhook dispatcher (`WebhookDispatcher`) keeps between its steps, in one named structure,
 * and the steps over it that decide without doing: which endpoints a claim leaves out and how many it
 * may take, where the claimed deliveries wait, which wait their turn to be sent, when to claim again.
 * Nothing here reads the store, sends or sleeps (the dispatcher does, on effect's `FiberSet`, `Queue`
 * and `Latch`); time is passed in (epoch ms), so every step is a plain function of the state and its
 * arguments, as `SendWindow` is of one endpoint's window.
 *
 * Invariants (tested in `WebhookDispatchState.test.ts`):
 *
 * - **Held.** `held` counts the claims not yet written or released: those waiting in a lane's
 *   `queue`, those in flight, those in `unused` (to release), and the results the dispatcher has not
 *   yet written. It never exceeds the dispatcher's `held` option plus one claim's `batch`.
 * - **In flight.** `inFlight` is the sum of the lanes' `inFlight`, and a send starts only while it is
 *   below the dispatcher's `concurrency` and its lane's below its window (`SendWindow.size`); a lane
 *   with claims held back by the total alone is in `waiting`.
 * - **Wakes.** `wakes` is ascending, holds no two times within `WAKE_MERGE` ms of each other and at
 *   most `MAX_WAKES` of them.
 * - **Leases.** A claim starts sending only with `LEASE_LEFT` of its lease left; otherwise it goes to
 *   `unused`, released for another try.
 *
 * @since 0.1.0
 */
import { DateTime, Duration } from "effect"
import * as SendWindow from "./SendWindow.ts"
import * as Webhook from "./Webhook.ts"
import type * as WebhookSignature from "./WebhookSignature.ts"

/** A claim waiting to be sent must have this much of its lease left: the send timeout and 5 s. */
export const LEASE_LEFT = Duration.toMillis(Webhook.TIMEOUT) + 5_000

/** An endpoint a claim brought or left out within this long is active: its room counts for the next claim. */
export const ACTIVE = 10_000

/** An endpoint's state is forgotten after this long with nothing to send (its window starts over). */
export const FORGET = 60_000

/** Most wake-up times remembered (to claim a retry when it comes due rather than at the next poll). */
export const MAX_WAKES = 1_024

/** A wake-up within this many ms of one already there is that one. */
export const WAKE_MERGE = 10

/** A claimed delivery, with its lease. */
export interface Held {
  readonly claimed: Webhook.Claimed
  readonly lease: DateTime.Utc
  readonly leaseMs: number
}

/** Where and how one endpoint's deliveries are sent: its URL and secret, and the signer of that secret. */
export interface Target {
  readonly target: Webhook.SendTarget
  readonly sign: WebhookSignature.Signer
}

/** What the dispatcher keeps of one endpoint. */
export interface Lane {
  readonly endpointId: string
  target: Target | undefined
  window: SendWindow.SendWindow
  inFlight: number
  /** Claims waiting for room in the window, in claim order. */
  readonly queue: Array<Held>
  /** The store may hold more due deliveries of this endpoint (it was left out of a claim). */
  more: boolean
  /** When a claim last brought or left out one of its deliveries (epoch ms). */
  seenAt: number
}

/** The dispatcher's limits that the steps read. */
export interface Limits {
  /** Most deliveries one claim takes. */
  readonly batch: number
  /** Most sends in flight at once. */
  readonly concurrency: number
  /** Most claims held. */
  readonly held: number
}

export interface DispatchState {
  readonly lanes: Map<string, Lane>
  /** Lanes with claims held back by `concurrency`. */
  readonly waiting: Set<Lane>
  /** Claims to release (no room for them, too little lease left, or their send interrupted). */
  readonly unused: Array<Held>
  /** When to claim again (epoch ms), ascending: retries coming due, a second look after a notice. */
  readonly wakes: Array<number>
  inFlight: number
  /** Claimed and not yet written or released. */
  held: number
  /** A claim may find something: a poll, a retry came due, or the last claim was full. */
  due: boolean
  /** The store announced new deliveries. */
  noticed: boolean
  /** An endpoint that may have more in the store has room. */
  refill: boolean
  /** Shutting down: no send starts any more. */
  stopping: boolean
  lastClaimAt: number
  sweptAt: number
}

/** The state of a dispatcher that has claimed nothing yet (its first claim is due). */
export const make = (): DispatchState => ({
  lanes: new Map(),
  waiting: new Set(),
  unused: [],
  wakes: [],
  inFlight: 0,
  held: 0,
  due: true,
  noticed: false,
  refill: false,
  stopping: false,
  lastClaimAt: -Infinity,
  sweptAt: 0
})

/** Claims in a lane, sending or waiting to be sent. */
export const used = (lane: Lane): number => lane.inFlight + lane.queue.length

/** Claims an endpoint may hold (sending or waiting to be sent): three times its window. */
export const capacity = (lane: Lane): number => 3 * SendWindow.size(lane.window)

/**
 * Whether an endpoint that may have more in the store should get more: it holds no more than twice
 * its window, so a claim brings at least a window's worth while a window's worth still waits.
 */
export const runsLow = (lane: Lane): boolean => lane.more && used(lane) <= 2 * SendWindow.size(lane.window)

/**
 * Claims an endpoint may be given beyond its capacity (a claim's rows are not split by endpoint):
 * none while its window is small (a struggling endpoint), a few otherwise.
 */
const slack = (lane: Lane): number => (SendWindow.size(lane.window) >= SendWindow.INITIAL ? 2 * SendWindow.INITIAL : 0)

/** The lane of an endpoint, made when first seen. */
export const laneOf = (state: DispatchState, endpointId: string, at: number): Lane => {
  let lane = state.lanes.get(endpointId)
  if (lane === undefined) {
    lane = {
      endpointId,
      target: undefined,
      window: SendWindow.initial,
      inFlight: 0,
      queue: [],
      more: false,
      seenAt: at
    }
    state.lanes.set(endpointId, lane)
  }
  return lane
}

/** Forgets the endpoints with nothing to send for `FORGET` (looked at once per `FORGET`). */
export const sweep = (state: DispatchState, at: number): void => {
  if (at - state.sweptAt < FORGET) return
  state.sweptAt = at
  for (const [id, lane] of state.lanes) {
    if (used(lane) === 0 && !lane.more && at - lane.seenAt > FORGET) state.lanes.delete(id)
  }
}

/** Claims again at `at` (within `WAKE_MERGE` ms of a time already there, that one does). */
export const wakeAt = (state: DispatchState, at: number): void => {
  const wakes = state.wakes
  let i = wakes.length
  while (i > 0 && wakes[i - 1]! > at) i--
  if ((i > 0 && at - wakes[i - 1]! < WAKE_MERGE) || (i < wakes.length && wakes[i]! - at < WAKE_MERGE)) return
  wakes.splice(i, 0, at)
  if (wakes.length > MAX_WAKES) wakes.pop()
}

/** Takes the wake-ups that came due by `at`; whether there was one. */
export const takeDueWakes = (state: DispatchState, at: number): boolean => {
  let any = false
  while (state.wakes.length > 0 && state.wakes[0]! <= at) {
    state.wakes.shift()
    any = true
  }
  return any
}

/** Whether a claim is wanted and there is room for one. */
export const wantsClaim = (state: DispatchState, limits: Limits): boolean =>
  (state.due || state.noticed || state.refill) && state.held < limits.held

/** What one claim asks the store for. */
export interface Plan {
  /** Most deliveries to take (0: no claim). */
  readonly limit: number
  /** The endpoints with no room, left out. */
  readonly excluded: ReadonlyArray<string>
}

/**
 * The next claim: what the active endpoints have room for (all that is due, when `greedy`), leaving
 * out the full ones. The reasons to claim (`due`, `noticed`, `refill`) are answered by it.
 */
export const plan = (state: DispatchState, at: number, greedy: boolean, limits: Limits): Plan => {
  sweep(state, at)
  const discover = state.due || state.noticed
  const excluded: Array<string> = []
  let room = 0
  for (const lane of state.lanes.values()) {
    const free = capacity(lane) - used(lane)
    if (free <= 0) excluded.push(lane.endpointId)
    else if (used(lane) > 0 || lane.more || at - lane.seenAt < ACTIVE) room += free
  }
  const limit = greedy
    ? limits.batch
    : Math.min(limits.batch, limits.held - state.held, room + (discover ? 2 * SendWindow.INITIAL : 0))
  state.due = false
  state.noticed = false
  state.refill = false
  if (limit > 0) state.lastClaimAt = at
  return { limit, excluded }
}

/** After the store answered a claim with `claimed` deliveries: a full claim means more is due. */
export const afterClaim = (state: DispatchState, plan: Plan, claimed: number, at: number): void => {
  state.held += claimed
  if (claimed >= plan.limit) state.due = true
  else for (const lane of state.lanes.values()) lane.more = false
  for (const id of plan.excluded) {
    const lane = state.lanes.get(id)!
    lane.more = true
    lane.seenAt = at
  }
}

/** The endpoints of `claimed` whose target is not known, or changed since it was read. */
export const staleEndpoints = (
  state: DispatchState,
  claimed: ReadonlyArray<Webhook.Claimed>,
  at: number
): ReadonlySet<string> => {
  const stale = new Set<string>()
  for (const c of claimed) {
    const known = laneOf(state, c.delivery.endpointId, at).target
    if (
      known === undefined ||
      DateTime.toEpochMillis(known.target.updatedAt) !== DateTime.toEpochMillis(c.endpointUpdatedAt)
    ) {
      stale.add(c.delivery.endpointId)
    }
  }
  return stale
}

/**
 * The targets read for the `stale` endpoints. An endpoint not among them was deleted since: its
 * deliveries went with it, the claims waiting for it too (no longer held).
 */
export const setTargets = (
  state: DispatchState,
  stale: ReadonlySet<string>,
  targets: ReadonlyArray<Target>,
  at: number
): void => {
  for (const id of stale) laneOf(state, id, at).target = undefined
  for (const target of targets) laneOf(state, target.target.endpointId, at).target = target
  for (const id of stale) {
    const lane = laneOf(state, id, at)
    if (lane.target === undefined) state.held -= lane.queue.splice(0).length
  }
}

/**
 * Places the claimed deliveries: in their lane's queue while it has room (any room, when `greedy`),
 * else to release; all to release when their endpoints could not be `read`. Returns the lanes given
 * claims, to start their sends.
 */
export const place = (
  state: DispatchState,
  claimed: ReadonlyArray<Webhook.Claimed>,
  lease: DateTime.Utc,
  at: number,
  options: { readonly greedy: boolean; readonly read: boolean; readonly leaseMs: number }
): ReadonlySet<Lane> => {
  const touched = new Set<Lane>()
  for (const c of claimed) {
    const h: Held = { claimed: c, lease, leaseMs: at + options.leaseMs }
    const lane = laneOf(state, c.delivery.endpointId, at)
    lane.seenAt = at
    if (!options.read) {
      state.unused.push(h)
    } else if (lane.target === undefined) {
      // Its endpoint was deleted since, and its deliveries with it: nothing to send or release.
      state.held--
    } else if (options.greedy || used(lane) < capacity(lane) + slack(lane)) {
      lane.queue.push(h)
      touched.add(lane)
    } else {
      state.unused.push(h)
      lane.more = true
    }
  }
  return touched
}

/**
 * Starts the lane's waiting claims while its window and the total have room: `start` is called for
 * each, in claim order, its counts taken first (a send that ends at once, inside `start`, sees them).
 * A claim with too little lease left goes to release instead.
 */
export const drain = (
  state: DispatchState,
  lane: Lane,
  at: number,
  concurrency: number,
  start: (lane: Lane, target: Target, held: Held) => void
): void => {
  const target = lane.target
  if (state.stopping || target === undefined) return
  while (lane.queue.length > 0 && lane.inFlight < SendWindow.size(lane.window)) {
    if (state.inFlight >= concurrency) {
      state.waiting.add(lane)
      return
    }
    const h = lane.queue.shift()!
    if (h.leaseMs - at < LEASE_LEFT) {
      state.unused.push(h)
      continue
    }
    lane.inFlight++
    state.inFlight++
    start(lane, target, h)
  }
  state.waiting.delete(lane)
}

/**
 * A send of `lane` ended: starts what now has room (that lane first, then those waiting for the
 * total); whether the lane runs low and a claim should bring it more.
 */
export const afterSend = (
  state: DispatchState,
  lane: Lane,
  at: () => number,
  concurrency: number,
  start: (lane: Lane, target: Target, held: Held) => void
): boolean => {
  lane.inFlight--
  state.inFlight--
  if (state.stopping) return false
  drain(state, lane, at(), concurrency, start)
  for (const other of state.waiting) {
    if (state.inFlight >= concurrency) break
    drain(state, other, at(), concurrency, start)
  }
  if (!runsLow(lane)) return false
  state.refill = true
  return true
}

/** The claims to release, taken out, grouped by lease (one statement each); they are no longer held. */
export const takeUnused = (
  state: DispatchState
): ReadonlyArray<{ readonly lease: DateTime.Utc; readonly ids: ReadonlyArray<string> }> => {
  const byLease = new Map<number, { readonly lease: DateTime.Utc; readonly ids: Array<string> }>()
  for (const h of state.unused.splice(0)) {
    state.held--
    const group = byLease.get(h.leaseMs) ?? { lease: h.lease, ids: [] }
    group.ids.push(h.claimed.delivery.id)
    byLease.set(h.leaseMs, group)
  }
  return [...byLease.values()]
}

/** A try of the lane's endpoint, sent at `sentAt` and ended at `at`: its window learns from it. */
export const tried = (lane: Lane, result: Webhook.AttemptResult, sentAt: number, at: number): void => {
  lane.window = SendWindow.afterTry(lane.window, result, sentAt, at)
}

/** The store announced new deliveries. */
export const noticed = (state: DispatchState): void => {
  state.noticed = true
}

/** A send that could not finish (its body not read, or a defect): its claim lapses, no longer held. */
export const lapsed = (state: DispatchState): void => {
  state.held--
}

/** A send interrupted (shutting down): its claim is released at once. */
export const interrupted = (state: DispatchState, held: Held): void => {
  state.unused.push(held)
}

/** Stops starting sends (the first step of shutting down). */
export const stop = (state: DispatchState): void => {
  state.stopping = true
}

/** Every claim still waiting in a lane, moved to `unused` (after the sends stopped). */
export const abandonQueued = (state: DispatchState): void => {
  for (const lane of state.lanes.values()) state.unused.push(...lane.queue.splice(0))
}

/**
 * Results were written (or given up): they are no longer held, and the retries they set are
 * remembered as wake-ups. Whether any retry was set.
 */
export const afterWrite = (state: DispatchState, batch: ReadonlyArray<Webhook.Tried>): boolean => {
  state.held -= batch.length
  let retrying = false
  for (const tried of batch) {
    const next = tried.delivery.nextRetryAt
    if (tried.delivery.status === "failed" && next !== null) {
      wakeAt(state, DateTime.toEpochMillis(next))
      retrying = true
    }
  }
  return retrying
}
