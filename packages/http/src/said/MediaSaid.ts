/**
 * What the API says of each reason of media (`MediaErrors` in the core); joined into `ApiError`'s table.
 * Every reason is answered with the core's own words and fields (`asIs`): the refused file's
 * problem under `file`, the folder named by `folderId` or `parentId`, `confirm` for a folder
 * deletion to repeat.
 *
 * @since 0.1.0
 */
import type { MediaErrors } from "@campaign-games/core"
import { asIs, type SayingOf } from "./Said.ts"

export const said: SayingOf<MediaErrors.MediaReason> = {
  FileRefused: asIs,
  FileMissing: asIs,
  AssetNotFound: asIs,
  FolderNotFound: asIs,
  FolderCycle: asIs,
  NotAnUpload: asIs,
  FolderDeletionUnconfirmed: asIs,
  TooManyOpenUploads: asIs
}
