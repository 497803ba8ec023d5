/**
 * The media library's rules under real concurrency: two instances (two pools) on one PostgreSQL
 * database, sharing one blob store (as instances share an S3 bucket). Imports are claimed once
 * across instances; confirms racing past a storage limit let no more in than it holds; two folder
 * moves racing to put each folder inside the other make no cycle. Run when `DATABASE_URL` is set.
 */
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import * as Actor from "@campaign-games/core/accounts/Actor"
import { AssetRepo } from "@campaign-games/core/media/Asset"
import { Media } from "@campaign-games/core/media/Media"
import { MediaFolders } from "@campaign-games/core/media/MediaFolders"
import * as MediaSettings from "@campaign-games/core/media/MediaSettings"
import { HostResolver } from "@campaign-games/core/webhooks/Webhook"
import { WebhookPolicy } from "@campaign-games/core/webhooks/Webhooks"
import { Database } from "@campaign-games/sql"
import { makeAccount } from "@campaign-games/testing/internal/Fixtures"
import { makeImport } from "@campaign-games/testing/contract/MediaAssetRepoContract"
import * as MemoryBlobStore from "@campaign-games/testing/memory/MemoryBlobStore"
import * as MemoryMediaPorts from "@campaign-games/testing/memory/MemoryMediaPorts"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Option } from "effect"
import type { BlobStore } from "@campaign-games/core/media/BlobStore"
import * as Samples from "../../../examples/server/test/fixtures/media/Samples.ts"

const databaseUrl = process.env["DATABASE_URL"] ?? ""

/** The media use cases of one instance over its pool, on the shared blob store. */
const instance = (url: string, blobs: Context.Context<BlobStore | MemoryBlobStore.MemoryUploads>) =>
  Layer.mergeAll(Media.layer, MediaFolders.layer).pipe(
    Layer.provideMerge(Layer.succeed(MediaSettings.MediaSettings, MediaSettings.defaults)),
    Layer.provideMerge(
      Layer.mergeAll(
        Layer.succeedContext(blobs),
        MemoryMediaPorts.layerSniffer,
        MemoryMediaPorts.layerFetcher(() => ({ _tag: "Fail", reason: "none", retryable: false }))
      )
    ),
    Layer.provideMerge(Layer.succeed(WebhookPolicy, { allowPrivateUrls: true })),
    Layer.provideMerge(Layer.succeed(HostResolver, { resolve: () => Effect.succeed([]) })),
    Layer.provideMerge(Database.layerPostgres({ url, poolSize: 5 }))
  )

const twoInstances = Effect.gen(function* () {
  const url = yield* Database.testDatabase(databaseUrl)
  const blobs = yield* Layer.build(MemoryBlobStore.layer)
  const a = yield* Layer.build(instance(url, blobs))
  const b = yield* Layer.build(instance(url, blobs))
  return { a, b, blobs }
})

describe.runIf(databaseUrl !== "")("the media library on two instances of one PostgreSQL", () => {
  it.live(
    "concurrent claims from two instances never take the same import",
    () =>
      Effect.gen(function* () {
        const { a, b } = yield* twoInstances
        const account = makeAccount()
        yield* AccountRepo.use((repo) => repo.insert(account)).pipe(Effect.provideContext(a))
        const now = yield* DateTime.now
        const made: Array<string> = []
        for (let i = 0; i < 40; i++) {
          const asset = makeImport(account.id, DateTime.subtractDuration(now, `${i} seconds`))
          yield* AssetRepo.use((repo) => repo.insert(asset)).pipe(Effect.provideContext(a))
          made.push(asset.id)
        }
        const lease = DateTime.addDuration(now, "1 minute")
        const claim = (context: typeof a) =>
          AssetRepo.use((repo) => repo.claimImports(now, lease, 3)).pipe(Effect.provideContext(context))
        const claims = yield* Effect.all(
          Array.from({ length: 20 }, (_, i) => claim(i % 2 === 0 ? a : b)),
          { concurrency: "unbounded" }
        )
        const claimed = claims.flat().map((c) => c.asset.id)
        assert.strictEqual(new Set(claimed).size, claimed.length, "no import claimed twice")
        assert.deepStrictEqual([...claimed].sort(), [...made].sort())
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "six confirms racing past a storage limit of three files, on two instances, let exactly three in",
    () =>
      Effect.gen(function* () {
        const { a, b, blobs } = yield* twoInstances
        const png = Samples.png()
        const account = makeAccount({
          plan: "pro",
          featureOverrides: {},
          limitOverrides: { storageBytes: png.length * 3 }
        })
        yield* AccountRepo.use((repo) => repo.insert(account)).pipe(Effect.provideContext(a))
        const actor = Actor.system(account)
        const uploads = Context.get(blobs, MemoryBlobStore.MemoryUploads)
        const started = yield* Effect.forEach(
          Array.from({ length: 6 }, (_, i) => i),
          () =>
            Effect.flatMap(Effect.service(Media), (media) =>
              media.presign(actor, { filename: "a.png", contentType: "image/png", sizeBytes: png.length })
            ).pipe(Effect.provideContext(a))
        )
        for (const { upload } of started) assert.isTrue(Option.isNone(yield* uploads.post(upload.fields, png)))
        const results = yield* Effect.all(
          started.map(({ asset }, i) =>
            Effect.flatMap(Effect.service(Media), (media) => media.confirm(actor, asset.id)).pipe(
              Effect.provideContext(i % 2 === 0 ? a : b),
              Effect.result
            )
          ),
          { concurrency: "unbounded" }
        )
        const confirmed = results.filter((r) => r._tag === "Success").length
        const refused = results.filter((r) => r._tag === "Failure" && r.failure._tag === "UpgradeRequired").length
        assert.strictEqual(confirmed, 3, "exactly as many as the limit holds")
        assert.strictEqual(refused, 3)
        const used = yield* AssetRepo.use((repo) => repo.storageUsed(account.id)).pipe(Effect.provideContext(b))
        assert.strictEqual(used, png.length * 3)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "two moves racing to put each folder inside the other make no cycle",
    () =>
      Effect.gen(function* () {
        const { a, b } = yield* twoInstances
        const account = makeAccount()
        yield* AccountRepo.use((repo) => repo.insert(account)).pipe(Effect.provideContext(a))
        const actor = Actor.system(account)
        const folders = (context: typeof a) => Effect.provideContext(Effect.service(MediaFolders), context)
        for (let round = 0; round < 10; round++) {
          const x = yield* Effect.flatMap(folders(a), (f) => f.create(actor, { name: `x${round}` }))
          const y = yield* Effect.flatMap(folders(b), (f) => f.create(actor, { name: `y${round}` }))
          const [intoY, intoX] = yield* Effect.all(
            [
              Effect.flatMap(folders(a), (f) => f.update(actor, x.id, { parentId: y.id })).pipe(Effect.result),
              Effect.flatMap(folders(b), (f) => f.update(actor, y.id, { parentId: x.id })).pipe(Effect.result)
            ],
            { concurrency: "unbounded" }
          )
          const moved = [intoY, intoX].filter((r) => r._tag === "Success").length
          assert.strictEqual(moved, 1, `round ${round}: one move wins, the other is a cycle`)
          const loser = [intoY, intoX].find((r) => r._tag === "Failure")
          assert.strictEqual(loser?._tag === "Failure" ? loser.failure._tag : undefined, "Conflict")
        }
      }).pipe(Effect.scoped),
    60_000
  )
})
