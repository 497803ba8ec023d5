/**
 * The repositories of draws over effect/sql (`DrawsEngine.Repos` in the core), on the schema of
 * `Migrations`; `SqlStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type * as DrawsEngine from "@campaign-games/core/draws/DrawsEngine"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"

/** Every repository of draws over a `SqlClient`. */
export const layer: Layer.Layer<DrawsEngine.Repos, never, SqlClient.SqlClient> = Layer.empty
