/**
 * The `Secrets` port: hashing, HMAC and random secrets. The default layer uses WebCrypto, which
 * Node, Deno, Bun and browsers all provide; secrets are compared with `constantTimeEqual`.
 *
 * @since 0.1.0
 */
import { Cache, Context, Effect, Layer } from "effect"

export class Secrets extends Context.Service<
  Secrets,
  {
    /** `bytes` bytes from a cryptographically strong source, as lowercase base32 (5 bits a character). */
    readonly randomToken: (bytes: number) => Effect.Effect<string>
    /** SHA-256 of the UTF-8 string, hex encoded. */
    readonly sha256Hex: (input: string) => Effect.Effect<string>
    /** HMAC-SHA256 of `message` keyed with `key` (both UTF-8), hex encoded. */
    readonly hmacSha256Hex: (key: string, message: string) => Effect.Effect<string>
    /** The same HMAC, base64url encoded without padding (a JWT signature). */
    readonly hmacSha256Base64Url: (key: string, message: string) => Effect.Effect<string>
  }
>()("@campaign-games/core/Secrets") {
  /** WebCrypto implementation (`globalThis.crypto`). */
  static readonly layerWebCrypto = Layer.effect(
    Secrets,
    Effect.gen(function* () {
      const subtle = globalThis.crypto.subtle
      const encoder = new TextEncoder()
      // HMAC keys imported once: a few keys sign everything (the token key, endpoints' secrets).
      const hmacKeys = yield* Cache.make({
        capacity: 1000,
        lookup: (key: string) =>
          Effect.promise(() =>
            subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
          )
      })
      const sign = (key: string, message: string) =>
        Effect.flatMap(Cache.get(hmacKeys, key), (k) =>
          Effect.promise(() => subtle.sign("HMAC", k, encoder.encode(message)))
        )
      return Secrets.of({
        randomToken: (bytes) =>
          Effect.sync(() => {
            const buf = new Uint8Array(bytes)
            globalThis.crypto.getRandomValues(buf)
            return base32(buf)
          }),
        sha256Hex: (input) =>
          Effect.promise(() => subtle.digest("SHA-256", encoder.encode(input))).pipe(
            Effect.map((d) => toHex(new Uint8Array(d)))
          ),
        hmacSha256Hex: (key, message) => Effect.map(sign(key, message), (d) => toHex(new Uint8Array(d))),
        hmacSha256Base64Url: (key, message) => Effect.map(sign(key, message), (d) => base64Url(new Uint8Array(d)))
      })
    })
  )
}

const HEX = "0123456789abcdef"

/** Lowercase hex of bytes. */
export const toHex = (bytes: Uint8Array): string => {
  let out = ""
  for (const b of bytes) out += HEX[b >> 4]! + HEX[b & 15]!
  return out
}

/** Base64url without padding (RFC 4648 §5). */
export const base64Url = (bytes: Uint8Array): string => {
  let binary = ""
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
}

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
