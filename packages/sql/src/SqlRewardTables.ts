/**
 * The columns of the rewards' tables (`rewards`, `reward_coupons`, `reward_grants` of migration
 * `0008_rewards`), as field records made from the core's (`Reward.fields`, `Coupon.fields`,
 * `Grant.fields`), the way `internal/Tables.ts` makes the others'.
 *
 * @since 0.1.0
 */
import { Coupon, Grant, Reward } from "@campaign-games/core"
import * as Table from "./internal/Table.ts"

/** `rewards`: the prizes and the page are documents. */
export const rewards = Table.fromFields(Reward.fields)

/** `reward_coupons`. */
export const coupons = Table.fromFields(Coupon.fields)

/** `reward_grants`: the prize is a document. */
export const grants = Table.fromFields(Grant.fields)
