/**
 * Files served at `asset.url` from the disk store: by id (the URL survives renames and moves), with
 * their stored content type, a strong ETag, a year's immutable caching, HEAD, one byte range at a
 * time (what audio and video players ask for), 416 outside the file, 304 for a cached copy; a
 * pending, refused or deleted file is 404. Bodies stream: a 5 MB file is served in pieces.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { mp4, type Sample, sampleOf } from "./fixtures/media/Samples.ts"
import { fetchBytes, presign, uploaded } from "./fixtures/media/Uploads.ts"
import { layer as serverLayer, withAccount } from "./support/TestServer.ts"

/** A fresh account with `sample` uploaded: its client and key, the sample and the asset. */
const withFile = (sample: Sample) =>
  Effect.gen(function* () {
    const { request, key } = yield* withAccount()
    return { request, key, sample, asset: yield* uploaded(request, key, sample) }
  })

const same = (actual: Uint8Array, expected: Uint8Array, message?: string) =>
  assert.isTrue(Buffer.from(actual).equals(Buffer.from(expected)), message ?? "the same bytes")

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("media serving", (it) => {
  it.effect("a file answers its bytes with its type, ETag, caching, name, nosniff and open CORS", () =>
    Effect.gen(function* () {
      const { sample, asset } = yield* withFile(sampleOf("video/mp4"))
      const served = yield* fetchBytes(asset.url)
      assert.strictEqual(served.status, 200)
      same(served.body, sample.bytes)
      assert.strictEqual(served.headers.get("content-type"), "video/mp4")
      assert.strictEqual(served.headers.get("content-length"), String(sample.bytes.length))
      assert.strictEqual(served.headers.get("etag"), `"${asset.id}"`)
      assert.strictEqual(served.headers.get("cache-control"), "public, max-age=31536000, immutable")
      assert.strictEqual(served.headers.get("accept-ranges"), "bytes")
      assert.strictEqual(served.headers.get("content-disposition"), "inline; filename*=UTF-8''intro.mp4")
      assert.strictEqual(served.headers.get("x-content-type-options"), "nosniff")
      assert.strictEqual(served.headers.get("access-control-allow-origin"), "*")
      assert.isNotNull(served.headers.get("last-modified"))
    })
  )

  it.effect("HEAD answers the headers without the body", () =>
    Effect.gen(function* () {
      const { sample, asset } = yield* withFile(sampleOf("audio/ogg"))
      const head = yield* fetchBytes(asset.url, { method: "HEAD" })
      assert.strictEqual(head.status, 200)
      assert.strictEqual(head.body.length, 0)
      assert.strictEqual(head.headers.get("content-length"), String(sample.bytes.length))
      assert.strictEqual(head.headers.get("content-type"), "audio/ogg")
      assert.strictEqual(head.headers.get("etag"), `"${asset.id}"`)
    })
  )

  it.effect("one byte range answers 206 with Content-Range, in each of its three forms", () =>
    Effect.gen(function* () {
      const { sample, asset } = yield* withFile(sampleOf("video/webm"))
      const size = sample.bytes.length
      for (const [range, start, end] of [
        ["bytes=0-9", 0, 9],
        ["bytes=10-", 10, size - 1],
        ["bytes=-5", size - 5, size - 1],
        ["bytes=100-100000", 100, size - 1],
        ["bytes=-100000", 0, size - 1]
      ] as const) {
        const part = yield* fetchBytes(asset.url, { headers: { range } })
        assert.strictEqual(part.status, 206, range)
        assert.strictEqual(part.headers.get("content-range"), `bytes ${start}-${end}/${size}`, range)
        assert.strictEqual(part.headers.get("content-length"), String(end - start + 1), range)
        same(part.body, sample.bytes.subarray(start, end + 1), range)
      }
    })
  )

  it.effect(
    "a range outside the file is 416 with the size; several ranges or a stale If-Range get the whole file",
    () =>
      Effect.gen(function* () {
        const { sample, asset } = yield* withFile(sampleOf("image/png"))
        const size = sample.bytes.length
        for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=-0"]) {
          const outside = yield* fetchBytes(asset.url, { headers: { range } })
          assert.strictEqual(outside.status, 416, range)
          assert.strictEqual(outside.headers.get("content-range"), `bytes */${size}`)
        }
        for (const headers of [
          { range: "bytes=0-1,5-6" },
          { range: "items=0-1" },
          { range: "bytes=9-2" },
          { range: "bytes=0-1", "if-range": '"another"' }
        ]) {
          const whole = yield* fetchBytes(asset.url, { headers })
          assert.strictEqual(whole.status, 200, JSON.stringify(headers))
          same(whole.body, sample.bytes)
        }
        const fresh = yield* fetchBytes(asset.url, { headers: { range: "bytes=0-1", "if-range": `"${asset.id}"` } })
        assert.strictEqual(fresh.status, 206)
      })
  )

  it.effect("If-None-Match with the ETag answers 304 without a body", () =>
    Effect.gen(function* () {
      const { asset } = yield* withFile(sampleOf("image/gif"))
      const cached = yield* fetchBytes(asset.url, { headers: { "if-none-match": `"${asset.id}"` } })
      assert.strictEqual(cached.status, 304)
      assert.strictEqual(cached.body.length, 0)
      assert.strictEqual(cached.headers.get("etag"), `"${asset.id}"`)
      const other = yield* fetchBytes(asset.url, { headers: { "if-none-match": '"x"' } })
      assert.strictEqual(other.status, 200)
    })
  )

  it.effect("the URL stays the same across a rename and a move, and serves the same bytes", () =>
    Effect.gen(function* () {
      const { request, key, sample, asset } = yield* withFile(sampleOf("image/jpeg"))
      const folder = yield* request("POST", "/v1/tenant/asset-folders", { key, body: { name: "Photos" } })
      const renamed = yield* request("PATCH", `/v1/tenant/assets/${asset.id}`, {
        key,
        body: { filename: "renamed.jpg", folderId: folder.body.folder.id }
      })
      assert.strictEqual(renamed.status, 200)
      assert.strictEqual(renamed.body.asset.url, asset.url)
      const served = yield* fetchBytes(asset.url)
      same(served.body, sample.bytes)
      assert.strictEqual(served.headers.get("content-disposition"), "inline; filename*=UTF-8''renamed.jpg")
    })
  )

  it.effect("a pending file, an unknown id and a deleted file are 404; deletion stops serving at once", () =>
    Effect.gen(function* () {
      const { request, key, url } = yield* withAccount()
      const pending = yield* presign(request, key, sampleOf("image/png"))
      assert.strictEqual((yield* fetchBytes(pending.body.asset.url)).status, 404)
      const unknown = yield* fetchBytes(`${url}/media/files/ast_nothing`)
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(JSON.parse(new TextDecoder().decode(unknown.body)).error.code, "not_found")
      const asset = yield* uploaded(request, key, sampleOf("image/png"))
      assert.strictEqual((yield* fetchBytes(asset.url)).status, 200)
      assert.strictEqual((yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key })).status, 200)
      assert.strictEqual((yield* fetchBytes(asset.url)).status, 404)
      assert.strictEqual((yield* fetchBytes(asset.url, { method: "HEAD" })).status, 404)
    })
  )

  it.effect("a 5 MB video is served whole, and in a range from its middle", () =>
    Effect.gen(function* () {
      const big = { filename: "big.mp4", contentType: "video/mp4", bytes: mp4(5 * 1024 * 1024) }
      const { asset } = yield* withFile(big)
      same((yield* fetchBytes(asset.url)).body, big.bytes)
      const middle = yield* fetchBytes(asset.url, { headers: { range: "bytes=2000000-2999999" } })
      assert.strictEqual(middle.status, 206)
      same(middle.body, big.bytes.subarray(2_000_000, 3_000_000))
    })
  )
})
