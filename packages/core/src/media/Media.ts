/**
 * The media library's file use cases: start an upload (presign), confirm it, import from a URL,
 * get, list, rename or move, delete, where files are used, and the file to serve at a URL.
 *
 * - **Upload.** `presign` (assets.manage; plan feature Media library) stores a pending file and
 *   answers the store's signed form POST for its upload slot. Before any byte moves, under the
 *   account's lock: at most `Asset.MAX_OPEN_UPLOADS` uploads open (presigned within `uploadTtl`, not
 *   confirmed; `TooManyOpenUploads` past it), and the storage limit must hold the upload's
 *   reservation (`Asset.reservation`: `sizeBytes`, else the most its type allows) on top of the
 *   files and the other pending uploads' reservations (`PlanError`). `confirm` moves the uploaded bytes to the file's own key, checks
 *   them (`ContentCheck.inspect`: the declared type by their bytes, the kind's size, a whole
 *   container; the exact size when one was declared) and, under the account's lock, the storage
 *   limit with the real size in place of its reservation; then the file is available, with
 *   `sizeBytes` and `confirmedAt` set. Refused bytes (`FileRefused`, or `PlanError` when the limit was lowered since
 *   the presign) are deleted at once and the file stays pending (a new POST may follow while the
 *   policy lasts). A confirm of an available file answers it again.
 * - **Import.** `importFrom` checks the URL with the webhooks' public-address guard
 *   (`checkImportUrl`) and stores a pending import that a background worker (`MediaImports`)
 *   fetches, checking the addresses again when it connects.
 * - **Delete** (assets.delete) removes the file at once (it stops being served), then its bytes.
 * - Pending uploads (never confirmed) count in the storage used at their reservation; the worker
 *   deletes them, with their bytes, once `MediaSettings.pendingTtl` has passed.
 *
 * @since 0.1.0
 */
import { Bytes, Context, DateTime, Effect, Layer, Option, Stream } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as Plan from "../accounts/Plan.ts"
import { type InvalidFields, type MissingPermission, type StoreError, foundOr } from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import { MediaError } from "./MediaErrors.ts"
import { defined } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import type { Page } from "../Pagination.ts"
import { LockKey, Store, withLock } from "../Store.ts"
import { invalid } from "../Validation.ts"
import { publicHostProblem, urlCheck, WebhookPolicy } from "../webhooks/Webhooks.ts"
import * as Asset from "./Asset.ts"
import * as AssetUsage from "./AssetUsage.ts"
import { BlobStore, type Location, type PresignedUpload } from "./BlobStore.ts"
import * as ContentCheck from "./ContentCheck.ts"
import { FolderRepo } from "./Folder.ts"
import {
  AssetNotFound,
  FileMissing,
  FileRefused,
  FolderNotFound,
  NotAnUpload,
  TooManyOpenUploads
} from "./MediaErrors.ts"
import { MediaSettings } from "./MediaSettings.ts"

/** A started upload: the pending file and how the browser uploads its bytes. */
export interface Presigned {
  readonly asset: Asset.Asset
  readonly upload: PresignedUpload
}

/** A file and where it is used. */
export interface Usage {
  readonly asset: Asset.Asset
  readonly uses: ReadonlyArray<AssetUsage.Use>
}

/** A file to serve and where its bytes are. */
export interface ToServe {
  readonly asset: Asset.Asset
  readonly location: Location
}

/** `MediaError` (`AssetNotFound`) for the file `id`. */
export const assetNotFound = (id: string): MediaError => new MediaError({ reason: new AssetNotFound({ id }) })

/** `MediaError` (`FolderNotFound`) for the folder `id`, named by the field `path` when a request named it. */
export const folderNotFound = (id: string, path?: string): MediaError =>
  new MediaError({ reason: new FolderNotFound(path === undefined ? { id } : { id, path }) })

/** The folder `id` of the account, or `MediaError` (`FolderNotFound`, naming the field `path` when a request named it). */
export const findFolder = (folders: FolderRepo["Service"], accountId: string, id: string, path?: string) =>
  folders.findById(accountId, id).pipe(foundOr(() => folderNotFound(id, path)))

/**
 * What the file and folder use cases (`Media`, `MediaFolders`) share, built from the ports their
 * layers are given: the library's repositories, the transaction every change to the library runs
 * in (`locked`: holding the account's lock, so a folder being deleted never gains a file or a
 * subfolder) and the folder lookup (`findFolder`).
 */
