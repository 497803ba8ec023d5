/**
 * Collecting, as a large file streams through the server, the buffers it leaves behind. Every 64 KiB
 * read from a socket or a file is a buffer of its own, outside V8's heap, dead as soon as it is
 * written on; V8 collects them only when its young generation fills (which the few objects a stream
 * makes rarely do) or once about 64 MiB of such memory has piled up. So a 50 MB upload or download
 * grew the server's resident memory by about 62 MB (`node bench/media.ts --store disk`, first
 * round), though nothing holds the file.
 *
 * A smaller young generation for the whole server (`--max-semi-space-size=4`: 21–25 MB of growth)
 * cost every play about 15 % more server CPU (`node bench/plays.ts --calls --server-flags=…`), so
 * instead the streams themselves ask for a minor collection (a scavenge of the young generation,
 * about a millisecond) after each `EVERY` bytes: a file stream then holds at most that much dead
 * memory, and plays pay nothing. `docs/media.md` has the figures.
 *
 * The collector is V8's `gc` function, taken from a context created after `--expose-gc` is set
 * (`v8.setFlagsFromString`, the flag that only makes the function available), or the global one
 * when the server runs with `--expose-gc`. Where neither can be had, nothing is collected early.
 *
 * @since 0.1.0
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

type Collect = (options: { readonly type: "minor"; readonly execution: "sync" }) => void

const collector = ((): Collect | undefined => {
  const global = (globalThis as { gc?: unknown }).gc
  if (typeof global === "function") return global as Collect
  try {
    setFlagsFromString("--expose-gc")
    const gc: unknown = runInNewContext("gc")
    return typeof gc === "function" ? (gc as Collect) : undefined
  } catch {
    return undefined
  }
})()

/** How many bytes a stream passes between two collections. */
export const EVERY = 8 * 1024 * 1024

/** Whether the early collection is available here. */
export const available = collector !== undefined

/**
 * A counter for one stream: `passed(bytes)` for each chunk it passes; every `EVERY` bytes, a minor
 * collection.
 */
export const counter = () => {
  let since = 0
  return (bytes: number): void => {
    since += bytes
    if (since < EVERY) return
    since = 0
    collector?.({ type: "minor", execution: "sync" })
  }
}

/** `chunks`, passed on as they come, counted (`counter`). */
export async function* counted<A extends Uint8Array>(chunks: AsyncIterable<A>): AsyncIterable<A> {
  const passed = counter()
  for await (const chunk of chunks) {
    passed(chunk.length)
    yield chunk
  }
}
