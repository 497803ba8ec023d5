/**
 * Imports from a URL, against local origins (this server allows private URLs here, as
 * development does: the address guard itself is tested in `MediaImportGuard.test.ts`). The import
 * answers a pending file at once; the background worker fetches it, checks its bytes as a confirm
 * does, and ends `done` (available, typed by its bytes) or `failed` with `importError`. Transient
 * failures are retried with a doubling wait, counted in `importAttempts`. A body over the limit, a
 * slow body, a wrong type: each fails cleanly and leaves no byte on the disk. The rate limits (10 a
 * minute per key) answer 429 with their headers, and every bound, permission and plan gate answers
 * the specification's error.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { body, type Handler, origin, status } from "./fixtures/media/Origin.ts"
import { sampleOf, samples } from "./fixtures/media/Samples.ts"
import { fetchBytes, settled } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { make, quickImports, type Reply, type RequestOptions, storeLayer, withAccount } from "./support/TestServer.ts"

const directory = mkdtempSync(join(tmpdir(), "cg-import-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

/** The files the disk store holds whose key names `id` (upload slot or file). */
const filesOf = (id: string): Array<string> => {
  const found: Array<string> = []
  const walk = (dir: string) => {
    let entries: Array<import("node:fs").Dirent>
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name === id) found.push(full)
    }
  }
  walk(directory)
  return found
}

/** The partial writes left in the disk store's temporary directory (none once every write ended). */
const partials = (): Array<string> => {
  try {
    return readdirSync(join(directory, ".tmp"))
  } catch {
    return []
  }
}

const same = (actual: Uint8Array, expected: Uint8Array) =>
  assert.isTrue(Buffer.from(actual).equals(Buffer.from(expected)))

type Send = (method: string, path: string, options?: RequestOptions) => Effect.Effect<Reply>

const server = make(storeLayer(), {
  media: {
    storage: { _tag: "Disk", directory },
    fetchTimeouts: { idleMs: 400, totalMs: 2500 },
    settings: quickImports
  }
})

