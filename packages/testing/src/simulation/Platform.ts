/**
 * The engine's platform ports in the simulation (`Engine.PlatformPorts`), deterministic:
 *
 * - `Secrets`: the random secrets the engine asks for (API keys, webhook signing secrets, the
 *   client-token key) drawn from the seed's `secrets` stream, so every run of a seed signs alike;
 *   SHA-256 and HMAC from `node:crypto` (pure functions of their input). Never for production: a
 *   seed anyone knows gives the same secrets.
 * - `HostResolver`: the world's receivers live under `.sim.invalid` (a name that never resolves on
 *   a real network) and resolve to documentation addresses flagged public; `intranet.sim.invalid`
 *   resolves to a private address (its endpoint must be refused); any other host does not resolve.
 * - `WebhookTransport`: the simulated receivers (`Receivers`).
 * - The media library's ports (`MediaEngine.Requirements`): the memory ones of the testing kit
 *   (`MemoryMediaPorts`), with no network (the simulation does not upload or import files).
 *
 * @since 0.1.0
 */
import { createHash, createHmac, createSecretKey, type KeyObject } from "node:crypto"
import { type Engine, Secrets, Webhook } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import * as MemoryMediaPorts from "../memory/MemoryMediaPorts.ts"
import type * as Rng from "./Rng.ts"

/** `Secrets` whose random tokens come from `rng`. */
export const secrets = (rng: Rng.Stream): Layer.Layer<Secrets.Secrets> =>
  Layer.sync(Secrets.Secrets, () => {
    const keys = new Map<string, KeyObject>()
    const keyOf = (key: string): KeyObject => {
      let found = keys.get(key)
      if (found === undefined) {
        found = createSecretKey(Buffer.from(key, "utf8"))
        keys.set(key, found)
      }
      return found
    }
    return Secrets.Secrets.of({
      randomToken: (bytes) =>
        Effect.sync(() => Secrets.base32(Uint8Array.from({ length: bytes }, () => Math.floor(rng.next() * 256)))),
      sha256Hex: (input) => Effect.sync(() => createHash("sha256").update(input, "utf8").digest("hex")),
      hmacSha256Hex: (key, message) =>
        Effect.sync(() => createHmac("sha256", keyOf(key)).update(message, "utf8").digest("hex")),
      hmacSha256Base64Url: (key, message) =>
        Effect.sync(() => createHmac("sha256", keyOf(key)).update(message, "utf8").digest("base64url"))
    })
  })

/** The suffix of every host of the simulated world. */
export const HOST_SUFFIX = ".sim.invalid"

/** Resolves the world's hosts (see the module's header). */
export const hostResolver: Layer.Layer<Webhook.HostResolver> = Layer.succeed(Webhook.HostResolver, {
  resolve: (host) => {
    if (!host.endsWith(HOST_SUFFIX)) {
      return Effect.fail(new Webhook.HostUnresolved({ host, message: "not a host of the simulated world" }))
    }
    if (host.startsWith("intranet.")) return Effect.succeed([{ address: "10.20.30.40", isPublic: false }])
    let n = 0
    for (let i = 0; i < host.length; i++) n = (n * 31 + host.charCodeAt(i)) % 250
    return Effect.succeed([{ address: `203.0.113.${n + 1}`, isPublic: true }])
  }
})

/** The engine's platform ports: the secrets of `rng`, the world's resolver, `transport`, media in memory. */
export const layer = (
  rng: Rng.Stream,
  transport: Layer.Layer<Webhook.WebhookTransport>
): Layer.Layer<Engine.PlatformPorts> => Layer.mergeAll(secrets(rng), hostResolver, transport, MemoryMediaPorts.layer())
