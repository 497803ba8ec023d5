/**
 * The repositories of draws over effect/sql (`DrawsEngine.Repos` in the core), on the schema of
 * `Migrations` (`migrations/0007_draws.ts`); `SqlStore` merges them with the rest.
 *
 * - `entryBound` locks the campaign's row `FOR UPDATE` (waiting for the entries being written, whose
 *   stamping trigger holds `FOR KEY SHARE` on it) and draws the bound from `entries_draw_seq`, in a
 *   transaction of its own: a few milliseconds during which the campaign's new plays wait.
 * - `select` runs the selection in the database (`SqlDrawSelect`): one statement for the count and
 *   the listing's hash, one for the first entries of the order (again with a larger `LIMIT` in the
 *   rare case players with many entries crowd it). For `random_weighted` the database orders by an
 *   approximate key and the exact keys (`Draw.weightedKey`) of the first entries order them here.
 * - A run is one row of `draw_runs` (its documents as `jsonb`) and one row of `draw_winners` per
 *   winner, whose key (campaign, participant) refuses a second win of a participant.
 *
 * @since 0.1.0
 */
import type * as DrawsEngine from "@campaign-games/core/draws/DrawsEngine"
import * as Draw from "@campaign-games/core/draws/Draw"
import * as Prediction from "@campaign-games/core/games/Prediction"
import { DrawRepo, type Run, type Selection } from "@campaign-games/core/draws/DrawRun"
import type { Page } from "@campaign-games/core/Pagination"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json, jsonOrNull, time, timeOrNull } from "./internal/Values.ts"
import * as SqlDrawSelect from "./SqlDrawSelect.ts"

const run = Table.read(Tables.drawRuns)

/** A listed entry's row: id, participant, score, weight, creation. */
const decodeListed = Schema.decodeUnknownEffect(
  Schema.Array(
    Schema.Tuple([
      Schema.String,
      Schema.String,
      Schema.NullOr(Schema.Finite),
      Schema.Finite,
      Schema.DateTimeUtcFromDate
    ])
  )
)

/** A run's rules as stored: times as ISO 8601 strings or null. */
const rulesJson = (rules: Run["rules"]) => ({
  maxWinners: rules.maxWinners,
  tieBreak: rules.tieBreak,
  windowStart: timeOrNull(rules.windowStart),
  windowEnd: timeOrNull(rules.windowEnd),
  entriesBefore: timeOrNull(rules.entriesBefore)
})

/** A run's moment as stored. */
const momentJson = (moment: NonNullable<Run["moment"]>) => ({
  index: moment.index,
  count: moment.count,
  windowStart: time(moment.windowStart),
  windowEnd: time(moment.windowEnd),
  slotStart: time(moment.slotStart),
  slotEnd: time(moment.slotEnd),
  at: time(moment.at)
})

/** How far the database's `ln` may be from `Draw.exponentialKey`, relatively (far more than either's error). */
const TOLERANCE = 1e-9

/** How many entries a selection first reads: twice the winners and some. */
const firstLimit = (s: Selection) => Math.max(s.rules.maxWinners * 2, s.rules.maxWinners + 16)

/** Down the rows' order, the first entry of each participant, up to `max`. */
const distinctPlayers = (rows: ReadonlyArray<readonly [string, string]>, max: number) => {
  const chosen = new Set<string>()
  const found: Array<{ entryId: string; participantRef: string }> = []
  for (const [entryId, participantRef] of rows) {
    if (chosen.has(participantRef)) continue
    chosen.add(participantRef)
    found.push({ entryId, participantRef })
    if (found.length === max) break
  }
  return found
}

