/**
 * `FolderRepo` in memory, with the semantics of the SQL store (`SqlMediaFolderRepo`): ids are
 * unique, a folder needs its account and a parent of its own account; a deletion leaves no folder
 * whose parent was deleted and no file in a deleted folder (a breach fails with `StoreError`, as
 * the keys do in SQL). Every query is scoped by account; lists sort by name (code point), then by
 * id, and paginate with a `total`.
 *
 * @since 0.1.0
 */
import { type Errors, Folder } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { accountRows, byCodePoint, byId, checkNewOfAccount, conflict, ofAccount, paginate } from "../internal/Rows.ts"
import type * as Table from "../internal/Table.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

const byName = (a: Folder.Folder, b: Folder.Folder): number =>
  Math.sign(byCodePoint(a.name, b.name)) || byId(a.id, b.id)

/**
 * Checks that a row of `accountId` may name the folder `folderId` (none, or a folder of that
 * account), failing as SQL's key does; for folders (their parent) and files alike.
 */
export const checkFolder = (
  folders: Table.Table<string, Folder.Folder>,
  accountId: string,
  folderId: string | null
): Effect.Effect<void, Errors.StoreError> =>
  folderId === null || folders.get(folderId)?.accountId === accountId
    ? Effect.void
    : conflict(`No folder ${folderId} in account ${accountId}.`)

/** `FolderRepo` over the folders table (and the accounts and files that name a folder). */
export const layer: Layer.Layer<Folder.FolderRepo, never, MemoryDatabase> = repository(
  Folder.FolderRepo,
  ({ accounts, mediaAssets, mediaFolders }) => {
    const { find, findById } = accountRows(mediaFolders)

    return Folder.FolderRepo.of({
      insert: Effect.fnUntraced(function* (folder) {
        yield* checkNewOfAccount(mediaFolders, accounts, folder, "folder")
        yield* checkFolder(mediaFolders, folder.accountId, folder.parentId)
        yield* mediaFolders.set(folder.id, folder)
      }),
      update: Effect.fnUntraced(function* (folder) {
        const stored = find(folder.accountId, folder.id)
        if (stored === undefined) return false
        yield* checkFolder(mediaFolders, folder.accountId, folder.parentId)
        yield* mediaFolders.set(folder.id, { ...folder, createdAt: stored.createdAt })
        return true
      }),
      findById,
      list: (accountId, parent, page) =>
        Effect.sync(() =>
          paginate(
            ofAccount(mediaFolders.values(), accountId, (folder) =>
              parent._tag === "Any"
                ? true
                : parent._tag === "Root"
                  ? folder.parentId === null
                  : folder.parentId === parent.id
            ).sort(byName),
            page
          )
        ),
      all: (accountId) => Effect.sync(() => ofAccount(mediaFolders.values(), accountId).sort(byName)),
      deleteMany: Effect.fnUntraced(function* (accountId, ids) {
        const doomed = new Set(ids.filter((id) => find(accountId, id) !== undefined))
        for (const folder of mediaFolders.values()) {
          if (folder.parentId !== null && doomed.has(folder.parentId) && !doomed.has(folder.id)) {
            return yield* conflict(`The folder ${folder.parentId} has a subfolder ${folder.id}.`)
          }
        }
        for (const { asset } of mediaAssets.values()) {
          if (asset.folderId !== null && doomed.has(asset.folderId)) {
            return yield* conflict(`The folder ${asset.folderId} holds the file ${asset.id}.`)
          }
        }
        for (const id of doomed) yield* mediaFolders.delete(id)
        return doomed.size
      })
    })
  }
)
