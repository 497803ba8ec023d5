/**
 * The contract of `FolderRepo` (the media library's folders): every field round-trips exactly, in
 * the folder's account only; an id is unique, a folder needs its account and a parent of its own
 * account (`StoreError`); an update writes the name, the parent and `updatedAt` (never
 * `createdAt`), only in the folder's account; lists filter by parent (any, the top level, one),
 * sort by name (code point) then id and paginate with a `total`; `all` is the account's tree; a
 * deletion takes a folder with its subfolders in one call and fails (deleting nothing) while a
 * remaining folder or a file still names one of them.
 *
 * @since 0.1.0
 */
import { type Account, Asset, Folder, type Store } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertFails, assertInsertsFail, assertNone, assertSome } from "../internal/Assertions.ts"
import { all, at, ids, uid } from "../internal/Fixtures.ts"
import { givenTwoAccountsFor } from "../internal/Given.ts"
import { givenAsset, givenFolder, makeFolder } from "./MediaAssetRepoContract.ts"

/** Registers the `FolderRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<Folder.FolderRepo | Asset.AssetRepo | Account.AccountRepo | Store.Store>
): void => {
  it.effect("folders round-trip every field, in their account only; ids are unique; parents are of the account", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(Folder.FolderRepo)
      const top = yield* givenFolder(account.id, { name: "Été « 1 »", createdAt: at(-5), updatedAt: at(9) })
      const child = yield* givenFolder(account.id, { parentId: top.id, name: "x" })
      assertSome(yield* repo.findById(account.id, top.id), top)
      assertSome(yield* repo.findById(account.id, child.id), child)
      assertNone(yield* repo.findById(other.id, top.id))
      yield* assertInsertsFail(repo, [
        { ...top, name: "again" },
        makeFolder(uid("acc")),
        makeFolder(other.id, { parentId: top.id }),
        makeFolder(account.id, { parentId: uid("fld") })
      ])
    })
  )

  it.effect("an update writes the name, the parent and updatedAt, in the folder's account only", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(Folder.FolderRepo)
      const a = yield* givenFolder(account.id)
      const b = yield* givenFolder(account.id)
      const moved = { ...b, parentId: a.id, name: "renamed", createdAt: at(777), updatedAt: at(50) }
      assert.isTrue(yield* repo.update(moved))
      assertSome(yield* repo.findById(account.id, b.id), { ...moved, createdAt: b.createdAt })
      assert.isFalse(yield* repo.update({ ...moved, accountId: other.id }))
      assert.isFalse(yield* repo.update(makeFolder(account.id)))
      yield* assertFails(repo.update({ ...moved, parentId: uid("fld") }), "StoreError")
      assertSome(
        yield* repo.update({ ...moved, parentId: null }).pipe(Effect.andThen(repo.findById(account.id, b.id))),
        {
          ...moved,
          parentId: null,
          createdAt: b.createdAt
        }
      )
    })
  )

  it.effect("lists filter by parent, sort by name then id, and paginate with a total; all is the tree", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(Folder.FolderRepo)
      const b = yield* givenFolder(account.id, { name: "b" })
      const a = yield* givenFolder(account.id, { name: "B" })
      const c = yield* givenFolder(account.id, { name: "c", parentId: b.id })
      const c2 = yield* givenFolder(account.id, { name: "c", parentId: b.id })
      yield* givenFolder(other.id, { name: "a" })
      const tied = ids([c, c2].sort((x, y) => (x.id < y.id ? -1 : 1)))
      const anyFolder = yield* repo.list(account.id, { _tag: "Any" }, all)
      assert.deepStrictEqual(ids(anyFolder.items), [a.id, b.id, ...tied], "by code point: B before b")
      assert.strictEqual(anyFolder.total, 4)
      assert.deepStrictEqual(ids((yield* repo.list(account.id, { _tag: "Root" }, all)).items), [a.id, b.id])
      assert.deepStrictEqual(ids((yield* repo.list(account.id, { _tag: "In", id: b.id }, all)).items), tied)
      const page = yield* repo.list(account.id, { _tag: "Any" }, { limit: 1, offset: 1 })
      assert.deepStrictEqual(ids(page.items), [b.id])
      assert.strictEqual(page.total, 4)
      const past = yield* repo.list(account.id, { _tag: "Any" }, { limit: 1, offset: 9 })
      assert.strictEqual(past.total, 4)
      assert.deepStrictEqual(ids(yield* repo.all(account.id)), [a.id, b.id, ...tied])
    })
  )

  it.effect("a folder and its subfolders are deleted in one call; never while something still names one", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(Folder.FolderRepo)
      const top = yield* givenFolder(account.id)
      const mid = yield* givenFolder(account.id, { parentId: top.id })
      const leaf = yield* givenFolder(account.id, { parentId: mid.id })
      const file = yield* givenAsset(account.id, { folderId: leaf.id })
      yield* assertFails(repo.deleteMany(account.id, [top.id, mid.id]), "StoreError")
      yield* assertFails(repo.deleteMany(account.id, [top.id, mid.id, leaf.id]), "StoreError")
      assertSome(yield* repo.findById(account.id, top.id), top, "a failed deletion deletes nothing")
      assert.strictEqual(yield* repo.deleteMany(other.id, [top.id, mid.id, leaf.id]), 0)
      const assets = yield* Asset.AssetRepo
      yield* assets.moveFromFolders(account.id, [leaf.id], null, at(1))
      assertSome(yield* assets.findById(account.id, file.id), { ...file, folderId: null, updatedAt: at(1) })
      assert.strictEqual(yield* repo.deleteMany(account.id, [leaf.id, top.id, mid.id]), 3)
      assertNone(yield* repo.findById(account.id, mid.id))
      assert.strictEqual(yield* repo.deleteMany(account.id, []), 0)
    })
  )
}
