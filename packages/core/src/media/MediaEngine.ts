/**
 * The part of the engine that is the media library (files, folders, uploads, imports, serving): its use cases and the ports it fills, as one layer
 * that `Engine.layer` merges with the rest, and the repositories it asks of a store (joined into
 * `StorePorts.Repos`).
 *
 * - `Repos`: `AssetRepo` and `FolderRepo` (`SqlMedia`, `MemoryMedia`).
 * - `Requirements`, the platform's ports: `BlobStore` (the bytes: disk or S3 on Node, memory in
 *   tests), `ContentSniffer` (a maintained sniffing library) and `UrlFetcher` (imports, behind the
 *   public-address guard). `MediaSettings` (the public URL of files, the workers' pace) is a
 *   reference the platform sets.
 * - `layer`: the use cases (`Media`, `MediaFolders`) and the import worker (`MediaImports`), whose
 *   loop runs on this instance when `options.background`.
 * - `mediaLibrary`: the file rule's `MediaLibrary` over the account's files: a URL of this
 *   library's files (`<public URL>/media/files/<id>`) is a media-library file when the account has
 *   that file and it is available, judged by its stored content type.
 *
 * @since 0.1.0
 */
import { Effect, Layer, Option } from "effect"
import { MediaLibrary } from "../campaigns/FileRule.ts"
import * as Asset from "./Asset.ts"
import type { BlobStore } from "./BlobStore.ts"
import type { ContentSniffer } from "./ContentCheck.ts"
import type { FolderRepo } from "./Folder.ts"
import { Media } from "./Media.ts"
import { MediaFolders } from "./MediaFolders.ts"
import { MediaImports } from "./MediaImports.ts"
import { MediaSettings } from "./MediaSettings.ts"
import type { UrlFetcher } from "./UrlFetcher.ts"

/** The repositories this subsystem asks of a store (each store provides them: `SqlStore`, `MemoryStore`). */
export type Repos = Asset.AssetRepo | FolderRepo

/** The use cases an application calls. */
export type UseCases = Media | MediaFolders

/** What `layer` provides: the use cases and the import worker. */
export type Services = UseCases | MediaImports

/** What `layer` asks of the platform, besides the store's ports and `Engine.PlatformPorts`. */
export type Requirements = BlobStore | ContentSniffer | UrlFetcher

export interface Options {
  /** Runs the background workers of this subsystem on this instance (`Engine.Options.background`). */
  readonly background: boolean
}

/** The use cases and ports of this subsystem. */
export const layer = (options: Options) =>
  Layer.mergeAll(Media.layer, MediaFolders.layer, options.background ? MediaImports.layer : MediaImports.layerNoLoop)

/** The media library's file rule (`FileRule.MediaLibrary`) for every file address of the engine. */
export const mediaLibrary = Layer.effect(
  MediaLibrary,
  Effect.gen(function* () {
    const assets = yield* Asset.AssetRepo
    const { publicUrl } = yield* MediaSettings
    return MediaLibrary.of({
      lookup: (accountId, url) =>
        Option.match(Asset.idOfUrl(publicUrl, url), {
          onNone: () => Effect.succeedNone,
          onSome: (id) =>
            Effect.map(assets.findById(accountId, id), (found) =>
              Option.flatMap(found, (asset) =>
                Asset.isAvailable(asset) ? Option.some({ contentType: asset.contentType }) : Option.none()
              )
            )
        }),
      inLibrary: (url) => Option.isSome(Asset.idOfUrl(publicUrl, url))
    })
  })
)
