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
 * The collector is V8's `gc` function: the global one when the process runs with `--expose-gc`, or
 * one taken from a context created after `enable()` set that flag (`v8.setFlagsFromString`, the flag
 * that only makes the function available). Setting a V8 flag changes the whole process, so nothing
 * here does it on import: the process's owner calls `enable()` where it starts (the reference
 * server's `main`; `DiskBlobStore.enableEarlyCollection`). Where neither is done, nothing is
 * collected early. The collector is looked for once, at the first collection.
 *
 * @since 0.1.0
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

type Collect = (options: { readonly type: "minor"; readonly execution: "sync" }) => void

/** `undefined` when not looked for yet, or since `enable()`. */
let found: { readonly collect: Collect | undefined } | undefined

const find = (): Collect | undefined => {
  const global = (globalThis as { gc?: unknown }).gc
  if (typeof global === "function") return global as Collect
  try {
    const gc: unknown = runInNewContext("gc")
    return typeof gc === "function" ? (gc as Collect) : undefined
  } catch {
    return undefined
  }
}

const collector = (): Collect | undefined => (found ??= { collect: find() }).collect

/**
 * Makes V8's collector available to the streams (`--expose-gc`, set on the running process). A
 * process-wide change: for the process's owner to call once where it starts.
 */
export const enable = (): void => {
  setFlagsFromString("--expose-gc")
  found = undefined
}

/** How many bytes a stream passes between two collections. */
export const EVERY = 8 * 1024 * 1024

/** Whether the early collection is available here. */
export const available = (): boolean => collector() !== undefined

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
    collector()?.({ type: "minor", execution: "sync" })
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
