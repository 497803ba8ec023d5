/**
 * Statistics and exports of a campaign (beyond the specification; DESIGN.md "Statistics and
 * exports"): what a marketer reads of a live campaign, and the CSV exports of its entries and grants.
 *
 * - **Buckets** are local calendar days or local hours in the campaign's `playLimitTimezone` (the zone
 *   of its daily limit), made with `PlayLimit.dayWindow`: a day is 23 or 25 hours on a DST change; a
 *   local hour is an hour of a local day (an hour repeated by a change is two buckets, a skipped one
 *   none). The first bucket is the one holding `from`, the last the one holding the last instant
 *   before `to`; an event counts in a bucket only when it also falls in `from`–`to`, so that the
 *   series' counts add up to the totals (all but `players`, a distinct count).
 * - **What each count reads**: `starts` and `players` the sessions by their start, `finishes` and
 *   `wins` the entries (a finished play) by their time, `grants` the grants by theirs, `drawWinners`
 *   the winners of the draw runs made in the span. `scores` and `predictions` read the entries of the
 *   span too.
 * - **The store** answers the raw counts (`StatsRepo.campaign`) for bucket edges computed here, so that
 *   every store buckets alike; the memory store counts its rows, the SQL store aggregates with
 *   `width_bucket` over the same edges.
 *
 * Everything but the use cases is pure.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, Effect, Layer, Option, Schema, type Stream } from "effect"
import * as Actor from "../accounts/Actor.ts"
import type { Campaign } from "../campaigns/Campaign.ts"
import * as CampaignSteps from "../campaigns/internal/CampaignSteps.ts"
import type { InvalidFields, MissingPermission, ResourceNotFound, StoreError } from "../Failure.ts"
import { Count, DateTimeInput, Timestamp } from "../Fields.ts"
import * as Games from "../games/Games.ts"
import * as Prediction from "../games/Prediction.ts"
import type * as Entry from "../play/Entry.ts"
import { dayWindow } from "../play/PlayLimit.ts"
import * as Grant from "../rewards/Grant.ts"
import * as Reward from "../rewards/Reward.ts"
import { invalid } from "../Validation.ts"

// -----------------------------------------------------------------------------
// Buckets
// -----------------------------------------------------------------------------

export const Interval = Schema.Literals(["day", "hour"])
export type Interval = typeof Interval.Type

/** At most this many buckets in a series (else `InvalidFields` naming `interval`). */
export const MAX_BUCKETS = 1000

/** Score histograms have at most this many equal buckets. */
export const HISTOGRAM_BUCKETS = 20

const HOUR = 3_600_000

/**
 * The edges of the buckets covering `[from, to)` in `timeZone`: `edges[i]` to `edges[i + 1]` is
 * bucket `i`. Empty when `from` is not before `to`. Undefined when there would be more than `max`
 * buckets.
 */
export const bucketEdges = (
  from: DateTime.Utc,
  to: DateTime.Utc,
  interval: Interval,
  timeZone: string,
  max: number = MAX_BUCKETS
): ReadonlyArray<DateTime.Utc> | undefined => {
  const end = DateTime.toEpochMillis(to)
  const start = DateTime.toEpochMillis(from)
  if (start >= end) return []
  // The buckets' starts, then the end of the last one: buckets are contiguous.
  const edges: Array<number> = []
  let last = start
  let day = dayWindow(from, timeZone)
  for (;;) {
    const dayStart = DateTime.toEpochMillis(day.start)
    const dayEnd = DateTime.toEpochMillis(day.end)
    for (let s = dayStart; s < dayEnd && s < end; s = interval === "day" ? dayEnd : s + HOUR) {
      const e = interval === "day" ? dayEnd : Math.min(s + HOUR, dayEnd)
      if (e <= start) continue
      edges.push(s)
      last = e
      if (edges.length > max) return undefined
    }
    if (dayEnd >= end) break
    day = dayWindow(day.end, timeZone)
  }
  edges.push(last)
  return edges.map((t) => DateTime.makeUnsafe(t))
}

/**
 * The index of the bucket holding `t` among `edges` (as SQL's `width_bucket`, less one), or -1 when
 * `t` is outside them.
 */
