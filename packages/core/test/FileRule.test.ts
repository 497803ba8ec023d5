/**
 * The file rule as tables and cases: which kind of file a URL's extension or a content type names,
 * which fields `FileRule.check` refuses (and with which path and message) without a media library
 * and with one, the fields of game configs and themes, and the `FileUrl` schema.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Option, Schema } from "effect"
import * as FileRule from "../src/campaigns/FileRule.ts"
import * as SpinTheWheel from "../src/games/SpinTheWheel.ts"
import * as Theme from "../src/campaigns/Theme.ts"

const LIBRARY = "http://127.0.0.1:8080/files"

/** A media library holding a few files (URLs without extensions, as the server serves them). */
const library = FileRule.MediaLibrary.layerStatic({
  [`${LIBRARY}/ast_png`]: "image/png",
  [`${LIBRARY}/ast_mp3`]: "audio/mpeg",
  [`${LIBRARY}/ast_lottie`]: "application/json",
  [`${LIBRARY}/ast_mp4`]: "video/mp4",
  // An image stored under a misleading name: the content type wins.
  [`${LIBRARY}/song.mp3`]: "image/webp"
})

/** The details `check` reports for `fields`, or `[]` when every field is fine. */
const failures = (fields: ReadonlyArray<FileRule.FileField>) =>
  FileRule.check("acc_1", fields).pipe(
    Effect.match({ onSuccess: () => [], onFailure: (e) => ("details" in e ? (e.details ?? []) : []) })
  )

const field = (url: string, kind: FileRule.FileKind, path = "config.file"): FileRule.FileField => ({ path, url, kind })

describe("Kinds by extension", () => {
  it.effect.each([
    ["https://x.example/a.png", "image"],
    ["https://x.example/a.JPG", "image"],
    ["https://x.example/a.jpeg", "image"],
    ["https://x.example/a.webp", "image"],
    ["https://x.example/a.gif", "image"],
    ["https://x.example/dir.v2/a.svg?size=2#top", "image"],
    ["https://x.example/a.mp3", "sound"],
    ["https://x.example/a.ogg", "sound"],
    ["https://x.example/a.wav", "sound"],
    ["https://x.example/a.json", "lottie"],
    ["https://x.example/a.mp4", "video"],
    ["https://x.example/a.webm", "video"],
    ["https://x.example/a.woff2", "font"],
    ["https://x.example/a.woff", "font"],
    ["https://x.example/a.ttf", "font"],
    ["https://x.example/a.otf", "font"],
    ["https://x.example/.png", undefined],
    ["https://x.example/song.mp3/.png", undefined],
    ["https://x.example/a.txt", undefined],
    ["https://x.example/image", undefined],
    ["https://x.example/dir.png/file", undefined],
    ["https://x.example/?file=a.png", undefined],
    ["not a url.png", undefined]
  ] as const)("%s is %s", ([url, kind]) => Effect.sync(() => assert.strictEqual(FileRule.kindOfUrl(url), kind)))
})

describe("Kinds by content type", () => {
  it.effect.each([
    ["image/png", "image"],
    ["image/jpeg", "image"],
    ["image/svg+xml", "image"],
    ["audio/mpeg", "sound"],
    ["audio/ogg", "sound"],
    ["audio/wav", "sound"],
    ["application/json", "lottie"],
    ["application/json; charset=utf-8", "lottie"],
    ["video/mp4", "video"],
    ["VIDEO/WEBM", "video"],
    ["font/woff2", "font"],
    ["application/font-woff", "font"],
    ["application/lottie+json", "lottie"],
    [" Application/Lottie+JSON ; profile=x", "lottie"],
    ["text/plain", undefined],
    ["application/octet-stream", undefined]
  ] as const)("%s is %s", ([contentType, kind]) =>
    Effect.sync(() => assert.strictEqual(FileRule.kindOfContentType(contentType), kind))
  )
})

