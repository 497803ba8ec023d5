/**
 * The database schema, as effect/sql migrations (`Migrator.fromRecord`). They run in order, once,
 * inside a transaction, on PostgreSQL and on PGlite alike; `run` is safe to call from several
 * instances at once (effect's migrator locks its table).
 *
 * Conventions of the schema:
 * - ids are `text COLLATE "C"`, so ordering by id is by code unit, as in JavaScript (the memory
 *   store) and whatever the database's default collation;
 * - times are `timestamptz(3)`: milliseconds, as `DateTime.Utc` has;
 * - nested documents (overrides, between-campaigns message, game configs, prizes, themes,
 *   winner-selection settings, event payloads) are `jsonb`; lists of codes (permissions) are
 *   `text[]`; times inside a document are ISO 8601 strings with milliseconds.
 *
 * Each migration sends one statement per call: PostgreSQL's extended protocol (used by both drivers)
 * takes one statement at a time. From `0007` on, each migration is a module of its own under
 * `migrations/`.
 *
 * @since 0.1.0
 */
import type { Effect } from "effect"
import { Layer } from "effect"
import { Migrator, type SqlClient, type SqlError } from "effect/sql"
import { statements } from "./internal/Statements.ts"
import * as Draws from "./migrations/0007_draws.ts"
import * as Rewards from "./migrations/0008_rewards.ts"
import * as Media from "./migrations/0009_media.ts"
import * as WebhookDispatch from "./migrations/0010_webhook_dispatch.ts"
import * as SealedIdempotency from "./migrations/0011_sealed_idempotency.ts"
import * as Privacy from "./migrations/0012_privacy.ts"
import * as Stats from "./migrations/0013_stats.ts"
import * as MemoryMatch from "./migrations/0014_memory_match.ts"
import * as PendingUploads from "./migrations/0016_pending_uploads.ts"
import * as StatsRollup from "./migrations/0017_stats_rollup.ts"
import * as UsageNear from "./migrations/0018_usage_near.ts"
import * as SessionsCampaignIndex from "./migrations/0019_sessions_campaign_index.ts"

