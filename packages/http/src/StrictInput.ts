/**
 * Input the store cannot hold is the caller's mistake, never an outage. This middleware runs on
 * every operation after its authentication and before its inputs are decoded, and refuses with a
 * 400 `invalid_request` naming each place (`details[].path`):
 *
 * - a path parameter (`channelId`) or query value (`search`) whose percent-encoding is not UTF-8,
 *   or that holds a NUL or a lone UTF-16 surrogate (`StorableText`);
 * - a body of an operation taking JSON that is not sent as JSON (`headers.content-type`): a
 *   Content-Type other than `application/json` (parameters allowed, a charset only UTF-8), or none
 *   on a body that is not empty. A call without a body needs none (activate, start a play);
 * - a JSON body that is not UTF-8 (`body`), rather than reading it with replacement characters;
 * - a JSON body nesting arrays and objects deeper than `MAX_DEPTH`, named by the place it crosses
 *   the limit (`config.notes.a.a…`), before anything walks it recursively;
 * - a string or object key anywhere in a JSON body (`betweenCampaigns.title`,
 *   `config.segments.0.label`) holding a NUL or a lone surrogate, free-form values included.
 *
 * The body is read once: the request caches its bytes, and the operation's decoder reads the same
 * bytes after this check. Its nesting is measured, and the place it is too deep named, in one pass
 * over its text without parsing it; it is parsed here only when its text has a `\u0000` or
 * surrogate escape, the only ways JSON can spell an unstorable string (to name which).
 *
 * What libraries do, they do here: the router's decoded path parameters are checked as the router
 * gives them, URL parts are decoded by `decodeURIComponent`, the Content-Type is parsed by Node's
 * `MIMEType`, unstorable strings found by core's `StorableText`. Three pieces remain, each saying
 * why no library serves: reading a query's bytes as strict UTF-8 (`decodeUrlPart`), naming the
 * parameter of a path the router could not decode (`undecodablePath`), and measuring a body's
 * nesting without parsing it (`deepPath`).
 *
 * @since 0.1.0
 */
import { MIMEType } from "node:util"
import { Errors, StorableText, Validation } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { HttpMethod, HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApiMiddleware } from "effect/http-api"
import * as ApiError from "./ApiError.ts"

/** Refuses unstorable or non-UTF-8 text in the path, the query and the body, and bodies not sent as JSON. */
export class StrictInput extends HttpApiMiddleware.Service<StrictInput>()("@campaign-games/http/StrictInput", {
  error: ApiError.InvalidRequest
}) {}

const NOT_UTF8 = "is not valid UTF-8"

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** A `%` not followed by two hex digits: kept as it is (`%25` once escaped), as `URLSearchParams` reads it. */
const STRAY_PERCENT = /%(?![0-9a-fA-F]{2})/gu

/**
 * The text of a percent-encoded URL part (`+` is a space in the query), or undefined when its
 * bytes are not UTF-8. `URLSearchParams` (and effect's `UrlParams` over it) reads bytes that are
 * not UTF-8 as U+FFFD, so a caller's bad bytes would be stored as replacement characters: this uses
 * `decodeURIComponent`, which refuses them, after escaping a stray `%` as `URLSearchParams` keeps it.
 */
