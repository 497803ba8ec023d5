/**
 * The media library's use cases over the memory store and the testing kit's media ports (memory
 * blobs and their uploads, magic-number sniffing, a scripted fetcher), under the test clock: an
 * upload from presign to the file rule; the import worker's retries at their times, its attempts
 * counted, a failure final; an import deleted while it downloads keeps no byte; a stopped worker
 * gives its claim back uncounted; the sweep deletes uploads never confirmed, with their bytes;
 * where files are used, channels' between-campaigns images included.
 */
import { Fixtures, MemoryBlobStore, MemoryMediaPorts, MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Fiber, Layer, Option, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Samples from "../../../../examples/server/test/fixtures/media/Samples.ts"
import { AccountRepo } from "../../src/accounts/Account.ts"
import * as Actor from "../../src/accounts/Actor.ts"
import { BrandingRepo } from "../../src/campaigns/Branding.ts"
import { CampaignRepo } from "../../src/campaigns/Campaign.ts"
import { ChannelRepo } from "../../src/campaigns/Channel.ts"
import * as FileRule from "../../src/campaigns/FileRule.ts"
import * as Asset from "../../src/media/Asset.ts"
import { BlobStore } from "../../src/media/BlobStore.ts"
import { Media } from "../../src/media/Media.ts"
import { TooManyOpenUploads } from "../../src/media/MediaErrors.ts"
import * as MediaEngine from "../../src/media/MediaEngine.ts"
import { MediaFolders } from "../../src/media/MediaFolders.ts"
import { MediaImports } from "../../src/media/MediaImports.ts"
import * as MediaSettings from "../../src/media/MediaSettings.ts"
import { FetchFailed, UrlFetcher } from "../../src/media/UrlFetcher.ts"
import { HostResolver } from "../../src/webhooks/Webhook.ts"
import { WebhookPolicy } from "../../src/webhooks/Webhooks.ts"

const PUBLIC_URL = "https://media.example.com"

/** The use cases over a fresh memory store; imports fetched by `fetcher`. */
const setup = (fetcher: Layer.Layer<UrlFetcher>) =>
  Layer.mergeAll(Media.layer, MediaFolders.layer, MediaImports.layerNoLoop, MediaEngine.mediaLibrary).pipe(
    Layer.provideMerge(
      Layer.succeed(MediaSettings.MediaSettings, { ...MediaSettings.defaults, publicUrl: PUBLIC_URL })
    ),
    Layer.provideMerge(Layer.mergeAll(MemoryBlobStore.layer, MemoryMediaPorts.layerSniffer, fetcher)),
    Layer.provideMerge(Layer.succeed(WebhookPolicy, { allowPrivateUrls: false })),
    Layer.provideMerge(
      Layer.succeed(HostResolver, {
        resolve: (host) => Effect.succeed([{ address: "93.184.216.34", isPublic: host !== "intranet.example.com" }])
      })
    ),
    Layer.provideMerge(MemoryStore.layer)
  )

/** An account of the `pro` plan, stored, and its system actor. */
const givenActor = Effect.gen(function* () {
  const account = Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
  yield* (yield* AccountRepo).insert(account)
  return Actor.system(account)
})

/** The media use cases, the import worker, and an actor of a new account. */
const givenImports = Effect.gen(function* () {
  return { media: yield* Media, imports: yield* MediaImports, actor: yield* givenActor }
})

const png = Samples.png()

/** The failing fields of a failure (none for a store failure). */
const detailsOf = (error: { readonly _tag: string }) => ("details" in error ? error.details : undefined)

describe("Media", () => {
  it.effect("an upload: presign, the browser's POST, confirm; the file rule then sees its stored type", () =>
    Effect.gen(function* () {
      const media = yield* Media
      const uploads = yield* MemoryBlobStore.MemoryUploads
      const actor = yield* givenActor
      const { asset, upload } = yield* media.presign(actor, {
        filename: "logo.mp3",
        contentType: "image/png",
        sizeBytes: png.length
      })
      assert.strictEqual(media.view(asset).url, `${PUBLIC_URL}/media/files/${asset.id}`)
      const url = media.view(asset).url
      const check = (fields: ReadonlyArray<FileRule.FileField>) =>
        Effect.flip(FileRule.check(actor.account.id, fields)).pipe(Effect.map(detailsOf))
      assert.deepStrictEqual(yield* check([{ path: "logoUrl", url, kind: "image" }]), [
        { path: "logoUrl", message: "is not an available file of the media library" }
      ])
      assert.isTrue(Option.isNone(yield* uploads.post(upload.fields, png)))
      const confirmed = yield* media.confirm(actor, asset.id)
      assert.strictEqual(confirmed.sizeBytes, png.length)
      assert.isTrue(Option.isSome(yield* media.serve(asset.id)))
      yield* FileRule.check(actor.account.id, [{ path: "logoUrl", url, kind: "image" }])
      assert.deepStrictEqual(yield* check([{ path: "config.sounds.win", url, kind: "sound" }]), [
        { path: "config.sounds.win", message: "must be a sound" }
      ])
      const other = yield* givenActor
      assert.deepStrictEqual(
        yield* Effect.flip(FileRule.check(other.account.id, [{ path: "logoUrl", url, kind: "image" }])).pipe(
          Effect.map(detailsOf)
        ),
        [{ path: "logoUrl", message: "is not an available file of the media library" }],
        "another account's file is not this account's library"
      )
    }).pipe(
      Effect.provide(setup(MemoryMediaPorts.layerFetcher(() => ({ _tag: "Fail", reason: "x", retryable: false }))))
    )
  )

  it.effect(
    "an import to a private host is refused at once; a retryable failure is tried again after 30 s, 60 s, 120 s, 240 s, then fails",
    () => {
      let calls = 0
      return Effect.gen(function* () {
        const { media, imports, actor } = yield* givenImports
        const refused = yield* Effect.flip(media.importFrom(actor, { url: "https://intranet.example.com/a.png" }))
        assert.strictEqual(refused._tag, "InvalidFields")
        assert.deepStrictEqual(detailsOf(refused), [
          { path: "url", message: "host must resolve to public addresses only" }
        ])
        const asset = yield* media.importFrom(actor, { url: "https://cdn.example.com/a.png" })
        const state = () => media.get(actor, asset.id)
        const start = DateTime.toEpochMillis(yield* DateTime.now)
        const waits: Array<number> = []
        for (let attempt = 1; attempt <= 5; attempt++) {
          assert.strictEqual(yield* imports.runOnce, 1, `attempt ${attempt} runs when due`)
          const now = yield* state()
          assert.strictEqual(now.importAttempts, attempt)
          assert.strictEqual(now.importError, "answered 503")
          if (attempt < 5) {
            assert.strictEqual(now.importStatus, "pending")
            const wait = DateTime.toEpochMillis(now.importNextAt!) - DateTime.toEpochMillis(yield* DateTime.now)
            waits.push(wait)
            yield* TestClock.adjust(Duration.millis(wait - 1))
            assert.strictEqual(yield* imports.runOnce, 0, "not before it is due")
            yield* TestClock.adjust(Duration.millis(1))
          } else {
            assert.strictEqual(now.importStatus, "failed")
            assert.strictEqual(now.importNextAt, null)
          }
        }
        assert.deepStrictEqual(waits, [30_000, 60_000, 120_000, 240_000])
        assert.strictEqual(calls, 5)
        assert.strictEqual(DateTime.toEpochMillis(yield* DateTime.now) - start, 450_000)
        assert.strictEqual(yield* imports.runOnce, 0, "a failed import is never claimed again")
      }).pipe(
        Effect.provide(
          setup(
            MemoryMediaPorts.layerFetcher(() => {
              calls++
              return { _tag: "Fail", reason: "answered 503", retryable: true }
            })
          )
        )
      )
    }
  )

  it.effect(
    "an import ends done with the type and size of its bytes; one of another type than asked fails at once",
    () =>
      Effect.gen(function* () {
        const { media, imports, actor } = yield* givenImports
        const any = yield* media.importFrom(actor, { url: "https://cdn.example.com/files/pic" })
        assert.strictEqual(any.filename, "pic")
        const asked = yield* media.importFrom(actor, { url: "https://cdn.example.com/b.ogg", contentType: "audio/ogg" })
        assert.strictEqual(yield* imports.runOnce, 2)
        const done = yield* media.get(actor, any.id)
        assert.deepInclude(done, {
          importStatus: "done",
          contentType: "image/png",
          sizeBytes: png.length,
          importAttempts: 1
        })
        assert.isTrue(DateTime.isDateTime(done.confirmedAt))
        const failed = yield* media.get(actor, asked.id)
        assert.deepInclude(failed, {
          importStatus: "failed",
          importError: "the bytes are image/png, not the declared audio/ogg",
          importAttempts: 1,
          confirmedAt: null
        })
        const blobs = yield* BlobStore
        for (const key of [Asset.uploadKey(failed), Asset.fileKey(failed)]) {
          assert.isTrue(Option.isNone(yield* blobs.stat(key)), `nothing at ${key}`)
        }
      }).pipe(
        Effect.provide(
          setup(
            MemoryMediaPorts.layerFetcher(() => ({ _tag: "Body", pieces: [png.subarray(0, 10), png.subarray(10)] }))
          )
        )
      )
  )

  it.effect("an import deleted while it downloads keeps no byte and no row", () =>
    Effect.gen(function* () {
      const { media, imports, actor } = yield* givenImports
      const asset = yield* media.importFrom(actor, { url: "https://cdn.example.com/a.png" })
      deleteDuringDownload = media.delete(actor, asset.id).pipe(Effect.orDie)
      assert.strictEqual(yield* imports.runOnce, 1)
      assert.strictEqual((yield* Effect.flip(media.get(actor, asset.id)))._tag, "MediaError")
      const blobs = yield* BlobStore
      for (const key of [Asset.uploadKey(asset), Asset.fileKey(asset)]) {
        assert.isTrue(Option.isNone(yield* blobs.stat(key)), `nothing at ${key}`)
      }
    }).pipe(Effect.provide(setup(deletingFetcher)))
  )

  it.effect("a stopped worker gives its claim back, uncounted, for another to take at once", () =>
    Effect.gen(function* () {
      const { media, imports, actor } = yield* givenImports
      const asset = yield* media.importFrom(actor, { url: "https://cdn.example.com/slow.png" })
      const fiber = yield* Effect.forkChild(imports.runOnce)
      yield* Effect.yieldNow
      yield* Effect.yieldNow
      assert.strictEqual((yield* media.get(actor, asset.id)).importAttempts, 1, "claimed")
      yield* Fiber.interrupt(fiber)
      assert.strictEqual((yield* media.get(actor, asset.id)).importAttempts, 0, "given back uncounted")
      assert.strictEqual((yield* media.get(actor, asset.id)).importStatus, "pending")
    }).pipe(Effect.provide(setup(neverFetcher)))
  )

  it.effect("the sweep deletes uploads never confirmed within an hour, with their bytes; available files stay", () =>
    Effect.gen(function* () {
      const media = yield* Media
      const imports = yield* MediaImports
      const uploads = yield* MemoryBlobStore.MemoryUploads
      const blobs = yield* BlobStore
      const actor = yield* givenActor
      const stale = yield* media.presign(actor, { filename: "a.png", contentType: "image/png", sizeBytes: png.length })
      assert.isTrue(Option.isNone(yield* uploads.post(stale.upload.fields, png)))
      const kept = yield* media.presign(actor, { filename: "b.png", contentType: "image/png", sizeBytes: png.length })
      yield* uploads.post(kept.upload.fields, png)
      yield* media.confirm(actor, kept.asset.id)
      yield* TestClock.adjust("59 minutes")
      assert.strictEqual(yield* imports.sweepOnce, 0)
      yield* TestClock.adjust("2 minutes")
      assert.strictEqual(yield* imports.sweepOnce, 1)
      assert.strictEqual((yield* Effect.flip(media.get(actor, stale.asset.id)))._tag, "MediaError")
      assert.isTrue(Option.isNone(yield* blobs.stat(Asset.uploadKey(stale.asset))))
      assert.isTrue(Option.isSome(yield* media.serve(kept.asset.id)))
    }).pipe(Effect.provide(setup(neverFetcher)))
  )

  it.effect(
    "a pending upload holds its declared size, or its type's most, of the storage limit until confirmed or swept",
    () =>
      Effect.gen(function* () {
        const media = yield* Media
        const imports = yield* MediaImports
        const uploads = yield* MemoryBlobStore.MemoryUploads
        const account = Fixtures.makeAccount({
          plan: "pro",
          featureOverrides: {},
          limitOverrides: { storageBytes: 1000 }
        })
        yield* (yield* AccountRepo).insert(account)
        const actor = Actor.system(account)
        const tooBig = (input: Asset.PresignUpload) =>
          Effect.flip(media.presign(actor, input)).pipe(Effect.map((error) => error._tag))
        // Without a size an image holds 8 MiB: over 1000 bytes at once.
        assert.strictEqual(yield* tooBig({ filename: "a.png", contentType: "image/png" }), "PlanError")
        // 600 declared is held until confirmed: a second 600 does not fit, a 400 does.
        const first = yield* media.presign(actor, { filename: "a.png", contentType: "image/png", sizeBytes: 600 })
        assert.strictEqual(first.asset.reservedBytes, 600)
        assert.strictEqual(yield* tooBig({ filename: "b.png", contentType: "image/png", sizeBytes: 600 }), "PlanError")
        const second = yield* media.presign(actor, { filename: "c.png", contentType: "image/png", sizeBytes: 400 })
        assert.strictEqual(yield* tooBig({ filename: "d.png", contentType: "image/png", sizeBytes: 1 }), "PlanError")
        // The reservation of an upload that was never confirmed ends when it is swept.
        yield* TestClock.adjust("61 minutes")
        assert.strictEqual(yield* imports.sweepOnce, 2)
        assert.isTrue(first.asset.id !== second.asset.id)
        const third = yield* media.presign(actor, {
          filename: "e.png",
          contentType: "image/png",
          sizeBytes: png.length
        })
        yield* uploads.post(third.upload.fields, png)
        const confirmed = yield* media.confirm(actor, third.asset.id)
        assert.strictEqual(confirmed.reservedBytes, null)
        // Confirmed, its real size counts in place of its reservation.
        yield* media.presign(actor, { filename: "f.png", contentType: "image/png", sizeBytes: 1000 - png.length })
      }).pipe(Effect.provide(setup(neverFetcher)))
  )

  it.effect("at most 20 uploads open per account: the 21st presign is 429 until the oldest one's policy ends", () =>
    Effect.gen(function* () {
      const media = yield* Media
      const uploads = yield* MemoryBlobStore.MemoryUploads
      const actor = yield* givenActor
      const input = { filename: "a.png", contentType: "image/png", sizeBytes: png.length } as const
      const first = yield* media.presign(actor, input)
      yield* TestClock.adjust("5 minutes")
      for (let i = 1; i < Asset.MAX_OPEN_UPLOADS; i++) yield* media.presign(actor, input)
      const refused = yield* Effect.flip(media.presign(actor, input))
      assert.strictEqual(refused._tag, "MediaError")
      assert.deepStrictEqual(
        refused._tag === "MediaError" ? refused.reason : undefined,
        new TooManyOpenUploads({ limit: 20, retryAfterSeconds: 600 }),
        "until the first one's 15 minutes end"
      )
      // A confirmed upload is no longer open.
      yield* uploads.post(first.upload.fields, png)
      yield* media.confirm(actor, first.asset.id)
      yield* media.presign(actor, input)
      assert.strictEqual((yield* Effect.flip(media.presign(actor, input)))._tag, "MediaError")
      // Once their policies end they are not open (their reservation holds until the sweep).
      yield* TestClock.adjust("15 minutes")
      yield* media.presign(actor, input)
      // Another account has its own.
      yield* media.presign(yield* givenActor, input)
    }).pipe(Effect.provide(setup(neverFetcher)))
  )

  it.effect("a confirm over the storage limit (lowered since the presign) is 402 and deletes the bytes at once", () =>
    Effect.gen(function* () {
      const media = yield* Media
      const uploads = yield* MemoryBlobStore.MemoryUploads
      const blobs = yield* BlobStore
      const accounts = yield* AccountRepo
      const account = Fixtures.makeAccount({
        plan: "pro",
        featureOverrides: {},
        limitOverrides: { storageBytes: 100_000 }
      })
      yield* accounts.insert(account)
      const started = yield* media.presign(Actor.system(account), {
        filename: "a.png",
        contentType: "image/png",
        sizeBytes: png.length
      })
      yield* uploads.post(started.upload.fields, png)
      const lowered = { ...account, limitOverrides: { storageBytes: png.length - 1 } }
      const refused = yield* Effect.flip(media.confirm(Actor.system(lowered), started.asset.id))
      assert.strictEqual(refused._tag, "PlanError")
      assert.isTrue(Option.isNone(yield* blobs.stat(Asset.fileKey(started.asset))), "the bytes are gone")
      assert.isTrue(Option.isNone(yield* blobs.stat(Asset.uploadKey(started.asset))))
      assert.strictEqual((yield* media.get(Actor.system(lowered), started.asset.id)).confirmedAt, null)
    }).pipe(Effect.provide(setup(neverFetcher)))
  )

  it.effect("usage finds library URLs anywhere in configs and themes, the branding and channels' images", () =>
    Effect.gen(function* () {
      const media = yield* Media
      const uploads = yield* MemoryBlobStore.MemoryUploads
      const actor = yield* givenActor
      const accountId = actor.account.id
      const started = yield* media.presign(actor, {
        filename: "a.png",
        contentType: "image/png",
        sizeBytes: png.length
      })
      yield* uploads.post(started.upload.fields, png)
      const asset = yield* media.confirm(actor, started.asset.id)
      const url = media.view(asset).url
      const channel = Fixtures.makeChannel(accountId, { betweenCampaigns: { title: "Soon", imageUrl: url } })
      yield* (yield* ChannelRepo).insert(channel)
      const campaign = Fixtures.makeCampaign(accountId, channel.id, {
        config: { custom: { deep: [{ art: url }] }, segments: [] },
        theme: { decorations: { top: { url, kind: "image", size: "small" } } }
      })
      yield* (yield* CampaignRepo).insert(campaign)
      yield* (yield* BrandingRepo).put(accountId, { logoUrl: `${url}?not-the-url`, backgroundUrl: url })
      const [usage] = yield* media.usage(actor, undefined)
      assert.strictEqual(usage?.asset.id, asset.id)
      assert.sameDeepMembers(
        [...usage!.uses],
        [
          { resource: "campaign", id: campaign.id, path: "config.custom.deep.0.art" },
          { resource: "campaign", id: campaign.id, path: "theme.decorations.top.url" },
          { resource: "branding", id: null, path: "backgroundUrl" },
          { resource: "channel", id: channel.id, path: "betweenCampaigns.imageUrl" }
        ]
      )
    }).pipe(Effect.provide(setup(neverFetcher)))
  )
})

/** A download that deletes its import (`deleteDuringDownload`) before its last piece. */
let deleteDuringDownload: Effect.Effect<void> = Effect.void
const deletingFetcher = Layer.succeed(
  UrlFetcher,
  UrlFetcher.of({
    fetch: () =>
      Effect.succeed({
        contentType: "image/png",
        body: Stream.concat(
          Stream.make(png.subarray(0, 10)),
          Stream.fromEffect(Effect.suspend(() => deleteDuringDownload)).pipe(
            Stream.drain,
            Stream.concat(Stream.make(png.subarray(10)))
          )
        )
      })
  })
)

/** A download that never answers. */
const neverFetcher = Layer.succeed(
  UrlFetcher,
  UrlFetcher.of({ fetch: () => Effect.never as Effect.Effect<never, FetchFailed> })
)
