/**
 * Webhook signatures, Stripe-compatible: `X-Service-Signature: t=<unix seconds>,v1=<hex>` where the
 * hex is HMAC-SHA256 over `<t>.<raw body>`, keyed with the endpoint's secret (the whole `whsec_…`
 * string). `verifyWebhook` is for receivers: it checks the raw bytes exactly as received (parse
 * JSON only afterwards: a re-serialised body does not match), compares in constant time, and
 * refuses a timestamp more than the tolerance (default five minutes) from the receiver's clock.
 *
 * One HMAC path signs and verifies: `signer`, over `@noble/hashes` (synchronous and pure, in Node,
 * Deno, Bun, browsers and workers alike). The dispatcher makes one per endpoint secret it reads, so
 * the key is prepared once (its padded inner and outer states), not for every delivery.
 *
 * @since 0.1.0
 */
import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { DateTime, Effect, Schema } from "effect"
import { constantTimeEqual, toHex } from "../Secrets.ts"

export const HEADER = "X-Service-Signature"

const encoder = new TextEncoder()

const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === "string" ? encoder.encode(body) : body)

/** Signs with one endpoint secret: the hex HMAC-SHA256 of `<t>.<body>`, the key prepared once. */
export type Signer = (timestamp: number, body: string | Uint8Array) => string

/** The signer of `secret` (the whole `whsec_…` string). */
export const signer = (secret: string): Signer => {
  const keyed = hmac.create(sha256, encoder.encode(secret))
  return (timestamp, body) =>
    toHex(
      keyed
        .clone()
        .update(encoder.encode(`${timestamp}.`))
        .update(bytesOf(body))
        .digest()
    )
}

/** Hex HMAC-SHA256 of `<t>.<body>` keyed with `secret`. */
export const computeSignature = (secret: string, timestamp: number, body: string | Uint8Array): Effect.Effect<string> =>
  Effect.sync(() => signer(secret)(timestamp, body))

/** The header value of a signature made at `timestamp` (unix seconds). */
export const headerOf = (timestamp: number, v1: string): string => `t=${timestamp},v1=${v1}`

/** The header value for a body sent at `timestamp` (unix seconds). */
export const header = (secret: string, timestamp: number, body: string | Uint8Array): Effect.Effect<string> =>
  Effect.map(computeSignature(secret, timestamp, body), (v1) => headerOf(timestamp, v1))

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
