/**
 * The import worker, run as a fiber on every server instance that runs background work
 * (`MediaEngine.layer({ background: true })`): it claims due imports atomically (a lease in the
 * store, `AssetRepo.claimImports`: instances never claim the same import while a lease runs), and
 * for each one:
 *
 * 1. fetches the URL through the `UrlFetcher` (the public-address guard, checked again at connect
 *    time; redirects only to public addresses, a few at most);
 * 2. streams the body into the file's upload slot, cut off past the largest size allowed (its
 *    kind's when a type was asked for, else 50 MiB): the bytes are counted as they arrive;
 * 3. checks them as a confirm does (`ContentCheck.inspect`: the type by the bytes, which must be
 *    the one asked for when one was; the kind's size; a whole container) and moves them to the
 *    file's key;
 * 4. under the account's lock, checks the storage limit with the real size and ends the import
 *    `done` (the file is available: `sizeBytes`, `confirmedAt` and its type set), or `failed`
 *    with `importError`.
 *
 * A failure that trying later may cure (a timeout, a refused or reset connection, 408, 429, 5xx,
 * the blob store unavailable) is tried again after a wait that doubles (`MediaSettings.imports`),
 * up to `maxAttempts` attempts in all, each counted in `importAttempts` when claimed; the import
 * stays `pending` meanwhile, with the last attempt's error. Any other failure is final. Whatever
 * fails, nothing is kept: the bytes of a failed attempt are deleted.
 *
 * Outcomes are written only while the claim is still this worker's (the lease is a fencing
 * token): an import deleted meanwhile, or taken over after the lease passed, keeps the other's
 * state, and this worker deletes the bytes it wrote. A worker that is stopped gives its claims
 * back, uncounted.
 *
 * The same loop sweeps, every `sweepEvery`, the uploads never confirmed within `pendingTtl`
 * (their rows and bytes) and upload slots older than that (replayed uploads).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, FiberSet, Layer, Option } from "effect"
import * as Account from "../accounts/Account.ts"
import * as Plan from "../accounts/Plan.ts"
import type { StoreError } from "../Failure.ts"
import { LockKey, Store, withLock } from "../Store.ts"
import * as Asset from "./Asset.ts"
import { BlobStore } from "./BlobStore.ts"
import * as ContentCheck from "./ContentCheck.ts"
import { reader } from "./Media.ts"
import { MediaSettings, retryWait, type Settings } from "./MediaSettings.ts"
import { UrlFetcher } from "./UrlFetcher.ts"

/** How one attempt ended. */
export type Outcome =
  | { readonly _tag: "Stored"; readonly contentType: Asset.ContentType; readonly size: number }
  | { readonly _tag: "Failed"; readonly reason: string; readonly retryable: boolean }

const failed = (reason: string, retryable: boolean): Outcome => ({ _tag: "Failed", reason, retryable })

/**
 * The import after an attempt ending in `outcome` at `now` (pure): done, pending again (a
 * retryable failure with attempts left) or failed. `attempts` already counts this attempt.
 */
export const afterAttempt = (
  asset: Asset.Asset,
  outcome: Outcome,
  now: DateTime.Utc,
  settings: Settings
): Asset.Asset => {
  if (outcome._tag === "Stored") {
    return {
      ...asset,
      contentType: outcome.contentType,
      sizeBytes: outcome.size,
      importStatus: "done",
      importError: null,
      importNextAt: null,
      confirmedAt: now,
      updatedAt: now
    }
  }
  const reason = outcome.reason.slice(0, 300)
  if (outcome.retryable && asset.importAttempts < settings.imports.maxAttempts) {
    return {
      ...asset,
      importStatus: "pending",
      importError: reason,
      importNextAt: DateTime.addDuration(now, retryWait(settings, asset.importAttempts)),
      updatedAt: now
    }
  }
  return { ...asset, importStatus: "failed", importError: reason, importNextAt: null, updatedAt: now }
}

