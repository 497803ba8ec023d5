/**
 * When PostgreSQL or Redis falter: two instances of the reference server on one PostgreSQL (and one
 * Redis), each reached through a `FaultProxy` that cuts or silences it while players play. A silent
 * database turns into 503s within the store bound and plays come back once it answers; a Redis that
 * goes away leaves the rate limits counting on each instance; a finish whose answer was lost after
 * its commit is answered again from its `Idempotency-Key`. Runs with the PostgreSQL HTTP tests
 * (`DATABASE_URL`; the Redis case with `REDIS_URL`).
 */
import { Database } from "@campaign-games/sql"
import { FaultProxy } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Context, Effect, Fiber, Layer } from "effect"
import * as Steps from "./support/Steps.ts"
import { make, type Reply, storeName, TestServer } from "./support/TestServer.ts"

const databaseUrl = process.env.DATABASE_URL ?? ""
const redisUrl = process.env.REDIS_URL ?? ""
const ORIGIN = "https://play.example.com"

/** The store bound these tests give the servers (ms): short, so that the test is. */
const STORE_MS = 1_500
/** What a request may take over the bound (the server's own work, a loaded test machine). */
const SLACK_MS = 1_000

type Server = TestServer["Service"]

const hostPort = (url: string) => {
  const parsed = new URL(url)
  return { host: parsed.hostname, port: Number(parsed.port === "" ? 5432 : parsed.port) }
}

/** An instance on the database at `url`, with the short store bound, and Redis at `redis` when given. */
const instance = (url: string, redis?: string) =>
  Layer.build(
    make(Database.layerPostgres({ url, poolSize: 5, timeouts: { storeMs: STORE_MS, connectMs: 1_000 } }), {
      redisUrl: redis
    })
  ).pipe(Effect.map((context) => Context.get(context, TestServer)))

/** On `a`: an account with `ORIGIN` allowed and a live wheel on a channel; its owner key and channel. */
const givenWheel = (a: Server) =>
  Effect.gen(function* () {
    const { key } = yield* a.account({ limits: { playsPerMonth: 10_000_000 } })
    const call = Steps.caller(a.request, key)
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const { channel, created } = yield* Steps.channelWithCampaign(
      call,
      { name: "w", config: Steps.WHEEL },
      { name: "c" }
    )
    const activated = yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)
    assert.strictEqual(activated.status, 200, activated.text)
    return { key, channelId: channel.id as string }
  })

interface Timed {
  readonly server: "a" | "b"
  readonly path: string
  readonly status: number
  readonly body: any
  readonly startedAt: number
  readonly ms: number
}

/** `request` timed on the live clock. */
const timed = (server: "a" | "b", path: string, request: Effect.Effect<Reply>) =>
  Effect.gen(function* () {
    const startedAt = yield* Clock.currentTimeMillis
    const reply = yield* request
    const ms = (yield* Clock.currentTimeMillis) - startedAt
    return { server, path, status: reply.status, body: reply.body, startedAt, ms } satisfies Timed
  })

/** The error shape of a 503. */
const isServiceUnavailable = (r: Timed) =>
  r.status === 503 && r.body?.error?.code === "service_unavailable" && typeof r.body.error.message === "string"

/**
 * How often a worker starts a play at most: 40 plays a second, so that a worker's key stays under its
 * 600 mints a minute through a test's seconds of plays however fast the servers answer.
 */
const PLAY_MS = 25

