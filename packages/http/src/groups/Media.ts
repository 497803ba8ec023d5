/**
 * The media library: files (`/v1/tenant/assets`: uploads, imports, the library, where files are
 * used) and folders (`/v1/tenant/asset-folders`). Files themselves are served outside the API, at
 * `asset.url` (`MediaRoutes`).
 *
 * @since 0.1.0
 */
import { Asset, AssetUsage, Fields, Folder, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as RateLimit from "../RateLimit.ts"
import * as Endpoint from "./Endpoint.ts"

const FILES = "/v1/tenant/assets"
const FOLDERS = "/v1/tenant/asset-folders"

/** The folders lists' page sizes. */
export const folderPages = { default: 100, max: 200 } as const

const OneAsset = Schema.Struct({ asset: Asset.AssetView })
const OneFolder = Schema.Struct({ folder: Folder.FolderView })
const assetId = Endpoint.idParam("assetId")
const folderId = Endpoint.idParam("folderId")

/** How the browser uploads: a multipart POST to `url` with every field, then the file as field `file`. */
export const Upload = Schema.Struct({
  url: Schema.String.annotate({ format: "uri" }),
  fields: Schema.Record(Schema.String, Schema.String)
}).annotate({ identifier: "Upload" })

/** A file and where it is used. */
export const Usage = Schema.Struct({ asset: Asset.AssetView, uses: Schema.Array(AssetUsage.Use) }).annotate({
  identifier: "AssetUsage"
})

/** A folder filter of a query: a folder id, or `root` for the top level. */
const FolderFilter = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)).annotate({
  description: "A folder id, or `root` for the files (or folders) at the top level"
})

/** The import rate limits of the specification: 10 a minute and 200 an hour, per key. */
export const importLimits: ReadonlyArray<RateLimit.Policy> = [
  { name: "assets.import.minute", limit: 10, window: "1 minute" },
  { name: "assets.import.hour", limit: 200, window: "1 hour" }
]

/** The presign's rate limit: 60 a minute per key (the open uploads are bounded apart, by `Asset.MAX_OPEN_UPLOADS`). */
export const presignLimits: ReadonlyArray<RateLimit.Policy> = [
  { name: "assets.presign", limit: 60, window: "1 minute" }
]

