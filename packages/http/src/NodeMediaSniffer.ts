/**
 * `ContentCheck.ContentSniffer` on Node: the `file-type` library (maintained, used by millions of
 * packages), which recognises a file by the magic numbers and structures of its first bytes. The
 * core decides what the answer means (`ContentCheck.inspect`); this adapter only asks the library.
 *
 * @since 0.1.0
 */
import { ContentCheck } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { fileTypeFromBuffer } from "file-type"

/** The MIME type `file-type` recognises in `head`, none when it recognises none (or fails on it). */
export const sniff = (head: Uint8Array): Effect.Effect<Option.Option<string>> =>
  Effect.promise(() =>
    fileTypeFromBuffer(head).then(
      (found) => Option.fromNullishOr(found?.mime),
      () => Option.none<string>()
    )
  )

/** The sniffer over `file-type`. */
export const layer: Layer.Layer<ContentCheck.ContentSniffer> = Layer.succeed(
  ContentCheck.ContentSniffer,
  ContentCheck.ContentSniffer.of({ sniff })
)
