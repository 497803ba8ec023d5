/**
 * `BlobStore` on S3-compatible object storage (AWS S3, MinIO, …), chosen with `CG_S3_BUCKET`
 * (`CG_S3_ENDPOINT`, `CG_S3_REGION`, `CG_S3_FORCE_PATH_STYLE`, `CG_S3_PUBLIC_URL`); credentials come
 * from the AWS SDK's usual chain (environment, shared files, instance roles). Several server
 * instances share every file through it.
 *
 * - **Uploads.** `presignUpload` answers the bucket's own presigned POST (`@aws-sdk/s3-presigned-post`):
 *   a policy signed with the credentials (SigV4) whose conditions name the exact key, the exact
 *   `Content-Type` and the `content-length-range`, expiring at the policy's deadline. The bucket
 *   enforces it; the bytes never pass through the server. (The bucket needs a CORS rule allowing
 *   POST from the sites that upload.)
 * - **Writes** the server makes itself (imports) are spooled to a temporary file (at most the size
 *   allowed, counted as they arrive), then sent with `PutObject` and their length: nothing is held
 *   in memory. **Moves** are `CopyObject` (setting the file's `Content-Type` and a year's
 *   immutable `Cache-Control`) then `DeleteObject`. **Reads** stream `GetObject` (ranges included).
 * - **Serving**: a redirect to a presigned GET valid 5 minutes (the redirect itself cached a minute),
 *   or, with a public base URL (a CDN or a public bucket), to `<base>/<key>`.
 * - Request checksums are computed only where the S3 API requires them, so S3-compatible servers
 *   that do not know the newer checksum headers accept every request.
 *
 * @since 0.1.0
 */
import { createReadStream } from "node:fs"
import * as fs from "node:fs/promises"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { randomUUID } from "node:crypto"
import { BlobStore, Errors } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option, Stream } from "effect"
import * as BlobFile from "./internal/BlobFile.ts"
import { disposition } from "./MediaRoutes.ts"

export interface Options {
  readonly bucket: string
  /** The S3 API's address, for S3-compatible servers (`CG_S3_ENDPOINT`); AWS's when undefined. */
  readonly endpoint?: string | undefined
  /** `CG_S3_REGION`; `us-east-1` when undefined. */
  readonly region?: string | undefined
  /** Path-style addressing (`CG_S3_FORCE_PATH_STYLE`), as MinIO and most S3-compatible servers need. */
  readonly forcePathStyle?: boolean | undefined
  /** Files are redirected to `<publicBaseUrl>/<key>` instead of a presigned GET (`CG_S3_PUBLIC_URL`). */
  readonly publicBaseUrl?: string | undefined
  /** Explicit credentials (tests); the SDK's chain when undefined. */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
}

/** How long a presigned GET lasts, and how long its redirect may be cached. */
const GET_TTL_SECONDS = 300
const REDIRECT_MAX_AGE = 60
/** How long a redirect to a public base URL may be cached. */
const PUBLIC_REDIRECT_MAX_AGE = 300

/** The `Cache-Control` of a file's object: its bytes never change under its key. */
export const FILE_CACHE_CONTROL = "public, max-age=31536000, immutable"

