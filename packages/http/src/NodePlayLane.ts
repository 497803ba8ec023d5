/**
 * The play calls' lane (`PlayLane`) on Node's own `request` event, ahead of the effect HTTP server:
 * a mint, start or finish in its plain form is read, answered and counted here, and every other
 * request goes on to the server's listener as it came. The reference server serves the API this
 * way (`examples/server` `App.serve`); an embedder serving `Server.routes` with
 * `@effect/platform-node` on its own `http.Server` can do the same with `make` and `intercept`.
 *
 * What it leaves out is the effect HTTP server's work for the calls it takes: the request and
 * response objects, the router and its middlewares, the body read through a stream effect. What it
 * keeps is what every answer of the API has (`Observability`): the `X-Request-Id` (the caller's
 * when valid, else a new one), `http_requests_total` and `http_request_duration_seconds` by the
 * route's template, the log line with `logFormat: "json"` (and the request id on every line logged
 * while the call runs); the request's fiber is interrupted when the client goes away before the
 * answer, and when the server's scope closes. Where the body it read is not one the lane takes (a
 * field the API refuses, a NUL, malformed JSON), or the credential is refused, the request goes on
 * to the server with that body to read again, before anything was written.
 *
 * Not taken here, so the server serves them as before: requests with a body of unannounced length
 * (chunked) or over `ErrorBoundary.MAX_JSON_BODY`, HTTP/2, and every request while a tracer other
 * than effect's native one records spans (`References.TracerEnabled` on, an OTLP exporter): the
 * request's span is the HTTP server's to make, and `PlayLane.layer` serves the plays under it.
 *
 * Measured: docs/performance.md ("The Node lane").
 *
 * @since 0.1.0
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Readable } from "node:stream"
import type { ApiKeys, ClientToken, Plays } from "@campaign-games/core"
import { Context, Effect, Exit, Fiber, References, Scope, Tracer } from "effect"
import type { RateLimiter } from "effect/persistence"
import * as ApiError from "./ApiError.ts"
import * as ErrorBoundary from "./ErrorBoundary.ts"
import { HttpConfig } from "./HttpConfig.ts"
import * as Observability from "./Observability.ts"
import * as PlayLane from "./PlayLane.ts"
import * as StrictInput from "./StrictInput.ts"

/**
 * A `request` listener that serves a play call itself or passes the request to `next` (at once, or
 * after reading its body, with a request that gives that body again).
 */
export type Listener = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (request: IncomingMessage, response: ServerResponse) => void
) => void

const MAX_BODY = Number(ErrorBoundary.MAX_JSON_BODY)

/** The answer to a call interrupted before its own (`ErrorBoundary.renderCause`'s). */
const interrupted = (call: PlayLane.Call): PlayLane.Answer => ({
  status: ApiError.statusOf.service_unavailable,
  body: JSON.stringify(ApiError.body("service_unavailable", "The request was interrupted; retry with backoff.")),
  headers: undefined,
  route: PlayLane.routes[call._tag],
  accountId: undefined
})
const EMPTY = Buffer.alloc(0)

/** The caller's `X-Request-Id` header when it is one value. */
const requestIdHeader = (request: IncomingMessage): string | undefined => {
  const value = request.headers[Observability.HEADER]
  return typeof value === "string" ? value : undefined
}

/**
 * `source` again for the server's listener, its body `body` (already read from `source`): the same
 * request line, headers and socket, complete, so that the server reads the body from it as it would
 * have from `source`.
 */
const replay = (source: IncomingMessage, body: Buffer): IncomingMessage => {
  const again = new Readable({ read() {} })
  again.push(body)
  again.push(null)
  return Object.assign(again, {
    method: source.method,
    url: source.url,
    headers: source.headers,
    rawHeaders: source.rawHeaders,
    trailers: source.trailers,
    rawTrailers: source.rawTrailers,
    httpVersion: source.httpVersion,
    httpVersionMajor: source.httpVersionMajor,
    httpVersionMinor: source.httpVersionMinor,
    socket: source.socket,
    connection: source.socket,
    complete: true,
    aborted: false
  }) as unknown as IncomingMessage
}

/**
 * The listener, over the engine's `Plays`, `ApiKeys` and `TokenSigner`, a `RateLimiter` and
 * `HttpConfig` (its `logFormat`); the calls it serves run in this effect's context and are
 * interrupted when its scope closes, after which it takes no more. Build the server in the same
 * scope afterwards (as `examples/server` `App.serveRoutes` does): a scope closes in reverse, so the
 * server's graceful shutdown comes first and the calls in flight are answered.
 */
