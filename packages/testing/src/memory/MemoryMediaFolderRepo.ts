/**
 * `FolderRepo` in memory, with the semantics of the SQL store (`SqlMediaFolderRepo`): ids are
 * unique, a folder needs its account and a parent of its own account; a deletion leaves no folder
 * whose parent was deleted and no file in a deleted folder (a breach fails with `StoreError`, as
 * the keys do in SQL). Every query is scoped by account; lists sort by name (code point), then by
 * id, and paginate with a `total`.
 *
 * @since 0.1.0
 */
import { type Folder, FolderRepo } from "@campaign-games/core/media/Folder"
import { Effect, Layer, Option } from "effect"
import { byCodePoint, byId, conflict, inAccount, ofAccount, paginate } from "../internal/Rows.ts"
import { MemoryDatabase } from "../MemoryDatabase.ts"

const byName = (a: Folder, b: Folder): number => Math.sign(byCodePoint(a.name, b.name)) || byId(a.id, b.id)

/** `FolderRepo` over the folders table (and the accounts and files that name a folder). */
export const layer: Layer.Layer<FolderRepo, never, MemoryDatabase> = Layer.effect(
  FolderRepo,
  Effect.gen(function* () {
    const { accounts, mediaAssets, mediaFolders } = (yield* MemoryDatabase).tables
    const find = (accountId: string, id: string) => inAccount(accountId, mediaFolders.get(id))
    const parentOk = (folder: Folder): boolean =>
      folder.parentId === null || mediaFolders.get(folder.parentId)?.accountId === folder.accountId

    return FolderRepo.of({
      insert: Effect.fnUntraced(function* (folder) {
        if (mediaFolders.has(folder.id)) return yield* conflict(`A folder ${folder.id} already exists.`)
        if (!accounts.has(folder.accountId))
          return yield* conflict(`No account ${folder.accountId} for folder ${folder.id}.`)
        if (!parentOk(folder)) return yield* conflict(`No folder ${folder.parentId} in account ${folder.accountId}.`)
        yield* mediaFolders.set(folder.id, folder)
      }),
      update: Effect.fnUntraced(function* (folder) {
        const stored = find(folder.accountId, folder.id)
        if (stored === undefined) return false
        if (!parentOk(folder)) return yield* conflict(`No folder ${folder.parentId} in account ${folder.accountId}.`)
        yield* mediaFolders.set(folder.id, { ...folder, createdAt: stored.createdAt })
        return true
      }),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id))),
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
  })
)
