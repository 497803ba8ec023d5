/**
 * `IdempotencyRepo` over effect/sql, on the `idempotency_keys` table. A claim is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE` the stored row is out of the window: PostgreSQL
 * serialises concurrent claims of one key on its primary key, so exactly one inserts (or replaces
 * an expired row), and the others read the row that holds the key, in a statement of their own so
 * they see it once committed.
 *
 * The `key` column holds the key's hash and `body` the sealed body (core `Idempotency`): text, as
 * the columns of migration 0006 already are. Rows written before keys were hashed hold the key
 * itself, so no claim finds them again.
 *
 * @since 0.1.0
 */
import { type Fields, Idempotency } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option } from "effect"
import type { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"

const time = (t: Fields.Timestamp) => new Date(DateTime.toEpochMillis(t))

const recordOf = (accountId: string, keyHash: string, row: ReadonlyArray<unknown>): Idempotency.KeyRecord => {
  const [fingerprint, createdAt, status, contentType, sealed] = row
  return {
    accountId,
    keyHash,
    fingerprint: String(fingerprint),
    createdAt: DateTime.makeUnsafe(Number(createdAt)),
    answer:
      status === null || status === undefined
        ? null
        : { status: Number(status), contentType: String(contentType), sealed: String(sealed) }
  }
}

/** `IdempotencyRepo` over a migrated database. */
export const layer: Layer.Layer<Idempotency.IdempotencyRepo, never, SqlClient.SqlClient> = Repository.layer(
  Idempotency.IdempotencyRepo,
  (sql) => ({
    claim: Effect.fnUntraced(function* (record: Idempotency.KeyRecord, since: Fields.Timestamp) {
      const claimed = yield* sql`INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at)
        VALUES (${record.accountId}, ${record.keyHash}, ${record.fingerprint}, ${time(record.createdAt)})
        ON CONFLICT (account_id, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
            status = NULL, content_type = NULL, body = NULL
          WHERE idempotency_keys.created_at < ${time(since)}
            OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < ${time(Idempotency.leaseSince(record.createdAt))})
        RETURNING 1`.values
      if (claimed.length > 0) return Option.none()
      const rows =
        yield* sql`SELECT fingerprint, (extract(epoch FROM created_at) * 1000)::float8, status, content_type, body
        FROM idempotency_keys
        WHERE account_id = ${record.accountId} AND key = ${record.keyHash}`.values
      // Gone in between (abandoned by its claimer): report it as still running; a retry claims it.
      return Option.some(
        rows[0] === undefined ? { ...record, answer: null } : recordOf(record.accountId, record.keyHash, rows[0])
      )
    }),
    complete: Effect.fnUntraced(function* (accountId: string, keyHash: string, answer: Idempotency.SealedAnswer) {
      yield* sql`UPDATE idempotency_keys SET status = ${answer.status}, content_type = ${answer.contentType},
        body = ${answer.sealed} WHERE account_id = ${accountId} AND key = ${keyHash}`
    }),
    abandon: Effect.fnUntraced(function* (accountId: string, keyHash: string) {
      yield* sql`DELETE FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${keyHash} AND status IS NULL`
    })
  })
)
