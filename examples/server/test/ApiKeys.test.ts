import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { layer as serverLayer, TestServer, withAccount } from "./support/TestServer.ts"

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("API keys", (it) => {
  it.effect("creates a key shown once, lists keys without secrets, and revokes it (401 from then on)", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const created = yield* request("POST", "/v1/tenant/api-keys", {
        key,
        body: { name: "Backend", permissions: ["tokens.mint", "campaigns.read", "tokens.mint"] }
      })
      assert.strictEqual(created.status, 201)
      const apiKey = created.body.apiKey
      assert.strictEqual(apiKey.name, "Backend")
      assert.deepStrictEqual(apiKey.permissions, ["tokens.mint", "campaigns.read"])
      assert.match(apiKey.key, /^cgk_[a-z2-7]{12}_[a-z2-7]{52}$/)
      assert.isTrue(apiKey.key.includes(apiKey.keyPrefix))

      const listed = yield* request("GET", "/v1/tenant/api-keys", { key })
      assert.strictEqual(listed.status, 200)
      assert.strictEqual(listed.body.total, 2)
      assert.isFalse(listed.text.includes(apiKey.key), "the list never holds a key")
      assert.isTrue(listed.body.apiKeys.every((k: Record<string, unknown>) => !("key" in k) && !("keyHash" in k)))
      assert.deepStrictEqual(listed.body.apiKeys.map((k: { id: string }) => k.id).includes(apiKey.id), true)

      assert.strictEqual((yield* request("GET", "/v1/channels", { key: apiKey.key })).status, 200)
      const mint = (body: unknown) => request("POST", "/v1/auth/session-tokens", { key: apiKey.key, body })
      const unknownChannel = { channelId: "ch_none", participantRef: "p", origin: "https://a.example.com" }
      assert.strictEqual((yield* mint(unknownChannel)).status, 404, "the mint has read the key")
      const revoked = yield* request("DELETE", `/v1/tenant/api-keys/${apiKey.id}`, { key })
      assert.strictEqual(revoked.status, 200)
      assert.deepStrictEqual(revoked.body, { deleted: true, id: apiKey.id })
      const after = yield* request("GET", "/v1/channels", { key: apiKey.key })
      assert.strictEqual(after.status, 401)
      assert.strictEqual(after.body.error.code, "unauthorized")
      // The mint's authentication forgets its recent reads at a revocation: 401 before the body is read.
      assert.strictEqual((yield* mint({ channelId: 5 })).status, 401)
      assert.strictEqual((yield* mint(unknownChannel)).status, 401)
      assert.strictEqual((yield* request("DELETE", `/v1/tenant/api-keys/${apiKey.id}`, { key })).status, 404)
      assert.strictEqual((yield* request("GET", "/v1/tenant/api-keys", { key })).body.total, 1)
    })
  )

  it.effect("403 when asking for a permission the caller lacks, naming it", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const limited = (yield* request("POST", "/v1/tenant/api-keys", {
        key,
        body: { name: "manager", permissions: ["keys.manage", "campaigns.read"] }
      })).body.apiKey.key
      const ok = yield* request("POST", "/v1/tenant/api-keys", {
        key: limited,
        body: { name: "reader", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(ok.status, 201)
      const escalate = yield* request("POST", "/v1/tenant/api-keys", {
        key: limited,
        body: { name: "admin", permissions: ["campaigns.read", "channels.manage"] }
      })
      assert.strictEqual(escalate.status, 403)
      assert.strictEqual(escalate.body.error.code, "forbidden")
      assert.deepStrictEqual(escalate.body.error.details[0].path, "permissions.1")
      const noManage = yield* request("POST", "/v1/tenant/api-keys", {
        key: ok.body.apiKey.key,
        body: { name: "x", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(noManage.status, 403)
    })
  )

  it.effect("validates name and permissions", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const cases: Array<[unknown, string]> = [
        [{ name: "", permissions: ["campaigns.read"] }, "name"],
        [{ name: "x".repeat(101), permissions: ["campaigns.read"] }, "name"],
        [{ name: "x", permissions: [] }, "permissions"],
        [{ name: "x", permissions: ["campaigns.fly"] }, "permissions.0"],
        [{ permissions: ["campaigns.read"] }, "name"]
      ]
      for (const [body, path] of cases) {
        const reply = yield* request("POST", "/v1/tenant/api-keys", { key, body })
        assert.strictEqual(reply.status, 400, JSON.stringify(body))
        assert.strictEqual(reply.body.error.code, "invalid_request")
        assert.include(
          reply.body.error.details.map((d: { path: string }) => d.path),
          path,
          JSON.stringify(reply.body)
        )
      }
      const edge = yield* request("POST", "/v1/tenant/api-keys", {
        key,
        body: { name: "x".repeat(100), permissions: ["campaigns.read"] }
      })
      assert.strictEqual(edge.status, 201)
    })
  )

  it.effect("402 without the API keys feature, and at the active-key limit (revoking frees a place)", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const free = yield* account({ plan: "free" })
      const noFeature = yield* request("POST", "/v1/tenant/api-keys", {
        key: free.key,
        body: { name: "x", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(noFeature.status, 402)
      assert.strictEqual(noFeature.body.error.code, "upgrade_required")
      assert.strictEqual(noFeature.body.error.details[0].path, "features.apiKeys")

      const small = yield* account({ limits: { activeApiKeys: 2 } })
      const second = yield* request("POST", "/v1/tenant/api-keys", {
        key: small.key,
        body: { name: "second", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(second.status, 201)
      const third = yield* request("POST", "/v1/tenant/api-keys", {
        key: small.key,
        body: { name: "third", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(third.status, 402)
      assert.strictEqual(third.body.error.details[0].path, "limits.activeApiKeys")
      yield* request("DELETE", `/v1/tenant/api-keys/${second.body.apiKey.id}`, { key: small.key })
      const again = yield* request("POST", "/v1/tenant/api-keys", {
        key: small.key,
        body: { name: "third", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(again.status, 201)
    })
  )

  it.effect("another account's key is not found: not listed, not revocable", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const a = yield* account()
      const b = yield* account()
      const bKey = (yield* request("POST", "/v1/tenant/api-keys", {
        key: b.key,
        body: { name: "b", permissions: ["campaigns.read"] }
      })).body.apiKey
      const revoke = yield* request("DELETE", `/v1/tenant/api-keys/${bKey.id}`, { key: a.key })
      assert.strictEqual(revoke.status, 404)
      const list = yield* request("GET", "/v1/tenant/api-keys", { key: a.key })
      assert.isFalse(list.body.apiKeys.some((k: { id: string }) => k.id === bKey.id))
      assert.strictEqual((yield* request("GET", "/v1/channels", { key: bKey.key })).status, 200)
    })
  )
})
