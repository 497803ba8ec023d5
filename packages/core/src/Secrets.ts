/**
 * The `Secrets` port: hashing, HMAC and random secrets, and the one way every platform builds it
 * (`make`): a source of random bytes and the digests. The digests default to `@noble/hashes`
 * (audited, pure, synchronous in every runtime: no promise per hash, as WebCrypto's would cost);
 * Node's server passes `node:crypto`'s, a few times faster (`@campaign-games/http`'s `NodeSecrets`),
 * and the simulation a random source drawn from its seed. Secrets are compared with
 * `constantTimeEqual`.
 *
 * @since 0.1.0
 */
import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { Context, Effect, Layer } from "effect"
import { Base64Url, Hex } from "effect/encoding"

export interface Service {
  /** `bytes` bytes from a cryptographically strong source, as lowercase base32 (5 bits a character). */
  readonly randomToken: (bytes: number) => Effect.Effect<string>
  /** SHA-256 of the UTF-8 string, hex encoded. */
  readonly sha256Hex: (input: string) => Effect.Effect<string>
  /** HMAC-SHA256 of `message` keyed with `key` (both UTF-8), hex encoded. */
  readonly hmacSha256Hex: (key: string, message: string) => Effect.Effect<string>
  /** The same HMAC, base64url encoded without padding (a JWT signature). */
  readonly hmacSha256Base64Url: (key: string, message: string) => Effect.Effect<string>
}

/** The digests a `Secrets` is built from: pure functions of their input (strings as UTF-8). */
export interface Digests {
  readonly sha256Hex: (input: string) => string
  readonly hmacSha256: (key: string, message: string, encoding: "hex" | "base64url") => string
}

const encoder = new TextEncoder()

/** SHA-256 and HMAC-SHA256 of `@noble/hashes`. */
export const nobleDigests: Digests = {
  sha256Hex: (input) => Hex.encode(sha256(encoder.encode(input))),
  hmacSha256: (key, message, encoding) => {
    const mac = hmac(sha256, encoder.encode(key), encoder.encode(message))
    return encoding === "hex" ? Hex.encode(mac) : Base64Url.encode(mac)
  }
}

/** A `Secrets` over a source of random bytes and `digests` (the platforms' layers and the simulation's). */
export const make = (randomBytes: (bytes: number) => Uint8Array, digests: Digests = nobleDigests): Service => ({
  randomToken: (bytes) => Effect.sync(() => base32(randomBytes(bytes))),
  sha256Hex: (input) => Effect.sync(() => digests.sha256Hex(input)),
  hmacSha256Hex: (key, message) => Effect.sync(() => digests.hmacSha256(key, message, "hex")),
  hmacSha256Base64Url: (key, message) => Effect.sync(() => digests.hmacSha256(key, message, "base64url"))
})

export class Secrets extends Context.Service<Secrets, Service>()("@campaign-games/core/Secrets") {
  /**
   * Random bytes from WebCrypto (`globalThis.crypto.getRandomValues`, in Node, Deno, Bun, browsers
   * and workers), digests of `@noble/hashes`.
   */
  static readonly layerWebCrypto = Layer.sync(Secrets, () =>
    make((bytes) => globalThis.crypto.getRandomValues(new Uint8Array(bytes)))
  )
}

/** Lowercase hex of bytes. */
export const toHex = (bytes: Uint8Array): string => Hex.encode(bytes)

/** Base64url without padding (RFC 4648 §5). */
export const base64Url = (bytes: Uint8Array): string => Base64Url.encode(bytes)

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567"

/** Lowercase RFC 4648 base32 without padding. */
export const base32 = (bytes: Uint8Array): string => {
  let out = ""
  let bits = 0
  let value = 0
  for (const b of bytes) {
    value = (value << 8) | b
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they differ.
 * Use it for every comparison of a secret (key hashes, signatures).
 */
export const constantTimeEqual = (a: string, b: string): boolean => {
  const length = Math.max(a.length, b.length)
  let diff = a.length ^ b.length
  for (let i = 0; i < length; i++) {
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  }
  return diff === 0
}
