/**
 * Rewards: tiers, the reward page, coupon codes (pools, shared, generated), grants by rule, by draw
 * and by hand, and the `reward_granted` event.
 *
 * @since 0.1.0
 */
export * as Coupon from "./Coupon.ts"
export * as CouponDelivery from "./CouponDelivery.ts"
export * as Grant from "./Grant.ts"
export * as Reward from "./Reward.ts"
export * as RewardErrors from "./RewardErrors.ts"
export * as RewardPage from "./RewardPage.ts"
export * as Rewards from "./Rewards.ts"
export * as RewardsEngine from "./RewardsEngine.ts"