/** Whole plays (mint, start, finish) by `workers` players at once, spread over `servers`, until stopped. */
const steadyPlays = (
  servers: ReadonlyArray<readonly ["a" | "b", Server]>,
  channelId: string,
  keys: ReadonlyArray<string>
) => {
  const log: Array<Timed> = []
  const acknowledged: Array<string> = []
  let stop = false
  let player = 0
  const loop = (worker: number) =>
    Effect.gen(function* () {
      const [name, server] = servers[worker % servers.length]!
      const key = keys[worker % keys.length]!
      let next = 0
      while (!stop) {
        const now = yield* Clock.currentTimeMillis
        if (now < next) yield* Effect.sleep(next - now)
        next = Math.max(now, next) + PLAY_MS
        const minted = yield* timed(
          name,
          "mint",
          server.request("POST", "/v1/auth/session-tokens", {
            key,
            body: { channelId, participantRef: `p${player++}`, origin: ORIGIN }
          })
        )
        log.push(minted)
        if (minted.status !== 201) continue
        const token = minted.body.clientToken
        const started = yield* timed(name, "start", server.request("POST", "/v1/play/sessions", { key: token }))
        log.push(started)
        if (started.status !== 201) continue
        const id = started.body.session.id as string
        const finished = yield* timed(
          name,
          "finish",
          server.request("POST", `/v1/play/sessions/${id}/finish`, { key: token, body: {} })
        )
        log.push(finished)
        if (finished.status === 200) acknowledged.push(id)
      }
    })
  return {
    log,
    acknowledged,
    run: (workers: number) =>
      Effect.forkChild(
        Effect.all(
          Array.from({ length: workers }, (_, i) => loop(i)),
          { concurrency: "unbounded", discard: true }
        )
      ),
    stop: Effect.sync(() => {
      stop = true
    })
  }
}

/** Keys of the account of `owner` holding `tokens.mint` alone, `count` of them (600 mints a minute each). */
const minters = (server: Server, owner: string, count: number) =>
  Effect.forEach(Array.from({ length: count }), (_, i) =>
    Effect.map(
      server.request("POST", "/v1/tenant/api-keys", {
        key: owner,
        body: { name: `minter ${i}`, permissions: ["tokens.mint"] }
      }),
      (reply) => reply.body.apiKey.key as string
    )
  )

