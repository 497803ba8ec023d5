/**
 * `StatsRepo` over effect/sql: a campaign's statistics aggregated from its sessions, entries, grants
 * and draw winners, and the exports of its entries and grants streamed from the database.
 *
 * - **Off the play path.** No statistics work happens when a play writes its rows. The counts of a
 *   campaign are rolled up later, per closed 15-minute slot (UTC), into `stats_slots`,
 *   `stats_slot_scores` and `stats_slot_predictions` (migration `0017_stats_rollup`), by `makeRollUp`:
 *   for the campaign by a stats read (lazily), for every campaign by `StatsRepo.rollUp`, which the
 *   core's worker (`Stats.layerWorker`) runs every minute. A slot is rolled up once it ended
 *   `HORIZON` ago, when no play can still write a row in it (below). `stats_rollups.rolled_until`
 *   says how far each campaign is rolled up; the roll-up takes that row's lock (`SKIP LOCKED`:
 *   another instance rolling the same campaign up is left to it) in the one transaction that writes
 *   the slots and moves it, so a slot is counted once.
 * - **Reads are exact at all times**: the slots a span covers wholly, before `rolled_until`, summed;
 *   the rest of the span (the part of a slot at its ends, the not-yet-rolled period) counted from the
 *   raw rows, a few minutes of them. Counts by bucket use `width_bucket` over the edges the core
 *   computed (`Stats.bucketEdges`: local days or hours of the campaign's zone, which start on a
 *   slot's start), so the database does no time-zone arithmetic for the buckets.
 * - **Players** (distinct participants) cannot be summed, so each slot counts its players' first
 *   sessions: in the campaign, in their local day and in their local hour (in the campaign's zone
 *   when rolled up). A session is first when its player's previous start in the campaign (by start,
 *   then id: one probe of `sessions_player_started_idx`) is before the day, the hour, or missing. A
 *   bucket wholly in the span sums the flags of its day or hour; a bucket the span cuts, the totals
 *   when a session started before `from`, and every count when a slot was rolled up in another zone
 *   than the campaign's now, count distinct references exactly (a hash aggregate over that part).
 * - The histogram's bucket is `least(k - 1, floor((score - min) / (max - min) * k))` in double
 *   precision: `Stats.histogramIndex`, operation for operation.
 * - The exports are one `SELECT` each, read as a stream (`Statement.stream`): on PostgreSQL the
 *   driver pauses the socket while the consumer is behind and abandons the query when the stream is
 *   interrupted (a client that went away); PGlite, in process, reads the result whole.
 *
 * @since 0.1.0
 */
import { type Entry, Stats } from "@campaign-games/core"
import { type Array as Arr, Clock, DateTime, Duration, Effect, type Exit, Layer, Option, Stream } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import * as Bounded from "./internal/Bounded.ts"
import type * as Repository from "./internal/Repository.ts"
import type * as Table from "./internal/Table.ts"
import { time } from "./internal/Values.ts"
import * as SqlEntryRepo from "./SqlEntryRepo.ts"
import * as SqlRewardGrantRepo from "./SqlRewardGrantRepo.ts"
import { toStoreError } from "./internal/Repository.ts"

/** A slot of the roll-up: 15 minutes (UTC quarters, aligned on the epoch and on 2000-01-01). */
export const SLOT = Duration.minutes(15)

/**
 * How long after a slot ends it is rolled up. A play stamps its rows with the time it started
 * handling them, then writes them in a transaction that cannot outlive the database's bounds: a
 * statement runs at most 30 s (`statement_timeout`), a transaction idles at most 10 s
 * (`idle_in_transaction_session_timeout`), and the server gives up on a store call after
 * `CG_DB_TIMEOUT_MS` (5 s by default), retrying a conflicted transaction at most 5 times. So a row
 * commits well within a minute of its time; 5 minutes also covers the clocks of instances drifting
 * apart. Rows written with an older time (a test's or a benchmark's direct inserts, never the
 * engine's) are not counted in a slot already rolled up: roll up again (`rollUpAll` of migration
 * `0017_stats_rollup`).
 */
