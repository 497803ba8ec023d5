/**
 * Uploads to the media library on the disk store, as a browser and a backend do them: presign, a
 * multipart POST of every field and the file to `upload.url` (this server), confirm. Real files of
 * each of the ten types become available and are served back byte for byte; disguised ones (a PNG
 * named `.mp3`, HTML declared `image/png`, a truncated MP4, …) are refused at confirm and never
 * served. The upload's signed policy cannot be replayed over a served file, resized, aimed at
 * another file, retyped or used after its deadline. Every bound, permission and plan gate of
 * presign and confirm answers the specification's error.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { disguised, png, sampleOf, samples } from "./fixtures/media/Samples.ts"
import { fetchBytes, postForm, presign, upload, uploaded } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, make, storeLayer, withAccount } from "./support/TestServer.ts"

const same = (actual: Uint8Array, expected: Uint8Array, message?: string) =>
  assert.isTrue(Buffer.from(actual).equals(Buffer.from(expected)), message ?? "the same bytes")

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("media uploads (disk store)", (it) => {
  for (const sample of samples) {
    it.effect(`a real ${sample.contentType} file goes through presign, POST and confirm, and is served back`, () =>
      Effect.gen(function* () {
        const { request, key, url: base } = yield* withAccount()
        const started = yield* presign(request, key, sample)
        assert.strictEqual(started.status, 201, started.text)
        const pending = started.body.asset
        assert.match(pending.id, /^ast_/)
        assert.strictEqual(pending.url, `${base}/media/files/${pending.id}`, "the URL names the id, not the name")
        assert.deepInclude(pending, {
          filename: sample.filename,
          contentType: sample.contentType,
          sizeBytes: null,
          folderId: null,
          sourceUrl: null,
          importStatus: null,
          importError: null,
          importAttempts: 0,
          confirmedAt: null
        })
        assert.strictEqual(started.body.upload.url, `${base}/media/uploads`)
        assert.strictEqual((yield* fetchBytes(pending.url)).status, 404, "not served before its confirm")

        const posted = yield* postForm(started.body.upload.url, started.body.upload.fields, sample.bytes, {
          filename: sample.filename,
          type: sample.contentType
        })
        assert.strictEqual(posted.status, 204, posted.text)
        const confirmed = yield* request("POST", `/v1/tenant/assets/${pending.id}/confirm`, { key })
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        assert.strictEqual(confirmed.body.asset.sizeBytes, sample.bytes.length)
        assert.isString(confirmed.body.asset.confirmedAt)
        assert.strictEqual(confirmed.body.asset.url, pending.url)
        const again = yield* request("POST", `/v1/tenant/assets/${pending.id}/confirm`, { key })
        assert.deepStrictEqual(again.body, confirmed.body, "a second confirm answers the same file")

        const served = yield* fetchBytes(pending.url)
        assert.strictEqual(served.status, 200)
        assert.strictEqual(served.headers.get("content-type"), sample.contentType)
        same(served.body, sample.bytes)
      })
    )
  }

  for (const fake of disguised) {
    it.effect(`${fake.why} is refused at confirm (400 naming file) and never served`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const { confirmed, id, posted, url } = yield* upload(request, key, fake)
        assert.strictEqual(posted.status, 204, "the bucket takes any bytes of the declared size")
        assert.strictEqual(confirmed.status, 400, confirmed.text)
        assert.strictEqual(confirmed.body.error.code, "invalid_request")
        assert.deepStrictEqual(Steps.paths(confirmed.body), ["file"])
        assert.strictEqual((yield* fetchBytes(url)).status, 404)
        const stored = yield* request("GET", `/v1/tenant/assets/${id}`, { key })
        assert.strictEqual(stored.body.asset.confirmedAt, null, "the file stays pending")
        assert.strictEqual(stored.body.asset.sizeBytes, null)
        const retry = yield* request("POST", `/v1/tenant/assets/${id}/confirm`, { key })
        assert.strictEqual(retry.status, 400, "the refused bytes were deleted: nothing is left to confirm")
        assert.strictEqual(
          retry.body.error.message,
          "Nothing was uploaded for this file yet: POST it to upload.url first."
        )
      })
    )
  }

  it.effect("a refused file can be uploaded again, right, while its policy lasts", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/png")
      const started = yield* presign(request, key, { ...sample, bytes: png() })
      const { fields, url } = started.body.upload
      const html = new Uint8Array(sample.bytes.length).fill(0x3c)
      assert.strictEqual((yield* postForm(url, fields, html)).status, 204)
      const id = started.body.asset.id
      assert.strictEqual((yield* request("POST", `/v1/tenant/assets/${id}/confirm`, { key })).status, 400)
      assert.strictEqual((yield* postForm(url, fields, sample.bytes)).status, 204)
      const confirmed = yield* request("POST", `/v1/tenant/assets/${id}/confirm`, { key })
      assert.strictEqual(confirmed.status, 200, confirmed.text)
    })
  )

  it.effect("an upload's policy cannot be replayed over the served file, resized, aimed elsewhere or retyped", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/png")
      const first = yield* upload(request, key, sample)
      assert.strictEqual(first.confirmed.status, 200)
      const { fields, url } = first.started.body.upload
      const replayed = yield* postForm(url, fields, new Uint8Array(sample.bytes.length).fill(7))
      assert.strictEqual(replayed.status, 204, "the POST itself lands in the upload slot")
      same((yield* fetchBytes(first.url)).body, sample.bytes, "the served file is unchanged by a replay")
      assert.strictEqual((yield* request("POST", `/v1/tenant/assets/${first.id}/confirm`, { key })).status, 200)
      same((yield* fetchBytes(first.url)).body, sample.bytes, "and by a confirm after it")

      const second = yield* presign(request, key, sample)
      const target = second.body.asset.id
      const resized = yield* postForm(second.body.upload.url, second.body.upload.fields, png(8, 8))
      assert.strictEqual(resized.status, 400, resized.text)
      assert.strictEqual(JSON.parse(resized.text).error.code, "invalid_request")
      const shrunk = yield* postForm(second.body.upload.url, second.body.upload.fields, sample.bytes.subarray(1))
      assert.strictEqual(shrunk.status, 400, shrunk.text)

      const aimed = { ...fields, key: second.body.upload.fields.key }
      const elsewhere = yield* postForm(url, aimed, sample.bytes)
      assert.strictEqual(elsewhere.status, 403, elsewhere.text)
      assert.strictEqual(JSON.parse(elsewhere.text).error.code, "forbidden")
      const retyped = yield* postForm(url, { ...fields, "Content-Type": "text/html" }, sample.bytes)
      assert.strictEqual(retyped.status, 403, retyped.text)
      const extra = yield* postForm(url, { ...fields, acl: "public-read" }, sample.bytes)
      assert.strictEqual(extra.status, 403, extra.text)
      const forged = yield* postForm(url, { ...fields, signature: "0".repeat(64) }, sample.bytes)
      assert.strictEqual(forged.status, 403, forged.text)
      const confirm = yield* request("POST", `/v1/tenant/assets/${target}/confirm`, { key })
      assert.strictEqual(confirm.status, 400, "nothing reached the other file's slot")
      assert.deepStrictEqual(Steps.paths(confirm.body), ["file"])
    })
  )

  it.effect("a form that is not multipart, lacks a field or the file, or names it otherwise is 400", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/gif")
      const started = yield* presign(request, key, sample)
      const { fields, url } = started.body.upload
      const plain = yield* Effect.promise(() =>
        fetch(url, { method: "POST", body: "x", headers: { "content-type": "text/plain" } })
      )
      assert.strictEqual(plain.status, 400)
      const { signature: _signature, ...unsigned } = fields
      assert.strictEqual((yield* postForm(url, unsigned, sample.bytes)).status, 400)
      const noFile = yield* Effect.promise(async () => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
        return (await fetch(url, { method: "POST", body: form })).status
      })
      assert.strictEqual(noFile, 400)
    })
  )

  it.effect("without sizeBytes, the upload may be any size up to its kind's maximum; confirm records it", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("audio/wav")
      const started = yield* request("POST", "/v1/tenant/assets/presign", {
        key,
        body: { filename: "a.wav", contentType: "audio/wav" }
      })
      assert.strictEqual(started.status, 201, started.text)
      assert.strictEqual(
        (yield* postForm(started.body.upload.url, started.body.upload.fields, sample.bytes)).status,
        204
      )
      const confirmed = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
      assert.strictEqual(confirmed.body.asset.sizeBytes, sample.bytes.length)
    })
  )

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["an empty filename", { filename: "" }, "filename"],
    ["a filename of 201 characters", { filename: "a".repeat(201) }, "filename"],
    ["another content type", { contentType: "text/html" }, "contentType"],
    ["sizeBytes 0", { sizeBytes: 0 }, "sizeBytes"],
    ["sizeBytes over 52428800", { sizeBytes: 52_428_801 }, "sizeBytes"],
    ["sizeBytes not an integer", { sizeBytes: 1.5 }, "sizeBytes"],
    ["an image over 8 MiB", { contentType: "image/png", sizeBytes: 8 * 1024 * 1024 + 1 }, "sizeBytes"],
    ["a sound over 16 MiB", { contentType: "audio/ogg", sizeBytes: 16 * 1024 * 1024 + 1 }, "sizeBytes"],
    ["a Lottie animation over 2 MiB", { contentType: "application/json", sizeBytes: 2 * 1024 * 1024 + 1 }, "sizeBytes"],
    ["a folderId of 65 characters", { folderId: "f".repeat(65) }, "folderId"],
    ["an unknown field", { acl: "public" }, "acl"],
    ["no filename", { filename: undefined }, "filename"],
    ["no contentType", { contentType: undefined }, "contentType"]
  ]
  for (const [label, change, path] of invalid) {
    it.effect(`presign refuses ${label} (400 at ${path})`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const body = { filename: "a.png", contentType: "image/png", sizeBytes: 100, ...change }
        const reply = yield* request("POST", "/v1/tenant/assets/presign", { key, body })
        assert.strictEqual(reply.status, 400, reply.text)
        assert.include(Steps.paths(reply.body), path, reply.text)
        const listed = yield* request("GET", "/v1/tenant/assets", { key })
        assert.strictEqual(listed.body.total, 0, "no file was made")
      })
    )
  }

  it.effect("the largest sizes of each kind are accepted", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      for (const [contentType, sizeBytes] of [
        ["image/webp", 8 * 1024 * 1024],
        ["audio/mpeg", 16 * 1024 * 1024],
        ["video/webm", 52_428_800],
        ["application/json", 2 * 1024 * 1024]
      ] as const) {
        const reply = yield* request("POST", "/v1/tenant/assets/presign", {
          key,
          body: { filename: "x", contentType, sizeBytes }
        })
        assert.strictEqual(reply.status, 201, `${contentType}: ${reply.text}`)
      }
    })
  )

  it.effect("presign into an unknown folder (or another account's) is 404 naming folderId", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const other = yield* account()
      const theirs = yield* request("POST", "/v1/tenant/asset-folders", { key: other.key, body: { name: "theirs" } })
      for (const folderId of ["fld_unknown", theirs.body.folder.id]) {
        const reply = yield* presign(request, key, sampleOf("image/png"), { folderId })
        assert.strictEqual(reply.status, 404, reply.text)
        assert.strictEqual(reply.body.error.code, "not_found")
        assert.deepStrictEqual(Steps.paths(reply.body), ["folderId"])
      }
      const mine = yield* request("POST", "/v1/tenant/asset-folders", { key, body: { name: "mine" } })
      const inside = yield* presign(request, key, sampleOf("image/png"), { folderId: mine.body.folder.id })
      assert.strictEqual(inside.status, 201)
      assert.strictEqual(inside.body.asset.folderId, mine.body.folder.id)
    })
  )

  it.effect("presign and confirm need assets.manage (403); reading keys cannot", () =>
    Effect.gen(function* () {
      const { request, key, keyWith } = yield* withAccount()
      const started = yield* presign(request, key, sampleOf("image/png"))
      const readerKey = yield* keyWith("assets.read", "assets.delete")
      const refused = yield* presign(request, readerKey, sampleOf("image/png"))
      assert.strictEqual(refused.status, 403)
      assert.strictEqual(refused.body.error.code, "forbidden")
      const confirm = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key: readerKey })
      assert.strictEqual(confirm.status, 403)
      const anonymous = yield* request("POST", "/v1/tenant/assets/presign", { body: {} })
      assert.strictEqual(anonymous.status, 401)
    })
  )

  it.effect("without the Media library feature, presign and confirm are 402", () =>
    Effect.gen(function* () {
      const { request, account } = yield* withAccount()
      const free = yield* account({ features: { mediaLibrary: false } })
      const reply = yield* presign(request, free.key, sampleOf("image/png"))
      assert.strictEqual(reply.status, 402, reply.text)
      assert.strictEqual(reply.body.error.code, "upgrade_required")
      assert.deepStrictEqual(Steps.paths(reply.body), ["features.mediaLibrary"])
      const plan = yield* account({ plan: "free" })
      assert.strictEqual((yield* presign(request, plan.key, sampleOf("image/png"))).status, 402)
    })
  )

  it.effect(
    "the storage limit refuses a file over it at presign (by sizeBytes) and at confirm (by its real size)",
    () =>
      Effect.gen(function* () {
        const { request, account } = yield* withAccount()
        const sample = sampleOf("audio/mpeg")
        const limited = yield* account({ limits: { storageBytes: sample.bytes.length + 100 } })
        const over = yield* presign(request, limited.key, sample, { sizeBytes: sample.bytes.length + 101 })
        assert.strictEqual(over.status, 402, over.text)
        assert.deepStrictEqual(Steps.paths(over.body), ["limits.storageBytes"])
        const first = yield* uploaded(request, limited.key, sample)
        assert.strictEqual(first.sizeBytes, sample.bytes.length)
        const full = yield* presign(request, limited.key, sampleOf("image/gif"), { sizeBytes: 101 })
        assert.strictEqual(full.status, 402, "the storage used counts confirmed files")
        // A pending upload holds its size from the presign: a second one that would pass the limit
        // is refused before any byte moves.
        const again = yield* account({ limits: { storageBytes: sample.bytes.length + 100 } })
        const a = yield* presign(request, again.key, sample)
        assert.strictEqual(a.status, 201, a.text)
        const b = yield* presign(request, again.key, sample)
        assert.strictEqual(b.status, 402, b.text)
        assert.deepStrictEqual(Steps.paths(b.body), ["limits.storageBytes"])
        // The limit lowered under the upload after its POST: the confirm is 402 and its bytes go at once.
        assert.strictEqual((yield* postForm(a.body.upload.url, a.body.upload.fields, sample.bytes)).status, 204)
        const setStorage = (storageBytes: number) =>
          request("PATCH", `/admin/v1/accounts/${again.id}`, { key: ADMIN_TOKEN, body: { limits: { storageBytes } } })
        assert.strictEqual((yield* setStorage(sample.bytes.length - 1)).status, 200)
        const refused = yield* request("POST", `/v1/tenant/assets/${a.body.asset.id}/confirm`, { key: again.key })
        assert.strictEqual(refused.status, 402, refused.text)
        assert.deepStrictEqual(Steps.paths(refused.body), ["limits.storageBytes"])
        assert.strictEqual((yield* fetchBytes(a.body.asset.url)).status, 404)
        assert.strictEqual((yield* setStorage(sample.bytes.length + 100)).status, 200)
        const gone = yield* request("POST", `/v1/tenant/assets/${a.body.asset.id}/confirm`, { key: again.key })
        assert.strictEqual(gone.status, 400, "the refused bytes were deleted: nothing is left to confirm")
        assert.deepStrictEqual(Steps.paths(gone.body), ["file"])
        // Uploaded again while its policy lasts, the same file confirms.
        assert.strictEqual((yield* postForm(a.body.upload.url, a.body.upload.fields, sample.bytes)).status, 204)
        const afterRoom = yield* request("POST", `/v1/tenant/assets/${a.body.asset.id}/confirm`, { key: again.key })
        assert.strictEqual(afterRoom.status, 200, afterRoom.text)
      })
  )

  it.effect("confirm of an unknown or another account's file is 404; of nothing uploaded 400", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const unknown = yield* request("POST", "/v1/tenant/assets/ast_unknown/confirm", { key })
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(unknown.body.error.code, "not_found")
      const started = yield* presign(request, key, sampleOf("image/png"))
      const other = yield* account()
      const theirs = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key: other.key })
      assert.strictEqual(theirs.status, 404)
      const nothing = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
      assert.strictEqual(nothing.status, 400)
      assert.deepStrictEqual(Steps.paths(nothing.body), ["file"])
    })
  )
})

describe("media uploads whose policy expires", () => {
  layer(make(storeLayer(), { media: { settings: { uploadTtl: Duration.seconds(1) } } }), {
    excludeTestServices: true,
    timeout: "120 seconds"
  })("a policy past its deadline", (it) => {
    it.effect("is refused (403) and stores nothing", () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const sample = sampleOf("image/png")
        const started = yield* presign(request, key, sample)
        yield* Effect.sleep("1200 millis")
        const late = yield* postForm(started.body.upload.url, started.body.upload.fields, sample.bytes)
        assert.strictEqual(late.status, 403, late.text)
        assert.match(JSON.parse(late.text).error.message, /expired/)
        const confirm = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
        assert.strictEqual(confirm.status, 400)
      })
    )
  })
})
