/**
 * The tables of rewards in the memory database (`MemoryDatabase` joins them into its own), each a
 * `Table.of<K, V>()` with its key and row types. Imports only `internal/Table.ts` and types, so the
 * database can import it.
 *
 * The secondary tables stand for SQL's keys and indexes: `couponCodes` for the unique code per
 * campaign, `tierCoupons` for a prize's codes, `recipients` for the players who received a coupon
 * of a campaign (the key of `grantOncePerParticipant`). Their keys are made here (`codeKey`,
 * `tierKey`, `recipientKey`).
 *
 * @since 0.1.0
 */
import type { Coupon, Grant, Reward } from "@campaign-games/core"
import * as Table from "../internal/Table.ts"

/** The key of a code in its campaign (unique). */
export const codeKey = (campaignId: string, code: string): string => `${campaignId}\u0000${code}`

/** The key of a prize's codes. */
export const tierKey = (campaignId: string, tierId: string): string => `${campaignId}\u0000${tierId}`

/** The key of a player of a campaign. */
export const recipientKey = (campaignId: string, participantRef: string): string =>
  `${campaignId}\u0000${participantRef}`

/** The tables of rewards. */
export const tables = {
  /** campaign id → reward */
  rewards: Table.of<string, Reward.Reward>(),
  coupons: Table.of<string, Coupon.Coupon>(),
  /** `codeKey(campaign, code)` → coupon id */
  couponCodes: Table.of<string, string>(),
  /** `tierKey(campaign, tier)` → the prize's coupon ids, in the order they were added */
  tierCoupons: Table.of<string, ReadonlyArray<string>>(),
  /** `recipientKey(campaign, participantRef)` → coupons received */
  recipients: Table.of<string, number>(),
  grants: Table.of<string, Grant.Grant>()
}
