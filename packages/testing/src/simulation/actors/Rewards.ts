/**
 * The rewards' operators: half the campaigns the operators create get a reward (`Rewards.set`) right
 * after they are made, with prizes of one code strategy in turn, in priority order:
 *
 * - `pool`: a prize for draw winners (`drawn`: 3 codes given once each), on a wheel one for the
 *   winning segments (`won`: 3 codes given twice each), and one for everyone (`everyone`: 4
 *   generated codes and 2 uploaded ones, given up to 3 times and once): small stocks that run out;
 *   three more codes are generated for everyone halfway through the campaign;
 * - `shared`: on a wheel a shared code for the winning segments given at most 5 times, and one
 *   shared code for everyone;
 * - `generated`: on a wheel a small pool for the winning segments, and a code made for each grant
 *   for everyone, valid for a week.
 *
 * `grantOncePerParticipant` is on for half of them. The grants are the engine's: a finish's rule, a
 * draw's winners (`WinnerGrants`); after each finish and each draw run of a rewarded campaign the
 * actor reads the campaign's newest grants back (codes masked to their last four) and publishes
 * each new one (`granted`) for the rewards' invariants and the deliveries' ledger
 * (`reward_granted`). Uploaded codes are made from the campaign's key (never logged); generated ones
 * come from the seeded `Secrets`.
 *
 * The report counts the finishes turned away by `grantOncePerParticipant`
 * (`rewards.turned-away.once-per-participant`): a play that met one of the campaign's prizes, of a
 * player who already held a coupon of the campaign (a grant made before the finish), and no grant
 * for its session. The engine checks the rule before any code's stock, so no other reason applies.
 *
 * @since 0.1.0
 */
import { type Grant, Reward } from "@campaign-games/core"
import { Effect } from "effect"
import { iso } from "../EventLog.ts"
import * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"
import { commandedOn, configureCreated, millisOf } from "./Calls.ts"

/** A prize as planned: its match, strategy and the issue limit of each of its codes by last four. */
export interface TierPlan {
  readonly match: Reward.Match
  readonly codeStrategy: Reward.CodeStrategy
  /** Its id (once the reward is set). */
  id: string
  /** The issue limits of its stored codes, summed by their last four characters. */
  readonly limits: Map<string, number>
}

export interface RewardPlan {
  readonly strategy: Reward.CodeStrategy
  readonly tiers: ReadonlyArray<TierPlan>
  readonly grantOncePerParticipant: boolean
  readonly validForSeconds: number | null
}

const STRATEGIES = ["pool", "shared", "generated"] as const

/** The reward planned for a campaign, from its place in the world (half the campaigns have none). */
export const planOf = (campaign: Model.CampaignState, channel: number): RewardPlan | null => {
  const plan = campaign.plan
  if ((channel + plan.index) % 2 === 1) return null
  const strategy = STRATEGIES[(channel + Math.floor(plan.index / 2)) % STRATEGIES.length]!
  const wheel = plan.game.slug === "spin-the-wheel"
  const tier = (when: Reward.MatchWhen, codeStrategy: Reward.CodeStrategy): TierPlan => ({
    match: { when },
    codeStrategy,
    id: "",
    limits: new Map()
  })
  const tiers =
    strategy === "pool"
      ? [tier("drawn", "pool"), ...(wheel ? [tier("won", "pool")] : []), tier("everyone", "pool")]
      : strategy === "shared"
        ? [...(wheel ? [tier("won", "shared")] : []), tier("everyone", "shared")]
        : [...(wheel ? [tier("won", "pool")] : []), tier("everyone", "generated")]
  return {
    strategy,
    tiers,
    grantOncePerParticipant: (channel + plan.index) % 4 === 2,
    validForSeconds: strategy === "generated" ? 7 * 24 * 3600 : null
  }
}

/** The last four characters of a code (what a grant list shows of it). */
export const lastFour = (code: string): string => code.slice(-4)

