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

/** The boolean features of a plan, in the order of docs/api-decisions.md's plan table. */
const FEATURES = ["webhooks", "rewards", "mediaLibrary", "apiKeys", "customBranding", "customCopy"]

/** An account's features: those in `on` enabled, the others not, and its games. */
const features = (on: ReadonlyArray<string>, games: ReadonlyArray<string>) => ({
  ...Object.fromEntries(FEATURES.map((name) => [name, on.includes(name)])),
  games
})

/** The limits of docs/api-decisions.md's plan table, in its order. */
const LIMITS =
  "channels liveCampaigns webhookEndpoints activeApiKeys storedCouponCodes storageBytes playsPerMonth".split(" ")

/** An account's limits, a row of that table (null: none). */
const limits = (...row: ReadonlyArray<number | null>) => Object.fromEntries(LIMITS.map((name, i) => [name, row[i]]))

const GiB = 1024 * 1024 * 1024
const EVERY_GAME = ["spin-the-wheel", "quiz", "prediction", "memory-match"]

/** The 24 permission codes of the specification, sorted. */
const EVERY_PERMISSION = [
  "assets.delete",
  "assets.manage",
  "assets.read",
  "branding.write",
  "campaigns.activate",
  "campaigns.delete",
  "campaigns.read",
  "campaigns.resolve",
  "campaigns.write",
  "channels.manage",
  "config.write",
  "copy.write",
  "draws.run",
  "intro.write",
  "keys.manage",
  "origins.manage",
  "privacy.manage",
  "results.read",
  "rewards.codes.manage",
  "rewards.grant",
  "rewards.read",
  "rewards.write",
  "settings.read",
  "tokens.mint",
  "webhooks.manage"
]

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("operator API", (it) => {
  it.effect("creates an account with the pro plan by default and an owner key holding every permission", () =>
    Effect.gen(function* () {
      const admin = yield* operator
      const reply = yield* admin("POST", "/admin/v1/accounts", { name: "Acme" })
      assert.strictEqual(reply.status, 201)
      const { account, apiKey } = reply.body
      assert.strictEqual(account.name, "Acme")
      assert.strictEqual(account.plan, "pro")
      assert.deepStrictEqual(account.features, features(FEATURES, EVERY_GAME))
      assert.deepStrictEqual(account.limits, limits(100, 100, 25, 50, 1_000_000, 10 * GiB, 10_000_000))
      assert.match(account.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      assert.isBelow(Math.abs(Date.parse(account.createdAt) - Date.now()), 60_000, "created now")
      assert.deepStrictEqual([...apiKey.permissions].sort(), EVERY_PERMISSION)
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
      // The free plan's features and limits, with the overrides on top.
      assert.deepStrictEqual(created.body.account.features, features(["webhooks"], ["spin-the-wheel", "quiz"]))
      assert.deepStrictEqual(created.body.account.limits, limits(3, 1, 0, 1, 0, 0, null))
      const id = created.body.account.id
      const patched = yield* admin("PATCH", `/admin/v1/accounts/${id}`, { plan: "unlimited", limits: { channels: 7 } })
      assert.strictEqual(patched.status, 200)
      assert.strictEqual(patched.body.account.plan, "unlimited")
      // The unlimited plan's limits (none), the new channel limit, and the earlier override kept.
      assert.deepStrictEqual(patched.body.account.limits, limits(7, null, null, null, null, null, null))
      assert.strictEqual(patched.body.account.features.webhooks, true)
      assert.strictEqual(patched.body.account.features.customCopy, true)
      assert.strictEqual(patched.body.account.name, "Small")
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
