/**
 * A TCP proxy for fault tests: put it between a server and PostgreSQL or Redis, then `cut` or
 * `silence` the component and `restore` it, as a network would.
 *
 * - `cut`: every open connection is reset (RST), and new connections are reset as they arrive,
 *   until `restore`. Clients see `ECONNRESET` at once, as when the component restarts or a firewall
 *   rejects.
 * - `silence`: nothing is forwarded either way and nothing is closed, as in a network partition
 *   where packets are dropped: open connections stay open and their bytes wait; new connections are
 *   accepted and held, and reach the component only after `restore`. Clients see no error, only a
 *   wait (unless they bound it themselves). On `restore` the bytes held flow again, as TCP
 *   retransmits them after a partition heals.
 * - `restore`: forwarding as normal.
 * - `cutOnAnswer(pattern)`: arms a trap for the next answer of the component that holds `pattern`
 *   (`"COMMIT"`: PostgreSQL's acknowledgement of a commit): that answer is dropped and its connection
 *   reset, others pass. The component did the work; the client never learns it. `trapFired`
 *   tells whether it has fired.
 *
 * Counts what crossed it (`connections`), so a test can tell that a client reconnected.
 *
 * @since 0.1.0
 */
import { createConnection, createServer, type Server, type Socket } from "node:net"
import { Effect, type Scope } from "effect"

/** What the proxy does with traffic now. */
export type Mode = "forward" | "cut" | "silence"

export interface FaultProxy {
  /** The port it listens on (127.0.0.1). */
  readonly port: number
  /** `url` (postgres://, redis://) with its host and port replaced by the proxy's. */
  readonly urlFor: (url: string) => string
  readonly cut: Effect.Effect<void>
  readonly silence: Effect.Effect<void>
  readonly restore: Effect.Effect<void>
  /** The mode now. */
  readonly mode: Effect.Effect<Mode>
  /** How many client connections it has accepted so far. */
  readonly connections: Effect.Effect<number>
  /** Arms the trap: the next answer holding `pattern` is dropped and its connection reset. */
  readonly cutOnAnswer: (pattern: string) => Effect.Effect<void>
  /** Whether the armed trap has fired (and disarmed). */
  readonly trapFired: Effect.Effect<boolean>
}

interface Pair {
  readonly client: Socket
  upstream: Socket | undefined
}

const reset = (socket: Socket | undefined): void => {
  if (socket === undefined || socket.destroyed) return
  // A TCP reset, as a peer that went away sends; plain `destroy` would close it gracefully.
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy()
  else socket.destroy()
}

/** A proxy to `target` on a free port of 127.0.0.1, closed (every connection reset) with the scope. */
export const make = (target: {
  readonly host: string
  readonly port: number
}): Effect.Effect<FaultProxy, never, Scope.Scope> =>
  Effect.gen(function* () {
    let mode: Mode = "forward"
    let accepted = 0
    const pairs = new Set<Pair>()
    let trap: Buffer | undefined
    let fired = false

    const connectUpstream = (pair: Pair) => {
      const upstream = createConnection({ host: target.host, port: target.port })
      pair.upstream = upstream
      upstream.setNoDelay(true)
      pair.client.pipe(upstream)
      // The component's answers are forwarded by hand, so that the trap can drop one.
      upstream.on("data", (chunk: Buffer) => {
        if (trap !== undefined && chunk.includes(trap)) {
          trap = undefined
          fired = true
          reset(pair.client)
          reset(upstream)
          return
        }
        if (!pair.client.write(chunk)) {
          upstream.pause()
          pair.client.once("drain", () => {
            if (mode === "forward") upstream.resume()
          })
        }
      })
      upstream.on("error", () => reset(pair.client))
      upstream.on("close", () => {
        pairs.delete(pair)
        pair.client.destroy()
      })
    }

    const server: Server = createServer((client) => {
      accepted++
      client.setNoDelay(true)
      if (mode === "cut") return reset(client)
      const pair: Pair = { client, upstream: undefined }
      pairs.add(pair)
      client.on("error", () => reset(pair.upstream))
      client.on("close", () => {
        pairs.delete(pair)
        pair.upstream?.destroy()
      })
      if (mode === "silence") client.pause()
      else connectUpstream(pair)
    })

    const port = yield* Effect.callback<number>((resume) => {
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : 0))
      })
    })
    yield* Effect.addFinalizer(() =>
      Effect.callback<void>((resume) => {
        for (const pair of pairs) {
          reset(pair.client)
          reset(pair.upstream)
        }
        pairs.clear()
        server.close(() => resume(Effect.void))
      })
    )

    const urlFor = (url: string): string => {
      const parsed = new URL(url)
      parsed.hostname = "127.0.0.1"
      parsed.port = String(port)
      return parsed.toString()
    }

    return {
      port,
      urlFor,
      cut: Effect.sync(() => {
        mode = "cut"
        for (const pair of pairs) {
          reset(pair.client)
          reset(pair.upstream)
        }
        pairs.clear()
      }),
      silence: Effect.sync(() => {
        mode = "silence"
        for (const { client, upstream } of pairs) {
          // Unpiped and paused: bytes already sent wait in the kernel's buffers, nothing is read.
          client.unpipe()
          client.pause()
          upstream?.pause()
        }
      }),
      restore: Effect.sync(() => {
        const was = mode
        mode = "forward"
        if (was !== "silence") return
        for (const pair of pairs) {
          if (pair.upstream === undefined) connectUpstream(pair)
          else pair.client.pipe(pair.upstream)
          pair.client.resume()
          pair.upstream?.resume()
        }
      }),
      mode: Effect.sync(() => mode),
      connections: Effect.sync(() => accepted),
      cutOnAnswer: (pattern) =>
        Effect.sync(() => {
          trap = Buffer.from(pattern, "utf8")
          fired = false
        }),
      trapFired: Effect.sync(() => fired)
    } satisfies FaultProxy
  })