const statusOf = (error: unknown): number | undefined =>
  (error as { readonly $metadata?: { readonly httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode

const isMissing = (error: unknown): boolean => {
  const name = (error as { readonly name?: string } | null)?.name
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404
}

const storeError = (operation: string) => (cause: unknown) =>
  new Errors.StoreError({
    message: `S3 ${operation} failed (${(cause as { readonly name?: string } | null)?.name ?? "error"}${statusOf(cause) === undefined ? "" : ` ${statusOf(cause)}`})`,
    cause
  })

/** The store over `options.bucket`. */
export const layer = (options: Options): Layer.Layer<BlobStore.BlobStore> =>
  Layer.effect(
    BlobStore.BlobStore,
    Effect.gen(function* () {
      // The AWS SDK is loaded when the layer is built, not on import: it defines `globalThis.awslambda`.
      const [
        {
          CopyObjectCommand,
          DeleteObjectCommand,
          GetObjectCommand,
          HeadObjectCommand,
          ListObjectsV2Command,
          PutObjectCommand,
          S3Client
        },
        { createPresignedPost },
        { getSignedUrl }
      ] = yield* Effect.promise(() =>
        Promise.all([
          import("@aws-sdk/client-s3"),
          import("@aws-sdk/s3-presigned-post"),
          import("@aws-sdk/s3-request-presigner")
        ])
      )
      const client = yield* Effect.acquireRelease(
        Effect.sync(
          () =>
            new S3Client({
              region: options.region ?? "us-east-1",
              forcePathStyle: options.forcePathStyle === true,
              requestChecksumCalculation: "WHEN_REQUIRED",
              responseChecksumValidation: "WHEN_REQUIRED",
              ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
              ...(options.credentials === undefined ? {} : { credentials: { ...options.credentials } })
            })
        ),
        (c) => Effect.sync(() => c.destroy())
      )
      const Bucket = options.bucket

      const checked = (key: string) =>
        BlobStore.isKey(key)
          ? Effect.succeed(key)
          : Effect.fail(new Errors.StoreError({ message: `Not a blob key: ${JSON.stringify(key)}.` }))

      const send = <A>(operation: string, run: (signal: AbortSignal) => Promise<A>) =>
        Effect.tryPromise({ try: run, catch: (error) => error }).pipe(Effect.mapError(storeError(operation)))

      const stat = (key: string) =>
        Effect.flatMap(checked(key), (Key) =>
          Effect.tryPromise({
            try: (signal) => client.send(new HeadObjectCommand({ Bucket, Key }), { abortSignal: signal }),
            catch: (error) => error
          }).pipe(
            Effect.map((head) => Option.some({ size: head.ContentLength ?? 0 })),
            Effect.catch((error) =>
              isMissing(error) ? Effect.succeedNone : Effect.fail(storeError("HeadObject")(error))
            )
          )
        )

      const read = (key: string, range?: { readonly offset: number; readonly length: number }) =>
        Stream.unwrap(
          Effect.gen(function* () {
            const Key = yield* checked(key)
            if (range !== undefined && range.length <= 0) {
              const found = yield* stat(key)
              return Option.isNone(found)
                ? Stream.fail(new Errors.StoreError({ message: `No blob at ${key}.` }))
                : Stream.empty
            }
            const Range = range === undefined ? undefined : `bytes=${range.offset}-${range.offset + range.length - 1}`
            const answer = yield* Effect.tryPromise({
              try: (signal) =>
                client.send(new GetObjectCommand({ Bucket, Key, ...(Range === undefined ? {} : { Range }) }), {
                  abortSignal: signal
                }),
              catch: (error) => error
            }).pipe(
              Effect.map(Option.some),
              Effect.catch((error) =>
                statusOf(error) === 416
                  ? Effect.succeedNone
                  : Effect.fail(
                      isMissing(error)
                        ? new Errors.StoreError({ message: `No blob at ${key}.`, cause: error })
                        : storeError("GetObject")(error)
                    )
              )
            )
            if (Option.isNone(answer) || answer.value.Body === undefined) return Stream.empty
            return Stream.fromAsyncIterable(
              answer.value.Body as AsyncIterable<Uint8Array>,
              storeError("GetObject body")
            )
          })
        )

      /** Spools `body` to a temporary file of at most `maxBytes`; its path and size. */
      const spool = <E>(body: Stream.Stream<Uint8Array, E>, maxBytes: number) =>
        Effect.acquireRelease(
          Effect.sync(() => path.join(tmpdir(), `cg-s3-${randomUUID()}`)),
          (file) => Effect.promise(() => fs.rm(file, { force: true }).catch(() => undefined))
        ).pipe(
          Effect.flatMap((file) =>
            Effect.gen(function* () {
              // Every step of the spool fails as `spool`.
              const { handle, size } = yield* BlobFile.writeBounded(file, body, maxBytes, (_, run) =>
                send("spool", run)
              )
              yield* send("spool", () => handle.close())
              return { file, size }
            })
          )
        )

      const store = BlobStore.BlobStore.of({
        presignUpload: (policy) =>
          Effect.gen(function* () {
            const Key = yield* checked(policy.key)
            const seconds = Math.max(
              1,
              Math.floor(
                (DateTime.toEpochMillis(policy.expiresAt) - DateTime.toEpochMillis(yield* DateTime.now)) / 1000
              )
            )
            const post = yield* send("presign", () =>
              createPresignedPost(client, {
                Bucket,
                Key,
                Conditions: [
                  ["content-length-range", policy.minBytes, policy.maxBytes],
                  ["eq", "$Content-Type", policy.contentType]
                ],
                Fields: { "Content-Type": policy.contentType },
                Expires: seconds
              })
            )
            return { url: post.url, fields: { ...post.fields } }
          }),
        stat,
        read,
        write: (key, body, { contentType, maxBytes }) =>
          Effect.gen(function* () {
            const Key = yield* checked(key)
            const { file, size } = yield* spool(body, maxBytes)
            yield* send("PutObject", (signal) =>
              client.send(
                new PutObjectCommand({
                  Bucket,
                  Key,
                  Body: createReadStream(file),
                  ContentLength: size,
                  ContentType: contentType
                }),
                { abortSignal: signal }
              )
            )
            return size
          }).pipe(Effect.scoped),
        move: (from, to, contentType) =>
          Effect.gen(function* () {
            const source = yield* checked(from)
            const Key = yield* checked(to)
            const copied = yield* Effect.tryPromise({
              try: (signal) =>
                client.send(
                  new CopyObjectCommand({
                    Bucket,
                    Key,
                    CopySource: `${Bucket}/${source}`,
                    MetadataDirective: "REPLACE",
                    ContentType: contentType,
                    CacheControl: FILE_CACHE_CONTROL
                  }),
                  { abortSignal: signal }
                ),
              catch: (error) => error
            }).pipe(
              Effect.as(true),
              Effect.catch((error) =>
                isMissing(error) ? Effect.succeed(false) : Effect.fail(storeError("CopyObject")(error))
              )
            )
            if (copied)
              yield* send("DeleteObject", (signal) =>
                client.send(new DeleteObjectCommand({ Bucket, Key: source }), { abortSignal: signal })
              )
            return copied
          }),
        delete: (keys) =>
          Effect.forEach(
            keys,
            (key) =>
              Effect.flatMap(checked(key), (Key) =>
                send("DeleteObject", (signal) =>
                  client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal: signal })
                )
              ),
            { discard: true }
          ),
        locate: (key, served) =>
          Effect.gen(function* () {
            const Key = yield* checked(key)
            if (options.publicBaseUrl !== undefined) {
              return {
                _tag: "Redirect" as const,
                url: `${options.publicBaseUrl.replace(/\/+$/u, "")}/${Key}`,
                maxAgeSeconds: PUBLIC_REDIRECT_MAX_AGE
              }
            }
            const url = yield* send("presign GET", () =>
              getSignedUrl(
                client,
                new GetObjectCommand({
                  Bucket,
                  Key,
                  ResponseContentType: served.contentType,
                  ResponseContentDisposition: disposition(served.filename),
                  ResponseCacheControl: `private, max-age=${GET_TTL_SECONDS}`
                }),
                { expiresIn: GET_TTL_SECONDS }
              )
            )
            return { _tag: "Redirect" as const, url, maxAgeSeconds: REDIRECT_MAX_AGE }
          }),
        sweep: (prefix, before) =>
          Effect.gen(function* () {
            let swept = 0
            let token: string | undefined
            do {
              const page = yield* send("ListObjectsV2", (signal) =>
                client.send(
                  new ListObjectsV2Command({
                    Bucket,
                    Prefix: prefix,
                    ...(token === undefined ? {} : { ContinuationToken: token })
                  }),
                  { abortSignal: signal }
                )
              )
              for (const object of page.Contents ?? []) {
                if (object.Key === undefined || object.LastModified === undefined) continue
                if (object.LastModified.getTime() >= DateTime.toEpochMillis(before)) continue
                const Key = object.Key
                yield* send("DeleteObject", (signal) =>
                  client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal: signal })
                )
                swept++
              }
              token = page.IsTruncated === true ? page.NextContinuationToken : undefined
            } while (token !== undefined)
            return swept
          })
      })
      return store
    })
  )
