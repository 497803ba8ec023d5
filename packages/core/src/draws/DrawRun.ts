/**
 * Draw runs: the record of each winner selection (kept for good, every one listed), its API view,
 * and the port a store provides for draws (`DrawRepo`): the campaigns' seed secrets, the selection
 * run in the store over its entries, and the runs themselves.
 *
 * A run records everything needed to recompute it: the algorithm and its version, the rules it
 * applied (the campaign's `winnerSelectionConfig` as it was, plus `entriesBefore` for a scheduled
 * draw), the seed, and for an automatic run the position of that seed in the campaign's committed
 * chain (`SeedChain`) and the commitment it opens; for an after-each-play run, the winning moment it
 * paid (`WinningMoments`). `entriesConsidered` and `entriesHash` (`Draw`'s listing) pin the entries.
 *
 * @since 0.1.0
 */
import { Context, type DateTime, type Effect, type Option, Schema, Struct } from "effect"
import * as Campaign from "../campaigns/Campaign.ts"
import type { StoreError } from "../Failure.ts"
import { Count, names, pick, Timestamp, TimestampOrNull } from "../Fields.ts"
import type { Page, Paged } from "../Pagination.ts"
import type * as Draw from "./Draw.ts"
import * as SeedChain from "./SeedChain.ts"

export const Algorithm = Schema.Literals(["random_uniform", "random_weighted", "score_highest", "winning_moment"])

const Sha256Hex = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/u))

/** A run's number in its campaign: 1, 2, 3… */
const Sequence = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))

/** A seed's position in its campaign's chain. */
const ChainPosition = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: SeedChain.LENGTH - 1 }))

/** A winner's rank in its run (a run has at most 1000 winners). */
export const Rank = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 }))

/** The rules a run applied. */
export const Rules = Schema.Struct({
  maxWinners: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 })),
  tieBreak: Campaign.TieBreak,
  windowStart: TimestampOrNull,
  windowEnd: TimestampOrNull,
  /** Only entries created before this instant were considered (a scheduled draw's `scheduleAt`). */
  entriesBefore: TimestampOrNull
}).annotate({ identifier: "DrawRules" })
export type Rules = typeof Rules.Type

/**
 * The winning moment an after-each-play run paid (`WinningMoments`): moment `index` of `count` in
 * the prize window `[windowStart, windowEnd)`, its slot, and its instant.
 */
export const Moment = Schema.Struct({
  index: Rank,
  count: Rank,
  windowStart: Timestamp,
  windowEnd: Timestamp,
  slotStart: Timestamp,
  slotEnd: Timestamp,
  at: Timestamp
}).annotate({ identifier: "WinningMoment" })
export type Moment = typeof Moment.Type

/** A winner as a run stores it. */
export const Winner = Schema.Struct({
  id: Schema.String,
  participantRef: Schema.String,
  rank: Rank,
  entryId: Schema.String
})
export type Winner = typeof Winner.Type

/** A run's fields as stored, written once: its type and its SQL row are made of this record. */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  /** 1 for the campaign's first run, then 2, 3…: the order runs exclude earlier winners in. */
  sequence: Sequence,
  trigger: Campaign.Trigger,
  algorithm: Algorithm,
  algorithmVersion: Schema.String,
  rules: Rules,
  seed: Schema.String,
  /** SHA-256 of the seed, published before the draw (automatic runs); null for a manual run. */
  seedCommitment: Schema.NullOr(Sha256Hex),
  /** The seed's position in the campaign's chain (automatic runs). */
  chainPosition: Schema.NullOr(ChainPosition),
  /** The campaign's published `seedCommitment` (link 0 of its chain) the seed opens. */
  publishedCommitment: Schema.NullOr(Sha256Hex),
  moment: Schema.NullOr(Moment),
  /** The `scheduleAt` a scheduled run was for. */
  scheduleAt: TimestampOrNull,
  /** The campaign's prize at draw time. */
  prize: Schema.NullOr(Campaign.Prize),
  entriesConsidered: Count,
  entriesHash: Sha256Hex,
  /**
   * The store's bound on the entries written before the run (`DrawRepo.entryBound`): entries
   * written later are never considered when the run is recomputed.
   */
  entryBound: Schema.Int,
  winners: Schema.Array(Winner),
  createdAt: Timestamp
}

