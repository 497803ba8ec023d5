/**
 * What the API says of each reason of rewards (`RewardErrors` in the core); joined into `ApiError`'s table.
 * Every reason is answered with the core's own message and the field it names (`asIs`).
 *
 * @since 0.1.0
 */
import type { RewardErrors } from "@campaign-games/core"
import { asIs, type SayingOf } from "./Said.ts"

export const said: SayingOf<RewardErrors.RewardsReason> = {
  TierNotFound: asIs,
  NoReward: asIs,
  PrizeHoldsCodes: asIs,
  StrategyLocked: asIs,
  CodesNotStored: asIs,
  OneSharedCode: asIs,
  AlreadyGranted: asIs,
  OutOfCodes: asIs
}
