/**
 * How the API answers the engine's failures: one table from each reason to the specification's
 * answer, a status and `{ error: { code, message, details? } }`. The engine's failures carry data
 * (each subsystem's error with its typed `reason`, the shared failures, each with a default message
 * and field details); the status, the code and the words the API says are decided here, and only
 * here.
 *
 * - `categories`: the status and code of each of the specification's ten error codes.
 * - `categoryOf`: the code each reason is answered with. It is typed over every reason of every
 *   subsystem (`Errors.Reason`) and over the server's own (`TooManyRequests`, the operator token's),
 *   so a reason added to the engine must be given its answer here.
 * - `said`: the message and `details` of each reason, also typed over every reason. Most are
 *   answered with the engine's own words (`asIs`); this is where an answer says otherwise.
 * - `answer`: the whole answer to a failure, for the API's error schemas below and for answers made
 *   outside the API's encoding.
 *
 * Each error schema (`Conflict`, `NotFound`, …) encodes every failure whose reason this table
 * answers with its code, and decodes an answer back into an `ApiAnswer` tagged with its kind
 * (`Conflict`, …: the words survive, the typed reason does not), so the typed client and the OpenAPI
 * document both see the real shape.
 *
 * @since 0.1.0
 */
import { Errors, Failure } from "@campaign-games/core"
import { Predicate, Schema, SchemaTransformation } from "effect"
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
// The server's own failures
// -----------------------------------------------------------------------------

/** More than `limit` requests per `window` (as written for people); retry after `retryAfterSeconds`. */
export class TooManyRequests extends Failure.withMessage(
  Schema.TaggedError<TooManyRequests>()("TooManyRequests", {
    limit: Schema.Int,
    window: Schema.String,
    retryAfterSeconds: Schema.Int
  }),
  ({ limit, retryAfterSeconds, window }) =>
    `Too many requests: at most ${limit} per ${window}. Retry after ${retryAfterSeconds} seconds.`
) {}

/** The operator API's token is wrong. */
export class OperatorTokenWrong extends Failure.withMessage(
  Schema.TaggedError<OperatorTokenWrong>()("OperatorTokenWrong", {}),
  "Wrong operator token."
) {}

/** The operator API is disabled: the server has no operator token (`CG_ADMIN_TOKEN`). */
export class OperatorApiDisabled extends Failure.withMessage(
  Schema.TaggedError<OperatorApiDisabled>()("OperatorApiDisabled", {}),
  "The operator API is disabled (CG_ADMIN_TOKEN is not set)."
) {}

/** The failures the server makes itself, beside the engine's. */
export type ServerFailure = TooManyRequests | OperatorTokenWrong | OperatorApiDisabled

/** Every reason the API answers: the engine's, and the server's own. */
export type Reason = Errors.Reason | ServerFailure

// -----------------------------------------------------------------------------
// Answers decoded by a client, or made from words alone
// -----------------------------------------------------------------------------

/** The ten kinds of answer, one per error code. */
export const Category = Schema.Literals([
  "InvalidRequest",
  "Unauthorized",
  "UpgradeRequired",
  "Forbidden",
  "NotFound",
  "Conflict",
  "ConfirmationRequired",
  "RateLimited",
  "InternalError",
  "ServiceUnavailable"
])
export type Category = typeof Category.Type

/**
 * An answer known by its kind (`_tag`: `NotFound`, `Conflict`, …) and its words: decoded by the
 * typed client from an error body, or made by the server itself (a body sent as something else).
 */
export class ApiAnswer extends Schema.Error<ApiAnswer>("@campaign-games/http/ApiAnswer")({
  _tag: Category,
  message: Schema.String,
  details: Schema.optionalKey(Errors.Details)
}) {}

// -----------------------------------------------------------------------------
// The table
// -----------------------------------------------------------------------------

/** The status and code of each kind of answer. */
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
} as const satisfies { readonly [C in Category]: { status: number; code: ErrorCode } }

/** The status of each error code. */
export const statusOf = Object.fromEntries(
  Object.values(categories).map(({ code, status }) => [code, status])
) as Record<ErrorCode, number>

