/**
 * What a file's stored bytes must be before it becomes available: the confirm of an upload and the
 * end of an import both run `inspect` over the bytes in the `BlobStore`, reading only what they
 * need (the first 64 KiB, a few headers, the end), never the whole file but for a Lottie JSON.
 *
 * 1. **Size.** Not empty, and within its kind's largest size (`Asset.maxBytes`).
 * 2. **Type.** The bytes are sniffed by a maintained library behind the `ContentSniffer` port
 *    (`file-type` on Node): PNG, JPEG, WebP, GIF, MP3, OGG, WAV, MP4, WebM. They must be the
 *    declared type (a PNG named `x.mp3` and declared `audio/mpeg` is refused, so is HTML declared
 *    `image/png`). A Lottie animation is JSON no sniffer recognises: it must parse as UTF-8 JSON
 *    with the top-level keys every Lottie player needs (`v`, `fr`, `ip`, `op`, `w`, `h`,
 *    `layers`). An import asked for without a type takes the type its bytes are.
 * 3. **Whole.** The container must end where it says it does, so a truncated upload is refused:
 *    PNG ends with its `IEND` chunk, GIF with its trailer, JPEG has its end-of-image marker in its
 *    last 64 KiB, a RIFF file (WAV, WebP) is at least as long as its header says, an MP4's
 *    top-level boxes fill the file exactly (the first is `ftyp`, one is `moov`), a WebM's segment
 *    fits in the file, an OGG stream's last page is whole and marked end-of-stream. MP3, a
 *    sequence of frames without a container, is checked by its type only.
 *
 * Everything but the sniffing is pure: the rules read bytes through a `Reader`.
 *
 * @since 0.1.0
 */
import { Context, Effect, Option } from "effect"
import { StoreError } from "../Failure.ts"
import { type ContentType, isContentType, kindName, kindOf, MAX_BYTES, maxBytes, sizeText } from "./Asset.ts"

/** Reads `length` bytes of the stored file from `offset` (fewer at its end). */
export type Reader = (offset: number, length: number) => Effect.Effect<Uint8Array, StoreError>

/** The outcome of an inspection: the file's type, or why it is refused (a phrase, for `details`). */
export type Verdict =
  | { readonly _tag: "Accepted"; readonly contentType: ContentType }
  | { readonly _tag: "Refused"; readonly problem: string }

/**
 * Sniffs the type of a file from its first bytes, with a maintained library (a platform port):
 * the MIME type it recognises, none when it recognises nothing.
 */
export class ContentSniffer extends Context.Service<
  ContentSniffer,
  { readonly sniff: (head: Uint8Array) => Effect.Effect<Option.Option<string>> }
>()("@campaign-games/core/ContentSniffer") {}

/** How much of the start of a file the sniffer sees. */
export const HEAD_BYTES = 64 * 1024

const accepted = (contentType: ContentType): Verdict => ({ _tag: "Accepted", contentType })
const refused = (problem: string): Verdict => ({ _tag: "Refused", problem })

/** Sniffed types that are one of ours under another name. */
const aliases: Readonly<Record<string, ContentType>> = {
  "image/apng": "image/png",
  "audio/x-wav": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/opus": "audio/ogg"
}

/** A sniffed MIME type as one of the library's types, when it is one. */
export const normalize = (mime: string): Option.Option<ContentType> => {
  const bare = mime.split(";")[0]!.trim().toLowerCase()
  const type = aliases[bare] ?? bare
  return isContentType(type) && type !== "application/json" ? Option.some(type) : Option.none()
}

// ---------------------------------------------------------------------------------------------
// Bytes
// ---------------------------------------------------------------------------------------------

const ascii = (bytes: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(offset, offset + length))

const u32be = (b: Uint8Array, o: number): number =>
  ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!
const u32le = (b: Uint8Array, o: number): number =>
  b[o]! + (b[o + 1]! << 8) + (b[o + 2]! << 16) + ((b[o + 3]! << 24) >>> 0)

/** The size of an ID3v2 tag at the start of `head` (an MP3 may begin with one), or 0. */
export const id3Size = (head: Uint8Array): number => {
  if (head.length < 10 || ascii(head, 0, 3) !== "ID3") return 0
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f)
  return 10 + size + ((head[5]! & 0x10) !== 0 ? 10 : 0)
}

// ---------------------------------------------------------------------------------------------
// Lottie
// ---------------------------------------------------------------------------------------------

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const isNumber = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u)

