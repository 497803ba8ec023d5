/**
 * `BlobStore` in memory, for tests and embedders that keep nothing: blobs in a `Map`, with the
 * semantics the blob contract pins (`contract/BlobStoreContract.ts`): whole writes (a failing or
 * oversized body leaves the key as it was), moves, ranges, sweeps by age, and uploads under a
 * policy. An upload's fields carry an unguessable token naming the policy it was issued with;
 * `MemoryUploads.post` is the browser's POST: it refuses a token it did not issue, a policy past
 * its deadline (by effect's `Clock`, so `TestClock` moves it), another key or content type than
 * the policy's, and a size outside its range, and stores nothing then.
 *
 * @since 0.1.0
 */
import { BlobStore, Errors } from "@campaign-games/core"
import { Context, DateTime, Effect, Layer, Option, Stream } from "effect"

/** The upload URL the memory store answers (nothing listens there: `MemoryUploads.post` receives). */
export const UPLOAD_URL = "memory://uploads"

interface Blob {
  readonly bytes: Uint8Array
  readonly contentType: string
  readonly writtenAt: number
}

/** Why an upload POST was refused, as the status an HTTP store would answer (403 policy, 400 size or form). */
export interface Refusal {
  readonly status: 400 | 403
  readonly reason: string
}

/** The browser's side of the memory store's uploads. */
export class MemoryUploads extends Context.Service<
  MemoryUploads,
  {
    /** POSTs `fields` and the file, as a browser would to `upload.url`; none when stored, else the refusal. */
    readonly post: (
      fields: { readonly [name: string]: string },
      file: Uint8Array
    ) => Effect.Effect<Option.Option<Refusal>>
  }
>()("@campaign-games/testing/MemoryBlobStore/MemoryUploads") {}

const CHUNK = 64 * 1024

const concat = (chunks: ReadonlyArray<Uint8Array>, size: number): Uint8Array => {
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

const missing = (key: string) => new Errors.StoreError({ message: `No blob at ${key}.` })
const badKey = (key: string) =>
  Effect.fail(new Errors.StoreError({ message: `Not a blob key: ${JSON.stringify(key)}.` }))

/** A fresh, empty store per build: the blob store and its uploads' receiving side. */
export const layer: Layer.Layer<BlobStore.BlobStore | MemoryUploads> = Layer.effectContext(
  Effect.sync(() => {
    const blobs = new Map<string, Blob>()
    const policies = new Map<string, BlobStore.UploadPolicy>()
    let issued = 0

    const now = Effect.map(DateTime.now, DateTime.toEpochMillis)

    const put = (key: string, bytes: Uint8Array, contentType: string) =>
      Effect.map(now, (writtenAt) => void blobs.set(key, { bytes, contentType, writtenAt }))

    const store = BlobStore.BlobStore.of({
      presignUpload: (policy) =>
        Effect.sync((): BlobStore.PresignedUpload => {
          const token = `${++issued}-${globalThis.crypto.randomUUID()}`
          policies.set(token, policy)
          return { url: UPLOAD_URL, fields: { key: policy.key, "Content-Type": policy.contentType, token } }
        }),
      stat: (key) =>
        Effect.sync(() => Option.map(Option.fromNullishOr(blobs.get(key)), (blob) => ({ size: blob.bytes.length }))),
      read: (key, range) =>
        Stream.suspend(() => {
          const blob = blobs.get(key)
          if (blob === undefined) return Stream.fail(missing(key))
          const start = Math.min(range?.offset ?? 0, blob.bytes.length)
          const end = range === undefined ? blob.bytes.length : Math.min(blob.bytes.length, start + range.length)
          const chunks: Array<Uint8Array> = []
          for (let at = start; at < end; at += CHUNK) chunks.push(blob.bytes.subarray(at, Math.min(end, at + CHUNK)))
          return Stream.fromIterable(chunks)
        }),
      write: (key, body, options) =>
        BlobStore.isKey(key)
          ? Effect.gen(function* () {
              const chunks: Array<Uint8Array> = []
              let size = 0
              yield* Stream.runForEach(body, (chunk) => {
                size += chunk.length
                if (size > options.maxBytes) return Effect.fail(new BlobStore.TooLarge({ maxBytes: options.maxBytes }))
                chunks.push(chunk)
                return Effect.void
              })
              yield* put(key, concat(chunks, size), options.contentType)
              return size
            })
          : badKey(key),
      move: (from, to, contentType) =>
        BlobStore.isKey(to)
          ? Effect.suspend(() => {
              const blob = blobs.get(from)
              if (blob === undefined) return Effect.succeed(false)
              blobs.delete(from)
              return Effect.as(put(to, blob.bytes, contentType), true)
            })
          : badKey(to),
      delete: (keys) => Effect.sync(() => keys.forEach((key) => blobs.delete(key))),
      locate: () => Effect.succeed({ _tag: "Here" as const }),
      sweep: (prefix, before) =>
        Effect.sync(() => {
          let swept = 0
          for (const [key, blob] of blobs) {
            if (key.startsWith(prefix) && blob.writtenAt < DateTime.toEpochMillis(before)) {
              blobs.delete(key)
              swept++
            }
          }
          return swept
        })
    })

    const refuse = (status: 400 | 403, reason: string) => Effect.succeed(Option.some<Refusal>({ status, reason }))

    const uploads = MemoryUploads.of({
      post: (fields, file) =>
        Effect.gen(function* () {
          const token = fields["token"]
          const policy = token === undefined ? undefined : policies.get(token)
          if (policy === undefined) return yield* refuse(403, "no valid policy")
          const names = Object.keys(fields).sort().join(",")
          if (names !== "Content-Type,key,token") return yield* refuse(403, "a field is not in the policy")
          if (DateTime.toEpochMillis(policy.expiresAt) <= (yield* now)) return yield* refuse(403, "the policy expired")
          if (fields["key"] !== policy.key) return yield* refuse(403, "the key is not the policy's")
          if (fields["Content-Type"] !== policy.contentType)
            return yield* refuse(403, "the content type is not the policy's")
          if (file.length < policy.minBytes) return yield* refuse(400, "the file is smaller than the policy allows")
          if (file.length > policy.maxBytes) return yield* refuse(400, "the file is larger than the policy allows")
          yield* put(policy.key, file.slice(), policy.contentType)
          return Option.none<Refusal>()
        })
    })

    return Context.make(BlobStore.BlobStore, store).pipe(Context.add(MemoryUploads, uploads))
  })
)