/** `DrawRepo` over a migrated database. */
const drawRepo = Repository.layer(DrawRepo, (sql) => {
  /** The first entries of the order, until `maxWinners` participants are found or none are left. */
  const winners = Effect.fnUntraced(function* (s: Selection) {
    if (s.rules.algorithm === "random_weighted") return yield* weightedWinners(s)
    for (let limit = firstLimit(s); ; limit *= 4) {
      const rows = (yield* SqlDrawSelect.firstEntries(sql, s, limit).values) as ReadonlyArray<readonly [string, string]>
      const found = distinctPlayers(rows, s.rules.maxWinners)
      if (found.length === s.rules.maxWinners || rows.length < limit) return found
    }
  })

  /**
   * The weighted winners: candidates fetched by the database's approximate key, ordered by their
   * exact keys here. Every entry left out has an approximate key at least the last fetched one's
   * (`edge`), hence an exact key above `edge / (1 + TOLERANCE)`: when every winner chosen beats that,
   * none left out could beat them. Otherwise (or too few players), more are fetched.
   */
  const weightedWinners = Effect.fnUntraced(function* (s: Selection) {
    for (let limit = firstLimit(s); ; limit *= 4) {
      const rows = (yield* SqlDrawSelect.firstWeighted(sql, s, limit).values) as ReadonlyArray<
        readonly [string, string, number, number, number]
      >
      const exact = rows
        .map(([id, participantRef, n, weight]) => ({
          id,
          participantRef,
          key: Draw.weightedKey(Number(n), Number(weight))
        }))
        .sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : Draw.compareIds(a.id, b.id)))
      const found = distinctPlayers(
        exact.map((e) => [e.id, e.participantRef] as const),
        s.rules.maxWinners
      )
      if (rows.length < limit) return found
      const edge = Number(rows[rows.length - 1]![4]) / (1 + TOLERANCE)
      const last = exact.find((e) => e.id === found[found.length - 1]?.entryId)
      if (found.length === s.rules.maxWinners && last !== undefined && last.key < edge) return found
    }
  })

  const insertRun = Effect.fnUntraced(function* (r: Run) {
    yield* sql`INSERT INTO draw_runs (id, account_id, campaign_id, sequence, trigger, algorithm, algorithm_version,
        rules, seed, seed_commitment, chain_position, published_commitment, moment, moment_index, schedule_at, prize,
        entries_considered, entries_hash, entry_bound, winners, created_at)
      VALUES (${r.id}, ${r.accountId}, ${r.campaignId}, ${r.sequence}, ${r.trigger}, ${r.algorithm},
        ${r.algorithmVersion}, ${json(rulesJson(r.rules))}, ${r.seed}, ${r.seedCommitment}, ${r.chainPosition},
        ${r.publishedCommitment}, ${r.moment === null ? null : json(momentJson(r.moment))}, ${r.moment?.index ?? null},
        ${timeOrNull(r.scheduleAt)}, ${jsonOrNull(r.prize)}, ${r.entriesConsidered}, ${r.entriesHash},
        ${r.entryBound}, ${json(r.winners)}, ${time(r.createdAt)})`
    if (r.winners.length === 0) return
    yield* sql`INSERT INTO draw_winners (id, account_id, campaign_id, run_id, run_sequence, participant_ref, rank, entry_id)
      VALUES ${sql.csv(
        r.winners.map(
          (w) =>
            sql`(${w.id}, ${r.accountId}, ${r.campaignId}, ${r.id}, ${r.sequence}, ${w.participantRef}, ${w.rank}, ${w.entryId})`
        )
      )}`
  })

  return {
    insertSecret: Effect.fnUntraced(function* (secret) {
      yield* sql`INSERT INTO draw_secrets (campaign_id, account_id, secret, created_at)
        VALUES (${secret.campaignId}, ${secret.accountId}, ${secret.secret}, ${time(secret.createdAt)})`
    }),
    findSecret: (accountId: string, campaignId: string) =>
      Effect.map(
        sql`SELECT secret FROM draw_secrets WHERE campaign_id = ${campaignId} AND account_id = ${accountId}`.values,
        (rows) => Option.fromNullishOr(rows[0]?.[0] as string | undefined)
      ),
    entryBound: (accountId: string, campaignId: string) =>
      sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SELECT 1 FROM campaigns WHERE id = ${campaignId} AND account_id = ${accountId} FOR UPDATE`
          const rows = yield* sql`SELECT nextval('entries_draw_seq')::float8`.values
          return Number(rows[0]![0])
        })
      ),
    // In a transaction of its own (a savepoint in the caller's), whose parallel plans are off for
    // the listing's hash: the aggregate must read the entries in order (`SqlDrawSelect.listingHash`).
    select: (s: Selection) =>
      sql.withTransaction(
        Effect.gen(function* () {
          const found = yield* winners(s)
          yield* sql`SET LOCAL max_parallel_workers_per_gather = 0`
          const [counted] = yield* SqlDrawSelect.listingHash(sql, s).values
          return { winners: found, entriesConsidered: Number(counted![0]), entriesHash: String(counted![1]) }
        })
      ),
    consideredAfter: Effect.fnUntraced(function* (
      s: Selection,
      after: { readonly createdAt: number; readonly id: string } | null,
      limit: number
    ) {
      const rows = yield* decodeListed(yield* SqlDrawSelect.listingAfter(sql, s, after, limit).values)
      return rows.map(([id, participantRef, score, weight, createdAt]) => ({
        id,
        participantRef,
        score,
        weight,
        createdAt: createdAt.epochMilliseconds
      }))
    }),
    winners: (s: Selection) => winners(s),
    considered: Effect.fnUntraced(function* (s: Selection) {
      const rows = yield* decodeListed(yield* SqlDrawSelect.listing(sql, s).values)
      return rows.map(([id, participantRef, score, weight, createdAt]) => ({
        id,
        participantRef,
        score,
        weight,
        createdAt: createdAt.epochMilliseconds
      }))
    }),
    winnersBefore: (accountId: string, campaignId: string, sequence: number) =>
      Effect.map(
        sql`SELECT participant_ref FROM draw_winners
          WHERE campaign_id = ${campaignId} AND account_id = ${accountId} AND run_sequence < ${sequence}
          ORDER BY participant_ref`.values,
        (rows) => rows.map((row) => row[0] as string)
      ),
    runState: (accountId: string, campaignId: string, scheduleAt: DateTime.Utc | null) =>
      Effect.map(
        sql`SELECT coalesce(max(sequence), 0)::int, coalesce(max(chain_position), 0)::int, count(*) FILTER (WHERE trigger = 'auto_on_session_end')::int,
            coalesce(bool_or(trigger = 'auto_on_schedule' AND schedule_at = ${timeOrNull(scheduleAt)}::timestamptz), false)
          FROM draw_runs WHERE campaign_id = ${campaignId} AND account_id = ${accountId}`.values,
        (rows) => {
          const [lastSequence, lastChainPosition, momentsPaid, scheduledDone] = rows[0] ?? [0, 0, 0, false]
          return {
            lastSequence: Number(lastSequence),
            lastChainPosition: Number(lastChainPosition),
            momentsPaid: Number(momentsPaid),
            scheduledDone: scheduledDone === true
          }
        }
      ),
    // The run and its winners, all or nothing (a savepoint inside the caller's transaction).
    insertRun: (r: Run) => sql.withTransaction(insertRun(r)),
    listRuns: (accountId: string, campaignId: string, page: Page) =>
      Effect.flatMap(
        sql`SELECT ${run.select}, count(*) OVER ()::int FROM draw_runs
          WHERE campaign_id = ${campaignId} AND account_id = ${accountId}
          ORDER BY sequence DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`.values,
        Table.page(
          run,
          page,
          Effect.map(
            sql`SELECT count(*)::int FROM draw_runs WHERE campaign_id = ${campaignId} AND account_id = ${accountId}`
              .values,
            Table.count
          )
        )
      ),
    findRun: (accountId: string, campaignId: string, runId: string) =>
      Effect.flatMap(
        sql`SELECT ${run.select} FROM draw_runs
          WHERE id = ${runId} AND campaign_id = ${campaignId} AND account_id = ${accountId}`.values,
        run.first
      ),
    dueSchedules: (now: DateTime.Utc, limit: number) =>
      Effect.map(
        sql`SELECT c.account_id, c.id, c.schedule_at FROM campaigns c
          WHERE c.winner_selection_trigger = 'auto_on_schedule' AND c.status = 'active'
            AND c.schedule_at <= ${time(now)}::timestamptz
            AND NOT (c.game_slug = ${Prediction.slug} AND c.resolved_option_id IS NULL)
            AND NOT EXISTS (SELECT 1 FROM draw_runs r WHERE r.campaign_id = c.id
              AND r.trigger = 'auto_on_schedule' AND r.schedule_at = c.schedule_at)
          ORDER BY c.schedule_at, c.id
          LIMIT ${limit}`.values,
        (rows) =>
          rows.map((row) => ({
            accountId: row[0] as string,
            campaignId: row[1] as string,
            scheduleAt: DateTime.makeUnsafe(row[2] as Date)
          }))
      )
  }
})

/** Every repository of draws over a `SqlClient`. */
export const layer: Layer.Layer<DrawsEngine.Repos, never, SqlClient.SqlClient> = drawRepo
