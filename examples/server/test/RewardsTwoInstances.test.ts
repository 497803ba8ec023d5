/**
 * Coupons under real concurrency: two instances of the reference server on one PostgreSQL database
 * (as behind a load balancer), every finish sent at once and spread over both. A pool never gives a
 * code twice nor past its issue limit, and a campaign that grants once gives one coupon to a player
 * however many of their plays finish together. Runs with the PostgreSQL HTTP tests (`DATABASE_URL`).
 */
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import * as Steps from "./support/Steps.ts"
import { make, storeName, TestServer } from "./support/TestServer.ts"

const databaseUrl = process.env.DATABASE_URL ?? ""
const ORIGIN = "https://play.example.com"

const instance = (url: string) =>
  Layer.build(make(Database.layerPostgres({ url, poolSize: 8 }))).pipe(
    Effect.map((context) => Context.get(context, TestServer))
  )

type Server = TestServer["Service"]

/** On `a`, an account with `ORIGIN` allowed and mint keys enough for `mints` tokens (600 a minute each). */
const givenAccount = (a: Server, mints: number) =>
  Effect.gen(function* () {
    const { key } = yield* a.account()
    const call = Steps.caller(a.request, key)
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const minters: Array<string> = []
    for (let i = 0; i < Math.ceil(mints / 500); i++) {
      minters.push(
        (yield* call("POST", "/v1/tenant/api-keys", { name: `m${i}`, permissions: ["tokens.mint"] })).body.apiKey.key
      )
    }
    return { key, call, minters }
  })

/** A live wheel on a channel of its own with the reward `reward` and the codes `codes` of its first prize. */
const givenCampaign = (
  account: Effect.Success<ReturnType<typeof givenAccount>>,
  reward: Record<string, unknown>,
  codes: ReadonlyArray<Record<string, unknown>>
) =>
  Effect.gen(function* () {
    const { call } = account
    const { channel, created } = yield* Steps.channelWithCampaign(
      call,
      { name: "w", config: Steps.WHEEL },
      { name: "c" }
    )
    const base = `/v1/game-instances/${created.body.gameInstance.id}`
    assert.strictEqual((yield* call("PUT", `${base}/reward`, reward)).status, 200)
    for (let i = 0; i < codes.length; i += 1000) {
      const added = yield* call("POST", `${base}/reward-coupons`, { codes: codes.slice(i, i + 1000) })
      assert.strictEqual(added.status, 201, added.text)
    }
    assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
    return { channel, base }
  })

/**
 * Mints and starts a play for each player (alternating instances), then finishes them all at once,
 * each on the instance it did not start on; the finishes' answers.
 */
const finishAtOnce = (
  servers: ReadonlyArray<Server>,
  minters: ReadonlyArray<string>,
  channelId: string,
  players: ReadonlyArray<string>
) =>
  Effect.gen(function* () {
    const started = yield* Effect.forEach(
      players,
      (participantRef, i) =>
        Effect.gen(function* () {
          const server = servers[i % 2]!
          const minted = yield* server.request("POST", "/v1/auth/session-tokens", {
            key: minters[i % minters.length]!,
            body: { channelId, participantRef, origin: ORIGIN }
          })
          assert.strictEqual(minted.status, 201, minted.text)
          const token = minted.body.clientToken as string
          const session = yield* server.request("POST", "/v1/play/sessions", { key: token })
          assert.strictEqual(session.status, 201, session.text)
          return { token, sessionId: session.body.session.id as string, server: servers[(i + 1) % 2]! }
        }),
      { concurrency: 16 }
    )
    const finished = yield* Effect.forEach(
      started,
      ({ server, sessionId, token }) =>
        server.request("POST", `/v1/play/sessions/${sessionId}/finish`, { key: token, body: {} }),
      { concurrency: "unbounded" }
    )
    for (const reply of finished) assert.strictEqual(reply.status, 200, reply.text)
    return finished.map((reply) => reply.body)
  })

const codesOf = (finished: ReadonlyArray<any>): Array<string> =>
  finished.flatMap((f) => (f.reward?.grant === null || f.reward?.grant === undefined ? [] : [f.reward.grant.code]))

const tier = (codeStrategy: string) => ({ match: { when: "everyone" }, display: { title: "Prize" }, codeStrategy })

describe.runIf(databaseUrl !== "" && storeName() === "postgres")("coupons on two instances of one PostgreSQL", () => {
  it.live(
    "1,000 finishes at once against 100 single-use codes: 100 coupons, each code once; an issue limit of 7: 7; one player's 20 finishes: one",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const servers = [yield* instance(url), yield* instance(url)]
        const account = yield* givenAccount(servers[0]!, 1100)

        // A pool of 100 single-use codes, 1,000 players.
        const pool = Array.from({ length: 100 }, (_, i) => ({ code: `POOL-${String(i).padStart(4, "0")}` }))
        const first = yield* givenCampaign(account, { tiers: [tier("pool")] }, pool)
        const players = Array.from({ length: 1000 }, (_, i) => `player-${i}`)
        const finished = yield* finishAtOnce(servers, account.minters, first.channel.id, players)
        const given = codesOf(finished)
        assert.strictEqual(given.length, 100, "exactly 100 coupons")
        assert.strictEqual(new Set(given).size, 100, "no code twice")
        assert.sameMembers(
          given,
          pool.map((c) => c.code)
        )
        const listed = yield* account.call("GET", `${first.base}/reward-grants?limit=1`)
        assert.strictEqual(listed.body.total, 100)
        const counts = (yield* account.call("GET", `${first.base}/reward`)).body.reward.tiers[0]
        assert.deepStrictEqual([counts.coupons, counts.couponsRemaining, counts.granted], [100, 0, 100])

        // One shared code with an issue limit of 7, 40 players.
        const shared = yield* givenCampaign(account, { tiers: [tier("shared")] }, [
          { code: "SEVEN-TIMES", issueLimit: 7 }
        ])
        const sharedFinished = yield* finishAtOnce(
          servers,
          account.minters,
          shared.channel.id,
          Array.from({ length: 40 }, (_, i) => `shared-${i}`)
        )
        assert.deepStrictEqual(
          codesOf(sharedFinished),
          Array.from({ length: 7 }, () => "SEVEN-TIMES")
        )

        // One player, 20 plays finished at once, a campaign that grants once.
        const once = yield* givenCampaign(
          account,
          { tiers: [tier("pool")], grantOncePerParticipant: true },
          Array.from({ length: 40 }, (_, i) => ({ code: `ONCE-${String(i).padStart(4, "0")}` }))
        )
        const onceFinished = yield* finishAtOnce(
          servers,
          account.minters,
          once.channel.id,
          Array.from({ length: 20 }, () => "the-same-player")
        )
        assert.strictEqual(codesOf(onceFinished).length, 1, "one coupon")
        assert.strictEqual((yield* account.call("GET", `${once.base}/reward-grants`)).body.total, 1)
      }).pipe(Effect.scoped),
    240_000
  )
})