export const HORIZON = Duration.minutes(5)

const SLOT_MS = Duration.toMillis(SLOT)

/** The start of the last slot that ended `HORIZON` before `now` (epoch ms): what a roll-up at `now` reaches. */
export const rollUpCut = (now: number): number => Math.floor((now - Duration.toMillis(HORIZON)) / SLOT_MS) * SLOT_MS

const ceilSlot = (t: number) => Math.ceil(t / SLOT_MS) * SLOT_MS
const floorSlot = (t: number) => Math.floor(t / SLOT_MS) * SLOT_MS

const slotOf = (at: string): string => `date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`

/**
 * Starts, first sessions in the campaign, in the local day and in the local hour of zone `zone` (a
 * SQL expression) of the sessions `s` joined with their player's previous start (`prev`,
 * `previousStart`).
 */
const sessionCounts = (zone: string): string => `count(*) AS starts,
    count(*) FILTER (WHERE prev IS NULL) AS firsts,
    count(*) FILTER (WHERE prev IS NULL
      OR prev < date_trunc('day', s.started_at AT TIME ZONE ${zone}) AT TIME ZONE ${zone}) AS first_days,
    count(*) FILTER (WHERE prev IS NULL OR prev < s.started_at - ((s.started_at AT TIME ZONE ${zone})
      - date_trunc('hour', s.started_at AT TIME ZONE ${zone}))) AS first_hours`

/** The previous start (`prev`) of the player of session `s` in its campaign: one index probe. */
const previousStart = `LEFT JOIN LATERAL (
    SELECT p.started_at AS prev FROM sessions p
    WHERE p.channel_id = s.channel_id AND p.participant_ref = s.participant_ref AND p.campaign_id = s.campaign_id
      AND p.started_at <= s.started_at AND (p.started_at < s.started_at OR p.id < s.id)
    ORDER BY p.started_at DESC, p.id DESC LIMIT 1
  ) prev ON true`

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

type Counts = { starts: number; finishes: number; players: number; wins: number; grants: number }

const zero = (): Counts => ({ starts: 0, finishes: 0, players: 0, wins: 0, grants: 0 })

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))

const iso = (ms: number) => new Date(ms).toISOString()

/** The columns of an exported entry (`exportedEntry`). */
const EXPORTED_ENTRY = `id, account_id, campaign_id, channel_id, session_id, participant_ref, score, prediction_option_id,
  outcome, weight, eligible, created_at`

/**
 * An exported entry from its row (`EXPORTED_ENTRY`), made directly: a million rows go through here,
 * and the row schema's checks (`SqlEntryRepo.entry`, which the lists use) took a fifth of the
 * export's CPU and most of its allocations. The columns are the table's own, typed by it (text,
 * float8, boolean, jsonb written by the engine, timestamptz as the driver's `Date`).
 */
const exportedEntry = (row: Record<string, unknown>): Entry.Entry => ({
  id: row.id as string,
  accountId: row.account_id as string,
  campaignId: row.campaign_id as string,
  channelId: row.channel_id as string,
  sessionId: row.session_id as string | null,
  participantRef: row.participant_ref as string,
  score: row.score as number | null,
  predictionValue: row.prediction_option_id === null ? null : { optionId: row.prediction_option_id as string },
  outcome: row.outcome as Entry.Entry["outcome"],
  weight: row.weight as number,
  eligible: row.eligible as boolean,
  createdAt: DateTime.fromDateUnsafe(row.created_at as Date)
})

/** The roll-up of the store: what `layer`'s reads and `rollUp` (the core's `Stats.layerWorker`) run. */
export interface RollUp {
  /**
   * Rolls the campaign up to `rollUpCut(now)` (the clock's now): whether this call did (false when
   * there was nothing to do, or another caller is doing it).
   */
  readonly campaign: (campaignId: string) => Effect.Effect<boolean, SqlError.SqlError>
  /** Rolls every campaign with closed slots not yet rolled up: how many it rolled. */
  readonly all: Effect.Effect<number, SqlError.SqlError>
}

