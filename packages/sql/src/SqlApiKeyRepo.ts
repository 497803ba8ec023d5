/**
 * `ApiKeyRepo` over effect/sql, on the `api_keys` table: one statement per operation (a list whose
 * page is empty past the first one costs a second, to count). `findByPrefix`, which every
 * authenticated request asks, reads the key with its account in one row.
 *
 * @since 0.1.0
 */
import { ApiKey, type Pagination } from "@campaign-games/core"
import { type DateTime, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { time, timeOrNull } from "./internal/Values.ts"

const key = Table.read(Tables.apiKeys, { alias: "k" })
/** The key's account, in the same row after the key. */
const keyAccount = Table.read(Tables.accounts, { alias: "a", offset: key.end })

/** `ApiKeyRepo` over a migrated database. */
export const layer: Layer.Layer<ApiKey.ApiKeyRepo, never, SqlClient.SqlClient> = Repository.layer(
  ApiKey.ApiKeyRepo,
  (sql) => {
    const countActive = (accountId: string) =>
      Effect.map(
        sql`SELECT count(*)::int FROM api_keys WHERE account_id = ${accountId} AND revoked_at IS NULL`.values,
        Table.count
      )

    return {
      insert: Effect.fnUntraced(function* (k: ApiKey.ApiKey) {
        yield* sql`INSERT INTO api_keys
        (id, account_id, name, key_prefix, key_hash, permissions, created_at, revoked_at)
        VALUES (${k.id}, ${k.accountId}, ${k.name}, ${k.keyPrefix}, ${k.keyHash}, ${[...k.permissions]},
          ${time(k.createdAt)}, ${timeOrNull(k.revokedAt)})`
      }),
      findByPrefix: Effect.fnUntraced(function* (keyPrefix: string) {
        const rows = yield* sql`SELECT ${key.select}, ${keyAccount.select}
        FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_prefix = ${keyPrefix}`.values
        const found = yield* key.first(rows)
        const account = yield* keyAccount.first(rows)
        return Option.zipWith(found, account, (key, account) => ({ key, account }))
      }),
      findActive: (accountId: string, id: string) =>
        Effect.flatMap(
          sql`SELECT ${key.select} FROM api_keys k
          WHERE k.account_id = ${accountId} AND k.id = ${id} AND k.revoked_at IS NULL`.values,
          key.first
        ),
      listActive: (accountId: string, page: Pagination.Page) =>
        Effect.flatMap(
          sql`SELECT ${key.select}, count(*) OVER ()::int FROM api_keys k
          WHERE k.account_id = ${accountId} AND k.revoked_at IS NULL
          ORDER BY k.created_at, k.id
          LIMIT ${page.limit} OFFSET ${page.offset}`.values,
          Table.page(key, page, countActive(accountId))
        ),
      countActive,
      revoke: (accountId: string, id: string, at: DateTime.Utc) =>
        Effect.map(
          sql`UPDATE api_keys SET revoked_at = ${time(at)}
          WHERE account_id = ${accountId} AND id = ${id} AND revoked_at IS NULL
          RETURNING id`,
          (rows) => rows.length > 0
        )
    }
  }
)
