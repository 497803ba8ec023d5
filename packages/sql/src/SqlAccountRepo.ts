/**
 * `AccountRepo` over effect/sql, on the `accounts` table: one statement per operation. The plan's
 * feature and limit overrides are `jsonb` documents.
 *
 * @since 0.1.0
 */
import { Account } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json, time } from "./internal/Values.ts"

const account = Table.read(Tables.accounts)

/** `AccountRepo` over a migrated database. */
export const layer: Layer.Layer<Account.AccountRepo, never, SqlClient.SqlClient> = Repository.layer(
  Account.AccountRepo,
  (sql) => ({
    insert: Effect.fnUntraced(function* (a: Account.Account) {
      yield* sql`INSERT INTO accounts (id, name, plan, feature_overrides, limit_overrides, created_at, updated_at)
      VALUES (${a.id}, ${a.name}, ${a.plan}, ${json(a.featureOverrides)}, ${json(a.limitOverrides)},
        ${time(a.createdAt)}, ${time(a.updatedAt)})`
    }),
    update: Effect.fnUntraced(function* (a: Account.Account) {
      yield* sql`UPDATE accounts SET name = ${a.name}, plan = ${a.plan},
        feature_overrides = ${json(a.featureOverrides)}, limit_overrides = ${json(a.limitOverrides)},
        updated_at = ${time(a.updatedAt)}
      WHERE id = ${a.id}`
    }),
    findById: (id: string) =>
      Effect.flatMap(sql`SELECT ${account.select} FROM accounts WHERE id = ${id}`.values, account.first),
    isEmpty: Effect.map(sql`SELECT NOT EXISTS (SELECT 1 FROM accounts)`.values, (rows) => rows[0]?.[0] === true)
  })
)
