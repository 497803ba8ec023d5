/**
 * Runs the shop as `main.ts` does (Hono on `@hono/node-server`, the Campaign Games API mounted through
 * its Web-standard handler) on 127.0.0.1 at a free port, and speaks HTTP to it: the shop's own routes
 * answer as before, and a whole play goes through the mounted API (an account through the operator
 * API, a key for the shop's backend, a channel, a campaign activated, a token minted, the play
 * started and finished, the entry read back), with the shop's CORS on the play API. On PostgreSQL
 * when `DATABASE_URL` is set (a fresh database), else on PGlite in memory (the embedded store).
 */
import { Database } from "@campaign-games/sql"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Serve from "../src/Serve.ts"

const ADMIN_TOKEN = "hono-app-test-admin-token-0123456789"
const SITE = "https://shop.example.com"
const databaseUrl = process.env.DATABASE_URL ?? ""

let running: Serve.Running

beforeAll(async () => {
  running = await Serve.start({
    host: "127.0.0.1",
    port: 0,
    publicUrl: "http://127.0.0.1",
    adminToken: ADMIN_TOKEN,
    embedOrigins: [SITE],
    store: databaseUrl === "" ? Database.layerPglite() : Database.layerTestPostgres(databaseUrl)
  })
})

afterAll(async () => {
  await running?.close()
})

interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly body: any
}

