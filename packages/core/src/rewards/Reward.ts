/**
 * A campaign's reward: its prizes (tiers, 1 to 8 in priority order), whether a player gets at most
 * one coupon from the campaign, how long a coupon stays valid, and the reward page. Schemas of the
 * body (`SetReward`), of the stored reward (`fields`) and of the answer (`RewardView`), and the pure
 * rules: setting a reward (`decide`) and which prizes a result earns (`prizesFor`).
 *
 * **Matches.** A prize's `match.when` is one of:
 * - `everyone`: every finished play;
 * - `won`: a play the wheel (Spin the Wheel) says is a win (`outcome.isWin`); only on the wheel;
 * - `outcome`: a play that lands on one of `segmentIds` (1 to 24 segment ids of the wheel's config);
 *   only on the wheel, and only naming segments it has when the reward is set;
 * - `drawn`: never at the end of a play; a draw's winners only (a choice of ours: it lets a campaign
 *   give coupons to its draw winners alone).
 *
 * A draw's winner meets `drawn`, `everyone`, and `won` or `outcome` by the outcome of the winning
 * entry. At the end of a play and at a draw alike, the player gets the **first** prize they meet
 * that still has a code to give: a prize whose codes have run out is passed over for the next one
 * they meet (`prizesFor` lists them in order; a `generated` prize never runs out, so the list ends
 * with it).
 *
 * **Setting the reward** (`decide`), the specification's rules 1 to 6: the tiers replace the prizes
 * in priority order; a prize sent back with its `id` keeps its codes and its counts (an id that is
 * not a prize of the campaign, or sent twice, is `InvalidFields` at `tiers.N.id`); a prize left out is
 * removed, refused (`PrizeHoldsCodes`) while it holds codes that can still be given out; a
 * prize's `codeStrategy` cannot change once it has given out coupons nor while it holds codes
 * (`StrategyLocked`); a prize that could never be given out is `InvalidFields` naming its match (`won` or
 * `outcome` off the wheel, a segment the wheel lacks). The read-only counts of a tier as the API
 * answers it (`coupons`, `couponsRemaining`, `granted`) are accepted and ignored, so that a GET can
 * be edited and sent back. `grantOncePerParticipant` defaults to true and `validForSeconds` to null
 * (no expiry); both are mirrored on the campaign (`Campaign.grantOncePerParticipant`,
 * `rewardValidForSeconds`).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, type Effect, type Option, Result, Schema } from "effect"
import type { Detail } from "../Failure.ts"
import type { InvalidFields, StoreError } from "../Failure.ts"
import { RewardsError } from "./RewardErrors.ts"
import { Count, HttpsUrl, Text, type Timestamp, Timestamp as TimestampSchema } from "../Fields.ts"
import type * as Game from "../games/Game.ts"
import { invalid } from "../Validation.ts"
import { PrizeHoldsCodes, StrategyLocked } from "./RewardErrors.ts"
import * as RewardPage from "./RewardPage.ts"

export const MatchWhen = Schema.Literals(["everyone", "won", "outcome", "drawn"])
export type MatchWhen = typeof MatchWhen.Type

/** Who earns a prize; `segmentIds` with (and only with) `when: "outcome"`. */
export const Match = Schema.Struct({
  when: MatchWhen,
  segmentIds: Schema.optionalKey(Schema.Array(Text(1, 64)).check(Schema.isMinLength(1), Schema.isMaxLength(24)))
}).annotate({ identifier: "RewardMatch" })
export type Match = typeof Match.Type

/** What the player is told of a prize. */
export const Display = Schema.Struct({
  title: Text(1, 120),
  description: Schema.optionalKey(Text(0, 600)),
  termsUrl: Schema.optionalKey(HttpsUrl)
}).annotate({ identifier: "RewardDisplay" })
export type Display = typeof Display.Type

/**
 * How a prize's codes are given: `pool` (codes uploaded or generated in advance, each given up to
 * its issue limit), `shared` (one code, given to everyone who earns the prize), `generated` (a fresh
 * code made for each grant).
 */
export const CodeStrategy = Schema.Literals(["pool", "shared", "generated"])
export type CodeStrategy = typeof CodeStrategy.Type

