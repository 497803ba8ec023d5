/**
 * A folder of the media library: a name and a parent (null at the top level). Folders form a tree
 * per account; names need not be unique (ids name folders). Everything here is data and pure
 * rules; `MediaFolders` holds the use cases.
 *
 * - **Moves.** A folder never moves inside itself or one of its subfolders (`FolderCycle`):
 *   `cycle` decides it from the account's folders, read under the account's lock.
 * - **Deletion.** Deleting a folder deletes it and every subfolder under it (`subtree`), and moves
 *   the files they hold to the deleted folder's parent; no file is ever deleted with a folder (that
 *   takes `assets.delete`, file by file). It is asked twice: the first answer is
 *   `confirmation_required`, saying what would happen; `confirm=true` does it.
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import { names, Patch, pick, Text, Timestamp } from "../Fields.ts"
import type { AccountRows } from "../Store.ts"

/** A folder's fields as stored, written once (its type, API view and table row are made of it). */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  parentId: Schema.NullOr(Schema.String),
  name: Schema.String,
  createdAt: Timestamp,
  updatedAt: Timestamp
}

export type Folder = Schema.Struct.Type<typeof fields>

/** A folder as the API shows it: every field but its account. */
export const FolderView = Schema.Struct(Struct.omit(fields, ["accountId"])).annotate({ identifier: "Folder" })
export type FolderView = typeof FolderView.Type

export const view: (folder: Folder) => FolderView = pick(names(FolderView))

export const Name = Text(1, 80)

/** A parent named by a body: a folder id, or null for the top level. */
export const ParentRef = Schema.NullOr(Text(1, 64))

/** Body of `POST /v1/tenant/asset-folders`. */
export const CreateFolder = Schema.Struct({
  name: Name,
  parentId: Schema.optionalKey(ParentRef)
}).annotate({ identifier: "CreateFolder" })
export type CreateFolder = typeof CreateFolder.Type

/** Body of `PATCH /v1/tenant/asset-folders/{folderId}`: at least one property. */
export const UpdateFolder = Patch({ name: Name, parentId: ParentRef }).annotate({ identifier: "UpdateFolder" })
export type UpdateFolder = typeof UpdateFolder.Type

/**
 * The folder `id` and every folder under it, at any depth (pure), from the account's folders. A
 * parent link that loops (which the rules never let happen) is followed once.
 */
export const subtree = (folders: ReadonlyArray<Pick<Folder, "id" | "parentId">>, id: string): ReadonlyArray<string> => {
  const children = new Map<string, Array<string>>()
  for (const folder of folders) {
    if (folder.parentId === null) continue
    const list = children.get(folder.parentId) ?? []
    list.push(folder.id)
    children.set(folder.parentId, list)
  }
  const out: Array<string> = []
  const seen = new Set<string>()
  const stack = [id]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (seen.has(next)) continue
    seen.add(next)
    out.push(next)
    for (const child of children.get(next) ?? []) stack.push(child)
  }
  return out
}

/**
 * Whether moving the folder `id` under `parentId` would put it inside itself or one of its own
 * subfolders (pure).
 */
export const cycle = (
  folders: ReadonlyArray<Pick<Folder, "id" | "parentId">>,
  id: string,
  parentId: string | null
): boolean => parentId !== null && subtree(folders, id).includes(parentId)

/** Which folders a list holds: every folder, the top level's, or one folder's children. */
export type ParentFilter =
  { readonly _tag: "Any" } | { readonly _tag: "Root" } | { readonly _tag: "In"; readonly id: string }

/**
 * The folders of the media library; every query is scoped by account. `update` writes the name, the
 * parent and `updatedAt` (false when the account has no such folder); `list` answers by name (code
 * point order), then id.
 */
export class FolderRepo extends Context.Service<
  FolderRepo,
  AccountRows<Folder, ParentFilter, boolean> & {
    /** Every folder of the account (the tree: moves and deletions read it under the account's lock). */
    readonly all: (accountId: string) => Effect.Effect<ReadonlyArray<Folder>, StoreError>
    /** Deletes the folders `ids` of the account (a parent may go with its children); how many. */
    readonly deleteMany: (accountId: string, ids: ReadonlyArray<string>) => Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/FolderRepo") {}
