/**
 * Anonymous upload bodies (`POST /media/uploads`, the disk store's own route) hold next to nothing
 * of the server before their signature is checked: a form field over 4 KiB or of a name no policy
 * has is refused as it arrives, and a body that stalls is cut once its deadline passes (here 3 s for
 * the form, 5 s for the whole body). Spoken over raw sockets, as an attacker would: eight
 * connections that each start four 10 MiB fields leave the server's memory flat.
 */
import { connect, type Socket } from "node:net"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { assert, layer } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { png } from "./fixtures/media/Samples.ts"
import { postForm } from "./fixtures/media/Uploads.ts"
import { make, storeLayer, TestServer, withAccount } from "./support/TestServer.ts"

const BOUNDARY = "----cg-upload-boundary"
const MiB = 1024 * 1024

/** V8's collector (as `Garbage.ts` takes it), to read the memory that is really held. */
const gc = (() => {
  setFlagsFromString("--expose-gc")
  return runInNewContext("gc") as () => void
})()

/** This process's resident memory after a full collection, in bytes (the server runs in it). */
const residentAfterGc = () =>
  Effect.promise(async () => {
    for (let i = 0; i < 3; i++) {
      gc()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return process.memoryUsage().rss
  })

interface Connection {
  readonly socket: Socket
  /** The answer's status (once its head arrived). */
  readonly status: Promise<number>
  /** When the server closed the connection. */
  readonly closed: Promise<void>
  /** The body bytes written so far. */
  readonly written: () => number
}

/** Opens a connection and sends the head of a multipart POST to the upload route (a body of `length` announced). */
const open = (url: string, length: number): Promise<Connection> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname)
    let text = ""
    let written = 0
    let settle: (status: number) => void = () => undefined
    const status = new Promise<number>((r) => (settle = r))
    const closed = new Promise<void>((r) => socket.once("close", () => r()))
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1")
      const match = /^HTTP\/1\.1 (\d{3})/u.exec(text)
      if (match !== null) settle(Number(match[1]))
    })
    socket.on("error", () => undefined)
    socket.once("connect", () => {
      socket.write(
        `POST /media/uploads HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${length}\r\n\r\n`
      )
      resolve({ socket, status, closed, written: () => written })
    })
    socket.once("error", reject)
    const write = socket.write.bind(socket)
    socket.write = ((chunk: string | Uint8Array, ...rest: Array<never>) => {
      written += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length
      return write(chunk, ...rest)
    }) as typeof socket.write
  })

