/**
 * The reference server: the `/v1` routes over the engine (`NodeEngine.layer` from
 * `@campaign-games/http`: every use case, the webhook fan-out and delivery worker, the guards and
 * the Node adapters), with rate limiting (memory, or Redis shared between instances), served by
 * Node's HTTP server. `main.ts` runs it from the environment; tests run the same composition on a
 * free port with the store they choose.
 *
 * @since 0.1.0
 */

import { createServer } from "node:http"
import { HttpConfig, NodePlayLane, Observability, RateLimitStore, Server } from "@campaign-games/http"
import { NodeHttpServer, NodeRedis } from "@effect/platform-node"
import { Effect, Layer, type Redacted } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { RateLimiter } from "effect/persistence"

export interface AppOptions {
  readonly adminToken: Redacted.Redacted<string> | undefined
  readonly publicUrl: string
  /** Shares rate-limit counts between instances; process memory when undefined. */
  readonly redisUrl?: string | undefined
  /** `json`: one JSON log line per request (install `Observability.jsonLogger` too); none when `text`. */
  readonly logFormat?: "text" | "json" | undefined
  /** The bearer token `/metrics` asks for; loopback callers only when undefined. */
  readonly metricsToken?: Redacted.Redacted<string> | undefined
  /** How long a count waits for Redis before this instance counts in memory (default 500). */
  readonly redisTimeoutMs?: number | undefined
}

/** How soon the Redis client reconnects after losing its connection, every time, on every instance. */
const REDIS_RECONNECT_MS = 250

/**
 * The Redis client of the rate limits: commands fail at once while it is disconnected rather than
 * wait in its queue (the limiter then counts in memory), it reconnects every 250 ms (no growing
 * backoff, so every instance is back within a quarter second of Redis), and gives up at start
 * when Redis is not there (the server does not start half-configured).
 */
const redisClient = (url: string, timeoutMs: number) =>
  Layer.unwrap(
    Effect.sync(() => {
      let started = false
      return Layer.tap(
        NodeRedis.layer({
          url,
          disableOfflineQueue: true,
          socket: {
            connectTimeout: Math.max(timeoutMs, 1_000),
            reconnectStrategy: (_retries: number, cause: Error) => (started ? REDIS_RECONNECT_MS : cause)
          }
        }),
        () =>
          Effect.sync(() => {
            started = true
          })
      )
    })
  )

/**
 * A `RateLimiter` counting fixed windows on Redis when a URL is given (in memory while Redis does
 * not answer within `redisTimeoutMs`: `RateLimitStore.layerRedisDegrading`), else in process memory.
 */
export const rateLimiter = (redisUrl: string | undefined, redisTimeoutMs = 500) =>
  RateLimiter.layer.pipe(
    Layer.provide(
      redisUrl === undefined
        ? RateLimitStore.layerMemory
        : RateLimitStore.layerRedisDegrading({ prefix: "cg:ratelimit:", timeout: redisTimeoutMs }).pipe(
            Layer.provide(redisClient(redisUrl, redisTimeoutMs))
          )
    )
  )

/** What the routes need besides the engine (`NodeEngine.layer`): the rate limits' store and `HttpConfig`. */
const dependencies = (options: AppOptions) =>
  Layer.merge(
    rateLimiter(options.redisUrl, options.redisTimeoutMs),
    Layer.succeed(HttpConfig.HttpConfig, {
      adminToken: options.adminToken,
      publicUrl: options.publicUrl,
      logFormat: options.logFormat,
      metricsToken: options.metricsToken
    })
  )

/** What Node answers itself, before any route sees the request, in the API's error shape. */
const clientErrorAnswer = (code: string | undefined): { status: number; reason: string; message: string } =>
  code === "HPE_HEADER_OVERFLOW"
    ? { status: 431, reason: "Request Header Fields Too Large", message: "The request's headers are too large." }
    : code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? { status: 408, reason: "Request Timeout", message: "The request took too long to arrive." }
      : { status: 400, reason: "Bad Request", message: "The request is not valid HTTP." }

/**
 * Node's HTTP server, whose answers to requests it cannot parse (an unknown method, headers over its
 * limit, a malformed request line) carry the API's error shape instead of an empty body, and a new
 * `X-Request-Id` like every other answer (the request's own header is not trusted: it was not read).
 */
const createApiServer = () =>
  createServer().on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy()
    const { message, reason, status } = clientErrorAnswer(error.code)
    const body = JSON.stringify({ error: { code: "invalid_request", message } })
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${Observability.newRequestId()}\r\nconnection: close\r\n\r\n${body}`
    )
  })

/** The routes' server, with the play calls' lane ahead of it on Node's `request` event when given (`NodePlayLane`). */
const makeServer = (lane: NodePlayLane.Listener | undefined) =>
  lane === undefined ? createApiServer : () => NodePlayLane.intercept(createApiServer(), lane)

/**
 * Serves an application layer of routes with Node's HTTP server on `host:port` (port 0 picks a free
 * one). The routes are built first and the port opens only once their handler is attached: Node
 * leaves a request that arrives before a `request` listener exists unanswered (until its
 * `requestTimeout`, 5 minutes), so a server restarted under load must not accept connections early.
 */
export const serveRoutes = <E, R, EL = never, RL = never>(
  routes: Layer.Layer<never, E, R>,
  options: {
    readonly host: string
    readonly port: number
    /** A listener ahead of the routes on Node's `request` event: the play calls' lane (`NodePlayLane.make`). */
    readonly lane?: Effect.Effect<NodePlayLane.Listener, EL, RL> | undefined
  }
) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const handler = yield* HttpRouter.toHttpEffect(routes)
      const lane = options.lane === undefined ? undefined : yield* options.lane
      return HttpServer.serve(handler).pipe(
        Layer.provideMerge(NodeHttpServer.layerServer(makeServer(lane), { port: options.port, host: options.host }))
      )
    })
  ).pipe(Layer.provideMerge(NodeHttpServer.layerHttpServices))

/**
 * The routes served by Node's HTTP server on `host:port` (port 0 picks a free one). Provide the
 * engine (`NodeEngine.layer(store)`) last, so the port opens only once the store is ready.
 */
export const serve = (options: AppOptions & { readonly host: string; readonly port: number }) =>
  serveRoutes(Server.routes, { ...options, lane: NodePlayLane.make }).pipe(Layer.provide(dependencies(options)))
