/**
 * `Idempotency-Key` on the reference server, with Stripe's semantics: a repeat of a request with
 * the same key and body replays the first answer (`Idempotent-Replayed: true`) without acting; the
 * same key with another body is a 409 naming the header; keys are per account; concurrent requests
 * with one key act once (on PostgreSQL in its project: real concurrent transactions).
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { layer as serverLayer, withAccount } from "./support/TestServer.ts"

const paths = (body: any): Array<string> => body.error.details.map((d: { path: string }) => d.path)

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("Idempotency-Key", (it) => {
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
})
