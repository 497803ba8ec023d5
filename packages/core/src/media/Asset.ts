/**
 * A file of the media library (the specification's "asset"): an image, a sound, a video or a Lottie
 * animation, uploaded by a browser (presign, POST, confirm) or imported from a URL by a background
 * worker. Everything here is data and pure rules; `Media` holds the use cases.
 *
 * - **Types and sizes.** The ten content types of the specification, each of one kind (`image`,
 *   `sound`, `video`, `lottie`, as `FileRule` names them), each kind with its largest file: images
 *   8 MiB, sounds 16 MiB, videos 50 MiB (the upload maximum, 52,428,800 bytes), Lottie 2 MiB.
 * - **Life.** An upload is pending (`confirmedAt` null, `sizeBytes` null) until its confirm has
 *   checked the stored bytes; an import is `pending`, then `done` (available) or `failed`.
 *   Only an available file is served and counts as a media-library file for the file rule.
 * - **Where the bytes are.** Under two keys of the `BlobStore`: the upload slot
 *   (`uploads/<account>/<id>`), the only key an upload's signed policy can write, and the file
 *   (`files/<account>/<id>`), where a confirm or an import moves the bytes before checking them.
 *   A replayed upload only ever rewrites the slot, never a file already served.
 * - **URL.** `<public URL>/media/files/<id>`: the id, never the file name, so it stays the same
 *   across renames and moves.
 *
 * @since 0.1.0
 */
import { Context, type DateTime, Effect, Option, Schema } from "effect"
import { kindOfContentType } from "../campaigns/FileRule.ts"
import { foundOr, type StoreError } from "../Failure.ts"
import { Count, Patch, Text, Timestamp, TimestampOrNull } from "../Fields.ts"
import * as StorableText from "../StorableText.ts"
import type { AccountRows } from "../Store.ts"

// ---------------------------------------------------------------------------------------------
// Types, kinds and sizes
// ---------------------------------------------------------------------------------------------

/** The content types a file may have (the last is for Lottie animations). */
export const contentTypes = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "video/mp4",
  "video/webm",
  "application/json"
] as const

export const ContentType = Schema.Literals(contentTypes)
export type ContentType = typeof ContentType.Type

/** Whether `type` is one of the ten content types. */
export const isContentType = (type: string): type is ContentType =>
  (contentTypes as ReadonlyArray<string>).includes(type)

/** The kind of file a content type holds (as the file rule judges it). */
export type Kind = "image" | "sound" | "video" | "lottie"

export const kinds: ReadonlyArray<Kind> = ["image", "sound", "video", "lottie"]

/** The kind of a content type of the library. */
export const kindOf = (type: ContentType): Kind => kindOfContentType(type) as Kind

const MiB = 1024 * 1024

/** The largest file of each kind, in bytes. */
export const maxBytes: Readonly<Record<Kind, number>> = {
  image: 8 * MiB,
  sound: 16 * MiB,
  video: 50 * MiB,
  lottie: 2 * MiB
}

/** The largest upload or import of any kind (the specification's `sizeBytes` maximum). */
export const MAX_BYTES = 52_428_800

/** The kind with its article, for messages ("an image"). */
export const kindName: Readonly<Record<Kind, string>> = {
  image: "an image",
  sound: "a sound",
  video: "a video",
  lottie: "a Lottie animation"
}

/**
 * The bytes an upload holds of the storage limit from its presign until it is confirmed or swept:
 * its declared size, else the most its content type allows (the policy lets that many through).
 */
export const reservation = (contentType: ContentType, declared: number | undefined): number =>
  declared ?? maxBytes[kindOf(contentType)]

/**
 * The most uploads an account may have open (presigned within `MediaSettings.uploadTtl`, not yet
 * confirmed): a presign past it is refused (`TooManyOpenUploads`) until the oldest one's policy ends.
 */
export const MAX_OPEN_UPLOADS = 20

