/**
 * The media library's platform ports on Node (`MediaEngine.Requirements`), from one set of options:
 * the `BlobStore` (the local disk under the data directory, the default, or S3-compatible storage),
 * the sniffer (`file-type`), the URL fetcher of imports (undici behind the public-address guard)
 * and the library's settings (`MediaSettings`: the public URL of files and uploads). `NodeEngine`
 * builds them; `main.ts` reads the options from the environment (`fromEnv`).
 *
 * | variable | meaning |
 * |---|---|
 * | CG_DATA_DIR | the disk store keeps files under `<CG_DATA_DIR>/media` (default `./.data`) |
 * | CG_S3_BUCKET | S3-compatible storage instead of the disk: the bucket |
 * | CG_S3_ENDPOINT | the S3 API's address (MinIO, R2, …); AWS's when unset |
 * | CG_S3_REGION | default `us-east-1` |
 * | CG_S3_FORCE_PATH_STYLE | `true` for path-style addressing (MinIO and most S3-compatible servers) |
 * | CG_S3_PUBLIC_URL | redirect files to `<this>/<key>` (a CDN or public bucket) instead of presigned GETs |
 *
 * Credentials of S3 come from the AWS SDK's chain (`AWS_ACCESS_KEY_ID`, shared files, roles).
 * Several server instances need S3: the disk store's files are on one machine.
 *
 * @since 0.1.0
 */
import type { Errors } from "@campaign-games/core"
import type { BlobStore } from "@campaign-games/core/media/BlobStore"
import type * as MediaEngine from "@campaign-games/core/media/MediaEngine"
import * as MediaSettings from "@campaign-games/core/media/MediaSettings"
import type { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import { Effect, Layer } from "effect"
import * as DiskBlobStore from "./DiskBlobStore.ts"
import { UPLOAD_PATH } from "./MediaRoutes.ts"
import * as NodeImportFetcher from "./NodeImportFetcher.ts"
import * as NodeMediaSniffer from "./NodeMediaSniffer.ts"
import type * as S3BlobStore from "./S3BlobStore.ts"

/** Where the bytes live. */
export type Storage =
  { readonly _tag: "Disk"; readonly directory: string } | ({ readonly _tag: "S3" } & S3BlobStore.Options)

export interface Options {
  /** The base of file and upload URLs (`CG_PUBLIC_URL`). */
  readonly publicUrl: string
  readonly storage: Storage
  /** Where imports' hosts resolve and which addresses are public: the system's unless given (tests). */
  readonly network?: NodeImportFetcher.Network | undefined
  /** The imports' download deadlines. */
  readonly fetchTimeouts?: Partial<NodeImportFetcher.Timeouts> | undefined
  /** How long an upload's body may take, on the disk store (`DiskBlobStore.defaultDeadlines`). */
  readonly uploadDeadlines?: Partial<DiskBlobStore.UploadDeadlines> | undefined
  /** Other settings of the library (the import worker's pace, how long uploads last). */
  readonly settings?: Partial<Omit<MediaSettings.Settings, "publicUrl">> | undefined
}

/** The defaults of `npm start`: files on the disk under `./.data/media`, served at 127.0.0.1:8080. */
export const defaults: Options = {
  publicUrl: "http://127.0.0.1:8080",
  storage: { _tag: "Disk", directory: "./.data/media" }
}

/** The options of an environment (`main.ts`): S3 when `CG_S3_BUCKET` is set, else the disk under `dataDir`. */
export const fromEnv = (
  env: { readonly [name: string]: string | undefined },
  base: { readonly publicUrl: string; readonly dataDir: string }
): Options => {
  const bucket = env["CG_S3_BUCKET"] ?? ""
  return {
    publicUrl: base.publicUrl,
    storage:
      bucket === ""
        ? { _tag: "Disk", directory: `${base.dataDir.replace(/\/+$/u, "")}/media` }
        : {
            _tag: "S3",
            bucket,
            endpoint: env["CG_S3_ENDPOINT"] === "" ? undefined : env["CG_S3_ENDPOINT"],
            region: env["CG_S3_REGION"] === "" ? undefined : env["CG_S3_REGION"],
            forcePathStyle: env["CG_S3_FORCE_PATH_STYLE"] === "true",
            publicBaseUrl: env["CG_S3_PUBLIC_URL"] === "" ? undefined : env["CG_S3_PUBLIC_URL"]
          }
  }
}

/**
 * The blob store of `storage`; the disk's also receives uploads (`DiskBlobStore.LocalUploads`). The
 * S3 store (and the AWS SDK) is loaded only when chosen.
 */
const blobStore = (options: Options): Layer.Layer<BlobStore, Errors.StoreError, ServerSecretRepo> => {
  const storage = options.storage
  return storage._tag === "Disk"
    ? DiskBlobStore.layer({
        directory: storage.directory,
        uploadUrl: `${options.publicUrl.replace(/\/+$/u, "")}${UPLOAD_PATH}`,
        uploadDeadlines: options.uploadDeadlines
      })
    : Layer.unwrap(
        Effect.map(
          Effect.promise(() => import("./S3BlobStore.ts")),
          (s3) => s3.layer(storage)
        )
      )
}

/**
 * Every media port of the platform, and `MediaSettings`. `allowPrivate` lets imports reach private
 * addresses (`CG_ALLOW_PRIVATE_URLS`).
 */
export const layer = (
  options: Options,
  allowPrivate: boolean
): Layer.Layer<MediaEngine.Requirements, Errors.StoreError, ServerSecretRepo> =>
  Layer.mergeAll(
    blobStore(options),
    NodeMediaSniffer.layer,
    NodeImportFetcher.layer({ allowPrivate, network: options.network, timeouts: options.fetchTimeouts })
  ).pipe(
    Layer.provideMerge(
      Layer.succeed(MediaSettings.MediaSettings, {
        ...MediaSettings.defaults,
        ...options.settings,
        publicUrl: options.publicUrl
      })
    )
  )
