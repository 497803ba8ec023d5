/**
 * `Idempotency-Key` on the reference server, with Stripe's semantics: a repeat of a request with
 * the same key and body replays the first answer (`Idempotent-Replayed: true`) without acting; the
 * same key with another body is a 409 naming the header; keys are per API key (or client token);
 * concurrent requests
 * with one key act once (on PostgreSQL in its project: real concurrent transactions). The stored
 * rows (on PGlite and PostgreSQL) hold neither the key nor a secret of the answers they keep (a new
 * API key, an endpoint's secret, generated and granted codes), and another key opens none of them.
 */
import type { StorePorts } from "@campaign-games/core"
import { apiKeyScope, keyMaterial } from "@campaign-games/http/IdempotencyKeys"
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Steps from "./support/Steps.ts"
import { make, type Reply, storeLayer, withAccount } from "./support/TestServer.ts"

const paths = (body: any): Array<string> => body.error.details.map((d: { path: string }) => d.path)

/** The database under the server, when the store is one (PGlite, PostgreSQL); none on the memory store. */
class Database extends Context.Service<Database, { readonly sql: Option.Option<SqlClient.SqlClient> }>()(
  "test/Database"
) {}

/** The test server over a store built once, and that store's database. */
const serverAndDatabase = Layer.unwrap(
  Effect.gen(function* () {
    const store = yield* Layer.build(
      storeLayer() as Layer.Layer<StorePorts.StoreServices | SqlClient.SqlClient, unknown>
    )
    const sql = Context.getOption(store, SqlClient.SqlClient)
    return Layer.merge(make(Layer.succeedContext(store)), Layer.succeed(Database, Database.of({ sql })))
  })
)

/** Every column of the account's idempotency rows, as text; none on the memory store. */
const storedRows = (accountId: string) =>
  Effect.gen(function* () {
    const { sql } = yield* Database
    if (Option.isNone(sql)) return Option.none<ReadonlyArray<ReadonlyArray<string>>>()
    const rows = yield* Effect.orDie(
      sql.value`SELECT account_id, key, fingerprint, created_at::text, status::text, content_type, body
        FROM idempotency_keys WHERE account_id = ${accountId}`.values
    )
    return Option.some(rows.map((row) => row.map((column) => String(column))))
  })

const ORIGIN = "https://shop.example.com"

const WHEEL = {
  segments: [
    { id: "gold", label: "Gold", isWin: true },
    { id: "miss", label: "Miss", isWin: false }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
}

/** A fresh account with an allowed origin and a live wheel on a channel: its client, key and channel. */
const liveWheel = Effect.gen(function* () {
  const { request, key } = yield* withAccount()
  const call = Steps.caller(request, key)
  yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
  const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "w", config: WHEEL })
  assert.strictEqual((yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)).status, 200)
  return { request, key, call, channel }
})

