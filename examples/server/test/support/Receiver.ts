/**
 * A webhook receiver for tests: a real node:http server on 127.0.0.1 that records every request
 * (raw body bytes included) and answers from a script.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

export interface Received {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly at: number
}

export interface Receiver {
  readonly url: (path?: string) => string
  readonly received: Array<Received>
  /** Status to answer for a path (default 200); `"hang"` never answers. */
  readonly answer: (path: string, status: number | "hang") => void
  /** Waits until `count` requests arrived on `path` (or anywhere), up to `timeoutMs`. */
  readonly waitFor: (count: number, path?: string, timeoutMs?: number) => Effect.Effect<Array<Received>>
}

export const make = Effect.acquireRelease(
  Effect.promise(
    () =>
      new Promise<{ server: Server; receiver: Receiver }>((resolve) => {
        const received: Array<Received> = []
        const answers = new Map<string, number | "hang">()
        const server = createServer((request, response) => {
          const chunks: Array<Buffer> = []
          request.on("data", (c: Buffer) => chunks.push(c))
          request.on("end", () => {
            const path = request.url ?? "/"
            received.push({
              path,
              headers: request.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              at: Date.now()
            })
            const status = answers.get(path) ?? 200
            if (status === "hang") return
            response.writeHead(status, { "content-type": "text/plain" }).end("ok")
          })
        })
        server.listen(0, "127.0.0.1", () => {
          const { port } = server.address() as AddressInfo
          const receiver: Receiver = {
            url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
            received,
            answer: (path, status) => void answers.set(path, status),
            waitFor: (count, path, timeoutMs = 15_000) =>
              Effect.promise(async () => {
                const deadline = Date.now() + timeoutMs
                const matching = () => received.filter((r) => path === undefined || r.path === path)
                while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
                return matching()
              })
          }
          resolve({ server, receiver })
        })
      })
  ),
  ({ server }) =>
    Effect.promise(
      () =>
        new Promise<void>((r) => {
          server.close(() => r())
          server.closeAllConnections()
        })
    ).pipe(Effect.ignore)
).pipe(Effect.map(({ receiver }) => receiver))