export class MediaApi extends Endpoint.keyed(
  HttpApiGroup.make("media").add(
    Endpoint.permitted(
      HttpApiEndpoint.post("presign", `${FILES}/presign`, {
        payload: Asset.PresignUpload,
        success: Schema.Struct({ upload: Upload, asset: Asset.AssetView }).pipe(HttpApiSchema.status(201)),
        error: [ApiError.UpgradeRequired, ApiError.NotFound, ApiError.RateLimited]
      }).pipe(Endpoint.rateLimited(presignLimits)),
      ["assets.manage"],
      "Start an upload",
      "Permission assets.manage; plan feature Media library; 60 a minute per key (X-RateLimit-*; 429 with Retry-After); at most 20 uploads open per account (presigned in the last 15 minutes and not confirmed: 429 `rate_limited` with Retry-After, until the oldest one's policy ends). Plan limit library storage, checked before any byte moves (402): a pending upload holds its sizeBytes, or without it the most its type allows (images 8 MiB, audio 16 MiB, video 50 MiB, Lottie 2 MiB), from the presign until it is confirmed (then its real size counts) or swept an hour after the presign. Creates a pending file and answers the signed upload: POST to upload.url a multipart/form-data body with every entry of upload.fields, then the file last as field `file` (within 15 minutes; exactly sizeBytes bytes when given, else up to the kind's maximum), then call confirm. sizeBytes above its kind's maximum (images 8 MiB, audio 16 MiB, video 50 MiB, Lottie 2 MiB) is 400; an unknown folderId 404."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.post("confirm", `${FILES}/:assetId/confirm`, {
        params: assetId,
        payload: Endpoint.noBody,
        success: OneAsset,
        error: [ApiError.UpgradeRequired, ApiError.NotFound, ApiError.Conflict]
      }),
      ["assets.manage"],
      "Confirm an upload",
      "Beyond the specification's shapes. Permission assets.manage; plan feature Media library. Checks the uploaded bytes: their type must be the declared contentType (sniffed from the bytes; a Lottie animation must be Lottie JSON), within its kind's size, the exact sizeBytes declared, a whole file (not truncated); else 400 naming `file`, the bytes are deleted and the file stays pending (upload again while the policy lasts). Then, under the storage limit (402), the file is available: sizeBytes and confirmedAt are set. Confirming an available file answers it again; nothing uploaded yet is 400; an imported file is 409."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.post("import", `${FILES}/import`, {
        payload: Asset.ImportAsset,
        success: OneAsset.pipe(HttpApiSchema.status(201)),
        error: [ApiError.UpgradeRequired, ApiError.NotFound]
      }).pipe(Endpoint.rateLimited(importLimits)),
      ["assets.manage"],
      "Import a file from a URL",
      "Beyond the specification's shapes. Permission assets.manage; plan feature Media library; 10 a minute and 200 an hour per key (X-RateLimit-* report the minute's; a 429 names the limit reached). The URL must be http(s) and its host resolve to public addresses only (400 naming `url`). Answers a pending file (importStatus `pending`); a background worker fetches it (redirects only to public addresses, at most 3; at most 50 MiB, or the kind's maximum of contentType when given), checks its bytes as a confirm does and ends `done` (available, its contentType the bytes' type) or `failed` with importError. Transient failures (timeouts, 5xx, 429) are retried with a doubling wait, counted in importAttempts, up to 5."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("list", FILES, {
        query: {
          ...Pagination.query(Pagination.Defaults.assets),
          folderId: Schema.optionalKey(FolderFilter),
          search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
          kind: Schema.optionalKey(Schema.Literals(Asset.kinds)),
          sort: Schema.optionalKey(Schema.Literals(["createdAt", "filename", "sizeBytes"])),
          dir: Schema.optionalKey(Schema.Literals(["asc", "desc"]))
        },
        success: Endpoint.page("assets", Asset.AssetView),
        error: ApiError.NotFound
      }),
      ["assets.read"],
      "List files",
      "Permission assets.read. Every file (pending ones too) unless filtered: folderId (a folder's files, or `root` for those in no folder; an unknown folder is 404), kind (image, sound, video, lottie), search (part of the file name, any case). sort createdAt (default), filename or sizeBytes (files without a size last); dir desc (default) or asc; limit default 50, max 200."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("usage", `${FILES}/usage`, {
        query: { assetId: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))) },
        success: Schema.Struct({ usage: Schema.Array(Usage) }),
        error: ApiError.NotFound
      }),
      ["assets.read"],
      "Where files are used",
      "Beyond the specification's shapes. Permission assets.read. Every file whose URL is used somewhere, with each use: the resource (`campaign` with its id: its config or theme; `reward` with its campaign's id: its reward page; `branding`; `channel` with its id: its between-campaigns message) and the path of the field (`config.art.background`, `theme.logoUrl`, `page.blocks.0.url`, `logoUrl`, `betweenCampaigns.imageUrl`). With assetId, that file alone (uses may be empty; an unknown file is 404). Check it before deleting a file."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("get", `${FILES}/:assetId`, { params: assetId, success: OneAsset, error: ApiError.NotFound }),
      ["assets.read"],
      "Get a file",
      "Permission assets.read."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.patch("update", `${FILES}/:assetId`, {
        params: assetId,
        payload: Asset.UpdateAsset,
        success: OneAsset,
        error: ApiError.NotFound
      }),
      ["assets.manage"],
      "Rename or move a file",
      "Permission assets.manage. filename (1 to 200 characters), folderId (a folder, or null for none; an unknown folder is 404); at least one. The URL does not change."
    ),
    Endpoint.permitted(
      Endpoint.deleteById("delete", `${FILES}/:assetId`, "assetId"),
      ["assets.delete"],
      "Delete a file",
      "Permission assets.delete. Deletes for good, its bytes too: its URL stops serving at once, so anything still using it stops showing it (check GET /v1/tenant/assets/usage first)."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.post("createFolder", FOLDERS, {
        payload: Folder.CreateFolder,
        success: OneFolder.pipe(HttpApiSchema.status(201)),
        error: ApiError.NotFound
      }),
      ["assets.manage"],
      "Create a folder",
      "Beyond the specification's shapes. Permission assets.manage. name 1 to 80 characters (need not be unique); parentId a folder (404 when unknown), or null or left out for the top level."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("listFolders", FOLDERS, {
        query: { ...Pagination.query(folderPages), parentId: Schema.optionalKey(FolderFilter) },
        success: Endpoint.page("folders", Folder.FolderView),
        error: ApiError.NotFound
      }),
      ["assets.read"],
      "List folders",
      "Permission assets.read. Every folder, or a folder's children (parentId; `root` for the top level; an unknown folder is 404), by name (code point order), then id. limit default 100, max 200."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("getFolder", `${FOLDERS}/:folderId`, {
        params: folderId,
        success: OneFolder,
        error: ApiError.NotFound
      }),
      ["assets.read"],
      "Get a folder",
      "Permission assets.read."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.patch("updateFolder", `${FOLDERS}/:folderId`, {
        params: folderId,
        payload: Folder.UpdateFolder,
        success: OneFolder,
        error: [ApiError.NotFound, ApiError.Conflict]
      }),
      ["assets.manage"],
      "Rename or move a folder",
      "Permission assets.manage. name (1 to 80 characters), parentId (a folder, or null for the top level); at least one. A folder cannot move inside itself or one of its subfolders (409); an unknown parent is 404."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.delete("deleteFolder", `${FOLDERS}/:folderId`, {
        params: folderId,
        query: { confirm: Schema.optionalKey(Schema.Literals(["true", "false"])) },
        success: Schema.Struct({
          deleted: Schema.Boolean,
          id: Schema.String,
          foldersDeleted: Fields.Count,
          filesMoved: Fields.Count
        }),
        error: [ApiError.NotFound, ApiError.ConfirmationRequired]
      }),
      ["assets.manage"],
      "Delete a folder",
      "Beyond the specification's shapes. Permission assets.manage. Without confirm=true: 409 confirmation_required, saying how many subfolders would be deleted and files moved. With confirm=true: deletes the folder and every subfolder under it, and moves the files they hold to the folder's parent (the top level when it has none). No file is deleted and every URL keeps working."
    )
  ),
  "Media library",
  "Images, sounds, videos and Lottie animations in folders, uploaded by a browser (presign, POST, confirm) or imported from a URL, checked by their bytes and served at their `url` (by id: a rename or move keeps it)."
) {}