export const bucketOf = (edges: ReadonlyArray<number>, t: number): number => {
  if (edges.length < 2 || t < edges[0]! || t >= edges[edges.length - 1]!) return -1
  let lo = 0
  let hi = edges.length - 1
  // Invariant: edges[lo] <= t < edges[hi].
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (edges[mid]! <= t) lo = mid
    else hi = mid
  }
  return lo
}

/**
 * The histogram bucket (0 to `buckets - 1`) of `score` over `[min, max]`: equal widths, the last one
 * also holding `max`. Written as the SQL store computes it, so both round alike.
 */
export const histogramIndex = (score: number, min: number, max: number, buckets: number): number =>
  max === min ? 0 : Math.min(buckets - 1, Math.floor(((score - min) / (max - min)) * buckets))

/** How many histogram buckets scores from `min` to `max` get: one when they are all equal. */
export const histogramBuckets = (min: number, max: number): number => (min === max ? 1 : HISTOGRAM_BUCKETS)

// -----------------------------------------------------------------------------
// The store's part
// -----------------------------------------------------------------------------

/** What `StatsRepo.campaign` counts: a campaign's events in `[from, to)`, by bucket of `edges`. */
export interface Query {
  readonly accountId: string
  readonly campaignId: string
  readonly from: DateTime.Utc
  readonly to: DateTime.Utc
  /** Bucket edges (`bucketEdges`); events outside `[from, to)` are left out even within them. */
  readonly edges: ReadonlyArray<DateTime.Utc>
  /** What the buckets are, and in which zone (the campaign's `playLimitTimezone`): a store may keep counts by them. */
  readonly interval: Interval
  readonly timeZone: string
  /** Whether to summarise the entries' scores. */
  readonly scores: boolean
  /** Whether to count the entries' predictions by option. */
  readonly predictions: boolean
}

/** The counts of one bucket (or of the whole span). */
export interface Counts {
  readonly starts: number
  readonly finishes: number
  readonly players: number
  readonly wins: number
  readonly grants: number
}

/** The scores of the span: their count, bounds, sum and histogram (`histogramIndex`). */
export interface ScoreCounts {
  readonly count: number
  readonly min: number
  readonly max: number
  readonly sum: number
  /** Counts per histogram bucket, `histogramBuckets(min, max)` of them. */
  readonly histogram: ReadonlyArray<number>
}

/** What a store counts of a campaign for `Query`. */
export interface Counted {
  readonly totals: Counts & { readonly drawWinners: number }
  /** One per bucket (`edges.length - 1`). */
  readonly series: ReadonlyArray<Counts>
  /** Undefined when not asked for, or when no entry of the span has a score. */
  readonly scores: ScoreCounts | undefined
  /** Entries per option id (only those with entries); empty when not asked for. */
  readonly predictions: ReadonlyMap<string, number>
}

/** The filter of the entries' export: the list's, less its paging. */
export type EntryFilter = Entry.ListFilter

/** The reads of statistics and exports. */
export class StatsRepo extends Context.Service<
  StatsRepo,
  {
    /** The counts of a campaign of the account (zeros for a campaign with no plays). */
    readonly campaign: (query: Query) => Effect.Effect<Counted, StoreError>
    /** When the campaign's first play started; none before any. */
    readonly firstPlay: (
      accountId: string,
      campaignId: string
    ) => Effect.Effect<Option.Option<DateTime.Utc>, StoreError>
    /**
     * Every entry of the campaign matching `filter`, in the list's order (`EntryRepo.list`), read as
     * the consumer pulls (a store with a cursor keeps a bounded number in memory). Stopping the
     * stream stops the read.
     */
    readonly entries: (
      accountId: string,
      campaignId: string,
      filter: EntryFilter
    ) => Stream.Stream<Entry.Entry, StoreError>
    /** Every grant of the campaign, newest first then by id descending (the list's order), as `entries`. */
    readonly grants: (accountId: string, campaignId: string) => Stream.Stream<Grant.Listed, StoreError>
    /**
     * Brings up to date, at the clock's now, what the store keeps to answer `campaign` quickly (the
     * SQL store rolls every campaign's closed slots up); how many campaigns it rolled up. A store
     * that counts its rows when read does nothing (0). The worker (`layerWorker`) runs it.
     */
    readonly rollUp: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/StatsRepo") {}

/** How often the statistics' worker runs `StatsRepo.rollUp`. */
export const POLL = Duration.minutes(1)

/**
 * The statistics' worker: with `background`, a fiber runs `StatsRepo.rollUp` every `POLL`, on
 * effect's `Clock` (the clock that stamps the plays: a test drives it with `TestClock`). Every
 * instance may run it: the store claims each campaign's roll-up, so none is counted twice. A failed
 * pass is logged and tried again at the next. Without `background`, nothing (a read rolls its own
 * campaign up anyway).
 */
export const layerWorker = (options: { readonly background: boolean }): Layer.Layer<never, never, StatsRepo> =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      if (!options.background) return
      const repo = yield* StatsRepo
      const pass = repo.rollUp.pipe(
        Effect.catch((error) => Effect.logWarning("stats: roll-up pass failed", error.message))
      )
      yield* Effect.forkScoped(Effect.forever(Effect.andThen(Effect.sleep(POLL), pass)))
    })
  )

