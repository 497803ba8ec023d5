/**
 * `CouponRepo` in memory: a code is unique in its campaign (`couponCodes`: a code taken, or repeated
 * in one call, is left out as SQL's `ON CONFLICT DO NOTHING` leaves it); `stored` counts the
 * account's codes in stock that can still be given; `withdraw` deletes the codes never given and
 * closes the others, as SQL's does.
 *
 * @since 0.1.0
 */
import { Coupon } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { MemoryDatabase } from "../MemoryDatabase.ts"
import { indexCoupon } from "./MemoryRewardGrantRepo.ts"
import { codeKey, tierKey } from "./MemoryRewardsTables.ts"

/** `CouponRepo` over the rewards' tables of the database. */
export const layer: Layer.Layer<Coupon.CouponRepo, never, MemoryDatabase> = Layer.effect(
  Coupon.CouponRepo,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    const { campaigns, couponCodes, coupons, tierCoupons } = database.tables
    return Coupon.CouponRepo.of({
      add: (rows) =>
        database.transaction(
          Effect.gen(function* () {
            const added: Array<string> = []
            for (const coupon of rows) {
              if (couponCodes.has(codeKey(coupon.campaignId, coupon.code)) || coupons.has(coupon.id)) continue
              yield* indexCoupon(database.tables, coupon)
              added.push(coupon.code)
            }
            return added
          })
        ),
      stored: (accountId) =>
        Effect.sync(() => {
          let count = 0
          for (const coupon of coupons.values()) {
            // A deleted campaign's codes go with it in SQL.
            if (
              coupon.accountId === accountId &&
              coupon.stock &&
              Coupon.available(coupon) &&
              campaigns.has(coupon.campaignId)
            ) {
              count++
            }
          }
          return count
        }),
      withdraw: (accountId, campaignId, tierId, codes) =>
        database.transaction(
          Effect.gen(function* () {
            const key = tierKey(campaignId, tierId)
            const named = codes === undefined ? undefined : new Set(codes)
            const kept: Array<string> = []
            let changed = 0
            for (const id of tierCoupons.get(key) ?? []) {
              const coupon = coupons.get(id)
              if (coupon === undefined) continue
              const taken = coupon.accountId === accountId && (named === undefined || named.has(coupon.code))
              if (taken && coupon.issued === 0) {
                yield* coupons.delete(id)
                yield* couponCodes.delete(codeKey(campaignId, coupon.code))
                changed++
                continue
              }
              if (taken && Coupon.available(coupon)) {
                yield* coupons.set(id, { ...coupon, issueLimit: coupon.issued })
                changed++
              }
              kept.push(id)
            }
            yield* tierCoupons.set(key, kept)
            return changed
          })
        )
    })
  })
)
