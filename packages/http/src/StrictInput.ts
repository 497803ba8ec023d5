/**
 * Input the store cannot hold is the caller's mistake, never an outage. This middleware runs on
 * every operation after its authentication and before its inputs are decoded, and refuses with a
 * 400 `invalid_request` naming each place (`details[].path`):
 *
 * - a path parameter (`channelId`) or query value (`search`) whose percent-encoding is not UTF-8,
 *   or that holds a NUL or a lone UTF-16 surrogate (`StorableText`);
 * - a JSON body that is not UTF-8 (`body`), rather than reading it with replacement characters;
 * - a string or object key anywhere in a JSON body (`betweenCampaigns.title`,
 *   `config.segments.0.label`) holding a NUL or a lone surrogate, free-form values included.
 *
 * The body is read once: the request caches its bytes, and the operation's decoder reads the same
 * bytes after this check. The walk of the body runs only when its text has a `\u0000` or
 * surrogate escape, the only ways JSON can spell such a string.
 *
 * @since 0.1.0
 */
import { StorableText, Validation } from "@campaign-games/core"
import type { Errors } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApiMiddleware } from "effect/http-api"
import * as ApiError from "./ApiError.ts"

/** Refuses unstorable or non-UTF-8 text in the path, the query and the JSON body (see the module). */
export class StrictInput extends HttpApiMiddleware.Service<StrictInput>()("@campaign-games/http/StrictInput", {
  error: ApiError.InvalidRequest
}) {}

const NOT_UTF8 = "is not valid UTF-8"

const utf8 = new TextDecoder("utf-8", { fatal: true })
const encoder = new TextEncoder()
const HEX = /^[0-9a-fA-F]{2}$/u

/**
 * The text of a percent-encoded URL part (`+` is a space in the query), or undefined when its
 * bytes are not UTF-8. A `%` not followed by two hex digits stays as it is, as `URLSearchParams`
 * reads it.
 */
export const decodeUrlPart = (raw: string, plusIsSpace: boolean): string | undefined => {
  const text = plusIsSpace ? raw.replaceAll("+", " ") : raw
  if (!text.includes("%")) return text
  const bytes: Array<number> = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === "%" && HEX.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      const end = text.indexOf("%", i + 1)
      const run = text.slice(i, end === -1 ? text.length : end)
      bytes.push(...encoder.encode(run))
      i += run.length - 1
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes))
  } catch {
    return undefined
  }
}

const textIssue = (path: string, text: string | undefined): ReadonlyArray<Errors.Detail> =>
  text === undefined
    ? [{ path, message: NOT_UTF8 }]
    : StorableText.isStorable(text)
      ? []
      : [{ path, message: StorableText.MESSAGE }]

const pathOf = (url: string): string => url.split(/[?#]/u, 1)[0]!

/** The path parameters of the route, each read from its raw segment of the URL. */
const paramIssues = (
  url: string,
  route: string,
  params: Readonly<Record<string, string | undefined>>
): ReadonlyArray<Errors.Detail> => {
  const names = route.split("/")
  const segments = pathOf(url).split("/")
  if (names.length !== segments.length) {
    return Object.entries(params).flatMap(([name, value]) => textIssue(name, value ?? ""))
  }
  return names.flatMap((name, index) =>
    name.startsWith(":") ? textIssue(name.slice(1), decodeUrlPart(segments[index]!, false)) : []
  )
}

/** A route as the API declares it: its method and path (`/v1/channels/:channelId`). */
export interface Route {
  readonly method: string
  readonly path: string
}

/**
 * The detail for a URL with a path segment that is not UTF-8, which no route matches (the router
 * cannot decode it): named by the parameter of the route it would otherwise match, else `path`.
 * Undefined when every segment is UTF-8.
 */
export const undecodablePath = (
  routes: ReadonlyArray<Route>,
  method: string,
  url: string
): Errors.Detail | undefined => {
  const segments = pathOf(url).split("/")
  const bad = segments.findIndex((segment) => decodeUrlPart(segment, false) === undefined)
  if (bad === -1) return undefined
  const names = routes
    .filter((route) => route.method === method)
    .map((route) => route.path.split("/"))
    .find(
      (names) =>
        names.length === segments.length &&
        names[bad]!.startsWith(":") &&
        names.every((name, index) => name.startsWith(":") || name === segments[index])
    )
  return { path: names === undefined ? "path" : names[bad]!.slice(1), message: NOT_UTF8 }
}

/** The query values of the URL, each named by its key. */
const queryIssues = (url: string): ReadonlyArray<Errors.Detail> => {
  const start = url.indexOf("?")
  if (start === -1) return []
  const query = url.slice(start + 1).split("#", 1)[0]!
  return query
    .split("&")
    .filter((pair) => pair !== "")
    .flatMap((pair) => {
      const equals = pair.indexOf("=")
      const rawKey = equals === -1 ? pair : pair.slice(0, equals)
      const key = decodeUrlPart(rawKey, true)
      const name = key === undefined || !StorableText.isStorable(key) ? "query" : key
      if (name === "query") return [{ path: name, message: `a parameter name ${NOT_UTF8} or cannot be stored` }]
      return textIssue(name, decodeUrlPart(equals === -1 ? "" : pair.slice(equals + 1), true))
    })
}

/**
 * A NUL or surrogate escape: the only way a JSON text spells an unstorable string (JSON refuses a
 * raw NUL, and a text decoded as UTF-8 holds no lone surrogate).
 */
const MAY_HOLD_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/u

const isJson = (request: HttpServerRequest.HttpServerRequest): boolean =>
  (request.headers["content-type"] ?? "").toLowerCase().includes("json")

/** The JSON body's issues: bytes that are not UTF-8, then every unstorable string or key. */
const bodyIssues = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.map(Effect.orDie(request.arrayBuffer), (buffer): ReadonlyArray<Errors.Detail> => {
    let text: string
    try {
      text = utf8.decode(buffer)
    } catch {
      return [{ path: "body", message: NOT_UTF8 }]
    }
    if (!MAY_HOLD_UNSTORABLE.test(text)) return []
    try {
      return StorableText.issues(JSON.parse(text), "")
    } catch {
      // Malformed JSON is the decoder's to answer, as for any body.
      return []
    }
  })

/** The middleware's implementation, for the server's layers. */
export const layer = Layer.succeed(StrictInput, (httpEffect, { endpoint }) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const { params, route } = yield* HttpRouter.RouteContext
    const details = [...paramIssues(request.url, route.path, params), ...queryIssues(request.url)]
    if (details.length === 0 && endpoint.payload.size > 0 && isJson(request)) {
      details.push(...(yield* bodyIssues(request)))
    }
    if (details.length > 0) return yield* Effect.fail(Validation.invalid(details))
    return yield* httpEffect
  })
)
