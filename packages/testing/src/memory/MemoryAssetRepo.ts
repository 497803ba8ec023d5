/**
 * `AssetRepo` in memory, with the semantics of the SQL store (`SqlAssetRepo`):
 *
 * - Ids are unique, a file needs its account and, when it is in one, a folder of its own account
 *   (a breach fails with `StoreError`, as the keys do in SQL). Every query is scoped by account
 *   but `findAvailable` (by id alone) and `claimImports`.
 * - Lists filter by folder (any, the top level, one), kind (by content type) and file name (a
 *   literal substring folding ASCII letters only, as `ILIKE` under `COLLATE "C"`), sort by
 *   `createdAt`, file name (by code point) or size (files without one last, either way), ties by
 *   id in the same direction, and paginate with a `total`.
 * - `claimImports`, `finishImport` and `releaseImport` run one at a time (a semaphore), so a claim
 *   is atomic: concurrent claims never return the same import while its lease runs; a lease that
 *   has passed is no claim; `finishImport` and `releaseImport` write only while the lease given is
 *   still the file's.
 *
 * @since 0.1.0
 */
import type { ContentType, Kind } from "@campaign-games/core/media/Asset"
import {
  type Asset,
  AssetRepo,
  type ClaimedImport,
  contentTypes,
  kindOf,
  type ListQuery
} from "@campaign-games/core/media/Asset"
import { DateTime, Effect, Layer, Option, Semaphore } from "effect"
import {
  byCodePoint,
  byTime,
  checkNewOfAccount,
  conflict,
  directed,
  inAccount,
  paginate,
  searching
} from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"
import { checkFolder } from "./MemoryMediaFolderRepo.ts"
import type { StoredAsset } from "./MemoryMediaTables.ts"

const millis = DateTime.toEpochMillis

/** The content types of each kind. */
const typesOf = (kind: Kind): ReadonlyArray<string> => contentTypes.filter((type: ContentType) => kindOf(type) === kind)

/** The order of a list: by the sort key (files without a size last, either way), then by id. */
const order = (query: Pick<ListQuery, "sort" | "dir">) => {
  const byKey = directed<Asset>(query.dir, (a, b) =>
    query.sort === "createdAt"
      ? byTime(a.createdAt, b.createdAt)
      : query.sort === "filename"
        ? byCodePoint(a.filename, b.filename)
        : (a.sizeBytes ?? 0) - (b.sizeBytes ?? 0)
  )
  return (a: Asset, b: Asset): number =>
    query.sort === "sizeBytes" && (a.sizeBytes === null) !== (b.sizeBytes === null)
      ? a.sizeBytes === null
        ? 1
        : -1
      : byKey(a, b)
}

