/**
 * The repositories of rewards over effect/sql (`RewardsEngine.Repos` in the core), on the schema of
 * `Migrations`; `SqlStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type * as RewardsEngine from "@campaign-games/core/rewards/RewardsEngine"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"

/** Every repository of rewards over a `SqlClient`. */
export const layer: Layer.Layer<RewardsEngine.Repos, never, SqlClient.SqlClient> = Layer.empty
