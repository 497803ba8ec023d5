import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { ADMIN_TOKEN, layer as serverLayer, TestServer } from "./support/TestServer.ts"

/** A client of the operator API: `request` with the operator token. */
const operator = Effect.map(
  TestServer,
  ({ request }) =>
    (method: string, path: string, body: unknown) =>
      request(method, path, { key: ADMIN_TOKEN, body })
)

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("operator API", (it) => {
  it.effect("creates an account with the pro plan by default and an owner key holding every permission", () =>
    Effect.gen(function* () {
      const admin = yield* operator
      const reply = yield* admin("POST", "/admin/v1/accounts", { name: "Acme" })
      assert.strictEqual(reply.status, 201)
      const { account, apiKey } = reply.body
      assert.strictEqual(account.name, "Acme")
      assert.strictEqual(account.plan, "pro")
      assert.strictEqual(account.features.webhooks, true)
      assert.deepStrictEqual(account.features.games, ["spin-the-wheel", "quiz", "prediction", "memory-match"])
      assert.strictEqual(typeof account.limits.channels, "number")
      assert.match(account.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      assert.strictEqual(apiKey.permissions.length, 24)
      assert.match(apiKey.key, /^cgk_[a-z2-7]{12}_[a-z2-7]{52}$/)
      assert.isTrue(apiKey.key.startsWith(`cgk_${apiKey.keyPrefix}_`))
      const { request } = yield* TestServer
      const channels = yield* request("GET", "/v1/channels", { key: apiKey.key })
      assert.strictEqual(channels.status, 200)
    })
  )

  it.effect("applies plan, feature and limit overrides, and PATCH merges them", () =>
    Effect.gen(function* () {
      const admin = yield* operator
      const created = yield* admin("POST", "/admin/v1/accounts", {
        name: "Small",
        plan: "free",
        features: { webhooks: true },
        limits: { channels: 3, playsPerMonth: null }
      })
      assert.strictEqual(created.status, 201)
      assert.strictEqual(created.body.account.plan, "free")
      assert.strictEqual(created.body.account.features.webhooks, true)
      assert.strictEqual(created.body.account.features.rewards, false)
      assert.strictEqual(created.body.account.limits.channels, 3)
      assert.strictEqual(created.body.account.limits.playsPerMonth, null)
      const id = created.body.account.id
      const patched = yield* admin("PATCH", `/admin/v1/accounts/${id}`, { plan: "unlimited", limits: { channels: 7 } })
      assert.strictEqual(patched.status, 200)
      assert.strictEqual(patched.body.account.plan, "unlimited")
      assert.strictEqual(patched.body.account.limits.channels, 7)
      assert.strictEqual(patched.body.account.limits.liveCampaigns, null)
      assert.strictEqual(patched.body.account.features.webhooks, true)
    })
  )

  it.effect("answers 401 without the operator token or with a wrong one, and never accepts an API key", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const none = yield* request("POST", "/admin/v1/accounts", { body: { name: "x" } })
      assert.strictEqual(none.status, 401)
      assert.strictEqual(none.body.error.code, "unauthorized")
      const wrong = yield* request("POST", "/admin/v1/accounts", { key: `${ADMIN_TOKEN}x`, body: { name: "x" } })
      assert.strictEqual(wrong.status, 401)
      const { key } = yield* account()
      const withKey = yield* request("PATCH", "/admin/v1/accounts/acc_x", { key, body: { name: "x" } })
      assert.strictEqual(withKey.status, 401)
    })
  )

  it.effect("validates the body with precise paths and answers 404 for an unknown account", () =>
    Effect.gen(function* () {
      const admin = yield* operator
      const bad = yield* admin("POST", "/admin/v1/accounts", {
        name: "",
        plan: "gold",
        limits: { channels: -1 },
        features: { webhooks: "yes" }
      })
      assert.strictEqual(bad.status, 400)
      assert.strictEqual(bad.body.error.code, "invalid_request")
      const paths = bad.body.error.details.map((d: { path: string }) => d.path).sort()
      assert.deepStrictEqual(paths, ["features.webhooks", "limits.channels", "name", "plan"])
      const missing = yield* admin("PATCH", "/admin/v1/accounts/acc_nope", { name: "y" })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(missing.body.error.code, "not_found")
    })
  )
})
