/**
 * `UsageRepo` over effect/sql, on the `account_usage` table. An account's plays of a month are 16
 * rows (`shard`: the connection's backend pid modulo 16, so the connections of a pool mostly count
 * in rows of their own) that `plays` sums: concurrent starts of one account rarely wait on another's
 * row lock. `countInserted` is the same count as part of a larger statement (a start that inserts
 * its session and counts it in one step: `SqlSessionRepo.insertPlay`, `SqlPlayContextRepo`), written
 * flush left as the play path's statements are.
 *
 * An account with a plays-a-month limit (`Plan.Limits.playsPerMonth`) counts its plays in shard 0
 * alone, through `gate`: one `INSERT … ON CONFLICT DO UPDATE … WHERE` that adds the play only while
 * shard 0 (as locked, its latest version) plus the other shards is under the limit. The row lock
 * makes concurrent starts of the account, on any instance, see one another: of two starts for the
 * last play, one is counted. The other shards of such an account hold only plays counted while it
 * had no limit, so they do not change under the statement. Accounts without a limit keep counting
 * in their connection's shard (`countInserted`).
 *
 * @since 0.1.0
 */
import { Plan, Usage } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"

/**
 * The `WITH` query `counted`: a play of `month` for each row of a preceding query `inserted` (whose
 * rows have an `account_id`), counted in the row of the connection's backend; `where` (an SQL
 * `WHERE` clause) skips the plays counted otherwise (by `gate`).
 */
export const countInserted = (
  sql: SqlClient.SqlClient,
  month: string,
  where: Statement.Fragment = sql``
): Statement.Fragment => sql`counted AS (
  INSERT INTO account_usage (account_id, month, shard, plays)
  SELECT account_id, ${month}, pg_backend_pid() & 15, 1 FROM inserted${where}
  ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1
)`

/**
 * The SQL of `Account.limits(a).playsPerMonth` for the accounts row `a` (null: no limit): the
 * account's override when it sets one (a JSON null: none), else its plan's (`Plan.plans`, written
 * into the statement's text).
 */
export const playsPerMonthSql = (alias: string): string =>
  `CASE WHEN ${alias}.limit_overrides->'playsPerMonth' IS NOT NULL THEN (${alias}.limit_overrides->>'playsPerMonth')::float8 ELSE CASE ${alias}.plan ${Object.entries(
    Plan.plans
  )
    .map(([name, { limits }]) => `WHEN '${name}' THEN ${limits.playsPerMonth ?? "NULL"}`)
    .join(" ")} END::float8 END`

/** The SQL of the account's plays of `month`, every shard summed (as `plays` reads them). */
export const monthPlays = (sql: SqlClient.SqlClient, accountId: string, month: string): Statement.Fragment =>
  sql`(SELECT coalesce(sum(plays), 0) FROM account_usage WHERE account_id = ${accountId}::text AND month = ${month}::text)`

/**
 * The `WITH` query `gate`: counts one play of `month` in shard 0 for each row (with an
 * `account_id`) of `rows` (`FROM … WHERE …`, whose condition checks the month's plays as the
 * statement's snapshot shows them), and, when shard 0 exists already, only while its latest version
 * (locked) plus the other shards stays under the account's `playsPerMonthSql`. A row per play
 * counted.
 */
export const gate = (
  sql: SqlClient.SqlClient,
  month: string,
  rows: Statement.Fragment
): Statement.Fragment => sql`gate AS (
INSERT INTO account_usage (account_id, month, shard, plays)
SELECT account_id, ${month}::text, 0, 1 ${rows}
ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1
WHERE account_usage.plays + (SELECT coalesce(sum(o.plays), 0) FROM account_usage o WHERE o.account_id = account_usage.account_id AND o.month = account_usage.month AND o.shard <> 0)
< (SELECT ${sql.literal(playsPerMonthSql("l"))} FROM accounts l WHERE l.id = account_usage.account_id)
RETURNING account_id
)`

/** `UsageRepo` over a migrated database. */
export const layer: Layer.Layer<Usage.UsageRepo, never, SqlClient.SqlClient> = Repository.layer(
  Usage.UsageRepo,
  (sql) => ({
    // bigint arrives as a string; a float8 is exact far beyond any month's plays.
    plays: (accountId: string, month: string) =>
      Effect.map(
        sql`SELECT coalesce(sum(plays), 0)::float8 FROM account_usage
        WHERE account_id = ${accountId} AND month = ${month}`.values,
        Table.count
      ),
    addPlay: Effect.fnUntraced(function* (accountId: string, month: string) {
      yield* sql`INSERT INTO account_usage (account_id, month, shard, plays)
      VALUES (${accountId}, ${month}, pg_backend_pid() & 15, 1)
      ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1`
    })
  })
)