layer(serverAndDatabase, { excludeTestServices: true, timeout: "120 seconds" })("Idempotency-Key", (it) => {
  it.effect("the same key and body replay the first answer, status and body, without acting again", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const headers = { "idempotency-key": "create-homepage-1" }
      const first = yield* request("POST", "/v1/channels", { key, headers, body: { name: "Homepage" } })
      assert.strictEqual(first.status, 201, first.text)
      assert.isNull(first.headers.get("idempotent-replayed"))
      const again = yield* request("POST", "/v1/channels", { key, headers, body: { name: "Homepage" } })
      assert.strictEqual(again.status, 201)
      assert.strictEqual(again.headers.get("idempotent-replayed"), "true")
      assert.strictEqual(again.text, first.text)
      assert.match(again.headers.get("content-type") ?? "", /application\/json/)
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 1)
      // Without the key, or with another, the request acts.
      assert.strictEqual((yield* request("POST", "/v1/channels", { key, body: { name: "Homepage" } })).status, 201)
      const other = { "idempotency-key": "create-homepage-2" }
      const third = yield* request("POST", "/v1/channels", { key, headers: other, body: { name: "Homepage" } })
      assert.strictEqual(third.status, 201)
      assert.notStrictEqual(third.body.channel.id, first.body.channel.id)
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 3)
    })
  )

  it.effect("a replay gives the rate limit's headers of the first answer again", () =>
    Effect.gen(function* () {
      const { request, key, channel } = yield* liveWheel
      const mint = { channelId: channel.id, participantRef: "ann", origin: ORIGIN }
      const headers = { "idempotency-key": "mint-ann-1" }
      const first = yield* request("POST", "/v1/auth/session-tokens", { key, headers, body: mint })
      assert.strictEqual(first.status, 201, first.text)
      const limit = first.headers.get("x-ratelimit-limit")
      const remaining = first.headers.get("x-ratelimit-remaining")
      assert.match(limit ?? "", /^\d+$/)
      assert.match(remaining ?? "", /^\d+$/)
      const again = yield* request("POST", "/v1/auth/session-tokens", { key, headers, body: mint })
      assert.strictEqual(again.headers.get("idempotent-replayed"), "true")
      assert.strictEqual(again.text, first.text)
      assert.strictEqual(again.headers.get("x-ratelimit-limit"), limit)
      assert.strictEqual(again.headers.get("x-ratelimit-remaining"), remaining)
    })
  )

  it.effect("a client token's start retried with its key gets its session again; another token's key is its own", () =>
    Effect.gen(function* () {
      const { request, call, channel } = yield* liveWheel
      const tokenOf = (participantRef: string) =>
        Effect.map(
          call("POST", "/v1/auth/session-tokens", { channelId: channel.id, participantRef, origin: ORIGIN }),
          (reply) => reply.body.clientToken as string
        )
      const ann = yield* tokenOf("ann")
      const headers = { "idempotency-key": "start-1" }
      const first = yield* request("POST", "/v1/play/sessions", { key: ann, headers })
      assert.strictEqual(first.status, 201, first.text)
      const again = yield* request("POST", "/v1/play/sessions", { key: ann, headers })
      assert.strictEqual(again.status, 201, again.text)
      assert.strictEqual(again.headers.get("idempotent-replayed"), "true")
      assert.strictEqual(again.body.session.id, first.body.session.id)
      assert.strictEqual(again.text, first.text)
      assert.strictEqual((yield* request("POST", "/v1/play/sessions", { key: ann })).status, 409, "without the key")
      const bob = yield* tokenOf("bob")
      const bobs = yield* request("POST", "/v1/play/sessions", { key: bob, headers })
      assert.strictEqual(bobs.status, 201, bobs.text)
      assert.isNull(bobs.headers.get("idempotent-replayed"))
      assert.strictEqual(bobs.body.session.participantRef, "bob")
    })
  )

  it.effect(
    "a finish retried with its key gets its first answer again, byte for byte; without the key it is a 409",
    () =>
      Effect.gen(function* () {
        const { request, call, channel } = yield* liveWheel
        const minted = yield* call("POST", "/v1/auth/session-tokens", {
          channelId: channel.id,
          participantRef: "ann",
          origin: ORIGIN
        })
        const token = minted.body.clientToken as string
        const started = yield* request("POST", "/v1/play/sessions", { key: token })
        assert.strictEqual(started.status, 201, started.text)
        const path = `/v1/play/sessions/${started.body.session.id}/finish`
        const headers = { "idempotency-key": "finish-1" }
        const first = yield* request("POST", path, { key: token, headers, body: {} })
        assert.strictEqual(first.status, 200, first.text)
        assert.isNull(first.headers.get("idempotent-replayed"))
        const again = yield* request("POST", path, { key: token, headers, body: {} })
        assert.strictEqual(again.status, 200, again.text)
        assert.strictEqual(again.headers.get("idempotent-replayed"), "true")
        assert.strictEqual(again.headers.get("content-type"), first.headers.get("content-type"))
        assert.strictEqual(again.text, first.text)
        const unkeyed = yield* request("POST", path, { key: token, body: {} })
        assert.strictEqual(unkeyed.status, 409, unkeyed.text)
        const otherKey = yield* request("POST", path, {
          key: token,
          headers: { "idempotency-key": "finish-2" },
          body: {}
        })
        assert.strictEqual(otherKey.status, 409, otherKey.text)
      })
  )

  it.effect("the same key with another body, or on another path, is a 409 naming the header", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const headers = { "idempotency-key": "k-1" }
      assert.strictEqual((yield* request("POST", "/v1/channels", { key, headers, body: { name: "A" } })).status, 201)
      const changed = yield* request("POST", "/v1/channels", { key, headers, body: { name: "B" } })
      assert.strictEqual(changed.status, 409, changed.text)
      assert.strictEqual(changed.body.error.code, "conflict")
      assert.deepStrictEqual(paths(changed.body), ["headers.idempotency-key"])
      const elsewhere = yield* request("POST", "/v1/tenant/allowed-origins", {
        key,
        headers,
        body: { origin: "https://a.example.com" }
      })
      assert.strictEqual(elsewhere.status, 409)
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 1)
    })
  )

  it.effect("a 4xx answer is kept and replayed too; a key longer than 255 characters is a 400", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const headers = { "idempotency-key": "bad-body" }
      const refused = yield* request("POST", "/v1/channels", { key, headers, body: { name: "" } })
      assert.strictEqual(refused.status, 400)
      const again = yield* request("POST", "/v1/channels", { key, headers, body: { name: "" } })
      assert.strictEqual(again.status, 400)
      assert.strictEqual(again.headers.get("idempotent-replayed"), "true")
      assert.strictEqual(again.text, refused.text)
      const long = yield* request("POST", "/v1/channels", {
        key,
        headers: { "idempotency-key": "k".repeat(256) },
        body: { name: "A" }
      })
      assert.strictEqual(long.status, 400)
      assert.deepStrictEqual(paths(long.body), ["headers.idempotency-key"])
    })
  )

  it.effect("keys are per account: another account's same key acts", () =>
    Effect.gen(function* () {
      const a = yield* withAccount()
      const b = yield* withAccount()
      const headers = { "idempotency-key": "shared-key" }
      const onA = yield* a.request("POST", "/v1/channels", { key: a.key, headers, body: { name: "A" } })
      const onB = yield* b.request("POST", "/v1/channels", { key: b.key, headers, body: { name: "A" } })
      assert.deepStrictEqual([onA.status, onB.status], [201, 201])
      assert.isNull(onB.headers.get("idempotent-replayed"))
      assert.notStrictEqual(onA.body.channel.id, onB.body.channel.id)
    })
  )

  it.effect(
    "keys are per API key: a key with fewer permissions never gets another key's answer, nor leaves its 403 for it",
    () =>
      Effect.gen(function* () {
        const { request, key, keyWith } = yield* withAccount()
        const minter = yield* keyWith("tokens.mint")
        const body = { name: "CI", permissions: ["tokens.mint", "keys.manage"] }
        const create = (caller: string, idempotencyKey: string) =>
          request("POST", "/v1/tenant/api-keys", { key: caller, body, headers: { "idempotency-key": idempotencyKey } })

        // The owner makes a key; the minting key sends the same request with the same Idempotency-Key.
        const made = yield* create(key, "new-key")
        assert.strictEqual(made.status, 201, made.text)
        const byMinter = yield* create(minter, "new-key")
        assert.strictEqual(byMinter.status, 403, byMinter.text)
        assert.isNull(byMinter.headers.get("idempotent-replayed"))
        assert.notInclude(byMinter.text, made.body.apiKey.key)

        // The minting key's 403 is its own answer: the owner's same request acts.
        const refused = yield* create(minter, "first-by-minter")
        assert.strictEqual(refused.status, 403)
        assert.strictEqual((yield* create(minter, "first-by-minter")).headers.get("idempotent-replayed"), "true")
        const byOwner = yield* create(key, "first-by-minter")
        assert.strictEqual(byOwner.status, 201, byOwner.text)
        assert.isNull(byOwner.headers.get("idempotent-replayed"))
      })
  )

  it.effect("20 concurrent requests with one key act once: one 201, the rest replays or 409 in progress", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const headers = { "idempotency-key": "raced" }
      const replies = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        () => request("POST", "/v1/channels", { key, headers, body: { name: "Raced" } }),
        { concurrency: "unbounded" }
      )
      const acted = replies.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null)
      assert.strictEqual(acted.length, 1, replies.map((r) => r.status).join(","))
      for (const reply of replies) {
        if (reply.status === 201) assert.strictEqual(reply.body.channel.id, acted[0]!.body.channel.id)
        else {
          assert.strictEqual(reply.status, 409, reply.text)
          assert.deepStrictEqual(paths(reply.body), ["headers.idempotency-key"])
        }
      }
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 1)
      const later = yield* request("POST", "/v1/channels", { key, headers, body: { name: "Raced" } })
      assert.strictEqual(later.headers.get("idempotent-replayed"), "true")
    })
  )

  it.effect(
    "answers that show a secret once are stored sealed: no secret, code or key in any column; replays open them",
    () =>
      Effect.gen(function* () {
        const { request, key, id } = yield* withAccount()
        const call = (path: string, body: unknown, idempotencyKey: string) =>
          request("POST", path, { key, body, headers: { "idempotency-key": idempotencyKey } })
        const keys = {
          apiKey: "idem-api-key-3f9c1d",
          endpoint: "idem-endpoint-8a2e4b",
          generate: "idem-generate-51d0c7",
          grant: "idem-grant-c4e7a9"
        }
        // A campaign whose prize hands out codes: generated into its pool, then one granted by hand.
        const { created } = yield* Steps.channelWithCampaign(Steps.caller(request, key), {
          name: "Spring",
          config: WHEEL
        })
        const base = `/v1/game-instances/${created.body.gameInstance.id}`
        const tier = { match: { when: "everyone" }, display: { title: "Gold" }, codeStrategy: "pool" }
        const reward = yield* request("PUT", `${base}/reward`, { key, body: { tiers: [tier] } })
        assert.strictEqual(reward.status, 200, reward.text)
        const sent: Array<{ path: string; body: unknown; idempotencyKey: string; first: Reply }> = []
        const send = (path: string, body: unknown, idempotencyKey: string) =>
          Effect.gen(function* () {
            const first = yield* call(path, body, idempotencyKey)
            assert.strictEqual(first.status, 201, first.text)
            sent.push({ path, body, idempotencyKey, first })
            return first.body
          })
        const apiKey = yield* send("/v1/tenant/api-keys", { name: "CI", permissions: ["channels.manage"] }, keys.apiKey)
        const endpoint = yield* send(
          "/v1/tenant/webhooks/endpoints",
          { url: "https://hooks.example.com/in", events: ["reward_granted"] },
          keys.endpoint
        )
        const generated = yield* send(
          `${base}/reward-coupons/generate`,
          { quantity: 3, prefix: "SPR-26" },
          keys.generate
        )
        assert.strictEqual((yield* request("POST", `${base}/activate`, { key })).status, 200)
        const granted = yield* send(`${base}/reward-grants`, { participantRef: "ann" }, keys.grant)
        const secrets: Array<string> = [
          apiKey.apiKey.key,
          endpoint.endpoint.secret,
          ...generated.codes,
          granted.grant.code
        ]
        assert.match(endpoint.endpoint.secret, /^whsec_/)
        assert.strictEqual(secrets.length, 6)

        // Each repeat answers the first answer, secrets included, marked replayed.
        for (const { path, body, idempotencyKey, first } of sent) {
          const again = yield* call(path, body, idempotencyKey)
          assert.strictEqual(again.status, 201, path)
          assert.strictEqual(again.headers.get("idempotent-replayed"), "true", path)
          assert.strictEqual(again.text, first.text, path)
        }

        // What the store holds: one row a key, and in no column a secret or a key.
        const rows = yield* storedRows(id)
        if (Option.isSome(rows)) {
          assert.strictEqual(rows.value.length, 4)
          for (const row of rows.value) {
            for (const column of row) {
              for (const secret of [...secrets, ...Object.values(keys)]) assert.notInclude(column, secret)
            }
          }
        }
      })
  )

  it.effect("another key never gets the answer: it acts anew, and a sealed answer moved under it does not open", () =>
    Effect.gen(function* () {
      const { request, key, id } = yield* withAccount()
      const body = { name: "CI", permissions: ["channels.manage"] }
      const create = (idempotencyKey: string) =>
        request("POST", "/v1/tenant/api-keys", { key, body, headers: { "idempotency-key": idempotencyKey } })
      const first = yield* create("idem-first")
      const other = yield* create("idem-other")
      assert.deepStrictEqual([first.status, other.status], [201, 201])
      assert.isNull(other.headers.get("idempotent-replayed"))
      assert.notStrictEqual(other.body.apiKey.key, first.body.apiKey.key)
      const keyCount = () =>
        request("GET", "/v1/tenant/api-keys", { key }).pipe(Effect.map((reply) => reply.body.total))
      const before = yield* keyCount()

      // Someone with the database copies the first answer's row onto the other key's: that key
      // cannot open it, and the server neither hands it out nor acts again.
      const { sql } = yield* Database
      if (Option.isNone(sql)) return
      const listed = yield* request("GET", "/v1/tenant/api-keys", { key })
      const keyId: string = listed.body.apiKeys.find((k: any) => key.startsWith(`cgk_${k.keyPrefix}_`)).id
      const scope = apiKeyScope(id, keyId)
      const [from, to] = [keyMaterial(scope, "idem-first").keyHash, keyMaterial(scope, "idem-other").keyHash]
      yield* Effect.orDie(
        sql.value`UPDATE idempotency_keys AS t SET status = f.status, content_type = f.content_type, body = f.body
          FROM idempotency_keys AS f
          WHERE f.account_id = ${id} AND f.key = ${from} AND t.account_id = ${id} AND t.key = ${to}`
      )
      const moved = yield* create("idem-other")
      assert.strictEqual(moved.status, 500, moved.text)
      assert.notInclude(moved.text, first.body.apiKey.key)
      assert.notInclude(moved.text, other.body.apiKey.key)
      assert.strictEqual(yield* keyCount(), before)
      // The first key still opens its own.
      assert.strictEqual((yield* create("idem-first")).text, first.text)
    })
  )
})