/** Every migration of the schema, keyed `<id>_<name>`. Never edit one that has shipped: add another. */
export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "0001_accounts_keys_channels": statements(
    `CREATE TABLE accounts (
      id text COLLATE "C" PRIMARY KEY,
      name text NOT NULL,
      plan text NOT NULL,
      feature_overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
      limit_overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`,
    `CREATE TABLE api_keys (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      name text NOT NULL,
      key_prefix text COLLATE "C" NOT NULL,
      key_hash text NOT NULL,
      permissions text[] NOT NULL,
      created_at timestamptz(3) NOT NULL,
      revoked_at timestamptz(3),
      CONSTRAINT api_keys_key_prefix_key UNIQUE (key_prefix)
    )`,
    // Active keys of an account, oldest first (listActive, countActive).
    `CREATE INDEX api_keys_account_active_idx ON api_keys (account_id, created_at, id) WHERE revoked_at IS NULL`,
    `CREATE TABLE channels (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      name text NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'disabled')),
      between_campaigns jsonb NOT NULL DEFAULT '{}'::jsonb,
      max_plays_per_participant integer,
      max_plays_per_participant_per_day integer,
      play_limit_timezone text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`,
    // Channels of an account, newest first (list, count).
    `CREATE INDEX channels_account_created_idx ON channels (account_id, created_at DESC, id DESC)`,
    // The outbox of domain events; later modules append to it and deliver from it.
    `CREATE TABLE events (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      type text NOT NULL,
      game_instance_id text COLLATE "C",
      channel_id text COLLATE "C",
      payload jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL
    )`,
    `CREATE INDEX events_account_created_idx ON events (account_id, created_at, id)`
  ),
  "0002_campaigns_branding": statements(
    // The target of campaigns' (account_id, channel_id) key: a campaign sits on a channel of its account.
    `ALTER TABLE channels ADD CONSTRAINT channels_account_id_id_key UNIQUE (account_id, id)`,
    `CREATE TABLE campaigns (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      channel_id text COLLATE "C" NOT NULL,
      game_slug text NOT NULL,
      name text NOT NULL,
      status text NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'archived')),
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      prize jsonb,
      theme jsonb,
      grant_once_per_participant boolean NOT NULL,
      reward_valid_for_seconds integer,
      winner_selection_trigger text NOT NULL,
      winner_selection_algorithm text NOT NULL,
      winner_selection_config jsonb NOT NULL,
      schedule_at timestamptz(3),
      resolved_option_id text,
      resolved_at timestamptz(3),
      max_plays_per_participant integer,
      max_plays_per_participant_per_day integer,
      play_limit_timezone text NOT NULL,
      live_from timestamptz(3),
      live_until timestamptz(3),
      activated_at timestamptz(3),
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      CONSTRAINT campaigns_channel_fkey FOREIGN KEY (account_id, channel_id)
        REFERENCES channels (account_id, id) ON DELETE RESTRICT
    )`,
    // Campaigns of an account, newest first (list, filtered or not).
    `CREATE INDEX campaigns_account_created_idx ON campaigns (account_id, created_at DESC, id DESC)`,
    // Campaigns on a channel (countOnChannel, the channel key's RESTRICT check).
    `CREATE INDEX campaigns_account_channel_idx ON campaigns (account_id, channel_id)`,
    // Active campaigns on a channel (listActiveOnChannel: activation, the live campaign).
    `CREATE INDEX campaigns_account_channel_active_idx ON campaigns (account_id, channel_id) WHERE status = 'active'`,
    // Each account's branding: one theme document, replaced whole.
    `CREATE TABLE branding (
      account_id text COLLATE "C" PRIMARY KEY REFERENCES accounts (id),
      theme jsonb NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`
  ),
  "0003_plays": statements(
    // Play sessions: one per client token (`jti` is unique: a token starts one session).
    `CREATE TABLE sessions (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id),
      channel_id text COLLATE "C" NOT NULL,
      participant_ref text COLLATE "C" NOT NULL,
      origin text NOT NULL,
      jti text COLLATE "C" NOT NULL,
      started_at timestamptz(3) NOT NULL,
      finished_at timestamptz(3),
      CONSTRAINT sessions_jti_key UNIQUE (jti)
    )`,
    // A player's sessions on a channel, by start (counts: play limits).
    `CREATE INDEX sessions_player_started_idx ON sessions (channel_id, participant_ref, started_at)`,
    // Sessions of a campaign (anyForCampaign, the campaign key's check on delete).
    `CREATE INDEX sessions_campaign_idx ON sessions (campaign_id)`,
    // Entries: one per finished play. A prediction is stored as its option id.
    `CREATE TABLE entries (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id),
      channel_id text COLLATE "C" NOT NULL,
      session_id text COLLATE "C" REFERENCES sessions (id),
      participant_ref text COLLATE "C" NOT NULL,
      score double precision,
      prediction_option_id text,
      outcome jsonb,
      weight double precision NOT NULL,
      eligible boolean NOT NULL,
      created_at timestamptz(3) NOT NULL,
      CONSTRAINT entries_session_id_key UNIQUE (session_id)
    )`,
    // Entries of a campaign, newest first (the default list order) and by score (ranking, draws).
    `CREATE INDEX entries_campaign_created_idx ON entries (campaign_id, created_at DESC, id DESC)`,
    `CREATE INDEX entries_campaign_score_idx ON entries (campaign_id, score, id)`,
    // Plays per account and calendar month (UTC), `YYYY-MM`.
    `CREATE TABLE account_usage (
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      month text COLLATE "C" NOT NULL,
      plays bigint NOT NULL,
      PRIMARY KEY (account_id, month)
    )`,
    // Server-wide secrets (the client-token signing key), shared by every instance.
    `CREATE TABLE server_secrets (
      name text COLLATE "C" PRIMARY KEY,
      value text NOT NULL
    )`,
    // The origins an account's embeds may run on; listed oldest first.
    `CREATE TABLE allowed_origins (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      origin text COLLATE "C" NOT NULL,
      created_at timestamptz(3) NOT NULL,
      CONSTRAINT allowed_origins_account_origin_key UNIQUE (account_id, origin)
    )`,
    `CREATE INDEX allowed_origins_account_created_idx ON allowed_origins (account_id, created_at, id)`
  ),
  "0004_webhooks": statements(
    // Webhook endpoints. `url` sorts by code point (`COLLATE "C"`), as the memory store does.
    `CREATE TABLE webhook_endpoints (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
      url text COLLATE "C" NOT NULL,
      events text[] NOT NULL,
      game_instance_ids text[] NOT NULL,
      channel_ids text[] NOT NULL,
      include_coupon_codes boolean NOT NULL,
      status text COLLATE "C" NOT NULL CHECK (status IN ('active', 'disabled')),
      secret text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      CONSTRAINT webhook_endpoints_account_id_id_key UNIQUE (account_id, id)
    )`,
    // Endpoints of an account, oldest first (list, count, activeFor).
    `CREATE INDEX webhook_endpoints_account_created_idx ON webhook_endpoints (account_id, created_at, id)`,
    // One delivery per event and matching endpoint, on an endpoint of its account; deleting an
    // endpoint deletes its log. `claimed_until` is the lease of the instance sending it.
    `CREATE TABLE webhook_deliveries (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      endpoint_id text COLLATE "C" NOT NULL,
      event_id text COLLATE "C" NOT NULL,
      event_type text COLLATE "C" NOT NULL,
      payload jsonb NOT NULL,
      status text COLLATE "C" NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'exhausted')),
      attempt_count integer NOT NULL,
      last_attempted_at timestamptz(3),
      next_retry_at timestamptz(3),
      response_status integer,
      note text,
      claimed_until timestamptz(3),
      created_at timestamptz(3) NOT NULL,
      CONSTRAINT webhook_deliveries_endpoint_fkey FOREIGN KEY (account_id, endpoint_id)
        REFERENCES webhook_endpoints (account_id, id) ON DELETE CASCADE
    )`,
    // Due deliveries, earliest first (claimDue).
    `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_retry_at)
      WHERE status IN ('pending', 'failed')`,
    // The delivery log of an account, newest first (list).
    `CREATE INDEX webhook_deliveries_account_created_idx ON webhook_deliveries (account_id, created_at DESC, id DESC)`,
    // Deliveries of an endpoint (the endpoint key's cascade, resendExhausted).
    `CREATE INDEX webhook_deliveries_endpoint_created_idx ON webhook_deliveries (endpoint_id, created_at)`
  ),
  // An account's plays of a month are counted in 16 rows (which one a play counts in is up to
  // SqlUsageRepo), summed when read: concurrent starts of one account no longer queue on one row's lock.
  "0005_usage_shards": statements(
    `ALTER TABLE account_usage ADD COLUMN shard smallint NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15)`,
    `ALTER TABLE account_usage DROP CONSTRAINT account_usage_pkey`,
    `ALTER TABLE account_usage ADD PRIMARY KEY (account_id, month, shard)`
  ),
  // Idempotency keys (core `Idempotency`): one row per account and key, its answer null while the
  // first request runs. Rows older than the 24-hour window are replaced by the next claim.
  "0006_idempotency_keys": statements(
    `CREATE TABLE idempotency_keys (
      account_id text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      key text COLLATE "C" NOT NULL,
      fingerprint text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      status integer,
      content_type text,
      body text,
      PRIMARY KEY (account_id, key)
    )`
  ),
  "0007_draws": Draws.migration,
  "0008_rewards": Rewards.migration,
  "0009_media": Media.migration,
  "0010_webhook_dispatch": WebhookDispatch.migration,
  "0011_sealed_idempotency": SealedIdempotency.migration,
  "0012_privacy": Privacy.migration,
  "0013_stats": Stats.migration,
  "0014_memory_match": MemoryMatch.migration,
  "0016_pending_uploads": PendingUploads.migration,
  "0017_stats_rollup": StatsRollup.migration,
  "0018_usage_near": UsageNear.migration,
  "0019_sessions_campaign_index": SessionsCampaignIndex.migration
}

/** Runs the migrations not yet applied; returns those it ran. */
export const run = Migrator.make({})({ loader: Migrator.fromRecord(migrations) })

/** Runs the migrations when built. */
export const layer: Layer.Layer<never, Migrator.MigrationError | SqlError.SqlError, SqlClient.SqlClient> =
  Layer.effectDiscard(run)
