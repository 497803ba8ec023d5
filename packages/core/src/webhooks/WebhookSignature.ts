/**
 * Webhook signatures, Stripe-compatible: `X-Service-Signature: t=<unix seconds>,v1=<hex>` where the
 * hex is HMAC-SHA256 over `<t>.<raw body>`, keyed with the endpoint's secret (the whole `whsec_…`
 * string). `verifyWebhook` is for receivers: it checks the raw bytes exactly as received (parse
 * JSON only afterwards: a re-serialised body does not match), compares in constant time, and
 * refuses a timestamp more than the tolerance (default five minutes) from the receiver's clock.
 * It needs nothing but WebCrypto, available in Node, Deno, Bun, browsers and workers.
 *
 * @since 0.1.0
 */
import { DateTime, Effect, Schema } from "effect"
import { constantTimeEqual, type Secrets, toHex } from "../Secrets.ts"

export const HEADER = "X-Service-Signature"

const encoder = new TextEncoder()

const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === "string" ? encoder.encode(body) : body)

/** Hex HMAC-SHA256 of `<t>.<body>` keyed with `secret`. */
export const computeSignature = (secret: string, timestamp: number, body: string | Uint8Array) =>
  Effect.promise(async () => {
    const subtle = globalThis.crypto.subtle
    const key = await subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign"
    ])
    const prefix = encoder.encode(`${timestamp}.`)
    const raw = bytesOf(body)
    const message = new Uint8Array(prefix.length + raw.length)
    message.set(prefix, 0)
    message.set(raw, prefix.length)
    return toHex(new Uint8Array(await subtle.sign("HMAC", key, message)))
  })

/** The header value for a body sent at `timestamp` (unix seconds). */
export const header = (secret: string, timestamp: number, body: string | Uint8Array) =>
  Effect.map(computeSignature(secret, timestamp, body), (v1) => `t=${timestamp},v1=${v1}`)

/**
 * The header value for a body sent at `timestamp`, with the HMAC of a `Secrets` port: the same value
 * as `header`, without importing the key for every request (the dispatcher signs with the
 * platform's `Secrets`, `node:crypto` on Node).
 */
export const headerWith = (
  secrets: Secrets["Service"],
  secret: string,
  timestamp: number,
  body: string
): Effect.Effect<string> =>
  Effect.map(secrets.hmacSha256Hex(secret, `${timestamp}.${body}`), (v1) => `t=${timestamp},v1=${v1}`)

/** Why a webhook was refused. */
export class WebhookVerificationError extends Schema.TaggedError<WebhookVerificationError>()(
  "WebhookVerificationError",
  {
    reason: Schema.Literals(["MalformedHeader", "TimestampOutOfTolerance", "SignatureMismatch"]),
    message: Schema.String
  }
) {}

/** Parses `t=…,v1=…[,v1=…]` (several `v1` during a secret rotation); undefined when malformed. */
export const parseHeader = (value: string): { readonly t: number; readonly v1: ReadonlyArray<string> } | undefined => {
  let t: number | undefined
  const v1: Array<string> = []
  for (const part of value.split(",")) {
    const index = part.indexOf("=")
    if (index <= 0) continue
    const key = part.slice(0, index).trim()
    const val = part.slice(index + 1).trim()
    if (key === "t" && /^\d{1,12}$/.test(val)) t = Number(val)
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(val)) v1.push(val)
  }
  return t === undefined || v1.length === 0 ? undefined : { t, v1 }
}

/**
 * Verifies a delivery: `rawBody` exactly as received, the `X-Service-Signature` header, and the
 * endpoint's secret. `now` (unix seconds) defaults to effect's clock.
 */
export const verifyWebhook = (
  rawBody: string | Uint8Array,
  signatureHeader: string,
  secret: string,
  options: { readonly toleranceSeconds?: number; readonly now?: number } = {}
): Effect.Effect<void, WebhookVerificationError> =>
  Effect.gen(function* () {
    const parsed = parseHeader(signatureHeader)
    if (parsed === undefined) {
      return yield* new WebhookVerificationError({
        reason: "MalformedHeader",
        message: "Expected t=<unix seconds>,v1=<64 hex characters>."
      })
    }
    const now = options.now ?? Math.floor(DateTime.toEpochMillis(yield* DateTime.now) / 1000)
    if (Math.abs(now - parsed.t) > (options.toleranceSeconds ?? 300)) {
      return yield* new WebhookVerificationError({
        reason: "TimestampOutOfTolerance",
        message: "The signature's timestamp is too far from now."
      })
    }
    const expected = yield* computeSignature(secret, parsed.t, rawBody)
    let match = false
    for (const candidate of parsed.v1) match = constantTimeEqual(candidate, expected) || match
    if (!match) {
      return yield* new WebhookVerificationError({
        reason: "SignatureMismatch",
        message: "The signature does not match."
      })
    }
  })
