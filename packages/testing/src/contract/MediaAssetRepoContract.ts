/**
 * The contract of `AssetRepo` (the media library's files): every field round-trips exactly (times
 * to the millisecond as `DateTime.Utc`, nulls, the import's fields), in the file's account only;
 * an id is unique, a file needs its account and a folder of its own account (`StoreError`); an
 * update writes every field but `createdAt`, only in the file's account; lists filter by folder
 * (any, the top level, one), kind and name (a literal, ASCII case-insensitive substring), sort by
 * `createdAt`, name (code point) or size (files without one last, either way), ties by id in the
 * same direction, and paginate with a `total`; `findAvailable` finds only available files, in any
 * account; the storage used sums the sizes of one account; files move out of folders; imports are
 * claimed once per lease (earliest due first, counting the attempt), finished and released only
 * under their lease; stale uploads are deleted, never available files or imports; a delete is
 * undone with its transaction.
 *
 * @since 0.1.0
 */
import type { AccountRepo } from "@campaign-games/core/accounts/Account"
import { type Asset, AssetRepo, type ListQuery } from "@campaign-games/core/media/Asset"
import { type Folder, FolderRepo } from "@campaign-games/core/media/Folder"
import type { Store } from "@campaign-games/core/Store"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import {
  assertFails,
  assertInsertsFail,
  assertNone,
  assertRoundTrips,
  assertSame,
  assertSome
} from "../internal/Assertions.ts"
import { all, at, DAY, HOUR, ids, SECOND, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount, givenTwoAccountsFor, inserted } from "../internal/Given.ts"

/** An uploaded file, pending, with plausible defaults a test overrides field by field. */
export const makeAsset = (accountId: string, fields: Partial<Asset> = {}): Asset => ({
  id: uid("ast"),
  accountId,
  folderId: null,
  filename: "logo.png",
  contentType: "image/png",
  sizeBytes: null,
  declaredSizeBytes: 1234,
  reservedBytes: null,
  sourceUrl: null,
  importStatus: null,
  importError: null,
  importAttempts: 0,
  importNextAt: null,
  createdAt: at(0),
  updatedAt: at(0),
  confirmedAt: null,
  ...fields
})

/** A pending import due at `due`. */
export const makeImport = (accountId: string, due: DateTime.Utc, fields: Partial<Asset> = {}): Asset =>
  makeAsset(accountId, {
    filename: "remote.png",
    contentType: "application/octet-stream",
    declaredSizeBytes: null,
    sourceUrl: "https://cdn.example.com/remote.png",
    importStatus: "pending",
    importNextAt: due,
    ...fields
  })

/** A folder with plausible defaults. */
export const makeFolder = (accountId: string, fields: Partial<Folder> = {}): Folder => ({
  id: uid("fld"),
  accountId,
  parentId: null,
  name: "Folder",
  createdAt: at(0),
  updatedAt: at(0),
  ...fields
})

/** A folder already stored. */
export const givenFolder = (accountId: string, fields: Partial<Folder> = {}) =>
  Effect.suspend(() => inserted(FolderRepo, makeFolder(accountId, fields)))

/** A file already stored. */
export const givenAsset = (accountId: string, fields: Partial<Asset> = {}) =>
  Effect.suspend(() => inserted(AssetRepo, makeAsset(accountId, fields)))

/** A list query with defaults (any folder, newest first). */
export const assetQuery = (fields: Partial<ListQuery> = {}): ListQuery => ({
  folder: { _tag: "Any" },
  search: undefined,
  kind: undefined,
  sort: "createdAt",
  dir: "desc",
  ...fields
})

/**
 * Leaves no import claimable before `until`: claims every due one and fails it. Claims are global,
 * so each claim test starts from a clean slate and leaves one behind.
 */
const settleImports = (until: DateTime.Utc) =>
  Effect.gen(function* () {
    const repo = yield* AssetRepo
    while (true) {
      const claimed = yield* repo.claimImports(until, DateTime.addDuration(until, "1 minute"), 100)
      for (const c of claimed) {
        yield* repo.finishImport({ ...c.asset, importStatus: "failed", importNextAt: null }, c.leaseUntil)
      }
      if (claimed.length === 0) return
    }
  })

/**
 * The start of a claim test on day `day` (`now`): no import left claimable before it, a new
 * account, and the lease a claim at `now` takes (a minute).
 */
