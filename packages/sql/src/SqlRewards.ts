/**
 * The repositories of rewards over effect/sql (`RewardsEngine.Repos` in the core), on the schema of
 * `Migrations` (`0008_rewards`); `SqlStore` merges them with the rest. A finish's grant is written
 * by `SqlPlayFinishRepo` with the same statement (`SqlRewardGrantStatement`).
 *
 * @since 0.1.0
 */
import type { RewardsEngine } from "@campaign-games/core"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"
import * as SqlRewardCouponRepo from "./SqlRewardCouponRepo.ts"
import * as SqlRewardGrantRepo from "./SqlRewardGrantRepo.ts"
import * as SqlRewardRepo from "./SqlRewardRepo.ts"

/** Every repository of rewards over a `SqlClient`. */
export const layer: Layer.Layer<RewardsEngine.Repos, never, SqlClient.SqlClient> = Layer.mergeAll(
  SqlRewardRepo.layer,
  SqlRewardCouponRepo.layer,
  SqlRewardGrantRepo.layer
)
