/**
 * The error reasons of the media library (files, folders, uploads, imports), by category. `Errors` joins each list into its
 * category's `reason` union (`Errors.ConflictReason`, …), and the HTTP adapter's table
 * (`ApiError`) must say how each is answered. Reasons are made with `Reason.ts` (never `Errors`,
 * which imports this module).
 *
 * - 400: `FileRefused` (the stored bytes are not what was declared, or too large, or damaged) and
 *   `FileMissing` (confirm before anything was uploaded). Plain field failures are `InvalidFields`.
 * - 404: `AssetNotFound`, `FolderNotFound` (with the field that named the folder, when a body or
 *   query did).
 * - 409: `FolderCycle` (a folder moved into itself or one of its subfolders), `NotAnUpload`
 *   (confirming an imported file).
 * - 409 `confirmation_required`: `FolderDeletionUnconfirmed`, which says what the deletion does.
 * - 429: `TooManyOpenUploads` (a presign past the open uploads an account may have).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Detail } from "../Failure.ts"
import { withDetails, withMessage } from "../Failure.ts"

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

// -----------------------------------------------------------------------------
// InvalidRequest (400)
// -----------------------------------------------------------------------------

/**
 * The stored bytes of the file were refused (`problem`: not the declared type, over the size of
 * its kind, another size than declared, damaged or truncated). The file never becomes available.
 */
export class FileRefused extends withDetails(
  Schema.TaggedError<FileRefused>()("FileRefused", { assetId: Schema.String, problem: Schema.String }),
  ({ problem }) => `The uploaded file was refused: ${problem}.`,
  ({ problem }) => [{ path: "file", message: problem }]
) {}

/** A confirm found no uploaded bytes for the file: POST the file to `upload.url` first. */
export class FileMissing extends withDetails(
  Schema.TaggedError<FileMissing>()("FileMissing", { assetId: Schema.String }),
  "Nothing was uploaded for this file yet: POST it to upload.url first.",
  () => [{ path: "file", message: "not uploaded" }]
) {}

export const InvalidRequest = [FileRefused, FileMissing] as const

// -----------------------------------------------------------------------------
// UpgradeRequired (402): the plan's `FeatureMissing` and `LimitReached` (storageBytes) serve.
// -----------------------------------------------------------------------------

export const UpgradeRequired = [] as const

// -----------------------------------------------------------------------------
// NotFound (404)
// -----------------------------------------------------------------------------

/** No file with this id in the account. */
export class AssetNotFound extends withMessage(
  Schema.TaggedError<AssetNotFound>()("AssetNotFound", { id: Schema.String }),
  ({ id }) => `No file ${id} in the media library.`
) {}

/** No folder with this id in the account; `path` is the field that named it (`folderId`, `parentId`), if any. */
export class FolderNotFound extends withMessage(
  Schema.TaggedError<FolderNotFound>()("FolderNotFound", {
    id: Schema.String,
    path: Schema.optionalKey(Schema.String)
  }),
  ({ id }) => `No folder ${id} in the media library.`
) {
  get details(): ReadonlyArray<Detail> | undefined {
    return this.path === undefined ? undefined : [{ path: this.path, message: "no such folder" }]
  }
}

export const NotFound = [AssetNotFound, FolderNotFound] as const

// -----------------------------------------------------------------------------
// Conflict (409)
// -----------------------------------------------------------------------------

/** The folder cannot move under `parentId`: that is the folder itself or one of its subfolders. */
export class FolderCycle extends withDetails(
  Schema.TaggedError<FolderCycle>()("FolderCycle", { folderId: Schema.String, parentId: Schema.String }),
  ({ folderId, parentId }) =>
    folderId === parentId
      ? "A folder cannot move inside itself."
      : "A folder cannot move inside one of its own subfolders.",
  () => [{ path: "parentId", message: "is the folder itself or one of its subfolders" }]
) {}

/** The file was imported from a URL: the import confirms it, not `POST …/confirm`. */
export class NotAnUpload extends withMessage(
  Schema.TaggedError<NotAnUpload>()("NotAnUpload", { assetId: Schema.String }),
  "This file is imported from a URL; it becomes available when its import is done."
) {}

export const Conflict = [FolderCycle, NotAnUpload] as const

// -----------------------------------------------------------------------------
// ConfirmationRequired (409 confirmation_required)
// -----------------------------------------------------------------------------

/**
 * Deleting the folder needs `confirm=true`: it deletes the folder and its `subfolders` subfolders,
 * and moves the `files` files they hold to the folder's parent (`parentId`, null for the top level).
 */
export class FolderDeletionUnconfirmed extends Schema.TaggedError<FolderDeletionUnconfirmed>()(
  "FolderDeletionUnconfirmed",
  {
    folderId: Schema.String,
    subfolders: Schema.Int,
    files: Schema.Int,
    parentId: Schema.NullOr(Schema.String)
  }
) {
  override get message(): string {
    const where = this.parentId === null ? "the top level" : `its parent folder ${this.parentId}`
    return `Deleting this folder also deletes ${plural(this.subfolders, "subfolder")} and moves ${plural(this.files, "file")} to ${where}; no file is deleted. Repeat with confirm=true.`
  }
  get details(): ReadonlyArray<Detail> {
    return [{ path: "confirm", message: "repeat with confirm=true" }]
  }
}

export const ConfirmationRequired = [FolderDeletionUnconfirmed] as const

// -----------------------------------------------------------------------------
// RateLimited (429)
// -----------------------------------------------------------------------------

/**
 * The account has `limit` uploads open (presigned, their policy still running, not confirmed):
 * confirm them, or retry once the oldest one's policy ends (`retryAfterSeconds`).
 */
export class TooManyOpenUploads extends withMessage(
  Schema.TaggedError<TooManyOpenUploads>()("TooManyOpenUploads", { limit: Schema.Int, retryAfterSeconds: Schema.Int }),
  ({ limit, retryAfterSeconds }) =>
    `Too many uploads open: at most ${limit} at once. Confirm them, or retry after ${retryAfterSeconds} seconds.`
) {}

export const RateLimited = [TooManyOpenUploads] as const

/** Every reason of this module. */
export type Reason = (
  | typeof InvalidRequest
  | typeof UpgradeRequired
  | typeof NotFound
  | typeof Conflict
  | typeof ConfirmationRequired
  | typeof RateLimited
)[number]["Type"]
