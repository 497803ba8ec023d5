/**
 * Migration `0013_stats`: what a campaign's statistics (`SqlStatsRepo`) read, so that a campaign of
 * a million plays answers in a few index scans.
 *
 * - Indexes: a campaign's sessions by start and its entries by time, each carrying what the counts
 *   need, so the scans read no table rows. Grants already have `(campaign_id, created_at DESC, id
 *   DESC)`.
 * - `players` counts distinct participants, which a scan cannot sum; so each session carries, as it
 *   is written, whether it is its player's first in the campaign (`stats_first`), in its local day
 *   (`stats_first_day`) and in its local hour (`stats_first_hour`), the local day and hour of the
 *   campaign's `playLimitTimezone` at that time (kept in `stats_zone`). A bucket's players are then
 *   the count of its sessions with the flag. The trigger decides under a transaction-scoped advisory
 *   lock of the campaign and player, so two starts of one player at once never both count as
 *   first; it looks at the player's whole window (not only earlier starts), so the order in which
 *   instances write does not matter either. Counts read the flags only where they apply (a whole
 *   bucket, the zone unchanged); elsewhere they count distinct references (`SqlStatsRepo`).
 * - No new table: the flags sit on the sessions, so nothing new holds a participantRef, and an
 *   erasure that rewrites a player's references to one pseudonym changes no count.
 * - Sessions written before are flagged here, in the zone their campaign has now.
 *
 * Never edit it once shipped: add another.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

/**
 * Flags every session as the trigger would have (window functions over the sessions, in the zone
 * each campaign has now): the migration's backfill, also run by `bench/exports.ts` after writing its
 * rows with the trigger off.
 */
export const flagAll = `WITH flagged AS (
    SELECT s.id, c.play_limit_timezone AS zone,
      row_number() OVER (PARTITION BY s.campaign_id, s.participant_ref ORDER BY s.started_at, s.id) = 1 AS first,
      row_number() OVER (PARTITION BY s.campaign_id, s.participant_ref,
        date_trunc('day', s.started_at AT TIME ZONE c.play_limit_timezone) ORDER BY s.started_at, s.id) = 1 AS first_day,
      row_number() OVER (PARTITION BY s.campaign_id, s.participant_ref,
        s.started_at - ((s.started_at AT TIME ZONE c.play_limit_timezone)
          - date_trunc('hour', s.started_at AT TIME ZONE c.play_limit_timezone)) ORDER BY s.started_at, s.id) = 1 AS first_hour
    FROM sessions s JOIN campaigns c ON c.id = s.campaign_id
  )
  UPDATE sessions SET stats_zone = f.zone, stats_first = f.first, stats_first_day = f.first_day,
    stats_first_hour = f.first_hour
  FROM flagged f WHERE sessions.id = f.id`

/**
 * The counts of every campaign by slot, made again from the sessions, entries and grants: the
 * migration's backfill of `stats_slots`, also run by `bench/exports.ts` after writing its rows with
 * the triggers off.
 */
export const slotAll = [
  `DELETE FROM stats_slots`,
  `INSERT INTO stats_slots (campaign_id, slot, zone, shard, starts, firsts, first_days, first_hours)
    SELECT campaign_id, date_bin('15 minutes', started_at, timestamptz '2000-01-01 00:00:00+00'), coalesce(stats_zone, ''), 0,
      count(*), count(*) FILTER (WHERE stats_first), count(*) FILTER (WHERE stats_first_day),
      count(*) FILTER (WHERE stats_first_hour)
    FROM sessions GROUP BY 1, 2, 3`,
  `INSERT INTO stats_slots (campaign_id, slot, zone, shard, finishes, wins)
    SELECT campaign_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), '', 1,
      count(*), count(*) FILTER (WHERE outcome->>'isWin' = 'true')
    FROM entries GROUP BY 1, 2`,
  `INSERT INTO stats_slots (campaign_id, slot, zone, shard, grants)
    SELECT campaign_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), '', 2, count(*)
    FROM reward_grants GROUP BY 1, 2`,
  `DELETE FROM stats_scores`,
  `INSERT INTO stats_scores (campaign_id, score, shard, entries)
    SELECT campaign_id, score, 0, count(*) FROM entries WHERE score IS NOT NULL GROUP BY 1, 2`,
  `DELETE FROM stats_predictions`,
  `INSERT INTO stats_predictions (campaign_id, option_id, shard, entries)
    SELECT campaign_id, prediction_option_id, 0, count(*) FROM entries WHERE prediction_option_id IS NOT NULL
    GROUP BY 1, 2`
] as const

