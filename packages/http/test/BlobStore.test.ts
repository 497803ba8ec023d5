/**
 * The blob contract (`BlobStoreContract` in the testing package), one suite run on the three
 * stores: memory, the local disk (its uploads POSTed as multipart forms through the server's own
 * upload route, `MediaRoutes.layerUploads`, which checks the signed policy) and S3 (against
 * `s3rver`, an S3-compatible server from npm started on 127.0.0.1 by the test). s3rver takes a
 * presigned POST but does not enforce the policy's conditions, so the refusals are pinned on the
 * stores that enforce them (memory, disk) and checked for S3 on the policy document itself (see
 * `examples/server/test/MediaS3.test.ts`).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { BlobStore } from "@campaign-games/core"
import { MemoryBlobStore, MemoryStore } from "@campaign-games/testing"
import { BlobStoreContract } from "@campaign-games/testing/contract"
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option, Stream } from "effect"
import { HttpRouter } from "effect/http"
import { s3server } from "../../../examples/server/test/fixtures/media/S3.ts"
import * as DiskBlobStore from "../src/DiskBlobStore.ts"
import * as MediaRoutes from "../src/MediaRoutes.ts"
import * as S3BlobStore from "../src/S3BlobStore.ts"

/** How a suite POSTs an upload. */
class Poster extends Context.Service<Poster, BlobStoreContract.Options<never>["post"]>()("test/Poster") {}

const post: BlobStoreContract.Options<Poster>["post"] = (upload, file, fields) =>
  Effect.flatMap(Effect.service(Poster), (poster) => poster(upload, file, fields))

/** A multipart form of the fields, then the file as `file`. */
const form = (fields: { readonly [name: string]: string }, file: Uint8Array) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  data.append("file", new Blob([file.slice()]), "file")
  return data
}

// -------------------------------------------------------------------------------------------
// Memory
// -------------------------------------------------------------------------------------------

const memory = Layer.effect(
  Poster,
  Effect.map(Effect.service(MemoryBlobStore.MemoryUploads), (uploads) =>
    Poster.of((_upload, file, fields) =>
      Effect.map(uploads.post(fields, file), Option.match({ onNone: () => 204, onSome: (refusal) => refusal.status }))
    )
  )
).pipe(Layer.provideMerge(MemoryBlobStore.layer))

layer(memory, { excludeTestServices: true })("BlobStore on memory", (it) =>
  BlobStoreContract.tests(it, { post, enforcesPolicy: true })
)

// -------------------------------------------------------------------------------------------
// Disk
// -------------------------------------------------------------------------------------------

const UPLOAD_URL = "http://media.test/media/uploads"

const disk = Layer.unwrap(
  Effect.gen(function* () {
    const directory = yield* Effect.acquireRelease(
      Effect.promise(() => mkdtemp(join(tmpdir(), "cg-disk-blobs-"))),
      (d) => Effect.promise(() => rm(d, { recursive: true, force: true }))
    )
    const store = DiskBlobStore.layer({ directory, uploadUrl: UPLOAD_URL }).pipe(Layer.provide(MemoryStore.layer))
    const poster = Layer.effect(
      Poster,
      Effect.gen(function* () {
        const uploads = yield* Effect.service(DiskBlobStore.LocalUploads)
        const { handler } = yield* Effect.acquireRelease(
          Effect.sync(() =>
            HttpRouter.toWebHandler(
              MediaRoutes.layerUploads.pipe(Layer.provide(Layer.succeed(DiskBlobStore.LocalUploads, uploads))),
              {
                disableLogger: true
              }
            )
          ),
          ({ dispose }) => Effect.promise(dispose)
        )
        return Poster.of((upload: BlobStore.PresignedUpload, file, fields) =>
          Effect.promise(async () => {
            // The form is encoded first, as a browser sends it: the route may answer before reading it all.
            const encoded = new Response(form(fields, file))
            const body = new Uint8Array(await encoded.arrayBuffer())
            const type = encoded.headers.get("content-type") ?? ""
            const response = await handler(
              new Request(upload.url, { method: "POST", body, headers: { "content-type": type } })
            )
            await response.arrayBuffer()
            return response.status
          })
        )
      })
    )
    return Layer.mergeAll(poster, Layer.succeed(Directory, directory)).pipe(Layer.provideMerge(store))
  })
)

class Directory extends Context.Service<Directory, string>()("test/Directory") {}

layer(disk, { excludeTestServices: true })("BlobStore on the disk", (it) => {
  BlobStoreContract.tests(it, { post, enforcesPolicy: true })

  it.effect("blobs are files under the directory; writes go through a temporary file that never stays", () =>
    Effect.gen(function* () {
      const directory = yield* Directory
      const store = yield* BlobStore.BlobStore
      const key = "files/acc_disk/ast_disk"
      yield* store.write(key, Stream.make(new Uint8Array([1, 2, 3])), { contentType: "image/png", maxBytes: 10 })
      assert.deepStrictEqual(yield* Effect.promise(() => readdir(join(directory, "files", "acc_disk"))), ["ast_disk"])
      yield* Effect.flip(
        store.write(key, Stream.concat(Stream.make(new Uint8Array(5)), Stream.fail("boom")), {
          contentType: "image/png",
          maxBytes: 10
        })
      )
      assert.deepStrictEqual(
        yield* Effect.promise(() => readdir(join(directory, ".tmp"))),
        [],
        "no partial write is left"
      )
      const kept = yield* Stream.runCollect(store.read(key))
      assert.deepStrictEqual([...kept.flatMap((c) => [...c])], [1, 2, 3], "the failed write left the blob as it was")
    })
  )
})

// -------------------------------------------------------------------------------------------
// S3 (s3rver)
// -------------------------------------------------------------------------------------------

const s3 = Layer.unwrap(
  Effect.map(s3server("contract"), (server) =>
    Layer.effect(
      Poster,
      Effect.succeed(
        Poster.of((upload, file, fields) =>
          Effect.promise(async () => {
            const response = await fetch(upload.url, { method: "POST", body: form(fields, file) })
            await response.arrayBuffer()
            return response.status
          })
        )
      )
    ).pipe(Layer.provideMerge(S3BlobStore.layer(server.storage)))
  )
)

layer(s3, { excludeTestServices: true, timeout: "60 seconds" })("BlobStore on S3 (s3rver)", (it) =>
  BlobStoreContract.tests(it, { post, enforcesPolicy: false })
)