/** The roll-up over `sql`, at the clock of the fiber that runs it (a test's `TestClock` included). */
export const makeRollUp = (sql: SqlClient.SqlClient): RollUp => {
  const rollTo = (campaignId: string, cut: number) =>
    sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`INSERT INTO stats_rollups (campaign_id) VALUES (${campaignId}) ON CONFLICT DO NOTHING`
        // The campaign's marker, locked till the end of this transaction; none when another
        // transaction holds it (it is rolling the campaign up: left to it).
        const marker = yield* sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', ${sql.literal(ISO)})
          FROM stats_rollups WHERE campaign_id = ${campaignId} FOR UPDATE SKIP LOCKED`.values
        if (marker.length === 0) return false
        const until = marker[0]![0] as string | null
        if (until !== null && Date.parse(until) >= cut) return false
        const a = until ?? "-infinity"
        const b = iso(cut)
        yield* sql`INSERT INTO stats_slots (campaign_id, slot, zone, starts, firsts, first_days, first_hours, finishes,
            wins, grants)
          SELECT ${campaignId}, x.slot, c.play_limit_timezone, sum(x.starts), sum(x.firsts), sum(x.first_days),
            sum(x.first_hours), sum(x.finishes), sum(x.wins), sum(x.grants)
          FROM (
            SELECT ${sql.literal(slotOf("s.started_at"))} AS slot, ${sql.literal(sessionCounts("c.play_limit_timezone"))},
              0 AS finishes, 0 AS wins, 0 AS grants
            FROM sessions s JOIN campaigns c ON c.id = s.campaign_id ${sql.literal(previousStart)}
            WHERE s.campaign_id = ${campaignId} AND s.started_at >= ${a}::timestamptz AND s.started_at < ${b}::timestamptz
            GROUP BY 1
            UNION ALL
            SELECT ${sql.literal(slotOf("created_at"))}, 0, 0, 0, 0, count(*),
              count(*) FILTER (WHERE outcome->>'isWin' = 'true'), 0
            FROM entries WHERE campaign_id = ${campaignId} AND created_at >= ${a}::timestamptz
              AND created_at < ${b}::timestamptz
            GROUP BY 1
            UNION ALL
            SELECT ${sql.literal(slotOf("created_at"))}, 0, 0, 0, 0, 0, 0, count(*)
            FROM reward_grants WHERE campaign_id = ${campaignId} AND created_at >= ${a}::timestamptz
              AND created_at < ${b}::timestamptz
            GROUP BY 1
          ) x JOIN campaigns c ON c.id = ${campaignId}
          GROUP BY 1, 2, 3`
        yield* sql`INSERT INTO stats_slot_scores (campaign_id, slot, score, entries)
          SELECT ${campaignId}, ${sql.literal(slotOf("created_at"))}, score, count(*) FROM entries
          WHERE campaign_id = ${campaignId} AND created_at >= ${a}::timestamptz AND created_at < ${b}::timestamptz
            AND score IS NOT NULL
          GROUP BY 2, 3`
        yield* sql`INSERT INTO stats_slot_predictions (campaign_id, slot, option_id, entries)
          SELECT ${campaignId}, ${sql.literal(slotOf("created_at"))}, prediction_option_id, count(*) FROM entries
          WHERE campaign_id = ${campaignId} AND created_at >= ${a}::timestamptz AND created_at < ${b}::timestamptz
            AND prediction_option_id IS NOT NULL
          GROUP BY 2, 3`
        yield* sql`UPDATE stats_rollups SET rolled_until = ${b}::timestamptz WHERE campaign_id = ${campaignId}`
        return true
      })
    )

  const campaign = (campaignId: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => rollTo(campaignId, rollUpCut(now)))

  const all = Effect.gen(function* () {
    const cut = iso(rollUpCut(yield* Clock.currentTimeMillis))
    // The campaigns with a row before the cut and not yet rolled up: three index probes each.
    const due = yield* sql`SELECT c.id FROM campaigns c LEFT JOIN stats_rollups r ON r.campaign_id = c.id
      WHERE (r.rolled_until IS NULL OR r.rolled_until < ${cut}::timestamptz) AND (
        EXISTS (SELECT 1 FROM sessions s WHERE s.campaign_id = c.id
          AND s.started_at >= coalesce(r.rolled_until, '-infinity') AND s.started_at < ${cut}::timestamptz)
        OR EXISTS (SELECT 1 FROM entries e WHERE e.campaign_id = c.id
          AND e.created_at >= coalesce(r.rolled_until, '-infinity') AND e.created_at < ${cut}::timestamptz)
        OR EXISTS (SELECT 1 FROM reward_grants g WHERE g.campaign_id = c.id
          AND g.created_at >= coalesce(r.rolled_until, '-infinity') AND g.created_at < ${cut}::timestamptz))`.values
    let rolled = 0
    for (const [id] of due) if (yield* rollTo(String(id), Date.parse(cut))) rolled++
    return rolled
  })

  return { campaign, all }
}

/** `StatsRepo` over a migrated database. */
export const layer: Layer.Layer<Stats.StatsRepo, never, SqlClient.SqlClient> = Layer.effect(
  Stats.StatsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // The reads of statistics wait at most `Bounded.StoreTimeout`, as every store call; the exports'
    // streams are not bounded (a million rows take longer), their client going away stops them.
    const timeout = yield* Bounded.StoreTimeout
    const rollUp = makeRollUp(sql)

    const campaign = Effect.fnUntraced(function* (q: Stats.Query) {
      const series = Array.from({ length: Math.max(0, q.edges.length - 1) }, zero)
      const totals = { ...zero(), drawWinners: 0 }
      const predictions = new Map<string, number>()
      if (q.edges.length < 2) return { totals, series, scores: undefined, predictions } satisfies Stats.Counted
      const edges = `{${q.edges.map((e) => time(e)).join(",")}}`
      const fromMs = DateTime.toEpochMillis(q.from)
      const toMs = DateTime.toEpochMillis(q.to)
      const from = time(q.from)
      const to = time(q.to)
      const n = q.edges.length - 1

      // The campaign's closed slots rolled up first (nothing to do most of the time; left to another
      // instance rolling it up now), then how far they go: a roll-up committed after this read of
      // `rolled_until` adds slots after it only, which this read counts from the rows.
      // A roll-up that fails (a conflict, a lock timeout) leaves the read exact: it counts more rows.
      yield* rollUp
        .campaign(q.campaignId)
        .pipe(Effect.catch((error) => Effect.logWarning("stats: roll-up before a read failed", error.message)))
      const [marker] = yield* sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', ${sql.literal(ISO)})
        FROM stats_rollups WHERE campaign_id = ${q.campaignId}`.values
      const rolledUntil = typeof marker?.[0] === "string" ? Date.parse(marker[0]) : Number.NEGATIVE_INFINITY

      // The slots read: those wholly in the span and rolled up, `[slotsFrom, slotsTo)`. The rest of
      // the span (`raw`: at most two ranges) is counted from the rows.
      const slotsFrom = ceilSlot(fromMs)
      const slotsTo = Math.min(floorSlot(toMs), rolledUntil)
      const anySlots = slotsFrom < slotsTo
      const raw: ReadonlyArray<readonly [string, string]> = (
        anySlots
          ? [
              [fromMs, slotsFrom],
              [slotsTo, toMs]
            ]
          : [[fromMs, toMs]]
      )
        .filter(([s, e]) => s < e)
        .map(([s, e]) => [iso(s), iso(e)] as const)
      const slotRange = anySlots ? sql`slot >= ${iso(slotsFrom)} AND slot < ${iso(slotsTo)}` : sql`false`
      /** The rows of `table` of the campaign in the raw ranges, `column` their time. */
      const inRaw = (column: string) =>
        raw.length === 0
          ? sql`false`
          : sql.or(raw.map(([s, e]) => sql`${sql.literal(column)} >= ${s} AND ${sql.literal(column)} < ${e}`))

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
      // now) leaves the bucket whole: its players are its first sessions.
      const firstCut = DateTime.isLessThan(q.edges[0]!, q.from) && (yield* anyIn(q.edges[0]!, q.from))
      const lastCut = DateTime.isGreaterThan(q.edges[n]!, q.to) && (yield* anyIn(q.to, q.edges[n]!))
      /** Whether bucket `i` counts as wholly in the span (else the span cuts it: the first or the last). */
      const whole = (i: number) => !((i === 0 && firstCut) || (i === n - 1 && lastCut))

      // Every count by bucket (1-based): the slots' sums and the raw rows' counts, in one statement.
      // Columns: bucket, starts, firsts, first days, first hours, slots of another zone, finishes,
      // wins, grants.
      const rows = yield* sql`SELECT b, sum(starts)::int, sum(firsts)::int, sum(first_days)::int, sum(first_hours)::int,
          sum(other_zone)::int, sum(finishes)::int, sum(wins)::int, sum(grants)::int
        FROM (
          SELECT width_bucket(slot, ${edges}::timestamptz[]) AS b, starts, firsts, first_days, first_hours,
            (zone <> ${q.timeZone} AND starts <> 0)::int AS other_zone, finishes, wins, grants
          FROM stats_slots WHERE campaign_id = ${q.campaignId} AND ${slotRange}
          UNION ALL
          SELECT width_bucket(s.started_at, ${edges}::timestamptz[]),
            ${sql.literal(sessionCounts("z.zone"))}, 0, 0, 0, 0
          FROM (SELECT ${q.timeZone}::text AS zone) z CROSS JOIN sessions s ${sql.literal(previousStart)}
          WHERE s.campaign_id = ${q.campaignId} AND s.account_id = ${q.accountId} AND ${inRaw("s.started_at")}
          GROUP BY 1
          UNION ALL
          SELECT width_bucket(created_at, ${edges}::timestamptz[]), 0, 0, 0, 0, 0, count(*),
            count(*) FILTER (WHERE outcome->>'isWin' = 'true'), 0
          FROM entries WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId} AND ${inRaw("created_at")}
          GROUP BY 1
          UNION ALL
          SELECT width_bucket(created_at, ${edges}::timestamptz[]), 0, 0, 0, 0, 0, 0, 0, count(*)
          FROM reward_grants WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
            AND ${inRaw("created_at")}
          GROUP BY 1
        ) x
        GROUP BY b`.values

      let otherZone = false
      let firstsInSpan = 0
      const firsts = new Map<number, number>()
      for (const row of rows) {
        const b = int(row[0]) - 1
        const counts = series[b]
        if (counts === undefined) continue
        counts.starts = int(row[1])
        counts.finishes = int(row[6])
        counts.wins = int(row[7])
        counts.grants = int(row[8])
        totals.starts += counts.starts
        totals.finishes += counts.finishes
        totals.wins += counts.wins
        totals.grants += counts.grants
        firstsInSpan += int(row[2])
        firsts.set(b, int(q.interval === "day" ? row[3] : row[4]))
        if (int(row[5]) > 0) otherZone = true
      }
      totals.players = firstsInSpan

      /** Distinct participants who started in `[start, end)`: the exact count, a hash of the span's references. */
      const distinct = (start: string, end: string) =>
        Effect.map(
          sql`SELECT count(*)::int FROM (SELECT participant_ref FROM sessions
            WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
              AND started_at >= ${start} AND started_at < ${end}
            GROUP BY participant_ref) p`.values,
          (rows) => int(rows[0]?.[0])
        )
      const clipped = (i: number) =>
        [time(DateTime.max(q.edges[i]!, q.from)), time(DateTime.min(q.edges[i + 1]!, q.to))] as const
      if (otherZone) {
        // Slots rolled up in another zone do not fit the buckets: every count exact, in one statement.
        const rows = yield* sql`SELECT i, (SELECT count(*) FROM (SELECT participant_ref FROM sessions
              WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId}
                AND started_at >= greatest((${edges}::timestamptz[])[i], ${from}::timestamptz)
                AND started_at < least((${edges}::timestamptz[])[i + 1], ${to}::timestamptz)
              GROUP BY participant_ref) p)::int
          FROM generate_series(1, ${n}::int) i`.values
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
              : yield* distinct(...clipped(i))
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
      if (q.scores) {
        // The span's entries by score (the slots' counts and the raw rows'), then their count, bounds,
        // sum and histogram in one statement. The sum is added by value (`score × count`).
        const k = Stats.HISTOGRAM_BUCKETS
        const rows = yield* sql`WITH c AS (
            SELECT score, sum(n) AS n FROM (
              SELECT score, entries AS n FROM stats_slot_scores WHERE campaign_id = ${q.campaignId} AND ${slotRange}
              UNION ALL
              SELECT score, count(*) FROM entries
              WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId} AND ${inRaw("created_at")}
                AND score IS NOT NULL
              GROUP BY score
            ) x GROUP BY score
          ), m AS (SELECT sum(n) AS count, min(score) AS min, max(score) AS max, sum(score * n) AS sum FROM c)
          SELECT m.count::int, m.min, m.max, m.sum, h.i, h.n::int FROM m LEFT JOIN LATERAL (
            SELECT CASE WHEN m.max = m.min THEN 0
                ELSE least(${k - 1}::int, floor((c.score - m.min) / (m.max - m.min) * ${k}::float8)::int) END AS i,
              sum(c.n) AS n
            FROM c GROUP BY 1
          ) h ON true`.values
        const count = int(rows[0]?.[0])
        if (count > 0) {
          const min = Number(rows[0]![1])
          const max = Number(rows[0]![2])
          const histogram = Array.from({ length: Stats.histogramBuckets(min, max) }, () => 0)
          for (const row of rows) histogram[int(row[4])] = int(row[5])
          scores = { count, min, max, sum: Number(rows[0]![3]), histogram }
        }
      }

      if (q.predictions) {
        const rows = yield* sql`SELECT option_id, sum(n)::int FROM (
            SELECT option_id, entries AS n FROM stats_slot_predictions WHERE campaign_id = ${q.campaignId} AND ${slotRange}
            UNION ALL
            SELECT prediction_option_id, count(*) FROM entries
            WHERE campaign_id = ${q.campaignId} AND account_id = ${q.accountId} AND ${inRaw("created_at")}
              AND prediction_option_id IS NOT NULL
            GROUP BY 1
          ) x GROUP BY 1 HAVING sum(n) > 0`.values
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
      // A pass runs as long as it takes (each campaign's roll-up is a short transaction of its own).
      rollUp: Effect.mapError(rollUp.all, toStoreError("StatsRepo.rollUp")),
      campaign: (q) =>
        Bounded.bounded(
          "StatsRepo.campaign",
          timeout
        )(Effect.mapError(campaign(q), toStoreError("StatsRepo.campaign"))),
      firstPlay: (accountId, campaignId) =>
        Bounded.bounded(
          "StatsRepo.firstPlay",
          timeout
        )(Effect.mapError(firstPlay(accountId, campaignId), toStoreError("StatsRepo.firstPlay"))),
      entries: (accountId, campaignId, filter) =>
        sql`SELECT ${sql.literal(EXPORTED_ENTRY)} FROM entries
          WHERE ${SqlEntryRepo.matching(sql, accountId, campaignId, filter)}
          ORDER BY ${sql.literal(SqlEntryRepo.ORDER[filter.sort][filter.dir])}`.stream.pipe(
          Stream.map(exportedEntry),
          Stream.mapError(toStoreError("StatsRepo.entries"))
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
