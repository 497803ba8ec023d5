/**
 * The `TokenSigner` port's implementation: client tokens are standard HS256 JSON Web Tokens
 * (RFC 7519), written and checked here in a few lines rather than through a JWT library (see the
 * figure below), so the core needs nothing but `effect` and the `Secrets` port. Any JWT tool
 * decodes them and verifies them with the same key (the tests check both directions against
 * `jose`). The key is kept in the store (`ServerSecretRepo`), so every instance on one database
 * signs and verifies alike. Expiry is checked by `Plays` against its clock, not here.
 *
 * The HMAC is the `Secrets` port's (`node:crypto` on Node, `@noble/hashes` elsewhere), synchronous:
 * on Node an HMAC of a short token costs a few microseconds, where a WebCrypto sign or verify is a
 * promise settled by a job on libuv's thread pool, many times that. HS256 is the only algorithm: a
 * token whose header names another (`none` included) is refused.
 *
 * Hand-written because it is faster than the library: `node bench/token-signer.ts 20000` (Node 24,
 * the shared 2-core machine, 29 November 2026) measured one sign + verify of a fresh token at
 * 14.7 µs of CPU (median 16.7) here, over `NodeSecrets`, against 97.7 µs (median 115) with `jose`
 * 6.2.17's `SignJWT` and `jwtVerify` (WebCrypto underneath), about seven times as much.
 *
 * The tokens verified or signed last are remembered (`KEPT`) in maps of the signer's own, not in
 * core's `InstanceCache`: a signer is made per secret and used without the engine (`layerSecret`,
 * embedding backends), and the lookup is synchronous on every play call, where an effect `Cache`
 * costs an effect per lookup. An entry is a pure function of the token's text (a signature over a
 * text never stops holding; expiry is the caller's), so it never needs forgetting but for room. A
 * token this signer made is known valid, with the claims it was made with: a start on the instance
 * that minted its token verifies nothing (the HMAC, the payload's parse and decode were about 13 µs
 * of a start's CPU in process, `docs/performance.md`).
 *
 * Verification compares the token's own signature text with the expected one, in constant time,
 * over the exact header and payload text it was given: changing any character of a token (even
 * one of base64url's unused trailing bits) makes it fail, with `PlaysError` (`TokenInvalid`).
 *
 * @since 0.1.0
 */
import { Effect, Layer, Schema } from "effect"
import { PlaysError, TokenInvalid } from "./PlayErrors.ts"
import * as Secrets from "../Secrets.ts"
import * as ClientToken from "./ClientToken.ts"

const KEY_NAME = "client-token-hs256"

/**
 * How many tokens a signer remembers at least (at most twice as many, a few MB): two generations,
 * the newer one replacing the older when full, so that forgetting costs nothing per token (dropping
 * a `Map`'s oldest entry one at a time makes V8 step over the holes left before it).
 */
const KEPT = 4096
const decodeClaims = Schema.decodeUnknownExit(ClientToken.Claims)

/** A bounded memory of tokens' claims by the token's exact text (`KEPT`). */
const remembered = () => {
  let current = new Map<string, ClientToken.Claims>()
  let previous = new Map<string, ClientToken.Claims>()
  return {
    get: (token: string): ClientToken.Claims | undefined => current.get(token) ?? previous.get(token),
    set: (token: string, claims: ClientToken.Claims): void => {
      if (current.size >= KEPT) {
        previous = current
        current = new Map()
      }
      current.set(token, claims)
    }
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder("utf-8", { fatal: true })

/** Whether every character is below U+0080: then a text's UTF-8 bytes are its char codes. */
const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

const base64UrlOfText = (text: string): string =>
  isAscii(text)
    ? btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
    : Secrets.base64Url(encoder.encode(text))

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** The UTF-8 text of a base64url segment, or undefined if it is not one. */
const textOfBase64Url = (segment: string): string | undefined => {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return undefined
  try {
    const binary = atob(segment.replaceAll("-", "+").replaceAll("_", "/"))
    if (isAscii(binary)) return binary
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The protected header of every token this signer makes. */
const HEADER = base64UrlOfText(JSON.stringify({ alg: "HS256", typ: "JWT" }))

/** Whether a decoded header asks for HS256 and nothing this signer does not understand. */
const acceptableHeader = (header: unknown): boolean =>
  typeof header === "object" &&
  header !== null &&
  (header as Record<string, unknown>)["alg"] === "HS256" &&
  !("crit" in header) &&
  ((header as Record<string, unknown>)["typ"] === undefined || (header as Record<string, unknown>)["typ"] === "JWT")

/** A signer over a given secret (tests, embedding backends with their own key management). */
export const make = (secret: string): Effect.Effect<ClientToken.TokenSigner["Service"], never, Secrets.Secrets> =>
  Effect.map(Effect.service(Secrets.Secrets), (secrets) => {
    const signature = (signingInput: string) => secrets.hmacSha256Base64Url(secret, signingInput)
    const unauthorized = new PlaysError({ reason: new TokenInvalid() })
    // The claims of the tokens verified or signed last, by their exact text: a play verifies its
    // token at the HTTP edge (refused before the body is read) and again in `Plays`, and a start and
    // its finish carry the same token. A signature over a text never stops holding (expiry is the
    // caller's), so a token seen valid is valid; only a text verified or made here finds an entry.
    // Measured with `bench/plays.ts --calls`: the second HMAC and claims decode were ~60 µs of a
    // start or finish.
    const known = remembered()
    return ClientToken.TokenSigner.of({
      sign: (claims) => {
        // Exactly the claims' fields, as a verification would decode them from the payload.
        const { acc, chn, exp, gid, iat, jti, org, sub } = claims
        const made: ClientToken.Claims = { jti, acc, chn, gid, sub, org, iat, exp }
        const signingInput = `${HEADER}.${base64UrlOfText(JSON.stringify(made))}`
        return Effect.map(signature(signingInput), (s) => {
          const token = `${signingInput}.${s}`
          known.set(token, made)
          return token
        })
      },
      verify: Effect.fnUntraced(function* (token: string) {
        const found = known.get(token)
        if (found !== undefined) return found
        const parts = token.split(".")
        if (parts.length !== 3) return yield* unauthorized
        const [header, payload, given] = parts as [string, string, string]
        // Every token this signer makes has the same header text: only another one is parsed.
        if (header !== HEADER && !acceptableHeader(parseJson(textOfBase64Url(header)))) return yield* unauthorized
        const expected = yield* signature(`${header}.${payload}`)
        if (!Secrets.constantTimeEqual(given, expected)) return yield* unauthorized
        const claims = decodeClaims(parseJson(textOfBase64Url(payload)))
        if (claims._tag === "Failure") return yield* unauthorized
        known.set(token, claims.value)
        return claims.value
      })
    })
  })

/** The signer over a given secret, as a layer (tests, embedding backends with their own keys). */
export const layerSecret = (secret: string): Layer.Layer<ClientToken.TokenSigner, never, Secrets.Secrets> =>
  Layer.effect(ClientToken.TokenSigner, make(secret))

/** The signer over the store's shared key, created on first start. */
export const layer = Layer.effect(
  ClientToken.TokenSigner,
  Effect.gen(function* () {
    const secrets = yield* Secrets.Secrets
    const repo = yield* ClientToken.ServerSecretRepo
    const candidate = yield* secrets.randomToken(32)
    return yield* make(yield* repo.getOrCreate(KEY_NAME, candidate))
  })
)
