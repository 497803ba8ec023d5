/**
 * `BlobStore` on the local disk, under a directory (`<CG_DATA_DIR>/media` by default): the
 * embedded default, for one server instance (several instances share files only through
 * S3-compatible storage, `S3BlobStore`).
 *
 * - **Files.** A blob is the file `<directory>/<key>`; keys are checked to be safe paths before any
 *   is used (`BlobStore.isKey`: no `..`, no empty or absolute segment). A write goes to a temporary
 *   file in `<directory>/.tmp` and is renamed into place once whole, so a reader sees the old bytes
 *   or the new, and a failed or oversized write leaves nothing. Reads stream with
 *   `fs.createReadStream` (ranges included): no file is ever held in memory, and the buffers a
 *   stream went through are collected as it goes (`Garbage`).
 * - **Uploads.** The server itself receives the browser's POST (`MediaRoutes`, at
 *   `<public URL>/media/uploads`) and hands the form to `LocalUploads.accept`. `presignUpload`
 *   answers the fields `key`, `Content-Type`, `policy` (base64url JSON: key, content type, size range,
 *   deadline) and `signature` (HMAC-SHA256 of `policy` with a key kept in the store as a server
 *   secret, so it survives restarts). `accept` refuses, before reading the file, a form whose
 *   fields are not exactly those, whose signature is wrong, whose policy has passed its deadline
 *   (403), or whose key or content type is not the policy's (403); it then streams the file into
 *   place, refusing one outside the size range (400), and stores nothing when it refuses.
 * - **Serving**: `Here` (the server streams the file with ranges).
 * - **Sweep**: deletes the files under a directory prefix (`uploads/`) last written before a time.
 *
 * @since 0.1.0
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto"
import { createReadStream } from "node:fs"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Errors } from "@campaign-games/core"
import { BlobStore, isKey, TooLarge } from "@campaign-games/core/media/BlobStore"
import { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import { Context, DateTime, Duration, Effect, Layer, Option, Schema, Stream } from "effect"
import * as BlobFile from "./internal/BlobFile.ts"
import * as Garbage from "./internal/Garbage.ts"

export interface Options {
  /** The directory blobs live under (created when first written). */
  readonly directory: string
  /** Where browsers POST uploads: `<public URL>/media/uploads`. */
  readonly uploadUrl: string
  /** How long an upload's body may take (`defaultDeadlines` for what is not given). */
  readonly uploadDeadlines?: Partial<UploadDeadlines> | undefined
}

/**
 * Why an upload POST was refused: 403 for the policy, 400 for the form or the file's size, 408 for
 * a body that did not arrive in time.
 */
export class UploadRefused extends Schema.TaggedError<UploadRefused>()("UploadRefused", {
  status: Schema.Literals([400, 403, 408]),
  reason: Schema.String
}) {}

/**
 * How long an upload's body may take (`MediaRoutes`): its form, the fields before the file, must
 * have arrived within `form` of the request; the whole body within `whole`. Past either, 408 and
 * the connection is closed.
 */
export interface UploadDeadlines {
  readonly form: Duration.Duration
  readonly whole: Duration.Duration
}

/** 10 seconds for the form; 10 minutes for the whole body (52,428,800 bytes at 90 KB/s). */
export const defaultDeadlines: UploadDeadlines = { form: Duration.seconds(10), whole: Duration.minutes(10) }

/** The receiving side of the disk store's uploads (the route `MediaRoutes` serves). */
export class LocalUploads extends Context.Service<
  LocalUploads,
  {
    /**
     * Checks the form's fields against their signed policy, then streams `file` into place under
     * the policy's key and size range.
     */
    readonly accept: <E>(
      fields: { readonly [name: string]: string },
      file: Stream.Stream<Uint8Array, E>
    ) => Effect.Effect<void, UploadRefused | Errors.StoreError | E>
    /** How long a body may take. */
    readonly deadlines: UploadDeadlines
  }
>()("@campaign-games/http/DiskBlobStore/LocalUploads") {}

/** The name of the signing key among the store's server secrets. */
export const SIGNING_KEY_NAME = "media-upload-signing-key"

const Policy = Schema.Struct({
  key: Schema.String,
  contentType: Schema.String,
  minBytes: Schema.Int,
  maxBytes: Schema.Int,
  expiresAt: Schema.String
})
const decodePolicy = Schema.decodeUnknownOption(Schema.fromJsonString(Policy))

