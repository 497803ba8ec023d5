/**
 * The `Idempotency-Key` header, with Stripe's semantics (core `Idempotency`), as one global
 * middleware over every route rather than in each group. A POST that carries the header and an
 * API key or a client token is fingerprinted (method, path with its query, body): the first request
 * with a key acts and its answer is kept for 24 hours in the store (`IdempotencyRepo`, scoped by the
 * API key or the client token, so it holds across instances); a repeat with the same request gets that answer again, status and
 * body, marked `Idempotent-Replayed: true`, without acting; a repeat with another request, or
 * while the first still runs, is a 409 `conflict` naming `headers.idempotency-key`.
 *
 * Answers kept: every answer below 500 but 429 (a rate limit is no answer to the request). A 5xx,
 * a 429 or a request that did not finish forgets the key, so a retry acts. Requests with neither
 * (the operator token, none) pass through: their own rules apply. A client token's keys are its
 * own: an embed that lost the answer of its start retries it and gets its session, not a 409.
 *
 * Kept answers hold secrets shown once (a new API key, an endpoint's `whsec_` secret, generated and
 * granted coupon codes), so the store holds nothing that reads them without the key (`KeyMaterial`):
 * from the Idempotency-Key and its scope, HKDF-SHA256 derives the key's stored hash, the key of
 * the request's fingerprint (HMAC-SHA256 of method, path and body) and the key that seals the
 * answer's body (AES-256-GCM, a random 96-bit nonce per answer, the status and content type
 * authenticated with it). A replay opens the answer with the key it presents; an answer that does
 * not open (a row altered in the store) is a defect, answered 500, and never acts again.
 *
 * The middleware renders failures itself (`ErrorBoundary.renderCause`, `normalize`), so it keeps
 * the answer the client gets wherever it sits among the global middlewares, and reads the body
 * under the API's size limit, which the API's own read then shares (Node's request caches it).
 *
 * @since 0.1.0
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto"
import { ApiKeys, Errors } from "@campaign-games/core"
import * as Idempotency from "@campaign-games/core/Idempotency"
import { TokenSigner } from "@campaign-games/core/play/ClientToken"
import { Context, DateTime, Effect, Exit, Option, Schedule, type Types } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as ApiError from "./ApiError.ts"
import * as ErrorBoundary from "./ErrorBoundary.ts"

/** The request header. */
export const HEADER = "idempotency-key"

/** The response header of a replayed answer. */
export const REPLAYED = "idempotent-replayed"

const problem = (status: 400 | 409, message: string, detail: string) =>
  HttpServerResponse.jsonUnsafe(
    ApiError.body(status === 400 ? "invalid_request" : "conflict", message, [
      { path: `headers.${HEADER}`, message: detail }
    ]),
    { status }
  )

const answers = {
  invalid: problem(
    400,
    `The Idempotency-Key header must be 1 to ${Idempotency.MAX_KEY_LENGTH} characters.`,
    `must be 1 to ${Idempotency.MAX_KEY_LENGTH} characters`
  ),
  mismatch: problem(
    409,
    "This Idempotency-Key was already used with another request; use a new key for a new request.",
    "already used with another request"
  ),
  inProgress: problem(
    409,
    "A request with this Idempotency-Key is still running; retry once it has answered.",
    "a request with this key is still running"
  )
}

/** What one Idempotency-Key of one scope gives: its stored hash, and two keys only it gives. */
export interface KeyMaterial {
  /** Stored in place of the key (hex). */
  readonly keyHash: string
  /** Keys the request's fingerprint, so that the stored fingerprint tells nothing of the body. */
  readonly fingerprintKey: Uint8Array
  /** Seals the kept answer's body (AES-256). */
  readonly sealKey: Uint8Array
}

/** One HKDF label per derived value, so that none tells anything of another. */
const LABELS = {
  keyHash: "campaign-games idempotency key hash v1",
  fingerprintKey: "campaign-games idempotency fingerprint key v1",
  sealKey: "campaign-games idempotency answer key v1"
} as const

/** HKDF-SHA256 of the key (input keying material), salted with its scope, for `label`. */
const derive = (scope: string, key: string, label: string): Uint8Array =>
  new Uint8Array(hkdfSync("sha256", Buffer.from(key, "utf8"), Buffer.from(scope, "utf8"), label, 32))

/** The material of `key` in `scope` (an API key or a client token of an account, `KeyScope`). */
export const keyMaterial = (scope: string, key: string): KeyMaterial => ({
  keyHash: Buffer.from(derive(scope, key, LABELS.keyHash)).toString("hex"),
  fingerprintKey: derive(scope, key, LABELS.fingerprintKey),
  sealKey: derive(scope, key, LABELS.sealKey)
})

