/**
 * What every subsystem's errors share, in effect's style (`RateLimiterError` and its `reason` in
 * `effect/persistence/RateLimiter`): the makings of a reason (`withMessage`, `withDetails`), the
 * makings of a subsystem's one error (`ServiceError`: `DrawsError`, `PlaysError`, … each carrying
 * only its subsystem's reasons), and the failures every subsystem may meet, which fail on their own:
 * a missing resource (`ResourceNotFound`), a missing permission (`MissingPermission`,
 * `MissingAnyPermission`), fields that break a rule (`InvalidFields`, with `details`), and a storage
 * adapter's failure (`StoreError`).
 *
 * A reason is data: what a caller needs to act, with a default `message` in English and, where
 * fields are at fault, `details` (`{ path, message }`). How the HTTP API answers each (its status,
 * code and words) is decided by its table (`ApiError` in `@campaign-games/http`), never here.
 *
 * Imports only `effect`, so every subsystem's error module can import it.
 *
 * @since 0.1.0
 */
import { type Cause, Effect, Option, Schema } from "effect"

// -----------------------------------------------------------------------------
// Details
// -----------------------------------------------------------------------------

/** One failing field: `path` is dot separated (`betweenCampaigns.title`, `tiers.0.display.title`). */
export const Detail = Schema.Struct({
  path: Schema.String,
  message: Schema.String
})
export type Detail = typeof Detail.Type

/** The failing fields of a reason. */
export const Details = Schema.Array(Detail)

/** The message of a list of failing fields: the field itself when there is one, else how many. */
export const fieldsMessage = (details: ReadonlyArray<Detail>): string =>
  details.length === 1
    ? `Invalid field ${details[0]!.path}: ${details[0]!.message}`
    : `${details.length} fields are invalid`

/** `n` and `word`, plural unless `n` is 1 (`1 play`, `3 plays`). */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

// -----------------------------------------------------------------------------
// The makings of a reason
// -----------------------------------------------------------------------------

/** The class a reason or a subsystem's error is built on: a `Schema.TaggedError` class. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes `any[]` (TS2545)
type ErrorBase<Instance = object> = new (...args: ReadonlyArray<any>) => Cause.YieldableError & Instance

/**
 * `Base` with its instances given `Added`: its static side (the schema) as it is, and one
 * constructor taking what `Base`'s takes. Spelled out so the declarations name only public types.
 */
export type Extended<B extends ErrorBase, Added> = Omit<B, never> &
  (new (...args: ConstructorParameters<B>) => InstanceType<B> & Added)

/** What a reason says of itself (its message, its details): always the same, or made from its fields. */
export type Said<Self, A> = A | ((reason: Self) => A)

/**
 * A reason with its default message: the `Schema.TaggedError` class `Base`, whose `message` is
 * `message`, or made by it from the reason's fields.
 *
 * ```ts
 * class TokenAlreadyUsed extends withMessage(
 *   Schema.TaggedError<TokenAlreadyUsed>()("TokenAlreadyUsed", { jti: Schema.String }),
 *   "This client token was already used; mint a new one."
 * ) {}
 * ```
 */
export const withMessage = <B extends ErrorBase>(Base: B, message: Said<InstanceType<B>, string>): B => {
  class WithMessage extends Base {
    override get message(): string {
      return typeof message === "function" ? message(this as InstanceType<B>) : message
    }
  }
  return WithMessage
}

/**
 * A reason about fields (`withMessage`) whose `details` name them: each a dot path and what is wrong
 * there, made from the reason's fields.
 */
export const withDetails = <B extends ErrorBase>(
  Base: B,
  message: Said<InstanceType<B>, string>,
  details: (reason: InstanceType<B>) => ReadonlyArray<Detail>
): Extended<B, { readonly details: ReadonlyArray<Detail> }> => {
  class WithDetails extends withMessage(Base, message) {
    get details(): ReadonlyArray<Detail> {
      return details(this as InstanceType<B>)
    }
  }
  // A mixin's instances are `WithDetails & InstanceType<B>`, which the compiler does not prove for a
  // generic `B`: the one type it cannot see is the getter above.
  return WithDetails as Extended<B, { readonly details: ReadonlyArray<Detail> }>
}

/** What a subsystem's error needs of each of its reasons: its tag, its message and, maybe, details. */
export interface AnyReason {
  readonly _tag: string
  readonly message: string
  readonly details?: ReadonlyArray<Detail> | undefined
}