/** The kind of answer of each reason. */
export const categoryOf = {
  // Fields at fault
  InvalidFields: "InvalidRequest",
  ConfigIncomplete: "InvalidRequest",
  InvalidAnswer: "InvalidRequest",
  FileRefused: "InvalidRequest",
  FileMissing: "InvalidRequest",
  // A credential refused
  KeyMalformed: "Unauthorized",
  KeyUnknown: "Unauthorized",
  KeyRevoked: "Unauthorized",
  TokenInvalid: "Unauthorized",
  TokenExpired: "Unauthorized",
  TokenResourceGone: "Unauthorized",
  OperatorTokenWrong: "Unauthorized",
  OperatorApiDisabled: "Unauthorized",
  // The plan
  FeatureMissing: "UpgradeRequired",
  GameNotInPlan: "UpgradeRequired",
  LimitReached: "UpgradeRequired",
  // Not allowed
  MissingPermission: "Forbidden",
  MissingAnyPermission: "Forbidden",
  CannotGrantPermission: "Forbidden",
  OriginNotAllowed: "Forbidden",
  // Nothing there
  ResourceNotFound: "NotFound",
  DrawRunNotFound: "NotFound",
  TierNotFound: "NotFound",
  AssetNotFound: "NotFound",
  FolderNotFound: "NotFound",
  // The state refuses
  PlayLimitReached: "Conflict",
  TokenAlreadyUsed: "Conflict",
  PlayAlreadyFinished: "Conflict",
  GameUnavailable: "Conflict",
  BoardRefused: "Conflict",
  DuplicateOrigin: "Conflict",
  CampaignArchived: "Conflict",
  CampaignAlreadyActive: "Conflict",
  CampaignNotActive: "Conflict",
  CampaignNotArchived: "Conflict",
  NotAPrediction: "Conflict",
  AlreadyResolved: "Conflict",
  NoCampaignToHandOver: "Conflict",
  LiveWindowOverlap: "Conflict",
  CampaignPlayed: "Conflict",
  ChannelHasCampaigns: "Conflict",
  DeliveryNotResendable: "Conflict",
  DrawNotManual: "Conflict",
  DrawAwaitsResolution: "Conflict",
  NoReward: "Conflict",
  PrizeHoldsCodes: "Conflict",
  StrategyLocked: "Conflict",
  CodesNotStored: "Conflict",
  OneSharedCode: "Conflict",
  AlreadyGranted: "Conflict",
  OutOfCodes: "Conflict",
  FolderCycle: "Conflict",
  NotAnUpload: "Conflict",
  // Repeat, confirmed
  FolderDeletionUnconfirmed: "ConfirmationRequired",
  // Too many
  TooManyRequests: "RateLimited",
  TooManyOpenUploads: "RateLimited"
} as const satisfies { readonly [Tag in Reason["_tag"]]: Category }

/** What the API says of each reason. */
const said: SayingOf<Reason> = {
  InvalidFields: asIs,
  ConfigIncomplete: asIs,
  InvalidAnswer: asIs,
  KeyMalformed: asIs,
  KeyUnknown: asIs,
  KeyRevoked: asIs,
  TokenInvalid: asIs,
  TokenExpired: asIs,
  TokenResourceGone: asIs,
  OperatorTokenWrong: asIs,
  OperatorApiDisabled: asIs,
  FeatureMissing: asIs,
  GameNotInPlan: asIs,
  LimitReached: asIs,
  MissingPermission: asIs,
  MissingAnyPermission: asIs,
  CannotGrantPermission: asIs,
  OriginNotAllowed: asIs,
  ResourceNotFound: asIs,
  PlayLimitReached: asIs,
  TokenAlreadyUsed: asIs,
  PlayAlreadyFinished: asIs,
  GameUnavailable: asIs,
  BoardRefused: asIs,
  DuplicateOrigin: asIs,
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
  DeliveryNotResendable: asIs,
  TooManyRequests: asIs,
  // The subsystems' own tables
  ...DrawsSaid.said,
  ...RewardsSaid.said,
  ...MediaSaid.said
}

/** The tag of every subsystem's error: its answer is its reason's. */
const serviceErrors: { readonly [Tag in Errors.ServiceFailure["_tag"]]: true } = {
  AccountsError: true,
  PlanError: true,
  CampaignsError: true,
  DrawsError: true,
  GameError: true,
  MediaError: true,
  PlaysError: true,
  RewardsError: true,
  WebhooksError: true
}

/** A failure the table answers: a subsystem's error, a shared failure, or one of the server's own. */
export type Answerable = Errors.Failure | ServerFailure

