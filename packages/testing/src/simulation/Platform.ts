/**
 * The engine's platform ports in the simulation (`Engine.PlatformPorts`), deterministic:
 *
 * - `Secrets`: the random secrets the engine asks for (API keys, webhook signing secrets, the
 *   client-token key) drawn from the seed's `secrets` stream, so every run of a seed signs alike;
 *   built by core's `Secrets.make`, as the server's `NodeSecrets` is, with the digests of
 *   `@noble/hashes` (pure functions of their input, the same values as `node:crypto`'s). Never for
 *   production: a seed anyone knows gives the same secrets.
 * - `HostResolver`: the world's receivers live under `.sim.invalid` (a name that never resolves on
 *   a real network) and resolve to documentation addresses flagged public; `intranet.sim.invalid`
 *   resolves to a private address (its endpoint must be refused); any other host does not resolve.
 * - `WebhookTransport`: the simulated receivers (`Receivers`).
 * - The media library's ports (`MediaEngine.Requirements`): the memory ones of the testing kit
 *   (`MemoryMediaPorts`), with no network (the simulation does not upload or import files).
 *
 * @since 0.1.0
 */
import { type Engine, Secrets, Webhook } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import * as MemoryMediaPorts from "../memory/MemoryMediaPorts.ts"
import type * as Rng from "./Rng.ts"

/** `Secrets` whose random tokens come from `rng`. */
export const secrets = (rng: Rng.Stream): Layer.Layer<Secrets.Secrets> =>
  Layer.sync(Secrets.Secrets, () =>
    Secrets.make((bytes) => Uint8Array.from({ length: bytes }, () => Math.floor(rng.next() * 256)))
  )

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
