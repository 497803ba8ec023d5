/**
 * Rewards: the reward and its tiers, coupon codes, grants.
 *
 * @since 0.1.0
 */
import { HttpApiGroup } from "effect/http-api"

export class RewardsApi extends HttpApiGroup.make("rewards") {}
