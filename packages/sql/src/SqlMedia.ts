/**
 * The repositories of media over effect/sql (`MediaEngine.Repos` in the core), on the schema of
 * `Migrations` (`0009_media`); `SqlStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type { MediaEngine } from "@campaign-games/core"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"
import * as SqlAssetRepo from "./SqlAssetRepo.ts"
import * as SqlMediaFolderRepo from "./SqlMediaFolderRepo.ts"

/** Every repository of media over a `SqlClient`. */
export const layer: Layer.Layer<MediaEngine.Repos, never, SqlClient.SqlClient> = Layer.mergeAll(
  SqlAssetRepo.layer,
  SqlMediaFolderRepo.layer
)
