/**
 * Two instances of the reference server on one PostgreSQL database (and one Redis when `REDIS_URL`
 * is set), as in production behind a load balancer: keys, revocations and plan limits hold across
 * both. Runs when `DATABASE_URL` is set (CI sets it).
 */
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { Scope } from "effect"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, make, TestServer } from "./support/TestServer.ts"

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL === "" ? undefined : process.env.REDIS_URL

const instance = (url: string) =>
  Layer.build(make(Database.layerPostgres({ url, poolSize: 5 }), { redisUrl })).pipe(
    Effect.map((context) => Context.get(context, TestServer))
  )

/** Two instances, `a` and `b`, on one fresh test database. */
const twoInstances = Effect.gen(function* () {
  const url = yield* Database.testDatabase(databaseUrl!)
  return { a: yield* instance(url), b: yield* instance(url) }
})

/** A live test (up to a minute) of `test` on two fresh instances, closed when it ends. */
const twoInstanceTest = <E>(
  name: string,
  test: (servers: {
    readonly a: TestServer["Service"]
    readonly b: TestServer["Service"]
  }) => Effect.Effect<void, E, Scope.Scope>
) => it.live(name, () => twoInstances.pipe(Effect.flatMap(test), Effect.scoped), 60_000)

const ORIGIN = "https://play.example.com"

/** On `server`, for the key's account: `ORIGIN` allowed, a channel and a live wheel (with `fields`). */
const liveWheel = (server: TestServer["Service"], key: string, fields: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const call = Steps.caller(server.request, key)
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const { channel, created } = yield* Steps.channelWithCampaign(
      call,
      { name: "w", config: Steps.WHEEL, ...fields },
      { name: "c" }
    )
    const campaign = created.body.gameInstance
    const activated = yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
    assert.strictEqual(activated.status, 200, activated.text)
    return { channel, campaign, origin: ORIGIN }
  })

/**
 * `count` client tokens of the key's live wheel (with `fields`), minted on `a` and `b` in turns (8 at a time), then
 * started all at once on the other instance; every `idempotent`-th start keeps its answer for an
 * Idempotency-Key (the start then runs in a transaction). Only 201 and 402 are expected.
 */
const startConcurrently = (
  [a, b]: readonly [TestServer["Service"], TestServer["Service"]],
  key: string,
  count: number,
  idempotent: number,
  fields: Record<string, unknown> = {}
) =>
  Effect.gen(function* () {
    const { channel, origin } = yield* liveWheel(a, key, fields)
    const tokens = yield* Effect.all(
      Array.from({ length: count }, (_, i) =>
        Effect.map(
          (i % 2 === 0 ? a : b).request("POST", "/v1/auth/session-tokens", {
            key,
            body: { channelId: channel.id, participantRef: `player-${i}`, origin }
          }),
          (minted) => {
            assert.strictEqual(minted.status, 201, minted.text)
            return minted.body.clientToken as string
          }
        )
      ),
      { concurrency: 8 }
    )
    const replies = yield* Effect.all(
      tokens.map((token, i) =>
        (i % 2 === 0 ? b : a).request("POST", "/v1/play/sessions", {
          key: token,
          ...(i % idempotent === 0 ? { headers: { "idempotency-key": `start-${i}` } } : {})
        })
      ),
      { concurrency: "unbounded" }
    )
    assert.deepStrictEqual(
      replies.filter((r) => r.status !== 201 && r.status !== 402).map((r) => r.text),
      []
    )
    return { channel, origin, replies }
  })

