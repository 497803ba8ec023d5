/**
 * What the operator sees of each request: its id, its metrics and, with `CG_LOG_FORMAT=json`, its
 * log line.
 *
 * - Every answer carries `X-Request-Id`: the caller's, when it is 1 to 128 characters from `!` to
 *   `~`, else a new one (a random UUID). The id is on the request's span (`http.request_id`, and
 *   on every span under it while a tracer runs) and on every log line written while the request
 *   runs.
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`
 *   (a histogram) count every answer by the route's template (`/v1/game-instances/:id`, never the
 *   id itself; `unmatched` for a path no route serves).
 * - With `logFormat: "json"` one JSON line per request goes through effect's logger (the
 *   application installs `jsonLogger`): `time`, `level`, `message: "request"`, `requestId`,
 *   `method`, `route`, `status`, `durationMs`, `accountId` (the caller's account when a key or a
 *   client token named one). Never a key, a token, a code, a secret, a query string or a
 *   participant reference: the line is made of those fields only.
 *
 * `layer` is the router's outermost middleware: it wraps the error boundary (`ErrorBoundary.handle`),
 * so the answers the boundary makes (404s, 400s, 500s) are counted and carry the id too. The route's
 * template is taken by `routeLayer`, a route middleware under it, and the account by the
 * authentication middleware (`setAccount`), both into the request's `State`.
 *
 * @since 0.1.0
 */
import { Context, Effect, type Layer, Logger, Metric, Tracer, type Types } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as ErrorBoundary from "./ErrorBoundary.ts"
import { HttpConfig } from "./HttpConfig.ts"

/** The header that carries a request's id, both ways. */
export const HEADER = "x-request-id"

/** The longest request id taken from the caller. */
export const MAX_REQUEST_ID = 128

/** The route label of a request no route matched. */
export const UNMATCHED = "unmatched"

/** Whether `value` is a request id the caller may choose: 1 to 128 characters from `!` to `~`. */
export const isValidRequestId = (value: string): boolean => {
  if (value.length === 0 || value.length > MAX_REQUEST_ID) return false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x21 || code > 0x7e) return false
  }
  return true
}

/** A fresh request id: a random UUID (Web Crypto, a cryptographically strong source). */
export const newRequestId = (): string => globalThis.crypto.randomUUID()

/** The id of a request whose `X-Request-Id` header is `header`: the caller's when valid, else a new one. */
export const requestIdOf = (header: string | undefined): string =>
  header !== undefined && isValidRequestId(header) ? header : newRequestId()

/** What is learnt of a request while it runs: its route's template and the caller's account. */
export interface State {
  route: string | undefined
  accountId: string | undefined
}

// The state of each request being served, by the request's source (Node's `IncomingMessage`, or a
// Web `Request`), which every modified copy of the request keeps: no context to copy per request.
const states = new WeakMap<object, State>()

/** The `State` of the request being served in `context`, if `layer` serves it. */
const stateOf = (context: Context.Context<never>): State | undefined => {
  const request = Context.getOrUndefined(context, HttpServerRequest.HttpServerRequest)
  return request === undefined ? undefined : states.get(request.source as object)
}

/**
 * Records the route template of a request served without the router's matching (`PlayLane`), as
 * the router does for the routes it matches: in the request's state (`routeLayer`) and, while a
 * tracer runs, as the request span's `http.route`.
 */
export const setRoute = (route: string): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    const state = stateOf(fiber.context)
    if (state !== undefined) state.route = route
    const span = Context.getOrUndefined(fiber.context, Tracer.ParentSpan)
    if (span !== undefined && span._tag === "Span" && span.sampled) span.attribute("http.route", route)
    return Effect.void
  })

/** Records the account the request acts for (the authentication middleware calls it). */
export const setAccount = (accountId: string): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    const state = stateOf(fiber.context)
    if (state !== undefined) state.accountId = accountId
    return Effect.void
  })

// -----------------------------------------------------------------------------
// Metrics
// -----------------------------------------------------------------------------

const requests = Metric.counter("http_requests_total", {
  description: "HTTP answers by method, route template and status.",
  incremental: true
})

/** Bucket bounds of the request duration histogram, in seconds: 1 ms to 10 s. */
export const DURATION_BOUNDARIES: ReadonlyArray<number> = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
]

const durations = Metric.histogram("http_request_duration_seconds", {
  description: "HTTP request durations by method and route template.",
  boundaries: DURATION_BOUNDARIES
})

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/** The method as a label: one of the methods the API has, else `other` (labels stay a small set). */
const methodLabel = (method: string): string => (METHODS.has(method) ? method : "other")

// One metric per label set, made once: updating a metric whose attributes are fixed costs a map
// lookup, where `Metric.withAttributes` on each update would build a context and a key each time.
const counters = new Map<string, Metric.Metric<number, Metric.CounterState<number>>>()
const histograms = new Map<string, Metric.Metric<number, Metric.HistogramState>>()

const counterFor = (method: string, route: string, status: number) => {
  const key = `${method} ${route} ${status}`
  let counter = counters.get(key)
  if (counter === undefined) {
    counter = Metric.counter(requests.id, {
      description: requests.description,
      incremental: true,
      attributes: { method, route, status: String(status) }
    })
    counters.set(key, counter)
  }
  return counter
}

