/**
 * The engine on Node, in one call: `Engine.layer` from the core with the Node adapters for its
 * platform ports (`NodeSecrets` over `node:crypto`, `NodeHostResolver` over the system resolver,
 * `NodeWebhookTransport` over undici, and the media library's: `NodeMedia`, the disk or S3 blob
 * store, `file-type` and the import fetcher) and the store given. What a Node backend embedding the
 * core uses, and what the reference server puts its routes over.
 *
 * `allowPrivateUrls` is one choice for both sides of the public-address rule: the use cases accept
 * `http:` and private endpoint and import URLs, and the transport and the fetcher connect to
 * private addresses.
 *
 * `media` says where files live and where they are served (`NodeMedia.Options`); without it, on
 * the disk under `./.data/media`, served at `http://127.0.0.1:8080` (`NodeMedia.defaults`). The
 * disk store also provides `DiskBlobStore.LocalUploads`, which `MediaRoutes` serves uploads with.
 *
 * @since 0.1.0
 */
import { type ClientToken, Engine, type Errors, type StorePorts } from "@campaign-games/core"
import { Layer } from "effect"
import * as NodeHostResolver from "./NodeHostResolver.ts"
import * as NodeImportFetcher from "./NodeImportFetcher.ts"
import * as NodeMedia from "./NodeMedia.ts"
import * as NodeSecrets from "./NodeSecrets.ts"
import * as NodeWebhookTransport from "./NodeWebhookTransport.ts"

/** Everything `layer` provides: the engine's services, the store's ports and the Node adapters. */
export type Services = Engine.Services | Engine.Requirements

/** The options of `layer`: the engine's, and where the media library keeps and serves files. */
export interface Options extends Engine.Options {
  readonly media?: NodeMedia.Options | undefined
}

/**
 * The Node adapters of the engine's platform ports (`Engine.PlatformPorts`). The media library's
 * disk store keeps its upload-signing key among the store's server secrets.
 */
export const layerPlatform = (
  options: Options
): Layer.Layer<Engine.PlatformPorts, Errors.StoreError, ClientToken.ServerSecretRepo> => {
  const media = options.media ?? NodeMedia.defaults
  return Layer.mergeAll(
    NodeSecrets.layer,
    media.network === undefined ? NodeHostResolver.layer : NodeImportFetcher.hostResolver(media.network),
    NodeWebhookTransport.layer({ allowPrivate: options.allowPrivateUrls === true }),
    NodeMedia.layer(media, options.allowPrivateUrls === true)
  )
}

/**
 * The whole engine over `store` (`MemoryStore.layer`, `Database.layer(…)`), with the Node adapters.
 * It provides the store's ports too (the outbox with the webhook fan-out).
 */
export const layer = <E, R>(
  store: Layer.Layer<StorePorts.StoreServices, E, R>,
  options: Options = {}
): Layer.Layer<Services, E | Errors.StoreError, R> =>
  Engine.layer(options).pipe(Layer.provideMerge(layerPlatform(options)), Layer.provideMerge(store))