/** Why `bytes` is not a Lottie animation, or undefined when it is one (pure). */
export const lottieProblem = (bytes: Uint8Array): string | undefined => {
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return "the bytes are not UTF-8 text, so not a Lottie animation"
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return "the bytes are not JSON, so not a Lottie animation"
  }
  if (!isObject(json)) return "the JSON is not an object, so not a Lottie animation"
  const missing = ["v", "fr", "ip", "op", "w", "h", "layers"].filter((key) => !(key in json))
  if (missing.length > 0) return `the JSON is not a Lottie animation (it lacks ${missing.join(", ")})`
  if (typeof json["v"] !== "string") return "the Lottie animation's version (v) is not a string"
  if (!isNumber(json["fr"]) || json["fr"] <= 0) return "the Lottie animation's frame rate (fr) is not a positive number"
  if (!isNumber(json["ip"]) || !isNumber(json["op"]) || json["op"] <= json["ip"]) {
    return "the Lottie animation's frames (ip, op) are not numbers with op after ip"
  }
  if (!isNumber(json["w"]) || !isNumber(json["h"]) || json["w"] <= 0 || json["h"] <= 0) {
    return "the Lottie animation's size (w, h) is not positive"
  }
  if (!Array.isArray(json["layers"])) return "the Lottie animation's layers are not a list"
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Containers: does the file end where it says it does?
// ---------------------------------------------------------------------------------------------

const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]

const png = Effect.fnUntraced(function* (size: number, read: Reader) {
  if (size < 8 + 25 + 12) return "the PNG is truncated"
  const tail = yield* read(size - 12, 12)
  return PNG_END.every((b, i) => tail[i] === b)
    ? undefined
    : "the PNG is truncated or damaged (it does not end with IEND)"
})

const gif = Effect.fnUntraced(function* (size: number, read: Reader) {
  const tail = yield* read(size - 1, 1)
  return tail[0] === 0x3b ? undefined : "the GIF is truncated or damaged (it does not end with its trailer)"
})

const jpeg = Effect.fnUntraced(function* (size: number, read: Reader) {
  const from = Math.max(0, size - HEAD_BYTES)
  const tail = yield* read(from, size - from)
  for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return undefined
  return "the JPEG is truncated or damaged (it has no end-of-image marker)"
})

const riff = (head: Uint8Array, size: number): string | undefined => {
  if (head.length < 12) return "the file is truncated"
  const end = 8 + u32le(head, 4)
  return end > size ? `the file is truncated: its header says ${end} bytes, it holds ${size}` : undefined
}

const MAX_BOXES = 100_000

const mp4 = Effect.fnUntraced(function* (size: number, read: Reader) {
  let position = 0
  let boxes = 0
  let hasMoov = false
  while (position < size) {
    if (++boxes > MAX_BOXES) return "the MP4 has too many top-level boxes"
    if (size - position < 8) return "the MP4 is truncated (a box header is cut)"
    const header = yield* read(position, 16)
    const type = ascii(header, 4, 4)
    let length = u32be(header, 0)
    if (length === 1) {
      if (header.length < 16) return "the MP4 is truncated (a box header is cut)"
      length = u32be(header, 8) * 2 ** 32 + u32be(header, 12)
    } else if (length === 0) {
      length = size - position
    }
    if (boxes === 1 && type !== "ftyp") return "the MP4 does not start with its ftyp box"
    if (length < 8) return "the MP4 is damaged (a box is smaller than its header)"
    if (position + length > size) return `the MP4 is truncated: its ${type} box ends past the end of the file`
    if (type === "moov") hasMoov = true
    position += length
  }
  return hasMoov ? undefined : "the MP4 has no moov box (its index), so it cannot play"
})

/** An EBML variable-size integer at `offset`: its length in bytes and value (null when all ones: unknown). */
const vint = (
  b: Uint8Array,
  offset: number
): { readonly length: number; readonly value: number | null } | undefined => {
  const first = b[offset]
  if (first === undefined || first === 0) return undefined
  let length = 1
  while ((first & (0x80 >> (length - 1))) === 0) length++
  if (offset + length > b.length) return undefined
  let value = first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[offset + i]!
    if (b[offset + i] !== 0xff) allOnes = false
  }
  return { length, value: allOnes ? null : value }
}

/** An EBML element id at `offset` (its marker bits kept, as ids are written): its length and value. */
const elementId = (b: Uint8Array, offset: number): { readonly length: number; readonly value: number } | undefined => {
  const first = b[offset]
  if (first === undefined || first === 0) return undefined
  let length = 1
  while ((first & (0x80 >> (length - 1))) === 0 && length < 4) length++
  if (offset + length > b.length) return undefined
  let value = 0
  for (let i = 0; i < length; i++) value = value * 256 + b[offset + i]!
  return { length, value }
}

const webm = (head: Uint8Array, size: number): string | undefined => {
  const ebml = elementId(head, 0)
  const ebmlSize = ebml === undefined ? undefined : vint(head, ebml.length)
  if (ebml?.value !== 0x1a45dfa3 || ebmlSize === undefined || ebmlSize.value === null) {
    return "the WebM is damaged (no EBML header)"
  }
  const segmentAt = ebml.length + ebmlSize.length + ebmlSize.value
  const segment = elementId(head, segmentAt)
  const segmentSize = segment === undefined ? undefined : vint(head, segmentAt + segment.length)
  if (segment?.value !== 0x18538067 || segmentSize === undefined) {
    return segmentAt >= size
      ? "the WebM is truncated (no segment)"
      : "the WebM is damaged (no segment after its header)"
  }
  if (segmentSize.value === null) return undefined
  const end = segmentAt + segment.length + segmentSize.length + segmentSize.value
  return end > size ? `the WebM is truncated: its segment ends at byte ${end}, the file holds ${size}` : undefined
}

