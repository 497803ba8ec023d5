/**
 * The file rule: every file named in a game config or a theme has an expected kind (image, sound,
 * Lottie animation, video, font), and a file of another kind is refused with `InvalidFields` naming the field
 * (`config.art.background: must be an image`). The specification states it for configs as "a file
 * under a key `sounds` must be a sound, any other file an image"; themes add animations, videos and
 * fonts. A game names the files of the config keys it defines (`Game.fileFields`); a file under a key
 * it does not define, kept as sent, is held to the same rule (`undefinedKeyFields`).
 *
 * A file from the account's media library is judged by its stored content type (so a Lottie JSON
 * passes only where an animation may be, a sound only under `sounds`); any other address by the
 * extension of its path, and it must then be an https URL (plain http is accepted only for media
 * library files, whose URLs follow the server's public URL). A URL of the library that names no
 * available file of the account (deleted, still uploading, another account's) is refused as such.
 * The media library is a port, `MediaLibrary`: the engine's is `MediaEngine.mediaLibrary`, over the
 * account's files; `MediaLibrary.layerNone` recognises no file (every address is judged by its
 * extension) and `layerStatic` a fixed set, for tests.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import type { Detail, InvalidFields, StoreError } from "../Failure.ts"
import { isHttpsUrl } from "../Fields.ts"
import { invalid } from "../Validation.ts"

/** What a file field must hold. `font` is never checked by kind (fonts come in too many formats). */
export const FileKind = Schema.Literals(["image", "sound", "lottie", "video", "font"])
export type FileKind = typeof FileKind.Type

/** A file named in a config or a theme: where it is (`config.art.background`), its URL, its expected kind. */
export interface FileField {
  readonly path: string
  readonly url: string
  readonly kind: FileKind
  /** The file must come from the media library (background animations, reward page animations). */
  readonly mediaLibraryOnly?: boolean
}

/** Whether `url` is an absolute http or https URL (the syntax every file field accepts). */
export const isHttpUrl = (url: string): boolean => {
  if (!URL.canParse(url)) return false
  const parsed = new URL(url)
  return (
    (parsed.protocol === "https:" || parsed.protocol === "http:") &&
    parsed.hostname !== "" &&
    parsed.username === "" &&
    parsed.password === ""
  )
}

/**
 * A file address of up to 2048 characters: an https URL or a media-library file. The schema accepts
 * any absolute http(s) URL; `check` then refuses a plain http URL that is not in the media library.
 */
export const FileUrl = Schema.String.annotate({
  format: "uri",
  description: "An https URL or the URL of a file in the media library"
}).check(
  Schema.isMaxLength(2048),
  Schema.makeFilter((s: string) => isHttpUrl(s) || "Expected an https URL or a media-library file", {
    expected: "an https URL or a media-library file"
  })
)

const extensionKinds: Readonly<Record<string, FileKind>> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
  svg: "image",
  mp3: "sound",
  ogg: "sound",
  wav: "sound",
  json: "lottie",
  mp4: "video",
  webm: "video",
  woff: "font",
  woff2: "font",
  ttf: "font",
  otf: "font"
}

/**
 * The files named under the keys of a config its game does not define (kept as sent: `extra.logo`,
 * `segments.0.icon`, `sounds.tick`), for the specification's rule on every file named inside config:
 * under a key `sounds` (at any depth above it) a sound, anywhere else an image. `raw` is the config
 * as sent, `decoded` the same config decoded by the game's schema, which drops the keys the game does
 * not define: whatever `raw` holds where `decoded` has no key is undefined. A file there is a string
 * that is an absolute http(s) URL (a media-library file's URL is one); any other string stays
 * free-form text. Paths start with `prefix` (`config.extra.logo`).
 */
export const undefinedKeyFields = (raw: unknown, decoded: unknown, prefix = "config"): ReadonlyArray<FileField> => {
  const fields: Array<FileField> = []
  const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
    typeof value === "object" && value !== null && !Array.isArray(value)
  /** Every file in a value nothing defines. */
  const collect = (value: unknown, path: string, sounds: boolean): void => {
    if (typeof value === "string") {
      if (isHttpUrl(value)) fields.push({ path, url: value, kind: sounds ? "sound" : "image" })
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => collect(item, `${path}.${i}`, sounds))
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) collect(item, `${path}.${key}`, sounds || key === "sounds")
    }
  }
  /** The undefined parts of a value the game defines (`decoded` is what it decoded to). */
  const walk = (value: unknown, known: unknown, path: string, sounds: boolean): void => {
    if (Array.isArray(value) && Array.isArray(known)) {
      value.forEach((item, i) => walk(item, known[i], `${path}.${i}`, sounds))
    } else if (isObject(value) && isObject(known)) {
      for (const [key, item] of Object.entries(value)) {
        const inSounds = sounds || key === "sounds"
        if (Object.hasOwn(known, key)) walk(item, known[key], `${path}.${key}`, inSounds)
        else collect(item, `${path}.${key}`, inSounds)
      }
    }
  }
  walk(raw, decoded, prefix, false)
  return fields
}

