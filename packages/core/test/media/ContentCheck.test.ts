/**
 * What a file's bytes must be (`ContentCheck.inspect`), as tables over real sample files (made by
 * `examples/server/test/fixtures/media/Samples.ts`) and broken copies of them: each type accepted
 * as itself and refused as another; each kind's size limit at its edge; each container refused
 * when truncated where it says it continues; Lottie JSON judged by the keys a player needs; an
 * import without a declared type typed by its bytes. The sniffer is the testing kit's magic
 * numbers (the server's is `file-type`, whose answers the HTTP tests check).
 */
import { MemoryMediaPorts } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as Samples from "../../../../examples/server/test/fixtures/media/Samples.ts"
import * as Asset from "../../src/media/Asset.ts"
import * as ContentCheck from "../../src/media/ContentCheck.ts"

const readerOf =
  (bytes: Uint8Array): ContentCheck.Reader =>
  (offset, length) =>
    Effect.succeed(bytes.subarray(offset, offset + length))

const inspect = (bytes: Uint8Array, declared: Asset.ContentType | undefined, size = bytes.length) =>
  ContentCheck.inspect({ declared, size, read: readerOf(bytes) }).pipe(Effect.provide(MemoryMediaPorts.layerSniffer))

const accepted = (contentType: Asset.ContentType): ContentCheck.Verdict => ({ _tag: "Accepted", contentType })
const refused = (problem: string): ContentCheck.Verdict => ({ _tag: "Refused", problem })

const cut = (bytes: Uint8Array, end: number) => bytes.slice(0, end)
const withLast = (bytes: Uint8Array, last: number) => {
  const copy = bytes.slice()
  copy[copy.length - 1] = last
  return copy
}

