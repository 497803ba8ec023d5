/**
 * `GET /metrics`: every metric of the running program in the Prometheus text format, rendered by
 * effect's `PrometheusMetrics` from effect's metric registry: the HTTP layer's
 * (`Observability`: `http_requests_total`, `http_request_duration_seconds`), the engine's
 * (`EngineMetrics`: plays, webhook attempts and lag), the store's gauges read at each scrape
 * (`StoreGauges`: `campaign_games_webhook_pending`, `campaign_games_db_pool_connections`) and the
 * process's (`process_cpu_seconds_total`, `process_resident_memory_bytes`,
 * `nodejs_eventloop_lag_seconds`: the mean event-loop delay since the previous scrape).
 *
 * Access (`access`): with `HttpConfig.metricsToken` (`CG_METRICS_TOKEN`) set, only a request with
 * `Authorization: Bearer <that token>` (compared in constant time; 401 otherwise); unset, only a
 * caller on a loopback address (127.0.0.0/8, `::1`; 403 otherwise). Outside the `/v1` API: no key,
 * no rate limit, not in the OpenAPI document.
 *
 * @since 0.1.0
 */
import { monitorEventLoopDelay } from "node:perf_hooks"
import { EngineMetrics, Secrets, StoreGauges } from "@campaign-games/core"
import { Duration, Effect, Layer, Metric, Option, Redacted } from "effect"
import { HttpRouter, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { PrometheusMetrics } from "effect/observability"
import * as ApiError from "./ApiError.ts"
import { HttpConfig } from "./HttpConfig.ts"

/** Whether a scrape may read the metrics, and if not, why. */
export type Access = "allowed" | "unauthorized" | "forbidden"

/** Whether `address` (as Node reports a peer: `127.0.0.1`, `::1`, `::ffff:127.0.0.1`) is a loopback address. */
export const isLoopback = (address: string | undefined): boolean => {
  if (address === undefined) return false
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address
  return v4.startsWith("127.") || address === "::1" || address === "0:0:0:0:0:0:0:1"
}

/** The token of an `Authorization: Bearer <token>` header, if it is one. */
const bearerOf = (authorization: string | undefined): string | undefined => {
  if (authorization === undefined) return undefined
  const match = /^Bearer +(\S+) *$/i.exec(authorization)
  return match === null ? undefined : match[1]
}

/**
 * The access rule of `/metrics`: with a `token` configured, the request's bearer token must be it
 * (else `unauthorized`), wherever it comes from; without one, the caller must be on a loopback
 * address (else `forbidden`).
 */
export const access = (
  token: string | undefined,
  request: { readonly authorization: string | undefined; readonly remoteAddress: string | undefined }
): Access => {
  if (token !== undefined) {
    const given = bearerOf(request.authorization)
    return given !== undefined && Secrets.constantTimeEqual(given, token) ? "allowed" : "unauthorized"
  }
  return isLoopback(request.remoteAddress) ? "allowed" : "forbidden"
}

/** How long the store's gauges may take at a scrape; past it they keep their previous values. */
export const GAUGES_TIMEOUT = Duration.seconds(2)

const cpu = Metric.counter("process_cpu_seconds_total", {
  description: "User and system CPU time spent by the process, in seconds."
})
const rss = Metric.gauge("process_resident_memory_bytes", {
  description: "Resident memory of the process, in bytes."
})
const eventLoopLag = Metric.gauge("nodejs_eventloop_lag_seconds", {
  description: "Mean delay of the event loop since the previous scrape, in seconds."
})

const poolGauges = EngineMetrics.dbPoolConnections

/**
 * The process's metrics, read when the registry is (at a scrape): CPU time and resident memory
 * from `process`, the event loop's delay from a `monitorEventLoopDelay` histogram sampled every
 * 20 ms while the layer lives and reset at each read.
 */
export const layerProcess: Layer.Layer<never> = Layer.effectDiscard(
  Effect.gen(function* () {
    const context = yield* Effect.context<never>()
    const delay = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const histogram = monitorEventLoopDelay({ resolution: 20 })
        histogram.enable()
        return histogram
      }),
      (histogram) => Effect.sync(() => histogram.disable())
    )
    const registrations = [
      Metric.registerUnsafe(cpu, context, {
        get: () => {
          const used = process.cpuUsage()
          return { count: (used.user + used.system) / 1e6, incremental: true }
        },
        update: () => {},
        modify: () => {}
      }),
      Metric.registerUnsafe(rss, context, {
        get: () => ({ value: process.memoryUsage.rss() }),
        update: () => {},
        modify: () => {}
      }),
      Metric.registerUnsafe(eventLoopLag, context, {
        get: () => {
          const mean = delay.count > 0 ? delay.mean / 1e9 : 0
          delay.reset()
          return { value: mean }
        },
        update: () => {},
        modify: () => {}
      })
    ]
    yield* Effect.addFinalizer(() => Effect.sync(() => registrations.forEach((r) => r.remove())))
  })
)

/** Reads the store's gauges into their metrics; a store that does not answer in time is skipped. */
const readStoreGauges = (gauges: StoreGauges.StoreGauges["Service"]) =>
  gauges.read.pipe(
    Effect.timeout(GAUGES_TIMEOUT),
    Effect.flatMap(({ pool, webhookPending }) =>
      Effect.gen(function* () {
        yield* Metric.update(EngineMetrics.webhookPending, webhookPending)
        if (pool === null) return
        yield* Metric.update(poolGauges.inUse, pool.inUse)
        yield* Metric.update(poolGauges.idle, pool.idle)
        yield* Metric.update(poolGauges.waiting, pool.waiting)
      })
    ),
    Effect.catch((error) => Effect.logWarning("metrics: the store's gauges were not read", error._tag))
  )

const refused = (status: 401 | 403) =>
  HttpServerResponse.jsonUnsafe(
    status === 401
      ? ApiError.body("unauthorized", "Send the metrics token: Authorization: Bearer <CG_METRICS_TOKEN>.")
      : ApiError.body(
          "forbidden",
          "The metrics are served to loopback callers only (set CG_METRICS_TOKEN to allow others)."
        ),
    {
      status,
      headers:
        status === 401 ? { "www-authenticate": "Bearer", "cache-control": "no-store" } : { "cache-control": "no-store" }
    }
  )

/** The `/metrics` route, with the process's metrics. */
export const layer = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const config = yield* HttpConfig
    const gauges = yield* StoreGauges.StoreGauges
    const token = config.metricsToken === undefined ? undefined : Redacted.value(config.metricsToken)
    yield* EngineMetrics.register
    yield* router.add("GET", "/metrics", (request: HttpServerRequest.HttpServerRequest) => {
      const allowed = access(token, {
        authorization: request.headers.authorization,
        remoteAddress: Option.getOrUndefined(request.remoteAddress)
      })
      if (allowed !== "allowed") return Effect.succeed(refused(allowed === "unauthorized" ? 401 : 403))
      return Effect.andThen(
        readStoreGauges(gauges),
        Effect.map(PrometheusMetrics.format(), (body) =>
          HttpServerResponse.text(body, {
            contentType: "text/plain; version=0.0.4; charset=utf-8",
            headers: { "cache-control": "no-store" }
          })
        )
      )
    })
  })
).pipe(Layer.provideMerge(layerProcess))
