/**
 * How the API answers the core's errors: one table from each category and reason to the
 * specification's answer, a status and `{ error: { code, message, details? } }`. The core's errors
 * carry data (a typed `reason`, with a default message and field details); the status, the code and
 * the words the API says are decided here, and only here.
 *
 * - `categories`: the status and code of each of the ten categories.
 * - `said`: the message and `details` of each reason. Today every reason is answered with the
 *   core's own words (`asIs`); this is where an answer would say otherwise. The table is typed over
 *   every reason, so a reason added to the core must be given its answer here.
 * - `answer`: the whole answer to an error, for the API's error schemas below and for answers made
 *   outside the API's encoding.
 *
 * Each error schema encodes its category through `answer` and decodes an answer back into the
 * category (its reason `Unspecified`: the words survive, the typed reason does not), so the typed
 * client and the OpenAPI document both see the real shape.
 *
 * @since 0.1.0
 */
import { Errors } from "@campaign-games/core"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"
import * as DrawsSaid from "./said/DrawsSaid.ts"
import * as MediaSaid from "./said/MediaSaid.ts"
import * as RewardsSaid from "./said/RewardsSaid.ts"
import { asIs, type Said, type SayingOf } from "./said/Said.ts"

export type { Said } from "./said/Said.ts"

/** The specification's error codes, exactly. */
export const ErrorCode = Schema.Literals([
  "invalid_request",
  "unauthorized",
  "upgrade_required",
  "forbidden",
  "not_found",
  "conflict",
  "confirmation_required",
  "rate_limited",
  "internal_error",
  "service_unavailable"
])
export type ErrorCode = typeof ErrorCode.Type

/** The error body of the specification. */
export const ErrorBody = <Code extends ErrorCode>(code: Code) =>
  Schema.Struct({
    error: Schema.Struct({
      code: Schema.Literal(code),
      message: Schema.String,
      details: Schema.optionalKey(Schema.Array(Errors.Detail))
    })
  })

/** The body of an error, for answers made outside the API's own encoding. */
export const body = <Code extends ErrorCode>(
  code: Code,
  message: string,
  details?: ReadonlyArray<Errors.Detail>
): { readonly error: { code: Code; message: string; details?: ReadonlyArray<Errors.Detail> } } => ({
  error: details === undefined || details.length === 0 ? { code, message } : { code, message, details }
})

// -----------------------------------------------------------------------------
// The table
// -----------------------------------------------------------------------------

/** The status and code of each category. */
export const categories = {
  InvalidRequest: { status: 400, code: "invalid_request" },
  Unauthorized: { status: 401, code: "unauthorized" },
  UpgradeRequired: { status: 402, code: "upgrade_required" },
  Forbidden: { status: 403, code: "forbidden" },
  NotFound: { status: 404, code: "not_found" },
  Conflict: { status: 409, code: "conflict" },
  ConfirmationRequired: { status: 409, code: "confirmation_required" },
  RateLimited: { status: 429, code: "rate_limited" },
  InternalError: { status: 500, code: "internal_error" },
  ServiceUnavailable: { status: 503, code: "service_unavailable" }
} as const satisfies { readonly [Tag in Errors.Category["_tag"]]: { status: number; code: ErrorCode } }

/** The status of each error code. */
export const statusOf = Object.fromEntries(
  Object.values(categories).map(({ code, status }) => [code, status])
) as Record<ErrorCode, number>

type Saying = SayingOf<Errors.Reason>

