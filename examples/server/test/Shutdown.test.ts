/**
 * The reference server as a process (`main.ts`), stopped with SIGTERM as an orchestrator or a load
 * balancer's drain does: it stops accepting connections at once, finishes the request in flight,
 * then exits. Also `/health` (liveness) and `/ready` (the store is reachable and migrated). On
 * PostgreSQL in the PostgreSQL project (a fresh test database), else on the embedded store in a
 * temporary directory.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { connect, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { freePort } from "./support/TestServer.ts"

/** PostgreSQL in the PostgreSQL project of the server tests, else the embedded store. */
const databaseUrl = process.env.CG_TEST_STORE === "postgres" ? process.env.DATABASE_URL : undefined

/** Whether a TCP connection to the port is accepted ("open") or refused ("refused"). */
const probe = (port: number) =>
  new Promise<"open" | "refused">((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve("open")
    })
    socket.once("error", () => resolve("refused"))
  })

/** Starts `main.ts`; resolves with the process and the owner key it prints, once it listens. */
const start = (env: Record<string, string>) =>
  new Promise<{ readonly child: ChildProcess; readonly key: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["examples/server/src/main.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000)
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const key = /owner API key, shown only now:\s+(\S+)/.exec(out)?.[1]
      if (key !== undefined && out.includes("listening on")) {
        clearTimeout(timer)
        resolve({ child, key })
      }
    })
    child.stderr!.on("data", (chunk: Buffer) => void (out += chunk.toString()))
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${out}`)))
  })

/** Everything the socket receives until the server closes it (at most `ms`). */
const readAll = (socket: Socket, ms: number) =>
  new Promise<string>((resolve) => {
    let text = ""
    const timer = setTimeout(() => resolve(text), ms)
    socket.on("data", (chunk: Buffer) => void (text += chunk.toString()))
    socket.once("close", () => {
      clearTimeout(timer)
      resolve(text)
    })
  })

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("SIGTERM", () => {
  it.live(
    "stops accepting, lets the request in flight finish, then exits; /health and /ready answer before",
    () =>
      Effect.gen(function* () {
        const port = yield* freePort
        const dataDir = yield* Effect.acquireRelease(
          Effect.promise(() => mkdtemp(join(tmpdir(), "cg-shutdown-"))),
          (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
        )
        const url = databaseUrl === undefined ? "" : yield* Database.testDatabase(databaseUrl)
        const { child, key } = yield* Effect.acquireRelease(
          Effect.promise(() =>
            start({ PORT: String(port), HOST: "127.0.0.1", CG_DATA_DIR: dataDir, DATABASE_URL: url, REDIS_URL: "" })
          ),
          ({ child }) => Effect.sync(() => child.kill("SIGKILL"))
        )
        const base = `http://127.0.0.1:${port}`
        const get = (path: string) => Effect.promise(() => fetch(`${base}${path}`).then((r) => r.status))
        assert.strictEqual(yield* get("/health"), 200)
        assert.strictEqual(yield* get("/ready"), 200)

        // A request in flight: headers and half the body sent, the rest only after the signal.
        const body = JSON.stringify({ name: "Sent across the shutdown" })
        const socket = connect(port, "127.0.0.1")
        const reply = readAll(socket, 15_000)
        socket.write(
          `POST /v1/channels HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
            body.slice(0, 10)
        )
        // And a play call, which the play lane serves ahead of the routes (`NodePlayLane`): a mint for
        // a channel that does not exist, answered 404 by the use case once its body has arrived.
        const mintBody = JSON.stringify({
          channelId: "chn_0000000000000000000000",
          participantRef: "across-the-shutdown",
          origin: "https://shop.example.com"
        })
        const mintSocket = connect(port, "127.0.0.1")
        const mintReply = readAll(mintSocket, 15_000)
        mintSocket.write(
          `POST /v1/auth/session-tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(mintBody)}\r\n\r\n` +
            mintBody.slice(0, 10)
        )
        yield* Effect.promise(() => sleep(300))
        child.kill("SIGTERM")
        yield* Effect.promise(() => sleep(500))
        assert.strictEqual(yield* Effect.promise(() => probe(port)), "refused", "no new connection once signalled")
        assert.strictEqual(child.exitCode, null, "still running while a request is in flight")

        socket.write(body.slice(10))
        const text = yield* Effect.promise(() => reply)
        assert.match(text, /^HTTP\/1\.1 201 /, text)
        assert.include(text, "Sent across the shutdown")
        mintSocket.write(mintBody.slice(10))
        const minted = yield* Effect.promise(() => mintReply)
        assert.match(minted, /^HTTP\/1\.1 404 /, minted)
        assert.include(minted, '"code":"not_found"')
        yield* Effect.promise(() => exited(child))
      }).pipe(Effect.scoped),
    90_000
  )
})