export const make: Effect.Effect<
  Listener,
  never,
  Plays.Plays | ApiKeys.ApiKeys | ClientToken.TokenSigner | RateLimiter.RateLimiter | HttpConfig | Scope.Scope
> = Effect.gen(function* () {
  const lane = yield* PlayLane.make
  const config = yield* HttpConfig
  const scope = yield* Effect.scope
  const context = yield* Effect.context<never>()
  const traced =
    Context.get(context, References.TracerEnabled) && Context.get(context, Tracer.Tracer) !== Tracer.nativeTracer
  const json = config.logFormat === "json"
  let open = !traced
  yield* Scope.addFinalizer(
    scope,
    Effect.sync(() => {
      open = false
    })
  )
  // The calls' fibers, in a scope made now: it closes after whatever the caller builds in `scope`
  // later (the HTTP server, whose graceful shutdown lets calls in flight finish), as the server's
  // own request fibers do.
  const calls = yield* Scope.fork(scope, "parallel")
  const runFork = Effect.runForkWith(context)

  /** Serves `call`, its body `body` read: the answer written, or the request passed on with its body. */
  const serve = (
    request: IncomingMessage,
    response: ServerResponse,
    next: (request: IncomingMessage, response: ServerResponse) => void,
    call: PlayLane.Call,
    body: Buffer | undefined,
    started: number
  ) => {
    const requestId = Observability.requestIdOf(requestIdHeader(request))
    const served = lane.serve(call, body === undefined ? undefined : StrictInput.plainJson(body))
    const program = json
      ? Effect.annotateLogs(
          Effect.tap(served, (answer) =>
            answer === undefined
              ? Effect.void
              : Observability.logRequest({
                  requestId,
                  method: "POST",
                  route: answer.route,
                  status: answer.status,
                  seconds: (performance.now() - started) / 1000,
                  accountId: answer.accountId
                })
          ),
          "requestId",
          requestId
        )
      : served
    const fiber = Fiber.runIn(runFork(program), calls)
    const answer = (exit: Exit.Exit<PlayLane.Answer | undefined>) => {
      // Interrupted (the lane answers every failure): the client went away, or the server is
      // stopping, and is answered as the error boundary answers an interrupted request.
      const value = Exit.isSuccess(exit) ? exit.value : interrupted(call)
      if (value === undefined) return next(replay(request, body ?? EMPTY), response)
      Observability.recordAnswerUnsafe(context, "POST", value.route, value.status, (performance.now() - started) / 1000)
      if (response.destroyed || response.headersSent) return
      response.writeHead(value.status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(value.body),
        [Observability.HEADER]: requestId,
        ...value.headers
      })
      response.end(value.body)
    }
    const done = fiber.pollUnsafe()
    if (done !== undefined) return answer(done)
    fiber.addObserver(answer)
    response.once("close", () => {
      if (!response.writableEnded) fiber.interruptUnsafe()
    })
  }

  const listener: Listener = (request, response, next) => {
    if (!open || request.httpVersionMajor !== 1) return next(request, response)
    const call = PlayLane.match(request.method ?? "", request.url ?? "", request.headers)
    if (call === undefined) return next(request, response)
    const started = performance.now()
    if (call.body === "none") return serve(request, response, next, call, undefined, started)
    const length = request.headers["content-length"]
    if (length === undefined || !(Number(length) <= MAX_BODY)) return next(request, response)
    const chunks: Array<Buffer> = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
    })
    request.once("end", () =>
      serve(
        request,
        response,
        next,
        call,
        chunks.length === 1 ? chunks[0]! : size === 0 ? EMPTY : Buffer.concat(chunks, size),
        started
      )
    )
    // A request whose client went away while sending it: nobody to answer.
    request.once("error", () => response.destroy())
  }
  return listener
})

/**
 * Puts `listener` ahead of every `request` listener of `server` (those added before or after): each
 * request is the lane's first, and what it passes on reaches them as it would have.
 */
export const intercept = (server: Server, listener: Listener): Server => {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: Array<unknown>) => boolean
  const next = (request: IncomingMessage, response: ServerResponse) => {
    emit("request", request, response)
  }
  server.emit = ((event: string | symbol, ...args: Array<unknown>) => {
    if (event !== "request") return emit(event, ...args)
    listener(args[0] as IncomingMessage, args[1] as ServerResponse, next)
    return true
  }) as Server["emit"]
  return server
}
