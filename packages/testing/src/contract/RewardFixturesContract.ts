/**
 * What the rewards' contract suites share (`RewardRepoContract`, `RewardCouponRepoContract`,
 * `RewardGrantRepoContract`, `RewardFinishContract`): a campaign with a reward already stored, its
 * codes, and grant plans as the core makes them (`Grant.Plan`), each with ids unique to the test.
 * Pure makers and steps that store; no assertion of their own.
 *
 * @since 0.1.0
 */
import { type Campaign, Coupon, type Grant, Reward } from "@campaign-games/core"
import { Effect } from "effect"
import { at, uid } from "../internal/Fixtures.ts"
import { givenCampaign } from "../internal/Given.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Account, Channel, Errors } from "@campaign-games/core"

/** A prize: an `everyone` pool unless told otherwise. */
export const makeTier = (fields: Partial<Reward.Tier> = {}): Reward.Tier => ({
  id: uid("tier"),
  match: { when: "everyone" },
  display: { title: "10 % de réduction « été » 🎁", description: "Sur tout le magasin" },
  codeStrategy: "pool",
  ...fields
})

/** A reward of the campaign with `tiers`, every other field set. */
export const makeReward = (
  campaign: Campaign.Campaign,
  tiers: ReadonlyArray<Reward.Tier>,
  fields: Partial<Reward.Reward> = {}
): Reward.Reward => ({
  campaignId: campaign.id,
  accountId: campaign.accountId,
  revision: 1,
  tiers,
  grantOncePerParticipant: true,
  validForSeconds: 3600,
  page: {
    blocks: [
      { id: "h", type: "heading", text: "Merci « ! » 🎉", align: "start", size: "lg" },
      { id: "c", type: "coupon", when: "win", caption: "Votre code", show: "both", copyable: false },
      {
        id: "v",
        type: "video",
        url: "https://cdn.example.com/v.mp4",
        posterUrl: "https://cdn.example.com/p.jpg",
        autoplay: true,
        loop: false,
        controls: true,
        maxWidth: 480
      },
      { id: "l", type: "lottie", url: "https://cdn.example.com/a.json", speed: 1.5, when: "not_win" }
    ]
  },
  createdAt: at(100),
  updatedAt: at(101),
  ...fields
})

/** A campaign (active) with a reward of `tiers` stored. */
export const givenReward = (tiers: ReadonlyArray<Reward.Tier> = [makeTier()], fields: Partial<Reward.Reward> = {}) =>
  Effect.gen(function* () {
    const campaign = yield* givenCampaign({ status: "active" })
    const reward = makeReward(campaign, tiers, fields)
    yield* (yield* Reward.RewardRepo).put(reward)
    return { campaign, reward }
  })

/** A code of the campaign's prize, never given. */
export const makeCoupon = (
  campaign: Campaign.Campaign,
  tierId: string,
  fields: Partial<Coupon.Coupon> = {}
): Coupon.Coupon => ({
  id: uid("cpn"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  tierId,
  code: uid("CODE"),
  ref: null,
  name: null,
  issueLimit: 1,
  issued: 0,
  stock: true,
  createdAt: at(200),
  ...fields
})

/** `n` codes of the prize stored (each with `fields`). */
export const givenCoupons = (
  campaign: Campaign.Campaign,
  tierId: string,
  n: number,
  fields: Partial<Coupon.Coupon> = {}
) =>
  Effect.gen(function* () {
    const coupons = Array.from({ length: n }, () => makeCoupon(campaign, tierId, fields))
    yield* (yield* Coupon.CouponRepo).add(coupons)
    return coupons
  })

/** The stock of a prize of the campaign as `RewardRepo.stock` counts it (its codes, those left, those given). */
export const stockOf = (campaign: Campaign.Campaign, tierId: string) =>
  Effect.map(
    Reward.RewardRepo.use((rewards) => rewards.stock(campaign.accountId, campaign.id)),
    (stock) => stock.get(tierId)
  )

/** A plan of a grant to `participantRef` from the reward's prizes `tiers` (all of them by default). */
export const makePlan = (
  campaign: Campaign.Campaign,
  reward: Reward.Reward,
  participantRef: string,
  fields: Partial<Grant.Plan> & { readonly tiers?: ReadonlyArray<Reward.Tier> } = {}
): Grant.Plan => {
  const { tiers = reward.tiers, ...rest } = fields
  const source: Grant.Source = rest.source ?? "manual"
  return {
    id: uid("grt"),
    accountId: campaign.accountId,
    campaignId: campaign.id,
    channelId: campaign.channelId,
    participantRef,
    source,
    sessionId: null,
    runId: null,
    winnerId: null,
    once: reward.grantOncePerParticipant,
    prizes: tiers.map((t) => ({
      tierId: t.id,
      codeStrategy: t.codeStrategy,
      prize: { title: t.display.title, description: t.display.description ?? null }
    })),
    made: tiers.some((t) => t.codeStrategy === "generated") ? { couponId: uid("cpn"), code: uid("MADE") } : null,
    expiresAt: at(3_600_300),
    createdAt: at(300),
    ...rest
  }
}