describe.runIf(databaseUrl !== undefined && databaseUrl !== "")("two server instances on one PostgreSQL", () => {
  twoInstanceTest("share keys, revocations and plan limits", ({ a, b }) =>
    Effect.gen(function* () {
      assert.notStrictEqual(a.url, b.url)

      const { key } = yield* a.account({ limits: { channels: 4 } })
      assert.strictEqual((yield* b.request("GET", "/v1/channels", { key })).status, 200)

      const created = yield* b.request("POST", "/v1/tenant/api-keys", {
        key,
        body: { name: "made on b", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(created.status, 201)
      const other = created.body.apiKey
      assert.strictEqual((yield* a.request("GET", "/v1/channels", { key: other.key })).status, 200)
      assert.strictEqual((yield* a.request("DELETE", `/v1/tenant/api-keys/${other.id}`, { key })).status, 200)
      assert.strictEqual((yield* b.request("GET", "/v1/channels", { key: other.key })).status, 401)

      // 30 concurrent creates spread over both instances: the limit of 4 holds.
      const replies = yield* Effect.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 === 0 ? a : b).request("POST", "/v1/channels", { key, body: { name: `c${i}` } })
        ),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(replies.filter((r) => r.status === 201).length, 4)
      assert.strictEqual(replies.filter((r) => r.status === 402).length, 26)
      assert.strictEqual((yield* a.request("GET", "/v1/channels", { key })).body.total, 4)
      assert.strictEqual((yield* b.request("GET", "/v1/channels", { key })).body.total, 4)
    })
  )

  twoInstanceTest(
    "a mint checks its key and plan as they are now, though the instance read the key a moment ago",
    ({ a, b }) =>
      Effect.gen(function* () {
        const { id: accountId, key: owner } = yield* a.account()
        const { channel, origin } = yield* liveWheel(a, owner)
        const minter = (yield* a.request("POST", "/v1/tenant/api-keys", {
          key: owner,
          body: { name: "minter", permissions: ["tokens.mint"] }
        })).body.apiKey
        const mint = (key: string) =>
          b.request("POST", "/v1/auth/session-tokens", {
            key,
            body: { channelId: channel.id, participantRef: "p", origin }
          })

        // b has just read both keys; then a revokes one and lowers the plan's plays a month.
        const first = yield* mint(minter.key)
        assert.strictEqual(first.status, 201, first.text)
        assert.strictEqual((yield* mint(owner)).status, 201)
        assert.strictEqual((yield* b.request("POST", "/v1/play/sessions", { key: first.body.clientToken })).status, 201)
        assert.strictEqual((yield* a.request("DELETE", `/v1/tenant/api-keys/${minter.id}`, { key: owner })).status, 200)
        const revoked = yield* mint(minter.key)
        assert.strictEqual(revoked.status, 401, revoked.text)
        assert.strictEqual(revoked.body.error.code, "unauthorized")

        const limited = yield* a.request("PATCH", `/admin/v1/accounts/${accountId}`, {
          key: ADMIN_TOKEN,
          body: { limits: { playsPerMonth: 1 } }
        })
        assert.strictEqual(limited.status, 200, limited.text)
        const overPlan = yield* mint(owner)
        assert.strictEqual(overPlan.status, 402, overPlan.text)
      })
  )

  twoInstanceTest(
    "hold play limits across instances: 50 starts split over both with a limit of 3 give 3 sessions",
    ({ a, b }) =>
      Effect.gen(function* () {
        const { key } = yield* a.account()
        const { channel, origin } = yield* liveWheel(b, key, { maxPlaysPerParticipant: 3 })
        const tokens: Array<string> = []
        for (let i = 0; i < 50; i++) {
          const minted = yield* (i % 2 === 0 ? a : b).request("POST", "/v1/auth/session-tokens", {
            key,
            body: { channelId: channel.id, participantRef: "racer", origin }
          })
          assert.strictEqual(minted.status, 201, minted.text)
          tokens.push(minted.body.clientToken)
        }
        // Tokens minted on one instance start on the other: the signing key is shared in the store.
        const replies = yield* Effect.all(
          tokens.map((token, i) => (i % 2 === 0 ? b : a).request("POST", "/v1/play/sessions", { key: token })),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(replies.filter((r) => r.status === 201).length, 3)
        assert.strictEqual(replies.filter((r) => r.status === 409).length, 47)
      })
  )
  twoInstanceTest(
    "count the plan's plays a month at start across instances: 40 pre-minted tokens with a limit of 5 start 5",
    ({ a, b }) =>
      Effect.gen(function* () {
        const { key } = yield* a.account({ limits: { playsPerMonth: 5 } })
        const { channel, origin, replies } = yield* startConcurrently([a, b], key, 40, 3)
        assert.strictEqual(replies.filter((r) => r.status === 201).length, 5)
        const refused = replies.filter((r) => r.status === 402)
        assert.strictEqual(refused.length, 35)
        assert.strictEqual(refused[0]!.body.error.details[0].path, "limits.playsPerMonth")
        // The month is full for the mint too.
        const late = yield* b.request("POST", "/v1/auth/session-tokens", {
          key,
          body: { channelId: channel.id, participantRef: "late", origin }
        })
        assert.strictEqual(late.status, 402, late.text)
      })
  )
  // Without play limits the start is one statement (SqlPlayContextRepo); with them, the counted start
  // under the player's lock (SqlSessionRepo.startPlay).
  for (const [kind, fields] of [
    ["", {}],
    [" (play limits per player)", { maxPlaysPerParticipant: 2 }]
  ] as const) {
    it.live(
      `count the plan's plays a month across instances from far below the limit to past it${kind}: shards, then the gate, exactly the limit started`,
      () =>
        Effect.gen(function* () {
          const url = yield* Database.testDatabase(databaseUrl!)
          // The month counts in the connections' shards while it is more than max_connections plays below
          // its limit, and in shard 0 under the gate after (SqlUsageRepo): a limit above that margin has
          // both regimes, and concurrent starts cross from one to the other.
          const sql = Context.get(yield* Layer.build(Database.layerPostgres({ url, poolSize: 1 })), SqlClient.SqlClient)
          const [{ max_connections }] = (yield* sql`SHOW max_connections`) as unknown as [{ max_connections: string }]
          const limit = Number(max_connections) + 20
          const [a, b] = [yield* instance(url), yield* instance(url)]
          const { key } = yield* a.account({ limits: { playsPerMonth: limit } })
          const { replies } = yield* startConcurrently([a, b], key, limit + 40, 5, fields)
          assert.strictEqual(replies.filter((r) => r.status === 201).length, limit)
          assert.strictEqual(replies.filter((r) => r.status === 402).length, 40)
          // Counted once each: the month's usage (every shard) is the sessions started.
          const [usage] = (yield* sql`SELECT
          (SELECT sum(plays)::int FROM account_usage) AS plays,
          (SELECT count(*)::int FROM sessions) AS sessions,
          (SELECT count(*)::int FROM account_usage WHERE near) AS near,
          (SELECT count(*)::int FROM account_usage WHERE shard <> 0 AND plays > 0) > 0 AS sharded`) as unknown as [
            { plays: number; sessions: number; near: number; sharded: boolean }
          ]
          // Both regimes ran: plays in the connections' shards (far), and every shard marked (near).
          assert.deepStrictEqual(usage, { plays: limit, sessions: limit, near: 16, sharded: true })
        }).pipe(Effect.scoped),
      120_000
    )
  }
  twoInstanceTest("serialise concurrent flips of one Memory Match board across instances", ({ a, b }) =>
    Effect.gen(function* () {
      const { key } = yield* a.account()
      const call = Steps.caller(a.request, key)
      yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
      const channel = (yield* call("POST", "/v1/channels", { name: "m" })).body.channel
      const created = yield* call("POST", "/v1/game-instances", {
        gameSlug: "memory-match",
        name: "Pairs",
        channelId: channel.id,
        config: { pairs: 8, timeLimitSeconds: 600, maxScore: 1000 }
      })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(
        (yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)).status,
        200
      )
      const minted = yield* call("POST", "/v1/auth/session-tokens", {
        channelId: channel.id,
        participantRef: "p",
        origin: ORIGIN
      })
      const token = minted.body.clientToken
      const started = yield* b.request("POST", "/v1/play/sessions", { key: token })
      assert.strictEqual(started.status, 201, started.text)
      // 16 different cards turned at once, half on each instance: each flip is decided after every
      // flip recorded before it, so their counts are 1 … 16, each once, whatever the matches.
      const replies = yield* Effect.all(
        Array.from({ length: 16 }, (_, position) =>
          (position % 2 === 0 ? a : b).request("POST", `/v1/play/sessions/${started.body.session.id}/flips`, {
            key: token,
            body: { position }
          })
        ),
        { concurrency: "unbounded" }
      )
      const ok = replies.filter((r) => r.status === 200)
      // A card already matched by the time its flip is decided is refused (409); none is lost.
      assert.strictEqual(ok.length + replies.filter((r) => r.status === 409).length, 16)
      assert.deepStrictEqual(
        ok.map((r) => r.body.flips).sort((x, y) => x - y),
        Array.from({ length: ok.length }, (_, i) => i + 1)
      )
    })
  )
})
