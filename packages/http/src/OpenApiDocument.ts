/**
 * What the served OpenAPI document says beyond what the endpoint definitions carry, applied to the
 * generated document by `Api` (an `OpenApi.Transform`): the behaviour of global middlewares, which no
 * endpoint declares, and examples of the main request bodies. A client generator reads the document
 * alone, so what a global middleware adds to every operation of a kind is written here once:
 *
 * - `Idempotency-Key` on every POST authenticated by an API key or a client token
 *   (`IdempotencyKeys`): the request header, the `Idempotent-Replayed` header of a replayed answer,
 *   and its 409;
 * - the 400 of a body over the size limit (`ErrorBoundary`) on every operation that takes a body;
 * - a body that may be left out: a POST's that takes `null` (`Endpoint.noBody`, activation's
 *   `{ handoverAt }`), which the server reads from an empty request too (the generator marks every
 *   declared body required).
 *
 * @since 0.1.0
 */
import { Idempotency, SpinTheWheel } from "@campaign-games/core"
import type { OpenApi } from "effect/http-api"

/** The servers the document names: the reference server with its defaults (`npm start`). */
export const servers: ReadonlyArray<OpenApi.OpenAPISpecServer> = [
  {
    url: "http://127.0.0.1:8080",
    description:
      "The reference server started by `npm start` with its defaults; a deployment serves at its CG_PUBLIC_URL."
  }
]

const errorRef = (name: string) => ({
  content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } }
})

/** The `Idempotency-Key` request header, with Stripe's semantics. */
const idempotencyKey: OpenApi.OpenAPISpecParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: `A key of your choice (1 to ${Idempotency.MAX_KEY_LENGTH} characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with \`Idempotent-Replayed: true\`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept.`,
  schema: { type: "string", minLength: 1, maxLength: Idempotency.MAX_KEY_LENGTH }
}

const replayed = {
  description: "`true` when this answer is the replay of an earlier request with the same Idempotency-Key.",
  required: false,
  schema: { type: "string", enum: ["true"] }
}

/** Examples of the main request bodies, by operation id. */
const requestExamples: Record<string, unknown> = {
  "admin.createAccount": { name: "Acme", plan: "pro" },
  "channels.create": { name: "Homepage", maxPlaysPerParticipantPerDay: 3, playLimitTimezone: "Europe/Paris" },
  "campaigns.create": {
    gameSlug: "spin-the-wheel",
    name: "Summer wheel",
    channelId: "ch_123",
    config: {
      segments: [
        { id: "win", label: "10% off", isWin: true, weight: 1 },
        { id: "lose", label: "Next time", isWin: false, weight: 3 }
      ],
      ...SpinTheWheel.exampleMedia
    }
  },
  "allowedOrigins.create": { origin: "https://www.example.com" },
  "tokens.mint": { channelId: "ch_123", participantRef: "user-42", origin: "https://www.example.com" },
  "play.finish": { answers: [{ questionId: "q1", optionId: "a" }] },
  "webhooks.create": { url: "https://hooks.example.com/campaign-games", events: ["session_completed"] }
}

const isSuccess = (status: string): boolean => status.startsWith("2")

/**
 * Whether a POST's body may be left out: one that takes `null` (`Endpoint.noBody`, activation's
 * `{ handoverAt }`, a finish, whose game reads none as `{}`), which the server reads from an empty
 * request too. A PUT's `null` says something (no reward), so its body stays required.
 */
const bodyOptional = (method: string, body: OpenApi.OpenAPISpecRequestBody): boolean => {
  const schema = body.content["application/json"]?.schema as { anyOf?: ReadonlyArray<unknown> } | undefined
  return method === "post" && (schema?.anyOf ?? []).some((member) => JSON.stringify(member) === `{"type":"null"}`)
}

/** Adds what the middlewares do to one operation of `path`. */
const finishOperation = (path: string, method: string, op: OpenApi.OpenAPISpecOperation): void => {
  const responses = op.responses as Record<string, OpenApi.OpenApiSpecResponse>
  const keyed =
    path.startsWith("/v1/") &&
    op.security.some((requirement) => "bearer" in requirement || "clientToken" in requirement)
  if (method === "post" && keyed) {
    op.parameters.push(idempotencyKey)
    for (const [status, response] of Object.entries(responses)) {
      if (isSuccess(status)) response.headers = { ...response.headers, "idempotent-replayed": replayed }
    }
    responses[409] ??= { description: "ConflictError", ...errorRef("ConflictErrorEncoded") }
  }
  if (op.requestBody !== undefined) {
    // effect's type says `required: true`, the one value its generator writes; OpenAPI allows false.
    if (bodyOptional(method, op.requestBody)) (op.requestBody as { required: boolean }).required = false
    const invalid = (responses[400] ??= {
      description: "InvalidRequestError",
      ...errorRef("InvalidRequestErrorEncoded")
    })
    if (!invalid.description.includes("1 MiB")) {
      invalid.description = `${invalid.description}; also a body over 1 MiB (details path \`body\`)`
    }
    const example = requestExamples[op.operationId]
    const media = op.requestBody.content["application/json"] as
      (OpenApi.OpenApiSpecMediaType & { example?: unknown }) | undefined
    if (example !== undefined && media !== undefined) media.example = example
  }
}

/** The transform `Api` applies to its generated document. */
export const finish = (document: Record<string, unknown>): Record<string, unknown> => {
  const spec = document as unknown as OpenApi.OpenAPISpec
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, OpenApi.OpenAPISpecOperation>)) {
      finishOperation(path, method, op)
    }
  }
  return document
}
