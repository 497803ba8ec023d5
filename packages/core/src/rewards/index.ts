/**
 * Rewards: tiers, the reward page, coupon codes (pools, shared, generated), grants by rule, by draw
 * and by hand, and the `reward_granted` event.
 *
 * @since 0.1.0
 */
export * as RewardErrors from "./RewardErrors.ts"
export * as RewardsEngine from "./RewardsEngine.ts"
