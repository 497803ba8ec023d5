/**
 * The contract of `CouponRepo`: a code is unique in its campaign (`add` answers the codes it added;
 * one taken, or repeated in the call, is left out; the same code in another campaign is another
 * code); `stored` counts the account's codes in stock that can still be given; `withdraw` deletes
 * the prize's codes never given and closes the others, and answers how many it changed.
 *
 * @since 0.1.0
 */
import { Coupon, Grant, Reward, type StorePorts } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { givenAccount, givenCampaign } from "../internal/Given.ts"
import {
  givenCoupons,
  givenReward,
  makeCoupon,
  makePlan,
  makeReward,
  makeTier,
  stockOf
} from "./RewardFixturesContract.ts"

/** Registers the `CouponRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>): void => {
  it.effect("add: new codes only, unique per campaign", () =>
    Effect.gen(function* () {
      const coupons = yield* Coupon.CouponRepo
      const { campaign, reward } = yield* givenReward()
      const tierId = reward.tiers[0]!.id
      const first = makeCoupon(campaign, tierId, {
        code: "SPRING-«é»-1",
        ref: "sku 1",
        name: "Printemps 🌸",
        issueLimit: null
      })
      const second = makeCoupon(campaign, tierId)
      assert.deepStrictEqual(yield* coupons.add([first, second, makeCoupon(campaign, tierId, { code: first.code })]), [
        first.code,
        second.code
      ])
      assert.deepStrictEqual(yield* coupons.add([makeCoupon(campaign, tierId, { code: second.code })]), [], "taken")
      assert.deepStrictEqual(yield* coupons.add([]), [])
      const other = yield* givenCampaign({ accountId: campaign.accountId })
      assert.deepStrictEqual(yield* coupons.add([makeCoupon(other, tierId, { code: first.code })]), [first.code])
      // The code, its ref and name round-trip: a grant gives them.
      yield* (yield* Reward.RewardRepo).put(makeReward(other, reward.tiers))
      const given = yield* (yield* Grant.GrantRepo).grant(makePlan(campaign, reward, "p"))
      assert.strictEqual(given._tag, "Granted")
      if (given._tag === "Granted") {
        const codes = [first, second].find((c) => c.code === given.given.code)!
        assert.deepStrictEqual([given.given.couponRef, given.given.couponName], [codes.ref, codes.name])
      }
    })
  )

  it.effect("stored: the account's codes in stock that can still be given", () =>
    Effect.gen(function* () {
      const coupons = yield* Coupon.CouponRepo
      const account = yield* givenAccount()
      const { campaign, reward } = yield* givenReward([makeTier()], {})
      const mine = yield* givenCampaign({ accountId: account.id })
      yield* (yield* Reward.RewardRepo).put(makeReward(mine, reward.tiers))
      const tierId = reward.tiers[0]!.id
      yield* givenCoupons(mine, tierId, 3)
      yield* givenCoupons(mine, tierId, 2, { issueLimit: null, issued: 7 })
      yield* givenCoupons(mine, tierId, 1, { issueLimit: 2, issued: 2 })
      yield* givenCoupons(mine, tierId, 1, { stock: false, issued: 0 })
      yield* givenCoupons(campaign, tierId, 4)
      assert.strictEqual(yield* coupons.stored(account.id), 5)
    })
  )

  it.effect("withdraw: codes never given are deleted, the others give no more", () =>
    Effect.gen(function* () {
      const coupons = yield* Coupon.CouponRepo
      const pool = makeTier()
      const other = makeTier()
      const { campaign } = yield* givenReward([pool, other])
      const never = yield* givenCoupons(campaign, pool.id, 3, { issueLimit: 3 })
      yield* givenCoupons(campaign, pool.id, 1, { issueLimit: 3, issued: 1 })
      yield* givenCoupons(campaign, pool.id, 1, { issueLimit: 2, issued: 2 })
      yield* givenCoupons(campaign, other.id, 2)
      assert.strictEqual(
        yield* coupons.withdraw(campaign.accountId, campaign.id, pool.id, [never[0]!.code, "UNKNOWN"]),
        1
      )
      assert.deepStrictEqual(yield* stockOf(campaign, pool.id), { coupons: 4, remaining: 8, granted: 0 })
      assert.strictEqual(yield* coupons.withdraw((yield* givenAccount()).id, campaign.id, pool.id, undefined), 0)
      assert.strictEqual(yield* coupons.withdraw(campaign.accountId, campaign.id, pool.id, undefined), 3)
      assert.deepStrictEqual(yield* stockOf(campaign, pool.id), { coupons: 2, remaining: 0, granted: 0 })
      assert.deepStrictEqual((yield* stockOf(campaign, other.id))?.remaining, 2)
      // A code re-added once withdrawn is new again.
      assert.deepStrictEqual(yield* coupons.add([makeCoupon(campaign, pool.id, { code: never[1]!.code })]), [
        never[1]!.code
      ])
    })
  )
}
