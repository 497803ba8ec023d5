/**
 * Migration `0018_usage_near`: an account's month counts its plays in its connections' shards until
 * it nears its plays-a-month limit (`SqlUsageRepo`). Never edit it once shipped: add another.
 *
 * - `account_usage.near`: set on every shard row of an account's month once a start found the month
 *   near its limit (within as many plays as there can be starts in flight); from then on a start
 *   counts only in shard 0 under the row locks of the month's rows, and a start that still counts in
 *   its connection's shard refuses to once it finds the flag on its row.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(`ALTER TABLE account_usage ADD COLUMN near boolean NOT NULL DEFAULT false`)