describe("The file rule without a media library", () => {
  it.effect("accepts files whose extension matches their field", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        field("https://x.example/a.png", "image"),
        field("https://x.example/a.mp3", "sound"),
        field("https://x.example/a.json", "lottie"),
        field("https://x.example/a.webm", "video"),
        field("https://x.example/font", "font")
      ])
      assert.deepStrictEqual(details, [])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("reports every mismatch with its path", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        field("https://x.example/song.mp3", "image", "config.art.background"),
        field("https://x.example/ok.png", "image", "config.art.pointer"),
        field("https://x.example/pic.png", "sound", "config.sounds.win"),
        field("https://x.example/clip.mp4", "lottie", "theme.decorations.top.url"),
        field("https://x.example/anim.json", "video", "theme.background.animation.url"),
        field("https://x.example/noextension", "image", "theme.logoUrl")
      ])
      assert.deepStrictEqual(details, [
        { path: "config.art.background", message: "must be an image" },
        { path: "config.sounds.win", message: "must be a sound" },
        { path: "theme.decorations.top.url", message: "must be a Lottie animation" },
        { path: "theme.background.animation.url", message: "must be a video" },
        { path: "theme.logoUrl", message: "must be an image" }
      ])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("refuses plain http outside the media library, even for fonts", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        field("http://x.example/a.png", "image", "theme.logoUrl"),
        field("http://x.example/a.woff2", "font", "theme.fontUrl")
      ])
      const message = "must be an https URL or a media-library file"
      assert.deepStrictEqual(details, [
        { path: "theme.logoUrl", message },
        { path: "theme.fontUrl", message }
      ])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("refuses an animation that must come from the media library", () =>
    Effect.gen(function* () {
      const animation: FileRule.FileField = {
        path: "theme.background.animation.url",
        url: "https://x.example/a.json",
        kind: "lottie",
        mediaLibraryOnly: true
      }
      const details = yield* failures([animation])
      assert.deepStrictEqual(details, [
        { path: "theme.background.animation.url", message: "must be a file from the media library" }
      ])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("answers with one InvalidRequest naming the first field in its message", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        FileRule.check("acc_1", [field("https://x.example/a.mp3", "image", "config.art.pointer")])
      )
      assert.strictEqual(error._tag, "InvalidFields")
      assert.include(error.message, "config.art.pointer")
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("has nothing to check without fields: it succeeds without asking the library", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const exit = yield* Effect.exit(FileRule.check("acc_1", [])).pipe(
        Effect.provideService(
          FileRule.MediaLibrary,
          FileRule.MediaLibrary.of({
            lookup: (_accountId, url) => {
              asked.push(url)
              return Effect.succeed(Option.none())
            }
          })
        )
      )
      assert.isTrue(Exit.isSuccess(exit))
      assert.deepStrictEqual(asked, [])
    })
  )
})

describe("The file rule with a media library", () => {
  it.effect("judges library files by their content type, whatever their URL says", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        field(`${LIBRARY}/ast_png`, "image", "config.art.background"),
        field(`${LIBRARY}/ast_mp3`, "sound", "config.sounds.spin"),
        field(`${LIBRARY}/ast_lottie`, "lottie", "theme.decorations.bottom.url"),
        field(`${LIBRARY}/ast_mp4`, "video", "theme.background.animation.url"),
        field(`${LIBRARY}/song.mp3`, "image", "theme.logoUrl")
      ])
      assert.deepStrictEqual(details, [])
    }).pipe(Effect.provide(library))
  )

  it.effect("reports library files of the wrong type", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        field(`${LIBRARY}/ast_mp3`, "image", "config.art.background"),
        field(`${LIBRARY}/ast_png`, "sound", "config.sounds.lose"),
        field(`${LIBRARY}/song.mp3`, "sound", "config.sounds.win")
      ])
      assert.deepStrictEqual(details, [
        { path: "config.art.background", message: "must be an image" },
        { path: "config.sounds.lose", message: "must be a sound" },
        { path: "config.sounds.win", message: "must be a sound" }
      ])
    }).pipe(Effect.provide(library))
  )

  it.effect("accepts an animation from the library and still judges outside files by extension", () =>
    Effect.gen(function* () {
      const details = yield* failures([
        {
          path: "theme.background.animation.url",
          url: `${LIBRARY}/ast_lottie`,
          kind: "lottie",
          mediaLibraryOnly: true
        },
        field("https://x.example/a.gif", "image", "theme.backgroundUrl"),
        field(`${LIBRARY}/unknown`, "image", "theme.logoUrl")
      ])
      assert.deepStrictEqual(details, [
        { path: "theme.logoUrl", message: "must be an https URL or a media-library file" }
      ])
    }).pipe(Effect.provide(library))
  )

  it.effect("asks the library about the caller's account", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const layer = FileRule.MediaLibrary.of({
        lookup: (accountId, url) => {
          asked.push(`${accountId} ${url}`)
          return Effect.succeed(Option.none())
        }
      })
      yield* FileRule.check("acc_9", [field("https://x.example/a.png", "image")]).pipe(
        Effect.provideService(FileRule.MediaLibrary, layer)
      )
      assert.deepStrictEqual(asked, ["acc_9 https://x.example/a.png"])
    })
  )
})