layer(server, { excludeTestServices: true, timeout: "120 seconds" })("media imports", (it) => {
  const start = (request: Send, key: string, payload: Record<string, unknown>) =>
    request("POST", "/v1/tenant/assets/import", { key, body: payload })
  /** Starts an import and waits until it has settled: the asset then. */
  const imported = (request: Send, key: string, payload: Record<string, unknown>) =>
    Effect.flatMap(start(request, key, payload), (started) => settled(request, key, started.body.asset.id))

  /**
   * Imports from an origin serving `routes` that all fail: each of `failures` (the path imported,
   * with the `contentType` asked for when given) settles `failed` with its `importError` (and its
   * `importAttempts` when given), and none leaves a file or a partial write on the disk.
   */
  const failWithoutKeeping = (
    routes: Readonly<Record<string, Handler>>,
    failures: ReadonlyArray<{
      readonly path: string
      readonly contentType?: string
      readonly importError: string
      readonly importAttempts?: number
    }>
  ) =>
    Effect.gen(function* () {
      const site = yield* origin(routes)
      const { request, key } = yield* withAccount()
      const ids: Array<string> = []
      for (const { path, contentType, importError, importAttempts } of failures) {
        const asset = yield* imported(request, key, {
          url: site.url(path),
          ...(contentType === undefined ? {} : { contentType })
        })
        assert.deepInclude(asset, {
          importStatus: "failed",
          importError,
          ...(importAttempts === undefined ? {} : { importAttempts })
        })
        ids.push(asset.id)
      }
      for (const id of ids) assert.deepStrictEqual(filesOf(id), [])
      assert.deepStrictEqual(partials(), [], "no partial write is left")
    })

  it.effect("a file of each type is imported: pending at once, then done, typed by its bytes, and served", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const routes = Object.fromEntries(
          samples.map((s) => [`/files/${s.filename}`, body(s.bytes, "application/octet-stream")])
        )
        const site = yield* origin(routes)
        const { request, key } = yield* withAccount()
        for (const sample of samples) {
          const url = site.url(`/files/${sample.filename}`)
          const started = yield* start(request, key, { url })
          assert.strictEqual(started.status, 201, started.text)
          assert.deepInclude(started.body.asset, {
            filename: sample.filename,
            contentType: "application/octet-stream",
            sourceUrl: url,
            importStatus: "pending",
            importError: null,
            sizeBytes: null,
            confirmedAt: null
          })
          const done = yield* settled(request, key, started.body.asset.id)
          assert.deepInclude(done, {
            importStatus: "done",
            importError: null,
            importAttempts: 1,
            contentType: sample.contentType,
            sizeBytes: sample.bytes.length
          })
          assert.isString(done.confirmedAt)
          const served = yield* fetchBytes(done.url)
          assert.strictEqual(served.headers.get("content-type"), sample.contentType)
          same(served.body, sample.bytes)
        }
      })
    )
  )

  it.effect("a type asked for must be the bytes' type; bytes of no supported type fail", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const site = yield* origin({
          "/logo.png": body(sampleOf("image/png").bytes, "image/png"),
          "/page.html": body(new TextEncoder().encode("<!doctype html><p>hi</p>"), "text/html")
        })
        const { request, key } = yield* withAccount()
        const asked = yield* start(request, key, {
          url: site.url("/logo.png"),
          contentType: "audio/mpeg",
          filename: "x.mp3"
        })
        assert.strictEqual(asked.body.asset.contentType, "audio/mpeg")
        const wrong = yield* settled(request, key, asked.body.asset.id)
        assert.deepInclude(wrong, {
          importStatus: "failed",
          importError: "the bytes are image/png, not the declared audio/mpeg",
          importAttempts: 1,
          confirmedAt: null,
          sizeBytes: null
        })
        assert.strictEqual((yield* fetchBytes(wrong.url)).status, 404)
        assert.deepStrictEqual(filesOf(wrong.id), [], "nothing stored")
        const html = yield* imported(request, key, { url: site.url("/page.html") })
        assert.deepInclude(html, {
          importStatus: "failed",
          importError: "the bytes are not a file of a supported type"
        })
        assert.deepStrictEqual(filesOf(html.id), [])
      })
    )
  )

  it.effect("a final answer (404) fails at once; 503 is retried with a doubling wait, up to 3 attempts", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const png = sampleOf("image/png").bytes
        const site = yield* origin({
          "/missing.png": status(404),
          "/down.png": status(503),
          "/flaky.png": (request, response, hit) => (hit === 1 ? status(503) : body(png))(request, response, hit)
        })
        const { request, key } = yield* withAccount()
        const missing = yield* imported(request, key, { url: site.url("/missing.png") })
        assert.deepInclude(missing, { importStatus: "failed", importError: "answered 404", importAttempts: 1 })
        const down = yield* imported(request, key, { url: site.url("/down.png") })
        assert.deepInclude(down, { importStatus: "failed", importError: "answered 503", importAttempts: 3 })
        assert.strictEqual(site.requests.filter((p) => p === "/down.png").length, 3)
        const flaky = yield* imported(request, key, { url: site.url("/flaky.png") })
        assert.deepInclude(flaky, { importStatus: "done", importError: null, importAttempts: 2, sizeBytes: png.length })
        for (const id of [missing.id, down.id]) assert.deepStrictEqual(filesOf(id), [])
      })
    )
  )

  it.effect("while a retry waits, the file is pending with its last error", () =>
    Effect.scoped(
      Effect.gen(function* () {
        let release = false
        const png = sampleOf("image/png").bytes
        const site = yield* origin({
          "/later.png": (request, response, hit) =>
            (release && hit > 1 ? body(png) : status(502))(request, response, hit)
        })
        const { request, key } = yield* withAccount()
        const id = (yield* start(request, key, { url: site.url("/later.png") })).body.asset.id
        let seen: any
        for (let i = 0; i < 200 && seen?.importError !== "answered 502"; i++) {
          seen = (yield* request("GET", `/v1/tenant/assets/${id}`, { key })).body.asset
          if (seen.importError !== "answered 502") yield* Effect.sleep("5 millis")
        }
        assert.deepInclude(seen, { importStatus: "pending", importError: "answered 502" })
        release = true
        const done = yield* settled(request, key, id)
        assert.strictEqual(done.importStatus, "done")
      })
    )
  )

  it.effect("a body over the limit fails without being kept: declared too large, or streamed past the limit", () =>
    Effect.scoped(
      failWithoutKeeping(
        {
          "/huge.mp4": (_request, response) => {
            response.writeHead(200, { "content-type": "video/mp4", "content-length": String(60 * 1024 * 1024) })
            response.end()
          },
          "/endless.png": (_request, response) => {
            response.writeHead(200, { "content-type": "image/png" })
            const piece = new Uint8Array(256 * 1024)
            let sent = 0
            const pump = () => {
              while (sent < 9 * 1024 * 1024) {
                sent += piece.length
                if (!response.write(piece)) return void response.once("drain", pump)
              }
              response.end()
            }
            pump()
          }
        },
        [
          { path: "/huge.mp4", importError: "the file is larger than 52428800 bytes", importAttempts: 1 },
          { path: "/endless.png", contentType: "image/png", importError: "the file is larger than 8388608 bytes" }
        ]
      )
    )
  )

  it.effect(
    "a slow body (a pause, or a trickle past the deadline) fails after its attempts, keeping nothing",
    () =>
      Effect.scoped(
        failWithoutKeeping(
          {
            "/stalls.png": (_request, response) => {
              response.writeHead(200, { "content-type": "image/png" })
              response.write(sampleOf("image/png").bytes.subarray(0, 10))
            },
            "/trickle.png": (_request, response) => {
              response.writeHead(200, { "content-type": "image/png" })
              const timer = setInterval(() => response.write(new Uint8Array([1])), 100)
              response.on("close", () => clearInterval(timer))
            }
          },
          [
            { path: "/stalls.png", importError: "the body paused longer than 0.4 s", importAttempts: 3 },
            { path: "/trickle.png", importError: "the download took longer than 2.5 s", importAttempts: 3 }
          ]
        )
      ),
    { timeout: 60_000 }
  )

  it.effect("an import into a folder; its confirm is 409; the storage limit applies when the file arrives", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const ogg = sampleOf("audio/ogg").bytes
        const site = yield* origin({ "/a.ogg": body(ogg) })
        const { account, request, key } = yield* withAccount()
        const box = (yield* request("POST", "/v1/tenant/asset-folders", { key, body: { name: "Imports" } })).body.folder
        const started = yield* start(request, key, { url: site.url("/a.ogg"), folderId: box.id, filename: "Song" })
        assert.deepInclude(started.body.asset, { folderId: box.id, filename: "Song" })
        const confirm = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
        assert.strictEqual(confirm.status, 409)
        assert.strictEqual(confirm.body.error.code, "conflict")
        assert.strictEqual((yield* settled(request, key, started.body.asset.id)).importStatus, "done")
        const small = yield* account({ limits: { storageBytes: ogg.length - 1 } })
        const tooBig = yield* imported(request, small.key, { url: site.url("/a.ogg") })
        assert.deepInclude(tooBig, {
          importStatus: "failed",
          importError: "the media library's storage limit is reached"
        })
        assert.deepStrictEqual(filesOf(tooBig.id), [])
        const full = yield* account({ limits: { storageBytes: 0 } })
        const refused = yield* start(request, full.key, { url: site.url("/a.ogg") })
        assert.strictEqual(refused.status, 402)
        assert.deepStrictEqual(Steps.paths(refused.body), ["limits.storageBytes"])
      })
    )
  )

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["no url", {}, "url"],
    ["an empty url", { url: "" }, "url"],
    ["a url of 2049 characters", { url: `http://example.com/${"a".repeat(2030)}` }, "url"],
    ["an ftp url", { url: "ftp://example.com/a.png" }, "url"],
    ["a relative url", { url: "/a.png" }, "url"],
    ["a url with credentials", { url: "http://user:pass@example.com/a.png" }, "url"],
    ["a filename of 201 characters", { url: "http://example.com/a.png", filename: "a".repeat(201) }, "filename"],
    ["another content type", { url: "http://example.com/a.png", contentType: "image/svg+xml" }, "contentType"],
    ["an unknown field", { url: "http://example.com/a.png", headers: {} }, "headers"]
  ]
  for (const [label, payload, path] of invalid) {
    it.effect(`import refuses ${label} (400 at ${path})`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const reply = yield* start(request, key, payload)
        assert.strictEqual(reply.status, 400, reply.text)
        assert.include(Steps.paths(reply.body), path, reply.text)
      })
    )
  }

  it.effect("import needs assets.manage (403), the Media library feature (402) and a known folder (404)", () =>
    Effect.gen(function* () {
      const { account, request, key, keyWith } = yield* withAccount()
      const reader = yield* keyWith("assets.read")
      assert.strictEqual((yield* start(request, reader, { url: "http://127.0.0.1:1/a.png" })).status, 403)
      const free = yield* account({ features: { mediaLibrary: false } })
      const gated = yield* start(request, free.key, { url: "http://127.0.0.1:1/a.png" })
      assert.strictEqual(gated.status, 402)
      assert.deepStrictEqual(Steps.paths(gated.body), ["features.mediaLibrary"])
      const lost = yield* start(request, key, { url: "http://127.0.0.1:1/a.png", folderId: "fld_gone" })
      assert.strictEqual(lost.status, 404)
      assert.deepStrictEqual(Steps.paths(lost.body), ["folderId"])
    })
  )

  it.effect("10 imports a minute per key, with X-RateLimit headers; the 11th is 429 with Retry-After", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      for (let i = 1; i <= 10; i++) {
        const reply = yield* start(request, key, { url: "ftp://not-counted-differently.example/a.png" })
        assert.strictEqual(reply.status, 400)
        assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "10")
        assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(10 - i))
      }
      const limited = yield* start(request, key, { url: "http://127.0.0.1:1/a.png" })
      assert.strictEqual(limited.status, 429, limited.text)
      assert.strictEqual(limited.body.error.code, "rate_limited")
      assert.strictEqual(limited.headers.get("x-ratelimit-remaining"), "0")
      const retryAfter = Number(limited.headers.get("retry-after"))
      assert.isTrue(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`)
      const other = yield* account()
      assert.strictEqual(
        (yield* start(request, other.key, { url: "ftp://x.example/a" })).status,
        400,
        "another key counts apart"
      )
    })
  )
})
