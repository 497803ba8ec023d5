/**
 * Two instances of the reference server on one PostgreSQL database (and one Redis when `REDIS_URL`
 * is set), as in production behind a load balancer: keys, revocations and plan limits hold across
 * both. Runs when `DATABASE_URL` is set (CI sets it).
 */
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { make, TestServer } from "./support/TestServer.ts"

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL === "" ? undefined : process.env.REDIS_URL

const instance = (url: string) =>
  Layer.build(make(Database.layerPostgres({ url, poolSize: 5 }), { redisUrl })).pipe(
    Effect.map((context) => Context.get(context, TestServer))
  )

describe.runIf(databaseUrl !== undefined && databaseUrl !== "")("two server instances on one PostgreSQL", () => {
  it.live(
    "share keys, revocations and plan limits",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl!)
        const a = yield* instance(url)
        const b = yield* instance(url)
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
      }).pipe(Effect.scoped),
    60_000
  )
})
