/**
 * The errors of the media library (files, folders, uploads, imports): one `MediaError` whose
 * `reason` says what happened:
 *
 * - the stored bytes refused (`FileRefused`: not what was declared, too large, damaged), or none
 *   uploaded before a confirm (`FileMissing`); plain field failures are the shared `InvalidFields`;
 * - no such file or folder (`AssetNotFound`, `FolderNotFound`, with the field that named the folder
 *   when a body or query did);
 * - a folder moved into itself or one of its subfolders (`FolderCycle`), an imported file confirmed
 *   as an upload (`NotAnUpload`);
 * - a folder deletion that must be repeated with `confirm=true` (`FolderDeletionUnconfirmed`, which
 *   says what the deletion does);
 * - too many uploads open at once (`TooManyOpenUploads`).
 *
 * The plan's storage limit and its missing Media feature are the plan's `PlanError`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Detail } from "../Failure.ts"
import { ServiceError, withDetails, withMessage } from "../Failure.ts"

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

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

/**
 * The account has `limit` uploads open (presigned, their policy still running, not confirmed):
 * confirm them, or retry once the oldest one's policy ends (`retryAfterSeconds`).
 */
export class TooManyOpenUploads extends withMessage(
  Schema.TaggedError<TooManyOpenUploads>()("TooManyOpenUploads", { limit: Schema.Int, retryAfterSeconds: Schema.Int }),
  ({ limit, retryAfterSeconds }) =>
    `Too many uploads open: at most ${limit} at once. Confirm them, or retry after ${retryAfterSeconds} seconds.`
) {}

/** What can go wrong in the media library's use cases. */
export const MediaReason = Schema.Union([
  FileRefused,
  FileMissing,
  AssetNotFound,
  FolderNotFound,
  FolderCycle,
  NotAnUpload,
  FolderDeletionUnconfirmed,
  TooManyOpenUploads
])
export type MediaReason = typeof MediaReason.Type

/** The error of the media subsystem: `reason` says what happened. */
export class MediaError extends ServiceError(Schema.TaggedError<MediaError>()("MediaError", { reason: MediaReason })) {}