export const decodeUrlPart = (raw: string, plusIsSpace: boolean): string | undefined => {
  const text = plusIsSpace ? raw.replaceAll("+", " ") : raw
  if (!text.includes("%")) return text
  try {
    return decodeURIComponent(text.replace(STRAY_PERCENT, "%25"))
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

/**
 * The path parameters as the router decoded them: a route matched only a path whose bytes are
 * UTF-8 (see `undecodablePath` for the others), so only storability is left to check.
 */
const paramIssues = (params: Readonly<Record<string, string | undefined>>): ReadonlyArray<Errors.Detail> =>
  Object.entries(params).flatMap(([name, value]) => textIssue(name, value ?? ""))

/** A route as the API declares it: its method and path (`/v1/channels/:channelId`). */
export interface Route {
  readonly method: string
  readonly path: string
}

/**
 * The detail for a URL with a path segment that is not UTF-8, which no route matches (the router
 * cannot decode it): named by the parameter of the route it would otherwise match, else `path`.
 * Undefined when every segment is UTF-8. The router offers no match of a path it cannot decode, so
 * the route is found here by its segments, its parameters matching any segment.
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

/**
 * The query values of the URL, each named by its key. The raw pairs are split here: `URLSearchParams`
 * would hand them over already decoded, bad bytes turned into U+FFFD.
 */
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

const JSON_TYPE = "application/json"

/**
 * Whether a Content-Type header says JSON in UTF-8: `application/json` in any case, with any
 * parameters but a charset other than UTF-8 (parsed by Node's `MIMEType`, the WHATWG MIME type
 * parser; a header it cannot parse is not JSON).
 */
export const isJsonContentType = (header: string): boolean => {
  let type: MIMEType
  try {
    type = new MIMEType(header)
  } catch {
    return false
  }
  if (type.essence !== JSON_TYPE) return false
  const charset = type.params.get("charset")?.toLowerCase()
  // `utf8` is a label of UTF-8 in the WHATWG Encoding Standard, sent as such by some clients.
  return charset === undefined || charset === "utf-8" || charset === "utf8"
}

/**
 * A body of an operation taking JSON sent as something else, said as the error boundary says the
 * HTTP stack's own 415 (`ErrorBoundary.normalize`). The stack sends a 415 only for a Content-Type
 * it has no decoder for, and reads a body without one as JSON: this refuses both, on every method.
 */
const notJson = () =>
  new ApiError.ApiAnswer({
    _tag: "InvalidRequest",
    message: "Send JSON bodies with Content-Type: application/json.",
    details: [{ path: "headers.content-type", message: `expected ${JSON_TYPE}` }]
  })

/**
 * The deepest nesting of arrays and objects a JSON body may have, the body itself being level 1.
 * The API's bodies are a handful of levels deep: a campaign's `config.segments.0.label` sits in
 * the 4th (body, config, segments, a segment), a quiz question's option in the 6th, a reward page's
 * `page.blocks.0` in the 4th, a theme's `colors.bg` in the 2nd; free-form config keys
 * (`config.notes`) add a few. 32 is far above any of them, and far below the depth at which a
 * recursive walk of the value overflows the stack (a few thousand levels: a 30 KB body 5000 deep
 * made the store's `JSON.stringify` fail as a 500). Every walk after this check
 * (`StorableText.issues`, the schema decoder, the store's) is bounded by it.
 */
export const MAX_DEPTH = 32

/** Paths longer than this (in characters) are named by their longest ancestor that fits. */
const MAX_PATH = 200

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/** An open array (its item's index) or object (where its member's key is in the text). */
interface Level {
  array: boolean
  index: number
  keyStart: number
  keyEnd: number
}

/**
 * The path (keys and indexes) to the first array or object of a JSON text, in the text's order,
 * nested deeper than `limit` (the outermost value being level 1), or undefined when none is. One
 * pass over the text (strings skipped, their brackets and escaped quotes with them), stopping where
 * the limit is crossed, without parsing it: it runs on every body (a few milliseconds a megabyte),
 * and `JSON.parse` of a megabyte of `[` alone takes about half a second. No parser serves:
 * `JSON.parse` has no depth limit and builds the whole value first, effect's schema decodes a value
 * already parsed, and a streaming JSON tokenizer would be a dependency doing this loop's work. Only the keys on the path
 * are decoded; a malformed one ends the path there (the decoder refuses the text anyway).
 */
export const deepPath = (text: string, limit: number): ReadonlyArray<string> | undefined => {
  const levels: Array<Level> = []
  let depth = 0
  let expectKey = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      const end = stringEnd(text, i)
      if (expectKey && depth > 0 && !levels[depth - 1]!.array) {
        levels[depth - 1]!.keyStart = i
        levels[depth - 1]!.keyEnd = end + 1
      }
      expectKey = false
      i = end
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (depth === limit) return namePath(text, levels.slice(0, depth))
      const level = (levels[depth] ??= { array: false, index: 0, keyStart: -1, keyEnd: -1 })
      level.array = code === OPEN_BRACKET
      level.index = 0
      level.keyStart = -1
      depth++
      expectKey = code === OPEN_BRACE
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth > 0) depth--
      expectKey = false
    } else if (code === COMMA && depth > 0) {
      const level = levels[depth - 1]!
      if (level.array) level.index++
      else expectKey = true
    } else if (code === COLON) expectKey = false
  }
  return undefined
}

/**
 * The index of the quote closing the string opened at `start` (the text's length when none does):
 * the next quote not escaped, that is not after an odd run of backslashes. `indexOf` skips the
 * string's text natively, much faster than a loop over its characters.
 */
