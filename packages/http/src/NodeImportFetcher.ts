/**
 * `UrlFetcher` on Node, with undici: the GET of a URL import behind the public-address guard, the
 * same rule as webhook deliveries (`NodeWebhookTransport`), with the addresses and the resolver
 * given as a `Network` so that tests can stand a loopback address in for "the internet" and still
 * exercise every refusal honestly.
 *
 * - **Addresses.** Unless `allowPrivate` (development and tests), the agent's `connect.lookup`
 *   resolves the host at every new connection, refuses when any address it gets is not public
 *   (`Network.isPublic`: `NodeHostResolver.isPublicAddress` in production) and gives the socket
 *   only the addresses it checked. A DNS answer that changes between the import's acceptance and
 *   the connection (rebinding) therefore cannot reach a private address. An IP literal (which
 *   Node never looks up) is checked before anything is sent.
 * - **Redirects** (301, 302, 303, 307, 308 with a `Location`) are followed by hand, at most
 *   `UrlFetcher.MAX_REDIRECTS`; each hop must be http(s) and passes the same guard.
 * - **Limits.** A `Content-Length` over `maxBytes` is refused before the body is read; the body is
 *   cut off once it passes `maxBytes`. Deadlines (`Timeouts`): connecting, the answer's headers,
 *   each pause in the body (`idleMs`), and the whole download (`totalMs`).
 * - **Failures** (`FetchFailed`): retryable for timeouts, refused, reset or unreachable
 *   connections, a failed lookup that may pass (`EAI_AGAIN`), and 408, 429 and 5xx answers; final
 *   for a non-public address, an unknown host, a TLS failure, any other answer, too large, too many
 *   redirects. Reasons are short fixed phrases with at most a status or an error code.
 *
 * @since 0.1.0
 */
import { isIP } from "node:net"
import { UrlFetcher, Webhook } from "@campaign-games/core"
import { Effect, Layer, Stream } from "effect"

import * as GuardedLookup from "./internal/GuardedLookup.ts"

/** Where names resolve and which addresses count as public. */
export type Network = GuardedLookup.Network

/** The operating system's resolver and the real public-address rule. */
export const systemNetwork: Network = GuardedLookup.systemNetwork

export interface Timeouts {
  readonly connectMs: number
  readonly headersMs: number
  /** The longest pause between two pieces of the body. */
  readonly idleMs: number
  /** The whole download, from the first connection to the last byte. */
  readonly totalMs: number
}

export const defaultTimeouts: Timeouts = { connectMs: 10_000, headersMs: 10_000, idleMs: 15_000, totalMs: 120_000 }

export interface Options {
  /** Connect to any address (`CG_ALLOW_PRIVATE_URLS`: development and tests only). */
  readonly allowPrivate: boolean
  readonly network?: Network | undefined
  readonly timeouts?: Partial<Timeouts> | undefined
}

/** The reason given when a host resolves to an address that is not public. */
export const NON_PUBLIC_REASON = GuardedLookup.NON_PUBLIC_REASON

const NON_PUBLIC_CODE = "ERR_MEDIA_IMPORT_NON_PUBLIC_ADDRESS"

/**
 * A `lookup` for `net.connect`/`tls.connect` over `network`: every address of the host, refused
 * when `guard` and any is not public; the socket gets only the addresses checked (`GuardedLookup`).
 */
export const lookupOver = (network: Network, guard: boolean) =>
  GuardedLookup.lookupOver(network, guard, NON_PUBLIC_CODE)

/** The codes found on an error and its causes. */
const codesOf = (error: unknown): ReadonlyArray<string> => {
  const codes: Array<string> = []
  const seen = new Set<unknown>()
  const visit = (e: unknown, depth: number): void => {
    if (depth > 5 || typeof e !== "object" || e === null || seen.has(e)) return
    seen.add(e)
    const { cause, code, errors } = e as {
      readonly code?: unknown
      readonly cause?: unknown
      readonly errors?: unknown
    }
    if (typeof code === "string") codes.push(code)
    visit(cause, depth + 1)
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1)
  }
  visit(error, 0)
  return codes
}

const retry = (reason: string) => new UrlFetcher.FetchFailed({ reason, retryable: true })
const final = (reason: string) => new UrlFetcher.FetchFailed({ reason, retryable: false })

