/**
 * The retry schedule of a webhook delivery as a pure rule (`Webhook.afterAttempt`, `resend`): what
 * one more try makes of a delivery, given the answer and the instant, written out by hand.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as Webhook from "../src/webhooks/Webhook.ts"

const NOW = DateTime.makeUnsafe("2026-03-03T04:05:06.789Z")
const iso = (t: DateTime.Utc | null) => (t === null ? null : DateTime.formatIso(t))

const pending: Webhook.Delivery = {
  id: "wd_1",
  accountId: "acc_1",
  endpointId: "we_1",
  eventId: "evt_1",
  eventType: "session_completed",
  payload: { type: "session_completed", createdAt: "2026-03-03T04:00:00.000Z", data: {} },
  status: "pending",
  attemptCount: 0,
  lastAttemptedAt: null,
  nextRetryAt: DateTime.makeUnsafe("2026-03-03T04:00:00.000Z"),
  responseStatus: null,
  note: null,
  createdAt: DateTime.makeUnsafe("2026-03-03T04:00:00.000Z")
}

/** What a try makes of a delivery that had `attempts` tries: the fields that change. */
const after = (result: Webhook.AttemptResult, attempts = 0) => {
  const d = Webhook.afterAttempt({ ...pending, attemptCount: attempts }, result, NOW)
  assert.strictEqual(d.id, pending.id)
  assert.strictEqual(iso(d.lastAttemptedAt), iso(NOW))
  return {
    status: d.status,
    attemptCount: d.attemptCount,
    nextRetryAt: iso(d.nextRetryAt),
    responseStatus: d.responseStatus,
    note: d.note
  }
}

const answered = (status: number): Webhook.AttemptResult => ({ _tag: "Answered", status })
const inSeconds = (s: number) => iso(DateTime.add(NOW, { seconds: s }))

describe("Webhook.afterAttempt", () => {
  it.each([
    { name: "200", result: answered(200), status: "success", next: null, response: 200, note: null },
    { name: "204", result: answered(204), status: "success", next: null, response: 204, note: null },
    { name: "299", result: answered(299), status: "success", next: null, response: 299, note: null },
    { name: "199 (not 2xx, final)", result: answered(199), status: "exhausted", next: null, response: 199 },
    { name: "300 (final)", result: answered(300), status: "exhausted", next: null, response: 300 },
    { name: "404 (final)", result: answered(404), status: "exhausted", next: null, response: 404 },
    { name: "408 (retried)", result: answered(408), status: "failed", next: 5, response: 408 },
    { name: "429 (retried)", result: answered(429), status: "failed", next: 5, response: 429 },
    { name: "499 (final)", result: answered(499), status: "exhausted", next: null, response: 499 },
    { name: "500 (retried)", result: answered(500), status: "failed", next: 5, response: 500 },
    { name: "503 (retried)", result: answered(503), status: "failed", next: 5, response: 503 }
  ] satisfies ReadonlyArray<{
    readonly name: string
    readonly result: Webhook.AttemptResult
    readonly status: Webhook.DeliveryStatus
    readonly next: number | null
    readonly response: number
    readonly note?: null
  }>)("a first try answered $name", ({ result, status, next, response, note }) => {
    assert.deepStrictEqual(after(result), {
      status,
      attemptCount: 1,
      nextRetryAt: next === null ? null : inSeconds(next),
      responseStatus: response,
      note: note === undefined ? `answered ${response}` : note
    })
  })

  it("a timeout and an unreachable receiver are retried, with a note; a refusal is final", () => {
    assert.deepStrictEqual(after({ _tag: "TimedOut" }), {
      status: "failed",
      attemptCount: 1,
      nextRetryAt: inSeconds(5),
      responseStatus: null,
      note: "no answer within 10 s"
    })
    const long = `connect ECONNREFUSED ${"x".repeat(300)}`
    assert.deepStrictEqual(after({ _tag: "Unreachable", reason: long }), {
      status: "failed",
      attemptCount: 1,
      nextRetryAt: inSeconds(5),
      responseStatus: null,
      note: long.slice(0, 200)
    })
    assert.deepStrictEqual(after({ _tag: "Refused", reason: "a private address" }), {
      status: "exhausted",
      attemptCount: 1,
      nextRetryAt: null,
      responseStatus: null,
      note: "a private address"
    })
  })

  it("waits 5, 10, 20 and 40 s after the first four failures, and the fifth is the last", () => {
    const nexts = [0, 1, 2, 3, 4].map((attempts) => after(answered(500), attempts))
    assert.deepStrictEqual(
      nexts.map((d) => [d.status, d.attemptCount, d.nextRetryAt]),
      [
        ["failed", 1, inSeconds(5)],
        ["failed", 2, inSeconds(10)],
        ["failed", 3, inSeconds(20)],
        ["failed", 4, inSeconds(40)],
        ["exhausted", 5, null]
      ]
    )
    assert.strictEqual(Webhook.MAX_ATTEMPTS, 5)
  })

  it("a success after failures clears the note and the next retry", () => {
    const failed = Webhook.afterAttempt(pending, answered(500), NOW)
    const later = DateTime.add(NOW, { seconds: 5 })
    const ok = Webhook.afterAttempt(failed, answered(201), later)
    assert.deepStrictEqual(
      [ok.status, ok.attemptCount, ok.nextRetryAt, ok.responseStatus, ok.note, iso(ok.lastAttemptedAt)],
      ["success", 2, null, 201, null, iso(later)]
    )
  })
})

describe("Webhook.resend", () => {
  it("makes an exhausted delivery pending, due now, with a fresh attempt budget", () => {
    const exhausted = Webhook.afterAttempt({ ...pending, attemptCount: 4 }, answered(500), NOW)
    const later = DateTime.add(NOW, { hours: 1 })
    const again = Webhook.resend(exhausted, later)
    assert.deepStrictEqual(again, { ...exhausted, status: "pending", attemptCount: 0, nextRetryAt: later })
  })
})
