/**
 * `UsageRepo` over effect/sql, on the `account_usage` table. An account's plays of a month are 16
 * rows (`shard`: the connection's backend pid modulo 16, so the connections of a pool mostly count
 * in rows of their own) that `plays` sums: concurrent starts of one account rarely wait on another's
 * row lock. `countInserted` is the same count as part of a larger statement (a start that inserts
 * its session and counts it in one step: `SqlSessionRepo.insertPlay`, `SqlPlayContextRepo`), written
 * flush left as the play path's statements are.
 *
 * @since 0.1.0
 */
import { Usage } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"

/**
 * The `WITH` query `counted`: a play of `month` for each row of a preceding query `inserted` (whose
 * rows have an `account_id`), counted in the row of the connection's backend.
 */
export const countInserted = (sql: SqlClient.SqlClient, month: string): Statement.Fragment => sql`counted AS (
  INSERT INTO account_usage (account_id, month, shard, plays)
  SELECT account_id, ${month}, pg_backend_pid() & 15, 1 FROM inserted
  ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1
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