export const library = Effect.gen(function* () {
  const store = yield* Store
  const assets = yield* Asset.AssetRepo
  const folders = yield* FolderRepo
  return {
    assets,
    folders,
    locked: <A, E, R>(accountId: string, self: Effect.Effect<A, E, R>) =>
      withLock(store, LockKey.account(accountId), self),
    findFolder: (accountId: string, id: string, path?: string) => findFolder(folders, accountId, id, path)
  }
})

/**
 * Checks the URL of an import with the webhooks' public-address guard (`HostResolver` and
 * `WebhookPolicy`): an absolute http or https URL without credentials whose host resolves only to
 * public addresses, unless the server allows private URLs. The problem, or undefined. (Plain http
 * is allowed, unlike for webhooks: an import sends no secret, and its bytes are checked by their
 * content. The fetch checks the addresses again when it connects.)
 */
export const checkImportUrl = Effect.fnUntraced(function* (url: string) {
  if (!URL.canParse(url)) return "must be an absolute URL"
  const parsed = new URL(url)
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "must be an http or https URL"
  if (parsed.username !== "" || parsed.password !== "") return "must not carry credentials"
  if ((yield* WebhookPolicy).allowPrivateUrls) return undefined
  return yield* publicHostProblem(parsed)
})

/** Reads `length` bytes at `offset` of the blob `key` (a `ContentCheck.Reader`). */
export const reader =
  (blobs: BlobStore["Service"], key: string): ContentCheck.Reader =>
  (offset, length) =>
    Effect.map(Stream.runCollect(blobs.read(key, { offset, length })), (chunks) =>
      chunks.length === 1 ? chunks[0]! : Bytes.concat(chunks)
    )

export class Media extends Context.Service<
  Media,
  Actor.Reads<Asset.Asset, Asset.ListQuery, MediaError, MediaError> & {
    readonly presign: Actor.Create<Presigned, Asset.PresignUpload, PlanError | InvalidFields | MediaError>
    readonly confirm: (
      actor: Actor.Actor,
      id: string
    ) => Effect.Effect<Asset.Asset, MissingPermission | PlanError | InvalidFields | MediaError | StoreError>
    readonly importFrom: Actor.Create<Asset.Asset, Asset.ImportAsset, PlanError | InvalidFields | MediaError>
    readonly update: Actor.Update<Asset.Asset, Asset.UpdateAsset, never, MediaError>
    readonly delete: Actor.Delete<never, MediaError>
    /** Where the account's files are used: those used somewhere, or the one file `assetId`. */
    readonly usage: (
      actor: Actor.Actor,
      assetId: string | undefined
    ) => Effect.Effect<ReadonlyArray<Usage>, MissingPermission | MediaError | StoreError>
    /** The available file with this id and where its bytes are served from (no actor: files are public). */
    readonly serve: (id: string) => Effect.Effect<Option.Option<ToServe>, StoreError>
    /** A file as the API shows it (with its URL). */
    readonly view: (asset: Asset.Asset) => Asset.AssetView
  }