/** The kind of a file at `url`, from the extension of its path (query and fragment ignored). */
export const kindOfUrl = (url: string): FileKind | undefined => {
  if (!URL.canParse(url)) return undefined
  const path = new URL(url).pathname
  const name = path.slice(path.lastIndexOf("/") + 1)
  const dot = name.lastIndexOf(".")
  if (dot <= 0) return undefined
  return extensionKinds[name.slice(dot + 1).toLowerCase()]
}

/** The kind of a file with the given content type (parameters such as `; charset=utf-8` ignored). */
export const kindOfContentType = (contentType: string): FileKind | undefined => {
  const type = contentType.split(";")[0]!.trim().toLowerCase()
  if (type === "application/json" || type === "application/lottie+json") return "lottie"
  if (type.startsWith("image/")) return "image"
  if (type.startsWith("audio/")) return "sound"
  if (type.startsWith("video/")) return "video"
  if (type.startsWith("font/") || type === "application/font-woff") return "font"
  return undefined
}

const expectations: Readonly<Record<FileKind, string>> = {
  image: "must be an image",
  sound: "must be a sound",
  lottie: "must be a Lottie animation",
  video: "must be a video",
  font: "must be a font"
}

/** What the media library knows of a file. */
export interface MediaFile {
  readonly contentType: string
}

/**
 * The media library port: finds the file of an account served at `url`. `None` when the URL is not a
 * file of that account's library (another account's file counts as an outside address).
 */
export class MediaLibrary extends Context.Service<
  MediaLibrary,
  {
    readonly lookup: (accountId: string, url: string) => Effect.Effect<Option.Option<MediaFile>, StoreError>
    /**
     * Whether `url` is an address of the library's files at all (whatever `lookup` finds there):
     * such an address without an available file is refused as a missing library file.
     */
    readonly inLibrary?: ((url: string) => boolean) | undefined
  }
>()("@campaign-games/core/FileRule/MediaLibrary") {
  /** A media library that holds no file: every address is judged by its extension. */
  static readonly layerNone = Layer.succeed(MediaLibrary, MediaLibrary.of({ lookup: () => Effect.succeedNone }))

  /** A fixed media library (tests, fixtures): `files` maps a URL to its content type, for every account. */
  static readonly layerStatic = (files: Readonly<Record<string, string>>) =>
    Layer.succeed(
      MediaLibrary,
      MediaLibrary.of({
        lookup: (_accountId, url) =>
          Effect.succeed(
            Object.hasOwn(files, url) ? Option.some({ contentType: files[url]! }) : Option.none<MediaFile>()
          )
      })
    )
}

/**
 * Judges one field (pure): `file` is what the media library knows of its URL, `inLibrary` whether
 * the URL is an address of the library's files. Returns the failing detail, or `undefined` when
 * the field is fine.
 */
export const judge = (field: FileField, file: Option.Option<MediaFile>, inLibrary = false): Detail | undefined => {
  if (Option.isNone(file)) {
    if (inLibrary) return { path: field.path, message: "is not an available file of the media library" }
    if (field.mediaLibraryOnly === true) return { path: field.path, message: "must be a file from the media library" }
    if (!isHttpsUrl(field.url)) return { path: field.path, message: "must be an https URL or a media-library file" }
  }
  if (field.kind === "font") return undefined
  const kind = Option.isSome(file) ? kindOfContentType(file.value.contentType) : kindOfUrl(field.url)
  return kind === field.kind ? undefined : { path: field.path, message: expectations[field.kind] }
}

/**
 * Checks every file field of an account's config or theme, reporting every mismatch with its path
 * in one `InvalidFields`.
 */
export const check = Effect.fnUntraced(function* (
  accountId: string,
  fields: ReadonlyArray<FileField>
): Effect.fn.Return<void, InvalidFields | StoreError, MediaLibrary> {
  if (fields.length === 0) return
  const library = yield* MediaLibrary
  const details: Array<Detail> = []
  for (const field of fields) {
    const file = yield* library.lookup(accountId, field.url)
    const detail = judge(field, file, library.inLibrary?.(field.url) === true)
    if (detail !== undefined) details.push(detail)
  }
  if (details.length > 0) return yield* invalid(details)
})