/** `AssetRepo` over the files table (and the accounts and folders a file names). */
export const layer: Layer.Layer<AssetRepo, never, MemoryDatabase> = repository(
  AssetRepo,
  ({ accounts, mediaAssets, mediaFolders }) => {
    const serial = Semaphore.makeUnsafe(1)

    const find = (accountId: string, id: string): StoredAsset | undefined => {
      const stored = mediaAssets.get(id)
      return stored !== undefined && inAccount(accountId, stored.asset) !== undefined ? stored : undefined
    }
    const ofAccount = (accountId: string, keep: (asset: Asset) => boolean = () => true): Array<Asset> => {
      const out: Array<Asset> = []
      for (const { asset } of mediaAssets.values()) if (asset.accountId === accountId && keep(asset)) out.push(asset)
      return out
    }
    const sameLease = (stored: StoredAsset, leaseUntil: DateTime.Utc): boolean =>
      stored.leaseUntil !== null && millis(stored.leaseUntil) === millis(leaseUntil)

    return AssetRepo.of({
      insert: Effect.fnUntraced(function* (asset) {
        yield* checkNewOfAccount(mediaAssets, accounts, asset, "file")
        yield* checkFolder(mediaFolders, asset.accountId, asset.folderId)
        yield* mediaAssets.set(asset.id, { asset, leaseUntil: null })
      }),
      update: Effect.fnUntraced(function* (asset) {
        const stored = find(asset.accountId, asset.id)
        if (stored === undefined) return false
        yield* checkFolder(mediaFolders, asset.accountId, asset.folderId)
        yield* mediaAssets.set(asset.id, { ...stored, asset: { ...asset, createdAt: stored.asset.createdAt } })
        return true
      }),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id)?.asset)),
      findMany: (accountId, ids) =>
        Effect.sync(() => {
          const out: Array<Asset> = []
          for (const id of new Set(ids)) {
            const stored = find(accountId, id)
            if (stored !== undefined) out.push(stored.asset)
          }
          return out
        }),
      findAvailable: (id) =>
        Effect.sync(() => {
          const asset = mediaAssets.get(id)?.asset
          return asset !== undefined && asset.confirmedAt !== null ? Option.some(asset) : Option.none()
        }),
      list: (accountId, query, page) =>
        Effect.sync(() => {
          const found = searching(query.search)
          const types = query.kind === undefined ? undefined : typesOf(query.kind)
          const folder = query.folder
          const keep = (asset: Asset) =>
            (folder._tag === "Any" ||
              (folder._tag === "Root" ? asset.folderId === null : asset.folderId === folder.id)) &&
            (types === undefined || types.includes(asset.contentType)) &&
            found(asset.filename)
          return paginate(ofAccount(accountId, keep).sort(order(query)), page)
        }),
      delete: (accountId, id) =>
        Effect.suspend(() => (find(accountId, id) === undefined ? Effect.succeed(false) : mediaAssets.delete(id))),
      storageUsed: (accountId) =>
        Effect.sync(() =>
          ofAccount(accountId).reduce(
            (sum, asset) =>
              sum +
              (asset.sizeBytes ??
                (asset.confirmedAt === null && asset.importStatus === null ? (asset.reservedBytes ?? 0) : 0)),
            0
          )
        ),
      openUploads: (accountId, since) =>
        Effect.sync(() => {
          const open = ofAccount(
            accountId,
            (asset) =>
              asset.confirmedAt === null && asset.importStatus === null && millis(asset.createdAt) > millis(since)
          )
          const oldest = open.reduce<DateTime.Utc | undefined>(
            (first, asset) =>
              first === undefined || millis(asset.createdAt) < millis(first) ? asset.createdAt : first,
            undefined
          )
          return { count: open.length, oldest: Option.fromUndefinedOr(oldest) }
        }),
      countInFolders: (accountId, folderIds) =>
        Effect.sync(() => {
          const ids = new Set(folderIds)
          return ofAccount(accountId, (asset) => asset.folderId !== null && ids.has(asset.folderId)).length
        }),
      moveFromFolders: Effect.fnUntraced(function* (accountId, from, to, now) {
        const ids = new Set(from)
        const moving = ofAccount(accountId, (asset) => asset.folderId !== null && ids.has(asset.folderId))
        if (to !== null && mediaFolders.get(to)?.accountId !== accountId) {
          return yield* conflict(`No folder ${to} in account ${accountId}.`)
        }
        for (const asset of moving) {
          yield* mediaAssets.set(asset.id, {
            ...mediaAssets.get(asset.id)!,
            asset: { ...asset, folderId: to, updatedAt: now }
          })
        }
        return moving.length
      }),
      claimImports: (now, leaseUntil, limit) =>
        Effect.gen(function* () {
          const due: Array<StoredAsset> = []
          for (const stored of mediaAssets.values()) {
            const { asset } = stored
            if (
              asset.importStatus === "pending" &&
              asset.importNextAt !== null &&
              millis(asset.importNextAt) <= millis(now) &&
              (stored.leaseUntil === null || millis(stored.leaseUntil) < millis(now))
            ) {
              due.push(stored)
            }
          }
          due.sort(
            (a, b) =>
              millis(a.asset.importNextAt!) - millis(b.asset.importNextAt!) || byCodePoint(a.asset.id, b.asset.id)
          )
          const claimed: Array<ClaimedImport> = []
          for (const stored of due.slice(0, limit)) {
            const asset = { ...stored.asset, importAttempts: stored.asset.importAttempts + 1 }
            yield* mediaAssets.set(asset.id, { asset, leaseUntil })
            claimed.push({ asset, leaseUntil })
          }
          return claimed
        }).pipe(serial.withPermit),
      finishImport: (asset, leaseUntil) =>
        Effect.gen(function* () {
          const stored = find(asset.accountId, asset.id)
          if (stored === undefined || !sameLease(stored, leaseUntil)) return false
          yield* mediaAssets.set(asset.id, { asset: { ...asset, createdAt: stored.asset.createdAt }, leaseUntil: null })
          return true
        }).pipe(serial.withPermit),
      releaseImport: (accountId, id, leaseUntil) =>
        Effect.gen(function* () {
          const stored = find(accountId, id)
          if (stored === undefined || !sameLease(stored, leaseUntil)) return
          const attempts = Math.max(0, stored.asset.importAttempts - 1)
          yield* mediaAssets.set(id, { asset: { ...stored.asset, importAttempts: attempts }, leaseUntil: null })
        }).pipe(serial.withPermit),
      deleteStaleUploads: (before, limit) =>
        Effect.gen(function* () {
          const stale: Array<Asset> = []
          for (const { asset } of mediaAssets.values()) {
            if (
              asset.importStatus === null &&
              asset.confirmedAt === null &&
              millis(asset.createdAt) < millis(before) &&
              stale.length < limit
            ) {
              stale.push(asset)
            }
          }
          for (const asset of stale) yield* mediaAssets.delete(asset.id)
          return stale
        })
    })
  }
)
