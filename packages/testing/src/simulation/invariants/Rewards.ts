/**
 * Rewards, checked on every grant the rewards' actor reads back and once more at the end against
 * the store.
 *
 * - `rewards.issue-limit`: no stored code (pool or shared) is given more times than its issue limit,
 *   counted from every grant observed (by the code's last four characters, the limits of codes
 *   sharing them summed); at the end each prize's `granted` is the grants observed and a pool's
 *   `couponsRemaining` is its codes' limits less them.
 * - `rewards.once-per-participant`: with `grantOncePerParticipant`, at most one grant per participant
 *   and campaign, whatever its source (a finish's rule, a draw).
 * - `rewards.tier-rule`: a grant is of a prize its play (or its draw) meets, and every prize before
 *   it that the play meets is one that can run out (a pool or a shared code); a finish's grant is
 *   of that finish's session, a draw's of one of the run's winners; its expiry is `validForSeconds`
 *   after it.
 * - At the end the store's grants of each campaign are exactly those observed.
 *
 * @since 0.1.0
 */
import { type Grant, Reward } from "@campaign-games/core"
import { Effect } from "effect"
import { millisOf } from "../actors/Calls.ts"
import { lastFour, type RewardPlan } from "../actors/Rewards.ts"
import * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"

export const ISSUE_LIMIT = "rewards.issue-limit"
export const ONCE = "rewards.once-per-participant"
export const TIER_RULE = "rewards.tier-rule"

/** The rewards' invariants over the plans the actor gave the campaigns. */
export const make = (plans: ReadonlyMap<string, RewardPlan>): Part => {
  /** Grants observed by campaign id. */
  const grants = new Map<string, Array<Grant.GrantView>>()
  /** Issues of a prize's codes by last four: `<tierId>|<last four>`. */
  const issued = new Map<string, number>()
  /** The winners of the runs read back, by run id: their entries. */
  const winners = new Map<string, Map<string, string>>()

  const check = (sim: Sim, campaign: Model.CampaignState, grant: Grant.GrantView) => {
    const plan = plans.get(campaign.id)!
    const name = `grant ${grant.id} of ${campaign.plan.key}`
    const earlier = grants.get(campaign.id) ?? []
    grants.set(campaign.id, [...earlier, grant])
    const tierIndex = plan.tiers.findIndex((t) => t.id === grant.tierId)
    const tier = plan.tiers[tierIndex]

    if (tier !== undefined && tier.codeStrategy !== "generated") {
      const key = `${tier.id}|${lastFour(grant.code)}`
      const count = (issued.get(key) ?? 0) + 1
      issued.set(key, count)
      const limit = tier.limits.get(lastFour(grant.code)) ?? 0
      sim.invariants.check(
        ISSUE_LIMIT,
        count <= limit,
        () => `${name}: code …${lastFour(grant.code)} of prize ${tier.id} given ${count} times, its limit ${limit}`
      )
    }
    if (plan.grantOncePerParticipant) {
      sim.invariants.check(
        ONCE,
        earlier.every((g) => g.participantRef !== grant.participantRef),
        () => `${name}: ${grant.participantRef} was already granted in this campaign`
      )
    }

    // What the grant was earned by: the finished play of its session, or the entry a run's winner won with.
    const play =
      grant.source === "rule"
        ? sim.model.sessions.get(grant.sessionId ?? "")
        : campaign.finished.find(
            (p) => p.finished!.entryId === winners.get(grant.runId ?? "")?.get(grant.participantRef)
          )
    const result: Reward.PlayResult = { outcome: play?.finished?.outcome ?? null, drawn: grant.source === "draw" }
    const before = tierIndex < 0 ? [] : plan.tiers.slice(0, tierIndex)
    const expires = plan.validForSeconds === null ? null : millisOf(grant.createdAt)! + plan.validForSeconds * 1000
    sim.invariants.check(
      TIER_RULE,
      tier !== undefined &&
        grant.source !== "manual" &&
        play !== undefined &&
        play.campaign === campaign &&
        sim.world.players[play.player]!.ref === grant.participantRef &&
        Reward.meets(tier.match, result) &&
        before.every((t) => !Reward.meets(t.match, result) || t.codeStrategy !== "generated") &&
        millisOf(grant.expiresAt) === expires,
      () =>
        `${name}: ${grant.source} grant of prize ${tierIndex} (${tier?.match.when} ${tier?.codeStrategy}) to ` +
        `${grant.participantRef}, play ${play?.sessionId ?? "none"} outcome ${JSON.stringify(result.outcome)}, ` +
        `expires ${millisOf(grant.expiresAt)} (expected ${expires})`
    )
  }

  return {
    name: "rewards",
    invariants: {
      [ISSUE_LIMIT]: "no stored code is given more times than its issue limit",
      [ONCE]: "with grantOncePerParticipant, at most one grant per participant and campaign",
      [TIER_RULE]:
        "a grant is of the first prize its play or draw meets that had a code, for its session or winner, expiring validForSeconds after"
    },
    start: (sim) =>
      Effect.sync(() => {
        sim.observe("drawn", ({ run }) => {
          winners.set(run.id, new Map(run.winners.map((w) => [w.participantRef, w.entryId])))
        })
        sim.observe("granted", ({ campaign, grant }) => check(sim, campaign, grant))
      }),
    finish: (sim) =>
      Effect.gen(function* () {
        for (const [campaignId, plan] of plans) {
          const campaign = sim.model.campaignsById.get(campaignId)!
          const owner = Model.accountOf(sim.model, campaign).owner
          const stored: Array<string> = []
          for (let offset = 0; ; offset += 200) {
            const page = yield* sim.engine.rewards.grants(owner, campaignId, { limit: 200, offset }).pipe(Effect.orDie)
            stored.push(...page.items.map((g) => g.id))
            if (page.items.length < 200) break
          }
          const observed = grants.get(campaignId) ?? []
          sim.invariants.check(
            TIER_RULE,
            stored.join() ===
              observed
                .map((g) => g.id)
                .reverse()
                .join(),
            () => `${campaign.plan.key}: the store lists ${stored.length} grants, ${observed.length} observed`
          )
          const view = yield* sim.engine.rewards.get(owner, campaignId).pipe(Effect.orDie)
          for (const tier of plan.tiers) {
            const shown = view?.tiers.find((t) => t.id === tier.id)
            const given = observed.filter((g) => g.tierId === tier.id).length
            const limits = [...tier.limits.values()].reduce((a, b) => a + b, 0)
            if (tier.codeStrategy === "pool" && given === limits) sim.counters.add("rewards.pools-emptied")
            sim.invariants.check(
              ISSUE_LIMIT,
              shown !== undefined &&
                shown.granted === given &&
                (tier.codeStrategy !== "pool" || shown.couponsRemaining === limits - given),
              () =>
                `${campaign.plan.key} prize ${tier.id}: shows granted ${shown?.granted} remaining ` +
                `${shown?.couponsRemaining}, observed ${given} of ${limits}`
            )
          }
        }
      })
  }
}