/** What `failure` says happened: a subsystem error's reason, or the failure itself. */
const reasonOf = (failure: Answerable): Reason =>
  Predicate.hasProperty(failure, "reason") ? (failure.reason as Reason) : (failure as Reason)

/** Whether `u` is a failure the table answers. */
export const isAnswerable = (u: unknown): u is Answerable =>
  Predicate.hasProperty(u, "_tag") &&
  typeof u._tag === "string" &&
  (Object.hasOwn(serviceErrors, u._tag)
    ? Predicate.hasProperty(u, "reason") &&
      Predicate.hasProperty(u.reason, "_tag") &&
      Object.hasOwn(categoryOf, u.reason._tag as string)
    : Object.hasOwn(categoryOf, u._tag))

/** The kind of answer to `failure`. */
const answerKind = (failure: Answerable | ApiAnswer): Category =>
  Object.hasOwn(categories, failure._tag)
    ? (failure._tag as Category)
    : categoryOf[reasonOf(failure as Answerable)._tag]

/** The API's answer to a failure: its status and its body. */
export const answer = (
  failure: Answerable | ApiAnswer
): { readonly status: number; readonly body: ReturnType<typeof body<ErrorCode>> } => {
  const { code, status } = categories[answerKind(failure)]
  if (Object.hasOwn(categories, failure._tag)) {
    const known = failure as ApiAnswer
    return { status, body: body(code, known.message, known.details) }
  }
  const reason = reasonOf(failure as Answerable)
  const say = said[reason._tag] as (reason: Reason) => Said
  const { details, message } = say(reason)
  return { status, body: body(code, message, details) }
}

// -----------------------------------------------------------------------------
// The error schemas of the API
// -----------------------------------------------------------------------------

/** The tags of the reasons answered as `C`. */
type ReasonsOf<C extends Category> = {
  readonly [Tag in keyof typeof categoryOf]: (typeof categoryOf)[Tag] extends C ? Tag : never
}[keyof typeof categoryOf]

/**
 * The failures answered as `C`: a subsystem's error when one of its reasons is (which of its reasons
 * a use case can meet, its signature does not say), a shared or server failure when it is.
 */
export type FailureOf<C extends Category> =
  | (Errors.ServiceFailure extends infer F
      ? F extends { readonly reason: { readonly _tag: infer T } }
        ? [Extract<T, ReasonsOf<C>>] extends [never]
          ? never
          : F
        : never
      : never)
  | Extract<Errors.SharedFailure | ServerFailure, { readonly _tag: ReasonsOf<C> }>

const make = <C extends Category>(tag: C, identifier: string) => {
  const { code, status } = categories[tag]
  const answered = Schema.declare(
    (u: unknown): u is ApiAnswer | FailureOf<C> => (u instanceof ApiAnswer || isAnswerable(u)) && answerKind(u) === tag,
    { identifier: `${identifier}Failure` }
  )
  return ErrorBody(code as (typeof categories)[C]["code"])
    .pipe(
      Schema.decodeTo(
        answered,
        SchemaTransformation.transform({
          decode: ({ error }): ApiAnswer | FailureOf<C> =>
            new ApiAnswer(
              error.details === undefined
                ? { _tag: tag, message: error.message }
                : { _tag: tag, message: error.message, details: error.details }
            ),
          encode: (failure: ApiAnswer | FailureOf<C>) =>
            answer(failure).body as ReturnType<typeof ErrorBody<(typeof categories)[C]["code"]>>["Type"]
        })
      ),
      HttpApiSchema.status(status)
    )
    .annotate({ identifier })
}

export const InvalidRequest = make("InvalidRequest", "InvalidRequestError")
export const Unauthorized = make("Unauthorized", "UnauthorizedError")
export const UpgradeRequired = make("UpgradeRequired", "UpgradeRequiredError")
export const Forbidden = make("Forbidden", "ForbiddenError")
export const NotFound = make("NotFound", "NotFoundError")
export const Conflict = make("Conflict", "ConflictError")
export const ConfirmationRequired = make("ConfirmationRequired", "ConfirmationRequiredError")
export const RateLimited = make("RateLimited", "RateLimitedError")
export const InternalError = make("InternalError", "InternalError")
export const ServiceUnavailable = make("ServiceUnavailable", "ServiceUnavailableError")

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
