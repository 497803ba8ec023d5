/**
 * `FolderRepo` over effect/sql, on the `media_folders` table (migration `0009_media`): one
 * statement per operation, each scoped by account. A folder's parent is a folder of its own account
 * (a composite foreign key, checked at the end of each statement: one `DELETE` takes a folder and
 * its subfolders, and fails while a file or another folder still names one of them). Folders sort
 * by name (`COLLATE "C"`: by code point), then by id.
 *
 * @since 0.1.0
 */
import { Folder, type Pagination } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import { time } from "./internal/Values.ts"

/** `media_folders`. */
export const table = Table.fromFields(Folder.fields)

const folder = Table.read(table)

/** `FolderRepo` over a migrated database. */
export const layer: Layer.Layer<Folder.FolderRepo, never, SqlClient.SqlClient> = Repository.layer(
  Folder.FolderRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "media_folders", folder)

    const matching = (accountId: string, parent: Folder.ParentFilter) =>
      byAccount.where(accountId, [
        ...(parent._tag === "Root"
          ? [sql`parent_id IS NULL`]
          : parent._tag === "In"
            ? [sql`parent_id = ${parent.id}`]
            : [])
      ])

    return {
      insert: Effect.fnUntraced(function* (f: Folder.Folder) {
        yield* sql`INSERT INTO media_folders (id, account_id, parent_id, name, created_at, updated_at)
        VALUES (${f.id}, ${f.accountId}, ${f.parentId}, ${f.name}, ${time(f.createdAt)}, ${time(f.updatedAt)})`
      }),
      update: (f: Folder.Folder) =>
        Effect.map(
          sql`UPDATE media_folders SET parent_id = ${f.parentId}, name = ${f.name}, updated_at = ${time(f.updatedAt)}
          WHERE account_id = ${f.accountId} AND id = ${f.id}
          RETURNING id`,
          (rows) => rows.length > 0
        ),
      findById: byAccount.findById,
      list: (accountId: string, parent: Folder.ParentFilter, page: Pagination.Page) =>
        byAccount.page(matching(accountId, parent), "name, id", page),
      all: (accountId: string) =>
        Effect.flatMap(
          sql`SELECT ${folder.select} FROM media_folders WHERE account_id = ${accountId} ORDER BY name, id`.values,
          folder.decode
        ),
      deleteMany: (accountId: string, ids: ReadonlyArray<string>) =>
        ids.length === 0
          ? Effect.succeed(0)
          : Effect.map(
              sql`WITH deleted AS (
                DELETE FROM media_folders WHERE account_id = ${accountId} AND id IN ${sql.in(ids)}
                RETURNING 1
              )
              SELECT count(*)::int FROM deleted`.values,
              Table.count
            )
    }
  }
)
