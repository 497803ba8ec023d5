/**
 * The store contract of rewards: one suite per repository of `RewardsEngine.Repos`, and the play
 * path with a reward (a finish's grant), registered by `StoreContract` and run on every store
 * (memory, PGlite, PostgreSQL). Each suite's module says what it pins.
 *
 * @since 0.1.0
 */
import type { StorePorts } from "@campaign-games/core"
import type { Vitest } from "@effect/vitest"
import * as RewardCouponRepoContract from "./RewardCouponRepoContract.ts"
import * as RewardFinishContract from "./RewardFinishContract.ts"
import * as RewardGrantRepoContract from "./RewardGrantRepoContract.ts"
import * as RewardRepoContract from "./RewardRepoContract.ts"

/** The suites of rewards, by the port each pins. */
export const suites: Record<string, (it: Vitest.MethodsNonLive<StorePorts.StoreServices>) => void> = {
  RewardRepo: RewardRepoContract.tests,
  CouponRepo: RewardCouponRepoContract.tests,
  GrantRepo: RewardGrantRepoContract.tests,
  "PlayFinishRepo (with a reward)": RewardFinishContract.tests
}
