/**
 * The contract of `RewardRepo`: a reward round-trips exactly (its prizes, matches, page and times),
 * one per campaign (`put` replaces it, keeping when it was created), scoped by account, and listed
 * by account (`listByAccount`, by campaign id); `delete`
 * answers whether there was one; `stock` counts each prize's codes, the issues left over them (null
 * when one has no issue limit) and its grants.
 *
 * @since 0.1.0
 */
import { Grant, Reward, type StorePorts } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertNone, assertSome } from "../internal/Assertions.ts"
import { at } from "../internal/Fixtures.ts"
import { givenAccount, givenSibling } from "../internal/Given.ts"
import { givenCoupons, givenReward, makePlan, makeReward, makeTier } from "./RewardFixturesContract.ts"

/** Registers the `RewardRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>): void => {
  it.effect("a reward round-trips, one per campaign, in its account only", () =>
    Effect.gen(function* () {
      const rewards = yield* Reward.RewardRepo
      const { campaign, reward } = yield* givenReward([
        makeTier({
          match: { when: "outcome", segmentIds: ["win", "lose"] },
          display: { title: "T", termsUrl: "https://x.example.com/t?a=1" }
        }),
        makeTier({ codeStrategy: "generated", match: { when: "drawn" } })
      ])
      assertSome(yield* rewards.find(campaign.accountId, campaign.id), reward)
      assertNone(yield* rewards.find((yield* givenAccount()).id, campaign.id), "another account")
      const replaced: Reward.Reward = {
        ...reward,
        revision: 2,
        tiers: [reward.tiers[1]!],
        grantOncePerParticipant: false,
        validForSeconds: null,
        page: null,
        createdAt: at(999),
        updatedAt: at(500)
      }
      yield* rewards.put(replaced)
      assertSome(yield* rewards.find(campaign.accountId, campaign.id), { ...replaced, createdAt: reward.createdAt })
      // Another account cannot replace it.
      yield* rewards.put({ ...replaced, accountId: (yield* givenAccount()).id, revision: 9 })
      assertSome(yield* rewards.find(campaign.accountId, campaign.id), { ...replaced, createdAt: reward.createdAt })
      assert.isFalse(yield* rewards.delete((yield* givenAccount()).id, campaign.id), "another account's")
      assert.isTrue(yield* rewards.delete(campaign.accountId, campaign.id))
      assertNone(yield* rewards.find(campaign.accountId, campaign.id))
      assert.isFalse(yield* rewards.delete(campaign.accountId, campaign.id), "none left")
    })
  )

  it.effect("listByAccount: every reward of the account's campaigns, by campaign id, and no other account's", () =>
    Effect.gen(function* () {
      const rewards = yield* Reward.RewardRepo
      const first = yield* givenReward()
      const sibling = yield* givenSibling(first.campaign)
      const second = makeReward(sibling, [makeTier({ codeStrategy: "shared" })], { revision: 3 })
      yield* rewards.put(second)
      yield* givenSibling(first.campaign) // a campaign without a reward
      const other = yield* givenReward() // another account's
      const listed = yield* rewards.listByAccount(first.campaign.accountId)
      assert.deepStrictEqual(
        listed,
        [first.reward, second].sort((a, b) => (a.campaignId < b.campaignId ? -1 : 1))
      )
      assert.deepStrictEqual(yield* rewards.listByAccount(other.campaign.accountId), [other.reward])
      assert.deepStrictEqual(yield* rewards.listByAccount((yield* givenAccount()).id), [])
    })
  )

  it.effect("stock: codes, issues left and grants per prize", () =>
    Effect.gen(function* () {
      const rewards = yield* Reward.RewardRepo
      const pool = makeTier()
      const shared = makeTier({ codeStrategy: "shared" })
      const empty = makeTier()
      const { campaign, reward } = yield* givenReward([pool, shared, empty])
      yield* givenCoupons(campaign, pool.id, 3, { issueLimit: 2 })
      yield* givenCoupons(campaign, pool.id, 1, { issueLimit: 5, issued: 5 })
      yield* givenCoupons(campaign, shared.id, 1, { issueLimit: null })
      const grants = yield* Grant.GrantRepo
      yield* grants.grant(makePlan(campaign, reward, "p1", { tiers: [pool] }))
      yield* grants.grant(makePlan(campaign, reward, "p2", { tiers: [shared] }))
      const stock = yield* rewards.stock(campaign.accountId, campaign.id)
      assert.deepStrictEqual(stock.get(pool.id), { coupons: 4, remaining: 5, granted: 1 })
      assert.deepStrictEqual(stock.get(shared.id), { coupons: 1, remaining: null, granted: 1 })
      assert.isUndefined(stock.get(empty.id))
      assert.strictEqual((yield* rewards.stock((yield* givenAccount()).id, campaign.id)).size, 0, "another account")
    })
  )
}
