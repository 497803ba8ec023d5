/**
 * The engine on Node, in one call: `Engine.layer` from the core with the Node adapters for its
 * platform ports (`NodeSecrets` over `node:crypto`, `NodeHostResolver` over the system resolver,
 * `NodeWebhookTransport` over undici) and the store given. What a Node backend embedding the core
 * uses, and what the reference server puts its routes over.
 *
 * `allowPrivateUrls` is one choice for both sides of the public-address rule: the use cases accept
 * `http:` and private endpoint URLs, and the transport connects to private addresses.
 *
 * @since 0.1.0
 */
import { Engine, type Errors, type StorePorts } from "@campaign-games/core"
import { Layer } from "effect"
import * as NodeHostResolver from "./NodeHostResolver.ts"
import * as NodeSecrets from "./NodeSecrets.ts"
import * as NodeWebhookTransport from "./NodeWebhookTransport.ts"

/** Everything `layer` provides: the engine's services, the store's ports and the Node adapters. */
export type Services = Engine.Services | Engine.Requirements

/** The Node adapters of the engine's platform ports (`Engine.PlatformPorts`). */
export const layerPlatform = (options: {
  readonly allowPrivateUrls?: boolean | undefined
}): Layer.Layer<Engine.PlatformPorts> =>
  Layer.mergeAll(
    NodeSecrets.layer,
    NodeHostResolver.layer,
    NodeWebhookTransport.layer({ allowPrivate: options.allowPrivateUrls === true })
  )

/**
 * The whole engine over `store` (`MemoryStore.layer`, `Database.layer(…)`), with the Node adapters.
 * It provides the store's ports too (the outbox with the webhook fan-out).
 */
export const layer = <E, R>(
  store: Layer.Layer<StorePorts.StoreServices, E, R>,
  options: Engine.Options = {}
): Layer.Layer<Services, E | Errors.StoreError, R> =>
  Engine.layer(options).pipe(Layer.provideMerge(layerPlatform(options)), Layer.provideMerge(store))