export const MAX_TIERS = 8
export const MAX_VALID_FOR_SECONDS = 31_536_000

/** `validForSeconds`: 1 to 31,536,000 (a year), or null for no expiry. */
export const ValidForSeconds = Schema.NullOr(
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_VALID_FOR_SECONDS }))
)

/** A prize as sent: its id to keep an existing prize; the counts of an answer are accepted and ignored. */
export const TierInput = Schema.Struct({
  id: Schema.optionalKey(Text(1, 64)),
  match: Match,
  display: Display,
  codeStrategy: CodeStrategy,
  coupons: Schema.optionalKey(Schema.Unknown).annotate({ description: "read-only: ignored" }),
  couponsRemaining: Schema.optionalKey(Schema.Unknown).annotate({ description: "read-only: ignored" }),
  granted: Schema.optionalKey(Schema.Unknown).annotate({ description: "read-only: ignored" })
}).annotate({ identifier: "RewardTierInput" })
export type TierInput = typeof TierInput.Type

/** Body of `PUT /v1/game-instances/{id}/reward` when it sets a reward. */
export const RewardInput = Schema.Struct({
  tiers: Schema.Array(TierInput).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_TIERS)),
  grantOncePerParticipant: Schema.optionalKey(Schema.Boolean),
  validForSeconds: Schema.optionalKey(ValidForSeconds),
  page: Schema.optionalKey(Schema.NullOr(RewardPage.Page))
}).annotate({ identifier: "RewardInput" })
export type RewardInput = typeof RewardInput.Type

/** Body of `PUT …/reward`: a reward, or null to remove it. */
export const SetReward = Schema.NullOr(RewardInput)
export type SetReward = typeof SetReward.Type

/** A prize as stored. */
export const Tier = Schema.Struct({
  id: Schema.String,
  match: Match,
  display: Display,
  codeStrategy: CodeStrategy
})
export type Tier = typeof Tier.Type

/**
 * A reward's fields as stored, written once: the reward's type and its table's row (in `sql`) are
 * made of this record. `revision` grows at each change: a finish that decided from a reward writes
 * only while its revision is still the stored one.
 */
export const fields = {
  campaignId: Schema.String,
  accountId: Schema.String,
  revision: Schema.Int,
  tiers: Schema.Array(Tier),
  grantOncePerParticipant: Schema.Boolean,
  validForSeconds: Schema.NullOr(Schema.Int),
  page: Schema.NullOr(RewardPage.Page),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema
}

/** A reward as stored. */
export type Reward = Schema.Struct.Type<typeof fields>

/** What a prize holds and gave: the counts an answer carries. */
export interface Stock {
  /** Codes the prize holds (uploaded, generated, made at grants), given out or not. */
  readonly coupons: number
  /** Issues still available over its codes; null when one of them has no issue limit (or the prize makes its codes). */
  readonly remaining: number | null
  /** Coupons given for the prize. */
  readonly granted: number
}

/** A prize that never held a code nor gave one. */
export const noStock: Stock = { coupons: 0, remaining: 0, granted: 0 }

/** A prize as the API answers it: with its counts. */
export const TierView = Schema.Struct({
  ...Tier.fields,
  coupons: Count,
  couponsRemaining: Schema.NullOr(Count),
  granted: Count
}).annotate({ identifier: "RewardTier" })
export type TierView = typeof TierView.Type

/** The reward as the API answers it. */
export const RewardView = Schema.Struct({
  tiers: Schema.Array(TierView),
  grantOncePerParticipant: Schema.Boolean,
  validForSeconds: ValidForSeconds,
  page: Schema.NullOr(RewardPage.Page)
}).annotate({ identifier: "Reward" })
export type RewardView = typeof RewardView.Type

/** The reward as the API answers it, with each prize's counts (`stock`, by prize id). */
export const view = (reward: Reward, stock: ReadonlyMap<string, Stock>): RewardView => ({
  tiers: reward.tiers.map((tier) => {
    const counts = stock.get(tier.id) ?? noStock
    return {
      ...tier,
      coupons: counts.coupons,
      couponsRemaining: tier.codeStrategy === "generated" ? null : counts.remaining,
      granted: counts.granted
    }
  }),
  grantOncePerParticipant: reward.grantOncePerParticipant,
  validForSeconds: reward.validForSeconds,
  page: reward.page
})