const histogramFor = (method: string, route: string) => {
  const key = `${method} ${route}`
  let histogram = histograms.get(key)
  if (histogram === undefined) {
    histogram = Metric.histogram(durations.id, {
      description: durations.description,
      boundaries: DURATION_BOUNDARIES,
      attributes: { method, route }
    })
    histograms.set(key, histogram)
  }
  return histogram
}

/**
 * Counts one answer in `http_requests_total` and `http_request_duration_seconds`, by its method,
 * route template and status, with `context`'s metric references. What `layer` does for every answer
 * of the router, and the play calls' Node lane (`NodePlayLane`) for its own.
 */
export const recordAnswerUnsafe = (
  context: Context.Context<never>,
  method: string,
  route: string,
  status: number,
  seconds: number
): void => {
  const label = methodLabel(method)
  counterFor(label, route, status).updateUnsafe(1, context)
  histogramFor(label, route).updateUnsafe(seconds, context)
}

/** What a request's log line says (`logFormat: "json"`): never more than these fields. */
export interface RequestLine {
  readonly requestId: string
  readonly method: string
  readonly route: string
  readonly status: number
  readonly seconds: number
  readonly accountId: string | undefined
}

/** The request's log line: `message: "request"` and the fields of `RequestLine`. */
export const logRequest = (line: RequestLine): Effect.Effect<void> =>
  Effect.logInfo("request").pipe(
    Effect.annotateLogs({
      requestId: line.requestId,
      method: line.method,
      route: line.route,
      status: line.status,
      durationMs: Math.round(line.seconds * 1000 * 1000) / 1000,
      accountId: line.accountId ?? null
    })
  )

// -----------------------------------------------------------------------------
// Middleware
// -----------------------------------------------------------------------------

/**
 * Wraps the router's handler: the error boundary inside, then the request id, the metrics and the
 * log line of each answer. `json` says whether to write the log line.
 */
export const observe =
  (json: boolean) =>
  <E, R>(
    httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> => {
    const handled = ErrorBoundary.handle(httpEffect)
    return Effect.withFiber((fiber) => {
      const request = Context.getUnsafe(
        fiber.context as Context.Context<HttpServerRequest.HttpServerRequest>,
        HttpServerRequest.HttpServerRequest
      )
      const requestId = requestIdOf(request.headers[HEADER])
      const state: State = { route: undefined, accountId: undefined }
      const started = performance.now()
      // The request's span, when a tracer made one (`HttpMiddleware.tracer`, under this middleware's caller).
      const parent = Context.getOrUndefined(fiber.context, Tracer.ParentSpan)
      const span = parent !== undefined && parent._tag === "Span" && parent.sampled ? parent : undefined
      if (span !== undefined) span.attribute("http.request_id", requestId)
      states.set(request.source as object, state)
      const annotated = json ? Effect.annotateLogs(handled, "requestId", requestId) : handled
      const traced = span === undefined ? annotated : Effect.annotateSpans(annotated, "http.request_id", requestId)
      return Effect.flatMap(traced, (response) => {
        const seconds = (performance.now() - started) / 1000
        const route = state.route ?? UNMATCHED
        recordAnswerUnsafe(fiber.context, request.method, route, response.status, seconds)
        const answered = HttpServerResponse.setHeader(response, HEADER, requestId)
        if (!json) return Effect.succeed(answered)
        return Effect.as(
          logRequest({
            requestId,
            method: request.method,
            route,
            status: response.status,
            seconds,
            accountId: state.accountId
          }),
          answered
        )
      })
    })
  }

/**
 * The outermost middleware of every route (in place of `ErrorBoundary.layer`, which it wraps): the
 * request id, the metrics and, when `HttpConfig.logFormat` is `json`, the log line of each answer.
 */
export const layer = HttpRouter.middleware(
  Effect.map(Effect.service(HttpConfig), (config) => {
    const wrap = observe(config.logFormat === "json")
    return (httpEffect) => wrap(httpEffect) as Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled>
  }),
  { global: true }
)

/** A route middleware that records the matched route's template in the request's `State`. */
export const routeLayer = HttpRouter.middleware((httpEffect) =>
  Effect.withFiber((fiber) => {
    const state = stateOf(fiber.context)
    const route = Context.getOrUndefined(fiber.context, HttpRouter.RouteContext)
    if (state !== undefined && route !== undefined) state.route = route.route.path
    return httpEffect
  })
).layer

// -----------------------------------------------------------------------------
// Logs
// -----------------------------------------------------------------------------

/**
 * A logger writing one JSON object per line: `time`, `level`, `message`, the log's annotations as
 * fields of their own (`requestId`, and a request line's `method`, `route`, `status`, `durationMs`,
 * `accountId`), and `cause` when there is one. `write` defaults to the console's `log`.
 */
export const jsonLogger = (write?: (line: string) => void): Logger.Logger<unknown, void> => {
  const format = Logger.map(Logger.formatStructured, (entry) =>
    JSON.stringify({
      time: entry.timestamp,
      level: entry.level,
      message: entry.message,
      ...entry.annotations,
      ...(entry.cause === undefined ? {} : { cause: entry.cause })
    })
  )
  return write === undefined ? Logger.withConsoleLog(format) : Logger.make((options) => write(format.log(options)))
}

/** Effect's loggers replaced by `jsonLogger(write)`. */
export const layerJsonLogger = (write?: (line: string) => void): Layer.Layer<never> => Logger.layer([jsonLogger(write)])