/** A run as stored. */
export type Run = Schema.Struct.Type<typeof fields>

/** A winner as the API shows it: with the campaign's prize at draw time. */
export const WinnerView = Schema.Struct({
  ...Winner.fields,
  prize: Schema.NullOr(Campaign.Prize)
}).annotate({ identifier: "DrawWinner" })
export type WinnerView = typeof WinnerView.Type

/** The run resource of the API: a run as stored, less what the API leaves out; hashes as plain strings. */
export const RunView = Schema.Struct({
  id: Schema.String,
  gameInstanceId: Schema.String,
  ...Struct.omit(fields, ["id", "accountId", "campaignId", "publishedCommitment", "scheduleAt", "prize", "entryBound"]),
  seedCommitment: Schema.NullOr(Schema.String),
  entriesHash: Schema.String,
  winners: Schema.Array(WinnerView),
  createdAt: Timestamp
}).annotate({ identifier: "DrawRun" })
export type RunView = typeof RunView.Type

const winnerOf = pick(names(Winner))

/** The winners of a run, each with the run's prize. */
export const winnersView = (run: Pick<Run, "winners" | "prize">): ReadonlyArray<WinnerView> =>
  run.winners.map((w) => ({ ...winnerOf(w), prize: run.prize }))

/** The fields `view` copies as they are stored. */
const shown = pick(names(RunView, "id", "gameInstanceId", "winners", "createdAt"))

/** A run as the API shows it. */
export const view = (run: Run): RunView => ({
  id: run.id,
  gameInstanceId: run.campaignId,
  ...shown(run),
  winners: winnersView(run),
  createdAt: run.createdAt
})

/** The pure draw's rules (epoch milliseconds) of a run. */
export const drawRules = (run: Pick<Run, "algorithm" | "rules">): Draw.Rules => ({
  algorithm: run.algorithm,
  maxWinners: run.rules.maxWinners,
  tieBreak: run.rules.tieBreak,
  windowStart: run.rules.windowStart?.epochMilliseconds ?? null,
  windowEnd: run.rules.windowEnd?.epochMilliseconds ?? null,
  entriesBefore: run.rules.entriesBefore?.epochMilliseconds ?? null
})

// ---------------------------------------------------------------------------------------------
// Port
// ---------------------------------------------------------------------------------------------

/** What a store selects with: a run's rules and seed over a campaign's entries. */
export interface Selection {
  readonly accountId: string
  readonly campaignId: string
  readonly rules: Draw.Rules
  readonly seed: string
  /** Winners of the campaign's runs before this sequence number cannot win. */
  readonly sequence: number
  /** Only entries written before this bound count (`DrawRepo.entryBound`). */
  readonly entryBound: number
  /** The version whose listing `entriesHash` is (`Draw.ALGORITHM_VERSIONS`); the current one when left out. */
  readonly algorithmVersion?: string | undefined
}

/** A winner as a store selected it, in rank order. */
export interface Selected {
  readonly entryId: string
  readonly participantRef: string
}

/** What a store's selection gives. */
export interface Selections {
  readonly winners: ReadonlyArray<Selected>
  readonly entriesConsidered: number
  readonly entriesHash: string
}

/** What a campaign's earlier runs say about the next one. */
export interface RunState {
  /** The sequence number of the campaign's last run (0 without runs). */
  readonly lastSequence: number
  /** The last chain position an automatic run used (0 without). */
  readonly lastChainPosition: number
  /**
   * How many after-each-play runs were made: each paid one prize (a winning moment, or the draw of
   * a play when the prizes have no end to be spread over); a run that finds no winner is not kept.
   */
  readonly momentsPaid: number
  /** Whether a scheduled run was made for the `scheduleAt` asked about. */
  readonly scheduledDone: boolean
}