/** Whether a prize still holds codes that can be given out. */
export const holdsCodes = (stock: Stock): boolean => stock.remaining === null || stock.remaining > 0

// ---------------------------------------------------------------------------------------------
// Setting the reward
// ---------------------------------------------------------------------------------------------

/** What `decide` needs besides the body. */
export interface SetContext {
  readonly campaignId: string
  readonly accountId: string
  /** The campaign's game and config: what a match may name. */
  readonly game: Game.Game
  readonly config: unknown
  /** The stored reward, if any. */
  readonly current: Reward | null
  /** Each stored prize's counts, by id. */
  readonly stock: ReadonlyMap<string, Stock>
  /** Fresh ids, one per tier of the body, for the prizes sent without one. */
  readonly newIds: ReadonlyArray<string>
  readonly now: Timestamp
}

/** The failing fields of the body's matches and tier ids, each with its path. */
const checkTiers = (input: RewardInput, context: SetContext): ReadonlyArray<Detail> => {
  const details: Array<Detail> = []
  const known = new Set((context.current?.tiers ?? []).map((t) => t.id))
  const sent = new Set<string>()
  const onWheel = context.game.result === "outcome"
  const segments = new Set(context.game.outcomeIds(context.config))
  input.tiers.forEach((tier, i) => {
    const at = `tiers.${i}`
    if (tier.id !== undefined) {
      if (!known.has(tier.id))
        details.push({
          path: `${at}.id`,
          message: "is not a prize of this campaign's reward; leave it out for a new prize"
        })
      else if (sent.has(tier.id)) details.push({ path: `${at}.id`, message: "names a prize already sent" })
      sent.add(tier.id)
    }
    const { segmentIds, when } = tier.match
    if (when === "outcome") {
      if (segmentIds === undefined)
        details.push({ path: `${at}.match.segmentIds`, message: "is required when match.when is outcome" })
    } else if (segmentIds !== undefined) {
      details.push({ path: `${at}.match.segmentIds`, message: "is allowed only when match.when is outcome" })
    }
    if ((when === "won" || when === "outcome") && !onWheel) {
      details.push({
        path: `${at}.match.when`,
        message: `${when} can only be met on Spin the Wheel; this campaign plays ${context.game.slug}`
      })
    } else if (when === "outcome" && segmentIds !== undefined) {
      const repeated = new Set<string>()
      segmentIds.forEach((id, j) => {
        if (!segments.has(id))
          details.push({ path: `${at}.match.segmentIds.${j}`, message: `the wheel has no segment ${id}` })
        else if (repeated.has(id)) details.push({ path: `${at}.match.segmentIds.${j}`, message: "is named twice" })
        repeated.add(id)
      })
    }
  })
  return details
}

/**
 * Setting the reward as a pure decision: the reward to store (null to remove it), or the failure.
 * Every failing field is reported at once (matches, ids, the page's bounds; the page's files are the caller's,
 * through the file rule); then the refusals (`RewardsError`) of prizes left out or changed.
 */