/** The size limit of a kind as people read it ("8 MiB"). */
export const sizeText = (bytes: number): string => `${bytes / MiB} MiB`

// ---------------------------------------------------------------------------------------------
// The stored record
// ---------------------------------------------------------------------------------------------

export const ImportStatus = Schema.Literals(["pending", "failed", "done"])
export type ImportStatus = typeof ImportStatus.Type

/** The content type of an import before its bytes are known (no type was asked for). */
export const UNKNOWN_TYPE = "application/octet-stream"

/**
 * A file's fields as stored, written once: its type, its API view and its table's row (in `sql`)
 * are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  folderId: Schema.NullOr(Schema.String),
  filename: Schema.String,
  /** One of `contentTypes`; an import asked for without a type holds `UNKNOWN_TYPE` until done. */
  contentType: Schema.String,
  sizeBytes: Schema.NullOr(Count),
  /** The size the upload was started with (its policy allows exactly that many bytes); null when none was given. */
  declaredSizeBytes: Schema.NullOr(Count),
  /**
   * What a pending upload holds of the account's storage limit until it is confirmed or swept
   * (`reservation`: its declared size, else its kind's maximum); null for imports and for uploads
   * started before the reservation existed (migration `0016_pending_uploads`).
   */
  reservedBytes: Schema.NullOr(Count),
  sourceUrl: Schema.NullOr(Schema.String),
  importStatus: Schema.NullOr(ImportStatus),
  importError: Schema.NullOr(Schema.String),
  importAttempts: Count,
  /** When a pending import is next due (null otherwise). */
  importNextAt: TimestampOrNull,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  confirmedAt: TimestampOrNull
}

export type Asset = Schema.Struct.Type<typeof fields>

/** Whether the file is available: served, counted in the storage used, a media-library file for the file rule. */
export const isAvailable = (asset: Pick<Asset, "confirmedAt">): boolean => asset.confirmedAt !== null

/** Whether the file came from a URL import (its confirm is the import's). */
export const isImport = (asset: Pick<Asset, "importStatus">): boolean => asset.importStatus !== null

/** The blob key an upload's policy lets a browser write. */
export const uploadKey = (asset: Pick<Asset, "accountId" | "id">): string => `uploads/${asset.accountId}/${asset.id}`

/** The blob key of the file itself, once moved out of the upload slot. */
export const fileKey = (asset: Pick<Asset, "accountId" | "id">): string => `files/${asset.accountId}/${asset.id}`

// ---------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------

/** The path under the public URL where files are served, by id. */
export const FILES_PATH = "/media/files/"

/** The public URL without a trailing slash. */
const base = (publicUrl: string): string => publicUrl.replace(/\/+$/u, "")

/** The URL a file is served at: `<public URL>/media/files/<id>`. */
export const urlOf = (publicUrl: string, id: string): string => `${base(publicUrl)}${FILES_PATH}${id}`

const ID = /^[A-Za-z0-9_-]{1,64}$/u

/**
 * The id of the file a URL names, when it is a file URL of this library (`urlOf`, with no query or
 * fragment); none for any other address.
 */
export const idOfUrl = (publicUrl: string, url: string): Option.Option<string> => {
  const prefix = `${base(publicUrl)}${FILES_PATH}`
  if (!url.startsWith(prefix)) return Option.none()
  const id = url.slice(prefix.length)
  return ID.test(id) ? Option.some(id) : Option.none()
}

// ---------------------------------------------------------------------------------------------
// The API's view and requests
// ---------------------------------------------------------------------------------------------

/** A file as the API shows it. */
export const AssetView = Schema.Struct({
  id: Schema.String,
  url: Schema.String.annotate({
    format: "uri",
    description: "Where the file is served; unchanged by renames and moves"
  }),
  filename: Schema.String,
  contentType: Schema.String,
  sizeBytes: fields.sizeBytes,
  folderId: fields.folderId,
  sourceUrl: fields.sourceUrl,
  importStatus: fields.importStatus,
  importError: fields.importError,
  importAttempts: fields.importAttempts,
  createdAt: fields.createdAt,
  updatedAt: fields.updatedAt,
  confirmedAt: fields.confirmedAt
}).annotate({ identifier: "Asset" })
export type AssetView = typeof AssetView.Type