const stringEnd = (text: string, start: number): number => {
  let end = text.indexOf('"', start + 1)
  while (end !== -1) {
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
  return text.length
}

/** The keys and indexes of `levels`, up to the first whose key cannot be read. */
const namePath = (text: string, levels: ReadonlyArray<Level>): ReadonlyArray<string> => {
  const path: Array<string> = []
  for (const level of levels) {
    if (level.array) {
      path.push(String(level.index))
      continue
    }
    if (level.keyStart === -1) break
    try {
      path.push(JSON.parse(text.slice(level.keyStart, level.keyEnd)) as string)
    } catch {
      break
    }
  }
  return path
}

/**
 * How a path is named in a detail: its keys joined by dots, or, when that is longer than `MAX_PATH`
 * (the keys of a body are free-form), its longest ancestor that fits, so that the answer stays
 * small; `body` when even its first key does not fit.
 */
export const pathName = (path: ReadonlyArray<string>): string => {
  let name = ""
  for (const key of path) {
    const next = name === "" ? key : `${name}.${key}`
    if (next.length > MAX_PATH) break
    name = next
  }
  return name === "" ? "body" : name
}

/**
 * A body nested deeper than `MAX_DEPTH`, named by the place of its first array or object past the
 * limit: the `MAX_DEPTH` keys and indexes leading to it from the body (`config.zz.a.a…`), precise
 * enough to find it in the body, and bounded in size (`pathName`).
 */
const depthIssues = (text: string): ReadonlyArray<Errors.Detail> => {
  const path = deepPath(text, MAX_DEPTH)
  return path === undefined
    ? []
    : [{ path: pathName(path), message: `nests arrays and objects deeper than ${MAX_DEPTH} levels` }]
}

/**
 * The JSON body's issues: bytes that are not UTF-8, then nesting deeper than `MAX_DEPTH`, then every
 * unstorable string or key (a walk the depth check bounds, so it comes after it).
 */
const bodyIssues = (buffer: ArrayBuffer): ReadonlyArray<Errors.Detail> => {
  let text: string
  try {
    text = utf8.decode(buffer)
  } catch {
    return [{ path: "body", message: NOT_UTF8 }]
  }
  const deep = depthIssues(text)
  if (deep.length > 0) return deep
  if (!MAY_HOLD_UNSTORABLE.test(text)) return []
  try {
    return StorableText.issues(JSON.parse(text), "")
  } catch {
    // Malformed JSON is the decoder's to answer, as for any body.
    return []
  }
}

/**
 * The value of a JSON body this middleware and the decoder would both let through as it is: UTF-8,
 * within `MAX_DEPTH`, without an escape that may spell an unstorable string, and valid JSON.
 * Undefined for any other body, which the API's own pipeline then answers (`PlayLane`): this is a
 * shortcut for the common case, never a second set of rules.
 */
export const plainJson = (buffer: ArrayBuffer | Uint8Array): { readonly value: unknown } | undefined => {
  let text: string
  try {
    text = utf8.decode(buffer)
  } catch {
    return undefined
  }
  if (MAY_HOLD_UNSTORABLE.test(text) || deepPath(text, MAX_DEPTH) !== undefined) return undefined
  try {
    return { value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

/**
 * Whether the operation takes a JSON body alone, as every operation of the API with a body does.
 * Another payload (a multipart upload) is left to the HTTP stack; the media uploads are not
 * operations of the API at all (`MediaRoutes`), and this middleware does not run on them.
 */
const takesJson = (payload: ReadonlyMap<string, unknown>): boolean =>
  payload.size > 0 && [...payload.keys()].every((type) => type === JSON_TYPE)

/** The middleware's implementation, for the server's layers. */
// Called once per endpoint when the routes are built: whether it takes JSON is decided here.
export const layer = Layer.succeed(StrictInput, (httpEffect, { endpoint }) => {
  const json = takesJson(endpoint.payload)
  return Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const { params } = yield* HttpRouter.RouteContext
    const details = [...paramIssues(params), ...queryIssues(request.url)]
    if (details.length === 0 && json && HttpMethod.hasBody(request.method)) {
      const type = request.headers["content-type"]
      if (type !== undefined && !isJsonContentType(type)) return yield* Effect.fail(notJson())
      // The bytes, not the headers, tell whether there is a body: chunked bodies have no length.
      const buffer = yield* Effect.orDie(request.arrayBuffer)
      if (type === undefined && buffer.byteLength > 0) return yield* Effect.fail(notJson())
      details.push(...bodyIssues(buffer))
    }
    if (details.length > 0) return yield* Effect.fail(Validation.invalid(details))
    return yield* httpEffect
  })
})
