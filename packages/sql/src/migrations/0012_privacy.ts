/**
 * Migration `0012_privacy`: participants' data (core `Privacy`): the account's retention period,
 * the record of erasures, the indexes an erasure and an export read by, and draw runs listed again
 * under `cg-draw/2`, whose hash does not depend on the participants' references. Never edit it
 * once shipped: add another.
 *
 * - `privacy_settings`: an account's `retention_days` (7 to 730), when it set one (730 otherwise).
 * - `privacy_erasures`: every erasure, with its pseudonym, reason and counts; never the reference.
 * - A player's rows in an account: `(account_id, participant_ref)` on sessions, entries, grants and
 *   draw winners; the references in events and deliveries' payloads (every `participantRef` at any
 *   depth: `jsonb_path_query_array`, immutable, under a GIN `jsonb_path_ops` index).
 * - `draw_winners`' key on `(campaign_id, participant_ref)` no longer holds pseudonyms (a unique
 *   index on the other rows, and a plain one on all): the erasure rewrites winners into pseudonyms
 *   and keeps them apart itself (a reference erased again in a campaign where its pseudonym holds
 *   rows takes its next pseudonym: `Participants`), within the statement that rewrites every table.
 * - The owner keys (holding every earlier permission) get `privacy.manage`, as a new owner key does.
 * - **Draw runs.** A `cg-draw/1` run's `entriesHash` is over a listing that carries each entry's
 *   participant reference (as hex): once a player is erased it could not be recomputed. Each such
 *   run whose hash the stored entries still give is listed again under `cg-draw/2` (participants
 *   numbered in the listing: `Draw`), here while the references are all there; its version and hash
 *   become the new ones and the former hash is kept in `entries_hash_v1`. A run whose entries no
 *   longer give its hash keeps `cg-draw/1` (its verification says it fails, as before).
 *
 * @since 0.1.0
 */
import { Draw, DrawRun } from "@campaign-games/core"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as SqlDrawSelect from "../SqlDrawSelect.ts"
import { statements } from "../internal/Statements.ts"

/** The permissions every key held that was made with all of them, before `privacy.manage`. */
const EARLIER = 24

const schema = statements(
  `CREATE TABLE privacy_settings (
    account_id text COLLATE "C" PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    retention_days integer NOT NULL CHECK (retention_days BETWEEN 7 AND 730),
    updated_at timestamptz(3) NOT NULL
  )`,
  `CREATE TABLE privacy_erasures (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pseudonym text COLLATE "C" NOT NULL,
    reason text NOT NULL CHECK (reason IN ('request', 'retention')),
    sessions integer NOT NULL,
    entries integer NOT NULL,
    grants integer NOT NULL,
    draw_wins integer NOT NULL,
    deliveries integer NOT NULL,
    created_at timestamptz(3) NOT NULL
  )`,
  // The record, newest first.
  `CREATE INDEX privacy_erasures_account_created_idx ON privacy_erasures (account_id, created_at DESC, id DESC)`,
  `CREATE INDEX sessions_account_participant_idx ON sessions (account_id, participant_ref)`,
  `CREATE INDEX entries_account_participant_idx ON entries (account_id, participant_ref)`,
  `CREATE INDEX reward_grants_account_participant_idx ON reward_grants (account_id, participant_ref)`,
  `ALTER TABLE draw_winners DROP CONSTRAINT draw_winners_campaign_participant_key`,
  `CREATE UNIQUE INDEX draw_winners_campaign_participant_key ON draw_winners (campaign_id, participant_ref)
    WHERE participant_ref !~ '^erased_[0-9a-f]{24}$'`,
  `CREATE INDEX draw_winners_campaign_participant_idx ON draw_winners (campaign_id, participant_ref)`,
  `CREATE INDEX draw_winners_account_participant_idx ON draw_winners (account_id, participant_ref)`,
  `CREATE INDEX events_participant_refs_idx ON events
    USING gin ((jsonb_path_query_array(payload, 'strict $.**.participantRef')) jsonb_path_ops)`,
  `CREATE INDEX webhook_deliveries_participant_refs_idx ON webhook_deliveries
    USING gin ((jsonb_path_query_array(payload, 'strict $.**.participantRef')) jsonb_path_ops)`,
  `ALTER TABLE draw_runs ADD COLUMN entries_hash_v1 text`,
  `UPDATE api_keys SET permissions = array_append(permissions, 'privacy.manage')
    WHERE cardinality(permissions) = ${EARLIER} AND NOT ('privacy.manage' = ANY (permissions))`
)

const V1Run = Schema.Tuple([
  Schema.String,
  Schema.String,
  Schema.String,
  Schema.Number,
  DrawRun.Algorithm,
  DrawRun.Rules,
  Schema.String,
  Schema.Union([Schema.Number, Schema.String]),
  Schema.String
])

/** Every `cg-draw/1` run whose entries still give its hash, listed again under `cg-draw/2`. */
const relist = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`SET LOCAL max_parallel_workers_per_gather = 0`
  const rows = yield* sql`SELECT id, account_id, campaign_id, sequence, algorithm, rules, seed, entry_bound::text,
      entries_hash
    FROM draw_runs WHERE algorithm_version = ${Draw.ALGORITHM_VERSION_1} ORDER BY id`.values
  for (const row of rows) {
    const [id, accountId, campaignId, sequence, algorithm, rules, seed, entryBound, hash] =
      yield* Schema.decodeUnknownEffect(V1Run)(row)
    const selection: DrawRun.Selection = {
      accountId,
      campaignId,
      rules: DrawRun.drawRules({ algorithm, rules }),
      seed,
      sequence,
      entryBound: Number(entryBound),
      algorithmVersion: Draw.ALGORITHM_VERSION_1
    }
    const [v1] = yield* SqlDrawSelect.listingHash(sql, selection).values
    if (String(v1![1]) !== hash) continue
    const [v2] = yield* SqlDrawSelect.listingHash(sql, { ...selection, algorithmVersion: Draw.ALGORITHM_VERSION })
      .values
    yield* sql`UPDATE draw_runs SET algorithm_version = ${Draw.ALGORITHM_VERSION}, entries_hash = ${String(v2![1])},
        entries_hash_v1 = entries_hash
      WHERE id = ${id}`
  }
})

export const migration = Effect.andThen(schema, relist)
