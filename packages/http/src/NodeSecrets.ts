/**
 * The `Secrets` port on `node:crypto`: core's `Secrets.make` over Node's random bytes and digests,
 * the same values as core's `@noble/hashes` digests, a few times faster (measured on Node 24: a
 * SHA-256 of a short API key about 1.6 µs against 6 µs, an HMAC of a client token about 1.8 µs
 * against 9 µs; the token signer signs or verifies three times a play).
 *
 * HMAC keys are imported once (`createSecretKey`) and kept, at most 1000: a string key is converted
 * on every `createHmac` otherwise. They are kept here rather than in core's `InstanceCache`, which is
 * an engine service built over the store (`ApiKeyRepo`): this port sits below the engine and is
 * built before it, and its entries are a pure function of their key (nothing to invalidate); the map
 * is emptied when full, so it stays bounded.
 *
 * @since 0.1.0
 */
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto"
import { Secrets } from "@campaign-games/core"
import { Layer } from "effect"

/** Most HMAC keys kept imported. */
const KEYS_KEPT = 1000

/** `node:crypto`'s SHA-256 and HMAC-SHA256, with the HMAC keys imported once. */
export const digests = (): Secrets.Digests => {
  const keys = new Map<string, KeyObject>()
  const keyOf = (key: string): KeyObject => {
    let found = keys.get(key)
    if (found === undefined) {
      if (keys.size >= KEYS_KEPT) keys.clear()
      found = createSecretKey(Buffer.from(key, "utf8"))
      keys.set(key, found)
    }
    return found
  }
  return {
    sha256Hex: (input) => createHash("sha256").update(input, "utf8").digest("hex"),
    hmacSha256: (key, message, encoding) => createHmac("sha256", keyOf(key)).update(message, "utf8").digest(encoding)
  }
}

/** `Secrets` over `node:crypto` (`randomBytes`, `createHash`, `createHmac`). */
export const layer: Layer.Layer<Secrets.Secrets> = Layer.sync(Secrets.Secrets, () =>
  Secrets.make((bytes) => randomBytes(bytes), digests())
)
