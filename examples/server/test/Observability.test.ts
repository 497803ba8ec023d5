/**
 * What the operator sees, over HTTP: `X-Request-Id` on every answer (the caller's when valid, else
 * a new one; errors and 404s included), and `/metrics` in the Prometheus text format, whose series
 * move after plays and webhook deliveries, with route templates (never ids) as labels, served to
 * loopback callers (the server under test listens on 127.0.0.1) or, with a metrics token, only to
 * a caller sending it.
 */
import { MemoryStore } from "@campaign-games/testing"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { make, storeLayer, storeName, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const METRICS_TOKEN = "metrics-token-for-tests-0123456789"

/** The value of the series `name{labels}` (labels in the order written), or undefined. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  const entries = Object.entries(labels)
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue
    const space = line.lastIndexOf(" ")
    const series = line.slice(0, space)
    const brace = series.indexOf("{")
    const seriesName = brace === -1 ? series : series.slice(0, brace)
    if (seriesName !== name) continue
    const body = brace === -1 ? "" : series.slice(brace + 1, -1)
    const found = new Map(
      body === ""
        ? []
        : body.split(/,(?=[a-zA-Z_]+=")/).map((pair) => {
            const eq = pair.indexOf("=")
            return [pair.slice(0, eq), pair.slice(eq + 2, -1)] as const
          })
    )
    if (entries.every(([k, v]) => found.get(k) === v) && found.size === entries.length)
      return Number(line.slice(space + 1))
  }
  return undefined
}

/** The metrics text the server answers now (loopback, no token). */
const scrape = Effect.gen(function* () {
  const { request } = yield* TestServer
  const reply = yield* request("GET", "/metrics")
  assert.strictEqual(reply.status, 200, reply.text)
  assert.match(reply.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/)
  return reply.text
})

/** An account with a live wheel campaign on a channel, and a play of it. */
const liveCampaign = Effect.gen(function* () {
  const { request, account } = yield* TestServer
  const { key } = yield* account()
  const call = Steps.caller(request, key)
  yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
  const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "Live", config: Steps.WHEEL })
  const campaign = created.body.gameInstance
  assert.strictEqual((yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)).status, 200)
  const play = (participantRef: string) =>
    Effect.tap(Steps.play(request, { key, channelId: channel.id, participantRef, origin: ORIGIN }), (p) =>
      Effect.sync(() => assert.strictEqual(p.finished.status, 200, p.finished.text))
    )
  return { key, call, campaign, play }
})

