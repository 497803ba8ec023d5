/**
 * The per-endpoint send window as a pure rule (`SendWindow.afterTry`): how many requests one
 * instance keeps in flight to an endpoint after each answer, written out by hand.
 */
import { assert, describe, it } from "@effect/vitest"
import * as SendWindow from "../src/webhooks/SendWindow.ts"
import type * as Webhook from "../src/webhooks/Webhook.ts"

const answered = (status: number): Webhook.AttemptResult => ({ _tag: "Answered", status })
const ok = answered(200)

/** The window after answers, each sent at `sentAt` and taking `took` ms (defaults: 10 ms apart, 5 ms). */
const after = (
  window: SendWindow.SendWindow,
  tries: ReadonlyArray<{ readonly result: Webhook.AttemptResult; readonly sentAt?: number; readonly took?: number }>
) =>
  tries.reduce(
    (w, { result, sentAt, took }, i) =>
      SendWindow.afterTry(w, result, sentAt ?? i * 10, (sentAt ?? i * 10) + (took ?? 5)),
    window
  )

const times = (n: number, result: Webhook.AttemptResult, took = 5) =>
  Array.from({ length: n }, () => ({ result, took }))

describe("SendWindow", () => {
  it("a new endpoint gets 4 requests at once, one more per good answer, never more than 64", () => {
    assert.strictEqual(SendWindow.size(SendWindow.initial), 4)
    assert.strictEqual(SendWindow.size(after(SendWindow.initial, times(1, ok))), 5)
    assert.strictEqual(SendWindow.size(after(SendWindow.initial, times(28, ok))), 32)
    assert.strictEqual(SendWindow.size(after(SendWindow.initial, times(60, ok))), 64)
    assert.strictEqual(SendWindow.size(after(SendWindow.initial, times(500, ok))), 64)
  })

  it.each([
    { name: "no answer in time", result: { _tag: "TimedOut" } as const },
    { name: "an unreachable endpoint", result: { _tag: "Unreachable", reason: "connection refused" } as const },
    { name: "408", result: answered(408) },
    { name: "429", result: answered(429) },
    { name: "500", result: answered(500) },
    { name: "503", result: answered(503) }
  ])("$name halves the window and ends its doubling", ({ result }) => {
    const grown = after(SendWindow.initial, times(28, ok)) // 32, still doubling
    const halved = SendWindow.afterTry(grown, result, 1_000, 1_005)
    assert.strictEqual(SendWindow.size(halved), 16)
    assert.isFalse(halved.slowStart)
    // From then on one more per window of good answers: 16 answers make 17.
    assert.strictEqual(
      SendWindow.size(
        after(
          halved,
          times(16, ok).map((t, i) => ({ ...t, sentAt: 2_000 + i }))
        )
      ),
      17
    )
  })

  it.each([200, 204, 302, 400, 404, 410])("a %s answer is a good answer: the window grows", (status) => {
    assert.strictEqual(SendWindow.size(SendWindow.afterTry(SendWindow.initial, answered(status), 0, 5)), 5)
  })

  it("a request never sent (a URL that cannot be used) changes nothing", () => {
    const refused = SendWindow.afterTry(SendWindow.initial, { _tag: "Refused", reason: "invalid URL" }, 0, 5)
    assert.deepStrictEqual(refused, SendWindow.initial)
  })

  it("it halves once per round trip: answers to requests sent before the halving do not halve it again", () => {
    const grown = after(SendWindow.initial, times(60, ok)) // 64
    const once = SendWindow.afterTry(grown, { _tag: "TimedOut" }, 1_000, 11_000)
    assert.strictEqual(SendWindow.size(once), 32)
    // The other requests of that window time out too: sent before 11 000, they change nothing.
    const same = after(once, [
      { result: { _tag: "TimedOut" }, sentAt: 1_001, took: 10_000 },
      { result: { _tag: "TimedOut" }, sentAt: 10_999, took: 10_000 }
    ])
    assert.strictEqual(SendWindow.size(same), 32)
    // A request sent after the halving that times out halves it again.
    assert.strictEqual(SendWindow.size(SendWindow.afterTry(same, { _tag: "TimedOut" }, 11_001, 21_001)), 16)
  })

  it("a dead endpoint ends with one request at a time, never none", () => {
    let window = after(SendWindow.initial, times(60, ok))
    for (let round = 0; round < 20; round++) {
      const sentAt = 100_000 + round * 10_001
      window = SendWindow.afterTry(window, { _tag: "TimedOut" }, sentAt, sentAt + 10_000)
    }
    assert.strictEqual(SendWindow.size(window), 1)
    assert.isAtLeast(window.limit, 1)
  })

  it("an answer much slower than the endpoint's best is trouble; one a little slower is not", () => {
    const fast = after(SendWindow.initial, times(28, ok, 20)) // 32, best 20 ms
    assert.strictEqual(fast.best, 20)
    assert.strictEqual(SendWindow.size(SendWindow.afterTry(fast, ok, 1_000, 1_200)), 33, "200 ms: not 250 ms slower")
    assert.strictEqual(
      SendWindow.size(SendWindow.afterTry(fast, ok, 1_000, 1_300)),
      16,
      "300 ms: twice and 250 ms slower"
    )
    const slow = after(SendWindow.initial, times(28, ok, 400)) // best 400 ms
    assert.strictEqual(SendWindow.size(SendWindow.afterTry(slow, ok, 50_000, 50_700)), 33, "700 ms: not twice 400")
    assert.strictEqual(SendWindow.size(SendWindow.afterTry(slow, ok, 50_000, 50_900)), 16, "900 ms: twice and 250 more")
  })

  it("an endpoint that is slow but steady (8 s an answer) is not in trouble: its window grows", () => {
    const steady = after(
      SendWindow.initial,
      Array.from({ length: 60 }, (_, i) => ({ result: ok, sentAt: i * 100, took: 8_000 }))
    )
    assert.strictEqual(SendWindow.size(steady), 64)
    assert.strictEqual(steady.best, 8_000)
  })

  it("an endpoint's best creeps up to a lasting slower pace, so that pace stops counting as trouble", () => {
    let window = after(SendWindow.initial, times(60, ok, 10)) // best 10 ms
    let halvings = 0
    for (let i = 0; i < 400; i++) {
      const sentAt = 10_000 + i * 1_000
      const next = SendWindow.afterTry(window, ok, sentAt, sentAt + 600)
      if (next.limit < window.limit) halvings++
      window = next
    }
    assert.isAbove(halvings, 0, "at first, 600 ms answers are trouble")
    assert.isAbove(window.best, 300, "then the best has crept up to the new pace")
    const before = window.limit
    const again = SendWindow.afterTry(window, ok, 900_000, 900_600)
    assert.isAtLeast(again.limit, before, "and a 600 ms answer no longer halves the window")
  })
})