/** A file as the API shows it, served under `publicUrl`. */
export const view = (asset: Asset, publicUrl: string): AssetView => ({
  id: asset.id,
  url: urlOf(publicUrl, asset.id),
  filename: asset.filename,
  contentType: asset.contentType,
  sizeBytes: asset.sizeBytes,
  folderId: asset.folderId,
  sourceUrl: asset.sourceUrl,
  importStatus: asset.importStatus,
  importError: asset.importError,
  importAttempts: asset.importAttempts,
  createdAt: asset.createdAt,
  updatedAt: asset.updatedAt,
  confirmedAt: asset.confirmedAt
})

export const Filename = Text(1, 200)

/** A folder named by a body: an id of up to 64 characters, or null for none. */
export const FolderRef = Schema.NullOr(Text(1, 64))

/** Body of `POST /v1/tenant/assets/presign`. */
export const PresignUpload = Schema.Struct({
  filename: Filename,
  contentType: ContentType,
  sizeBytes: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_BYTES })).annotate({
      description: "The file's exact size: the upload must be this many bytes. Without it, up to its kind's maximum."
    })
  ),
  folderId: Schema.optionalKey(FolderRef)
}).annotate({ identifier: "PresignUpload" })
export type PresignUpload = typeof PresignUpload.Type

/** An http(s) URL of up to 2048 characters (the import's source; the public-address rule is checked apart). */
export const SourceUrl = Schema.String.annotate({ format: "uri" }).check(
  Schema.isMinLength(1),
  Schema.isMaxLength(2048),
  StorableText.check
)

/** Body of `POST /v1/tenant/assets/import`. */
export const ImportAsset = Schema.Struct({
  url: SourceUrl,
  filename: Schema.optionalKey(Filename),
  contentType: Schema.optionalKey(ContentType),
  folderId: Schema.optionalKey(FolderRef)
}).annotate({ identifier: "ImportAsset" })
export type ImportAsset = typeof ImportAsset.Type

/** Body of `PATCH /v1/tenant/assets/{assetId}`: at least one property. */
export const UpdateAsset = Patch({ filename: Filename, folderId: FolderRef }).annotate({ identifier: "UpdateAsset" })
export type UpdateAsset = typeof UpdateAsset.Type

/** The file name of an import without one: the last segment of the URL's path, else `import`. */
export const filenameOfUrl = (url: string): string => {
  if (!URL.canParse(url)) return "import"
  const path = new URL(url).pathname
  const last = path.slice(path.lastIndexOf("/") + 1)
  const name = decodeOr(last)
  const cleaned = Array.from(name)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
  const bounded = Array.from(cleaned).slice(0, 200).join("")
  return bounded === "" || !StorableText.isStorable(bounded) ? "import" : bounded
}

/** A URL path segment decoded, or as it is when it is not valid percent-encoding. */
const decodeOr = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

// ---------------------------------------------------------------------------------------------
// The port
// ---------------------------------------------------------------------------------------------

/** Which folder a list looks in: any, the top level, or one folder. */
export type FolderFilter =
  { readonly _tag: "Any" } | { readonly _tag: "Root" } | { readonly _tag: "In"; readonly id: string }

export interface ListQuery {
  readonly folder: FolderFilter
  /** Part of the file name, any case (ASCII letters folded, as `ILIKE` under `COLLATE "C"`). */
  readonly search: string | undefined
  readonly kind: Kind | undefined
  readonly sort: "createdAt" | "filename" | "sizeBytes"
  readonly dir: "asc" | "desc"
}

