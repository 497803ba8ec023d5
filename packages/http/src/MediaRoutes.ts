/**
 * The media library's routes outside the HttpApi definition: where the disk store receives the
 * browser's upload POST, and where files are served by id (`asset.url`). No API key: uploads carry
 * their signed policy, and files are public (players load them).
 *
 * **`GET|HEAD /media/files/{assetId}`** answers an available file (a pending, failed or deleted one
 * is 404):
 *
 * - on the disk store, its bytes, streamed from the disk (never held in memory), with its stored
 *   `Content-Type`, `Content-Length`, a strong `ETag` (the id: a file's bytes never change under it),
 *   `Cache-Control: public, max-age=31536000, immutable`, `Accept-Ranges: bytes`, `Last-Modified`,
 *   `Content-Disposition: inline` with the file's current name, `X-Content-Type-Options: nosniff`
 *   and `Access-Control-Allow-Origin: *` (embeds on any site fetch Lottie JSON). One byte range
 *   (`bytes=a-b`, `a-`, `-n`) answers 206 with `Content-Range`; an unsatisfiable one 416; several
 *   ranges, or a malformed or stale (`If-Range`) one, the whole file. `If-None-Match` answers 304;
 * - on S3, a 302 to a short-lived presigned GET of the object (or to the public base URL), itself
 *   cached a short while, so a deleted file stops serving once the redirect's cache passes.
 *
 * **`POST /media/uploads`** (disk store only) takes a `multipart/form-data` body: the presigned
 * fields, then the file as field `file` (anything after it is ignored, as S3 does). The form is
 * checked against its signed policy before the file is read (`DiskBlobStore.LocalUploads`):
 * 204 when stored; 403 `forbidden` for a wrong signature, an expired policy, another key or
 * content type, an unsigned field; 400 `invalid_request` for a file outside the policy's size, a
 * form without a file or not multipart; 413 for a body far over the largest upload.
 *
 * An anonymous body holds next to nothing of the server before its signature is checked: each
 * field is judged as it arrives (only the policy's four, each once, each at most `MAX_FIELD_BYTES`:
 * 403 for another name, 400 for a larger one, as soon as it is seen); the file streams to the disk
 * only once the signature and the policy passed. A slow body is cut: 408 when the form (the fields
 * before the file) has not arrived within `deadlines.form` (10 s), or the whole body within
 * `deadlines.whole` (10 minutes). Every refusal closes the connection.
 *
 * @since 0.1.0
 */
import { Asset, Media } from "@campaign-games/core"
import { BlobStore } from "@campaign-games/core/media/BlobStore"
import { ByteSize, DateTime, Effect, Option, Stream } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse, Multipart } from "effect/http"
import * as ApiError from "./ApiError.ts"
import { FIELDS, LocalUploads, UploadRefused } from "./DiskBlobStore.ts"

/** The path where the disk store receives uploads. */
export const UPLOAD_PATH = "/media/uploads"

/** `Content-Disposition` of a served file: inline, under its current name (RFC 6266 / 5987). */
export const disposition = (filename: string): string =>
  `inline; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`

/** The largest upload body: the largest file and room for the form's fields. */
export const MAX_UPLOAD_BODY = ByteSize.bytes(BigInt(Asset.MAX_BYTES + 1024 * 1024))

/** The `Cache-Control` of a served file: its bytes never change under its URL. */
export const FILE_CACHE_CONTROL = "public, max-age=31536000, immutable"

/** What a `Range` header asks of a file of `size` bytes. */
export type RangeRequest =
  | { readonly _tag: "Whole" }
  | { readonly _tag: "Part"; readonly start: number; readonly end: number }
  | { readonly _tag: "Unsatisfiable" }

const WHOLE: RangeRequest = { _tag: "Whole" }

/**
 * The range a `Range` header asks of a file of `size` bytes (pure, RFC 9110 §14): one
 * `bytes=a-b`, `bytes=a-` or `bytes=-n` range, `end` inclusive and cut to the file; a range that
 * starts past the end (or asks for the last 0 bytes) is unsatisfiable; anything else (no header,
 * several ranges, another unit, a malformed or backwards range) asks for the whole file.
 */
