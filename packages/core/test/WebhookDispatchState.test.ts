/**
 * The webhook dispatcher's bookkeeping (`DispatchState`) and its invariants, driven by hand: claims
 * placed in lanes, sends started and ended, results written, claims released, wake-ups set. After
 * every step the counts must agree with what the lanes hold (`check`), so a step that forgets a
 * claim (a lease held for nothing) or counts one twice (a claim never made) fails here.
 */
import { Fixtures } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as DispatchState from "../src/webhooks/DispatchState.ts"
import * as SendWindow from "../src/webhooks/SendWindow.ts"
import * as Webhook from "../src/webhooks/Webhook.ts"
import * as WebhookSignature from "../src/webhooks/WebhookSignature.ts"

const T0 = 1_780_000_000_000
const LEASE_MS = 60_000
const limits: DispatchState.Limits = { batch: 256, concurrency: 6, held: 2048 }

const claimed = (id: string, endpointId: string): Webhook.Claimed => ({
  delivery: Fixtures.makeDelivery(Fixtures.makeEndpoint("acc_1", { id: endpointId }), { id }),
  includeCouponCodes: false,
  endpointUpdatedAt: DateTime.makeUnsafe(T0)
})

const target = (endpointId: string): DispatchState.Target => ({
  target: { endpointId, url: `https://${endpointId}.example`, secret: "whsec_x", updatedAt: DateTime.makeUnsafe(T0) },
  sign: WebhookSignature.signer("whsec_x")
})

/** The dispatcher's view of sends in flight, and the results it has not written yet. */
interface World {
  readonly state: DispatchState.DispatchState
  readonly flying: Array<{ readonly lane: DispatchState.Lane; readonly held: DispatchState.Held }>
  readonly results: Array<Webhook.Tried>
}

const world = (): World => ({ state: DispatchState.make(), flying: [], results: [] })

const start = (w: World) => (lane: DispatchState.Lane, _target: DispatchState.Target, held: DispatchState.Held) =>
  void w.flying.push({ lane, held })

/** The invariants of the module's header, over the state and what the dispatcher holds outside it. */
const check = (w: World) => {
  const { state } = w
  const lanes = [...state.lanes.values()]
  const queued = lanes.reduce((n, lane) => n + lane.queue.length, 0)
  const inFlight = lanes.reduce((n, lane) => n + lane.inFlight, 0)
  assert.strictEqual(state.inFlight, inFlight, "inFlight is the lanes' sum")
  assert.strictEqual(state.inFlight, w.flying.length, "inFlight counts the sends started and not ended")
  assert.isAtMost(state.inFlight, limits.concurrency, "never more in flight than the concurrency")
  for (const lane of lanes) {
    assert.isAtMost(lane.inFlight, SendWindow.size(lane.window), "never more in flight to a lane than its window")
  }
  assert.strictEqual(state.held, queued + inFlight + state.unused.length + w.results.length, "held")
  for (let i = 1; i < state.wakes.length; i++) {
    assert.isAtLeast(state.wakes[i]! - state.wakes[i - 1]!, DispatchState.WAKE_MERGE, "wakes ascending, apart")
  }
  assert.isAtMost(state.wakes.length, DispatchState.MAX_WAKES)
}

/** One claim of `ids` (endpoint of each) at `at`, as the dispatcher makes it. */
const claim = (w: World, at: number, rows: ReadonlyArray<readonly [string, string]>, greedy = false) => {
  const plan = DispatchState.plan(w.state, at, greedy, limits)
  const got = rows.slice(0, plan.limit).map(([id, endpointId]) => claimed(id, endpointId))
  DispatchState.afterClaim(w.state, plan, got.length, at)
  const stale = DispatchState.staleEndpoints(w.state, got, at)
  DispatchState.setTargets(w.state, stale, [...stale].map(target), at)
  const lease = DateTime.makeUnsafe(at + LEASE_MS)
  const touched = DispatchState.place(w.state, got, lease, at, { greedy, read: true, leaseMs: LEASE_MS })
  for (const lane of touched) DispatchState.drain(w.state, lane, at, limits.concurrency, start(w))
  check(w)
  return plan
}

/** The first send in flight ends with `status` at `at`; its result waits for the writer. */
const answer = (w: World, at: number, status = 200) => {
  const { held, lane } = w.flying.shift()!
  const result: Webhook.AttemptResult = { _tag: "Answered", status }
  DispatchState.tried(lane, result, at - 1, at)
  const delivery = Webhook.afterAttempt(held.claimed.delivery, result, DateTime.makeUnsafe(at))
  w.results.push({ delivery, leaseUntil: held.lease })
  DispatchState.afterSend(w.state, lane, () => at, limits.concurrency, start(w))
  check(w)
}

const rows = (endpointId: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => [`wd_${endpointId}_${from + i}`, endpointId] as const)

