/**
 * The `Secrets` port on `node:crypto`: the same digests as core's WebCrypto layer, computed
 * synchronously. WebCrypto's digests are promises settled by a job on libuv's thread pool; for a
 * SHA-256 of a short API key on every request that hop costs far more than the hash itself.
 *
 * @since 0.1.0
 */
import { createHash, createHmac, randomBytes } from "node:crypto"
import { Secrets } from "@campaign-games/core"
import { Effect, Layer } from "effect"

/** `Secrets` over `node:crypto` (`createHash`, `createHmac`, `randomBytes`). */
export const layer: Layer.Layer<Secrets.Secrets> = Layer.succeed(
  Secrets.Secrets,
  Secrets.Secrets.of({
    randomToken: (bytes) => Effect.sync(() => Secrets.base32(randomBytes(bytes))),
    sha256Hex: (input) => Effect.sync(() => createHash("sha256").update(input, "utf8").digest("hex")),
    hmacSha256Hex: (key, message) => Effect.sync(() => createHmac("sha256", key).update(message, "utf8").digest("hex")),
    hmacSha256Base64Url: (key, message) =>
      Effect.sync(() => createHmac("sha256", key).update(message, "utf8").digest("base64url"))
  })
)
