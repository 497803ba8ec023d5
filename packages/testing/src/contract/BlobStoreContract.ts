/**
 * The contract of `BlobStore` (the bytes of media files), one suite run on every adapter: memory
 * (`MemoryBlobStore`), the local disk and S3-compatible storage (`@campaign-games/http`, the
 * latter against an S3 server the test starts). It pins:
 *
 * - bytes round-trip exactly, whole and by range (a range past the end is cut short);
 * - a write replaces the whole blob; a write whose body fails, or passes `maxBytes` (`TooLarge`),
 *   leaves the key as it was; keys outside the safe form are refused (`StoreError`);
 * - `stat` is none and `read` fails for a missing blob; `move` renames (replacing the target) and
 *   is false without a source; `delete` deletes what exists; `sweep` deletes only the blobs under
 *   its prefix written before its time;
 * - a browser's upload: a POST of every field of `presignUpload`, then the file, stores the file at
 *   the policy's key; where the store enforces the policy itself, a file of another size, another
 *   key or content type, a field the policy does not name, or a policy past its deadline is
 *   refused and stores nothing;
 * - `locate`: `Here`, or a redirect whose URL answers the bytes (and a range of them).
 *
 * @since 0.1.0
 */
import { BlobStore } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option, Stream } from "effect"
import { uid } from "../internal/Fixtures.ts"

/** How a suite reaches the store's upload URL, and what it expects of it. */
export interface Options<R> {
  /**
   * POSTs an upload as a browser does: every field of `fields` (the presigned ones unless a test
   * changes them), then the file as field `file`; the status answered (2xx: stored).
   */
  readonly post: (
    upload: BlobStore.PresignedUpload,
    file: Uint8Array,
    fields: { readonly [name: string]: string }
  ) => Effect.Effect<number, never, R>
  /**
   * Whether the store refuses, itself, an upload outside its policy. S3 does; `s3rver`, the S3
   * server the tests run, accepts any POST to the bucket, so its suite checks the policy document
   * instead (its tests say how).
   */
  readonly enforcesPolicy: boolean
}

/** `length` bytes cycling through every byte value, from `seed`. */
export const bytes = (length: number, seed = 0): Uint8Array => {
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) out[i] = (i * 7 + seed) & 0xff
  return out
}

/** A stream of `data` in pieces of `size` bytes. */
export const pieces = (data: Uint8Array, size = 64 * 1024): Stream.Stream<Uint8Array> => {
  const out: Array<Uint8Array> = []
  for (let at = 0; at < data.length; at += size) out.push(data.subarray(at, Math.min(data.length, at + size)))
  return Stream.fromIterable(out)
}

/** The bytes of the blob `key` (or of a range of it), in one array. */
const readAll = (key: string, range?: { readonly offset: number; readonly length: number }) =>
  Effect.map(
    BlobStore.BlobStore.use((store) => Stream.runCollect(store.read(key, range))),
    (chunks): Uint8Array => Buffer.concat(chunks)
  )

const key = (name: string) => `contract/${uid("blob")}/${name}`

/** A new key of the form a browser's upload gets. */
const uploadKey = () => `uploads/${uid("acc")}/${uid("ast")}`

const same = (actual: Uint8Array, expected: Uint8Array, message?: string) => {
  assert.strictEqual(actual.length, expected.length, message)
  assert.isTrue(Buffer.from(actual).equals(Buffer.from(expected)), message ?? "the same bytes")
}

class Broken {
  readonly _tag = "Broken"
}