>()("@campaign-games/core/Media") {
  static readonly layer = Layer.effect(
    Media,
    Effect.gen(function* () {
      const { assets, locked, findFolder } = yield* library
      const blobs = yield* BlobStore
      const sniffer = yield* ContentCheck.ContentSniffer
      const requireUrl = yield* urlCheck
      const settings = yield* MediaSettings
      const usageSources = yield* Effect.context<AssetUsage.SourceServices>()

      const find = (accountId: string, id: string) =>
        assets.findById(accountId, id).pipe(Asset.findOr(() => assetNotFound(id)))

      const requireFolder = (accountId: string, id: string, path: string) =>
        Effect.asVoid(findFolder(accountId, id, path))

      const refuse = (key: string, assetId: string, problem: string) =>
        blobs
          .delete([key])
          .pipe(Effect.andThen(Effect.fail(new MediaError({ reason: new FileRefused({ assetId, problem }) }))))

      /** `TooManyOpenUploads` when the account has `MAX_OPEN_UPLOADS` uploads open at `now`. */
      const requireUploadSlot = Effect.fnUntraced(function* (accountId: string, now: DateTime.Utc) {
        const open = yield* assets.openUploads(accountId, DateTime.subtractDuration(now, settings.uploadTtl))
        if (open.count < Asset.MAX_OPEN_UPLOADS) return
        const endsAt = Option.match(open.oldest, {
          onNone: () => DateTime.addDuration(now, settings.uploadTtl),
          onSome: (oldest) => DateTime.addDuration(oldest, settings.uploadTtl)
        })
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((DateTime.toEpochMillis(endsAt) - DateTime.toEpochMillis(now)) / 1000)
        )
        return yield* new MediaError({
          reason: new TooManyOpenUploads({ limit: Asset.MAX_OPEN_UPLOADS, retryAfterSeconds })
        })
      })

      /**
       * Stores a new file under the account's lock: its folder must exist, `check` must pass (an
       * upload's free slot among the open ones), and the plan's storage must hold `bytes` more.
       */
      const insert = <E = never>(
        actor: Actor.Actor,
        asset: Asset.Asset,
        bytes: number,
        check: Effect.Effect<void, E> = Effect.void
      ) =>
        locked(
          actor.account.id,
          Effect.gen(function* () {
            if (asset.folderId !== null) yield* requireFolder(actor.account.id, asset.folderId, "folderId")
            yield* check
            const used = yield* assets.storageUsed(actor.account.id)
            yield* Plan.checkLimit(Actor.limits(actor), "storageBytes", used, bytes)
            yield* assets.insert(asset)
          })
        )

      const presign = Effect.fn("Media.presign")(function* (actor: Actor.Actor, input: Asset.PresignUpload) {
        yield* Actor.require(actor, "assets.manage")
        yield* Plan.requireFeature(Actor.features(actor), "mediaLibrary")
        const kind = Asset.kindOf(input.contentType)
        const max = Asset.maxBytes[kind]
        if (input.sizeBytes !== undefined && input.sizeBytes > max) {
          return yield* invalid([
            {
              path: "sizeBytes",
              message: `must be at most ${max} (${Asset.sizeText(max)}) for ${Asset.kindName[kind]}`
            }
          ])
        }
        const now = yield* DateTime.now
        const asset: Asset.Asset = {
          id: yield* Ids.make(Ids.Prefix.asset),
          accountId: actor.account.id,
          folderId: input.folderId ?? null,
          filename: input.filename,
          contentType: input.contentType,
          sizeBytes: null,
          declaredSizeBytes: input.sizeBytes ?? null,
          reservedBytes: Asset.reservation(input.contentType, input.sizeBytes),
          sourceUrl: null,
          importStatus: null,
          importError: null,
          importAttempts: 0,
          importNextAt: null,
          createdAt: now,
          updatedAt: now,
          confirmedAt: null
        }
        yield* insert(actor, asset, asset.reservedBytes ?? 1, requireUploadSlot(actor.account.id, now))
        const upload = yield* blobs.presignUpload({
          key: Asset.uploadKey(asset),
          contentType: input.contentType,
          minBytes: input.sizeBytes ?? 1,
          maxBytes: input.sizeBytes ?? max,
          expiresAt: DateTime.addDuration(now, settings.uploadTtl)
        })
        return { asset, upload }
      })

      const confirm = Effect.fn("Media.confirm")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "assets.manage")
        yield* Plan.requireFeature(Actor.features(actor), "mediaLibrary")
        const asset = yield* find(actor.account.id, id)
        if (Asset.isImport(asset)) return yield* new MediaError({ reason: new NotAnUpload({ assetId: id }) })
        if (Asset.isAvailable(asset)) return asset
        const key = Asset.fileKey(asset)
        yield* blobs.move(Asset.uploadKey(asset), key, asset.contentType)
        const stat = yield* blobs.stat(key)
        if (Option.isNone(stat)) {
          // Nothing uploaded, or a concurrent confirm (or deletion) took the bytes first.
          const again = yield* find(actor.account.id, id)
          if (Asset.isAvailable(again)) return again
          return yield* new MediaError({ reason: new FileMissing({ assetId: id }) })
        }
        const size = stat.value.size
        if (asset.declaredSizeBytes !== null && size !== asset.declaredSizeBytes) {
          return yield* refuse(key, id, `the file is ${size} bytes, not the ${asset.declaredSizeBytes} declared`)
        }
        const declared = Asset.isContentType(asset.contentType) ? asset.contentType : undefined
        const verdict = yield* ContentCheck.inspect({ declared, size, read: reader(blobs, key) }).pipe(
          Effect.provideService(ContentCheck.ContentSniffer, sniffer)
        )
        if (verdict._tag === "Refused") return yield* refuse(key, id, verdict.problem)
        const now = yield* DateTime.now
        const confirmed = yield* locked(
          actor.account.id,
          Effect.gen(function* () {
            const current = yield* assets.findById(actor.account.id, id)
            if (Option.isNone(current)) return Option.none<Asset.Asset>()
            if (Asset.isAvailable(current.value)) return current
            // The file's real size takes the place of its reservation.
            const used = yield* assets.storageUsed(actor.account.id)
            yield* Plan.checkLimit(Actor.limits(actor), "storageBytes", used - (current.value.reservedBytes ?? 0), size)
            const next: Asset.Asset = {
              ...current.value,
              sizeBytes: size,
              reservedBytes: null,
              confirmedAt: now,
              updatedAt: now
            }
            yield* assets.update(next)
            return Option.some(next)
          })
        ).pipe(
          // Over the limit (it was lowered since the presign): the bytes go at once, not at the sweep.
          Effect.tapErrorTag("PlanError", () => blobs.delete([key]))
        )
        if (Option.isNone(confirmed)) {
          // Deleted while its bytes were checked: they go too.
          yield* blobs.delete([key])
          return yield* assetNotFound(id)
        }
        return confirmed.value
      })

      const importFrom = Effect.fn("Media.importFrom")(function* (actor: Actor.Actor, input: Asset.ImportAsset) {
        yield* Actor.require(actor, "assets.manage")
        yield* Plan.requireFeature(Actor.features(actor), "mediaLibrary")
        yield* requireUrl(checkImportUrl, input.url)
        const now = yield* DateTime.now
        const asset: Asset.Asset = {
          id: yield* Ids.make(Ids.Prefix.asset),
          accountId: actor.account.id,
          folderId: input.folderId ?? null,
          filename: input.filename ?? Asset.filenameOfUrl(input.url),
          contentType: input.contentType ?? Asset.UNKNOWN_TYPE,
          sizeBytes: null,
          declaredSizeBytes: null,
          reservedBytes: null,
          sourceUrl: input.url,
          importStatus: "pending",
          importError: null,
          importAttempts: 0,
          importNextAt: now,
          createdAt: now,
          updatedAt: now,
          confirmedAt: null
        }
        yield* insert(actor, asset, 1)
        return asset
      })

      const get = Actor.guarded("Media.get", "assets.read", find)

      const list = Effect.fn("Media.list")(function* (actor: Actor.Actor, query: Asset.ListQuery, page: Page) {
        yield* Actor.require(actor, "assets.read")
        if (query.folder._tag === "In") yield* requireFolder(actor.account.id, query.folder.id, "folderId")
        return yield* assets.list(actor.account.id, query, page)
      })

      const update = Effect.fn("Media.update")(function* (actor: Actor.Actor, id: string, patch: Asset.UpdateAsset) {
        yield* Actor.require(actor, "assets.manage")
        const now = yield* DateTime.now
        return yield* locked(
          actor.account.id,
          Effect.gen(function* () {
            const current = yield* find(actor.account.id, id)
            if (patch.folderId !== undefined && patch.folderId !== null) {
              yield* requireFolder(actor.account.id, patch.folderId, "folderId")
            }
            const next: Asset.Asset = {
              ...current,
              ...defined(patch, ["filename"]),
              ...(patch.folderId === undefined ? {} : { folderId: patch.folderId }),
              updatedAt: now
            }
            yield* assets.update(next)
            return next
          })
        )
      })

      const remove = Effect.fn("Media.delete")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "assets.delete")
        const asset = yield* find(actor.account.id, id)
        if (!(yield* assets.delete(actor.account.id, id))) return yield* assetNotFound(id)
        // The file stopped being served with its row; its bytes go now. Bytes left by a failed
        // deletion are never served (no row names them), so the answer does not wait on them.
        yield* blobs
          .delete([Asset.uploadKey(asset), Asset.fileKey(asset)])
          .pipe(Effect.catch((error) => Effect.logWarning("media file bytes not deleted", id, error.message)))
      })

      const usage = Effect.fn("Media.usage")(function* (actor: Actor.Actor, assetId: string | undefined) {
        yield* Actor.require(actor, "assets.read")
        if (assetId !== undefined) yield* find(actor.account.id, assetId)
        const found = yield* AssetUsage.uses(actor.account.id, settings.publicUrl).pipe(
          Effect.provideContext(usageSources)
        )
        const ids = assetId === undefined ? [...found.keys()] : [assetId]
        const files = yield* assets.findMany(actor.account.id, ids)
        return [...files]
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((asset): Usage => ({ asset, uses: found.get(asset.id) ?? [] }))
      })

      const serve = Effect.fn("Media.serve")(function* (id: string) {
        const asset = yield* assets.findAvailable(id)
        if (Option.isNone(asset)) return Option.none<ToServe>()
        const location = yield* blobs.locate(Asset.fileKey(asset.value), {
          contentType: asset.value.contentType,
          filename: asset.value.filename
        })
        return Option.some({ asset: asset.value, location })
      })

      return Media.of({
        presign,
        confirm,
        importFrom,
        get,
        list,
        update,
        delete: remove,
        usage,
        serve,
        view: (asset) => Asset.view(asset, settings.publicUrl)
      })
    })
  )
}