const ogg = Effect.fnUntraced(function* (size: number, read: Reader) {
  const from = Math.max(0, size - HEAD_BYTES)
  const tail = yield* read(from, size - from)
  for (let i = tail.length - 27; i >= 0; i--) {
    if (tail[i] !== 0x4f || ascii(tail, i, 4) !== "OggS" || tail[i + 4] !== 0) continue
    const segments = tail[i + 26]!
    if (i + 27 + segments > tail.length) continue
    let end = i + 27 + segments
    for (let s = 0; s < segments; s++) end += tail[i + 27 + s]!
    if (end !== tail.length) continue
    return (tail[i + 5]! & 0x04) !== 0
      ? undefined
      : "the OGG stream is truncated (its last page is not marked end-of-stream)"
  }
  return "the OGG stream is truncated (its last page is cut)"
})

/** Why the file of type `type` is truncated or damaged, or undefined when it ends where it says. */
export const damage = (
  type: ContentType,
  head: Uint8Array,
  size: number,
  read: Reader
): Effect.Effect<string | undefined, StoreError> => {
  switch (type) {
    case "image/png":
      return png(size, read)
    case "image/gif":
      return gif(size, read)
    case "image/jpeg":
      return jpeg(size, read)
    case "image/webp":
    case "audio/wav":
      return Effect.succeed(riff(head, size))
    case "video/mp4":
      return mp4(size, read)
    case "video/webm":
      return Effect.succeed(webm(head, size))
    case "audio/ogg":
      return ogg(size, read)
    case "audio/mpeg":
    case "application/json":
      return Effect.succeed(undefined)
  }
}

// ---------------------------------------------------------------------------------------------
// The inspection
// ---------------------------------------------------------------------------------------------

/** The type the bytes are, by the sniffer (looking past an ID3 tag when there is one). */
const sniffType = Effect.fnUntraced(function* (head: Uint8Array, size: number, read: Reader) {
  const sniffer = yield* ContentSniffer
  const found = Option.flatMap(yield* sniffer.sniff(head), normalize)
  if (Option.isSome(found)) return found
  const tag = id3Size(head)
  if (tag === 0 || tag >= size) return found
  const after = yield* read(tag, Math.min(HEAD_BYTES, size - tag))
  return Option.filter(Option.flatMap(yield* sniffer.sniff(after), normalize), (type) => type === "audio/mpeg")
})

/**
 * Inspects the `size` bytes of a stored file: accepted as its type (the `declared` one, or the one
 * its bytes are when none was declared), or refused with the reason.
 */
export const inspect = Effect.fnUntraced(function* (input: {
  readonly declared: ContentType | undefined
  readonly size: number
  readonly read: Reader
}): Effect.fn.Return<Verdict, StoreError, ContentSniffer> {
  const { declared, read, size } = input
  if (size === 0) return refused("the file is empty")
  if (size > MAX_BYTES) return refused(`the file is ${size} bytes; a file may be at most ${sizeText(MAX_BYTES)}`)
  if (declared !== undefined && size > maxBytes[kindOf(declared)]) {
    const kind = kindOf(declared)
    return refused(`the file is ${size} bytes; ${kindName[kind]} may be at most ${sizeText(maxBytes[kind])}`)
  }
  const head = yield* read(0, Math.min(size, HEAD_BYTES))
  let type = yield* sniffType(head, size, read)
  if (Option.isNone(type) && (declared === undefined || declared === "application/json")) {
    if (size > maxBytes.lottie) {
      return refused(
        declared === undefined
          ? "the bytes are not a file of a supported type"
          : `the file is ${size} bytes; ${kindName.lottie} may be at most ${sizeText(maxBytes.lottie)}`
      )
    }
    const problem = lottieProblem(size <= head.length ? head : yield* read(0, size))
    if (problem !== undefined)
      return refused(declared === undefined ? "the bytes are not a file of a supported type" : problem)
    type = Option.some("application/json")
  }
  if (Option.isNone(type)) return refused(`the bytes are not ${declared ?? "a file of a supported type"}`)
  if (declared !== undefined && type.value !== declared) {
    return refused(`the bytes are ${type.value}, not the declared ${declared}`)
  }
  const kind = kindOf(type.value)
  if (size > maxBytes[kind]) {
    return refused(`the file is ${size} bytes; ${kindName[kind]} may be at most ${sizeText(maxBytes[kind])}`)
  }
  const problem = yield* damage(type.value, head, size, read)
  return problem === undefined ? accepted(type.value) : refused(problem)
})
