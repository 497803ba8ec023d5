/**
 * Migration `0017_stats_rollup`: a campaign's statistics are aggregated off the play path. Migration
 * `0013_stats` kept them with triggers in every play's transaction (an advisory lock, a campaign
 * lookup and three `NOT EXISTS` per start, an upsert per session, entry and grant: about 1.3 ms of
 * PostgreSQL CPU a play); this one drops them, and `SqlStatsRepo` rolls the counts up later:
 *
 * - `stats_slots`: a campaign's counts per closed 15-minute slot (UTC; every local hour and day of a
 *   zone in use today starts on one): starts, the players' first sessions in the campaign, in their
 *   local day and in their local hour (in `zone`, the campaign's zone when the slot was rolled up),
 *   finishes, wins and grants. `stats_slot_scores` and `stats_slot_predictions`: its entries per
 *   slot by score and by predicted option. Counts only: no participantRef, so an erasure (which
 *   rewrites one player's references to one pseudonym) changes nothing here.
 * - `stats_rollups`: how far each campaign is rolled up (`rolled_until`, a slot's start; null:
 *   nothing yet). Every slot before it is in the tables above, every row at or after it is counted
 *   from the raw rows when read, so answers are exact at all times. A roll-up takes this row's lock
 *   (`FOR UPDATE SKIP LOCKED`) in the transaction that writes the slots and moves `rolled_until`, so
 *   two instances never count a slot twice.
 * - A session is its player's first in the campaign when no session of the player in the campaign
 *   starts before it (by start, then id); first in its local day (hour) when the previous one started
 *   before that day (hour). That depends on earlier sessions only, which are all written when a
 *   slot is rolled up (`SqlStatsRepo.HORIZON`).
 * - Indexes: a campaign's sessions by start, carrying what counts need (the old one carried the flags
 *   this drops). The entries' covering index of `0013` goes (the play path wrote a copy of every
 *   outcome into it); the roll-up and the reads of the not-yet-rolled period use
 *   `entries_campaign_created_idx`.
 * - Existing rows are rolled up here, up to the slot that started 5 minutes before the migration
 *   (`rollUpAll`, also run by `bench/exports.ts` after writing its rows straight into the tables).
 *
 * Never edit it once shipped: add another.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

/** The start of the 15-minute slot holding `at` (a SQL expression), slots aligned on UTC quarters. */
export const slotOf = (at: string): string => `date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`

/**
 * The counts of a session relation's rows by `group` (a SQL expression over `s.started_at`), from
 * each row's start (`s.started_at`), its player's previous start in the campaign (`prev`, null for
 * the first) and the zone of the local days and hours (`zone`): starts, firsts in the campaign, in
 * the local day, in the local hour.
 */
export const sessionCounts = (zone: string): string => `count(*) AS starts,
    count(*) FILTER (WHERE prev IS NULL) AS firsts,
    count(*) FILTER (WHERE prev IS NULL
      OR prev < date_trunc('day', s.started_at AT TIME ZONE ${zone}) AT TIME ZONE ${zone}) AS first_days,
    count(*) FILTER (WHERE prev IS NULL OR prev < s.started_at - ((s.started_at AT TIME ZONE ${zone})
      - date_trunc('hour', s.started_at AT TIME ZONE ${zone}))) AS first_hours`

/**
 * The previous start (`prev`) of the player of session `s` in its campaign: one probe of
 * `sessions_player_started_idx` (channel, participant, start).
 */
export const previousStart = `LEFT JOIN LATERAL (
    SELECT p.started_at AS prev FROM sessions p
    WHERE p.channel_id = s.channel_id AND p.participant_ref = s.participant_ref AND p.campaign_id = s.campaign_id
      AND p.started_at <= s.started_at AND (p.started_at < s.started_at OR p.id < s.id)
    ORDER BY p.started_at DESC, p.id DESC LIMIT 1
  ) prev ON true`

/**
 * Rolls every campaign up to the slot that started 5 minutes ago (PostgreSQL's clock), from
 * scratch: the migration's backfill, also run by `bench/exports.ts` after writing its rows. Set-based
 * (the previous start by a window over each campaign's sessions), for tables of millions of rows.
 */
