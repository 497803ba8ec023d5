/**
 * Migration `0013_stats`: the indexes a campaign's statistics (`SqlStatsRepo`) read by, each a range
 * of one campaign's rows by time carrying what the count needs, so the scans read no table rows:
 * sessions by start (with the participant, for `players`), entries by time (with the score and
 * outcome). Grants already have `(campaign_id, created_at DESC, id DESC)`. No new table: nothing here
 * holds a participantRef that the sessions do not already hold. Never edit it once shipped: add
 * another.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `CREATE INDEX sessions_campaign_started_idx ON sessions (campaign_id, started_at) INCLUDE (participant_ref, account_id)`,
  `CREATE INDEX entries_campaign_time_idx ON entries (campaign_id, created_at)
    INCLUDE (account_id, score, prediction_option_id)`
)