// -----------------------------------------------------------------------------
// The API's shapes
// -----------------------------------------------------------------------------

/** Query of `GET /v1/game-instances/{id}/stats`. */
export const StatsQuery = {
  from: Schema.optionalKey(DateTimeInput),
  to: Schema.optionalKey(DateTimeInput),
  interval: Schema.optionalKey(Interval)
}

export interface StatsInput {
  readonly from: DateTime.Utc | undefined
  readonly to: DateTime.Utc | undefined
  readonly interval: Interval | undefined
}

const BucketCounts = {
  starts: Count,
  finishes: Count,
  players: Count,
  wins: Count,
  grants: Count
}

export const Bucket = Schema.Struct({
  start: Timestamp,
  ...BucketCounts
}).annotate({ identifier: "StatsBucket" })

export const HistogramBucket = Schema.Struct({
  from: Schema.Finite,
  to: Schema.Finite,
  count: Count
}).annotate({ identifier: "StatsHistogramBucket" })

export const Scores = Schema.Struct({
  min: Schema.Finite,
  max: Schema.Finite,
  mean: Schema.Finite,
  histogram: Schema.Array(HistogramBucket)
}).annotate({ identifier: "StatsScores" })

export const PredictionCount = Schema.Struct({ optionId: Schema.String, count: Count }).annotate({
  identifier: "StatsPrediction"
})

export const TierCount = Schema.Struct({
  tierId: Schema.String,
  granted: Count,
  couponsRemaining: Schema.NullOr(Count)
}).annotate({ identifier: "StatsTier" })

/** The statistics of a campaign, as `GET /v1/game-instances/{id}/stats` answers them. */
export const CampaignStats = Schema.Struct({
  totals: Schema.Struct({ ...BucketCounts, drawWinners: Count }),
  series: Schema.Array(Bucket),
  scores: Schema.NullOr(Scores),
  predictions: Schema.NullOr(Schema.Array(PredictionCount)),
  tiers: Schema.Array(TierCount)
}).annotate({ identifier: "CampaignStats" })
export type CampaignStats = typeof CampaignStats.Type

const zeroScores = { min: 0, max: 0, mean: 0, histogram: [] }

/** The score summary of what a store counted: bounds, mean and equal buckets (`from` inclusive). */
export const scoresOf = (counted: ScoreCounts | undefined): CampaignStats["scores"] => {
  if (counted === undefined || counted.count === 0) return zeroScores
  const { count, max, min, sum } = counted
  const buckets = histogramBuckets(min, max)
  const width = (max - min) / buckets
  return {
    min,
    max,
    mean: sum / count,
    histogram: Array.from({ length: buckets }, (_, i) => ({
      from: min + i * width,
      to: i === buckets - 1 ? max : min + (i + 1) * width,
      count: counted.histogram[i] ?? 0
    }))
  }
}

/**
 * The prediction counts of a campaign: one per option of its config, in its order, then any option
 * entries hold that the config no longer lists.
 */
export const predictionsOf = (
  campaign: Pick<Campaign, "config">,
  counted: ReadonlyMap<string, number>
): CampaignStats["predictions"] => {
  const ids = Prediction.optionIds(campaign.config)
  const others = [...counted.keys()].filter((id) => !ids.includes(id)).sort()
  return [...ids, ...others].map((optionId) => ({ optionId, count: counted.get(optionId) ?? 0 }))
}

