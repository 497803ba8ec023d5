/**
 * The play calls' lane on Node's `request` event (`NodePlayLane`), ahead of the routes served by
 * `@effect/platform-node`: what it answers itself never reaches the routes' listener, and still
 * carries the request id, counts in `/metrics` and writes its log line; what it declines after
 * reading the body reaches the routes with that body to read again; with a tracer recording spans
 * it takes nothing.
 */
import { createServer } from "node:http"
import { HttpConfig, NodeEngine, NodePlayLane, Observability, RateLimitStore, Server } from "@campaign-games/http"
import { MemoryStore } from "@campaign-games/testing"
import { NodeHttpServer } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, Redacted, References, Tracer } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { RateLimiter } from "effect/persistence"
import { ORIGIN, WHEEL } from "./support/LiveWheel.ts"

const ADMIN = "node-play-lane-admin-token-0123456789"

/**
 * The routes on a Node server with the lane ahead of them, on a free loopback port; `reached` lists
 * the `METHOD path` of every request that came to the routes' listener, `lines` the JSON log lines.
 */
const serve = (options: { readonly traced: boolean }) =>
  Effect.gen(function* () {
    const reached: Array<string> = []
    const lines: Array<Record<string, unknown>> = []
    const spans: Array<string> = []
    const server = Layer.unwrap(
      Effect.gen(function* () {
        const handler = yield* HttpRouter.toHttpEffect(Server.routes)
        const lane = yield* NodePlayLane.make
        const node = () => {
          const created = NodePlayLane.intercept(createServer(), lane)
          created.on("request", (request) => reached.push(`${request.method} ${request.url}`))
          return created
        }
        return HttpServer.serve(handler).pipe(
          Layer.provideMerge(NodeHttpServer.layerServer(node, { port: 0, host: "127.0.0.1" }))
        )
      })
    )
    const recording = Tracer.make({
      span(span) {
        spans.push(span.name)
        return Tracer.nativeTracer.span(span)
      }
    })
    const context = yield* Layer.build(
      server.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            NodeEngine.layer(MemoryStore.layer, { dispatcher: false }),
            RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
            Layer.succeed(HttpConfig.HttpConfig, {
              adminToken: Redacted.make(ADMIN),
              publicUrl: "http://localhost",
              logFormat: "json"
            }),
            NodeHttpServer.layerHttpServices,
            Observability.layerJsonLogger((line) => lines.push(JSON.parse(line))),
            options.traced
              ? Layer.mergeAll(Layer.succeed(Tracer.Tracer, recording), Layer.succeed(References.TracerEnabled, true))
              : Layer.succeed(References.TracerEnabled, false)
          )
        )
      )
    )
    const address = Context.get(context, HttpServer.HttpServer).address
    const base = address._tag === "UnixPathAddress" ? "" : `http://127.0.0.1:${address.port}`
    const call = (
      path: string,
      credential: string,
      body?: unknown,
      options: { readonly raw?: string; readonly headers?: Record<string, string>; readonly method?: string } = {}
    ) =>
      Effect.promise(async () => {
        const response = await fetch(`${base}${path}`, {
          method: options.method ?? "POST",
          headers: {
            authorization: `Bearer ${credential}`,
            ...(body === undefined && options.raw === undefined ? {} : { "content-type": "application/json" }),
            ...options.headers
          },
          ...(options.raw !== undefined
            ? { body: options.raw }
            : body === undefined
              ? {}
              : { body: JSON.stringify(body) })
        })
        const text = await response.text()
        const json = response.headers.get("content-type")?.includes("json") === true
        return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : null }
      })
    /** An account with a live wheel on a channel; its owner key. */
    const setup = Effect.gen(function* () {
      const created = yield* call("/admin/v1/accounts", ADMIN, { name: "lane", plan: "pro" })
      assert.strictEqual(created.status, 201, created.text)
      const key = created.body.apiKey.key as string
      assert.strictEqual((yield* call("/v1/tenant/allowed-origins", key, { origin: ORIGIN })).status, 201)
      const channel = (yield* call("/v1/channels", key, { name: "Main" })).body.channel
      const campaign = (yield* call("/v1/game-instances", key, {
        gameSlug: "spin-the-wheel",
        name: "Live",
        channelId: channel.id,
        config: WHEEL
      })).body.gameInstance
      assert.strictEqual((yield* call(`/v1/game-instances/${campaign.id}/activate`, key, {})).status, 200)
      return { key, accountId: created.body.account.id as string, channelId: channel.id as string }
    })
    return { base, call, setup, reached, lines, spans }
  })

/** The value of `http_requests_total` for a route and status in the `/metrics` text. */
const counted = (metrics: string, route: string, status: number): number => {
  const line = metrics
    .split("\n")
    .find(
      (l) => l.startsWith("http_requests_total{") && l.includes(`route="${route}"`) && l.includes(`status="${status}"`)
    )
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1))
}

