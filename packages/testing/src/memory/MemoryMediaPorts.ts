/**
 * The media library's platform ports for tests of the core (`MediaEngine.Requirements`), with
 * nothing outside the process: the memory `BlobStore` (`MemoryBlobStore`), a `ContentSniffer`
 * that knows the magic numbers of the library's nine binary types (the server's is the `file-type`
 * library, in `@campaign-games/http`), and a `UrlFetcher` that answers from a function of the URL
 * the test gives (bytes in pieces, or a failure), recording every URL asked.
 *
 * @since 0.1.0
 */
import { ContentCheck, UrlFetcher } from "@campaign-games/core"
import { Effect, Layer, Option, Stream } from "effect"
import * as MemoryBlobStore from "./MemoryBlobStore.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { BlobStore } from "@campaign-games/core"

const ascii = (bytes: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(offset, offset + length))

/** The type of `head` by its magic number (pure), none when it is none of the library's binary types. */
export const magic = (head: Uint8Array): Option.Option<string> => {
  if (head.length >= 8 && head[0] === 0x89 && ascii(head, 1, 3) === "PNG") return Option.some("image/png")
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return Option.some("image/jpeg")
  if (ascii(head, 0, 4) === "GIF8") return Option.some("image/gif")
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return Option.some("image/webp")
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return Option.some("audio/wav")
  if (ascii(head, 0, 4) === "OggS") return Option.some("audio/ogg")
  if (ascii(head, 4, 4) === "ftyp") return Option.some("video/mp4")
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return Option.some("video/webm")
  }
  if (ascii(head, 0, 3) === "ID3" || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) {
    return Option.some("audio/mpeg")
  }
  return Option.none()
}

/** The magic-number sniffer. */
export const layerSniffer: Layer.Layer<ContentCheck.ContentSniffer> = Layer.succeed(
  ContentCheck.ContentSniffer,
  ContentCheck.ContentSniffer.of({ sniff: (head) => Effect.succeed(magic(head)) })
)

/** What a scripted fetch answers: the body in pieces (with a `Content-Type`), or a failure. */
export type Answer =
  | { readonly _tag: "Body"; readonly pieces: ReadonlyArray<Uint8Array>; readonly contentType?: string }
  | { readonly _tag: "Fail"; readonly reason: string; readonly retryable: boolean }

/** A fetcher answering `answer(url)`; `asked` records every URL fetched, in order. */
export const layerFetcher = (
  answer: (url: string) => Answer,
  asked: Array<string> = []
): Layer.Layer<UrlFetcher.UrlFetcher> =>
  Layer.succeed(
    UrlFetcher.UrlFetcher,
    UrlFetcher.UrlFetcher.of({
      fetch: (url) =>
        Effect.suspend(() => {
          asked.push(url)
          const reply = answer(url)
          return reply._tag === "Fail"
            ? Effect.fail(new UrlFetcher.FetchFailed({ reason: reply.reason, retryable: reply.retryable }))
            : Effect.succeed({ contentType: reply.contentType, body: Stream.fromIterable(reply.pieces) })
        })
    })
  )

/** The platform ports of media for tests: memory blobs (and their uploads), magic numbers, `answer`'s fetches. */
export const layer = (
  answer: (url: string) => Answer = () => ({ _tag: "Fail", reason: "no network", retryable: false })
) => Layer.mergeAll(MemoryBlobStore.layer, layerSniffer, layerFetcher(answer))
