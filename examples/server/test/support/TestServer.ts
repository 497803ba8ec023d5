/**
 * Starts the real reference server (the same composition as `npm start`) on a free port, on the
 * store `CG_TEST_STORE` names (memory, PGlite or PostgreSQL with a fresh database per test file;
 * vitest.config.ts runs every HTTP test file once per store), and speaks plain HTTP to it with
 * `fetch`: tests assert what a user sees.
 *
 * The server's public URL is its real address (the port is chosen before it starts), so file and
 * upload URLs work. Media files live in a fresh temporary directory removed at the end (the disk
 * store), unless `media.storage` names another store (S3 against a local S3 server).
 */
import { mkdtemp, rm } from "node:fs/promises"
import { randomInt } from "node:crypto"
import { createServer as createNetServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { StorePorts } from "@campaign-games/core"
import { NodeEngine } from "@campaign-games/http"
import type * as NodeMedia from "@campaign-games/http/NodeMedia"
import { Database } from "@campaign-games/sql"
import { MemoryStore } from "@campaign-games/testing"
import { Context, Duration, Effect, Exit, Layer, Redacted, Scope } from "effect"
import { HttpServer } from "effect/http"
import * as App from "../../src/App.ts"
import * as Steps from "./Steps.ts"

export const ADMIN_TOKEN = "test-admin-token-0123456789abcdefgh"

export interface Reply {
  readonly status: number
  readonly body: any
  readonly headers: Headers
  readonly text: string
}

export interface RequestOptions {
  readonly key?: string | undefined
  readonly body?: unknown
  /** A body sent as is (a text or raw bytes), in place of `body`. */
  readonly rawBody?: string | Uint8Array<ArrayBuffer> | undefined
  readonly headers?: Record<string, string> | undefined
}

export class TestServer extends Context.Service<
  TestServer,
  {
    readonly url: string
    readonly request: (method: string, path: string, options?: RequestOptions) => Effect.Effect<Reply>
    /** Creates an account through the operator API; returns its id and owner key. */
    readonly account: (body?: Record<string, unknown>) => Effect.Effect<{ readonly id: string; readonly key: string }>
  }
>()("test/TestServer") {}

/** The stores the HTTP tests run on (`CG_TEST_STORE`; vitest.config.ts runs them once per store). */
export type StoreName = "memory" | "pglite" | "postgres"

/**
 * The store of this run: `CG_TEST_STORE` when set, else PostgreSQL when `DATABASE_URL` is set (a
 * file run on its own by `npx vitest run <file>` outside a project), else memory.
 */
export const storeName = (): StoreName => {
  const chosen = process.env.CG_TEST_STORE ?? ""
  if (chosen === "memory" || chosen === "pglite" || chosen === "postgres") return chosen
  if (chosen !== "") throw new Error(`CG_TEST_STORE must be memory, pglite or postgres, not ${chosen}`)
  return (process.env.DATABASE_URL ?? "") === "" ? "memory" : "postgres"
}

/**
 * The store for HTTP tests: the memory store, one in-memory PGlite (about 3 s and 1 GB: one per
 * test file's server), or a fresh PostgreSQL database on the server of `DATABASE_URL`.
 */
export const storeLayer = () => {
  const name = storeName()
  if (name === "memory") return MemoryStore.layer
  if (name === "pglite") return Database.layerPglite()
  const url = process.env.DATABASE_URL ?? ""
  if (url === "") throw new Error("CG_TEST_STORE=postgres needs DATABASE_URL")
  return Database.layerTestPostgres(url)
}

export const request =
  (url: string) =>
  (method: string, path: string, options: RequestOptions = {}) =>
    Effect.promise(async (): Promise<Reply> => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`
      let body: string | Uint8Array<ArrayBuffer> | undefined
      if (options.rawBody !== undefined) body = options.rawBody
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        headers["content-type"] ??= "application/json"
      }
      const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = text === "" ? undefined : JSON.parse(text)
      } catch {
        parsed = undefined
      }
      return { status: response.status, body: parsed, headers: response.headers, text }
    })

/** `method path` at the server at `url` with `key`, and `bytes` (none when undefined) sent as JSON as they are. */
export const sendBytes = (
  url: string,
  method: string,
  path: string,
  key: string,
  bytes: Uint8Array<ArrayBuffer> | undefined
) =>
  request(url)(method, path, {
    key,
    ...(bytes === undefined ? {} : { rawBody: bytes, headers: { "content-type": "application/json" } })
  })

/**
 * The ports `freePort` draws from: below Linux's ephemeral range (32768–60999), where the kernel
 * picks the local port of every outgoing connection. A port probed free there can be taken by
 * another test file's connection before the server opens it (CI saw that as `EADDRINUSE`).
 */
const PORTS = { from: 20_000, to: 32_768 }

const isAddressInUse = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  (("code" in error && error.code === "EADDRINUSE") || ("cause" in error && isAddressInUse(error.cause)))

/** Opens `port` on 127.0.0.1 and closes it again: whether it was free. */
const isFree = (port: number) =>
  Effect.callback<boolean>((resume) => {
    const probe = createNetServer()
    probe.once("error", () => resume(Effect.succeed(false)))
    probe.listen(port, "127.0.0.1", () => probe.close(() => resume(Effect.succeed(true))))
  })

/** A TCP port on 127.0.0.1 that was free a moment ago, for a server that must know it before it opens. */
export const freePort: Effect.Effect<number> = Effect.suspend(() => {
  const port = randomInt(PORTS.from, PORTS.to)
  return Effect.flatMap(isFree(port), (free) => (free ? Effect.succeed(port) : freePort))
})

/**
 * `build(port)` on a port that was free a moment ago, built again on another port if a test file
 * running alongside opened the same one first.
 */
export const onFreePort = <A, E, R>(build: (port: number) => Layer.Layer<A, E, R>): Layer.Layer<A, E, R> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const scope = yield* Effect.scope
      const attempt = Effect.gen(function* () {
        const port = yield* freePort
        const attemptScope = yield* Scope.fork(scope)
        return yield* Layer.buildWithScope(build(port), attemptScope).pipe(
          Effect.onError((cause) => Scope.close(attemptScope, Exit.failCause(cause)))
        )
      })
      return yield* Effect.retry(attempt, { times: 5, while: isAddressInUse })
    })
  )

/** A fresh temporary directory for media files, removed when the scope closes. */
export const tempDirectory = (prefix: string) =>
  Effect.acquireRelease(
    Effect.promise(() => mkdtemp(join(tmpdir(), prefix))),
    (directory) => Effect.promise(() => rm(directory, { recursive: true, force: true }))
  )

/** What a test may change of the media library (`NodeMedia.Options` but the public URL). */
export type MediaOptions = Partial<Omit<NodeMedia.Options, "publicUrl">>

/** The media settings of test servers: imports looked for often (the rest as in production). */
const testSettings: NodeMedia.Options["settings"] = {
  imports: {
    idle: Duration.millis(50),
    concurrency: 4,
    lease: Duration.minutes(5),
    maxAttempts: 5,
    firstWait: Duration.seconds(30)
  }
}

/**
 * The media settings of the import tests: imports looked for every 30 ms, and an import that fails
 * tried again after 100 ms, three times at most (so that a failure is final within the test).
 */
export const quickImports: NodeMedia.Options["settings"] = {
  imports: {
    idle: Duration.millis(30),
    concurrency: 4,
    lease: Duration.minutes(5),
    maxAttempts: 3,
    firstWait: Duration.millis(100)
  }
}

/** A running server and a client for it, built from any store layer. */
export const make = <E, R>(
  store: Layer.Layer<StorePorts.StoreServices, E, R>,
  options: {
    readonly redisUrl?: string | undefined
    readonly allowPrivateUrls?: boolean | undefined
    readonly media?: MediaOptions | undefined
  } = {}
) =>
  onFreePort((port) =>
    Layer.unwrap(
      Effect.gen(function* () {
        const publicUrl = `http://127.0.0.1:${port}`
        const storage = options.media?.storage ?? {
          _tag: "Disk" as const,
          directory: yield* tempDirectory("cg-media-")
        }
        const media: NodeMedia.Options = {
          ...options.media,
          settings: { ...testSettings, ...options.media?.settings },
          publicUrl,
          storage
        }
        return Layer.effect(
          TestServer,
          Effect.gen(function* () {
            const server = yield* HttpServer.HttpServer
            const address = server.address
            if (address._tag === "UnixPathAddress") return yield* Effect.die("expected a TCP address")
            const url = `http://127.0.0.1:${address.port}`
            const send = request(url)
            let counter = 0
            const account = (body: Record<string, unknown> = {}) =>
              Effect.gen(function* () {
                counter++
                const reply = yield* send("POST", "/admin/v1/accounts", {
                  key: ADMIN_TOKEN,
                  body: { name: `Test account ${counter}`, ...body }
                })
                if (reply.status !== 201)
                  return yield* Effect.die(`account creation failed: ${reply.status} ${reply.text}`)
                return { id: reply.body.account.id as string, key: reply.body.apiKey.key as string }
              })
            return TestServer.of({ url, request: send, account })
          })
        ).pipe(
          Layer.provide(
            App.serve({
              host: "127.0.0.1",
              port,
              adminToken: Redacted.make(ADMIN_TOKEN),
              publicUrl,
              redisUrl: options.redisUrl
            })
          ),
          // Webhook receivers in tests listen on 127.0.0.1.
          Layer.provide(NodeEngine.layer(store, { allowPrivateUrls: options.allowPrivateUrls ?? true, media }))
        )
      })
    )
  )

/** The default test server for a test file. */
export const layer = () => make(storeLayer())

/**
 * The test server with a fresh account (created with `body`): its client, the account's id and owner
 * key, and `keyWith` to make the account a key holding only the permissions it names.
 */
export const withAccount = (body?: Record<string, unknown>) =>
  Effect.gen(function* () {
    const server = yield* TestServer
    const { id, key } = yield* server.account(body)
    const keyWith = (...permissions: Array<string>) => Steps.keyWith(Steps.caller(server.request, key), ...permissions)
    return { ...server, id, key, keyWith }
  })