layer(make(storeLayer()), { excludeTestServices: true, timeout: "120 seconds" })("observability", (it) => {
  it.effect("X-Request-Id: the caller's when 1 to 128 visible ASCII characters, else a new one, on every answer", () =>
    Effect.gen(function* () {
      const { request } = yield* TestServer
      const mine = "req-42_!~"
      const kept = yield* request("GET", "/health", { headers: { "x-request-id": mine } })
      assert.strictEqual(kept.headers.get("x-request-id"), mine)
      const longest = "x".repeat(128)
      assert.strictEqual(
        (yield* request("GET", "/health", { headers: { "x-request-id": longest } })).headers.get("x-request-id"),
        longest
      )
      // Too long, a space inside, empty: replaced by a new id.
      for (const bad of ["x".repeat(129), "two words", ""]) {
        const reply = yield* request("GET", "/health", { headers: { "x-request-id": bad } })
        const id = reply.headers.get("x-request-id")
        assert.isNotNull(id)
        assert.notStrictEqual(id, bad)
        assert.match(id!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      }
      // Two answers without one get different ids.
      const a = (yield* request("GET", "/health")).headers.get("x-request-id")
      const b = (yield* request("GET", "/health")).headers.get("x-request-id")
      assert.notStrictEqual(a, b)
      // Errors too: 404 (no route), 401 (no key), 400 (bad JSON), /ready, /metrics.
      const errors = [
        yield* request("GET", "/v1/nothing-here", { headers: { "x-request-id": "e-404" } }),
        yield* request("GET", "/v1/channels", { headers: { "x-request-id": "e-401" } }),
        yield* request("POST", "/v1/channels", {
          key: (yield* (yield* TestServer).account()).key,
          rawBody: "{not json",
          headers: { "content-type": "application/json", "x-request-id": "e-400" }
        }),
        yield* request("GET", "/ready", { headers: { "x-request-id": "e-ready" } }),
        yield* request("GET", "/metrics", { headers: { "x-request-id": "e-metrics" } })
      ]
      assert.deepStrictEqual(
        errors.map((r) => [r.status, r.headers.get("x-request-id")]),
        [
          [404, "e-404"],
          [401, "e-401"],
          [400, "e-400"],
          [200, "e-ready"],
          [200, "e-metrics"]
        ]
      )
    })
  )

  it.effect("/metrics: plays by step, requests by route template (never an id), process and store gauges", () =>
    Effect.gen(function* () {
      const { play, campaign, call } = yield* liveCampaign
      const before = yield* scrape
      const count = (text: string, step: string) => sample(text, "campaign_games_plays_total", { step }) ?? 0
      const finishRoute = { method: "POST", route: "/v1/play/sessions/:sessionId/finish", status: "200" }
      yield* play("player-1")
      yield* play("player-2")
      assert.strictEqual((yield* call("GET", `/v1/game-instances/${campaign.id}`)).status, 200)
      const after = yield* scrape
      for (const step of ["mint", "start", "finish"]) {
        assert.strictEqual(count(after, step) - count(before, step), 2, step)
      }
      const finishes = (text: string) => sample(text, "http_requests_total", finishRoute) ?? 0
      assert.strictEqual(finishes(after) - finishes(before), 2)
      assert.isAtLeast(
        sample(after, "http_requests_total", { method: "GET", route: "/v1/game-instances/:id", status: "200" })!,
        1
      )
      assert.isAtLeast(
        sample(after, "http_request_duration_seconds_count", { method: "POST", route: finishRoute.route })!,
        2
      )
      assert.isDefined(
        sample(after, "http_request_duration_seconds_bucket", { method: "POST", route: finishRoute.route, le: "+Inf" })
      )
      // A step that fails is not a play: a second finish of a session answers 409, counted by its status only.
      const third = yield* play("player-3")
      const beforeRepeat = yield* scrape
      const repeat = yield* (yield* TestServer).request(
        "POST",
        `/v1/play/sessions/${third.started.body.session.id}/finish`,
        { key: third.minted.body.clientToken, body: {} }
      )
      assert.strictEqual(repeat.status, 409, repeat.text)
      const afterRepeat = yield* scrape
      assert.strictEqual(count(afterRepeat, "finish"), count(beforeRepeat, "finish"))
      const conflicts = (text: string) => sample(text, "http_requests_total", { ...finishRoute, status: "409" }) ?? 0
      assert.strictEqual(conflicts(afterRepeat) - conflicts(beforeRepeat), 1)
      // A path no route serves is counted as `unmatched`, not by its path.
      yield* (yield* TestServer).request("GET", `/v1/no-such/${campaign.id}`)
      const unmatched = yield* scrape
      assert.isAtLeast(
        sample(unmatched, "http_requests_total", { method: "GET", route: "unmatched", status: "404" })!,
        1
      )
      // No label carries an id.
      assert.notInclude(unmatched, campaign.id)
      assert.notInclude(unmatched, "player-1")
      assert.isAbove(sample(after, "process_cpu_seconds_total")!, 0)
      assert.isAbove(sample(after, "process_resident_memory_bytes")!, 10_000_000)
      assert.isAtLeast(sample(after, "nodejs_eventloop_lag_seconds")!, 0)
      assert.isAtLeast(sample(after, "campaign_games_webhook_pending")!, 0)
      if (storeName() === "postgres") {
        for (const state of ["in_use", "idle", "waiting"]) {
          assert.isAtLeast(sample(after, "campaign_games_db_pool_connections", { state })!, 0, state)
        }
        // The pool has served the plays: it holds connections, idle between requests.
        assert.isAtLeast(sample(after, "campaign_games_db_pool_connections", { state: "idle" })!, 1)
      }
    })
  )

  it.effect("/metrics: webhook deliveries by outcome, their lag, and the pending gauge", () =>
    Effect.gen(function* () {
      const receiver = yield* Receiver.make
      const { play, call } = yield* liveCampaign
      receiver.answer("/down", 410)
      const ok = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/ok"),
        events: ["session_completed"]
      })
      assert.strictEqual(ok.status, 201, ok.text)
      const down = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/down"),
        events: ["session_completed"]
      })
      assert.strictEqual(down.status, 201, down.text)
      const before = yield* scrape
      const delivered = (text: string, status: string) =>
        sample(text, "campaign_games_webhook_deliveries_total", { status }) ?? 0
      const lagCount = (text: string) => sample(text, "campaign_games_webhook_lag_seconds_count") ?? 0
      yield* play("hooked")
      yield* receiver.waitFor(1, "/ok")
      yield* receiver.waitFor(1, "/down")
      // The results are written after the answers: wait for the counters.
      let after = yield* scrape
      for (
        let i = 0;
        i < 100 &&
        (delivered(after, "success") - delivered(before, "success") < 1 ||
          delivered(after, "exhausted") - delivered(before, "exhausted") < 1);
        i++
      ) {
        yield* Effect.sleep("50 millis")
        after = yield* scrape
      }
      assert.strictEqual(delivered(after, "success") - delivered(before, "success"), 1)
      // 410 Gone is not retried: the delivery is exhausted at once.
      assert.strictEqual(delivered(after, "exhausted") - delivered(before, "exhausted"), 1)
      assert.strictEqual(lagCount(after) - lagCount(before), 2)
      // Nothing waits once both ended.
      let pending = sample(after, "campaign_games_webhook_pending")
      for (let i = 0; i < 100 && pending !== 0; i++) {
        yield* Effect.sleep("50 millis")
        pending = sample(yield* scrape, "campaign_games_webhook_pending")
      }
      assert.strictEqual(pending, 0)
    })
  )
})

// The access rule does not depend on the store: this second server runs on memory (one PGlite per
// file is enough).
layer(make(MemoryStore.layer, { metricsToken: METRICS_TOKEN }), { excludeTestServices: true, timeout: "120 seconds" })(
  "observability with CG_METRICS_TOKEN",
  (it) => {
    it.effect("/metrics needs the bearer token, even from loopback: 401 otherwise", () =>
      Effect.gen(function* () {
        const { request } = yield* TestServer
        const none = yield* request("GET", "/metrics")
        assert.strictEqual(none.status, 401)
        assert.strictEqual(none.body.error.code, "unauthorized")
        assert.strictEqual(none.headers.get("www-authenticate"), "Bearer")
        assert.isString(none.headers.get("x-request-id"))
        for (const authorization of [`Bearer ${METRICS_TOKEN}x`, `Basic ${METRICS_TOKEN}`, "Bearer", METRICS_TOKEN]) {
          const wrong = yield* request("GET", "/metrics", { headers: { authorization } })
          assert.strictEqual(wrong.status, 401, authorization)
        }
        const right = yield* request("GET", "/metrics", { key: METRICS_TOKEN })
        assert.strictEqual(right.status, 200)
        assert.include(right.text, "# TYPE http_requests_total counter")
      })
    )
  }
)