describe("The file rule on game configs and themes", () => {
  it.effect("refuses a wheel whose background is a sound and whose win sound is an image", () =>
    Effect.gen(function* () {
      const config = {
        art: { background: "https://x.example/bg.mp3", pointer: "https://x.example/pointer.png" },
        sounds: { win: "https://x.example/win.png", lose: "https://x.example/lose.wav" }
      }
      const details = yield* failures(SpinTheWheel.game.fileFields(config))
      assert.deepStrictEqual(details, [
        { path: "config.art.background", message: "must be an image" },
        { path: "config.sounds.win", message: "must be a sound" }
      ])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )

  it.effect("holds files under keys the game does not define to the same rule, and leaves other text alone", () =>
    Effect.gen(function* () {
      // The library of account acc_1: `ast_png` and `ast_mp3` are its files, `ast_other` another
      // account's (an address of the library that acc_1 has no file at).
      const media = FileRule.MediaLibrary.of({
        lookup: (accountId, url) =>
          Effect.succeed(
            accountId === "acc_1" && url === `${LIBRARY}/ast_png`
              ? Option.some({ contentType: "image/png" })
              : accountId === "acc_1" && url === `${LIBRARY}/ast_mp3`
                ? Option.some({ contentType: "audio/mpeg" })
                : Option.none()
          ),
        inLibrary: (url) => url.startsWith(`${LIBRARY}/`)
      })
      const config = {
        segments: [
          { id: "a", label: "A", isWin: true, icon: "https://x.example/star.mp3" },
          { id: "b", label: "B", isWin: false, icon: `${LIBRARY}/ast_png` }
        ],
        sounds: { tick: "https://x.example/tick.png", chime: `${LIBRARY}/ast_mp3` },
        extra: {
          logo: `${LIBRARY}/ast_other`,
          banner: "http://x.example/banner.png",
          page: "https://x.example/terms",
          note: "Spin to win, see x.example/terms",
          sounds: { fanfare: `${LIBRARY}/ast_png` }
        }
      }
      const details = yield* failures(SpinTheWheel.game.fileFields(config)).pipe(
        Effect.provideService(FileRule.MediaLibrary, media)
      )
      assert.deepStrictEqual(details, [
        { path: "config.segments.0.icon", message: "must be an image" },
        { path: "config.sounds.tick", message: "must be a sound" },
        { path: "config.extra.logo", message: "is not an available file of the media library" },
        { path: "config.extra.banner", message: "must be an https URL or a media-library file" },
        { path: "config.extra.page", message: "must be an image" },
        { path: "config.extra.sounds.fanfare", message: "must be a sound" }
      ])
    })
  )

  it.effect("refuses a theme's lottie decoration that is an image", () =>
    Effect.gen(function* () {
      const theme: Theme.Theme = {
        logoUrl: "https://x.example/logo.webp",
        decorations: { bottom: { url: "https://x.example/snow.png", kind: "lottie", size: "small" } }
      }
      const details = yield* failures(Theme.fileFields(theme))
      assert.deepStrictEqual(details, [{ path: "theme.decorations.bottom.url", message: "must be a Lottie animation" }])
    }).pipe(Effect.provide(FileRule.MediaLibrary.layerNone))
  )
})

describe("FileUrl", () => {
  it("accepts absolute http(s) URLs and refuses the rest", () => {
    assert.isTrue(FileRule.isHttpUrl("https://x.example/a.png"))
    assert.isTrue(FileRule.isHttpUrl("http://127.0.0.1:8080/files/ast_1"))
    assert.isFalse(FileRule.isHttpUrl("ftp://x.example/a.png"))
    assert.isFalse(FileRule.isHttpUrl("https://user:pw@x.example/a.png"))
    assert.isFalse(FileRule.isHttpUrl("https://user@x.example/a.png"))
    assert.isFalse(FileRule.isHttpUrl("https://:pw@x.example/a.png"))
    assert.isFalse(FileRule.isHttpUrl("/a.png"))
  })

  it("the FileUrl schema takes an absolute http(s) URL of up to 2048 characters and says what it expected", () => {
    const decode = Schema.decodeUnknownExit(FileRule.FileUrl)
    assert.isTrue(Exit.isSuccess(decode("https://x.example/a.png")))
    assert.isTrue(Exit.isSuccess(decode(`https://x.example/${"a".repeat(2048 - 18)}`)))
    assert.isTrue(Exit.isFailure(decode(`https://x.example/${"a".repeat(2048 - 17)}`)))
    const refused = decode("ftp://x.example/a.png")
    assert.isTrue(Exit.isFailure(refused))
    assert.include(String(refused), "Expected an https URL or a media-library file")
  })

  it("the file kinds are image, sound, lottie, video and font", () => {
    const isKind = Schema.is(FileRule.FileKind)
    assert.deepStrictEqual(
      ["image", "sound", "lottie", "video", "font", "pdf", ""].filter((k) => isKind(k)),
      ["image", "sound", "lottie", "video", "font"]
    )
  })
})
