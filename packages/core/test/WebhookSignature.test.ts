/**
 * Webhook signatures as a receiver checks them: the header value computed independently with
 * `node:crypto`, the parser's table of accepted and refused headers, and each refusal's reason.
 */
import { createHmac } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as WebhookSignature from "../src/webhooks/WebhookSignature.ts"

const SECRET = "whsec_test_secret"
const T = 1_780_000_000
const BODY = '{"type":"session_completed","data":{"n":1}}'

/** The expected hex signature, computed apart from the module under test. */
const hmac = (secret: string, t: number, body: string | Uint8Array) =>
  createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${t}.`), Buffer.from(body)]))
    .digest("hex")

const HEX = hmac(SECRET, T, BODY)
const OTHER_HEX = hmac("whsec_other", T, BODY)

/** The reason `verifyWebhook` refuses with, or "ok". */
const verdict = (
  body: string | Uint8Array,
  header: string,
  options: { readonly toleranceSeconds?: number; readonly now?: number } = { now: T }
) =>
  WebhookSignature.verifyWebhook(body, header, SECRET, options).pipe(
    Effect.match({ onFailure: (e) => e.reason, onSuccess: () => "ok" })
  )

describe("WebhookSignature.header", () => {
  it("is sent as X-Service-Signature", () => {
    assert.strictEqual(WebhookSignature.HEADER, "X-Service-Signature")
  })

  it.effect("is t=<seconds>,v1=<hex HMAC-SHA256 of `<t>.<body>`> for a text body and for raw bytes", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* WebhookSignature.header(SECRET, T, BODY), `t=${T},v1=${HEX}`)
      // Bytes that are not UTF-8 are signed as they are, not as text.
      const bytes = new Uint8Array([0xff, 0x00, 0x41, 0xc3])
      assert.strictEqual(yield* WebhookSignature.computeSignature(SECRET, T, bytes), hmac(SECRET, T, bytes))
      assert.strictEqual(yield* verdict(bytes, `t=${T},v1=${hmac(SECRET, T, bytes)}`), "ok")
    })
  )
})

describe("WebhookSignature.parseHeader", () => {
  it.each([
    { name: "the header as sent", header: `t=${T},v1=${HEX}`, parsed: { t: T, v1: [HEX] } },
    { name: "spaces around keys and values", header: ` t = 12 , v1 = ${HEX} `, parsed: { t: 12, v1: [HEX] } },
    {
      name: "several v1 (a secret rotation), keeping only well-formed ones, in order",
      header: `v1=${OTHER_HEX},t=7,v1=${HEX.toUpperCase()},v1=abc,v1=${HEX}`,
      parsed: { t: 7, v1: [OTHER_HEX, HEX] }
    },
    { name: "parts without a key or a value skipped", header: `=1,junk,t=3,v1=${HEX}`, parsed: { t: 3, v1: [HEX] } },
    { name: "twelve digits of t", header: `t=123456789012,v1=${HEX}`, parsed: { t: 123456789012, v1: [HEX] } },
    { name: "no t", header: `v1=${HEX}`, parsed: undefined },
    { name: "no v1", header: `t=${T}`, parsed: undefined },
    { name: "t of thirteen digits", header: `t=1234567890123,v1=${HEX}`, parsed: undefined },
    { name: "t with a letter after", header: `t=12a,v1=${HEX}`, parsed: undefined },
    { name: "t with a letter before", header: `t=a12,v1=${HEX}`, parsed: undefined },
    { name: "a v1 of 65 characters", header: `t=1,v1=${HEX}0`, parsed: undefined },
    { name: "a v1 with a character before", header: `t=1,v1=g${HEX}`, parsed: undefined },
    { name: "a key other than t", header: `x=123,v1=${HEX}`, parsed: undefined },
    { name: "a key other than v1", header: `t=1,v2=${HEX}`, parsed: undefined },
    { name: "nothing", header: "", parsed: undefined }
  ])("$name", ({ header, parsed }) => {
    assert.deepStrictEqual(WebhookSignature.parseHeader(header), parsed)
  })
})

describe("WebhookSignature.verifyWebhook", () => {
  it.effect("accepts the signed body within the tolerance either way, and refuses it one second beyond", () =>
    Effect.gen(function* () {
      const header = `t=${T},v1=${HEX}`
      assert.deepStrictEqual(
        [
          yield* verdict(BODY, header, { now: T }),
          yield* verdict(BODY, header, { now: T + 300 }),
          yield* verdict(BODY, header, { now: T - 300 }),
          yield* verdict(BODY, header, { now: T + 301 }),
          yield* verdict(BODY, header, { now: T - 301 }),
          yield* verdict(BODY, header, { now: T + 60, toleranceSeconds: 60 }),
          yield* verdict(BODY, header, { now: T + 61, toleranceSeconds: 60 })
        ],
        ["ok", "ok", "ok", "TimestampOutOfTolerance", "TimestampOutOfTolerance", "ok", "TimestampOutOfTolerance"]
      )
    })
  )

  it.effect("reads now from effect's clock when not given one", () =>
    Effect.gen(function* () {
      const header = `t=${T},v1=${HEX}`
      yield* TestClock.setTime(T * 1000 + 299_999)
      assert.strictEqual(yield* verdict(BODY, header, {}), "ok")
      yield* TestClock.setTime((T + 301) * 1000)
      assert.strictEqual(yield* verdict(BODY, header, {}), "TimestampOutOfTolerance")
    })
  )

  it.effect("refuses another body, another secret's signature, and a malformed header, each with its reason", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* verdict(`${BODY} `, `t=${T},v1=${HEX}`), "SignatureMismatch")
      assert.strictEqual(yield* verdict(BODY, `t=${T},v1=${OTHER_HEX}`), "SignatureMismatch")
      // The signature covers the timestamp too.
      assert.strictEqual(yield* verdict(BODY, `t=${T + 1},v1=${HEX}`), "SignatureMismatch")
      assert.strictEqual(yield* verdict(BODY, `t=${T},v1=${OTHER_HEX},v1=${HEX}`), "ok")
      assert.strictEqual(yield* verdict(BODY, `v1=${HEX}`), "MalformedHeader")
    })
  )

  it.effect("fails with a WebhookVerificationError that says what was expected", () =>
    Effect.gen(function* () {
      const errors = yield* Effect.forEach([`t=${T}`, `t=${T - 1000},v1=${HEX}`, `t=${T},v1=${OTHER_HEX}`], (header) =>
        Effect.flip(WebhookSignature.verifyWebhook(BODY, header, SECRET, { now: T }))
      )
      assert.deepStrictEqual(
        errors.map((e) => [e._tag, e.reason, e.message]),
        [
          ["WebhookVerificationError", "MalformedHeader", "Expected t=<unix seconds>,v1=<64 hex characters>."],
          ["WebhookVerificationError", "TimestampOutOfTolerance", "The signature's timestamp is too far from now."],
          ["WebhookVerificationError", "SignatureMismatch", "The signature does not match."]
        ]
      )
    })
  )
})
