/**
 * `StatsRepo` over effect/sql: a campaign's statistics aggregated from its sessions, entries, grants
 * and draw winners, and the exports of its entries and grants streamed from the database.
 *
 * - Counts by bucket are one index range count per bucket (a `LATERAL` join over the edges the core
 *   computed, `Stats.bucketEdges`: local days or hours of the campaign's zone), clipped to the span,
 *   so the database does no time-zone arithmetic of its own and buckets no row one by one; the
 *   totals are their sums. Each range reads an index on `(campaign_id, time)` carrying what the
 *   count needs (migration `0013_stats`). Players come from the flags each session got when written
 *   (migration `0013_stats`), or an exact distinct count where the flags do not apply.
 * - The histogram's bucket is `least(k - 1, floor((score - min) / (max - min) * k))` in double
 *   precision: `Stats.histogramIndex`, operation for operation.
 * - The exports are one `SELECT` each, read as a stream (`Statement.stream`): on PostgreSQL the
 *   driver pauses the socket while the consumer is behind and abandons the query when the stream is
 *   interrupted (a client that went away); PGlite, in process, reads the result whole.
 *
 * @since 0.1.0
 */
import { Stats } from "@campaign-games/core"
import { type Array as Arr, Clock, DateTime, Effect, type Exit, Layer, Option, Stream } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as Bounded from "./internal/Bounded.ts"
import type * as Repository from "./internal/Repository.ts"
import type * as Table from "./internal/Table.ts"
import { time } from "./internal/Values.ts"
import * as SqlEntryRepo from "./SqlEntryRepo.ts"
import * as SqlRewardGrantRepo from "./SqlRewardGrantRepo.ts"
import { toStoreError } from "./internal/Repository.ts"

type Counts = { starts: number; finishes: number; players: number; wins: number; grants: number }

const zero = (): Counts => ({ starts: 0, finishes: 0, players: 0, wins: 0, grants: 0 })

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))