describe("NodePlayLane", () => {
  it.live("answers the plain play calls ahead of the routes, with the request id, the metrics and the log line", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const { call, lines, reached, setup } = yield* serve({ traced: false })
        const { accountId, channelId, key } = yield* setup
        reached.length = 0
        const minted = yield* call(
          "/v1/auth/session-tokens",
          key,
          { channelId, participantRef: "p-1", origin: ORIGIN },
          { headers: { "x-request-id": "mint-1" } }
        )
        assert.strictEqual(minted.status, 201, minted.text)
        assert.strictEqual(minted.headers.get("x-request-id"), "mint-1")
        assert.strictEqual(minted.headers.get("content-type"), "application/json")
        assert.isNotNull(minted.headers.get("x-ratelimit-remaining"))
        const token = minted.body.clientToken as string
        const started = yield* call("/v1/play/sessions", token)
        assert.strictEqual(started.status, 201, started.text)
        assert.match(started.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/)
        const finished = yield* call(`/v1/play/sessions/${started.body.session.id}/finish`, token, {})
        assert.strictEqual(finished.status, 200, finished.text)
        assert.strictEqual(finished.body.entry.sessionId, started.body.session.id)
        // A refusal of the use case is the lane's too: the session is finished.
        const again = yield* call(`/v1/play/sessions/${started.body.session.id}/finish`, token, {})
        assert.strictEqual(again.status, 409, again.text)
        assert.deepStrictEqual(reached, [], "the routes saw none of them")

        const metrics = (yield* call("/metrics", "", undefined, { method: "GET" })).text
        assert.strictEqual(counted(metrics, "/v1/auth/session-tokens", 201), 1, metrics)
        assert.strictEqual(counted(metrics, "/v1/play/sessions", 201), 1)
        assert.strictEqual(counted(metrics, "/v1/play/sessions/:sessionId/finish", 200), 1)
        assert.strictEqual(counted(metrics, "/v1/play/sessions/:sessionId/finish", 409), 1)
        const line = lines.find((l) => l.message === "request" && l.requestId === "mint-1")
        assert.isDefined(line, JSON.stringify(lines))
        assert.strictEqual(line!.route, "/v1/auth/session-tokens")
        assert.strictEqual(line!.status, 201)
        assert.strictEqual(line!.method, "POST")
        assert.strictEqual(line!.accountId, accountId)
        assert.notInclude(JSON.stringify(lines), token, "no client token in a log line")
      })
    )
  )

  it.live("hands what it declines after reading the body to the routes, which read it again", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const { base, call, reached, setup } = yield* serve({ traced: false })
        const { channelId, key } = yield* setup
        reached.length = 0
        const extra = yield* call("/v1/auth/session-tokens", key, {
          channelId,
          participantRef: "p-2",
          origin: ORIGIN,
          x: 1
        })
        assert.strictEqual(extra.status, 400, extra.text)
        assert.deepStrictEqual(
          extra.body.error.details.map((d: { path: string }) => d.path),
          ["x"]
        )
        const nul = yield* call("/v1/auth/session-tokens", key, undefined, {
          raw: JSON.stringify({ channelId, participantRef: "p-\u0000", origin: ORIGIN })
        })
        assert.strictEqual(nul.status, 400, nul.text)
        assert.deepStrictEqual(
          nul.body.error.details.map((d: { path: string }) => d.path),
          ["participantRef"]
        )
        const wrongKey = yield* call("/v1/auth/session-tokens", `${key}x`, {
          channelId,
          participantRef: "p-3",
          origin: ORIGIN
        })
        assert.strictEqual(wrongKey.status, 401, wrongKey.text)
        // A body of unannounced length (chunked) is not read here: the routes read and answer it.
        const chunked = yield* Effect.promise(async () => {
          const response = await fetch(`${base}/v1/auth/session-tokens`, {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: new Blob([JSON.stringify({ channelId, participantRef: "p-4", origin: ORIGIN })]).stream(),
            duplex: "half"
          } as RequestInit)
          return { status: response.status, body: (await response.json()) as { clientToken?: string } }
        })
        assert.strictEqual(chunked.status, 201)
        assert.isString(chunked.body.clientToken)
        assert.deepStrictEqual(reached, [
          "POST /v1/auth/session-tokens",
          "POST /v1/auth/session-tokens",
          "POST /v1/auth/session-tokens",
          "POST /v1/auth/session-tokens"
        ])
      })
    )
  )

  it.live(
    "counts the mint's 600 a minute per key itself: the 601st is a 429 with its headers",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const { call, reached, setup } = yield* serve({ traced: false })
          const { channelId, key } = yield* setup
          reached.length = 0
          const mint = (i: number) =>
            call("/v1/auth/session-tokens", key, { channelId, participantRef: `r-${i}`, origin: ORIGIN })
          const answers = yield* Effect.forEach(
            Array.from({ length: 600 }, (_, i) => i),
            mint,
            { concurrency: 16 }
          )
          assert.deepStrictEqual([...new Set(answers.map((a) => a.status))], [201])
          assert.deepStrictEqual(
            answers.map((a) => Number(a.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b),
            Array.from({ length: 600 }, (_, i) => i),
            "each answer says how many are left"
          )
          const refused = yield* mint(600)
          assert.strictEqual(refused.status, 429, refused.text)
          assert.strictEqual(refused.body.error.code, "rate_limited")
          assert.strictEqual(refused.headers.get("x-ratelimit-limit"), "600")
          assert.strictEqual(refused.headers.get("x-ratelimit-remaining"), "0")
          assert.isAtLeast(Number(refused.headers.get("retry-after")), 1)
          assert.deepStrictEqual(reached, [], "the lane answered all of them")
        })
      ),
    60_000
  )

  it.live("takes nothing while a tracer records spans: the routes serve the plays under the request's span", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const { call, reached, setup, spans } = yield* serve({ traced: true })
        const { channelId, key } = yield* setup
        reached.length = 0
        spans.length = 0
        const minted = yield* call("/v1/auth/session-tokens", key, { channelId, participantRef: "p-4", origin: ORIGIN })
        assert.strictEqual(minted.status, 201, minted.text)
        assert.deepStrictEqual(reached, ["POST /v1/auth/session-tokens"])
        assert.include(spans, "Plays.mint")
      })
    )
  )
})
