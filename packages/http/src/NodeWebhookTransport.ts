/**
 * `Webhook.WebhookTransport` on Node, with undici.
 *
 * - **Request.** One `POST` of the body with exactly the headers given, through an undici `Agent`
 *   of this layer (keep-alive pooling, up to 64 connections per origin: the most requests the
 *   dispatcher's send window ever has in flight to one endpoint), closed with the layer. It is
 *   dispatched with a handler of its own (`Agent.dispatch`), not `request`: no response stream and
 *   no abort signals per request.
 * - **Timeout.** `Webhook.TIMEOUT` (10 s) in all: one timer over the whole attempt, and the same
 *   value as undici's connect, `headersTimeout` and `bodyTimeout`.
 * - **Redirects.** Never followed (`dispatch` has no redirect handling unless a redirect
 *   interceptor is added, which this layer does not do: the equivalent of `redirect: "manual"`).
 *   A 3xx is an answer with its status.
 * - **Response body.** Read and thrown away, never stored: at most 64 KiB is read, then the
 *   request is aborted. The status counts as soon as it arrives: a body that stalls, breaks or is
 *   too long afterwards does not change the answer.
 * - **Addresses.** Unless `allowPrivate` (development and tests), the agent connects only to public
 *   addresses (`NodeHostResolver.isPublicAddress`): its `connect.lookup` resolves the host at every
 *   new connection, refuses when any resolved address is not public, and hands the socket only the
 *   addresses it checked, so a DNS answer that changes between the check and the connection
 *   (rebinding) cannot reach a private address. An IP literal is checked before anything is sent
 *   (Node does not call `lookup` for one).
 *
 * Outcomes, as `AttemptResult`:
 *
 * - any HTTP answer: `Answered { status }`;
 * - no answer within the timeout (connect, headers or body timers, or the overall signal): `TimedOut`;
 * - a host that resolves to a non-public address: `Unreachable { reason: "host resolves to a
 *   non-public address" }`. A deliberate choice over `Refused`: the dispatcher resolves the host
 *   again at every attempt and the address can change back (a DNS change or a transient answer), so
 *   the delivery is retried like any unreachable endpoint until its attempts are exhausted; the
 *   URL itself was checked when the endpoint was saved;
 * - a lookup failure, a refused, reset or unreachable connection, a TLS failure or a malformed
 *   response: `Unreachable { reason }`, a short fixed phrase with at most the error code (never a
 *   message, address, URL or header);
 * - a URL that cannot be sent at all (not absolute, not http or https): `Refused { reason }`.
 *
 * @since 0.1.0
 */
import { isIP } from "node:net"
import { Webhook } from "@campaign-games/core"
import { Duration, Effect, Layer } from "effect"
import type { Agent, Dispatcher } from "undici"
import * as GuardedLookup from "./internal/GuardedLookup.ts"
import { isPublicAddress } from "./NodeHostResolver.ts"

/** The reason given when the host resolves to an address that is not public. */
export const NON_PUBLIC_REASON = GuardedLookup.NON_PUBLIC_REASON

/** How much of a response body is read (and discarded) before the stream is destroyed. */
const MAX_BODY_READ = 64 * 1024

/** Connections per origin in the pool. */
const CONNECTIONS_PER_ORIGIN = 64

const TIMEOUT_MS = Duration.toMillis(Webhook.TIMEOUT)

const NON_PUBLIC_CODE = "ERR_WEBHOOK_NON_PUBLIC_ADDRESS"

/**
 * A `lookup` for `net.connect`/`tls.connect` that resolves every address of the host, fails when
 * any of them is not public, and otherwise gives the socket only those checked addresses
 * (`GuardedLookup`).
 */
export const guardedLookup = GuardedLookup.lookupOver(GuardedLookup.systemNetwork, true, NON_PUBLIC_CODE)

// ---------------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------------

const timedOut: Webhook.AttemptResult = { _tag: "TimedOut" }
const unreachable = (reason: string): Webhook.AttemptResult => ({ _tag: "Unreachable", reason })

/** The codes and names found on an error, its causes and (for `AggregateError`) its errors. */
const signatureOf = (error: unknown): { readonly codes: ReadonlyArray<string>; readonly names: Set<string> } => {
  const codes: Array<string> = []
  const names = new Set<string>()
  const seen = new Set<unknown>()
  const visit = (e: unknown, depth: number): void => {
    if (depth > 5 || typeof e !== "object" || e === null || seen.has(e)) return
    seen.add(e)
    const { code, name, cause, errors } = e as {
      readonly code?: unknown
      readonly name?: unknown
      readonly cause?: unknown
      readonly errors?: unknown
    }
    if (typeof code === "string") codes.push(code)
    if (typeof name === "string") names.add(name)
    visit(cause, depth + 1)
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1)
  }
  visit(error, 0)
  return { codes, names }
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT"
])
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME"])
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNABORTED"])
const UNREACHABLE_CODES = new Set(["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EADDRNOTAVAIL"])
const isTlsCode = (code: string) =>
  code.startsWith("ERR_TLS_") ||
  code.startsWith("ERR_SSL_") ||
  code.startsWith("CERT_") ||
  code.includes("SELF_SIGNED") ||
  code.startsWith("UNABLE_TO_") ||
  code === "HOSTNAME_MISMATCH"