/** The fingerprint of a request: HMAC-SHA256 of its method, path with query and body, hex. */
const fingerprintOf = (material: KeyMaterial, method: string, url: string, body: Uint8Array): string =>
  createHmac("sha256", material.fingerprintKey).update(`${method} ${url}\n`).update(body).digest("hex")

/**
 * The format of a sealed answer: `v1:` then base64 of nonce (12 bytes), GCM tag (16 bytes),
 * ciphertext; the plaintext is the JSON `{ headers, body }`.
 */
const SEALED_PREFIX = "v1:"
const NONCE_BYTES = 12
const TAG_BYTES = 16

/** What the seal authenticates besides the body: the status and content type kept beside it. */
const associated = (status: number, contentType: string): Uint8Array => Buffer.from(`${status}\n${contentType}`, "utf8")

/** Seals `answer`'s headers and body under `material`'s key, with a fresh random nonce. */
export const seal = (material: KeyMaterial, answer: Idempotency.Answer): Idempotency.SealedAnswer => {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv("aes-256-gcm", material.sealKey, nonce, { authTagLength: TAG_BYTES })
  cipher.setAAD(associated(answer.status, answer.contentType))
  const plain = JSON.stringify({ headers: answer.headers, body: answer.body })
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return {
    status: answer.status,
    contentType: answer.contentType,
    sealed: SEALED_PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString("base64")
  }
}

const openUnsafe = (material: KeyMaterial, sealed: Idempotency.SealedAnswer): Idempotency.Answer => {
  if (!sealed.sealed.startsWith(SEALED_PREFIX)) throw new Error("not a sealed answer")
  const bytes = Buffer.from(sealed.sealed.slice(SEALED_PREFIX.length), "base64")
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error("sealed answer too short")
  const decipher = createDecipheriv("aes-256-gcm", material.sealKey, bytes.subarray(0, NONCE_BYTES), {
    authTagLength: TAG_BYTES
  })
  decipher.setAAD(associated(sealed.status, sealed.contentType))
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES))
  const plain = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()])
  // Authenticated: only this module wrote it, so its shape is known.
  const { headers, body } = JSON.parse(plain.toString("utf8")) as Pick<Idempotency.Answer, "headers" | "body">
  return { status: sealed.status, contentType: sealed.contentType, headers, body }
}

/** Opens a sealed answer with `material`'s key: none when it was sealed under another, or altered. */
export const open: (material: KeyMaterial, sealed: Idempotency.SealedAnswer) => Option.Option<Idempotency.Answer> =
  Option.liftThrowable(openUnsafe)

/**
 * For the request with an Idempotency-Key now acting: keeps `answer` as the key's (sealed), in the
 * caller's transaction when it runs in one. A play call's handler keeps its answer with the play's
 * write this way (core `Plays.KeepAnswer`), so that an answer lost after the commit is replayed,
 * not refused. Undefined for a request without a key (or one that does not act).
 */
export const KeepUnderKey = Context.Reference<
  ((answer: Idempotency.Answer) => Effect.Effect<void, Errors.StoreError>) | undefined
>("@campaign-games/http/IdempotencyKeys/KeepUnderKey", { defaultValue: () => undefined })

const isStoreError = (error: unknown): boolean => error instanceof Errors.StoreError

/** Whether an answer is kept for replay. */
const keeps = (status: number): boolean => status < 500 && status !== 429

/** The headers of an answer a replay gives again: the rate limit's, which the endpoint set. */
const REPLAYED_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining"] as const

/** The answer of a response as kept, when its body is held in memory. */
const answerOf = (response: HttpServerResponse.HttpServerResponse): Option.Option<Idempotency.Answer> => {
  const body = response.body
  if (body._tag !== "Empty" && body._tag !== "Uint8Array") return Option.none()
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers[name]
    if (value !== undefined) headers[name] = value
  }
  return Option.some(
    body._tag === "Empty"
      ? { status: response.status, contentType: "", headers, body: "" }
      : {
          status: response.status,
          contentType: response.headers["content-type"] ?? body.contentType,
          headers,
          body: new TextDecoder().decode(body.body)
        }
  )
}

const replay = (answer: Idempotency.Answer) =>
  HttpServerResponse.text(answer.body, {
    status: answer.status,
    ...(answer.contentType === "" ? {} : { contentType: answer.contentType }),
    headers: { ...answer.headers, [REPLAYED]: "true" }
  })

/**
 * Whose keys a request's `Idempotency-Key` is among: its API key's (`scope` is the key), or its
 * client token's (`scope` is the token), each in its account. Not the account's alone, as Stripe
 * does: this middleware runs before the route checks permissions, so a key shared by the account's
 * API keys would replay an answer a key holding fewer permissions could not get (a new key's
 * secret), and a key's 403 would be replayed to a key allowed to act. None without either.
 */
interface KeyScope {
  readonly accountId: string
  readonly scope: string
}

/** The scope of the Idempotency-Keys sent with API key `keyId` of `accountId`. */
export const apiKeyScope = (accountId: string, keyId: string | null): string => `${accountId}\u0000key\u0000${keyId}`