/** What the API says of each reason. */
const said: Saying = {
  // InvalidRequest
  InvalidFields: asIs,
  ConfigIncomplete: asIs,
  InvalidAnswer: asIs,
  // Unauthorized
  KeyMalformed: asIs,
  KeyUnknown: asIs,
  KeyRevoked: asIs,
  TokenInvalid: asIs,
  TokenExpired: asIs,
  TokenResourceGone: asIs,
  OperatorTokenWrong: asIs,
  OperatorApiDisabled: asIs,
  // UpgradeRequired
  FeatureMissing: asIs,
  GameNotInPlan: asIs,
  LimitReached: asIs,
  // Forbidden
  MissingPermission: asIs,
  MissingAnyPermission: asIs,
  CannotGrantPermission: asIs,
  OriginNotAllowed: asIs,
  // NotFound
  ResourceNotFound: asIs,
  // Conflict
  PlayLimitReached: asIs,
  TokenAlreadyUsed: asIs,
  PlayAlreadyFinished: asIs,
  GameUnavailable: asIs,
  BoardRefused: asIs,
  CampaignArchived: asIs,
  CampaignAlreadyActive: asIs,
  CampaignNotActive: asIs,
  CampaignNotArchived: asIs,
  NotAPrediction: asIs,
  AlreadyResolved: asIs,
  NoCampaignToHandOver: asIs,
  LiveWindowOverlap: asIs,
  CampaignPlayed: asIs,
  ChannelHasCampaigns: asIs,
  DuplicateOrigin: asIs,
  DeliveryNotResendable: asIs,
  // RateLimited
  TooManyRequests: asIs,
  // Any category: made from a message, or decoded from an answer
  Unspecified: asIs,
  // The subsystems' own
  ...DrawsSaid.said,
  ...RewardsSaid.said,
  ...MediaSaid.said
}

/** The API's answer to a core error: its status and its body. */
export const answer = <E extends Errors.Category>(
  error: E
): {
  readonly status: number
  readonly body: ReturnType<typeof body<(typeof categories)[E["_tag"]]["code"]>>
} => {
  const { code, status } = categories[error._tag as Errors.Category["_tag"]]
  const say = said[error.reason._tag] as (reason: Errors.Reason, error: Errors.Category) => Said
  const { details, message } = say(error.reason, error)
  return { status, body: body(code as (typeof categories)[E["_tag"]]["code"], message, details) }
}

// -----------------------------------------------------------------------------
// The error schemas of the API
// -----------------------------------------------------------------------------

const make = <Tag extends Errors.Category["_tag"], Self extends Extract<Errors.Category, { readonly _tag: Tag }>>(
  tag: Tag,
  self: Schema.Top & { readonly Type: Self } & (new (input: { readonly reason: Errors.Unspecified }) => Self),
  identifier: string
) => {
  const { code, status } = categories[tag]
  return ErrorBody(code as (typeof categories)[Tag]["code"])
    .pipe(
      Schema.decodeTo(
        Schema.toType(self),
        SchemaTransformation.transform({
          decode: ({ error }) => new self({ reason: Errors.unspecified(error.message, error.details) }),
          encode: (error: Self) => answer(error).body
        })
      ),
      HttpApiSchema.status(status)
    )
    .annotate({ identifier })
}

export const InvalidRequest = make("InvalidRequest", Errors.InvalidRequest, "InvalidRequestError")
export const Unauthorized = make("Unauthorized", Errors.Unauthorized, "UnauthorizedError")
export const UpgradeRequired = make("UpgradeRequired", Errors.UpgradeRequired, "UpgradeRequiredError")
export const Forbidden = make("Forbidden", Errors.Forbidden, "ForbiddenError")
export const NotFound = make("NotFound", Errors.NotFound, "NotFoundError")
export const Conflict = make("Conflict", Errors.Conflict, "ConflictError")
export const ConfirmationRequired = make(
  "ConfirmationRequired",
  Errors.ConfirmationRequired,
  "ConfirmationRequiredError"
)
export const RateLimited = make("RateLimited", Errors.RateLimited, "RateLimitedError")
export const InternalError = make("InternalError", Errors.InternalError, "InternalError")
export const ServiceUnavailable = make("ServiceUnavailable", Errors.ServiceUnavailable, "ServiceUnavailableError")

/** A store failure is answered as 503 `service_unavailable`, never with its internal message. */
export const StoreUnavailable = ErrorBody("service_unavailable")
  .pipe(
    Schema.decodeTo(
      Schema.toType(Errors.StoreError),
      SchemaTransformation.transform({
        decode: (body) => new Errors.StoreError({ message: body.error.message }),
        encode: () => ({
          error: {
            code: "service_unavailable" as const,
            message: "The service is briefly unavailable; retry with backoff."
          }
        })
      })
    ),
    HttpApiSchema.status(503)
  )
  .annotate({ identifier: "StoreUnavailableError" })
