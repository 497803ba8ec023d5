/**
 * Migration `0007_draws`: draws: winner-selection runs and what the scheduled draws and score_highest need. Never edit it once shipped: add another.
 *
 * - `campaigns.seed_commitment`: the published commitment of a campaign's automatic draws' seeds;
 *   `draw_secrets` holds the secret it commits to (never read by anything but the draws).
 * - `draw_runs`: every run, kept for good (its rules, moment and prize as documents, its winners as
 *   a document too, for reading), numbered per campaign (`sequence`); a scheduled run is unique per
 *   campaign and `scheduleAt`, a winning moment per campaign and index: two instances never make
 *   the same automatic run twice. `draw_winners`: one row per winner, for the rule that a
 *   participant wins once per campaign.
 * - `entries.draw_seq`: stamped when an entry is written, after a `FOR KEY SHARE` lock of its
 *   campaign's row, from the sequence `entries_draw_seq`. A draw takes `FOR UPDATE` on the row
 *   (waiting for the entries being written, holding new ones back for the few milliseconds it
 *   needs), then draws a bound from the sequence: every entry written before has a lower stamp,
 *   every later one a higher stamp. So a run, and its verification later, consider exactly the
 *   entries written before it (entries from before this migration have none and count as written
 *   before every run).
 * - Indexes: due schedules; a campaign's runs by sequence (its key); a participant's wins in a campaign (its key);
 *   and `score_highest`'s order over a campaign's eligible scored entries (score descending, then
 *   `created_at`, then id), which the draw reads from the top and stops.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `ALTER TABLE campaigns ADD COLUMN seed_commitment text`,
  // Scheduled draws whose time has come (dueSchedules).
  `CREATE INDEX campaigns_schedule_due_idx ON campaigns (schedule_at)
    WHERE winner_selection_trigger = 'auto_on_schedule' AND status = 'active'`,
  `CREATE TABLE draw_secrets (
    campaign_id text COLLATE "C" PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    account_id text COLLATE "C" NOT NULL,
    secret text NOT NULL,
    created_at timestamptz(3) NOT NULL
  )`,
  `CREATE TABLE draw_runs (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL,
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    sequence integer NOT NULL,
    trigger text NOT NULL,
    algorithm text NOT NULL,
    algorithm_version text NOT NULL,
    rules jsonb NOT NULL,
    seed text NOT NULL,
    seed_commitment text,
    chain_position integer,
    published_commitment text,
    moment jsonb,
    moment_index integer,
    schedule_at timestamptz(3),
    prize jsonb,
    entries_considered integer NOT NULL,
    entries_hash text NOT NULL,
    entry_bound bigint NOT NULL,
    winners jsonb NOT NULL,
    created_at timestamptz(3) NOT NULL,
    CONSTRAINT draw_runs_campaign_sequence_key UNIQUE (campaign_id, sequence)
  )`,
  `CREATE UNIQUE INDEX draw_runs_scheduled_key ON draw_runs (campaign_id, schedule_at)
    WHERE trigger = 'auto_on_schedule'`,
  `CREATE UNIQUE INDEX draw_runs_moment_key ON draw_runs (campaign_id, moment_index) WHERE moment_index IS NOT NULL`,
  `CREATE UNIQUE INDEX draw_runs_chain_key ON draw_runs (campaign_id, chain_position) WHERE chain_position IS NOT NULL`,
  `CREATE TABLE draw_winners (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL,
    campaign_id text COLLATE "C" NOT NULL,
    run_id text COLLATE "C" NOT NULL REFERENCES draw_runs (id) ON DELETE CASCADE,
    run_sequence integer NOT NULL,
    participant_ref text COLLATE "C" NOT NULL,
    rank integer NOT NULL,
    entry_id text COLLATE "C" NOT NULL,
    CONSTRAINT draw_winners_campaign_participant_key UNIQUE (campaign_id, participant_ref)
  )`,
  `CREATE INDEX draw_winners_run_idx ON draw_winners (run_id)`,
  `ALTER TABLE entries ADD COLUMN draw_seq bigint`,
  `CREATE SEQUENCE entries_draw_seq`,
  `CREATE FUNCTION entries_draw_seq_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM 1 FROM campaigns WHERE id = NEW.campaign_id FOR KEY SHARE;
    NEW.draw_seq := nextval('entries_draw_seq');
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER entries_draw_seq_stamp BEFORE INSERT ON entries
    FOR EACH ROW EXECUTE FUNCTION entries_draw_seq_stamp()`,
  `CREATE INDEX entries_draw_score_idx ON entries (campaign_id, score DESC, created_at, id)
    WHERE eligible AND score IS NOT NULL`
)
