/**
 * The repositories of media over effect/sql (`MediaEngine.Repos` in the core), on the schema of
 * `Migrations`; `SqlStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type * as MediaEngine from "@campaign-games/core/media/MediaEngine"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"

/** Every repository of media over a `SqlClient`. */
export const layer: Layer.Layer<MediaEngine.Repos, never, SqlClient.SqlClient> = Layer.empty