/**
 * A subsystem's one error (`DrawsError`, `PlaysError`, …) built on the `Schema.TaggedError` class
 * `Base`, whose one field `reason` says what happened: its `message` and `details` are the reason's.
 * Branch on the reason with `Effect.catchReason("DrawsError", "DrawNotManual", …)` or
 * `Effect.catchReasons`.
 *
 * ```ts
 * class DrawsError extends ServiceError(
 *   Schema.TaggedError<DrawsError>()("DrawsError", { reason: Schema.Union([DrawRunNotFound, DrawNotManual]) })
 * ) {}
 * ```
 */
export const ServiceError = <B extends ErrorBase<{ readonly reason: AnyReason }>>(
  Base: B
): Extended<B, { readonly details: ReadonlyArray<Detail> | undefined }> => {
  class ServiceError extends Base {
    override get message(): string {
      return this.reason.message
    }
    /** The failing fields the reason names, if any. */
    get details(): ReadonlyArray<Detail> | undefined {
      return this.reason.details
    }
  }
  // As in `withDetails`: the getter above is the one type the compiler does not see on a generic `B`.
  return ServiceError as Extended<B, { readonly details: ReadonlyArray<Detail> | undefined }>
}

// -----------------------------------------------------------------------------
// The failures every subsystem may meet
// -----------------------------------------------------------------------------

/** Fields of the request (or of what it would make) fail their schema or a rule; `details` name each. */
export class InvalidFields extends withMessage(
  Schema.TaggedError<InvalidFields>()("InvalidFields", { details: Details }),
  ({ details }) => fieldsMessage(details)
) {}

/** The kinds of resource a `ResourceNotFound` names, with the words its message uses. */
const resourceNames = {
  account: "account",
  apiKey: "active API key",
  channel: "channel",
  campaign: "campaign",
  session: "session",
  allowedOrigin: "allowed origin",
  webhookEndpoint: "webhook endpoint",
  webhookDelivery: "webhook delivery"
} as const

export const ResourceKind = Schema.Literals([
  "account",
  "apiKey",
  "channel",
  "campaign",
  "session",
  "allowedOrigin",
  "webhookEndpoint",
  "webhookDelivery"
])
export type ResourceKind = typeof ResourceKind.Type

/**
 * Nothing of kind `resource` with this `id` in the account (an API key: no active one; a session:
 * none of this client token's).
 */
export class ResourceNotFound extends withMessage(
  Schema.TaggedError<ResourceNotFound>()("ResourceNotFound", { resource: ResourceKind, id: Schema.String }),
  ({ resource, id }) => `No ${resourceNames[resource]} ${id}.`
) {}

/** `ResourceNotFound` for the `resource` with this `id`. */
export const notFound = (resource: ResourceKind, id: string): ResourceNotFound => new ResourceNotFound({ resource, id })

/** The value a lookup found, or the failure `onMissing` makes when it found none. */
export const foundOr =
  <M>(onMissing: () => M) =>
  <A, E, R>(lookup: Effect.Effect<Option.Option<A>, E, R>): Effect.Effect<A, E | M, R> =>
    Effect.flatMap(lookup, (found) => (Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(onMissing())))

/** The value a lookup found, or `ResourceNotFound` for the `resource` with this `id` when it found none. */
export const orNotFound = (resource: ResourceKind, id: string) => foundOr(() => notFound(resource, id))

/** The key lacks `permissions` (every one of them is needed). */
export class MissingPermission extends withDetails(
  Schema.TaggedError<MissingPermission>()("MissingPermission", { permissions: Schema.Array(Schema.String) }),
  ({ permissions }) => `This key lacks the permission${permissions.length > 1 ? "s" : ""} ${permissions.join(", ")}.`,
  ({ permissions }) => permissions.map((p) => ({ path: "permissions", message: `missing ${p}` }))
) {}

/** The key holds none of `permissions` (any one of them would do). */
export class MissingAnyPermission extends withDetails(
  Schema.TaggedError<MissingAnyPermission>()("MissingAnyPermission", { permissions: Schema.Array(Schema.String) }),
  ({ permissions }) => `This key needs one of the permissions ${permissions.join(", ")}.`,
  ({ permissions }) => [{ path: "permissions", message: `missing one of ${permissions.join(", ")}` }]
) {}

/** The actor may not do this: a permission it lacks. */
export type PermissionDenied = MissingPermission | MissingAnyPermission

/**
 * A failure of a storage adapter (connection lost, statement failed). Use cases pass it through;
 * the caller may retry later.
 */
export class StoreError extends Schema.TaggedError<StoreError>()("StoreError", {
  message: Schema.String,
  cause: Schema.optionalKey(Schema.Defect())
}) {}
