/**
 * The operator token's own guards: the server (`main.ts`, as `npm start` runs it) refuses to start
 * with a `CG_ADMIN_TOKEN` shorter than 32 characters, and failed operator calls are limited per
 * caller address (10 a minute; past it every operator call from that address answers 429, the
 * right token included). Its own server: the limit it fills would refuse other files' operator calls.
 */
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { ADMIN_TOKEN, freePort, layer as serverLayer, storeName, TestServer } from "./support/TestServer.ts"

/** Runs `main.ts` with `env` until it exits by itself (at most 60 s): its exit code and output. */
const runMain = (env: Record<string, string>) =>
  Effect.promise(
    () =>
      new Promise<{ readonly code: number | null; readonly out: string; readonly err: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ["examples/server/src/main.ts"], {
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "pipe"]
        })
        let out = ""
        let err = ""
        const timer = setTimeout(() => {
          child.kill("SIGKILL")
          reject(new Error(`the server did not exit:\n${out}\n${err}`))
        }, 60_000)
        child.stdout!.on("data", (chunk: Buffer) => void (out += chunk.toString()))
        child.stderr!.on("data", (chunk: Buffer) => void (err += chunk.toString()))
        child.once("exit", (code) => {
          clearTimeout(timer)
          resolve({ code, out, err })
        })
      })
  )

describe("the operator token", () => {
  // A process of its own on the embedded store: run once, in the memory project.
  it.live.runIf(storeName() === "memory")(
    "a CG_ADMIN_TOKEN shorter than 32 characters stops the server at start, with a clear message",
    () =>
      Effect.gen(function* () {
        const dataDir = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "cg-short-token-")))
        const port = yield* freePort
        const shortToken = "short-operator-token-31-chars-x"
        assert.strictEqual(shortToken.length, 31)
        const run = yield* runMain({
          PORT: String(port),
          CG_DATA_DIR: dataDir,
          DATABASE_URL: "",
          CG_ADMIN_TOKEN: shortToken
        }).pipe(Effect.ensuring(Effect.promise(() => rm(dataDir, { recursive: true, force: true }))))
        assert.notStrictEqual(run.code, 0)
        assert.notStrictEqual(run.code, null)
        assert.include(run.err, "CG_ADMIN_TOKEN is 31 characters long; it must have at least 32")
        // It never listened, never created an account, and never repeats the token.
        assert.notInclude(run.out, "listening on")
        assert.notInclude(run.out, "owner API key")
        assert.notInclude(`${run.out}${run.err}`, shortToken)
      }),
    90_000
  )
})

describe("failed operator calls", () => {
  it.layer(serverLayer(), { timeout: 120_000 })((it) => {
    it.effect("are limited per caller address: after 10 in a minute every operator call answers 429", () =>
      Effect.gen(function* () {
        const { request } = yield* TestServer
        // The right token works before any failure.
        const first = yield* request("POST", "/admin/v1/accounts", { key: ADMIN_TOKEN, body: { name: "Before" } })
        assert.strictEqual(first.status, 201)
        // Ten failures (wrong or absent token) are each a 401.
        for (let i = 0; i < 10; i++) {
          const failed = yield* request("POST", "/admin/v1/accounts", {
            ...(i % 2 === 0 ? { key: `${ADMIN_TOKEN.slice(0, -1)}${i}` } : {}),
            body: { name: "Guess" }
          })
          assert.strictEqual(failed.status, 401, `failure ${i + 1}`)
        }
        // The eleventh is a 429 in the error shape, with Retry-After.
        const limited = yield* request("PATCH", "/admin/v1/accounts/acc_x", { key: "wrong", body: { name: "x" } })
        assert.strictEqual(limited.status, 429)
        assert.strictEqual(limited.body.error.code, "rate_limited")
        assert.isString(limited.body.error.message)
        const retryAfter = Number(limited.headers.get("retry-after"))
        assert.isTrue(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`)
        // The right token is refused too until the window ends: a hit looks like a guess.
        const right = yield* request("POST", "/admin/v1/accounts", { key: ADMIN_TOKEN, body: { name: "After" } })
        assert.strictEqual(right.status, 429)
        assert.strictEqual(right.body.error.code, "rate_limited")
        // The /v1 API (API keys) is not affected.
        const health = yield* request("GET", "/health")
        assert.strictEqual(health.status, 200)
      })
    )
  })
})
