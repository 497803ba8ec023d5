/**
 * The `Secrets` port on `node:crypto`: the same digests as core's WebCrypto layer, computed
 * synchronously. WebCrypto's digests are promises settled by a job on libuv's thread pool; for a
 * SHA-256 of a short API key on every request that hop costs far more than the hash itself.
 *
 * @since 0.1.0
 */
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto"
import { Secrets } from "@campaign-games/core"
import { Effect, Layer } from "effect"

/**
 * `Secrets` over `node:crypto` (`createHash`, `createHmac`, `randomBytes`). HMAC keys are imported
 * once (`createSecretKey`) and kept, at most 1000, as the WebCrypto layer keeps its `CryptoKey`s: a
 * string key is converted on every `createHmac` otherwise (the token signer's key, three times a
 * play).
 */
export const layer: Layer.Layer<Secrets.Secrets> = Layer.sync(Secrets.Secrets, () => {
  const keys = new Map<string, KeyObject>()
  const keyOf = (key: string): KeyObject => {
    let found = keys.get(key)
    if (found === undefined) {
      if (keys.size >= 1000) keys.clear()
      found = createSecretKey(Buffer.from(key, "utf8"))
      keys.set(key, found)
    }
    return found
  }
  return Secrets.Secrets.of({
    randomToken: (bytes) => Effect.sync(() => Secrets.base32(randomBytes(bytes))),
    sha256Hex: (input) => Effect.sync(() => createHash("sha256").update(input, "utf8").digest("hex")),
    hmacSha256Hex: (key, message) =>
      Effect.sync(() => createHmac("sha256", keyOf(key)).update(message, "utf8").digest("hex")),
    hmacSha256Base64Url: (key, message) =>
      Effect.sync(() => createHmac("sha256", keyOf(key)).update(message, "utf8").digest("base64url"))
  })
})