const call = async (
  method: string,
  path: string,
  options: { readonly key?: string; readonly body?: unknown; readonly headers?: Record<string, string> } = {}
): Promise<Reply> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`
  if (options.body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
  })
  const text = await response.text()
  const json = response.headers.get("content-type")?.includes("json") === true ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, text, body: json }
}

/** `reply` has `status`, or the failure names what the server said. */
const expectStatus = (reply: Reply, status: number, what: string) =>
  assert.strictEqual(reply.status, status, `${what}: ${reply.status} ${reply.text}`)

describe("the shop with the Campaign Games API mounted", () => {
  it("keeps its own routes", async () => {
    const home = await call("GET", "/")
    expectStatus(home, 200, "home")
    assert.include(home.headers.get("content-type"), "text/html")
    assert.include(home.text, "<h1>Acme Tea</h1>")

    const list = await call("GET", "/shop/products")
    expectStatus(list, 200, "products")
    assert.deepStrictEqual(
      list.body.products.map((p: { id: string }) => p.id),
      ["tea", "mug", "kettle"]
    )
    const mug = await call("GET", "/shop/products/mug")
    assert.deepStrictEqual(mug.body, { product: { id: "mug", name: "Stoneware mug", priceCents: 1400 } })
    const missing = await call("GET", "/shop/products/teapot")
    assert.deepStrictEqual([missing.status, missing.body], [404, { message: "No such product" }])

    // A path that is neither the shop's nor the API's is the shop's own 404 (Hono's), not the API's error shape.
    const elsewhere = await call("GET", "/about")
    assert.deepStrictEqual([elsewhere.status, elsewhere.text], [404, "404 Not Found"])
  })

  it("serves the API's system routes, document and reference beside them", async () => {
    const ready = await call("GET", "/ready")
    assert.deepStrictEqual([ready.status, ready.body], [200, { status: "ready" }])
    const health = await call("GET", "/health")
    assert.deepStrictEqual([health.status, health.body], [200, { status: "ok" }])
    const document = await call("GET", "/v1/openapi.json")
    expectStatus(document, 200, "openapi.json")
    assert.property(document.body.paths, "/v1/play/sessions")
    const docs = await call("GET", "/docs")
    expectStatus(docs, 200, "docs")
    assert.include(docs.headers.get("content-type"), "text/html")
    // The API's errors keep the specification's shape under the shop.
    const unknownRoute = await call("GET", "/v1/channels", { key: "cgk_not_a_key" })
    assert.strictEqual(unknownRoute.status, 401)
    assert.strictEqual(unknownRoute.body.error.code, "unauthorized")
    const noAdmin = await call("POST", "/admin/v1/accounts", { body: { name: "Nobody" } })
    assert.deepStrictEqual([noAdmin.status, noAdmin.body.error.code], [401, "unauthorized"])
  })

  it("plays a whole game through the mounted API", async () => {
    // The operator creates the shop's account; the owner key sets up the game.
    const created = await call("POST", "/admin/v1/accounts", { key: ADMIN_TOKEN, body: { name: "Acme Tea" } })
    expectStatus(created, 201, "create account")
    const owner: string = created.body.apiKey.key

    // The shop's backend holds a key that may only mint client tokens.
    const backendKey = await call("POST", "/v1/tenant/api-keys", {
      key: owner,
      body: { name: "Shop backend", permissions: ["tokens.mint"] }
    })
    expectStatus(backendKey, 201, "create key")
    assert.deepStrictEqual(backendKey.body.apiKey.permissions, ["tokens.mint"])
    const backend: string = backendKey.body.apiKey.key

    expectStatus(
      await call("POST", "/v1/tenant/allowed-origins", { key: owner, body: { origin: SITE } }),
      201,
      "allowed origin"
    )
    const channel = await call("POST", "/v1/channels", { key: owner, body: { name: "Checkout" } })
    expectStatus(channel, 201, "channel")
    const channelId: string = channel.body.channel.id
    const campaign = await call("POST", "/v1/game-instances", {
      key: owner,
      body: {
        gameSlug: "quiz",
        name: "Tea quiz",
        channelId,
        config: {
          questions: [
            {
              id: "q1",
              text: "Which tea is not oxidised?",
              options: [
                { id: "green", text: "Green" },
                { id: "black", text: "Black" }
              ],
              correctOptionId: "green"
            },
            {
              id: "q2",
              text: "How hot for green tea?",
              options: [
                { id: "80", text: "About 80 °C" },
                { id: "100", text: "Boiling" }
              ],
              correctOptionId: "80",
              points: 2
            }
          ]
        }
      }
    })
    expectStatus(campaign, 201, "campaign")
    const campaignId: string = campaign.body.gameInstance.id
    const activated = await call("POST", `/v1/game-instances/${campaignId}/activate`, { key: owner, body: {} })
    expectStatus(activated, 200, "activate")
    assert.strictEqual(activated.body.gameInstance.status, "active")

    // The backend key mints and does nothing else.
    const refused = await call("POST", "/v1/channels", { key: backend, body: { name: "Not mine" } })
    assert.deepStrictEqual([refused.status, refused.body.error.code], [403, "forbidden"])
    const minted = await call("POST", "/v1/auth/session-tokens", {
      key: backend,
      body: { channelId, participantRef: "customer-7", origin: SITE }
    })
    expectStatus(minted, 201, "mint")
    assert.strictEqual(minted.headers.get("x-ratelimit-limit"), "600")
    const token: string = minted.body.clientToken

    // The embed, on the shop's site: the preflight passes the shop's CORS, then start and finish.
    const preflight = await fetch(`${running.url}/v1/play/sessions`, {
      method: "OPTIONS",
      headers: {
        origin: SITE,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization"
      }
    })
    assert.strictEqual(preflight.status, 204)
    assert.strictEqual(preflight.headers.get("access-control-allow-origin"), SITE)
    assert.include(preflight.headers.get("access-control-allow-headers")?.toLowerCase(), "authorization")
    const otherSite = await fetch(`${running.url}/v1/play/sessions`, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example.org", "access-control-request-method": "POST" }
    })
    assert.isNull(otherSite.headers.get("access-control-allow-origin"))

    const started = await call("POST", "/v1/play/sessions", { key: token, headers: { origin: SITE } })
    expectStatus(started, 201, "start")
    assert.strictEqual(started.headers.get("access-control-allow-origin"), SITE)
    assert.strictEqual(started.body.session.participantRef, "customer-7")
    assert.strictEqual(started.body.game.slug, "quiz")
    // The player's view: the questions without their answers.
    assert.deepStrictEqual(
      started.body.game.config.questions.map((q: Record<string, unknown>) => Object.keys(q).sort()),
      [
        ["id", "options", "text"],
        ["id", "options", "text"]
      ]
    )
    const sessionId: string = started.body.session.id
    const finished = await call("POST", `/v1/play/sessions/${sessionId}/finish`, {
      key: token,
      body: {
        answers: [
          { questionId: "q1", optionId: "green" },
          { questionId: "q2", optionId: "80" }
        ]
      }
    })
    expectStatus(finished, 200, "finish")
    assert.strictEqual(finished.body.entry.score, 3)
    assert.strictEqual(finished.body.entry.participantRef, "customer-7")
    assert.isNull(finished.body.outcome)

    // One token, one play.
    const again = await call("POST", `/v1/play/sessions/${sessionId}/finish`, {
      key: token,
      body: { answers: [] }
    })
    assert.deepStrictEqual([again.status, again.body.error.code], [409, "conflict"])

    const entries = await call("GET", `/v1/game-instances/${campaignId}/entries`, { key: owner })
    expectStatus(entries, 200, "entries")
    assert.strictEqual(entries.body.total, 1)
    assert.deepStrictEqual(
      [entries.body.entries[0].id, entries.body.entries[0].sessionId, entries.body.entries[0].score],
      [finished.body.entry.id, sessionId, 3]
    )
  })
})
