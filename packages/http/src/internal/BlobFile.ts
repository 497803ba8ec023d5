/**
 * Writing an upload's bytes to a local file, the step both blob stores take before the bytes are
 * kept (`DiskBlobStore` renames the file into place, `S3BlobStore` sends it on): the file is open
 * for the scope (closed with it, whatever happens) and the stream is written to it chunk by chunk,
 * refused with `TooLarge` as soon as it passes its bound, so an oversized body is never read whole;
 * the buffers it went through are collected as it goes (`Garbage`).
 *
 * @since 0.1.0
 */
import * as fs from "node:fs/promises"
import { BlobStore, type Errors } from "@campaign-games/core"
import { Effect, Stream } from "effect"
import * as Garbage from "./Garbage.ts"

/** Runs a file operation named `operation`, its failure reported as the store's `StoreError`. */
export type Attempt = <A>(operation: string, run: () => Promise<A>) => Effect.Effect<A, Errors.StoreError>

/**
 * Opens `file` for writing (for the scope) and writes `body` to it, failing with `TooLarge` once it
 * passes `maxBytes`: the open handle (to close, which flushes it) and the size written.
 */
export const writeBounded = <E>(file: string, body: Stream.Stream<Uint8Array, E>, maxBytes: number, attempt: Attempt) =>
  Effect.gen(function* () {
    const handle = yield* Effect.acquireRelease(
      attempt("open", () => fs.open(file, "w")),
      (h) => Effect.promise(() => h.close().catch(() => undefined))
    )
    let size = 0
    const passed = Garbage.counter()
    yield* Stream.runForEach(body, (chunk): Effect.Effect<void, BlobStore.TooLarge | Errors.StoreError> => {
      size += chunk.length
      passed(chunk.length)
      if (size > maxBytes) return Effect.fail(new BlobStore.TooLarge({ maxBytes }))
      return attempt("write", () => handle.write(chunk)).pipe(Effect.asVoid)
    })
    return { handle, size }
  })