export const decide = (
  input: SetReward,
  context: SetContext
): Result.Result<Reward | null, InvalidFields | RewardsError> => {
  const details =
    input === null ? [] : [...checkTiers(input, context), ...(input.page ? RewardPage.check(input.page) : [])]
  if (details.length > 0) return Result.fail(invalid(details))
  const current = context.current
  const stockOf = (id: string) => context.stock.get(id) ?? noStock
  const kept = new Map((input?.tiers ?? []).flatMap((t) => (t.id === undefined ? [] : [[t.id, t] as const])))
  for (const tier of current?.tiers ?? []) {
    if (!kept.has(tier.id) && holdsCodes(stockOf(tier.id)) && tier.codeStrategy !== "generated") {
      return Result.fail(prizeHoldsCodes(tier.id, stockOf(tier.id).remaining))
    }
  }
  if (input === null) return Result.succeed(null)
  const tiers: Array<Tier> = []
  for (const [i, sent] of input.tiers.entries()) {
    const before = sent.id === undefined ? undefined : current?.tiers.find((t) => t.id === sent.id)
    if (before !== undefined && before.codeStrategy !== sent.codeStrategy) {
      const stock = stockOf(before.id)
      if (stock.granted > 0) return Result.fail(strategyLocked(before.id, i, "granted"))
      if (stock.coupons > 0 && before.codeStrategy !== "generated") {
        return Result.fail(strategyLocked(before.id, i, "holdsCodes"))
      }
    }
    tiers.push({
      id: sent.id ?? context.newIds[i]!,
      match: sent.match,
      display: sent.display,
      codeStrategy: sent.codeStrategy
    })
  }
  return Result.succeed({
    campaignId: context.campaignId,
    accountId: context.accountId,
    revision: (current?.revision ?? 0) + 1,
    tiers,
    grantOncePerParticipant: input.grantOncePerParticipant ?? true,
    validForSeconds: input.validForSeconds ?? null,
    page: input.page ?? null,
    createdAt: current?.createdAt ?? context.now,
    updatedAt: context.now
  })
}

const prizeHoldsCodes = (tierId: string, remaining: number | null) =>
  new RewardsError({ reason: new PrizeHoldsCodes({ tierId, remaining }) })

const strategyLocked = (tierId: string, index: number, because: "granted" | "holdsCodes") =>
  new RewardsError({ reason: new StrategyLocked({ tierId, index, because }) })

// ---------------------------------------------------------------------------------------------
// Earning a prize
// ---------------------------------------------------------------------------------------------

/** What a prize is judged on: a play's outcome (null for games without one), and whether a draw picked it. */
export interface PlayResult {
  readonly outcome: Game.Outcome | null
  readonly drawn: boolean
}

/** Whether a result meets a match. */
export const meets = (match: Match, result: PlayResult): boolean => {
  switch (match.when) {
    case "everyone":
      return true
    case "won":
      return result.outcome?.isWin === true
    case "outcome":
      return result.outcome !== null && (match.segmentIds ?? []).includes(result.outcome.id)
    case "drawn":
      return result.drawn
  }
}

/**
 * The prizes a result earns, in priority order, to be given from the first that still has a code:
 * every prize the result meets, up to and including the first `generated` one (which never runs out).
 */
export const prizesFor = (reward: Pick<Reward, "tiers">, result: PlayResult): ReadonlyArray<Tier> => {
  const out: Array<Tier> = []
  for (const tier of reward.tiers) {
    if (!meets(tier.match, result)) continue
    out.push(tier)
    if (tier.codeStrategy === "generated") break
  }
  return out
}

/** When a coupon granted at `now` stops being valid: `validForSeconds` later, or never (null). */
export const expiresAt = (reward: Pick<Reward, "validForSeconds">, now: Timestamp): Timestamp | null =>
  reward.validForSeconds === null ? null : DateTime.addDuration(now, Duration.seconds(reward.validForSeconds))

// ---------------------------------------------------------------------------------------------
// Port
// ---------------------------------------------------------------------------------------------

/** Persistence of rewards (one per campaign); every call is scoped to an account. */
export class RewardRepo extends Context.Service<
  RewardRepo,
  {
    readonly find: (accountId: string, campaignId: string) => Effect.Effect<Option.Option<Reward>, StoreError>
    /** Every reward of the account's campaigns, by campaign id (where its files are used, in one read). */
    readonly listByAccount: (accountId: string) => Effect.Effect<ReadonlyArray<Reward>, StoreError>
    /** Stores the reward, replacing the campaign's. */
    readonly put: (reward: Reward) => Effect.Effect<void, StoreError>
    /** Removes the campaign's reward (its codes and grants stay); false when there was none. */
    readonly delete: (accountId: string, campaignId: string) => Effect.Effect<boolean, StoreError>
    /** What each prize of the campaign holds and gave, by prize id (prizes with neither may be absent). */
    readonly stock: (accountId: string, campaignId: string) => Effect.Effect<ReadonlyMap<string, Stock>, StoreError>
  }
>()("@campaign-games/core/RewardRepo") {}