export class MediaImports extends Context.Service<
  MediaImports,
  {
    /** Claims the imports due now, runs them and waits for them; how many it ran. */
    readonly runOnce: Effect.Effect<number, StoreError>
    /** Deletes the uploads never confirmed in time and stale upload slots; how many files. */
    readonly sweepOnce: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/MediaImports") {
  static readonly make = Effect.gen(function* () {
    const store = yield* Store
    const assets = yield* Asset.AssetRepo
    const accounts = yield* Account.AccountRepo
    const blobs = yield* BlobStore
    const fetcher = yield* UrlFetcher
    const sniffer = yield* ContentCheck.ContentSniffer
    const settings = yield* MediaSettings

    const keysOf = (asset: Asset.Asset) => [Asset.uploadKey(asset), Asset.fileKey(asset)]
    const discard = (asset: Asset.Asset) =>
      blobs
        .delete(keysOf(asset))
        .pipe(Effect.catch((error) => Effect.logWarning("media import bytes not deleted", asset.id, error.message)))

    /** Fetches, stores and checks the bytes of one import. */
    const attempt = (asset: Asset.Asset): Effect.Effect<Outcome> => {
      const declared = Asset.isContentType(asset.contentType) ? asset.contentType : undefined
      const cap = declared === undefined ? Asset.MAX_BYTES : Asset.maxBytes[Asset.kindOf(declared)]
      return Effect.gen(function* () {
        const fetched = yield* fetcher.fetch(asset.sourceUrl ?? "", { maxBytes: cap })
        // No policy is ever issued for an import's upload slot: only this attempt writes it.
        const slot = Asset.uploadKey(asset)
        const size = yield* blobs.write(slot, fetched.body, {
          contentType: declared ?? Asset.UNKNOWN_TYPE,
          maxBytes: cap
        })
        const verdict = yield* ContentCheck.inspect({ declared, size, read: reader(blobs, slot) }).pipe(
          Effect.provideService(ContentCheck.ContentSniffer, sniffer)
        )
        if (verdict._tag === "Refused") return failed(verdict.problem, false)
        yield* blobs.move(slot, Asset.fileKey(asset), verdict.contentType)
        return { _tag: "Stored", contentType: verdict.contentType, size } satisfies Outcome
      }).pipe(
        Effect.scoped,
        Effect.catchTags({
          FetchFailed: (error) => Effect.succeed(failed(error.reason, error.retryable)),
          TooLarge: (error) => Effect.succeed(failed(`the file is larger than ${error.maxBytes} bytes`, false)),
          StoreError: (error) => Effect.succeed(failed(`the file could not be stored (${error.message})`, true))
        })
      )
    }

    /** Writes the outcome of an attempt (the storage limit checked under the account's lock); whether it wrote. */
    const finish = (claimed: Asset.ClaimedImport, outcome: Outcome) =>
      Effect.gen(function* () {
        const now = yield* DateTime.now
        const asset = claimed.asset
        if (outcome._tag === "Failed") {
          yield* discard(asset)
          return yield* assets.finishImport(afterAttempt(asset, outcome, now, settings), claimed.leaseUntil)
        }
        const stored = yield* withLock(
          store,
          LockKey.account(asset.accountId),
          Effect.gen(function* () {
            const account = yield* accounts.findById(asset.accountId)
            const used = yield* assets.storageUsed(asset.accountId)
            if (
              Option.isNone(account) ||
              !Plan.withinLimit(Account.limits(account.value), "storageBytes", used, outcome.size)
            ) {
              return "over" as const
            }
            return (yield* assets.finishImport(afterAttempt(asset, outcome, now, settings), claimed.leaseUntil))
              ? ("stored" as const)
              : ("lost" as const)
          })
        )
        if (stored === "stored") return true
        // Over the limit (its bytes go before the failure is written), or the claim lost (deleted
        // meanwhile, or taken over): nothing of this attempt is kept.
        yield* discard(asset)
        if (stored === "lost") return false
        const over = failed("the media library's storage limit is reached", false)
        return yield* assets.finishImport(afterAttempt(asset, over, now, settings), claimed.leaseUntil)
      })

    const process = (claimed: Asset.ClaimedImport) =>
      Effect.gen(function* () {
        const outcome = yield* attempt(claimed.asset)
        yield* finish(claimed, outcome)
      }).pipe(
        Effect.onInterrupt(() =>
          assets.releaseImport(claimed.asset.accountId, claimed.asset.id, claimed.leaseUntil).pipe(Effect.ignore)
        ),
        Effect.catch((error) => Effect.logWarning("media import not recorded", claimed.asset.id, error.message))
      )

    const claim = (room: number) =>
      Effect.gen(function* () {
        const now = yield* DateTime.now
        return yield* assets.claimImports(now, DateTime.addDuration(now, settings.imports.lease), room)
      })

    const runOnce = Effect.gen(function* () {
      const claimed = yield* claim(settings.imports.concurrency)
      yield* Effect.forEach(claimed, process, { concurrency: "unbounded", discard: true })
      return claimed.length
    })

    const sweepOnce = Effect.gen(function* () {
      const before = DateTime.subtractDuration(yield* DateTime.now, settings.pendingTtl)
      let swept = 0
      while (true) {
        const stale = yield* assets.deleteStaleUploads(before, 100)
        swept += stale.length
        if (stale.length > 0) yield* blobs.delete(stale.flatMap(keysOf))
        if (stale.length < 100) break
      }
      yield* blobs.sweep("uploads/", before)
      return swept
    })

    /** Claims whenever there is room, runs imports in the background, sweeps now and then. */
    const loop = Effect.gen(function* () {
      const running = yield* FiberSet.make<unknown, never>()
      let nextSweep = yield* DateTime.now
      while (true) {
        const now = yield* DateTime.now
        if (DateTime.isGreaterThanOrEqualTo(now, nextSweep)) {
          nextSweep = DateTime.addDuration(now, settings.sweepEvery)
          yield* sweepOnce.pipe(Effect.catch((error) => Effect.logWarning("media sweep failed", error.message)))
        }
        const room = settings.imports.concurrency - (yield* FiberSet.size(running))
        const claimed =
          room <= 0
            ? []
            : yield* Effect.uninterruptibleMask((restore) =>
                claim(room).pipe(
                  Effect.tap((claims) => Effect.forEach(claims, (c) => FiberSet.run(running, restore(process(c))))),
                  Effect.catch((error) =>
                    Effect.logWarning("media imports: store unavailable", error.message).pipe(Effect.as([]))
                  )
                )
              )
        if (claimed.length === 0) yield* Effect.sleep(settings.imports.idle)
      }
    }).pipe(Effect.scoped)

    return { service: MediaImports.of({ runOnce, sweepOnce }), loop }
  })

  /** The worker's service without its loop (tests call `runOnce`). */
  static readonly layerNoLoop = Layer.effect(
    MediaImports,
    Effect.map(MediaImports.make, ({ service }) => service)
  )

  /** The worker's service, with its loop running for the life of the layer. */
  static readonly layer = Layer.effect(
    MediaImports,
    Effect.gen(function* () {
      const { loop, service } = yield* MediaImports.make
      yield* Effect.forkScoped(loop)
      return service
    })
  )
}
