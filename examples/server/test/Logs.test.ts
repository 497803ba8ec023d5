/**
 * `CG_LOG_FORMAT=json`, over HTTP: one JSON line per request (`time`, `requestId` as answered in
 * `X-Request-Id`, `method`, the route's template, `status`, `durationMs`, `accountId`), and in
 * none of the server's lines, through a whole play (mint, start, finish with a coupon won),
 * webhook deliveries (one endpoint failing first) and a grant by hand: the API key, the operator
 * token, the client token, a coupon code, a webhook secret or the participant reference.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, make, storeLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const lines: Array<string> = []

/** The JSON lines written since `from`, parsed. */
const entriesSince = (from: number): Array<Record<string, unknown>> =>
  lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>)

layer(make(storeLayer(), { jsonLogs: (line) => void lines.push(line) }), {
  excludeTestServices: true,
  timeout: "120 seconds"
})("JSON logs", (it) => {
  it.effect("one line per request with its id, route template, status, duration and account", () =>
    Effect.gen(function* () {
      const { account, request } = yield* TestServer
      const { id: accountId, key } = yield* account()
      const from = lines.length
      const listed = yield* request("GET", "/v1/channels?limit=5", {
        key,
        headers: { "x-request-id": "list-channels-1" }
      })
      assert.strictEqual(listed.status, 200)
      const created = yield* request("POST", "/v1/channels", { key, body: { name: "Main" } })
      const channelId = created.body.channel.id as string
      yield* request("GET", `/v1/channels/${channelId}`, { key })
      yield* request("GET", "/v1/channels", { headers: { "x-request-id": "no-key" } })
      yield* request("GET", "/nowhere")
      const requests = entriesSince(from).filter((entry) => entry.message === "request")
      assert.deepStrictEqual(
        requests.map(({ accountId, method, requestId, route, status }) => ({
          requestId,
          method,
          route,
          status,
          accountId
        })),
        [
          { requestId: "list-channels-1", method: "GET", route: "/v1/channels", status: 200, accountId },
          {
            requestId: created.headers.get("x-request-id"),
            method: "POST",
            route: "/v1/channels",
            status: 201,
            accountId
          },
          {
            requestId: requests[2]!.requestId,
            method: "GET",
            route: "/v1/channels/:channelId",
            status: 200,
            accountId
          },
          { requestId: "no-key", method: "GET", route: "/v1/channels", status: 401, accountId: null },
          { requestId: requests[4]!.requestId, method: "GET", route: "unmatched", status: 404, accountId: null }
        ]
      )
      for (const entry of requests) {
        assert.isTrue(!Number.isNaN(Date.parse(entry.time as string)), "time")
        assert.isTrue(typeof entry.durationMs === "number" && entry.durationMs >= 0, "durationMs")
        assert.strictEqual(entry.level, "INFO")
      }
      // No id of the path in the route: the channel's id is only in the URL, which is not logged.
      assert.isFalse(lines.slice(from).some((line) => line.includes(channelId)))
    })
  )

  it.effect("a play, its webhooks and grants: no key, token, code, secret or participantRef in any line", () =>
    Effect.gen(function* () {
      const { account, request } = yield* TestServer
      const receiver = yield* Receiver.make
      const from = lines.length
      const { id: accountId, key } = yield* account()
      const call = Steps.caller(request, key)
      yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
      const { channel, created } = yield* Steps.channelWithCampaign(call, {
        name: "Spring",
        config: {
          ...Steps.WHEEL,
          segments: [
            { id: "gold", label: "Gold", isWin: true, weight: 1_000_000 },
            { id: "miss", label: "Miss", isWin: false, weight: 1 }
          ]
        }
      })
      const campaign = created.body.gameInstance
      const base = `/v1/game-instances/${campaign.id}`
      const reward = yield* call("PUT", `${base}/reward`, {
        tiers: [{ match: { when: "everyone" }, display: { title: "A", description: "A prize" }, codeStrategy: "pool" }]
      })
      assert.strictEqual(reward.status, 200, reward.text)
      const codes = ["LOGGED-NEVER-CODE-1", "LOGGED-NEVER-CODE-2"]
      assert.strictEqual(
        (yield* call("POST", `${base}/reward-coupons`, { codes: codes.map((code) => ({ code })) })).status,
        201
      )
      receiver.answer("/failing", 500)
      const secrets: Array<string> = []
      for (const path of ["/ok", "/failing"]) {
        const endpoint = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
          url: receiver.url(path),
          events: ["session_completed", "reward_granted"],
          includeCouponCodes: true
        })
        assert.strictEqual(endpoint.status, 201, endpoint.text)
        secrets.push(endpoint.body.endpoint.secret)
      }
      assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
      const participantRef = "player-ref-5f2c9a71"
      const { finished, minted } = yield* Steps.play(request, {
        key,
        channelId: channel.id,
        participantRef,
        origin: ORIGIN
      })
      assert.strictEqual(finished.status, 200, finished.text)
      assert.include(codes, finished.body.reward.grant.code)
      const byHandRef = "hand-ref-83d1e4b2"
      const byHand = yield* call("POST", `${base}/reward-grants`, { participantRef: byHandRef })
      assert.strictEqual(byHand.status, 201, byHand.text)
      // Deliveries of both events to both endpoints (the failing one answers 500: retried later).
      yield* receiver.waitFor(3, "/ok")
      yield* receiver.waitFor(3, "/failing")
      yield* Effect.sleep("300 millis")
      const written = lines.slice(from)
      assert.isAbove(written.length, 10)
      const forbidden = [
        key,
        ADMIN_TOKEN,
        minted.body.clientToken as string,
        ...codes,
        ...secrets,
        participantRef,
        byHandRef
      ]
      for (const secret of forbidden) {
        for (const line of written) assert.notInclude(line, secret)
      }
      // Every line is one JSON object; the play's calls were logged with the account of their token.
      const entries = entriesSince(from)
      const routes = entries.filter((e) => e.message === "request").map((e) => `${e.method} ${e.route} ${e.status}`)
      for (const route of [
        "POST /v1/auth/session-tokens 201",
        "POST /v1/play/sessions 201",
        "POST /v1/play/sessions/:sessionId/finish 200",
        "POST /v1/game-instances/:id/reward-grants 201"
      ]) {
        assert.include(routes, route)
      }
      const finish = entries.find((e) => e.route === "/v1/play/sessions/:sessionId/finish")!
      assert.strictEqual(finish.accountId, accountId)
    })
  )
})