const isProtocolCode = (code: string) =>
  code.startsWith("HPE_") ||
  code === "UND_ERR_HEADERS_OVERFLOW" ||
  code === "UND_ERR_RESPONSE_EXCEEDED_MAX_SIZE" ||
  code === "UND_ERR_INFO"

/** The result of a request that failed before any HTTP answer (pure). */
export const classifyError = (error: unknown, timeoutFired: boolean): Webhook.AttemptResult => {
  const { codes, names } = signatureOf(error)
  if (codes.includes(NON_PUBLIC_CODE)) return unreachable(NON_PUBLIC_REASON)
  if (timeoutFired || names.has("TimeoutError") || codes.some((c) => TIMEOUT_CODES.has(c))) return timedOut
  if (codes.some((c) => DNS_CODES.has(c))) return unreachable("host does not resolve")
  if (codes.includes("ECONNREFUSED")) return unreachable("connection refused")
  if (codes.some((c) => RESET_CODES.has(c))) return unreachable("connection reset")
  if (codes.some((c) => UNREACHABLE_CODES.has(c))) return unreachable("host unreachable")
  const tls = codes.find(isTlsCode)
  if (tls !== undefined) return unreachable(`TLS handshake failed (${tls})`)
  if (codes.some(isProtocolCode)) return unreachable("invalid HTTP response")
  const code = codes.find((c) => /^[A-Z0-9_]{1,64}$/.test(c))
  return unreachable(code === undefined ? "request failed" : `request failed (${code})`)
}

// ---------------------------------------------------------------------------------------------
// The transport
// ---------------------------------------------------------------------------------------------

// undici is loaded when the layer is built, not on import: loading it installs its global dispatcher.
const makeAgent = (undici: typeof import("undici"), allowPrivate: boolean): Agent =>
  new undici.Agent({
    connections: CONNECTIONS_PER_ORIGIN,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    connect: allowPrivate ? { timeout: TIMEOUT_MS } : { timeout: TIMEOUT_MS, lookup: guardedLookup }
  })

/** Why this layer aborted a request (the overall timeout, an interruption, a body too large). */
const aborted = (reason: string) => Object.assign(new Error(reason), { code: "ERR_WEBHOOK_ABORTED" })

/**
 * One attempt, through undici's `dispatch` with a handler of its own: no response stream, no abort
 * signal, no async resource per request (a third of what a delivery costs the server, measured with
 * `bench/webhooks.ts`). The overall timeout is one timer; an interruption aborts the request.
 */
const attempt = (
  agent: Agent,
  allowPrivate: boolean,
  outgoing: Webhook.Outgoing
): Effect.Effect<Webhook.AttemptResult> => {
  if (!URL.canParse(outgoing.url)) return Effect.succeed({ _tag: "Refused", reason: "invalid URL" })
  const url = new URL(outgoing.url)
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return Effect.succeed({ _tag: "Refused", reason: "unsupported scheme" })
  }
  const host = url.hostname.replace(/^\[|\]$/g, "")
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) return Effect.succeed(unreachable(NON_PUBLIC_REASON))

  return Effect.callback<Webhook.AttemptResult>((resume) => {
    let status: number | undefined
    let settled = false
    let timedOutFired = false
    let read = 0
    let controller: Dispatcher.DispatchController | undefined
    const settle = (result: Webhook.AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resume(Effect.succeed(result))
    }
    // The answer is the status: once it has come, a body that stalls, breaks or is too long changes nothing.
    const answered = () => (status === undefined ? undefined : ({ _tag: "Answered", status } as const))
    const timer = setTimeout(() => {
      timedOutFired = true
      settle(answered() ?? timedOut)
      controller?.abort(aborted("timed out"))
    }, TIMEOUT_MS)
    try {
      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: "POST",
          headers: outgoing.headers,
          body: outgoing.body,
          headersTimeout: TIMEOUT_MS,
          bodyTimeout: TIMEOUT_MS
        },
        {
          onRequestStart: (c) => {
            controller = c
            if (settled) c.abort(aborted("interrupted"))
          },
          onResponseStart: (_c, statusCode) => {
            status = statusCode
          },
          onResponseData: (c, chunk) => {
            read += chunk.length
            if (read > MAX_BODY_READ) c.abort(aborted("response body too large"))
          },
          onResponseEnd: () => settle(answered() ?? unreachable("invalid HTTP response")),
          onResponseError: (_c, error) => settle(answered() ?? classifyError(error, timedOutFired))
        }
      )
    } catch (error) {
      settle(classifyError(error, false))
    }
    return Effect.sync(() => {
      settled = true
      clearTimeout(timer)
      controller?.abort(aborted("interrupted"))
    })
  })
}

/**
 * The transport over its own undici agent, for the life of the layer. `allowPrivate` lets it
 * connect to any address (development and tests; never in production).
 */
export const layer = (options: { readonly allowPrivate: boolean }): Layer.Layer<Webhook.WebhookTransport> =>
  Layer.effect(
    Webhook.WebhookTransport,
    Effect.gen(function* () {
      const agent = yield* Effect.acquireRelease(
        Effect.map(
          Effect.promise(() => import("undici")),
          (undici) => makeAgent(undici, options.allowPrivate)
        ),
        (agent) => Effect.promise(() => agent.destroy().catch(() => undefined))
      )
      return Webhook.WebhookTransport.of({
        send: (outgoing) => attempt(agent, options.allowPrivate, outgoing)
      })
    })
  )
