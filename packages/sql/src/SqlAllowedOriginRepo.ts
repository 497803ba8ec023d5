/**
 * `AllowedOriginRepo` over effect/sql, on the `allowed_origins` table: one statement per operation
 * (a list whose page is empty past the first one costs a second, to count), each scoped by
 * account. An origin already on the account's list makes `insert` fail with core's `Conflict`
 * (`ON CONFLICT (account_id, origin) DO NOTHING`, then no row returned).
 *
 * @since 0.1.0
 */
import { AllowedOrigin, type Pagination } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { time } from "./internal/Values.ts"

const origin = Table.read(Tables.allowedOrigins)

/** `AllowedOriginRepo` over a migrated database. */
export const layer: Layer.Layer<AllowedOrigin.AllowedOriginRepo, never, SqlClient.SqlClient> = Repository.layer(
  AllowedOrigin.AllowedOriginRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "allowed_origins", origin)

    return {
      insert: (o: AllowedOrigin.AllowedOrigin) =>
        Effect.flatMap(
          sql`INSERT INTO allowed_origins (id, account_id, origin, created_at)
          VALUES (${o.id}, ${o.accountId}, ${o.origin}, ${time(o.createdAt)})
          ON CONFLICT (account_id, origin) DO NOTHING
          RETURNING id`,
          (rows) => (rows.length > 0 ? Effect.void : Effect.fail(AllowedOrigin.duplicate(o.origin)))
        ),
      list: (accountId: string, page: Pagination.Page) =>
        byAccount.page(byAccount.where(accountId), "created_at, id", page),
      delete: byAccount.deleteById,
      exists: (accountId: string, origin: string) =>
        Effect.map(
          sql`SELECT EXISTS (SELECT 1 FROM allowed_origins WHERE account_id = ${accountId} AND origin = ${origin})`
            .values,
          (rows) => rows[0]?.[0] === true
        )
    }
  }
)
