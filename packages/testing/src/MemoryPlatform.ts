/**
 * The engine's platform ports (`Engine.PlatformPorts`) with no network, for the whole engine in one
 * process: tests, trials, the README's first example. It imports no `node:*` module and needs only
 * Web Crypto, so it runs wherever the core does (Node 20 and later, Deno, Bun, a worker):
 *
 * - `Secrets`: `Secrets.layerWebCrypto`, the production one (real randomness).
 * - `HostResolver`: every host resolves to one documentation address (`192.0.2.1`, RFC 5737), taken
 *   as public, so webhook endpoints on any `https` URL register.
 * - `WebhookTransport`: records each delivery in `delivered` (when given) and answers `204`; nothing
 *   leaves the process.
 * - The media library's ports: the testing kit's memory ones (`MemoryMediaPorts.layer()`: files in
 *   memory, imports from URLs fail with "no network").
 *
 * With `MemoryStore.layer` it completes `Engine.layer()`. On Node with real webhooks and files,
 * `NodeEngine.layer(store)` from `@campaign-games/http` gives the Node ports instead.
 *
 * @since 0.1.0
 */
import { type Engine, Secrets, Webhook } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import * as MemoryMediaPorts from "./memory/MemoryMediaPorts.ts"

/** The address every host resolves to (TEST-NET-1, never routed). */
export const ADDRESS = "192.0.2.1"

/** A resolver that answers `ADDRESS`, public, for every host. */
export const layerHostResolver: Layer.Layer<Webhook.HostResolver> = Layer.succeed(
  Webhook.HostResolver,
  Webhook.HostResolver.of({ resolve: () => Effect.succeed([{ address: ADDRESS, isPublic: true }]) })
)

/** A transport that records each delivery in `delivered` and answers `204`. */
export const layerTransport = (delivered?: Array<Webhook.Outgoing>): Layer.Layer<Webhook.WebhookTransport> =>
  Layer.succeed(
    Webhook.WebhookTransport,
    Webhook.WebhookTransport.of({
      send: (outgoing) =>
        Effect.sync(() => {
          delivered?.push(outgoing)
          return { _tag: "Answered", status: 204 } as const
        })
    })
  )

export interface Options {
  /** Where the transport records the deliveries it was given, in order. */
  readonly delivered?: Array<Webhook.Outgoing> | undefined
}

/** Every platform port of the engine, in memory (see the module's header). */
export const layer = (options: Options = {}): Layer.Layer<Engine.PlatformPorts> =>
  Layer.mergeAll(
    Secrets.Secrets.layerWebCrypto,
    layerHostResolver,
    layerTransport(options.delivered),
    MemoryMediaPorts.layer()
  )
