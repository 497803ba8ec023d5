/**
 * `UsageRepo` over effect/sql, on the `account_usage` table. An account's plays of a month are 16
 * rows (`shard`: the connection's backend pid modulo 16, so the connections of a pool mostly count
 * in rows of their own) that `plays` sums: concurrent starts of one account rarely wait on another's
 * row lock. `countInserted` is the same count as part of a larger statement (a start that inserts
 * its session and counts it in one step: `SqlSessionRepo.insertPlay`, `SqlPlayContextRepo`), written
 * flush left as the play path's statements are.
 *
 * An account with a plays-a-month limit (`Plan.Limits.playsPerMonth`) counts exactly, in two
 * regimes, so that its starts wait on one row only at the end of a month's allowance:
 *
 * - **Far from the limit** (the month's plays, as the statement's snapshot shows them, plus
 *   `MARGIN`, the most starts that can be in flight, below the limit: `isFar`), a start counts in
 *   its connection's shard like an account without a limit (`countFar`), unless its row is marked
 *   `near`. However many starts run at once, each sees all but at most `MARGIN − 1` of the others,
 *   so none of them can take the month past its limit.
 * - **Near it**, a start first marks every shard row of the month `near` under their row locks
 *   (`closeMonth`, in the start's transaction): that waits for the starts in flight that counted in
 *   a shard, and any start that counts in a shard later finds the mark and refuses (its statement
 *   fails, nothing written, and it starts again near the limit). Then `gate`, one
 *   `INSERT … ON CONFLICT DO UPDATE … WHERE`, adds the play to shard 0 only while the month (shard 0
 *   as locked, plus the other shards, which no one else can change now) is under the limit: of two
 *   starts for the last play, one is counted.
 *
 * Accounts without a limit count in their connection's shard (`countInserted`), never marked.
 * Measured with `node bench/pg-plays.ts` (docs/performance.md): counting every start of an account
 * in shard 0 cost about 0.35 ms of PostgreSQL CPU a play and capped one account's plays a second.
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
 * The most starts that can be in flight at once against one database, as SQL: its
 * `max_connections` (a start is one statement or one transaction, on one connection).
 */
export const MARGIN = "current_setting('max_connections')::int"

/**
 * The SQL condition that the month's plays `plays` (as the statement's snapshot shows them) are far
 * enough below the limit `limit` (null: no limit, always far) to count in a shard: no number of
 * starts in flight can reach the limit.
 */
export const isFar = (
  sql: SqlClient.SqlClient,
  plays: Statement.Fragment,
  limit: Statement.Fragment
): Statement.Fragment => sql`CASE WHEN ${limit} IS NULL THEN true ELSE ${plays} + ${sql.literal(MARGIN)} < ${limit} END`

/**
 * The `WITH` query `name`: a play of `month` for each row (with an `account_id`) of `rows`
 * (`FROM … WHERE …`) added to `shard` (SQL) of the month, when that row is new or `condition` (SQL,
 * over the row as locked: `account_usage`) holds. A row per play counted.
 */
const countWhere = (
  sql: SqlClient.SqlClient,
  name: "far" | "gate",
  shard: string,
  condition: string,
  month: string,
  rows: Statement.Fragment
): Statement.Fragment => sql`${sql.literal(name)} AS (
INSERT INTO account_usage (account_id, month, shard, plays)
SELECT account_id, ${month}::text, ${sql.literal(shard)}, 1 ${rows}
ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1
WHERE ${sql.literal(condition)}
RETURNING account_id
)`

/**
 * The `WITH` query `far`: a play of `month` for each row of `rows` (`FROM … WHERE …`, rows with an
 * `account_id`), counted in the connection's shard unless that row is marked `near` (then nothing:
 * the caller fails its statement and starts again near the limit). A row per play counted.
 */
export const countFar = (sql: SqlClient.SqlClient, month: string, rows: Statement.Fragment): Statement.Fragment =>
  countWhere(sql, "far", "pg_backend_pid() & 15", "NOT account_usage.near", month, rows)

/**
 * Marks every shard row of the account's month `near` (making the missing ones), under their row
 * locks until the transaction ends: run in a start's transaction before its `gate`.
 */
export const closeMonth = (sql: SqlClient.SqlClient, accountId: string, month: string) =>
  sql`INSERT INTO account_usage (account_id, month, shard, plays, near)
SELECT ${accountId}::text, ${month}::text, shard, 0, true FROM generate_series(0, 15) AS shard
ON CONFLICT (account_id, month, shard) DO UPDATE SET near = true`

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

/** `gate`'s condition: shard 0 as locked, plus the other shards, under the account's limit. */
const GATE_CONDITION = `account_usage.plays + (SELECT coalesce(sum(o.plays), 0) FROM account_usage o WHERE o.account_id = account_usage.account_id AND o.month = account_usage.month AND o.shard <> 0)
< (SELECT ${playsPerMonthSql("l")} FROM accounts l WHERE l.id = account_usage.account_id)`

/**
 * The `WITH` query `gate`: counts one play of `month` in shard 0 for each row (with an
 * `account_id`) of `rows` (`FROM … WHERE …`, whose condition checks the month's plays as the
 * statement's snapshot shows them), and, when shard 0 exists already, only while its latest version
 * (locked) plus the other shards stays under the account's `playsPerMonthSql`. A row per play
 * counted.
 */
export const gate = (sql: SqlClient.SqlClient, month: string, rows: Statement.Fragment): Statement.Fragment =>
  countWhere(sql, "gate", "0", GATE_CONDITION, month, rows)

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