/** The head of a form field. */
const fieldHead = (name: string) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n`

/**
 * Writes `total` bytes in 64 KiB chunks, waiting for each to drain, until all are written or the
 * server answered or closed: then stops (and holds the connection open: it stalls).
 */
const pour = (connection: Connection, total: number) =>
  new Promise<void>((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    let left = total
    let stopped = false
    void connection.status.then(() => (stopped = true))
    void connection.closed.then(() => (stopped = true))
    const next = () => {
      while (!stopped && left > 0 && !connection.socket.destroyed) {
        left -= chunk.length
        if (!connection.socket.write(chunk)) {
          connection.socket.once("drain", next)
          setTimeout(() => resolve(), 1_500)
          return
        }
      }
      resolve()
    }
    next()
  })

const within = <A>(promise: Promise<A>, ms: number, what: string) =>
  Effect.promise(() =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))
    ])
  )

layer(make(storeLayer(), { media: { uploadDeadlines: { form: Duration.seconds(3), whole: Duration.seconds(5) } } }), {
  excludeTestServices: true,
  timeout: "120 seconds"
})("upload bodies", (it) => {
  it.effect("eight connections that each start four 10 MiB fields are refused at once; memory stays flat", () =>
    Effect.gen(function* () {
      const { url } = yield* TestServer
      const before = yield* residentAfterGc()
      const connections: Array<Connection> = []
      for (let i = 0; i < 8; i++) connections.push(yield* Effect.promise(() => open(url, 4 * 10 * MiB + 4096)))
      // Each sends the head of its first field, then pours 10 MiB into it (as far as the server reads).
      yield* Effect.promise(() =>
        Promise.all(
          connections.map(async (connection) => {
            connection.socket.write(fieldHead("key"))
            await pour(connection, 10 * MiB)
          })
        )
      )
      const during = yield* residentAfterGc()
      const grewMiB = (during - before) / MiB
      // Were the fields buffered (as before: 10 MiB a field), 8 × 10 MiB would be held at least.
      assert.isBelow(grewMiB, 40, `the server (and this test) grew by ${grewMiB.toFixed(1)} MiB`)
      const statuses = yield* Effect.forEach(connections, (c) => within(c.status, 5_000, "answer"))
      assert.deepStrictEqual(statuses, Array(8).fill(400), "a field over 4 KiB is refused as it arrives")
      // The server closes each connection after its answer: nothing of them is kept.
      yield* Effect.forEach(connections, (c) => within(c.closed, 5_000, "close"))
      for (const c of connections) assert.isBelow(c.written(), 10 * MiB, "the server stopped reading early")
    })
  )

  it.effect("a field no policy has is refused (403) as soon as it arrives, before the deadline", () =>
    Effect.gen(function* () {
      const { url } = yield* TestServer
      const connection = yield* Effect.promise(() => open(url, 100_000))
      connection.socket.write(`${fieldHead("x-extra")}hello\r\n${fieldHead("key")}uploads/`)
      const started = Date.now()
      const status = yield* within(connection.status, 2_500, "answer")
      assert.strictEqual(status, 403)
      assert.isBelow(Date.now() - started, 2_500, "before the form's deadline")
      yield* within(connection.closed, 5_000, "close")
    })
  )

  it.effect("stalled bodies are cut with 408 after the deadline, and the connection closed", () =>
    Effect.gen(function* () {
      const { url } = yield* TestServer
      const started = Date.now()
      // A form that stops half-way through a field, and one that stops in its file.
      const inForm = yield* Effect.promise(() => open(url, 100_000))
      inForm.socket.write(`${fieldHead("key")}uploads/acc_x/ast_`)
      const status = yield* within(inForm.status, 8_000, "answer")
      assert.strictEqual(status, 408)
      const waited = Date.now() - started
      assert.isAtLeast(waited, 2_900, `cut after the 3 s form deadline, not before (${waited} ms)`)
      yield* within(inForm.closed, 5_000, "close")
    })
  )

  it.effect(
    "a real upload within the deadlines is stored, and a file part stalled past the whole deadline is cut",
    () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const bytes = png()
        const started = yield* request("POST", "/v1/tenant/assets/presign", {
          key,
          body: { filename: "a.png", contentType: "image/png", sizeBytes: bytes.length }
        })
        assert.strictEqual(started.status, 201, started.text)
        assert.strictEqual((yield* postForm(started.body.upload.url, started.body.upload.fields, bytes)).status, 204)
        // The same signed fields, then a file that stops after a byte: cut at the whole body's deadline.
        const { url } = yield* TestServer
        const stalled = yield* Effect.promise(() => open(url, 100_000))
        const fields = started.body.upload.fields as Record<string, string>
        for (const [name, value] of Object.entries(fields)) stalled.socket.write(`${fieldHead(name)}${value}\r\n`)
        stalled.socket.write(
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`
        )
        stalled.socket.write(bytes.subarray(0, 1))
        const at = Date.now()
        const status = yield* within(stalled.status, 8_000, "answer")
        assert.strictEqual(status, 408)
        assert.isAtLeast(Date.now() - at, 3_500, "the file part began in time: only the whole deadline cuts it")
        yield* within(stalled.closed, 5_000, "close")
        // The half-sent file was not stored over the first: the confirm finds the whole one.
        const confirmed = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        assert.strictEqual(confirmed.body.asset.sizeBytes, bytes.length)
      })
  )
})