/** The failure of a request that got no usable answer (pure but for the error's shape). */
export const classify = (error: unknown, timeouts: Timeouts, totalExpired: boolean): UrlFetcher.FetchFailed => {
  const codes = codesOf(error)
  if (codes.includes(NON_PUBLIC_CODE)) return final(NON_PUBLIC_REASON)
  if (totalExpired) return retry(`the download took longer than ${timeouts.totalMs / 1000} s`)
  if (codes.includes("UND_ERR_BODY_TIMEOUT")) return retry(`the body paused longer than ${timeouts.idleMs / 1000} s`)
  if (codes.includes("UND_ERR_HEADERS_TIMEOUT")) return retry(`no answer within ${timeouts.headersMs / 1000} s`)
  if (codes.includes("UND_ERR_CONNECT_TIMEOUT") || codes.includes("ETIMEDOUT")) return retry("the connection timed out")
  if (codes.includes("EAI_AGAIN")) return retry("host lookup failed for now")
  if (codes.some((c) => c === "ENOTFOUND" || c === "EAI_NONAME" || c === "EAI_FAIL" || c === "EAI_NODATA")) {
    return final("host does not resolve")
  }
  if (codes.includes("ECONNREFUSED")) return retry("connection refused")
  if (codes.some((c) => ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNABORTED"].includes(c))) {
    return retry("connection reset")
  }
  if (codes.some((c) => ["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN"].includes(c))) {
    return retry("host unreachable")
  }
  const tls = codes.find((c) => c.startsWith("ERR_TLS_") || c.startsWith("ERR_SSL_") || c.startsWith("CERT_"))
  if (tls !== undefined) return final(`TLS handshake failed (${tls})`)
  const code = codes.find((c) => /^[A-Z0-9_]{1,64}$/u.test(c))
  return retry(code === undefined ? "request failed" : `request failed (${code})`)
}

/** Whether an answer's status is worth trying again later: 408, 429, 5xx. */
const retryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** The fetcher over its own undici agent, for the life of the layer. */
export const layer = (options: Options): Layer.Layer<UrlFetcher.UrlFetcher> =>
  Layer.effect(
    UrlFetcher.UrlFetcher,
    Effect.gen(function* () {
      const timeouts: Timeouts = { ...defaultTimeouts, ...options.timeouts }
      const network = options.network ?? systemNetwork
      const guard = !options.allowPrivate
      const custom = options.network !== undefined
      // Loaded here, not on import: loading undici installs its global dispatcher.
      const { Agent, request: undiciRequest } = yield* Effect.promise(() => import("undici"))
      const agent = yield* Effect.acquireRelease(
        Effect.sync(
          () =>
            new Agent({
              connections: 16,
              headersTimeout: timeouts.headersMs,
              bodyTimeout: timeouts.idleMs,
              connect:
                guard || custom
                  ? { timeout: timeouts.connectMs, lookup: lookupOver(network, guard) }
                  : { timeout: timeouts.connectMs }
            })
        ),
        (a) => Effect.promise(() => a.destroy().catch(() => undefined))
      )

      /** The URL of a hop, checked before anything is sent. */
      const target = (url: string): URL | UrlFetcher.FetchFailed => {
        if (!URL.canParse(url)) return final("not an absolute URL")
        const parsed = new URL(url)
        if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return final("not an http or https URL")
        if (parsed.username !== "" || parsed.password !== "") return final("the URL carries credentials")
        const host = parsed.hostname.replace(/^\[|\]$/gu, "")
        if (guard && isIP(host) !== 0 && !network.isPublic(host)) return final(NON_PUBLIC_REASON)
        return parsed
      }

      const fetch = (url: string, { maxBytes }: { readonly maxBytes: number }) =>
        Effect.gen(function* () {
          const controller = new AbortController()
          const total = AbortSignal.timeout(timeouts.totalMs)
          const signal = AbortSignal.any([controller.signal, total])
          yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
          const failure = (error: unknown) => classify(error, timeouts, total.aborted)
          let current = url
          for (let hop = 0; ; hop++) {
            const parsed = target(current)
            if (parsed instanceof UrlFetcher.FetchFailed) return yield* parsed
            const response = yield* Effect.tryPromise({
              try: () =>
                undiciRequest(parsed, {
                  dispatcher: agent,
                  method: "GET",
                  signal,
                  headers: { "user-agent": "CampaignGames-Import/1", accept: "*/*" }
                }),
              catch: failure
            })
            const header = (name: string): string | undefined => {
              const value = response.headers[name]
              return Array.isArray(value) ? value[0] : value
            }
            const discard = Effect.promise(() => response.body.dump({ limit: 64 * 1024 }).catch(() => undefined))
            const status = response.statusCode
            if (REDIRECTS.has(status) && header("location") !== undefined) {
              yield* discard
              if (hop >= UrlFetcher.MAX_REDIRECTS)
                return yield* final(`more than ${UrlFetcher.MAX_REDIRECTS} redirects`)
              current = new URL(header("location")!, parsed).href
              continue
            }
            if (status < 200 || status > 299) {
              yield* discard
              return yield* new UrlFetcher.FetchFailed({
                reason: `answered ${status}`,
                retryable: retryableStatus(status)
              })
            }
            const length = Number(header("content-length"))
            if (Number.isFinite(length) && length > maxBytes) {
              response.body.destroy()
              return yield* final(`the file is larger than ${maxBytes} bytes`)
            }
            yield* Effect.addFinalizer(() => Effect.sync(() => response.body.destroy()))
            let received = 0
            const body = Stream.fromAsyncIterable(response.body as AsyncIterable<Uint8Array>, failure).pipe(
              Stream.mapEffect((chunk) => {
                received += chunk.length
                return received > maxBytes
                  ? Effect.fail(final(`the file is larger than ${maxBytes} bytes`))
                  : Effect.succeed(chunk)
              })
            )
            return { contentType: header("content-type"), body }
          }
        })

      return UrlFetcher.UrlFetcher.of({ fetch })
    })
  )

/**
 * A `HostResolver` over `network`: what the import's acceptance checks, when a network other than
 * the system's is given (tests), so that acceptance and connection see the same names. An IP
 * literal resolves to itself.
 */
export const hostResolver = (network: Network): Layer.Layer<Webhook.HostResolver> =>
  Layer.succeed(Webhook.HostResolver, {
    resolve: (host) => {
      const bare = host.replace(/^\[|\]$/gu, "")
      if (isIP(bare) !== 0) return Effect.succeed([{ address: bare, isPublic: network.isPublic(bare) }])
      return Effect.tryPromise({
        try: () => network.lookup(bare),
        catch: () => new Webhook.HostUnresolved({ host, message: "lookup failed" })
      }).pipe(
        Effect.flatMap((addresses) =>
          addresses.length === 0
            ? Effect.fail(new Webhook.HostUnresolved({ host, message: "no addresses" }))
            : Effect.succeed(addresses.map((a) => ({ address: a.address, isPublic: network.isPublic(a.address) })))
        )
      )
    }
  })