describe("ContentCheck", () => {
  for (const sample of Samples.samples) {
    it.effect(`a real ${sample.contentType} file is accepted as itself, and typed by its bytes when undeclared`, () =>
      Effect.gen(function* () {
        const type = sample.contentType as Asset.ContentType
        assert.deepStrictEqual(yield* inspect(sample.bytes, type), accepted(type))
        assert.deepStrictEqual(yield* inspect(sample.bytes, undefined), accepted(type))
      })
    )
  }

  it.effect("bytes of one type declared as another are refused, naming both", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* inspect(Samples.png(), "audio/mpeg"),
        refused("the bytes are image/png, not the declared audio/mpeg")
      )
      assert.deepStrictEqual(
        yield* inspect(Samples.webm(), "video/mp4"),
        refused("the bytes are video/webm, not the declared video/mp4")
      )
      assert.deepStrictEqual(
        yield* inspect(Samples.gif(), "application/json"),
        refused("the bytes are image/gif, not the declared application/json")
      )
      const html = new TextEncoder().encode("<!doctype html><title>x</title>")
      assert.deepStrictEqual(yield* inspect(html, "image/png"), refused("the bytes are not image/png"))
      assert.deepStrictEqual(yield* inspect(html, undefined), refused("the bytes are not a file of a supported type"))
    })
  )

  const limits: Array<[Asset.ContentType, number, string]> = [
    ["image/png", 8 * 1024 * 1024, "an image may be at most 8 MiB"],
    ["audio/wav", 16 * 1024 * 1024, "a sound may be at most 16 MiB"],
    ["video/mp4", 50 * 1024 * 1024, "a file may be at most 50 MiB"],
    ["application/json", 2 * 1024 * 1024, "a Lottie animation may be at most 2 MiB"]
  ]
  for (const [type, max, message] of limits) {
    it.effect(`${type}: ${max + 1} bytes are refused before any is read`, () =>
      Effect.gen(function* () {
        const verdict = yield* inspect(new Uint8Array(0), type, max + 1)
        assert.deepStrictEqual(verdict, refused(`the file is ${max + 1} bytes; ${message}`))
      })
    )
  }

  it.effect("a video of exactly 50 MiB passes the size check, then is judged by its boxes", () =>
    Effect.gen(function* () {
      // The file's first bytes, its mdat box declared to fill 50 MiB; only box headers are read.
      const size = 50 * 1024 * 1024
      const head = Samples.mp4(16)
      const view = new DataView(head.buffer, head.byteOffset)
      view.setUint32(148, size - 148)
      const read: ContentCheck.Reader = (offset, length) =>
        Effect.succeed(
          offset < head.length
            ? head.subarray(offset, offset + length)
            : new Uint8Array(Math.min(length, size - offset))
        )
      const verdict = yield* ContentCheck.inspect({ declared: "video/mp4", size, read }).pipe(
        Effect.provide(MemoryMediaPorts.layerSniffer)
      )
      assert.deepStrictEqual(verdict, accepted("video/mp4"))
    })
  )

  it.effect("an undeclared image over 8 MiB is refused by its kind once its bytes are known", () =>
    Effect.gen(function* () {
      const png = Samples.png()
      const verdict = yield* inspect(png, undefined, 8 * 1024 * 1024 + 1)
      assert.deepStrictEqual(verdict, refused("the file is 8388609 bytes; an image may be at most 8 MiB"))
    })
  )

  it.effect("an empty file is refused", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* inspect(new Uint8Array(0), "image/png"), refused("the file is empty"))
    })
  )

  const damaged: Array<[string, Asset.ContentType, Uint8Array, string]> = [
    [
      "a PNG cut before IEND",
      "image/png",
      cut(Samples.png(8, 8), 90),
      "the PNG is truncated or damaged (it does not end with IEND)"
    ],
    ["a PNG too short to hold IEND", "image/png", cut(Samples.png(), 40), "the PNG is truncated"],
    [
      "a GIF without its trailer",
      "image/gif",
      withLast(Samples.gif(), 0),
      "the GIF is truncated or damaged (it does not end with its trailer)"
    ],
    [
      "a JPEG without its end marker",
      "image/jpeg",
      cut(Samples.jpeg(), Samples.jpeg().length - 2),
      "the JPEG is truncated or damaged (it has no end-of-image marker)"
    ],
    [
      "a WAV shorter than its header says",
      "audio/wav",
      cut(Samples.wav(), 500),
      "the file is truncated: its header says 844 bytes, it holds 500"
    ],
    [
      "a WebP shorter than its header says",
      "image/webp",
      cut(Samples.webp(), 25),
      "the file is truncated: its header says 30 bytes, it holds 25"
    ],
    [
      "an MP4 cut in its media data",
      "video/mp4",
      cut(Samples.mp4(), 1500),
      "the MP4 is truncated: its mdat box ends past the end of the file"
    ],
    [
      "an MP4 cut in a box header",
      "video/mp4",
      cut(Samples.mp4(), 148 + 4),
      "the MP4 is truncated (a box header is cut)"
    ],
    [
      "a WebM cut in its segment",
      "video/webm",
      cut(Samples.webm(), 300),
      "the WebM is truncated: its segment ends at byte 361, the file holds 300"
    ],
    [
      "an OGG stream cut in its last page",
      "audio/ogg",
      cut(Samples.ogg(), 300),
      "the OGG stream is truncated (its last page is cut)"
    ]
  ]
  for (const [label, type, bytes, problem] of damaged) {
    it.effect(`${label} is refused`, () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* inspect(bytes, type), refused(problem))
      })
    )
  }

  it.effect("an MP4 without moov, or not starting with ftyp, or with a box smaller than its header, is refused", () =>
    Effect.gen(function* () {
      const full = Samples.mp4(16)
      const ftyp = full.subarray(0, 32)
      const mdat = full.subarray(32 + 116)
      const noMoov = new Uint8Array([...ftyp, ...mdat])
      assert.deepStrictEqual(
        yield* inspect(noMoov, "video/mp4"),
        refused("the MP4 has no moov box (its index), so it cannot play")
      )
      const tiny = full.slice()
      tiny.set([0, 0, 0, 4], 32)
      assert.deepStrictEqual(
        yield* inspect(tiny, "video/mp4"),
        refused("the MP4 is damaged (a box is smaller than its header)")
      )
      const extended = full.slice()
      extended.set([0, 0, 0, 1], 32 + 116)
      assert.strictEqual((yield* inspect(extended, "video/mp4"))._tag, "Refused", "a 64-bit size past the end")
    })
  )

  it.effect(
    "a WebM of unknown segment size is accepted (a live recording); an OGG not marked end-of-stream is not",
    () =>
      Effect.gen(function* () {
        const webm = Samples.webm()
        const unknown = webm.slice()
        const segment = unknown.findIndex(
          (_, i) => unknown[i] === 0x18 && unknown[i + 1] === 0x53 && unknown[i + 2] === 0x80 && unknown[i + 3] === 0x67
        )
        unknown.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], segment + 4)
        assert.deepStrictEqual(yield* inspect(unknown, "video/webm"), accepted("video/webm"))
        const ogg = Samples.ogg()
        const open = ogg.slice()
        let last = 0
        for (let i = 0; i < open.length - 4; i++)
          if (String.fromCharCode(...open.subarray(i, i + 4)) === "OggS") last = i
        open[last + 5] = 0
        assert.deepStrictEqual(
          yield* inspect(open, "audio/ogg"),
          refused("the OGG stream is truncated (its last page is not marked end-of-stream)")
        )
      })
  )

  it.effect("an MP3 behind an ID3 tag longer than the sniffer's window is still an MP3", () =>
    Effect.gen(function* () {
      const tagSize = 100_000
      const tag = new Uint8Array(10 + tagSize)
      tag.set([0x49, 0x44, 0x33, 4, 0, 0])
      tag.set([(tagSize >> 21) & 0x7f, (tagSize >> 14) & 0x7f, (tagSize >> 7) & 0x7f, tagSize & 0x7f], 6)
      const mp3 = new Uint8Array([...tag, ...Samples.mp3(4)])
      assert.strictEqual(ContentCheck.id3Size(mp3), 10 + tagSize)
      assert.deepStrictEqual(yield* inspect(mp3, "audio/mpeg"), accepted("audio/mpeg"))
    })
  )

  const lotties: Array<[string, unknown, string]> = [
    ["not an object", [1, 2], "the JSON is not an object, so not a Lottie animation"],
    [
      "without layers and size",
      { v: "5", fr: 30, ip: 0, op: 1 },
      "the JSON is not a Lottie animation (it lacks w, h, layers)"
    ],
    [
      "a version that is not a string",
      { v: 5, fr: 30, ip: 0, op: 1, w: 1, h: 1, layers: [] },
      "the Lottie animation's version (v) is not a string"
    ],
    [
      "a frame rate of 0",
      { v: "5", fr: 0, ip: 0, op: 1, w: 1, h: 1, layers: [] },
      "the Lottie animation's frame rate (fr) is not a positive number"
    ],
    [
      "an end before its start",
      { v: "5", fr: 30, ip: 10, op: 10, w: 1, h: 1, layers: [] },
      "the Lottie animation's frames (ip, op) are not numbers with op after ip"
    ],
    [
      "a width of 0",
      { v: "5", fr: 30, ip: 0, op: 1, w: 0, h: 1, layers: [] },
      "the Lottie animation's size (w, h) is not positive"
    ],
    [
      "layers that are not a list",
      { v: "5", fr: 30, ip: 0, op: 1, w: 1, h: 1, layers: {} },
      "the Lottie animation's layers are not a list"
    ]
  ]
  for (const [label, json, problem] of lotties) {
    it.effect(`a Lottie JSON ${label} is refused`, () =>
      Effect.gen(function* () {
        const bytes = new TextEncoder().encode(JSON.stringify(json))
        assert.deepStrictEqual(yield* inspect(bytes, "application/json"), refused(problem))
        assert.deepStrictEqual(
          yield* inspect(bytes, undefined),
          refused("the bytes are not a file of a supported type")
        )
      })
    )
  }

  it.effect("Lottie bytes that are not JSON, or not UTF-8, are refused", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* inspect(new TextEncoder().encode("{ nope"), "application/json"),
        refused("the bytes are not JSON, so not a Lottie animation")
      )
      assert.deepStrictEqual(
        yield* inspect(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), "application/json"),
        refused("the bytes are not UTF-8 text, so not a Lottie animation")
      )
    })
  )

  it("normalize maps the sniffers' other names and drops parameters; JSON is never sniffed", () => {
    assert.deepStrictEqual(ContentCheck.normalize("audio/ogg; codecs=opus"), Option.some("audio/ogg"))
    assert.deepStrictEqual(ContentCheck.normalize("image/apng"), Option.some("image/png"))
    assert.deepStrictEqual(ContentCheck.normalize("audio/vnd.wave"), Option.some("audio/wav"))
    assert.deepStrictEqual(ContentCheck.normalize("audio/x-wav"), Option.some("audio/wav"))
    assert.deepStrictEqual(ContentCheck.normalize("video/quicktime"), Option.none())
    assert.deepStrictEqual(ContentCheck.normalize("application/json"), Option.none())
    assert.deepStrictEqual(ContentCheck.normalize("Image/PNG"), Option.some("image/png"))
  })
})
