/**
 * The media library's folder use cases: create, get, list, rename or move, delete. Every change
 * runs under the account's lock (`Store.lock`), as do the file use cases that name a folder, so a
 * folder being deleted never gains a file or a subfolder, and two concurrent moves never make a
 * cycle between them, on any number of instances.
 *
 * - **Moves**: a folder never moves inside itself or one of its subfolders (
 *   `FolderCycle`); an unknown parent is `FolderNotFound` naming `parentId`.
 * - **Deletion** asks twice: without `confirm` it fails with `FolderDeletionUnconfirmed`
 *   (`FolderDeletionUnconfirmed`, saying how many subfolders would go and how many files would
 *   move); with `confirm` it deletes the folder and every subfolder under it and moves the files
 *   they hold to the folder's parent (the top level when it has none). Files keep their URLs; no
 *   file is deleted, so the permission is assets.manage.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer } from "effect"
import * as Actor from "../accounts/Actor.ts"
import type { MissingPermission, StoreError } from "../Failure.ts"
import { MediaError } from "./MediaErrors.ts"
import { defined } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import type { Page } from "../Pagination.ts"
import * as Folder from "./Folder.ts"
import { library } from "./Media.ts"
import { FolderCycle, FolderDeletionUnconfirmed } from "./MediaErrors.ts"

/** What a confirmed deletion did. */
export interface Deleted {
  /** The folders deleted: the folder and its subfolders. */
  readonly folders: number
  /** The files moved to the folder's parent. */
  readonly filesMoved: number
}

export class MediaFolders extends Context.Service<
  MediaFolders,
  Actor.Reads<Folder.Folder, Folder.ParentFilter, MediaError, MediaError> & {
    readonly create: Actor.Create<Folder.Folder, Folder.CreateFolder, MediaError>
    readonly update: Actor.Update<Folder.Folder, Folder.UpdateFolder, never, MediaError>
    readonly delete: (
      actor: Actor.Actor,
      id: string,
      confirm: boolean
    ) => Effect.Effect<Deleted, MissingPermission | MediaError | StoreError>
  }
>()("@campaign-games/core/MediaFolders") {
  static readonly layer = Layer.effect(
    MediaFolders,
    Effect.gen(function* () {
      const { assets, folders, locked, findFolder: find } = yield* library

      /**
       * A change to the folder `id` (a rename, a move, a deletion): needs `assets.manage`, then runs
       * `change` on the folder as it is under the account's lock, at the time of the request.
       */
      const changing = <A, E>(
        actor: Actor.Actor,
        id: string,
        change: (current: Folder.Folder, now: DateTime.Utc) => Effect.Effect<A, E>
      ) =>
        Actor.require(actor, "assets.manage").pipe(
          Effect.andThen(DateTime.now),
          Effect.flatMap((now) =>
            locked(
              actor.account.id,
              Effect.flatMap(find(actor.account.id, id), (current) => change(current, now))
            )
          )
        )

      const create = Effect.fn("MediaFolders.create")(function* (actor: Actor.Actor, input: Folder.CreateFolder) {
        yield* Actor.require(actor, "assets.manage")
        const now = yield* DateTime.now
        const folder: Folder.Folder = {
          id: yield* Ids.make(Ids.Prefix.folder),
          accountId: actor.account.id,
          parentId: input.parentId ?? null,
          name: input.name,
          createdAt: now,
          updatedAt: now
        }
        yield* locked(
          actor.account.id,
          Effect.gen(function* () {
            if (folder.parentId !== null) yield* find(actor.account.id, folder.parentId, "parentId")
            yield* folders.insert(folder)
          })
        )
        return folder
      })

      const get = Actor.guarded("MediaFolders.get", "assets.read", (accountId, id: string) => find(accountId, id))

      const list = Effect.fn("MediaFolders.list")(function* (
        actor: Actor.Actor,
        parent: Folder.ParentFilter,
        page: Page
      ) {
        yield* Actor.require(actor, "assets.read")
        if (parent._tag === "In") yield* find(actor.account.id, parent.id, "parentId")
        return yield* folders.list(actor.account.id, parent, page)
      })

      const update = Effect.fn("MediaFolders.update")(function* (
        actor: Actor.Actor,
        id: string,
        patch: Folder.UpdateFolder
      ) {
        return yield* changing(actor, id, (current, now) =>
          Effect.gen(function* () {
            const parentId = patch.parentId
            if (parentId !== undefined && parentId !== null) {
              if (parentId !== id) yield* find(actor.account.id, parentId, "parentId")
              if (Folder.cycle(yield* folders.all(actor.account.id), id, parentId)) {
                return yield* new MediaError({ reason: new FolderCycle({ folderId: id, parentId }) })
              }
            }
            const next: Folder.Folder = {
              ...current,
              ...defined(patch, ["name"]),
              ...(parentId === undefined ? {} : { parentId }),
              updatedAt: now
            }
            yield* folders.update(next)
            return next
          })
        )
      })

      const remove = Effect.fn("MediaFolders.delete")(function* (actor: Actor.Actor, id: string, confirm: boolean) {
        return yield* changing(actor, id, (current, now) =>
          Effect.gen(function* () {
            const doomed = Folder.subtree(yield* folders.all(actor.account.id), id)
            const files = yield* assets.countInFolders(actor.account.id, doomed)
            if (!confirm) {
              return yield* new MediaError({
                reason: new FolderDeletionUnconfirmed({
                  folderId: id,
                  subfolders: doomed.length - 1,
                  files,
                  parentId: current.parentId
                })
              })
            }
            const filesMoved = yield* assets.moveFromFolders(actor.account.id, doomed, current.parentId, now)
            const deleted = yield* folders.deleteMany(actor.account.id, doomed)
            return { folders: deleted, filesMoved }
          })
        )
      })

      return MediaFolders.of({ create, get, list, update, delete: remove })
    })
  )
}
