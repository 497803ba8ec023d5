/**
 * `RewardRepo` in memory: one reward per campaign, scoped by account; `stock` counts a campaign's
 * codes and grants per prize as SQL's does (issues left over its codes, null when one of them has
 * no issue limit).
 *
 * @since 0.1.0
 */
import { Coupon, Reward } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { inAccount } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `RewardRepo` over the rewards' tables of the database. */
export const layer: Layer.Layer<Reward.RewardRepo, never, MemoryDatabase> = repository(
  Reward.RewardRepo,
  ({ coupons, grants, rewards }) => {
    return Reward.RewardRepo.of({
      find: (accountId, campaignId) =>
        Effect.sync(() => Option.fromNullishOr(inAccount(accountId, rewards.get(campaignId)))),
      listByAccount: (accountId) =>
        Effect.sync(() =>
          [...rewards.values()]
            .filter((reward) => reward.accountId === accountId)
            .sort((a, b) => (a.campaignId < b.campaignId ? -1 : a.campaignId > b.campaignId ? 1 : 0))
        ),
      put: (reward) =>
        Effect.suspend(() => {
          const stored = rewards.get(reward.campaignId)
          if (stored !== undefined && stored.accountId !== reward.accountId) return Effect.void
          return rewards.set(reward.campaignId, { ...reward, createdAt: stored?.createdAt ?? reward.createdAt })
        }),
      delete: (accountId, campaignId) =>
        inAccount(accountId, rewards.get(campaignId)) === undefined
          ? Effect.succeed(false)
          : rewards.delete(campaignId),
      stock: (accountId, campaignId) =>
        Effect.sync(() => {
          const counts = new Map<string, { coupons: number; remaining: number; unlimited: boolean; granted: number }>()
          const of = (tierId: string) => {
            const found = counts.get(tierId) ?? { coupons: 0, remaining: 0, unlimited: false, granted: 0 }
            counts.set(tierId, found)
            return found
          }
          for (const coupon of coupons.values()) {
            if (coupon.accountId !== accountId || coupon.campaignId !== campaignId) continue
            const tier = of(coupon.tierId)
            tier.coupons++
            if (coupon.issueLimit === null) tier.unlimited = true
            else if (Coupon.available(coupon)) tier.remaining += coupon.issueLimit - coupon.issued
          }
          for (const grant of grants.values()) {
            if (grant.accountId === accountId && grant.campaignId === campaignId) of(grant.tierId).granted++
          }
          return new Map(
            [...counts].map(([tierId, c]): [string, Reward.Stock] => [
              tierId,
              { coupons: c.coupons, remaining: c.unlimited ? null : c.remaining, granted: c.granted }
            ])
          )
        })
    })
  }
)
