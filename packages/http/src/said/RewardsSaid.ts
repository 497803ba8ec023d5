/**
 * What the API says of each reason of rewards (`RewardErrors` in the core); joined into `ApiError`'s table.
 *
 * @since 0.1.0
 */
import type * as RewardErrors from "@campaign-games/core/rewards/RewardErrors"
import type { SayingOf } from "./Said.ts"

export const said: SayingOf<RewardErrors.Reason> = {}
