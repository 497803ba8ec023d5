/**
 * Migration `0019_sessions_campaign_index`: one index of a campaign's sessions, not two. Never edit
 * it once shipped: add another.
 *
 * `sessions_campaign_started_idx` (0017: `campaign_id, started_at`, carrying the account and the
 * player) serves every read by campaign that `sessions_campaign_idx` (`campaign_id`) served, so the
 * latter only cost each start one more index entry to write (docs/performance.md).
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(`DROP INDEX sessions_campaign_idx`)