export const rollUpAll: ReadonlyArray<string> = [
  `DELETE FROM stats_slots`,
  `DELETE FROM stats_slot_scores`,
  `DELETE FROM stats_slot_predictions`,
  `DELETE FROM stats_rollups`,
  `INSERT INTO stats_rollups (campaign_id, rolled_until)
    SELECT id, ${slotOf("now() - interval '5 minutes'")} FROM campaigns`,
  `INSERT INTO stats_slots (campaign_id, slot, zone, starts, firsts, first_days, first_hours, finishes, wins, grants)
    SELECT x.campaign_id, x.slot, c.play_limit_timezone, sum(x.starts), sum(x.firsts), sum(x.first_days),
      sum(x.first_hours), sum(x.finishes), sum(x.wins), sum(x.grants)
    FROM (
      SELECT s.campaign_id, ${slotOf("s.started_at")} AS slot, ${sessionCounts("s.zone")},
        0 AS finishes, 0 AS wins, 0 AS grants
      FROM (
        SELECT s.campaign_id, s.started_at, c.play_limit_timezone AS zone, r.rolled_until,
          lag(s.started_at) OVER (PARTITION BY s.campaign_id, s.participant_ref ORDER BY s.started_at, s.id) AS prev
        FROM sessions s JOIN campaigns c ON c.id = s.campaign_id JOIN stats_rollups r ON r.campaign_id = s.campaign_id
      ) s
      WHERE s.started_at < s.rolled_until
      GROUP BY 1, 2
      UNION ALL
      SELECT e.campaign_id, ${slotOf("e.created_at")}, 0, 0, 0, 0, count(*),
        count(*) FILTER (WHERE e.outcome->>'isWin' = 'true'), 0
      FROM entries e JOIN stats_rollups r ON r.campaign_id = e.campaign_id
      WHERE e.created_at < r.rolled_until GROUP BY 1, 2
      UNION ALL
      SELECT g.campaign_id, ${slotOf("g.created_at")}, 0, 0, 0, 0, 0, 0, count(*)
      FROM reward_grants g JOIN stats_rollups r ON r.campaign_id = g.campaign_id
      WHERE g.created_at < r.rolled_until GROUP BY 1, 2
    ) x JOIN campaigns c ON c.id = x.campaign_id
    GROUP BY 1, 2, 3`,
  `INSERT INTO stats_slot_scores (campaign_id, slot, score, entries)
    SELECT e.campaign_id, ${slotOf("e.created_at")}, e.score, count(*)
    FROM entries e JOIN stats_rollups r ON r.campaign_id = e.campaign_id
    WHERE e.created_at < r.rolled_until AND e.score IS NOT NULL GROUP BY 1, 2, 3`,
  `INSERT INTO stats_slot_predictions (campaign_id, slot, option_id, entries)
    SELECT e.campaign_id, ${slotOf("e.created_at")}, e.prediction_option_id, count(*)
    FROM entries e JOIN stats_rollups r ON r.campaign_id = e.campaign_id
    WHERE e.created_at < r.rolled_until AND e.prediction_option_id IS NOT NULL GROUP BY 1, 2, 3`
]

export const migration = statements(
  `DROP TRIGGER sessions_stats_flags ON sessions`,
  `DROP TRIGGER sessions_stats_slots ON sessions`,
  `DROP TRIGGER entries_stats_slots ON entries`,
  `DROP TRIGGER reward_grants_stats_slots ON reward_grants`,
  `DROP FUNCTION sessions_stats_flags()`,
  `DROP FUNCTION sessions_stats_slots()`,
  `DROP FUNCTION entries_stats_slots()`,
  `DROP FUNCTION reward_grants_stats_slots()`,
  `DROP FUNCTION stats_add(text, timestamptz, text, integer, integer, integer, integer, integer, integer, integer,
    integer)`,
  `DROP INDEX sessions_campaign_started_idx`,
  `DROP INDEX entries_campaign_time_idx`,
  `ALTER TABLE sessions DROP COLUMN stats_zone, DROP COLUMN stats_first, DROP COLUMN stats_first_day,
    DROP COLUMN stats_first_hour`,
  `DROP TABLE stats_slots`,
  `DROP TABLE stats_scores`,
  `DROP TABLE stats_predictions`,
  // A campaign's sessions by start: the counts of the not-yet-rolled period and of the parts of a
  // span the slots do not cover, the distinct players of a span, the first play; no table row read.
  `CREATE INDEX sessions_campaign_started_idx ON sessions (campaign_id, started_at)
    INCLUDE (account_id, participant_ref)`,
  `CREATE TABLE stats_rollups (
    campaign_id text COLLATE "C" PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    rolled_until timestamptz(3)
  )`,
  `CREATE TABLE stats_slots (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    slot timestamptz(3) NOT NULL,
    zone text NOT NULL,
    starts bigint NOT NULL,
    firsts bigint NOT NULL,
    first_days bigint NOT NULL,
    first_hours bigint NOT NULL,
    finishes bigint NOT NULL,
    wins bigint NOT NULL,
    grants bigint NOT NULL,
    PRIMARY KEY (campaign_id, slot)
  )`,
  `CREATE TABLE stats_slot_scores (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    slot timestamptz(3) NOT NULL,
    score double precision NOT NULL,
    entries bigint NOT NULL,
    PRIMARY KEY (campaign_id, slot, score)
  )`,
  `CREATE TABLE stats_slot_predictions (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    slot timestamptz(3) NOT NULL,
    option_id text COLLATE "C" NOT NULL,
    entries bigint NOT NULL,
    PRIMARY KEY (campaign_id, slot, option_id)
  )`,
  ...rollUpAll
)