export const parseRange = (header: string | undefined, size: number): RangeRequest => {
  if (header === undefined) return WHOLE
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/iu.exec(header)
  if (match === null) return WHOLE
  const [, first = "", last = ""] = match
  if (first === "" && last === "") return WHOLE
  if (first === "") {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { _tag: "Unsatisfiable" }
    return { _tag: "Part", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === "" ? Number.MAX_SAFE_INTEGER : Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return WHOLE
  if (start >= size) return { _tag: "Unsatisfiable" }
  return { _tag: "Part", start, end: Math.min(end, size - 1) }
}

const json = (code: ApiError.ErrorCode, message: string, status: number, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe(ApiError.body(code, message), {
    status,
    headers: { "cache-control": "no-store", ...headers }
  })

/** Whether an `If-None-Match` header matches the strong `etag` (weak comparison, as RFC 9110 says for it). */
const noneMatch = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(",").some((tag) => {
    const t = tag.trim()
    return t === "*" || t === etag || t === `W/${etag}`
  })

const serve = (media: Media.Media["Service"], blobs: BlobStore["Service"]) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const id = (yield* HttpRouter.params)["assetId"] ?? ""
    const found = yield* media.serve(id)
    if (Option.isNone(found)) return json("not_found", `No file ${id}.`, 404, { "access-control-allow-origin": "*" })
    const { asset, location } = found.value
    if (location._tag === "Redirect") {
      return HttpServerResponse.empty({
        status: 302,
        headers: {
          location: location.url,
          "cache-control": `public, max-age=${location.maxAgeSeconds}`,
          "access-control-allow-origin": "*"
        }
      })
    }
    const key = Asset.fileKey(asset)
    const size =
      asset.sizeBytes ??
      (yield* Effect.map(blobs.stat(key), (stat) =>
        Option.getOrElse(
          Option.map(stat, (s) => s.size),
          () => 0
        )
      ))
    const etag = `"${asset.id}"`
    const headers: Record<string, string> = {
      etag,
      "cache-control": FILE_CACHE_CONTROL,
      "accept-ranges": "bytes",
      "content-disposition": disposition(asset.filename),
      "x-content-type-options": "nosniff",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
      ...(asset.confirmedAt === null
        ? {}
        : { "last-modified": new Date(DateTime.toEpochMillis(asset.confirmedAt)).toUTCString() })
    }
    if (noneMatch(request.headers["if-none-match"], etag)) return HttpServerResponse.empty({ status: 304, headers })
    const ifRange = request.headers["if-range"]
    const range = ifRange === undefined || ifRange.trim() === etag ? parseRange(request.headers["range"], size) : WHOLE
    if (range._tag === "Unsatisfiable") {
      return json("invalid_request", `The range is outside the file's ${size} bytes.`, 416, {
        ...headers,
        "cache-control": "no-store",
        "content-range": `bytes */${size}`
      })
    }
    if (range._tag === "Part") {
      const length = range.end - range.start + 1
      return HttpServerResponse.stream(blobs.read(key, { offset: range.start, length }), {
        status: 206,
        contentType: asset.contentType,
        contentLength: length,
        headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}` }
      })
    }
    return HttpServerResponse.stream(blobs.read(key), {
      status: 200,
      contentType: asset.contentType,
      contentLength: size,
      headers
    })
  }).pipe(
    Effect.catchTag("StoreError", (error) =>
      Effect.as(
        Effect.logError("media file not served", error.message),
        json("service_unavailable", "The service is briefly unavailable; retry with backoff.", 503)
      )
    )
  )

const CORS = { "access-control-allow-origin": "*" }

/**
 * Headers of a refused upload: the connection is closed after the answer, so a client that keeps
 * sending (or stalls) holds nothing of the server's.
 */
const REFUSED = { ...CORS, connection: "close" }

/** The largest form field: a policy's fields are a few hundred bytes. */
export const MAX_FIELD_BYTES = 4 * 1024

/** The parts of a form read at most: its four fields, then the file. */
export const MAX_PARTS = FIELDS.length + 1

/** A refused upload as the specification's error shape. */
const refused = (error: UploadRefused) =>
  json(
    error.status === 403 ? "forbidden" : "invalid_request",
    `The upload was refused: ${error.reason}.`,
    error.status,
    REFUSED
  )

const receive = (uploads: LocalUploads["Service"]) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (!(request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return yield* new UploadRefused({ status: 400, reason: "send the upload as multipart/form-data" })
    }
    const fields: Record<string, string> = {}
    let fileStarted = false
    let stored = false
    const parts = Stream.runForEachWhile(request.multipartStream, (part) => {
      if (part._tag === "Field") {
        // Each field is judged as it arrives: only a policy's, each once, each a few KiB at most
        // (`MaxFieldSize`), so a form holds a few KiB of the server until its file.
        if (part.key === "file") {
          return Effect.fail(new UploadRefused({ status: 400, reason: "the field file must be a file, sent last" }))
        }
        if (!FIELDS.includes(part.key)) {
          return Effect.fail(
            new UploadRefused({ status: 403, reason: `the policy does not allow the field ${part.key}` })
          )
        }
        if (fields[part.key] !== undefined) {
          return Effect.fail(new UploadRefused({ status: 400, reason: `the field ${part.key} is sent twice` }))
        }
        fields[part.key] = part.value
        return Effect.succeed(true)
      }
      if (part.key !== "file") {
        return Effect.fail(
          new UploadRefused({ status: 400, reason: `the file must be the field file, not ${part.key}` })
        )
      }
      fileStarted = true
      // `accept` checks the signature and the policy before it reads a byte of the file. Anything
      // after the file is ignored, as S3 does.
      return uploads.accept(fields, part.content).pipe(Effect.map(() => ((stored = true), false)))
    })
    const { form, whole } = uploads.deadlines
    // The form must be whole (its file begun) within `form`, the body within `whole`.
    const formLate = Effect.sleep(form).pipe(
      Effect.andThen(
        Effect.suspend(() =>
          fileStarted
            ? Effect.never
            : Effect.fail(new UploadRefused({ status: 408, reason: "the form did not arrive in time" }))
        )
      )
    )
    yield* Effect.raceFirst(parts, formLate).pipe(
      Effect.timeoutOrElse({
        duration: whole,
        orElse: () => Effect.fail(new UploadRefused({ status: 408, reason: "the upload did not arrive in time" }))
      })
    )
    if (!stored) return yield* new UploadRefused({ status: 400, reason: "the form has no file" })
    return HttpServerResponse.empty({ status: 204, headers: CORS })
  }).pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, MAX_UPLOAD_BODY),
    Effect.provideService(Multipart.FieldMimeTypes, []),
    Effect.provideService(Multipart.MaxParts, MAX_PARTS),
    Effect.provideService(Multipart.MaxFieldSize, ByteSize.bytes(BigInt(MAX_FIELD_BYTES))),
    Effect.catchTags({
      UploadRefused: (error) => Effect.succeed(refused(error)),
      MultipartError: (error) =>
        Effect.succeed(
          error.reason._tag === "BodyTooLarge" || error.reason._tag === "FileTooLarge"
            ? json("invalid_request", "The upload is too large.", 413, REFUSED)
            : error.reason._tag === "FieldTooLarge"
              ? json(
                  "invalid_request",
                  `The upload was refused: a form field is over ${MAX_FIELD_BYTES} bytes.`,
                  400,
                  REFUSED
                )
              : error.reason._tag === "TooManyParts"
                ? json("invalid_request", "The upload was refused: the form has too many parts.", 400, REFUSED)
                : json("invalid_request", "The upload's form could not be read.", 400, REFUSED)
        ),
      StoreError: (error) =>
        Effect.as(
          Effect.logError("upload not stored", error.message),
          json("service_unavailable", "The service is briefly unavailable; retry with backoff.", 503, REFUSED)
        )
    })
  )

/** The upload route alone, over the disk store's receiving side (what the disk store's contract POSTs to). */
export const layerUploads = HttpRouter.use((router) =>
  Effect.flatMap(Effect.service(LocalUploads), (uploads) => router.add("POST", UPLOAD_PATH, receive(uploads)))
)

/** The routes, for `Server.routes`: serving always; receiving uploads when the store is the disk's. */
export const layer = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const media = yield* Media.Media
    const blobs = yield* BlobStore
    const uploads = yield* Effect.serviceOption(LocalUploads)
    yield* router.add("GET", `${Asset.FILES_PATH}:assetId`, serve(media, blobs))
    if (Option.isSome(uploads)) yield* router.add("POST", UPLOAD_PATH, receive(uploads.value))
  })
)