/** The campaign's statistics from what the store counted. */
export const statsOf = (
  campaign: Pick<Campaign, "gameSlug" | "config">,
  edges: ReadonlyArray<DateTime.Utc>,
  counted: Counted,
  tiers: CampaignStats["tiers"]
): CampaignStats => {
  const result = Games.bySlug(campaign.gameSlug)?.result
  return {
    totals: counted.totals,
    series: counted.series.map((counts, i) => ({ start: edges[i]!, ...counts })),
    scores: result === "score" ? scoresOf(counted.scores) : null,
    predictions: result === "prediction" ? predictionsOf(campaign, counted.predictions) : null,
    tiers
  }
}

// -----------------------------------------------------------------------------
// Use cases
// -----------------------------------------------------------------------------

type Reads = MissingPermission | ResourceNotFound | StoreError

export class Stats extends Context.Service<
  Stats,
  {
    /** The campaign's statistics (results.read). `InvalidFields` naming `from` or `interval` for a span out of bounds. */
    readonly stats: (
      actor: Actor.Actor,
      campaignId: string,
      input: StatsInput
    ) => Effect.Effect<CampaignStats, Reads | InvalidFields>
    /**
     * The campaign's entries matching `filter` (results.read), streamed: the permission and the
     * campaign are checked before the stream is made.
     */
    readonly exportEntries: (
      actor: Actor.Actor,
      campaignId: string,
      filter: EntryFilter
    ) => Effect.Effect<Stream.Stream<Entry.Entry, StoreError>, Reads>
    /** The campaign's grants (rewards.read), streamed, newest first, codes masked. */
    readonly exportGrants: (
      actor: Actor.Actor,
      campaignId: string
    ) => Effect.Effect<Stream.Stream<Grant.Listed, StoreError>, Reads>
  }
>()("@campaign-games/core/Stats") {
  static readonly layer = Layer.effect(
    Stats,
    Effect.gen(function* () {
      const { guarded } = yield* CampaignSteps.make
      const repo = yield* StatsRepo
      const rewards = yield* Reward.RewardRepo

      const tiersOf = Effect.fnUntraced(function* (campaign: Campaign) {
        const reward = yield* rewards.find(campaign.accountId, campaign.id)
        if (Option.isNone(reward)) return []
        const view = Reward.view(reward.value, yield* rewards.stock(campaign.accountId, campaign.id))
        return view.tiers.map((t) => ({ tierId: t.id, granted: t.granted, couponsRemaining: t.couponsRemaining }))
      })

      const stats = guarded("Stats.stats", "results.read", (campaign, input: StatsInput) =>
        Effect.gen(function* () {
          const now = yield* DateTime.now
          const to = input.to ?? now
          const from = input.from ?? Option.getOrElse(yield* repo.firstPlay(campaign.accountId, campaign.id), () => to)
          if (input.from !== undefined && !DateTime.isLessThan(from, to)) {
            return yield* invalid([{ path: "from", message: "Expected a date-time before to (default: now)" }])
          }
          const edges = bucketEdges(from, to, input.interval ?? "day", campaign.playLimitTimezone)
          if (edges === undefined) {
            return yield* invalid([
              {
                path: "interval",
                message: `Expected at most ${MAX_BUCKETS} buckets from from to to: choose a larger interval or a shorter span`
              }
            ])
          }
          const result = Games.bySlug(campaign.gameSlug)?.result
          const counted = yield* repo.campaign({
            accountId: campaign.accountId,
            campaignId: campaign.id,
            from,
            to,
            edges,
            interval: input.interval ?? "day",
            timeZone: campaign.playLimitTimezone,
            scores: result === "score",
            predictions: result === "prediction"
          })
          return statsOf(campaign, edges, counted, yield* tiersOf(campaign))
        })
      )

      const exportEntries = guarded("Stats.exportEntries", "results.read", (campaign, filter: EntryFilter) =>
        Effect.succeed(repo.entries(campaign.accountId, campaign.id, filter))
      )

      const exportGrants = guarded("Stats.exportGrants", "rewards.read", (campaign) =>
        Effect.succeed(repo.grants(campaign.accountId, campaign.id))
      )

      return Stats.of({ stats, exportEntries, exportGrants })
    })
  )
}

/** The code of a listed grant as lists show it (`****WXYZ`). */
export const maskedCode = (grant: Grant.Listed): string => Grant.listedView(grant).code
