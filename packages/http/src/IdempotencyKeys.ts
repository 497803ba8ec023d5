/**
 * The `Idempotency-Key` header, with Stripe's semantics (core `Idempotency`), as one global
 * middleware over every route rather than in each group. A POST that carries the header and an
 * API key is fingerprinted (method, path with its query, body): the first request with a key acts
 * and its answer is kept for 24 hours in the store (`IdempotencyRepo`, scoped by the key's account,
 * so it holds across instances); a repeat with the same request gets that answer again, status and
 * body, marked `Idempotent-Replayed: true`, without acting; a repeat with another request, or
 * while the first still runs, is a 409 `conflict` naming `headers.idempotency-key`.
 *
 * Answers kept: every answer below 500 but 429 (a rate limit is no answer to the request). A 5xx,
 * a 429 or a request that did not finish forgets the key, so a retry acts. Requests without an API
 * key (client tokens, the operator token, none) pass through: their own rules apply.
 *
 * The middleware renders failures itself (`ErrorBoundary.renderCause`, `normalize`), so it keeps
 * the answer the client gets wherever it sits among the global middlewares, and reads the body
 * under the API's size limit, which the API's own read then shares (Node's request caches it).
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import { ApiKeys } from "@campaign-games/core"
import * as Idempotency from "@campaign-games/core/Idempotency"
import { DateTime, Effect, Exit, Option, type Types } from "effect"
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

/** Whether an answer is kept for replay. */
const keeps = (status: number): boolean => status < 500 && status !== 429

/** The body of a response as text, when it is held in memory. */
const bodyText = (response: HttpServerResponse.HttpServerResponse): Option.Option<Idempotency.Answer> => {
  const body = response.body
  if (body._tag === "Empty") return Option.some({ status: response.status, contentType: "", body: "" })
  if (body._tag !== "Uint8Array") return Option.none()
  return Option.some({
    status: response.status,
    contentType: response.headers["content-type"] ?? body.contentType,
    body: new TextDecoder().decode(body.body)
  })
}

const replay = (answer: Idempotency.Answer) =>
  HttpServerResponse.text(answer.body, {
    status: answer.status,
    ...(answer.contentType === "" ? {} : { contentType: answer.contentType }),
    headers: { [REPLAYED]: "true" }
  })

/** The global middleware; needs `ApiKeys` and `IdempotencyRepo`. */
export const layer = HttpRouter.middleware(
  Effect.gen(function* () {
    const keys = yield* ApiKeys.ApiKeys
    const repo = yield* Idempotency.IdempotencyRepo
    return (httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const key = request.headers[HEADER]
        if (request.method !== "POST" || key === undefined) return yield* httpEffect
        if (key.length === 0 || key.length > Idempotency.MAX_KEY_LENGTH) return answers.invalid
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers["authorization"] ?? "")?.[1]
        if (bearer === undefined) return yield* httpEffect
        const actor = yield* Effect.option(keys.authenticate(bearer))
        const body = yield* Effect.option(
          request.arrayBuffer.pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, ErrorBoundary.MAX_JSON_BODY))
        )
        // No account to scope the key by, or a body the API refuses anyway: the API answers.
        if (Option.isNone(actor) || Option.isNone(body)) return yield* httpEffect
        const accountId = actor.value.account.id
        const fingerprint = createHash("sha256")
          .update(`${request.method} ${request.url}\n`)
          .update(new Uint8Array(body.value))
          .digest("hex")
        const now = yield* DateTime.now
        const existing = yield* repo.claim(
          { accountId, key, fingerprint, createdAt: now, answer: null },
          Idempotency.inForceSince(now)
        )
        if (Option.isSome(existing)) {
          const decision = Idempotency.decide(existing.value, fingerprint)
          return decision._tag === "Replay"
            ? replay(decision.answer)
            : decision._tag === "Mismatch"
              ? answers.mismatch
              : answers.inProgress
        }
        const forget = Effect.ignore(repo.abandon(accountId, key))
        const response = yield* httpEffect.pipe(
          Effect.catchCause(ErrorBoundary.renderCause),
          Effect.map(ErrorBoundary.normalize),
          Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : forget))
        )
        const answer = keeps(response.status) ? bodyText(response) : Option.none()
        if (Option.isNone(answer)) yield* forget
        else yield* repo.complete(accountId, key, answer.value).pipe(Effect.catch(() => forget))
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
