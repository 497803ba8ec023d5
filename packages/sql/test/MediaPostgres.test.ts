/**
 * The media library's rules under real concurrency: two instances (two pools) on one PostgreSQL
 * database, sharing one blob store (as instances share an S3 bucket). Imports are claimed once
 * across instances; presigns racing past a storage limit reserve no more than it holds, and no
 * more uploads open than the bound; two folder
 * moves racing to put each folder inside the other make no cycle. Run when `DATABASE_URL` is set.
 */
import {
  Account,
  Actor,
  Asset,
  type BlobStore,
  Media,
  MediaFolders,
  MediaSettings,
  Webhook,
  Webhooks
} from "@campaign-games/core"
import { Fixtures, MemoryBlobStore, MemoryMediaPorts } from "@campaign-games/testing"
import { MediaAssetRepoContract } from "@campaign-games/testing/contract"
import { assert, describe } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Samples from "../../../examples/server/test/fixtures/media/Samples.ts"
import * as Postgres from "./support/Postgres.ts"

const { live, on } = Postgres

/** The media use cases of one instance over its pool, on the shared blob store. */
const instance = (url: string, blobs: Context.Context<BlobStore.BlobStore | MemoryBlobStore.MemoryUploads>) =>
  Layer.mergeAll(Media.Media.layer, MediaFolders.MediaFolders.layer).pipe(
    Layer.provideMerge(Layer.succeed(MediaSettings.MediaSettings, MediaSettings.defaults)),
    Layer.provideMerge(
      Layer.mergeAll(
        Layer.succeedContext(blobs),
        MemoryMediaPorts.layerSniffer,
        MemoryMediaPorts.layerFetcher(() => ({ _tag: "Fail", reason: "none", retryable: false }))
      )
    ),
    Layer.provideMerge(Layer.succeed(Webhooks.WebhookPolicy, { allowPrivateUrls: true })),
    Layer.provideMerge(Layer.succeed(Webhook.HostResolver, { resolve: () => Effect.succeed([]) })),
    Layer.provideMerge(Postgres.store(5)(url))
  )

/** Two instances on a fresh database and their shared blob store, with an account (written by `a`). */
const givens = (account: Account.Account = Fixtures.makeAccount()) =>
  Effect.gen(function* () {
    const blobs = yield* Layer.build(MemoryBlobStore.layer)
    const { a, b } = yield* Postgres.twoInstances((url) => instance(url, blobs))
    yield* on(a)(Account.AccountRepo.use((repo) => repo.insert(account)))
    return { a, b, blobs, account, actor: Actor.system(account) }
  })

describe.runIf(Postgres.available)("the media library on two instances of one PostgreSQL", () => {
  live("concurrent claims from two instances never take the same import", function* () {
    const { a, b, account } = yield* givens()
    const now = yield* DateTime.now
    const made: Array<string> = []
    for (let i = 0; i < 40; i++) {
      const asset = MediaAssetRepoContract.makeImport(account.id, DateTime.subtractDuration(now, `${i} seconds`))
      yield* on(a)(Asset.AssetRepo.use((repo) => repo.insert(asset)))
      made.push(asset.id)
    }
    const lease = DateTime.addDuration(now, "1 minute")
    const claims = yield* Effect.all(
      Array.from({ length: 20 }, (_, i) =>
        on(Postgres.alternate(a, b)(i))(Asset.AssetRepo.use((repo) => repo.claimImports(now, lease, 3)))
      ),
      { concurrency: "unbounded" }
    )
    const claimed = claims.flat().map((c) => c.asset.id)
    assert.strictEqual(new Set(claimed).size, claimed.length, "no import claimed twice")
    assert.deepStrictEqual([...claimed].sort(), [...made].sort())
  })

  live(
    "six presigns racing past a storage limit of three files, on two instances, reserve exactly three",
    function* () {
      const png = Samples.png()
      const { a, b, blobs, account, actor } = yield* givens(
        Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: { storageBytes: png.length * 3 } })
      )
      const uploads = Context.get(blobs, MemoryBlobStore.MemoryUploads)
      const presigned = yield* Effect.all(
        Array.from({ length: 6 }, (_, i) =>
          on(Postgres.alternate(a, b)(i))(
            Effect.flatMap(Effect.service(Media.Media), (media) =>
              media.presign(actor, { filename: "a.png", contentType: "image/png", sizeBytes: png.length })
            ).pipe(Effect.result)
          )
        ),
        { concurrency: "unbounded" }
      )
      const started = presigned.flatMap((r) => (r._tag === "Success" ? [r.success] : []))
      const refused = presigned.filter((r) => r._tag === "Failure" && r.failure._tag === "PlanError").length
      assert.strictEqual(started.length, 3, "exactly as many as the limit holds, held from the presign")
      assert.strictEqual(refused, 3)
      assert.strictEqual(yield* on(b)(Asset.AssetRepo.use((repo) => repo.storageUsed(account.id))), png.length * 3)
      // Their confirms, racing on both instances, all pass: each real size takes its reservation's place.
      for (const { upload } of started) assert.isTrue(Option.isNone(yield* uploads.post(upload.fields, png)))
      const confirmed = yield* Effect.all(
        started.map(({ asset }, i) =>
          on(Postgres.alternate(a, b)(i))(
            Effect.flatMap(Effect.service(Media.Media), (media) => media.confirm(actor, asset.id)).pipe(Effect.result)
          )
        ),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(confirmed.filter((r) => r._tag === "Success").length, 3)
      assert.strictEqual(yield* on(a)(Asset.AssetRepo.use((repo) => repo.storageUsed(account.id))), png.length * 3)
    }
  )

  live("thirty presigns racing on two instances open exactly twenty uploads (429 for the rest)", function* () {
    const { a, b, actor } = yield* givens(
      Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
    )
    const presigned = yield* Effect.all(
      Array.from({ length: 30 }, (_, i) =>
        on(Postgres.alternate(a, b)(i))(
          Effect.flatMap(Effect.service(Media.Media), (media) =>
            media.presign(actor, { filename: "a.png", contentType: "image/png", sizeBytes: 100 })
          ).pipe(Effect.result)
        )
      ),
      { concurrency: "unbounded" }
    )
    assert.strictEqual(presigned.filter((r) => r._tag === "Success").length, 20)
    assert.strictEqual(
      presigned.filter((r) => r._tag === "Failure" && r.failure._tag === "MediaError").length,
      10,
      "the rest are 429: too many uploads open"
    )
  })

  live("two moves racing to put each folder inside the other make no cycle", function* () {
    const { a, b, actor } = yield* givens()
    const folders = (context: typeof a) => on(context)(Effect.service(MediaFolders.MediaFolders))
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
      assert.strictEqual(loser?._tag === "Failure" ? loser.failure._tag : undefined, "MediaError")
    }
  })
})
