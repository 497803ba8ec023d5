/**
 * The part of the engine that is rewards (tiers, the reward page, coupon codes, grants): its use cases and the ports it fills, as one layer
 * that `Engine.layer` merges with the rest, and the repositories it asks of a store (joined into
 * `StorePorts.Repos`).
 *
 * Besides the use cases (`Rewards`), the layer fills two ports the rest of the engine calls:
 *
 * - `WinnerGrants` (draws): each winner of a run gets the first prize the winning entry meets
 *   (`Reward.prizesFor` with `drawn`: a `drawn` match, `everyone`, and `won` or an outcome match by
 *   the entry's outcome) that still has a code, with `source` `draw`, the run's id and the winner's;
 *   a winner who already has a coupon of a campaign that grants once, or whom no prize can serve,
 *   gets none (the run stands). In the run's transaction, each grant with its `reward_granted` event.
 * - `Webhook.CouponCodes` (the webhook dispatcher): the code of a grant, read at send time for
 *   `reward_granted` deliveries to endpoints with `includeCouponCodes`; it is never stored in a
 *   payload.
 *
 * @since 0.1.0
 */
import { Effect, Layer, Option } from "effect"
import { WinnerGrants } from "../draws/WinnerGrants.ts"
import { Secrets } from "../Secrets.ts"
import { EventOutbox } from "../webhooks/Event.ts"
import * as Webhook from "../webhooks/Webhook.ts"
import { CouponRepo } from "./Coupon.ts"
import { GrantRepo } from "./Grant.ts"
import * as Reward from "./Reward.ts"
import { Rewards, writeGrant } from "./Rewards.ts"
import type { Campaign } from "../campaigns/Campaign.ts"
import { CampaignRepo } from "../campaigns/Campaign.ts"

/** The repositories this subsystem asks of a store (each store provides them: `SqlStore`, `MemoryStore`). */
export type Repos = Reward.RewardRepo | CouponRepo | GrantRepo

/** The use cases an application calls. */
export type UseCases = Rewards

/**
 * What `layer` provides: the use cases, and the ports this subsystem fills for the rest of the
 * engine (`WinnerGrants`, `Webhook.CouponCodes`: references, not listed in a layer's type).
 */
export type Services = UseCases

/** What `layer` asks of the platform, besides the store's ports and `Engine.PlatformPorts`. */
export type Requirements = never

export interface Options {
  /** Runs the background workers of this subsystem on this instance (`Engine.Options.background`). */
  readonly background: boolean
}

/** `WinnerGrants` over the store: each winner's grant, in the run's transaction. */
const winnerGrants = Layer.effect(
  WinnerGrants,
  Effect.gen(function* () {
    const rewards = yield* Reward.RewardRepo
    const campaigns = yield* CampaignRepo
    const grants = yield* GrantRepo
    const outbox = yield* EventOutbox
    const secrets = yield* Secrets
    return {
      grant: (drawn) =>
        Effect.gen(function* () {
          const reward = yield* rewards.find(drawn.accountId, drawn.campaignId)
          if (Option.isNone(reward) || drawn.winners.length === 0) return
          const campaign: Option.Option<Campaign> = yield* campaigns.findById(drawn.accountId, drawn.campaignId)
          if (Option.isNone(campaign)) return
          const outcomes = yield* grants.outcomes(
            drawn.accountId,
            drawn.winners.map((w) => w.entryId)
          )
          for (const winner of drawn.winners) {
            const prizes = Reward.prizesFor(reward.value, {
              outcome: outcomes.get(winner.entryId) ?? null,
              drawn: true
            })
            if (prizes.length === 0) continue
            yield* writeGrant(
              {
                accountId: drawn.accountId,
                campaignId: drawn.campaignId,
                channelId: campaign.value.channelId,
                participantRef: winner.participantRef,
                source: "draw",
                runId: drawn.runId,
                winnerId: winner.winnerId
              },
              reward.value,
              prizes,
              drawn.now
            )
          }
        }).pipe(
          Effect.provideService(GrantRepo, grants),
          Effect.provideService(EventOutbox, outbox),
          Effect.provideService(Secrets, secrets)
        )
    }
  })
)

/** `Webhook.CouponCodes` over the store's grants. */
const couponCodes = Layer.effect(
  Webhook.CouponCodes,
  Effect.map(
    Effect.service(GrantRepo),
    (grants) => (accountId: string, grantId: string) => grants.code(accountId, grantId)
  )
)

/** The use cases and ports of this subsystem. */
export const layer = (_options: Options) => Layer.mergeAll(Rewards.layer, winnerGrants, couponCodes)
