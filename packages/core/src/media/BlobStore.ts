/**
 * The `BlobStore` port: where the bytes of media files live, by key. A platform port (the engine
 * asks for it in `MediaEngine.Requirements`): the local disk under the data directory or an
 * S3-compatible bucket in `@campaign-games/http`, memory in `@campaign-games/testing`. One contract
 * suite (`BlobStoreContract` in the testing package) pins what every adapter keeps:
 *
 * - **Keys** are `/`-separated paths of safe characters (`uploads/<account>/<id>`); a write
 *   replaces the whole blob at once: a reader sees the old bytes or the new, never a mix, and a
 *   write that fails (a body that errs or passes `maxBytes`) leaves nothing at its key.
 * - **Uploads by the browser.** `presignUpload` answers a form POST (`url` and `fields`, the file
 *   last as field `file`) under a signed, expiring policy: only `key`, only `contentType`, only
 *   `minBytes` to `maxBytes` bytes, only until `expiresAt`. It cannot be replayed after that, resized or
 *   aimed at another key. The disk store receives that POST itself; S3 answers its own presigned
 *   POST, so the bytes never pass through the server.
 * - **Moves.** `move` renames a blob (false when there is none at `from`), replacing any at `to`.
 * - **Reads** stream: no adapter holds a whole file in memory. A range reads `length` bytes from
 *   `offset` (fewer at the end).
 * - **Serving.** `locate` says where a file's bytes are served from: `Here` (the server streams
 *   them, with ranges) or `Redirect` (a short-lived presigned GET, or a public base URL).
 * - **Failures** are `StoreError`s (the storage is unavailable or refused), except the body's own.
 *
 * @since 0.1.0
 */
import { Context, type DateTime, type Effect, type Option, Schema, type Stream } from "effect"
import type { StoreError } from "../Failure.ts"

/** What a browser's upload may be: one key, one content type, a size range, a deadline. */
export interface UploadPolicy {
  readonly key: string
  readonly contentType: string
  readonly minBytes: number
  readonly maxBytes: number
  readonly expiresAt: DateTime.Utc
}

/** How the browser uploads: a multipart POST to `url` with every field, then the file as `file`. */
export interface PresignedUpload {
  readonly url: string
  readonly fields: { readonly [name: string]: string }
}

/** Where a file is served from. */
export type Location =
  | { readonly _tag: "Here" }
  | {
      readonly _tag: "Redirect"
      readonly url: string
      /** How long the redirect itself may be cached. */
      readonly maxAgeSeconds: number
    }

/** What a served file's answer carries (S3 sets them on the object or the presigned GET). */
export interface Served {
  readonly contentType: string
  readonly filename: string
}

export class BlobStore extends Context.Service<
  BlobStore,
  {
    readonly presignUpload: (policy: UploadPolicy) => Effect.Effect<PresignedUpload, StoreError>
    /** The size of the blob at `key`, none when there is none. */
    readonly stat: (key: string) => Effect.Effect<Option.Option<{ readonly size: number }>, StoreError>
    /** The blob's bytes (a range of them), streamed; fails when there is none. */
    readonly read: (
      key: string,
      range?: { readonly offset: number; readonly length: number }
    ) => Stream.Stream<Uint8Array, StoreError>
    /**
     * Writes `body` as the blob at `key` (replacing any), refusing more than `maxBytes` bytes with
     * `TooLarge`; the bytes written.
     */
    readonly write: <E>(
      key: string,
      body: Stream.Stream<Uint8Array, E>,
      options: { readonly contentType: string; readonly maxBytes: number }
    ) => Effect.Effect<number, StoreError | TooLarge | E>
    /** Renames the blob at `from` to `to`, as a file of `contentType`; false when there is none at `from`. */
    readonly move: (from: string, to: string, contentType: string) => Effect.Effect<boolean, StoreError>
    /** Deletes the blobs (those that exist). */
    readonly delete: (keys: ReadonlyArray<string>) => Effect.Effect<void, StoreError>
    /** Where the file at `key` is served from. */
    readonly locate: (key: string, served: Served) => Effect.Effect<Location, StoreError>
    /** Deletes the blobs under `prefix` last written before `before`; how many. */
    readonly sweep: (prefix: string, before: DateTime.Utc) => Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/BlobStore") {}

/** A body passed the size it was allowed (`maxBytes`); nothing was kept. */
export class TooLarge extends Schema.TaggedError<TooLarge>()("TooLarge", { maxBytes: Schema.Int }) {}

/** Whether a key is made of safe path segments (letters, digits, `_`, `-`, `.`; no `..`, no empty segment). */
export const isKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= 512 &&
  key.split("/").every((segment) => /^[A-Za-z0-9_.-]+$/u.test(segment) && segment !== "." && segment !== "..")