describe("DispatchState", () => {
  it("a new endpoint gets its window's worth at once; the rest waits in its lane, all of it held", () => {
    const w = world()
    claim(w, T0, rows("a", 10), true)
    const lane = w.state.lanes.get("a")!
    assert.strictEqual(lane.inFlight, SendWindow.INITIAL)
    assert.strictEqual(lane.queue.length, 10 - SendWindow.INITIAL)
    assert.strictEqual(w.state.held, 10)
    // Each answer lets the next wait start: the window grows while the endpoint answers well.
    while (w.flying.length > 0) answer(w, T0 + 5)
    assert.strictEqual(lane.queue.length, 0)
    assert.strictEqual(w.results.length, 10)
    assert.isAbove(SendWindow.size(lane.window), SendWindow.INITIAL)
    // Written: nothing is held any more.
    assert.isFalse(DispatchState.afterWrite(w.state, w.results.splice(0)))
    check(w)
    assert.strictEqual(w.state.held, 0)
  })

  it("the total in flight is bounded across endpoints; a lane held back by it waits, then goes first", () => {
    const w = world()
    claim(w, T0, [...rows("a", 4), ...rows("b", 4)])
    const b = w.state.lanes.get("b")!
    assert.strictEqual(w.state.inFlight, limits.concurrency)
    assert.isTrue(w.state.waiting.has(b), "b waits for the total, not for its window")
    answer(w, T0 + 5)
    answer(w, T0 + 5)
    assert.strictEqual(b.inFlight, 4)
    assert.isFalse(w.state.waiting.has(b))
  })

  it("a full endpoint is left out of the next claim, and gets more only when it runs low", () => {
    const w = world()
    claim(w, T0, [...rows("a", 4), ...rows("b", 4)], true)
    // Both endpoints have room for 8 more, and a new one may show up: 24; the store gives them all to a.
    w.state.due = true
    assert.strictEqual(claim(w, T0 + 1, rows("a", 30, 100)).limit, 24)
    const lane = w.state.lanes.get("a")!
    // Beyond three windows (and a little slack) the claims went back, and the store may hold more.
    assert.strictEqual(DispatchState.used(lane), DispatchState.capacity(lane) + 2 * SendWindow.INITIAL)
    assert.strictEqual(w.state.unused.length, 8)
    assert.isTrue(lane.more)
    const released = DispatchState.takeUnused(w.state)
    const expected = rows("a", 24, 100).slice(16)
    assert.deepStrictEqual(
      released.flatMap((group) => group.ids),
      expected.map(([id]) => id)
    )
    check(w)
    w.state.due = true
    assert.deepStrictEqual(DispatchState.plan(w.state, T0 + 2, false, limits).excluded, ["a"])
    while (!DispatchState.runsLow(lane)) answer(w, T0 + 2)
    assert.isTrue(w.state.refill, "a lane running low asks for a claim")
    assert.isTrue(DispatchState.wantsClaim(w.state, limits))
  })

  it("a claim with too little lease left is released, never sent", () => {
    const w = world()
    claim(w, T0, rows("a", 5))
    const late = T0 + LEASE_MS - DispatchState.LEASE_LEFT + 1
    answer(w, late)
    assert.strictEqual(w.state.unused.length, 1, "the waiting claim went to release")
    assert.strictEqual(w.flying.length, SendWindow.INITIAL - 1)
  })

  it("claims of a deleted endpoint are no longer held; stopping starts nothing and abandons the queues", () => {
    const w = world()
    claim(w, T0, rows("a", 6))
    const lane = w.state.lanes.get("a")!
    DispatchState.setTargets(w.state, new Set(["a"]), [], T0 + 1)
    assert.strictEqual(lane.queue.length, 0)
    check(w)
    claim(w, T0 + 2, rows("b", 6))
    DispatchState.stop(w.state)
    answer(w, T0 + 3)
    assert.strictEqual(w.flying.length, limits.concurrency - 1, "no send started after stopping")
    DispatchState.abandonQueued(w.state)
    check(w)
    // b had started 2 of its 6 when the total was reached: the other 4 go back.
    assert.strictEqual(w.state.unused.length, 4)
  })

  it("a retry set by a write is a wake-up; wake-ups stay ascending, apart and bounded", () => {
    const w = world()
    claim(w, T0, rows("a", 1))
    answer(w, T0 + 1, 500)
    assert.isTrue(DispatchState.afterWrite(w.state, w.results.splice(0)))
    assert.strictEqual(w.state.wakes.length, 1)
    for (const at of Array.from({ length: 3000 }, (_, i) => T0 + ((i * 7919) % 50_000)))
      DispatchState.wakeAt(w.state, at)
    check(w)
    assert.strictEqual(w.state.wakes.length, DispatchState.MAX_WAKES)
    assert.isTrue(DispatchState.takeDueWakes(w.state, w.state.wakes[3]!))
    assert.isAbove(w.state.wakes[0]!, T0)
    check(w)
  })
})