/** A claimed import: the file as claimed (its `importAttempts` counts this attempt) and the claim's lease. */
export interface ClaimedImport {
  readonly asset: Asset
  readonly leaseUntil: DateTime.Utc
}

/**
 * The files of the media library. Every query is scoped by account but `findAvailable` (the
 * serving route's: ids are unique) and the import worker's `claimImports`. `update` writes every
 * field but `id`, `accountId` and `createdAt` (a rename, a move, a confirm); false when the account
 * has no such file.
 */
export class AssetRepo extends Context.Service<
  AssetRepo,
  AccountRows<Asset, ListQuery, boolean> & {
    /** The files of the account among `ids` (any order). */
    readonly findMany: (
      accountId: string,
      ids: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Asset>, StoreError>
    /** The available file with this id, in any account (serving). */
    readonly findAvailable: (id: string) => Effect.Effect<Option.Option<Asset>, StoreError>
    /** Deletes the file; false when the account has none with this id. */
    readonly delete: (accountId: string, id: string) => Effect.Effect<boolean, StoreError>
    /**
     * The bytes the account's files hold: the sum of `sizeBytes` of its files, and of
     * `reservedBytes` of its pending uploads (counted from the presign until confirmed or swept).
     */
    readonly storageUsed: (accountId: string) => Effect.Effect<number, StoreError>
    /**
     * The account's uploads started after `since` (strictly) and not confirmed: how many, and when the
     * oldest of them started (none when there is none).
     */
    readonly openUploads: (
      accountId: string,
      since: DateTime.Utc
    ) => Effect.Effect<{ readonly count: number; readonly oldest: Option.Option<DateTime.Utc> }, StoreError>
    /** How many files are in the folders `folderIds`. */
    readonly countInFolders: (accountId: string, folderIds: ReadonlyArray<string>) => Effect.Effect<number, StoreError>
    /** Moves every file of the folders `from` to the folder `to` (null: the top level) at `now`; how many. */
    readonly moveFromFolders: (
      accountId: string,
      from: ReadonlyArray<string>,
      to: string | null,
      now: DateTime.Utc
    ) => Effect.Effect<number, StoreError>
    /**
     * Claims up to `limit` pending imports due at `now` (`importNextAt` ≤ `now`) that nobody holds,
     * until `leaseUntil`, counting one more attempt on each: on PostgreSQL with `FOR UPDATE SKIP
     * LOCKED`, so instances never claim the same import while a lease runs. Earliest due first.
     */
    readonly claimImports: (
      now: DateTime.Utc,
      leaseUntil: DateTime.Utc,
      limit: number
    ) => Effect.Effect<ReadonlyArray<ClaimedImport>, StoreError>
    /**
     * Writes the import's outcome (the asset's import fields, content type, size, `confirmedAt`,
     * `updatedAt`) and releases the claim, only while `leaseUntil` is still its lease (a fencing
     * token); whether it wrote.
     */
    readonly finishImport: (asset: Asset, leaseUntil: DateTime.Utc) => Effect.Effect<boolean, StoreError>
    /**
     * Gives a claim back unused (its worker stopped): the attempt is not counted. Only while
     * `leaseUntil` is still its lease.
     */
    readonly releaseImport: (accountId: string, id: string, leaseUntil: DateTime.Utc) => Effect.Effect<void, StoreError>
    /**
     * Deletes uploads never confirmed and created before `before` (imports excepted), up to `limit`;
     * the files deleted.
     */
    readonly deleteStaleUploads: (
      before: DateTime.Utc,
      limit: number
    ) => Effect.Effect<ReadonlyArray<Asset>, StoreError>
  }
>()("@campaign-games/core/AssetRepo") {}

/** `findById` as an effect that fails with `onMissing` when there is no such file. */
export const findOr: <E>(
  onMissing: () => E
) => (lookup: Effect.Effect<Option.Option<Asset>, StoreError>) => Effect.Effect<Asset, StoreError | E> = foundOr
