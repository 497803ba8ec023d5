/**
 * `AssetRepo` over effect/sql, on the `media_assets` table (migration `0009_media`): one statement
 * per operation (a list whose page is empty past the first one costs a second, to count), each
 * scoped by account but `findAvailable` (the serving route's, by id) and the import worker's
 * `claimImports` and `deleteStaleUploads`.
 *
 * - A file's folder is a folder of its own account (a composite foreign key), so a breach fails
 *   with `StoreError`.
 * - The name search is `ILIKE` on `filename` (`COLLATE "C"`) with `%`, `_` and `\` escaped: a
 *   literal substring, case-insensitive for ASCII letters only (as the memory store); names sort by
 *   code point; sizes sort with the files without one last, either way; ties by id in the same
 *   direction.
 * - `claimImports` is one `UPDATE … FROM (SELECT … ORDER BY import_next_at LIMIT n FOR UPDATE SKIP
 *   LOCKED)`: concurrent claims, on one pool or several, never return the same import while its
 *   lease (`import_lease_until`) runs; it counts the attempt. `finishImport` and `releaseImport`
 *   write only while the lease given is still the file's (a fencing token).
 *
 * @since 0.1.0
 */
import {
  type Asset,
  AssetRepo,
  type ClaimedImport,
  contentTypes,
  fields,
  kindOf,
  type ListQuery
} from "@campaign-games/core/media/Asset"
import type { Page } from "@campaign-games/core/Pagination"
import { DateTime, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Claims from "./internal/Claims.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import { containing, time, timeOrNull } from "./internal/Values.ts"

/** `media_assets` (but the import lease, `import_lease_until`). */
export const table = Table.fromFields(fields)

const asset = Table.read(table)

/** `ORDER BY` of the list per sort key and direction. */
const ORDER: Record<ListQuery["sort"], Record<ListQuery["dir"], string>> = AccountTable.orders({
  createdAt: ["created_at"],
  filename: ["filename"],
  sizeBytes: ["size_bytes NULLS LAST"]
})

/** Earliest due first, then by id: the order of a claim. */
const byDue = Claims.byDue((claimed: ClaimedImport) => claimed.asset, "importNextAt")

/** `AssetRepo` over a migrated database. */
export const layer: Layer.Layer<AssetRepo, never, SqlClient.SqlClient> = Repository.layer(AssetRepo, (sql) => {
  const byAccount = AccountTable.make(sql, "media_assets", asset)

  const matching = (accountId: string, query: ListQuery) =>
    byAccount.where(accountId, [
      ...(query.folder._tag === "Root"
        ? [sql`folder_id IS NULL`]
        : query.folder._tag === "In"
          ? [sql`folder_id = ${query.folder.id}`]
          : []),
      ...AccountTable.ifGiven(
        query.kind,
        (kind) => sql`content_type IN ${sql.in(contentTypes.filter((type) => kindOf(type) === kind))}`
      ),
      ...AccountTable.ifGiven(query.search, (text) => sql`filename ILIKE ${containing(text)}`)
    ])

  return {
    insert: Effect.fnUntraced(function* (a: Asset) {
      yield* sql`INSERT INTO media_assets
        (id, account_id, folder_id, filename, content_type, size_bytes, declared_size_bytes, reserved_bytes,
          source_url, import_status, import_error, import_attempts, import_next_at, created_at, updated_at,
          confirmed_at)
        VALUES (${a.id}, ${a.accountId}, ${a.folderId}, ${a.filename}, ${a.contentType}, ${a.sizeBytes},
          ${a.declaredSizeBytes}, ${a.reservedBytes}, ${a.sourceUrl}, ${a.importStatus}, ${a.importError}, ${a.importAttempts},
          ${timeOrNull(a.importNextAt)}, ${time(a.createdAt)}, ${time(a.updatedAt)}, ${timeOrNull(a.confirmedAt)})`
    }),
    update: (a: Asset) =>
      Effect.map(
        sql`UPDATE media_assets SET folder_id = ${a.folderId}, filename = ${a.filename},
            content_type = ${a.contentType}, size_bytes = ${a.sizeBytes}, declared_size_bytes = ${a.declaredSizeBytes},
            reserved_bytes = ${a.reservedBytes}, source_url = ${a.sourceUrl}, import_status = ${a.importStatus}, import_error = ${a.importError},
            import_attempts = ${a.importAttempts}, import_next_at = ${timeOrNull(a.importNextAt)},
            updated_at = ${time(a.updatedAt)}, confirmed_at = ${timeOrNull(a.confirmedAt)}
          WHERE account_id = ${a.accountId} AND id = ${a.id}
          RETURNING id`,
        (rows) => rows.length > 0
      ),
    findById: byAccount.findById,
    findMany: (accountId: string, ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed([])
        : Effect.flatMap(
            sql`SELECT ${asset.select} FROM media_assets WHERE account_id = ${accountId} AND id IN ${sql.in(ids)}`
              .values,
            asset.decode
          ),
    findAvailable: (id: string) =>
      Effect.flatMap(
        sql`SELECT ${asset.select} FROM media_assets WHERE id = ${id} AND confirmed_at IS NOT NULL`.values,
        asset.first
      ),
    list: (accountId: string, query: ListQuery, page: Page) =>
      byAccount.page(matching(accountId, query), ORDER[query.sort][query.dir], page),
    delete: byAccount.deleteById,
    storageUsed: (accountId: string) =>
      Effect.map(
        sql`SELECT coalesce(sum(coalesce(size_bytes,
              CASE WHEN confirmed_at IS NULL AND import_status IS NULL THEN reserved_bytes END)), 0)::bigint
            FROM media_assets WHERE account_id = ${accountId}`.values,
        Table.count
      ),
    openUploads: Effect.fnUntraced(function* (accountId: string, since: DateTime.Utc) {
      const rows = yield* sql<{ count: number; oldest: Date | string | null }>`SELECT count(*)::int AS count,
          min(created_at) AS oldest
        FROM media_assets
        WHERE account_id = ${accountId} AND confirmed_at IS NULL AND import_status IS NULL
          AND created_at > ${time(since)}`
      const row = rows[0]
      return {
        count: row?.count ?? 0,
        oldest: Option.map(Option.fromNullishOr(row?.oldest), (oldest) => DateTime.makeUnsafe(oldest))
      }
    }),
    countInFolders: (accountId: string, folderIds: ReadonlyArray<string>) =>
      folderIds.length === 0
        ? Effect.succeed(0)
        : Effect.map(
            sql`SELECT count(*)::int FROM media_assets
              WHERE account_id = ${accountId} AND folder_id IN ${sql.in(folderIds)}`.values,
            Table.count
          ),
    moveFromFolders: (accountId: string, from: ReadonlyArray<string>, to: string | null, now: DateTime.Utc) =>
      from.length === 0
        ? Effect.succeed(0)
        : Effect.map(
            sql`WITH moved AS (
                UPDATE media_assets SET folder_id = ${to}, updated_at = ${time(now)}
                WHERE account_id = ${accountId} AND folder_id IN ${sql.in(from)}
                RETURNING 1
              )
              SELECT count(*)::int FROM moved`.values,
            Table.count
          ),
    claimImports: Effect.fnUntraced(function* (now: DateTime.Utc, leaseUntil: DateTime.Utc, limit: number) {
      const rows = yield* sql`UPDATE media_assets a
        SET import_lease_until = ${time(leaseUntil)}, import_attempts = a.import_attempts + 1
        FROM (
          SELECT id FROM media_assets
          WHERE import_status = 'pending' AND import_next_at <= ${time(now)}
            AND (import_lease_until IS NULL OR import_lease_until < ${time(now)})
          ORDER BY import_next_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) c
        WHERE a.id = c.id
        RETURNING ${Table.read(table, { alias: "a" }).select}`.values
      const claimed = yield* asset.decode(rows)
      // RETURNING has no order: earliest due first, as claimed.
      return claimed.map((a): ClaimedImport => ({ asset: a, leaseUntil })).sort(byDue)
    }),
    finishImport: (a: Asset, leaseUntil: DateTime.Utc) =>
      Effect.map(
        sql`UPDATE media_assets SET content_type = ${a.contentType}, size_bytes = ${a.sizeBytes},
            import_status = ${a.importStatus}, import_error = ${a.importError}, import_attempts = ${a.importAttempts},
            import_next_at = ${timeOrNull(a.importNextAt)}, updated_at = ${time(a.updatedAt)},
            confirmed_at = ${timeOrNull(a.confirmedAt)}, import_lease_until = NULL
          WHERE account_id = ${a.accountId} AND id = ${a.id} AND import_lease_until = ${time(leaseUntil)}
          RETURNING id`,
        (rows) => rows.length > 0
      ),
    releaseImport: Effect.fnUntraced(function* (accountId: string, id: string, leaseUntil: DateTime.Utc) {
      yield* sql`UPDATE media_assets
        SET import_lease_until = NULL, import_attempts = greatest(import_attempts - 1, 0)
        WHERE account_id = ${accountId} AND id = ${id} AND import_lease_until = ${time(leaseUntil)}`
    }),
    deleteStaleUploads: (before: DateTime.Utc, limit: number) =>
      Effect.flatMap(
        sql`DELETE FROM media_assets WHERE id IN (
            SELECT id FROM media_assets
            WHERE confirmed_at IS NULL AND import_status IS NULL AND created_at < ${time(before)}
            ORDER BY created_at
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING ${asset.select}`.values,
        asset.decode
      )
  }
})