/** `StatsRepo` over a migrated database. */
export const layer: Layer.Layer<Stats.StatsRepo, never, SqlClient.SqlClient> = Layer.effect(
  Stats.StatsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // The reads of statistics wait at most `Bounded.StoreTimeout`, as every store call; the exports'
    // streams are not bounded (a million rows take longer), their client going away stops them.
    const timeout = yield* Bounded.StoreTimeout
    const clock = yield* Clock.Clock

    const campaign = Effect.fnUntraced(function* (q: Stats.Query) {
      const series = Array.from({ length: Math.max(0, q.edges.length - 1) }, zero)
      const totals = { ...zero(), drawWinners: 0 }
      const predictions = new Map<string, number>()
      if (q.edges.length < 2) return { totals, series, scores: undefined, predictions } satisfies Stats.Counted
      const edges = `{${q.edges.map((e) => time(e)).join(",")}}`
      const from = time(q.from)
      const to = time(q.to)
      const n = q.edges.length - 1
      /** Whether any session, entry or grant of the campaign was written in `[start, end)`. */
      const anyIn = (start: DateTime.Utc, end: DateTime.Utc) =>
        Effect.map(
          sql`SELECT EXISTS (SELECT 1 FROM sessions WHERE campaign_id = ${q.campaignId}
                AND started_at >= ${time(start)} AND started_at < ${time(end)})
              OR EXISTS (SELECT 1 FROM entries WHERE campaign_id = ${q.campaignId}
                AND created_at >= ${time(start)} AND created_at < ${time(end)})
              OR EXISTS (SELECT 1 FROM reward_grants WHERE campaign_id = ${q.campaignId}
                AND created_at >= ${time(start)} AND created_at < ${time(end)})`.values,
          (rows) => rows[0]?.[0] === true
        )
      // The span cuts the first bucket when `from` is after its start, the last when `to` is before
      // its end; a cut part holding no row (the default `from`, the first play; the default `to`,
      // now) leaves the bucket's counts whole.
      const firstCut = DateTime.isLessThan(q.edges[0]!, q.from) && (yield* anyIn(q.edges[0]!, q.from))
      const lastCut = DateTime.isGreaterThan(q.edges[n]!, q.to) && (yield* anyIn(q.to, q.edges[n]!))
      /** Whether bucket `i` counts as wholly in the span (else the span cuts it: the first or the last). */
      const whole = (i: number) => !((i === 0 && firstCut) || (i === n - 1 && lastCut))
      const all = Array.from({ length: n }, (_, i) => i)
      const wholes = all.filter(whole)
      const cuts = all.filter((i) => !whole(i))
      /**
       * The buckets `indices` (0-based) as a SQL row source (`b.i`, `b.s`, `b.e`), their edges
       * clipped to the span when `clip` (rows are counted in the span; slots of a whole bucket are
       * summed over the bucket, its part outside the span holding none).
       */
      const buckets = (indices: ReadonlyArray<number>, clip = true) =>
        clip
          ? sql`(SELECT i, greatest((${edges}::timestamptz[])[i], ${from}::timestamptz) AS s,
              least((${edges}::timestamptz[])[i + 1], ${to}::timestamptz) AS e
            FROM unnest(${`{${indices.map((i) => i + 1).join(",")}}`}::int[]) i) b`
          : sql`(SELECT i, (${edges}::timestamptz[])[i] AS s, (${edges}::timestamptz[])[i + 1] AS e
            FROM unnest(${`{${indices.map((i) => i + 1).join(",")}}`}::int[]) i) b`
      /**
       * One row per bucket of `indices` (`b`, 1-based) of `select` over the rows of `table` whose
       * `column` falls in the bucket and in the span: one index range count per bucket.
       */
      const perBucket = (indices: ReadonlyArray<number>, table: string, column: string, select: Statement.Fragment) =>
        indices.length === 0
          ? Effect.succeed([] as ReadonlyArray<ReadonlyArray<unknown>>)
          : sql`SELECT b.i, x.* FROM ${buckets(indices)} CROSS JOIN LATERAL (
              SELECT ${select} FROM ${sql.literal(table)}
              WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
                AND ${sql.literal(column)} >= b.s AND ${sql.literal(column)} < b.e
            ) x`.values

      // Whole buckets: the sums of their slots (kept by migration 0013's triggers as rows are
      // written), one short index range each. Their edges are local hours or days, which start on a
      // slot's start.
      const slots =
        wholes.length === 0
          ? []
          : yield* sql`SELECT b.i, x.* FROM ${buckets(wholes, false)} CROSS JOIN LATERAL (
              SELECT coalesce(sum(starts), 0)::int, coalesce(sum(first_days), 0)::int,
                coalesce(sum(first_hours), 0)::int, coalesce(sum(firsts), 0)::int,
                count(*) FILTER (WHERE zone <> '' AND zone <> ${q.timeZone} AND starts <> 0)::int,
                coalesce(sum(finishes), 0)::int, coalesce(sum(wins), 0)::int, coalesce(sum(grants), 0)::int
              FROM stats_slots WHERE campaign_id = ${q.campaignId} AND slot >= b.s AND slot < b.e
            ) x`.values
      // Cut buckets: their rows in the span, counted.
      const cutSessions = yield* perBucket(
        cuts,
        "sessions",
        "started_at",
        sql`count(*)::int, count(*) FILTER (WHERE stats_first_day)::int,
          count(*) FILTER (WHERE stats_first_hour)::int, count(*) FILTER (WHERE stats_first)::int,
          count(*) FILTER (WHERE stats_zone IS DISTINCT FROM ${q.timeZone})::int`
      )
      const cutEntries = yield* perBucket(
        cuts,
        "entries",
        "created_at",
        sql`count(*)::int, count(*) FILTER (WHERE outcome->>'isWin' = 'true')::int`
      )
      const cutGrants = yield* perBucket(cuts, "reward_grants", "created_at", sql`count(*)::int`)

      let otherZone = false
      let firstsInSpan = 0
      const firsts = new Map<number, number>()
      /** A bucket's starts and first-session flags (`row`: b, starts, first days, first hours, firsts, other zone). */
      const started = (row: ReadonlyArray<unknown>) => {
        const b = int(row[0]) - 1
        const counts = series[b]
        if (counts === undefined) return
        counts.starts = int(row[1])
        totals.starts += counts.starts
        firsts.set(b, int(q.interval === "day" ? row[2] : row[3]))
        firstsInSpan += int(row[4])
        if (int(row[5]) > 0) otherZone = true
      }
      const finished = (b: unknown, finishes: unknown, wins: unknown, grants: unknown) => {
        const counts = series[int(b) - 1]
        if (counts === undefined) return
        counts.finishes = int(finishes)
        counts.wins = int(wins)
        counts.grants = int(grants)
        totals.finishes += counts.finishes
        totals.wins += counts.wins
        totals.grants += counts.grants
      }
      for (const row of slots) {
        started(row)
        finished(row[0], row[6], row[7], row[8])
      }
      for (const row of cutSessions) started(row)
      const cutGrantsOf = new Map(cutGrants.map((row) => [int(row[0]), row[1]]))
      for (const row of cutEntries) finished(row[0], row[1], row[2], cutGrantsOf.get(int(row[0])))
      totals.players = firstsInSpan

      /** Distinct participants who started in `[start, end)`: the exact count, a scan of the span. */
      const distinct = (start: string, end: string) =>
        Effect.map(
          sql`SELECT count(DISTINCT participant_ref)::int FROM sessions
            WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
              AND started_at >= ${start} AND started_at < ${end}`.values,
          (rows) => int(rows[0]?.[0])
        )
      if (otherZone) {
        // Flags made in another zone do not fit the buckets: every count exact.
        const rows = yield* perBucket(all, "sessions", "started_at", sql`count(DISTINCT participant_ref)::int`)
        for (const row of rows) {
          const counts = series[int(row[0]) - 1]
          if (counts !== undefined) counts.players = int(row[1])
        }
        totals.players = totals.starts === 0 ? 0 : yield* distinct(from, to)
      } else {
        // A bucket wholly in the span counts its players' first sessions in it; a bucket the span
        // cuts (the first or the last) is counted exactly over its part.
        for (let i = 0; i < series.length; i++) {
          series[i]!.players = whole(i)
            ? (firsts.get(i) ?? 0)
            : series[i]!.starts === 0
              ? 0
              : yield* distinct(time(DateTime.max(q.edges[i]!, q.from)), time(DateTime.min(q.edges[i + 1]!, q.to)))
        }
        // The totals count first sessions when no session started before `from`.
        const [earlier] = yield* sql`SELECT EXISTS (SELECT 1 FROM sessions
            WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId} AND started_at < ${from})`.values
        if (earlier?.[0] === true) totals.players = totals.starts === 0 ? 0 : yield* distinct(from, to)
      }

      const winners = yield* sql`SELECT count(*)::int FROM draw_winners w JOIN draw_runs r ON r.id = w.run_id
        WHERE r.campaign_id = ${q.campaignId} AND r.account_id = ${q.accountId}
          AND r.created_at >= ${from} AND r.created_at < ${to}`.values
      totals.drawWinners = int(winners[0]?.[0])

      let scores: Stats.ScoreCounts | undefined
      // A span holding every entry of the campaign (the default one) reads the entries' counts by
      // score and by option (migration 0013) instead of the entries.
      const [outside] =
        q.scores || q.predictions
          ? yield* sql`SELECT EXISTS (SELECT 1 FROM entries WHERE campaign_id = ${q.campaignId} AND created_at < ${from})
              OR EXISTS (SELECT 1 FROM entries WHERE campaign_id = ${q.campaignId} AND created_at >= ${to})`.values
          : [[true]]
      const allInSpan = outside?.[0] === false

      if (q.scores && allInSpan) {
        const rows = yield* sql`SELECT score, sum(entries)::int FROM stats_scores WHERE campaign_id = ${q.campaignId}
          GROUP BY score HAVING sum(entries) > 0 ORDER BY score`.values
        if (rows.length > 0) {
          const min = Number(rows[0]![0])
          const max = Number(rows[rows.length - 1]![0])
          const histogram = Array.from({ length: Stats.histogramBuckets(min, max) }, () => 0)
          let count = 0
          let sum = 0
          for (const [value, entries] of rows) {
            const score = Number(value)
            const n = int(entries)
            count += n
            sum += score * n
            histogram[Stats.histogramIndex(score, min, max, histogram.length)]! += n
          }
          scores = { count, min, max, sum, histogram }
        }
      } else if (q.scores) {
        const [summary] = yield* sql`SELECT count(score)::int, min(score), max(score), sum(score) FROM entries
          WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
            AND created_at >= ${from} AND created_at < ${to} AND score IS NOT NULL`.values
        const count = int(summary?.[0])
        if (count > 0) {
          const min = Number(summary![1])
          const max = Number(summary![2])
          const k = Stats.histogramBuckets(min, max)
          const histogram = Array.from({ length: k }, () => 0)
          if (k === 1) histogram[0] = count
          else {
            const rows = yield* sql`SELECT least(${k - 1}::int,
                floor((score - ${min}::float8) / (${max}::float8 - ${min}::float8) * ${k}::float8)::int), count(*)::int
              FROM entries
              WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
                AND created_at >= ${from} AND created_at < ${to} AND score IS NOT NULL
              GROUP BY 1`.values
            for (const row of rows) histogram[int(row[0])] = int(row[1])
          }
          scores = { count, min, max, sum: Number(summary![3]), histogram }
        }
      }

      if (q.predictions) {
        const rows = allInSpan
          ? yield* sql`SELECT option_id, sum(entries)::int FROM stats_predictions WHERE campaign_id = ${q.campaignId}
              GROUP BY option_id HAVING sum(entries) > 0`.values
          : yield* sql`SELECT prediction_option_id, count(*)::int FROM entries
              WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
                AND created_at >= ${from} AND created_at < ${to} AND prediction_option_id IS NOT NULL
              GROUP BY 1`.values
        for (const row of rows) predictions.set(String(row[0]), int(row[1]))
      }
      return { totals, series, scores, predictions } satisfies Stats.Counted
    })

    const firstPlay = Effect.fnUntraced(function* (accountId: string, campaignId: string) {
      const rows = yield* sql`SELECT to_char(min(started_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        FROM sessions WHERE campaign_id = ${campaignId} AND account_id = ${accountId}`.values
      const first = rows[0]?.[0]
      return typeof first === "string" ? Option.some(DateTime.makeUnsafe(first)) : Option.none()
    })

    /** The rows of `rows` decoded by `read`, a chunk at a time (the driver hands them over in chunks). */
    const decoded = <A>(
      operation: string,
      rows: Stream.Stream<object, unknown>,
      read: { readonly decode: (rows: Table.Values) => Exit.Exit<ReadonlyArray<A>, unknown> }
    ) =>
      rows.pipe(
        // A chunk of n rows decodes to n values: non-empty as the chunk is.
        Stream.mapArrayEffect(
          (chunk) =>
            read.decode(chunk.map((row) => Object.values(row))) as Exit.Exit<Arr.NonEmptyReadonlyArray<A>, unknown>
        ),
        Stream.mapError((error) => toStoreError(operation)(error as Repository.Failure))
      )

    return Stats.StatsRepo.of({
      campaign: (q) =>
        Bounded.bounded(
          "StatsRepo.campaign",
          timeout,
          clock
        )(Effect.mapError(campaign(q), toStoreError("StatsRepo.campaign"))),
      firstPlay: (accountId, campaignId) =>
        Bounded.bounded(
          "StatsRepo.firstPlay",
          timeout,
          clock
        )(Effect.mapError(firstPlay(accountId, campaignId), toStoreError("StatsRepo.firstPlay"))),
      entries: (accountId, campaignId, filter) =>
        decoded(
          "StatsRepo.entries",
          sql`SELECT ${SqlEntryRepo.entry.select} FROM entries
            WHERE ${SqlEntryRepo.matching(sql, accountId, campaignId, filter)}
            ORDER BY ${sql.literal(SqlEntryRepo.ORDER[filter.sort][filter.dir])}`.stream,
          SqlEntryRepo.entry
        ),
      grants: (accountId, campaignId) =>
        decoded(
          "StatsRepo.grants",
          sql`SELECT ${SqlRewardGrantRepo.listed.select} FROM (
              SELECT g.*, right(c.code, 4) AS code_end FROM reward_grants g JOIN reward_coupons c ON c.id = g.coupon_id
              WHERE g.account_id = ${accountId} AND g.campaign_id = ${campaignId}
            ) g
            ORDER BY g.created_at DESC, g.id DESC`.stream,
          SqlRewardGrantRepo.listed
        )
    })
  })
)