/** A scheduled draw whose time has come. */
export interface DueSchedule {
  readonly accountId: string
  readonly campaignId: string
  readonly scheduleAt: DateTime.Utc
}

/** An entry as the audit lists it. */
export type ListedEntry = Omit<Draw.DrawEntry, "eligible">

/** Where a page of the listing ends: the last entry's `createdAt` (epoch milliseconds) and id. */
export interface ListingPosition {
  readonly createdAt: number
  readonly id: string
}

/** The seed secret of a campaign's automatic draws (`SeedChain`); never shown. */
export interface Secret {
  readonly accountId: string
  readonly campaignId: string
  readonly secret: string
  readonly createdAt: DateTime.Utc
}

/**
 * Persistence and selection of draws; every call is scoped to an account.
 *
 * `select` and `considered` read a campaign's entries in the store: the considered entries are
 * eligible, within the rules' window (and before `entriesBefore`), and written before the
 * selection's `entryBound`; `select` gives exactly what `Draw.run` gives over them with the winners
 * of earlier runs excluded, without loading them all.
 */
export class DrawRepo extends Context.Service<
  DrawRepo,
  {
    /** Stores a campaign's seed secret (once: a second one for the campaign fails). */
    readonly insertSecret: (secret: Secret) => Effect.Effect<void, StoreError>
    readonly findSecret: (accountId: string, campaignId: string) => Effect.Effect<Option.Option<string>, StoreError>
    /**
     * Waits until every entry of the campaign being written is written, and answers a bound: every
     * entry written before counts below it, every entry written afterwards at or above it. Runs in
     * a transaction of its own (a short one) when called outside one.
     */
    readonly entryBound: (accountId: string, campaignId: string) => Effect.Effect<number, StoreError>
    /** The winners (in rank order), the number of considered entries and their listing's hash. */
    readonly select: (selection: Selection) => Effect.Effect<Selections, StoreError>
    /** The considered entries, in the listing's order (for an audit). */
    readonly considered: (selection: Selection) => Effect.Effect<ReadonlyArray<ListedEntry>, StoreError>
    /**
     * One page of the considered entries in the listing's order: the first `limit` after `after`
     * (by `createdAt`, then id; from the start when null). Pages read one after the other give
     * `considered`, holding one page at a time (`Draws.consideredStream`).
     */
    readonly consideredAfter: (
      selection: Selection,
      after: ListingPosition | null,
      limit: number
    ) => Effect.Effect<ReadonlyArray<ListedEntry>, StoreError>
    /** The winners of `select` alone (in rank order), without the count and hash of the listing. */
    readonly winners: (selection: Selection) => Effect.Effect<ReadonlyArray<Selected>, StoreError>
    /** The participants who won a run of the campaign before `sequence`, sorted by code point. */
    readonly winnersBefore: (
      accountId: string,
      campaignId: string,
      sequence: number
    ) => Effect.Effect<ReadonlyArray<string>, StoreError>
    /** What the campaign's runs so far say about the next one (`scheduleAt`: the one asked about). */
    readonly runState: (
      accountId: string,
      campaignId: string,
      scheduleAt: DateTime.Utc | null
    ) => Effect.Effect<RunState, StoreError>
    readonly insertRun: (run: Run) => Effect.Effect<void, StoreError>
    /** The campaign's runs, newest first. */
    readonly listRuns: (accountId: string, campaignId: string, page: Page) => Effect.Effect<Paged<Run>, StoreError>
    readonly findRun: (
      accountId: string,
      campaignId: string,
      runId: string
    ) => Effect.Effect<Option.Option<Run>, StoreError>
    /**
     * Active `auto_on_schedule` campaigns (any account) whose `scheduleAt` is at or before `now`
     * and that have no scheduled run for it, earliest first; not a prediction waiting for its
     * resolution (`Draws.awaitsResolution`): it is due once resolved.
     */
    readonly dueSchedules: (now: DateTime.Utc, limit: number) => Effect.Effect<ReadonlyArray<DueSchedule>, StoreError>
  }
>()("@campaign-games/core/DrawRepo") {}
