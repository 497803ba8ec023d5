/**
 * The store contract of media: one suite per repository of `MediaEngine.Repos`, registered by
 * `StoreContract` and run on every store (memory, PGlite, PostgreSQL). The blob stores have a
 * contract of their own (`BlobStoreContract`), run on memory, the disk and S3.
 *
 * @since 0.1.0
 */
import type { StorePorts } from "@campaign-games/core"
import type { Vitest } from "@effect/vitest"
import * as MediaAssetRepoContract from "./MediaAssetRepoContract.ts"
import * as MediaFolderRepoContract from "./MediaFolderRepoContract.ts"

/** The suites of media, by the port each pins. */
export const suites: Record<string, (it: Vitest.MethodsNonLive<StorePorts.StoreServices>) => void> = {
  AssetRepo: MediaAssetRepoContract.tests,
  FolderRepo: MediaFolderRepoContract.tests
}