/** Registers the `BlobStore` tests with `it`. */
export const tests = <R>(it: Vitest.MethodsNonLive<BlobStore.BlobStore | R>, options: Options<R>): void => {
  it.effect("a blob round-trips, whole and by range", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const k = key("a.bin")
      const data = bytes(300_001)
      assert.strictEqual(
        yield* store.write(k, pieces(data, 10_000), { contentType: "video/mp4", maxBytes: 1_000_000 }),
        data.length
      )
      assert.deepStrictEqual(yield* store.stat(k), Option.some({ size: data.length }))
      same(yield* readAll(k), data)
      same(yield* readAll(k, { offset: 0, length: 10 }), data.subarray(0, 10))
      same(yield* readAll(k, { offset: 1000, length: 70_000 }), data.subarray(1000, 71_000))
      same(
        yield* readAll(k, { offset: data.length - 5, length: 100 }),
        data.subarray(data.length - 5),
        "cut at the end"
      )
      same(yield* readAll(k, { offset: data.length, length: 10 }), new Uint8Array(0), "nothing past the end")
    })
  )

  it.effect("a write replaces the blob whole; a failed or oversized write leaves the key as it was", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const k = key("b.bin")
      yield* store.write(k, pieces(bytes(5000, 1)), { contentType: "image/png", maxBytes: 10_000 })
      const second = bytes(3000, 2)
      yield* store.write(k, pieces(second, 1000), { contentType: "image/png", maxBytes: 10_000 })
      same(yield* readAll(k), second, "the second write replaced the first whole")
      const failing = Stream.concat(pieces(bytes(2000, 3)), Stream.fail(new Broken()))
      const error = yield* Effect.flip(store.write(k, failing, { contentType: "image/png", maxBytes: 10_000 }))
      assert.strictEqual(error._tag, "Broken", "the body's own failure")
      same(yield* readAll(k), second, "a failed write leaves the blob as it was")
      const tooLarge = yield* Effect.flip(
        store.write(k, pieces(bytes(10_001), 4096), { contentType: "image/png", maxBytes: 10_000 })
      )
      assert.strictEqual(tooLarge._tag, "TooLarge")
      same(yield* readAll(k), second, "an oversized write leaves the blob as it was")
      const fresh = key("c.bin")
      yield* Effect.flip(store.write(fresh, pieces(bytes(10_001)), { contentType: "image/png", maxBytes: 10_000 }))
      assert.isTrue(Option.isNone(yield* store.stat(fresh)), "nothing is left at a new key")
      assert.strictEqual(
        yield* store.write(fresh, pieces(bytes(10_000)), { contentType: "image/png", maxBytes: 10_000 }),
        10_000
      )
    })
  )

  it.effect("keys outside the safe form are refused", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      for (const bad of ["../escape", "a//b", "/abs", "a/./b", "sp ace", ""]) {
        const error = yield* Effect.flip(
          store.write(bad, pieces(bytes(10)), { contentType: "image/png", maxBytes: 100 })
        )
        assert.strictEqual(error._tag, "StoreError", bad)
      }
    })
  )

  it.effect("a missing blob has no size and cannot be read", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const k = key("missing")
      assert.isTrue(Option.isNone(yield* store.stat(k)))
      const error = yield* Effect.flip(readAll(k))
      assert.strictEqual(error._tag, "StoreError")
    })
  )

  it.effect("move renames (replacing the target), false without a source; delete deletes what exists", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const from = key("from")
      const to = key("to")
      const data = bytes(4000, 5)
      yield* store.write(from, pieces(data), { contentType: "audio/ogg", maxBytes: 10_000 })
      yield* store.write(to, pieces(bytes(10, 6)), { contentType: "audio/ogg", maxBytes: 10_000 })
      assert.isTrue(yield* store.move(from, to, "audio/ogg"))
      assert.isTrue(Option.isNone(yield* store.stat(from)))
      same(yield* readAll(to), data)
      assert.isFalse(yield* store.move(from, to, "audio/ogg"))
      same(yield* readAll(to), data, "a move without a source leaves the target")
      yield* store.delete([to, key("never")])
      assert.isTrue(Option.isNone(yield* store.stat(to)))
      yield* store.delete([to])
    })
  )

  it.effect("sweep deletes only the blobs under its prefix written before its time", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const prefix = `sweep/${uid("p")}/`
      const a = `${prefix}x/a`
      const b = `${prefix}b`
      const other = `sweep/${uid("q")}/c`
      for (const k of [a, b, other])
        yield* store.write(k, pieces(bytes(10)), { contentType: "image/gif", maxBytes: 100 })
      const now = yield* DateTime.now
      assert.strictEqual(yield* store.sweep(prefix, DateTime.subtractDuration(now, "1 hour")), 0)
      assert.isTrue(Option.isSome(yield* store.stat(a)))
      assert.strictEqual(yield* store.sweep(prefix, DateTime.addDuration(now, "1 hour")), 2)
      assert.isTrue(Option.isNone(yield* store.stat(a)))
      assert.isTrue(Option.isNone(yield* store.stat(b)))
      assert.isTrue(Option.isSome(yield* store.stat(other)), "another prefix is left")
      yield* store.delete([other])
    })
  )

  const presign = (k: string, size: number, contentType = "image/png", expiresIn: number = 600_000) =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const expiresAt = DateTime.add(yield* DateTime.now, { milliseconds: expiresIn })
      return yield* store.presignUpload({ key: k, contentType, minBytes: size, maxBytes: size, expiresAt })
    })

  /** `length` bytes from `seed`, and an upload of exactly them presigned to a new key. */
  const presignedFile = (length: number, seed: number) =>
    Effect.gen(function* () {
      const k = uploadKey()
      const data = bytes(length, seed)
      return { k, data, upload: yield* presign(k, data.length) }
    })

  it.effect("a POST of the presigned fields and the file stores the file at the policy's key", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const { k, data, upload } = yield* presignedFile(70_000, 9)
      assert.isTrue(Object.values(upload.fields).includes(k), "the fields name the key")
      assert.isTrue(Object.values(upload.fields).includes("image/png"), "the fields name the content type")
      const status = yield* options.post(upload, data, upload.fields)
      assert.isTrue(status >= 200 && status < 300, `stored (${status})`)
      assert.deepStrictEqual(yield* store.stat(k), Option.some({ size: data.length }))
      same(yield* readAll(k), data)
    })
  )

  if (options.enforcesPolicy) {
    it.effect("an upload outside its policy is refused and stores nothing", () =>
      Effect.gen(function* () {
        const store = yield* BlobStore.BlobStore
        const { k, data, upload } = yield* presignedFile(1000, 11)
        const refused = (status: number, what: string) =>
          assert.isTrue(status >= 400 && status < 500, `${what}: ${status}`)
        refused(yield* options.post(upload, bytes(1001), upload.fields), "one byte more")
        refused(yield* options.post(upload, bytes(999), upload.fields), "one byte less")
        const elsewhere = uploadKey()
        const aimed = Object.fromEntries(Object.entries(upload.fields).map(([n, v]) => [n, v === k ? elsewhere : v]))
        refused(yield* options.post(upload, data, aimed), "another key")
        const retyped = Object.fromEntries(
          Object.entries(upload.fields).map(([n, v]) => [n, v === "image/png" ? "text/html" : v])
        )
        refused(yield* options.post(upload, data, retyped), "another content type")
        refused(yield* options.post(upload, data, { ...upload.fields, "x-extra": "1" }), "a field not in the policy")
        const expired = yield* presign(k, data.length, "image/png", -1000)
        refused(yield* options.post(expired, data, expired.fields), "a policy past its deadline")
        assert.isTrue(Option.isNone(yield* store.stat(k)), "nothing at the key")
        assert.isTrue(Option.isNone(yield* store.stat(elsewhere)), "nothing at the other key")
        const tampered = Object.fromEntries(
          Object.entries(upload.fields).map(([n, v]) => [n, v === k || v === "image/png" ? v : `${v}0`])
        )
        refused(yield* options.post(upload, data, tampered), "a tampered signature")
        assert.isTrue(Option.isNone(yield* store.stat(k)), "still nothing at the key")
      })
    )
  }

  it.effect("locate serves the bytes here, or redirects to a URL that answers them (and ranges)", () =>
    Effect.gen(function* () {
      const store = yield* BlobStore.BlobStore
      const k = key("served.bin")
      const data = bytes(5000, 13)
      yield* store.write(k, pieces(data), { contentType: "image/webp", maxBytes: 10_000 })
      const location = yield* store.locate(k, { contentType: "image/webp", filename: "served.webp" })
      if (location._tag === "Here") return
      const whole = yield* Effect.promise(() =>
        fetch(location.url).then(async (r) => ({ status: r.status, body: new Uint8Array(await r.arrayBuffer()) }))
      )
      assert.strictEqual(whole.status, 200)
      same(whole.body, data)
      const part = yield* Effect.promise(() =>
        fetch(location.url, { headers: { range: "bytes=10-19" } }).then(async (r) => ({
          status: r.status,
          body: new Uint8Array(await r.arrayBuffer())
        }))
      )
      assert.strictEqual(part.status, 206)
      same(part.body, data.subarray(10, 20))
      assert.isTrue(location.maxAgeSeconds > 0)
    })
  )
}