/** The scope of the Idempotency-Keys sent with the client token `jti` of `accountId`. */
const tokenScope = (accountId: string, jti: string): string => `${accountId}\u0000token\u0000${jti}`

/** The global middleware; needs `ApiKeys`, `TokenSigner` and `IdempotencyRepo`. */
export const layer = HttpRouter.middleware(
  Effect.gen(function* () {
    const keys = yield* ApiKeys.ApiKeys
    const signer = yield* TokenSigner
    const repo = yield* Idempotency.IdempotencyRepo
    const scopeOf = (bearer: string) =>
      Effect.gen(function* () {
        // A store that does not answer fails the request (503) rather than pass it on to wait again.
        const actor = yield* Effect.option(Effect.catchIf(keys.authenticate(bearer), isStoreError, Effect.die))
        if (Option.isSome(actor)) {
          const accountId = actor.value.account.id
          return Option.some<KeyScope>({ accountId, scope: apiKeyScope(accountId, actor.value.keyId) })
        }
        const claims = yield* Effect.option(signer.verify(bearer))
        return Option.map(claims, (c): KeyScope => ({ accountId: c.acc, scope: tokenScope(c.acc, c.jti) }))
      })
    return (httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const key = request.headers[HEADER]
        if (request.method !== "POST" || key === undefined) return yield* httpEffect
        if (key.length === 0 || key.length > Idempotency.MAX_KEY_LENGTH) return answers.invalid
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers["authorization"] ?? "")?.[1]
        if (bearer === undefined) return yield* httpEffect
        const scope = yield* scopeOf(bearer)
        const body = yield* Effect.option(
          request.arrayBuffer.pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, ErrorBoundary.MAX_JSON_BODY))
        )
        // No account to scope the key by, or a body the API refuses anyway: the API answers.
        if (Option.isNone(scope) || Option.isNone(body)) return yield* httpEffect
        const { accountId } = scope.value
        const material = keyMaterial(scope.value.scope, key)
        const { keyHash } = material
        const fingerprint = fingerprintOf(material, request.method, request.url, new Uint8Array(body.value))
        const now = yield* DateTime.now
        const existing = yield* repo.claim(
          { accountId, keyHash, fingerprint, createdAt: now, answer: null },
          Idempotency.inForceSince(now)
        )
        if (Option.isSome(existing)) {
          const decision = Idempotency.decide(existing.value, fingerprint)
          if (decision._tag !== "Replay") return decision._tag === "Mismatch" ? answers.mismatch : answers.inProgress
          const opened = open(material, decision.answer)
          // Only a row altered in the store fails to open (its key hash and fingerprint matched).
          if (Option.isNone(opened))
            return yield* Effect.die(new Error("IdempotencyKeys: a kept answer does not open with its key"))
          return replay(opened.value)
        }
        const abandon = repo.abandon(accountId, keyHash)
        // When the store is what failed (a 503, a failed write), forgetting the key waits on nobody: a
        // wait for the store would double the request's. It is tried in the background (every 250 ms for 30 s),
        // so that a key whose request failed while the store was away is released once it is back
        // (a row holding an answer is never removed: `abandon` spares it). Otherwise at once, so
        // that a retry that follows the answer acts.
        const forgetLater = Effect.asVoid(
          Effect.forkDetach(
            abandon.pipe(Effect.retry({ schedule: Schedule.spaced("250 millis"), times: 120 }), Effect.ignore)
          )
        )
        const forget = Effect.ignore(abandon)
        // An answer the handler kept with its write (a play call's) is not written again after it.
        let keptStatus: number | undefined
        const keepUnderKey = (answer: Idempotency.Answer) =>
          Effect.tap(repo.complete(accountId, keyHash, seal(material, answer)), () =>
            Effect.sync(() => {
              keptStatus = answer.status
            })
          )
        const response = yield* httpEffect.pipe(
          Effect.provideService(KeepUnderKey, keepUnderKey),
          Effect.catchCause(ErrorBoundary.renderCause),
          Effect.map(ErrorBoundary.normalize),
          Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : forgetLater))
        )
        const answer = keeps(response.status) ? answerOf(response) : Option.none()
        if (Option.isNone(answer)) yield* response.status === 503 ? forgetLater : forget
        else if (keptStatus === response.status) return response
        else
          yield* repo.complete(accountId, keyHash, seal(material, answer.value)).pipe(Effect.catch(() => forgetLater))
        return response
        // Global middleware runs in the request's fiber, where the request is always provided; the
        // router's typing keeps failures in the error channel (this never fails at run time).
      }).pipe(Effect.catchCause(ErrorBoundary.renderCause)) as unknown as Effect.Effect<
        HttpServerResponse.HttpServerResponse,
        Types.unhandled
      >
  }),
  { global: true }
)
