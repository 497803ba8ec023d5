/**
 * `/metrics`'s access rule as a table (a token: its bearer only; none: loopback peers only), the
 * route over a stub store's gauges (403 to a caller with no loopback address, which is every caller
 * of a Web handler; the gauges and the process's metrics in the text), and the request-id rule.
 */
import { StoreGauges } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { HttpRouter } from "effect/http"
import { HttpConfig } from "../src/HttpConfig.ts"
import * as MetricsEndpoint from "../src/MetricsEndpoint.ts"
import * as Observability from "../src/Observability.ts"

const TOKEN = "scrape-token-0123456789"

const request = (authorization: string | undefined, remoteAddress: string | undefined) => ({
  authorization,
  remoteAddress
})

/** `GET /metrics` through a Web handler over a store whose gauges are `gauges`. */
const scrape = (metricsToken: string | undefined, headers: Record<string, string>, gauges: StoreGauges.Gauges) =>
  Effect.acquireUseRelease(
    Effect.sync(() =>
      HttpRouter.toWebHandler(
        MetricsEndpoint.layer.pipe(
          Layer.provide([
            Layer.succeed(StoreGauges.StoreGauges, { read: Effect.succeed(gauges) }),
            Layer.succeed(HttpConfig, {
              adminToken: undefined,
              publicUrl: "http://localhost",
              metricsToken: metricsToken === undefined ? undefined : Redacted.make(metricsToken)
            })
          ])
        ),
        { disableLogger: true }
      )
    ),
    ({ handler }) =>
      Effect.promise(async () => {
        const response = await handler(new Request("http://localhost/metrics", { headers }))
        return { status: response.status, text: await response.text(), type: response.headers.get("content-type") }
      }),
    ({ dispose }) => Effect.promise(dispose)
  )

describe("MetricsEndpoint.access", () => {
  it("with a token: its bearer only, from anywhere", () => {
    const cases: ReadonlyArray<readonly [string | undefined, string | undefined, MetricsEndpoint.Access]> = [
      [`Bearer ${TOKEN}`, "10.1.2.3", "allowed"],
      [`bearer ${TOKEN}`, "127.0.0.1", "allowed"],
      [undefined, "127.0.0.1", "unauthorized"],
      [`Bearer ${TOKEN}0`, "127.0.0.1", "unauthorized"],
      [`Bearer ${TOKEN.slice(1)}`, "::1", "unauthorized"],
      [`Basic ${TOKEN}`, "127.0.0.1", "unauthorized"],
      [TOKEN, "127.0.0.1", "unauthorized"],
      ["Bearer ", undefined, "unauthorized"]
    ]
    for (const [authorization, address, expected] of cases) {
      assert.strictEqual(
        MetricsEndpoint.access(TOKEN, request(authorization, address)),
        expected,
        `${authorization} ${address}`
      )
    }
  })

  it("without a token: loopback peers only (403 otherwise), whatever the headers say", () => {
    const cases: ReadonlyArray<readonly [string | undefined, MetricsEndpoint.Access]> = [
      ["127.0.0.1", "allowed"],
      ["127.255.0.9", "allowed"],
      ["::1", "allowed"],
      ["::ffff:127.0.0.1", "allowed"],
      ["10.0.0.1", "forbidden"],
      ["192.168.1.20", "forbidden"],
      ["128.0.0.1", "forbidden"],
      ["::ffff:10.0.0.1", "forbidden"],
      ["::2", "forbidden"],
      ["fe80::1", "forbidden"],
      [undefined, "forbidden"]
    ]
    for (const [address, expected] of cases) {
      assert.strictEqual(MetricsEndpoint.access(undefined, request(`Bearer ${TOKEN}`, address)), expected, `${address}`)
    }
  })
})

describe("MetricsEndpoint.layer", () => {
  const gauges: StoreGauges.Gauges = { webhookPending: 7, pool: { inUse: 3, idle: 5, waiting: 1 } }

  it.live("403 in the API's error shape to a caller that is not on a loopback address", () =>
    Effect.gen(function* () {
      const reply = yield* scrape(undefined, {}, gauges)
      assert.strictEqual(reply.status, 403)
      assert.strictEqual(JSON.parse(reply.text).error.code, "forbidden")
    })
  )

  it.live("with the token: the store's gauges and the process's metrics, in the Prometheus text format", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* scrape(TOKEN, {}, gauges)).status, 401)
      const reply = yield* scrape(TOKEN, { authorization: `Bearer ${TOKEN}` }, gauges)
      assert.strictEqual(reply.status, 200)
      assert.match(reply.type ?? "", /^text\/plain; version=0\.0\.4/)
      const lines = reply.text.split("\n")
      for (const line of [
        "# TYPE campaign_games_webhook_pending gauge",
        "campaign_games_webhook_pending 7",
        'campaign_games_db_pool_connections{state="in_use"} 3',
        'campaign_games_db_pool_connections{state="idle"} 5',
        'campaign_games_db_pool_connections{state="waiting"} 1',
        "# TYPE process_cpu_seconds_total counter",
        "# TYPE process_resident_memory_bytes gauge",
        "# TYPE nodejs_eventloop_lag_seconds gauge",
        // The engine's series are listed from the start, at zero.
        'campaign_games_plays_total{step="mint"} 0',
        'campaign_games_plays_total{step="finish"} 0',
        'campaign_games_webhook_deliveries_total{status="exhausted"} 0',
        "campaign_games_webhook_lag_seconds_count 0"
      ]) {
        assert.include(lines, line)
      }
    })
  )
})

describe("Observability.requestIdOf", () => {
  it("keeps 1 to 128 characters from ! to ~, replaces anything else with a random UUID", () => {
    for (const kept of ["a", "!", "~", "x".repeat(128), "abc-DEF_123:/?#[]@!$&'()*+,;=", '"quoted"']) {
      assert.strictEqual(Observability.requestIdOf(kept), kept)
    }
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    for (const replaced of [undefined, "", "x".repeat(129), "a b", "tab\there", "é", "line\nbreak", "\u007f"]) {
      const id = Observability.requestIdOf(replaced)
      assert.match(id, uuid, `${replaced}`)
    }
    assert.notStrictEqual(Observability.requestIdOf(undefined), Observability.requestIdOf(undefined))
  })
})
