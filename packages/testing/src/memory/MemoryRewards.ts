/**
 * The repositories of rewards in memory (`RewardsEngine.Repos` in the core), over `MemoryDatabase`;
 * `MemoryStore` merges them with the rest. A finish's grant is written by `MemoryPlayFinishRepo`
 * with the same steps (`MemoryRewardGrantRepo.grantIn`).
 *
 * @since 0.1.0
 */
import type { RewardsEngine } from "@campaign-games/core"
import { Layer } from "effect"
import type { MemoryDatabase } from "../MemoryDatabase.ts"
import * as MemoryRewardCouponRepo from "./MemoryRewardCouponRepo.ts"
import * as MemoryRewardGrantRepo from "./MemoryRewardGrantRepo.ts"
import * as MemoryRewardRepo from "./MemoryRewardRepo.ts"

/** Every repository of rewards over the memory database. */
export const layer: Layer.Layer<RewardsEngine.Repos, never, MemoryDatabase> = Layer.mergeAll(
  MemoryRewardRepo.layer,
  MemoryRewardCouponRepo.layer,
  MemoryRewardGrantRepo.layer
)
