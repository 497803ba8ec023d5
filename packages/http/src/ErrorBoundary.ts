/**
 * The outermost middleware of the server: every answer that did not come from the API's own error
 * encoding is put into the specification's error shape here. Unknown routes answer 404
 * `not_found`, unless the path has a segment that is not UTF-8 (400 naming the parameter, see
 * `StrictInput`); request decoding failures (body, query, path) 400 `invalid_request` with every
 * failing field in `details`; malformed JSON 400; a body over the size limit 400 (the specification's status of
 * `invalid_request`, naming `body`); a wrong content
 * type 400; anything unexpected 500 `internal_error` (logged with its cause, never with the
 * request body).
 *
 * @since 0.1.0
 */
import { type Errors, Validation } from "@campaign-games/core"
import { ByteSize, Cause, Effect, Predicate, type Types } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerError, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import { Api } from "./Api.ts"
import * as ApiError from "./ApiError.ts"
import * as StrictInput from "./StrictInput.ts"

/** The largest JSON body accepted (1 MiB); larger ones answer 400 `invalid_request` naming `body`. */
export const MAX_JSON_BODY = ByteSize.mebibytes(1)

const json = (code: ApiError.ErrorCode, message: string, details?: ReadonlyArray<Errors.Detail>, status?: number) =>
  HttpServerResponse.jsonUnsafe(ApiError.body(code, message, details), { status: status ?? ApiError.statusOf[code] })

const schemaErrorResponse = (error: HttpApiError.HttpApiSchemaError) => {
  if (error.kind === "Body" || error.kind === "ResponseHeaders") return undefined
  const details = Validation.issueToDetails(error.cause.issue)
  const where =
    error.kind === "Payload" ? "body" : error.kind === "Query" ? "query" : error.kind === "Params" ? "path" : "headers"
  const onlyRoot = details.length === 1 && details[0]!.path === "body"
  const fixed =
    where === "body" ? details : details.map((d) => (d.path === "body" ? { path: where, message: d.message } : d))
  return json(
    "invalid_request",
    onlyRoot && details[0]!.message.includes("JSON")
      ? "The request body is not valid JSON."
      : fixed.length === 1
        ? `Invalid ${where} field ${fixed[0]!.path}: ${fixed[0]!.message}`
        : `${fixed.length} ${where} fields are invalid`,
    fixed
  )
}

/** Every route of the API, for naming the parameter of a path that is not UTF-8. */
const routes: ReadonlyArray<StrictInput.Route> = Object.values(Api.groups).flatMap((group) =>
  Object.values(group.endpoints)
)

/** A 404, or the 400 of a path that is not UTF-8 (the router matches no route to such a path). */
/** How much of an unknown path the 404 repeats: enough to recognise it, never the whole of a huge one. */
const PATH_SHOWN = 200

const routeNotFound = (request: { readonly method: string; readonly url: string }) => {
  const undecodable = StrictInput.undecodablePath(routes, request.method, request.url)
  const path = request.url.split("?")[0]!
  const shown = path.length > PATH_SHOWN ? `${path.slice(0, PATH_SHOWN)}…` : path
  return undecodable === undefined
    ? json("not_found", `No route ${request.method.slice(0, 16)} ${shown}.`)
    : json("invalid_request", `Invalid path field ${undecodable.path}: ${undecodable.message}`, [undecodable])
}

const isTagged = (u: unknown, tag: string): boolean => Predicate.isTagged(u, tag)

/** The response for a failure or defect that escaped the API's own encoding. */
export const renderCause = (cause: Cause.Cause<unknown>) =>
  Effect.gen(function* () {
    for (const reason of cause.reasons) {
      const value = reason._tag === "Fail" ? reason.error : reason._tag === "Die" ? reason.defect : undefined
      if (value === undefined) continue
      if (HttpApiError.HttpApiSchemaError.is(value)) {
        const response = schemaErrorResponse(value)
        if (response !== undefined) return response
      }
      if (value instanceof HttpServerError.HttpServerError) {
        const inner = value.reason
        if (inner._tag === "RouteNotFound") return routeNotFound(inner.request)
        if (inner._tag === "RequestParseError") {
          return inner.reason === "BodyTooLarge"
            ? json("invalid_request", "The request body is over 1 MiB.", [{ path: "body", message: "over 1 MiB" }])
            : json("invalid_request", "The request could not be read.", [{ path: "body", message: "unreadable" }])
        }
      }
      if (HttpApiError.HttpApiPayloadTooLarge.is(value)) {
        return json("invalid_request", "The request body is over 1 MiB.", [{ path: "body", message: "over 1 MiB" }])
      }
      if (isTagged(value, "StoreError")) {
        yield* Effect.logError("store unavailable", cause)
        return json("service_unavailable", "The service is briefly unavailable; retry with backoff.")
      }
    }
    if (Cause.hasInterruptsOnly(cause)) {
      return json("service_unavailable", "The request was interrupted; retry with backoff.")
    }
    yield* Effect.logError("unexpected failure", cause)
    return json("internal_error", "Something went wrong on our side; retry with backoff.")
  })

const codeForStatus = (status: number): ApiError.ErrorCode =>
  status === 401
    ? "unauthorized"
    : status === 402
      ? "upgrade_required"
      : status === 403
        ? "forbidden"
        : status === 404
          ? "not_found"
          : status === 409
            ? "conflict"
            : status === 429
              ? "rate_limited"
              : status === 503
                ? "service_unavailable"
                : status >= 500
                  ? "internal_error"
                  : "invalid_request"

const isJson = (response: HttpServerResponse.HttpServerResponse): boolean => {
  const type =
    response.headers["content-type"] ?? (response.body._tag === "Uint8Array" ? response.body.contentType : "")
  return type.includes("json")
}

/** Reshapes an error response made by the HTTP stack itself (415, an empty 400, …). */
export const normalize = (response: HttpServerResponse.HttpServerResponse) => {
  if (response.status < 400 || isJson(response)) return response
  if (response.status === 415) {
    return json("invalid_request", "Send JSON bodies with Content-Type: application/json.", [
      { path: "headers.content-type", message: "expected application/json" }
    ])
  }
  const code = codeForStatus(response.status)
  return HttpServerResponse.jsonUnsafe(ApiError.body(code, `The request failed with status ${response.status}.`), {
    status: response.status,
    headers: response.headers
  })
}

/** The router's handler with every failure turned into an answer in the API's error shape. */
export const handle = <E, R>(
  httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> =>
  httpEffect.pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, MAX_JSON_BODY),
    Effect.catchCause(renderCause),
    Effect.map(normalize)
  )

/**
 * The global middleware. It handles every failure; the router's typing insists that unhandled
 * failures stay in the error channel, so the result keeps that marker (it never fails at run time).
 */
export const layer = HttpRouter.middleware(
  (httpEffect) => handle(httpEffect) as Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled>,
  { global: true }
)