/** The rewards' actor; the plans it gave each campaign (by engine id) for the invariants. */
export const make = (): Part & { readonly plans: ReadonlyMap<string, RewardPlan> } => {
  const plans = new Map<string, RewardPlan>()
  const seen = new Set<string>()
  /** The grants read back, by campaign id: when each player got their first, and the sessions granted. */
  const held = new Map<string, { readonly firstAt: Map<string, number>; readonly sessions: Set<string> }>()
  const heldIn = (campaignId: string) => {
    const found = held.get(campaignId)
    if (found !== undefined) return found
    const made = { firstAt: new Map<string, number>(), sessions: new Set<string>() }
    held.set(campaignId, made)
    return made
  }

  /**
   * Whether `play`'s finish was turned away by `grantOncePerParticipant`: it met a prize, its player
   * held a coupon of the campaign granted before the finish, and no grant is of its session.
   */
  const turnedAway = (sim: Sim, plan: RewardPlan, play: Model.Play): boolean => {
    const finished = play.finished
    if (!plan.grantOncePerParticipant || finished === null) return false
    const result: Reward.PlayResult = { outcome: finished.outcome, drawn: false }
    if (!plan.tiers.some((t) => Reward.meets(t.match, result))) return false
    const { firstAt, sessions } = heldIn(play.campaign.id)
    const first = firstAt.get(sim.world.players[play.player]!.ref)
    return !sessions.has(play.sessionId ?? "") && first !== undefined && first < finished.at
  }

  /**
   * Reads the campaign's newest grants; publishes the new ones, oldest first. After a finish
   * (`play`), counts it when the once-per-participant rule turned it away.
   */
  const readGrants = (sim: Sim, campaign: Model.CampaignState, limit: number, play?: Model.Play) =>
    Effect.gen(function* () {
      const page = yield* sim.engine.rewards
        .grants(Model.accountOf(sim.model, campaign).owner, campaign.id, { limit, offset: 0 })
        .pipe(Effect.orDie)
      const fresh = page.items.filter((g) => !seen.has(g.id)).reverse()
      const plan = plans.get(campaign.id)!
      const { firstAt, sessions } = heldIn(campaign.id)
      for (const grant of fresh) {
        seen.add(grant.id)
        const at = millisOf(grant.createdAt)!
        if (at < (firstAt.get(grant.participantRef) ?? Infinity)) firstAt.set(grant.participantRef, at)
        if (grant.sessionId !== null) sessions.add(grant.sessionId)
        const tier = plan.tiers.find((t) => t.id === grant.tierId)
        sim.counters.add("rewards.grants")
        sim.counters.add(`rewards.grants.${tier?.codeStrategy ?? "unknown"}`)
        sim.counters.add(`rewards.grants.by-${grant.source}`)
        sim.log.append(
          "grant",
          iso(sim.now()),
          campaign.id,
          grant.id,
          grant.source,
          grant.participantRef,
          grant.tierId,
          grant.sessionId ?? grant.runId ?? ""
        )
        publish(sim, campaign, grant)
      }
      if (play !== undefined && turnedAway(sim, plan, play))
        sim.counters.add("rewards.turned-away.once-per-participant")
    })

  const publish = (sim: Sim, campaign: Model.CampaignState, grant: Grant.GrantView) =>
    sim.publish("granted", { campaign, grant, endpoints: Model.endpointsFor(sim.model, "reward_granted", campaign) })

  /** Uploads `count` codes to a prize, each given up to `limit` times. */
  const upload = (
    sim: Sim,
    campaign: Model.CampaignState,
    tier: TierPlan,
    from: number,
    count: number,
    limit: number
  ) =>
    Effect.gen(function* () {
      const codes = Array.from({ length: count }, (_, i) => {
        const n = String(from + i).padStart(4, "0")
        return {
          code: `SIM-${campaign.plan.key}-${tier.match.when}-${n}`,
          ref: `${tier.match.when}-${n}`,
          issueLimit: limit
        }
      })
      const added = yield* commandedOn(sim, campaign, "upload codes to", (owner, id) =>
        sim.engine.rewards.upload(owner, id, { tierId: tier.id, codes })
      )
      if (added === undefined) return
      for (const c of codes) tier.limits.set(lastFour(c.code), (tier.limits.get(lastFour(c.code)) ?? 0) + limit)
      sim.counters.add("rewards.codes.uploaded", added.added)
      sim.log.append("op", iso(sim.now()), "upload-codes", campaign.id, tier.id, added.added, added.duplicates)
    })

  /** Generates `count` pool codes for a prize, each given up to `limit` times. */
  const generate = (sim: Sim, campaign: Model.CampaignState, tier: TierPlan, count: number, limit: number) =>
    Effect.gen(function* () {
      const made = yield* commandedOn(sim, campaign, "generate codes for", (owner, id) =>
        sim.engine.rewards.generate(owner, id, {
          tierId: tier.id,
          quantity: count,
          prefix: "SIM-",
          issueLimit: limit
        })
      )
      if (made === undefined) return
      for (const code of made.codes) tier.limits.set(lastFour(code), (tier.limits.get(lastFour(code)) ?? 0) + limit)
      sim.counters.add("rewards.codes.generated", made.generated)
      sim.log.append("op", iso(sim.now()), "generate-codes", campaign.id, tier.id, made.generated)
    })

  /** Sets a created campaign's reward and stocks its prizes. */
  const configure = (sim: Sim, campaign: Model.CampaignState, plan: RewardPlan) =>
    Effect.gen(function* () {
      const set = yield* commandedOn(sim, campaign, "reward of", (owner, id) =>
        sim.engine.rewards.set(owner, id, {
          tiers: plan.tiers.map((t, i) => ({
            match: t.match,
            display: { title: `${campaign.plan.key} prize ${i + 1}` },
            codeStrategy: t.codeStrategy
          })),
          grantOncePerParticipant: plan.grantOncePerParticipant,
          validForSeconds: plan.validForSeconds
        })
      )
      if (set === undefined || set === null) return
      plan.tiers.forEach((t, i) => (t.id = set.tiers[i]!.id))
      plans.set(campaign.id, plan)
      sim.counters.add(`rewards.campaigns.${plan.strategy}`)
      sim.log.append("op", iso(sim.now()), "reward", campaign.id, plan.strategy, plan.grantOncePerParticipant)
      for (const tier of plan.tiers) {
        if (tier.codeStrategy === "shared") {
          yield* upload(sim, campaign, tier, 1, 1, tier.match.when === "won" ? 5 : 1000)
        } else if (tier.codeStrategy === "pool") {
          if (tier.match.when === "drawn") yield* upload(sim, campaign, tier, 1, 3, 1)
          else if (tier.match.when === "won") yield* upload(sim, campaign, tier, 1, 3, 2)
          else {
            yield* generate(sim, campaign, tier, 4, 3)
            yield* upload(sim, campaign, tier, 1, 2, 1)
            const end = campaign.plan.end ?? sim.world.end
            const halfway = campaign.plan.start + Math.floor((end - campaign.plan.start) / 2)
            if (halfway > sim.now() && halfway < sim.world.end) {
              sim.agenda.schedule(halfway, "rewards", generate(sim, campaign, tier, 3, 1))
            }
          }
        }
      }
    })

  const part = {
    name: "rewards",
    plans,
    start: (sim: Sim) =>
      Effect.sync(() => {
        configureCreated(sim, "rewards", planOf, configure)
        // The newest grants: a finish gives one at most, a run one per winner (at most 40 here).
        const reread = (campaign: Model.CampaignState, limit: number, play?: Model.Play) => {
          if (plans.has(campaign.id)) sim.agenda.next("rewards", readGrants(sim, campaign, limit, play))
        }
        sim.observe("finished", (play) => reread(play.campaign, 5, play))
        sim.observe("drawn", ({ campaign }) => reread(campaign, 100))
      })
  }
  return part
}