describe.runIf(databaseUrl !== "" && storeName() === "postgres")("faults of PostgreSQL and Redis", () => {
  it.live(
    "a silenced PostgreSQL: every request answers within the store bound, 503 in the error shape; plays come back after the restore",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const proxy = yield* FaultProxy.make(hostPort(url))
        const a = yield* instance(proxy.urlFor(url))
        const b = yield* instance(proxy.urlFor(url))
        const { channelId, key } = yield* givenWheel(a)
        const plays = steadyPlays(
          [
            ["a", a],
            ["b", b]
          ],
          channelId,
          yield* minters(a, key, 6)
        )
        const { acknowledged, log } = plays
        const workers = yield* plays.run(6)
        yield* Effect.sleep("1 second")
        const silencedAt = yield* Clock.currentTimeMillis
        yield* proxy.silence
        yield* Effect.sleep("500 millis")
        // While silent: `/ready` says so within its bound, `/health` stays up.
        const ready = yield* timed("a", "ready", a.request("GET", "/ready"))
        assert.strictEqual(ready.status, 503)
        assert.isAtMost(ready.ms, 2_000 + SLACK_MS)
        const health = yield* timed("b", "health", b.request("GET", "/health"))
        assert.strictEqual(health.status, 200)
        assert.isAtMost(health.ms, 500)
        yield* Effect.sleep("3500 millis")
        yield* proxy.restore
        const restoredAt = yield* Clock.currentTimeMillis
        yield* Effect.sleep("4 seconds")
        yield* plays.stop
        yield* Fiber.await(workers)

        // No request waited longer than the bound; the failures are 503s in the error shape.
        const slowest = log.reduce((m, r) => Math.max(m, r.ms), 0)
        assert.isAtMost(slowest, STORE_MS + SLACK_MS, `slowest request ${slowest} ms`)
        const failed = log.filter((r) => r.status >= 300)
        assert.isAbove(failed.length, 0, "the silence failed requests")
        for (const r of failed)
          assert.isTrue(isServiceUnavailable(r), `${r.path} ${r.status} ${JSON.stringify(r.body)}`)
        const during = log.filter((r) => r.startedAt >= silencedAt + 100 && r.startedAt + r.ms < restoredAt)
        assert.isAbove(during.length, 0)
        assert.isTrue(during.every((r) => r.status === 503))

        // Plays come back on both instances within 5 s of the restore.
        for (const name of ["a", "b"] as const) {
          const back = log.find(
            (r) => r.server === name && r.path === "finish" && r.status === 200 && r.startedAt >= restoredAt
          )
          assert.isDefined(back, `plays came back on ${name}`)
          assert.isAtMost(back!.startedAt + back!.ms - restoredAt, 5_000)
        }
        // Every acknowledged play is stored, finished.
        const stored = yield* Effect.scoped(
          Effect.flatMap(Database.rows(url, "SELECT id FROM sessions WHERE finished_at IS NOT NULL"), (rows) =>
            Effect.succeed(new Set(rows.map((row) => String(row[0]))))
          )
        )
        assert.isAbove(acknowledged.length, 0)
        for (const id of acknowledged) assert.isTrue(stored.has(id), `acknowledged play ${id} is stored`)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live.runIf(redisUrl !== "")(
    "Redis cut under plays: mints go on on both instances, each counting in its memory with honest headers, and count on Redis again after the restore",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const proxy = yield* FaultProxy.make(hostPort(redisUrl))
        const redis = proxy.urlFor(redisUrl)
        const a = yield* instance(url, redis)
        const b = yield* instance(url, redis)
        const { channelId, key } = yield* givenWheel(a)
        const keys = yield* minters(a, key, 4)
        const plays = steadyPlays(
          [
            ["a", a],
            ["b", b]
          ],
          channelId,
          keys
        )
        const workers = yield* plays.run(4)
        const t0 = yield* Clock.currentTimeMillis
        yield* Effect.sleep("3 seconds")
        const cutAt = yield* Clock.currentTimeMillis
        yield* proxy.cut
        yield* Effect.sleep("1500 millis")
        // A key not used yet: each instance opens a window of its own for it, and says so.
        const fresh = (yield* minters(a, key, 1))[0]!
        const remainingOf = (server: Server, as: string) =>
          Effect.map(
            server.request("POST", "/v1/auth/session-tokens", {
              key: as,
              body: { channelId, participantRef: "counted", origin: ORIGIN }
            }),
            (reply) => {
              assert.strictEqual(reply.status, 201, reply.text)
              return Number(reply.headers.get("x-ratelimit-remaining"))
            }
          )
        assert.deepStrictEqual(
          [yield* remainingOf(a, fresh), yield* remainingOf(a, fresh), yield* remainingOf(b, fresh)],
          [599, 598, 599]
        )
        yield* Effect.sleep("1500 millis")
        const restoredAt = yield* Clock.currentTimeMillis
        yield* proxy.restore
        yield* Effect.sleep("1 second")
        yield* plays.stop
        yield* Fiber.await(workers)

        const mints = plays.log.filter((r) => r.path === "mint")
        for (const r of mints)
          assert.strictEqual(r.status, 201, `${r.server} mint ${r.status} ${JSON.stringify(r.body)}`)
        const rate = (name: "a" | "b", from: number, to: number) =>
          mints.filter((r) => r.server === name && r.startedAt + r.ms >= from && r.startedAt + r.ms < to).length /
          (to - from)
        for (const name of ["a", "b"] as const) {
          const before = rate(name, t0 + 500, cutAt)
          const during = rate(name, cutAt, restoredAt)
          // Not blocked on Redis (a mint waiting for it would take seconds): the rate holds. The bench
          // (`bench/faults.ts`) measures it against 95% on a quiet machine; a shared test machine's
          // load moves rates by more than 5% from one second to the next, so the test asks for half.
          assert.isAtLeast(
            during,
            0.5 * before,
            `${name}: ${during * 1000}/s during the cut, ${before * 1000}/s before`
          )
        }

        // Back on Redis: a key's count is shared again, each instance's answer one lower than the last.
        const first = yield* remainingOf(a, keys[0]!)
        const second = yield* remainingOf(b, keys[0]!)
        const third = yield* remainingOf(a, keys[0]!)
        assert.deepStrictEqual([second, third], [first - 1, first - 2])
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "a finish whose answer is lost after its commit, retried with its Idempotency-Key on the other instance, answers 200 with the play's entry and coupon",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const proxy = yield* FaultProxy.make(hostPort(url))
        const a = yield* instance(proxy.urlFor(url))
        const b = yield* instance(proxy.urlFor(url))
        const { key } = yield* a.account()
        const call = Steps.caller(a.request, key)
        yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
        const { channel, created } = yield* Steps.channelWithCampaign(
          call,
          { name: "w", config: Steps.WHEEL },
          { name: "c" }
        )
        const base = `/v1/game-instances/${created.body.gameInstance.id}`
        const tier = { match: { when: "everyone" }, display: { title: "Prize" }, codeStrategy: "pool" }
        assert.strictEqual((yield* call("PUT", `${base}/reward`, { tiers: [tier] })).status, 200)
        const codes = Array.from({ length: 10 }, (_, i) => `LOST-${i}`)
        const added = yield* call("POST", `${base}/reward-coupons`, { codes: codes.map((code) => ({ code })) })
        assert.strictEqual(added.status, 201, added.text)
        assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)

        // The trap drops the next commit's acknowledgement; a background worker's commit may take it
        // first (then the finish answers 200 and another play tries again).
        let lost: { token: string; sessionId: string; idempotencyKey: string } | undefined
        for (let attempt = 0; attempt < 8 && lost === undefined; attempt++) {
          const minted = yield* call("POST", "/v1/auth/session-tokens", {
            channelId: channel.id,
            participantRef: `lost-${attempt}`,
            origin: ORIGIN
          })
          const token = minted.body.clientToken as string
          const started = yield* a.request("POST", "/v1/play/sessions", { key: token })
          assert.strictEqual(started.status, 201, started.text)
          const sessionId = started.body.session.id as string
          const idempotencyKey = `finish-${sessionId}`
          yield* proxy.cutOnAnswer("COMMIT")
          const finished = yield* a.request("POST", `/v1/play/sessions/${sessionId}/finish`, {
            key: token,
            body: {},
            headers: { "idempotency-key": idempotencyKey }
          })
          if (finished.status === 503 && (yield* proxy.trapFired)) lost = { token, sessionId, idempotencyKey }
          else assert.strictEqual(finished.status, 200, finished.text)
        }
        assert.isDefined(lost, "a finish lost its answer after its commit")
        const { idempotencyKey, sessionId, token } = lost!

        const retried = yield* b.request("POST", `/v1/play/sessions/${sessionId}/finish`, {
          key: token,
          body: {},
          headers: { "idempotency-key": idempotencyKey }
        })
        assert.strictEqual(retried.status, 200, retried.text)
        assert.strictEqual(retried.headers.get("idempotent-replayed"), "true")
        assert.strictEqual(retried.body.entry.sessionId, sessionId)
        const code = retried.body.reward.grant.code as string
        assert.include(codes, code)

        // The answer is the play's as stored: its entry, its coupon.
        const entries = (yield* call("GET", `${base}/entries?limit=500`)).body.entries as Array<any>
        assert.deepStrictEqual(
          entries.filter((e) => e.sessionId === sessionId).map((e) => e.id),
          [retried.body.entry.id]
        )
        const stored = yield* Database.rows(
          url,
          `SELECT c.code FROM reward_grants g JOIN reward_coupons c ON c.id = g.coupon_id WHERE g.session_id = '${sessionId}'`
        )
        assert.deepStrictEqual(
          stored.map((row) => row[0]),
          [code]
        )

        // Once more: the same answer; without the key, the finish is the second one: 409.
        const again = yield* a.request("POST", `/v1/play/sessions/${sessionId}/finish`, {
          key: token,
          body: {},
          headers: { "idempotency-key": idempotencyKey }
        })
        assert.strictEqual(again.status, 200)
        assert.strictEqual(again.text, retried.text)
        const unkeyed = yield* b.request("POST", `/v1/play/sessions/${sessionId}/finish`, { key: token, body: {} })
        assert.strictEqual(unkeyed.status, 409, unkeyed.text)
      }).pipe(Effect.scoped),
    60_000
  )
})