/** The fields of an upload's form, before its file: what a policy needs, nothing else. */
export const FIELDS: ReadonlyArray<string> = ["Content-Type", "key", "policy", "signature"]

const storeError = (operation: string) => (cause: unknown) =>
  new Errors.StoreError({
    message: `disk blob store: ${operation} failed (${(cause as { readonly code?: string } | null)?.code ?? "error"})`,
    cause
  })

const isMissing = (error: unknown): boolean => (error as { readonly code?: string } | null)?.code === "ENOENT"

/** A written file is smaller than its policy's minimum (one above its maximum is `TooLarge`). */
class TooSmall extends Schema.TaggedError<TooSmall>()("TooSmall", {}) {}

/** The store and its uploads' receiving side over `options.directory`. */
export const layer = (options: Options): Layer.Layer<BlobStore | LocalUploads, Errors.StoreError, ServerSecretRepo> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const root = path.resolve(options.directory)
      const temporary = path.join(root, ".tmp")
      const signingKey = yield* (yield* ServerSecretRepo).getOrCreate(SIGNING_KEY_NAME, randomBytes(32).toString("hex"))
      const sign = (policy: string) => createHmac("sha256", signingKey).update(policy).digest("hex")

      const fileOf = (key: string) =>
        isKey(key)
          ? Effect.succeed(path.join(root, ...key.split("/")))
          : Effect.fail(new Errors.StoreError({ message: `Not a blob key: ${JSON.stringify(key)}.` }))

      const attempt = <A>(operation: string, run: () => Promise<A>) =>
        Effect.tryPromise({ try: run, catch: storeError(operation) })

      /** Streams `body` to a temporary file, checks its size, renames it to `key`; the size. */
      const writeChecked = <E>(key: string, body: Stream.Stream<Uint8Array, E>, minBytes: number, maxBytes: number) =>
        Effect.suspend(() => {
          const tmp = path.join(temporary, randomUUID())
          return Effect.gen(function* () {
            const target = yield* fileOf(key)
            yield* attempt("mkdir", () => fs.mkdir(temporary, { recursive: true }))
            const { handle, size } = yield* BlobFile.writeBounded(tmp, body, maxBytes, attempt)
            if (size < minBytes) return yield* new TooSmall()
            yield* attempt("close", () => handle.close())
            yield* attempt("mkdir", () => fs.mkdir(path.dirname(target), { recursive: true }))
            yield* attempt("rename", () => fs.rename(tmp, target))
            return size
          }).pipe(
            Effect.scoped,
            // Whatever failed (the body, its size, the disk) or interrupted it, no part of it is kept.
            Effect.onExit((exit) =>
              exit._tag === "Success"
                ? Effect.void
                : Effect.promise(() => fs.rm(tmp, { force: true }).catch(() => undefined))
            )
          )
        })

      const stat = (key: string) =>
        Effect.flatMap(fileOf(key), (file) =>
          Effect.tryPromise({
            try: () => fs.stat(file),
            catch: (error) => error
          }).pipe(
            Effect.map((s) => (s.isFile() ? Option.some({ size: s.size }) : Option.none())),
            Effect.catch((error) => (isMissing(error) ? Effect.succeedNone : Effect.fail(storeError("stat")(error))))
          )
        )

      const read = (key: string, range?: { readonly offset: number; readonly length: number }) =>
        Stream.unwrap(
          Effect.gen(function* () {
            const file = yield* fileOf(key)
            const found = yield* stat(key)
            if (Option.isNone(found)) return Stream.fail(new Errors.StoreError({ message: `No blob at ${key}.` }))
            const size = found.value.size
            const start = Math.min(range?.offset ?? 0, size)
            const end = range === undefined ? size : Math.min(size, start + range.length)
            if (end <= start) return Stream.empty
            return Stream.fromAsyncIterable(
              Garbage.counted(
                createReadStream(file, { start, end: end - 1, highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>
              ),
              storeError("read")
            )
          })
        )

      const listFiles = async (directory: string): Promise<Array<string>> => {
        const entries = await fs.readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
          if (isMissing(error)) return []
          throw error
        })
        const out: Array<string> = []
        for (const entry of entries) {
          const full = path.join(directory, entry.name)
          if (entry.isDirectory()) out.push(...(await listFiles(full)))
          else if (entry.isFile()) out.push(full)
        }
        return out
      }

      const store = BlobStore.of({
        presignUpload: (policy) =>
          Effect.sync(() => {
            const encoded = Buffer.from(
              JSON.stringify({
                key: policy.key,
                contentType: policy.contentType,
                minBytes: policy.minBytes,
                maxBytes: policy.maxBytes,
                expiresAt: DateTime.formatIso(policy.expiresAt)
              })
            ).toString("base64url")
            return {
              url: options.uploadUrl,
              fields: { key: policy.key, "Content-Type": policy.contentType, policy: encoded, signature: sign(encoded) }
            }
          }),
        stat,
        read,
        write: (key, body, { maxBytes }) =>
          writeChecked(key, body, 0, maxBytes).pipe(
            Effect.catchTag("TooSmall", () => Effect.die("a write has no minimum size"))
          ),
        move: (from, to) =>
          Effect.gen(function* () {
            const source = yield* fileOf(from)
            const target = yield* fileOf(to)
            yield* attempt("mkdir", () => fs.mkdir(path.dirname(target), { recursive: true }))
            return yield* Effect.tryPromise({ try: () => fs.rename(source, target), catch: (error) => error }).pipe(
              Effect.as(true),
              Effect.catch((error) =>
                isMissing(error) ? Effect.succeed(false) : Effect.fail(storeError("rename")(error))
              )
            )
          }),
        delete: (keys) =>
          Effect.forEach(
            keys,
            (key) => Effect.flatMap(fileOf(key), (file) => attempt("rm", () => fs.rm(file, { force: true }))),
            {
              discard: true
            }
          ),
        locate: () => Effect.succeed({ _tag: "Here" as const }),
        sweep: (prefix, before) =>
          Effect.gen(function* () {
            const directory = yield* fileOf(prefix.replace(/\/+$/u, ""))
            const cutoff = DateTime.toEpochMillis(before)
            return yield* attempt("sweep", async () => {
              let swept = 0
              for (const file of await listFiles(directory)) {
                const s = await fs.stat(file).catch(() => undefined)
                if (s !== undefined && s.mtimeMs < cutoff) {
                  await fs.rm(file, { force: true })
                  swept++
                }
              }
              return swept
            })
          })
      })

      const refuse = (status: 400 | 403, reason: string) => Effect.fail(new UploadRefused({ status, reason }))

      const uploads = LocalUploads.of({
        deadlines: { ...defaultDeadlines, ...options.uploadDeadlines },
        accept: <E>(fields: { readonly [name: string]: string }, file: Stream.Stream<Uint8Array, E>) =>
          Effect.gen(function* (): Effect.fn.Return<void, UploadRefused | Errors.StoreError | E> {
            const names = Object.keys(fields).sort()
            const missing = FIELDS.filter((name) => fields[name] === undefined)
            if (missing.length > 0) return yield* refuse(400, `the form lacks the field ${missing.join(", ")}`)
            const extra = names.filter((name) => !FIELDS.includes(name))
            if (extra.length > 0) return yield* refuse(403, `the policy does not allow the field ${extra.join(", ")}`)
            const expected = Buffer.from(sign(fields["policy"]!))
            const given = Buffer.from(fields["signature"]!)
            if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
              return yield* refuse(403, "the signature does not match the policy")
            }
            const policy = decodePolicy(Buffer.from(fields["policy"]!, "base64url").toString("utf8"))
            if (Option.isNone(policy)) return yield* refuse(403, "the policy is malformed")
            const deadline = DateTime.make(policy.value.expiresAt)
            const now = yield* DateTime.now
            if (Option.isNone(deadline) || DateTime.toEpochMillis(now) >= DateTime.toEpochMillis(deadline.value)) {
              return yield* refuse(403, "the upload's policy has expired")
            }
            if (fields["key"] !== policy.value.key) return yield* refuse(403, "the key is not the policy's")
            if (fields["Content-Type"] !== policy.value.contentType) {
              return yield* refuse(403, "the content type is not the policy's")
            }
            const { maxBytes, minBytes } = policy.value
            yield* writeChecked(policy.value.key, file, minBytes, maxBytes).pipe(
              Effect.catch((error): Effect.Effect<never, UploadRefused | Errors.StoreError | E> =>
                error instanceof TooLarge
                  ? refuse(400, `the file is larger than the ${maxBytes} bytes its policy allows`)
                  : error instanceof TooSmall
                    ? refuse(400, `the file is smaller than the ${minBytes} bytes its policy requires`)
                    : Effect.fail(error)
              )
            )
          })
      })

      return Context.make(BlobStore, store).pipe(Context.add(LocalUploads, uploads))
    })
  )