export const migration = statements(
  `ALTER TABLE sessions ADD COLUMN stats_zone text,
    ADD COLUMN stats_first boolean NOT NULL DEFAULT false,
    ADD COLUMN stats_first_day boolean NOT NULL DEFAULT false,
    ADD COLUMN stats_first_hour boolean NOT NULL DEFAULT false`,
  `CREATE FUNCTION sessions_stats_flags() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    zone text;
    wall timestamp;
    day_start timestamptz;
    day_end timestamptz;
    hour_start timestamptz;
  BEGIN
    SELECT play_limit_timezone INTO zone FROM campaigns WHERE id = NEW.campaign_id;
    zone := coalesce(zone, 'UTC');
    wall := NEW.started_at AT TIME ZONE zone;
    day_start := date_trunc('day', wall) AT TIME ZONE zone;
    day_end := (date_trunc('day', wall) + interval '1 day') AT TIME ZONE zone;
    hour_start := NEW.started_at - (wall - date_trunc('hour', wall));
    -- One of 256 locks of the statistics (class 0x53544154, 'STAT'), by campaign and player: a
    -- transaction writing many sessions holds at most 256 of them.
    PERFORM pg_advisory_xact_lock(1398030676, hashtext(NEW.campaign_id || ':' || NEW.participant_ref) & 255);
    NEW.stats_zone := zone;
    NEW.stats_first := NOT EXISTS (SELECT 1 FROM sessions s WHERE s.channel_id = NEW.channel_id
      AND s.participant_ref = NEW.participant_ref AND s.campaign_id = NEW.campaign_id);
    NEW.stats_first_day := NEW.stats_first OR NOT EXISTS (SELECT 1 FROM sessions s
      WHERE s.channel_id = NEW.channel_id AND s.participant_ref = NEW.participant_ref
        AND s.campaign_id = NEW.campaign_id AND s.started_at >= day_start AND s.started_at < day_end);
    NEW.stats_first_hour := NEW.stats_first OR NOT EXISTS (SELECT 1 FROM sessions s
      WHERE s.channel_id = NEW.channel_id AND s.participant_ref = NEW.participant_ref
        AND s.campaign_id = NEW.campaign_id AND s.started_at >= hour_start
        AND s.started_at < hour_start + interval '1 hour');
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER sessions_stats_flags BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_stats_flags()`,
  flagAll,
  // A campaign's counts by 15-minute slot (UTC; every local hour and day of a zone in use today starts
  // on one), kept by the triggers below in the transaction that writes the row: 16 rows a slot at
  // most (`shard`, from the session's id), so that concurrent plays seldom wait for one another.
  // `zone` is the zone the sessions were flagged in ('' for the rows of entries and grants).
  `CREATE TABLE stats_slots (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    slot timestamptz(3) NOT NULL,
    zone text NOT NULL,
    shard smallint NOT NULL,
    starts bigint NOT NULL DEFAULT 0,
    firsts bigint NOT NULL DEFAULT 0,
    first_days bigint NOT NULL DEFAULT 0,
    first_hours bigint NOT NULL DEFAULT 0,
    finishes bigint NOT NULL DEFAULT 0,
    wins bigint NOT NULL DEFAULT 0,
    grants bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, slot, zone, shard)
  )`,
  // A campaign's entries by score and by predicted option (whatever their time), kept by the
  // entries' trigger: the summaries of a span holding all of a campaign's entries (the default one)
  // read these few rows instead of every entry.
  `CREATE TABLE stats_scores (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    score double precision NOT NULL,
    shard smallint NOT NULL,
    entries bigint NOT NULL,
    PRIMARY KEY (campaign_id, score, shard)
  )`,
  `CREATE TABLE stats_predictions (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    option_id text COLLATE "C" NOT NULL,
    shard smallint NOT NULL,
    entries bigint NOT NULL,
    PRIMARY KEY (campaign_id, option_id, shard)
  )`,
  `CREATE FUNCTION stats_add(campaign text, at timestamptz, slot_zone text, slot_shard integer, d_starts integer,
      d_firsts integer, d_first_days integer, d_first_hours integer, d_finishes integer, d_wins integer,
      d_grants integer) RETURNS void LANGUAGE sql AS $$
    INSERT INTO stats_slots AS t (campaign_id, slot, zone, shard, starts, firsts, first_days, first_hours, finishes,
        wins, grants)
      VALUES (campaign, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00'), slot_zone, slot_shard,
        d_starts, d_firsts, d_first_days, d_first_hours, d_finishes, d_wins, d_grants)
      ON CONFLICT (campaign_id, slot, zone, shard) DO UPDATE SET starts = t.starts + d_starts,
        firsts = t.firsts + d_firsts, first_days = t.first_days + d_first_days,
        first_hours = t.first_hours + d_first_hours, finishes = t.finishes + d_finishes, wins = t.wins + d_wins,
        grants = t.grants + d_grants
  $$`,
  `CREATE FUNCTION sessions_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM stats_add(NEW.campaign_id, NEW.started_at, coalesce(NEW.stats_zone, ''), hashtext(NEW.id) & 15, 1,
        NEW.stats_first::int, NEW.stats_first_day::int, NEW.stats_first_hour::int, 0, 0, 0);
    ELSE
      PERFORM stats_add(OLD.campaign_id, OLD.started_at, coalesce(OLD.stats_zone, ''), hashtext(OLD.id) & 15, -1,
        -OLD.stats_first::int, -OLD.stats_first_day::int, -OLD.stats_first_hour::int, 0, 0, 0);
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER sessions_stats_slots AFTER INSERT OR DELETE ON sessions FOR EACH ROW
    EXECUTE FUNCTION sessions_stats_slots()`,
  // An entry and the grant of its finish count in the row of their session (one row lock a finish).
  `CREATE FUNCTION entries_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    e entries;
    delta integer;
    row_shard integer;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      e := NEW;
      delta := 1;
    ELSE
      e := OLD;
      delta := -1;
    END IF;
    row_shard := hashtext(coalesce(e.session_id, e.id)) & 15;
    PERFORM stats_add(e.campaign_id, e.created_at, '', row_shard, 0, 0, 0, 0, delta,
      delta * (coalesce(e.outcome->>'isWin', '') = 'true')::int, 0);
    IF e.score IS NOT NULL THEN
      INSERT INTO stats_scores AS t (campaign_id, score, shard, entries) VALUES (e.campaign_id, e.score, row_shard, delta)
        ON CONFLICT (campaign_id, score, shard) DO UPDATE SET entries = t.entries + delta;
    END IF;
    IF e.prediction_option_id IS NOT NULL THEN
      INSERT INTO stats_predictions AS t (campaign_id, option_id, shard, entries)
        VALUES (e.campaign_id, e.prediction_option_id, row_shard, delta)
        ON CONFLICT (campaign_id, option_id, shard) DO UPDATE SET entries = t.entries + delta;
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER entries_stats_slots AFTER INSERT OR DELETE ON entries FOR EACH ROW
    EXECUTE FUNCTION entries_stats_slots()`,
  `CREATE FUNCTION reward_grants_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM stats_add(NEW.campaign_id, NEW.created_at, '', hashtext(coalesce(NEW.session_id, NEW.id)) & 15, 0, 0, 0,
        0, 0, 0, 1);
    ELSE
      PERFORM stats_add(OLD.campaign_id, OLD.created_at, '', hashtext(coalesce(OLD.session_id, OLD.id)) & 15, 0, 0, 0,
        0, 0, 0, -1);
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER reward_grants_stats_slots AFTER INSERT OR DELETE ON reward_grants FOR EACH ROW
    EXECUTE FUNCTION reward_grants_stats_slots()`,
  ...slotAll,
  `CREATE INDEX sessions_campaign_started_idx ON sessions (campaign_id, started_at)
    INCLUDE (account_id, participant_ref, stats_first, stats_first_day, stats_first_hour, stats_zone)`,
  `CREATE INDEX entries_campaign_time_idx ON entries (campaign_id, created_at)
    INCLUDE (account_id, score, prediction_option_id, outcome)`
)