const claimingOn = (day: number) =>
  Effect.gen(function* () {
    const now = at(day * DAY)
    yield* settleImports(now)
    const account = yield* givenAccount()
    return { repo: yield* AssetRepo, now, account, lease: DateTime.addDuration(now, "1 minute") }
  })

/** Registers the `AssetRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<AssetRepo | FolderRepo | AccountRepo | Store>): void => {
  it.effect("files round-trip every field, in their account only", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const folder = yield* givenFolder(account.id)
      const full = makeAsset(account.id, {
        folderId: folder.id,
        filename: "Été « ünïcode » 100%_off \\ x.mp4",
        contentType: "video/mp4",
        sizeBytes: 52_428_800,
        declaredSizeBytes: null,
        sourceUrl: "https://cdn.example.com/a%20b/c.mp4?x=1#f",
        importStatus: "done",
        importError: "an earlier attempt timed out",
        importAttempts: 3,
        importNextAt: at(-400 * DAY + 1),
        createdAt: at(-2 * DAY + 7),
        updatedAt: at(999),
        confirmedAt: at(1_001)
      })
      yield* assertRoundTrips(repo, [full, makeAsset(account.id)])
      assertNone(yield* repo.findById(other.id, full.id), "another account's file is not found")
      assertNone(yield* repo.findById(account.id, uid("ast")))
    })
  )

  it.effect("an id is unique, and a file needs its account and a folder of its own account", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const stored = yield* givenAsset(account.id)
      const theirs = yield* givenFolder(other.id)
      yield* assertInsertsFail(repo, [
        { ...stored, filename: "again" },
        makeAsset(uid("acc")),
        makeAsset(account.id, { folderId: theirs.id }),
        makeAsset(account.id, { folderId: uid("fld") })
      ])
      assertSome(yield* repo.findById(account.id, stored.id), stored, "the first file is kept as it was")
    })
  )

  it.effect("an update writes every field but createdAt, in the file's account only", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const folder = yield* givenFolder(account.id)
      const row = yield* givenAsset(account.id)
      const changed: Asset = {
        ...row,
        folderId: folder.id,
        filename: "renamed.png",
        sizeBytes: 1234,
        declaredSizeBytes: 1234,
        importAttempts: 2,
        importError: "x",
        createdAt: at(123_456),
        updatedAt: at(5_000),
        confirmedAt: at(5_000)
      }
      assert.isTrue(yield* repo.update(changed))
      assertSome(yield* repo.findById(account.id, row.id), { ...changed, createdAt: row.createdAt })
      assert.isFalse(yield* repo.update({ ...changed, accountId: other.id, filename: "hijacked" }))
      assert.isFalse(yield* repo.update(makeAsset(account.id)), "no file is created by an update")
      assertSome(
        yield* repo.findById(account.id, row.id),
        { ...changed, createdAt: row.createdAt },
        "unchanged by them"
      )
      const theirs = yield* givenFolder(other.id)
      yield* assertFails(repo.update({ ...changed, folderId: theirs.id }), "StoreError")
    })
  )

  it.effect("lists filter by folder, kind and name, sort either way and paginate with a total", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const folder = yield* givenFolder(account.id)
      const a = yield* givenAsset(account.id, { filename: "b-Logo.png", createdAt: at(1), sizeBytes: 30 })
      const b = yield* givenAsset(account.id, {
        filename: "a 100%_off.MP3",
        contentType: "audio/mpeg",
        createdAt: at(2),
        sizeBytes: 10,
        folderId: folder.id
      })
      const c = yield* givenAsset(account.id, {
        filename: "c-logo.json",
        contentType: "application/json",
        createdAt: at(2)
      })
      const d = yield* givenAsset(account.id, {
        filename: "ä\\z.webm",
        contentType: "video/webm",
        createdAt: at(3),
        sizeBytes: 20,
        folderId: folder.id
      })
      yield* givenAsset(other.id, { filename: "b-logo.png" })
      const list = (query: Partial<ListQuery>, page = all) => repo.list(account.id, assetQuery(query), page)
      const tied = [b, c].sort((x, y) => (x.id < y.id ? -1 : 1))

      const newest = yield* list({})
      assert.deepStrictEqual(ids(newest.items), [d.id, ...ids(tied).reverse(), a.id])
      assert.strictEqual(newest.total, 4)
      assert.deepStrictEqual(ids((yield* list({ dir: "asc" })).items), [a.id, ...ids(tied), d.id])
      assert.deepStrictEqual(ids((yield* list({ sort: "filename", dir: "asc" })).items), [b.id, a.id, c.id, d.id])
      assert.deepStrictEqual(ids((yield* list({ sort: "sizeBytes", dir: "asc" })).items), [b.id, d.id, a.id, c.id])
      assert.deepStrictEqual(
        ids((yield* list({ sort: "sizeBytes", dir: "desc" })).items),
        [a.id, d.id, b.id, c.id],
        "files without a size come last either way"
      )
      assert.deepStrictEqual(ids((yield* list({ folder: { _tag: "Root" } })).items), [c.id, a.id])
      assert.deepStrictEqual(ids((yield* list({ folder: { _tag: "In", id: folder.id } })).items), [d.id, b.id])
      assert.deepStrictEqual(ids((yield* list({ kind: "sound" })).items), [b.id])
      assert.deepStrictEqual(ids((yield* list({ kind: "lottie" })).items), [c.id])
      assert.deepStrictEqual(ids((yield* list({ kind: "video" })).items), [d.id])
      assert.deepStrictEqual(ids((yield* list({ search: "LOGO", dir: "asc" })).items), [a.id, c.id])
      assert.deepStrictEqual(ids((yield* list({ search: "0%_" })).items), [b.id], "% and _ are literal")
      assert.deepStrictEqual(ids((yield* list({ search: "\\" })).items), [d.id], "a backslash is literal")
      assert.deepStrictEqual(ids((yield* list({ search: "Ä" })).items), [], "only ASCII letters fold")
      const page = yield* list({ dir: "asc" }, { limit: 2, offset: 1 })
      assert.deepStrictEqual(ids(page.items), ids(tied))
      assert.strictEqual(page.total, 4)
      const past = yield* list({}, { limit: 2, offset: 10 })
      assert.deepStrictEqual(past.items, [])
      assert.strictEqual(past.total, 4, "a page past the end still counts")
    })
  )

  it.effect("findMany finds the account's files among ids; findAvailable only available files, in any account", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const pending = yield* givenAsset(account.id)
      const available = yield* givenAsset(account.id, { sizeBytes: 5, confirmedAt: at(1) })
      const theirs = yield* givenAsset(other.id, { sizeBytes: 5, confirmedAt: at(1) })
      const found = yield* repo.findMany(account.id, [available.id, theirs.id, pending.id, uid("ast"), pending.id])
      assert.deepStrictEqual(ids(found).sort(), [available.id, pending.id].sort())
      assert.deepStrictEqual(yield* repo.findMany(account.id, []), [])
      assertSome(yield* repo.findAvailable(available.id), available)
      assertSome(yield* repo.findAvailable(theirs.id), theirs)
      assertNone(yield* repo.findAvailable(pending.id), "a pending file is not served")
      assertNone(yield* repo.findAvailable(uid("ast")))
    })
  )

  it.effect("a delete deletes once, in the account only, and is undone with its transaction", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const asset = yield* givenAsset(account.id)
      assert.isFalse(yield* repo.delete(other.id, asset.id))
      yield* failedTransaction(repo.delete(account.id, asset.id))
      assertSome(yield* repo.findById(account.id, asset.id), asset, "rolled back")
      assert.isTrue(yield* repo.delete(account.id, asset.id))
      assert.isFalse(yield* repo.delete(account.id, asset.id))
      assertNone(yield* repo.findById(account.id, asset.id))
    })
  )

  it.effect("the storage used sums the sizes of the account's files", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      assert.strictEqual(yield* repo.storageUsed(account.id), 0)
      yield* givenAsset(account.id, { sizeBytes: 52_428_800, confirmedAt: at(1) })
      yield* givenAsset(account.id, { sizeBytes: 52_428_800, confirmedAt: at(1) })
      yield* givenAsset(account.id, { sizeBytes: 7, confirmedAt: at(1) })
      yield* givenAsset(account.id)
      yield* givenAsset(other.id, { sizeBytes: 1000, confirmedAt: at(1) })
      assert.strictEqual(yield* repo.storageUsed(account.id), 2 * 52_428_800 + 7, "past 2^31 - 1 bytes too")
    })
  )

  it.effect("pending uploads count at their reservation until confirmed; imports and other accounts do not", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      yield* givenAsset(account.id, { sizeBytes: 100, confirmedAt: at(1) })
      const pending = yield* givenAsset(account.id, { declaredSizeBytes: null, reservedBytes: 8_388_608 })
      yield* givenAsset(account.id, { declaredSizeBytes: 500, reservedBytes: 500 })
      yield* givenAsset(account.id, { reservedBytes: null })
      yield* givenAsset(account.id, makeImport(account.id, at(0), { reservedBytes: 9999 }))
      yield* givenAsset(other.id, { reservedBytes: 1000 })
      assert.strictEqual(yield* repo.storageUsed(account.id), 100 + 8_388_608 + 500)
      // Confirmed: its size counts in place of its reservation.
      yield* repo.update({ ...pending, sizeBytes: 42, reservedBytes: null, confirmedAt: at(2), updatedAt: at(2) })
      assert.strictEqual(yield* repo.storageUsed(account.id), 100 + 42 + 500)
    })
  )

  it.effect("open uploads: the account's uploads started since a time and not confirmed, and the oldest", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const none = yield* repo.openUploads(account.id, at(0))
      assert.strictEqual(none.count, 0)
      assertNone(none.oldest)
      yield* givenAsset(account.id, { createdAt: at(-10 * SECOND), reservedBytes: 1 })
      yield* givenAsset(account.id, { createdAt: at(5 * SECOND), reservedBytes: 1 })
      yield* givenAsset(account.id, { createdAt: at(2 * SECOND), reservedBytes: 1 })
      yield* givenAsset(account.id, { createdAt: at(3 * SECOND), sizeBytes: 9, confirmedAt: at(4 * SECOND) })
      yield* givenAsset(account.id, makeImport(account.id, at(0), { createdAt: at(1 * SECOND) }))
      yield* givenAsset(other.id, { createdAt: at(1 * SECOND), reservedBytes: 1 })
      const open = yield* repo.openUploads(account.id, at(0))
      assert.strictEqual(open.count, 2)
      assertSome(open.oldest, at(2 * SECOND))
    })
  )

  it.effect("files of folders are counted and moved to another folder or the top level", () =>
    Effect.gen(function* () {
      const { repo, account, other } = yield* givenTwoAccountsFor(AssetRepo)
      const parent = yield* givenFolder(account.id)
      const x = yield* givenFolder(account.id, { parentId: parent.id })
      const y = yield* givenFolder(account.id)
      const inX = yield* givenAsset(account.id, { folderId: x.id })
      const inY = yield* givenAsset(account.id, { folderId: y.id })
      const top = yield* givenAsset(account.id)
      yield* givenAsset(other.id)
      assert.strictEqual(yield* repo.countInFolders(account.id, [x.id, y.id]), 2)
      assert.strictEqual(yield* repo.countInFolders(account.id, []), 0)
      assert.strictEqual(yield* repo.countInFolders(other.id, [x.id]), 0)
      assert.strictEqual(yield* repo.moveFromFolders(account.id, [x.id], parent.id, at(77)), 1)
      assertSome(yield* repo.findById(account.id, inX.id), { ...inX, folderId: parent.id, updatedAt: at(77) })
      assert.strictEqual(yield* repo.moveFromFolders(account.id, [y.id, parent.id], null, at(88)), 2)
      assertSome(yield* repo.findById(account.id, inY.id), { ...inY, folderId: null, updatedAt: at(88) })
      assertSome(yield* repo.findById(account.id, top.id), top, "a file in no folder is left as it is")
      assert.strictEqual(yield* repo.moveFromFolders(other.id, [x.id], null, at(99)), 0)
    })
  )

  it.effect("imports are claimed once per lease, earliest due first, each claim counting an attempt", () =>
    Effect.gen(function* () {
      const { repo, now, account, lease } = yield* claimingOn(10)
      const late = yield* givenAsset(account.id, makeImport(account.id, at(10 * DAY - SECOND)))
      const early = yield* givenAsset(account.id, makeImport(account.id, at(10 * DAY - HOUR), { importAttempts: 2 }))
      yield* givenAsset(account.id, makeImport(account.id, at(10 * DAY + HOUR)))
      yield* givenAsset(account.id, makeImport(account.id, at(0), { importStatus: "failed" }))
      yield* givenAsset(account.id, { importNextAt: at(0) })

      const first = yield* repo.claimImports(now, lease, 1)
      assert.deepStrictEqual(
        first.map((c) => c.asset.id),
        [early.id]
      )
      assertSame(first[0]!.asset, { ...early, importAttempts: 3 })
      assertSame(first[0]!.leaseUntil, lease)
      const rest = yield* repo.claimImports(now, lease, 10)
      assert.deepStrictEqual(
        rest.map((c) => c.asset.id),
        [late.id],
        "a held claim, a future one and settled files are left"
      )
      assert.deepStrictEqual(yield* repo.claimImports(now, lease, 10), [])
      const later = DateTime.addDuration(lease, "1 second")
      const again = yield* repo.claimImports(later, DateTime.addDuration(later, "1 minute"), 10)
      assert.deepStrictEqual(
        again.map((c) => c.asset.id),
        [early.id, late.id],
        "a claim whose lease passed is claimed again"
      )
      assert.strictEqual(again[0]!.asset.importAttempts, 4)
      yield* settleImports(at(20 * DAY))
    })
  )

  it.effect("concurrent claims never return the same import", () =>
    Effect.gen(function* () {
      const { repo, now, account, lease } = yield* claimingOn(30)
      const made: Array<string> = []
      for (let i = 0; i < 12; i++)
        made.push((yield* givenAsset(account.id, makeImport(account.id, at(30 * DAY - i)))).id)
      const claims = yield* Effect.all(
        Array.from({ length: 6 }, () => repo.claimImports(now, lease, 3)),
        { concurrency: "unbounded" }
      )
      const claimed = claims.flat().map((c) => c.asset.id)
      assert.strictEqual(new Set(claimed).size, claimed.length, "no import is claimed twice")
      assert.deepStrictEqual([...claimed].sort(), [...made].sort())
      yield* settleImports(at(40 * DAY))
    })
  )

  it.effect("an import's outcome is written, and its claim given back, only under its lease", () =>
    Effect.gen(function* () {
      const { repo, now, account, lease } = yield* claimingOn(50)
      const imported = yield* givenAsset(account.id, makeImport(account.id, now))
      const [claim] = yield* repo.claimImports(now, lease, 10)
      assert.strictEqual(claim?.asset.id, imported.id)
      const done: Asset = {
        ...claim!.asset,
        contentType: "image/png",
        sizeBytes: 99,
        importStatus: "done",
        importNextAt: null,
        confirmedAt: at(50 * DAY + 5),
        updatedAt: at(50 * DAY + 5)
      }
      assert.isFalse(
        yield* repo.finishImport(done, DateTime.addDuration(lease, "1 millis")),
        "another lease writes nothing"
      )
      yield* repo.releaseImport(account.id, imported.id, DateTime.addDuration(lease, "1 millis"))
      assert.deepStrictEqual(
        yield* repo.claimImports(now, lease, 10),
        [],
        "a release under another lease releases nothing"
      )
      yield* repo.releaseImport(account.id, imported.id, lease)
      const [reclaimed] = yield* repo.claimImports(now, lease, 10)
      assert.strictEqual(reclaimed?.asset.importAttempts, 1, "a released claim's attempt is not counted")
      assert.isTrue(yield* repo.finishImport(done, lease))
      assertSome(yield* repo.findById(account.id, imported.id), done)
      assert.isFalse(yield* repo.finishImport(done, lease), "the claim was released by the outcome")
      assertSome(yield* repo.findAvailable(imported.id), done)
      yield* settleImports(at(60 * DAY))
    })
  )

  it.effect("stale uploads are deleted, never available files, imports or fresh uploads", () =>
    Effect.gen(function* () {
      const repo = yield* AssetRepo
      const account = yield* givenAccount()
      const stale = yield* givenAsset(account.id, { createdAt: at(-1000 * DAY) })
      const fresh = yield* givenAsset(account.id, { createdAt: at(0) })
      const kept = yield* givenAsset(account.id, { createdAt: at(-1000 * DAY), sizeBytes: 1, confirmedAt: at(1) })
      const imported = yield* givenAsset(
        account.id,
        makeImport(account.id, at(-1000 * DAY), { createdAt: at(-1000 * DAY), importStatus: "failed" })
      )
      const deleted: Array<Asset> = []
      while (true) {
        const batch = yield* repo.deleteStaleUploads(at(-900 * DAY), 2)
        deleted.push(...batch)
        if (batch.length < 2) break
      }
      assert.include(ids(deleted), stale.id)
      assert.notInclude(ids(deleted), kept.id)
      assertNone(yield* repo.findById(account.id, stale.id))
      assertSome(yield* repo.findById(account.id, fresh.id), fresh)
      assertSome(yield* repo.findById(account.id, kept.id), kept)
      assertSome(yield* repo.findById(account.id, imported.id), imported)
    })
  )
}
