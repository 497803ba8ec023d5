/**
 * Webhooks: endpoints the organisation registers, and one delivery record per event and matching
 * endpoint. Everything here is data and pure rules; `Webhooks` holds the use cases and
 * `WebhookDispatcher` the delivery workers.
 *
 * - **Filter.** An event goes to an active endpoint subscribed to its type when both id lists are
 *   empty, or its campaign is in `gameInstanceIds`, or its channel in `channelIds`.
 * - **Retries.** Up to five attempts in all, the wait doubling from 5 s: attempts at 0, 5, 15, 35
 *   and 75 s. Timeouts, unreachable endpoints, 408, 429 and 5xx are retried; any other non-2xx
 *   answer is final. A delivery whose last attempt failed and that will not be tried again is
 *   `exhausted` (also after a final, non-retryable answer).
 * - **Signature.** `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 *   keyed with the endpoint's whole secret (`whsec_…`), as Stripe does.
 * - **Ports.** `EndpointRepo`; `DeliveryRepo` (claims under a lease, results written many at once,
 *   each fenced by its lease); `DeliveryNotices` (new deliveries announced to the workers of every
 *   instance); `WebhookTransport`, `HostResolver` and `CouponCodes` (the platform's and rewards').
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, Effect, Option, Predicate, Schema, type Scope, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import { type Event, EventType } from "./Event.ts"
import {
  Count,
  DateTimeString,
  names,
  Patch,
  pick,
  Text,
  type Timestamp,
  Timestamp as TimestampSchema,
  TimestampOrNull
} from "../Fields.ts"
import * as Ids from "../Ids.ts"
import type { AccountRows } from "../Store.ts"

export const EndpointStatus = Schema.Literals(["active", "disabled"])
export type EndpointStatus = typeof EndpointStatus.Type

export const DeliveryStatus = Schema.Literals(["pending", "success", "failed", "exhausted"])
export type DeliveryStatus = typeof DeliveryStatus.Type

/** The prefix of every signing secret. */
export const SECRET_PREFIX = "whsec_"

/**
 * An endpoint's fields as stored, written once: the endpoint's type, its API views, what the
 * fan-out reads (`Target`) and its table's row (in `sql`) are made of this record.
 */
export const endpointFields = {
  id: Schema.String,
  accountId: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  gameInstanceIds: Schema.Array(Schema.String),
  channelIds: Schema.Array(Schema.String),
  includeCouponCodes: Schema.Boolean,
  status: EndpointStatus,
  /** The signing secret (`whsec_…`): stored to sign, shown once, never logged. */
  secret: Schema.String,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema
}

export type Endpoint = Schema.Struct.Type<typeof endpointFields>

const IdList = Schema.Array(Text(1, 200)).check(Schema.isMaxLength(200))
const Events = Schema.Array(EventType).check(Schema.isMinLength(1))

/** Body of `POST /v1/tenant/webhooks/endpoints`. The URL's host is checked when saved. */
export const CreateEndpoint = Schema.Struct({
  url: Schema.String.annotate({ format: "uri" }).check(Schema.isMinLength(1), Schema.isMaxLength(2048)),
  events: Events,
  gameInstanceIds: Schema.optionalKey(IdList),
  channelIds: Schema.optionalKey(IdList),
  includeCouponCodes: Schema.optionalKey(Schema.Boolean)
}).annotate({ identifier: "CreateWebhookEndpoint" })
export type CreateEndpoint = typeof CreateEndpoint.Type

/** Body of `PATCH /v1/tenant/webhooks/endpoints/{endpointId}`: at least one property; never the URL. */
export const UpdateEndpoint = Patch({
  /** Present only to be refused: the URL cannot be changed (create a new endpoint). */
  url: Schema.Unknown,
  status: EndpointStatus,
  events: Events,
  gameInstanceIds: IdList,
  channelIds: IdList,
  includeCouponCodes: Schema.Boolean
}).annotate({ identifier: "UpdateWebhookEndpoint" })
export type UpdateEndpoint = typeof UpdateEndpoint.Type

/** An endpoint as listed and updated: never the secret. */
export const EndpointView = Schema.Struct(Struct.omit(endpointFields, ["accountId", "secret"])).annotate({
  identifier: "WebhookEndpoint"
})
export type EndpointView = typeof EndpointView.Type

/** An endpoint as created: the only time the secret is shown. */
export const CreatedEndpointView = Schema.Struct({ ...EndpointView.fields, secret: endpointFields.secret }).annotate({
  identifier: "CreatedWebhookEndpoint"
})

const copyView = pick(names(EndpointView))

export const view = (e: Endpoint): EndpointView => copyView(e)

/** The fields the fan-out reads of an endpoint: what `matches` decides with, and its id. */
export const targetNames = ["id", "status", "events", "gameInstanceIds", "channelIds"] as const

/** What the fan-out reads of an endpoint: its `targetNames` fields. */
export type Target = Pick<Endpoint, (typeof targetNames)[number]>

/** Whether `event` goes to `endpoint` (pure). */
export const matches = (
  endpoint: Pick<Endpoint, "status" | "events" | "gameInstanceIds" | "channelIds">,
  event: { readonly type: EventType; readonly campaignId: string | null; readonly channelId: string | null }
): boolean =>
  endpoint.status === "active" &&
  endpoint.events.includes(event.type) &&
  ((endpoint.gameInstanceIds.length === 0 && endpoint.channelIds.length === 0) ||
    (event.campaignId !== null && endpoint.gameInstanceIds.includes(event.campaignId)) ||
    (event.channelId !== null && endpoint.channelIds.includes(event.channelId)))

// ---------------------------------------------------------------------------------------------
// Deliveries
// ---------------------------------------------------------------------------------------------

/** The body sent: `{ type, createdAt, data }`. Stored without any coupon code. */
export const Payload = Schema.Struct({
  type: EventType,
  createdAt: DateTimeString,
  data: Schema.Record(Schema.String, Schema.Unknown)
})
export type Payload = Schema.Struct.Type<typeof Payload.fields>

/**
 * A delivery's fields as stored, written once: the delivery's type, its API view (`DeliveryView`)
 * and its table's row (in `sql`) are made of this record.
 */
export const deliveryFields = {
  id: Schema.String,
  accountId: Schema.String,
  endpointId: Schema.String,
  eventId: Schema.String,
  eventType: EventType,
  payload: Payload,
  status: DeliveryStatus,
  attemptCount: Count,
  lastAttemptedAt: TimestampOrNull,
  nextRetryAt: TimestampOrNull,
  responseStatus: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 100, maximum: 599 }))),
  /** A short note on why the last try failed (never the endpoint's response body). */
  note: Schema.NullOr(Schema.String),
  createdAt: TimestampSchema
}

export type Delivery = Schema.Struct.Type<typeof deliveryFields>

/** The event's data as stored and delivered: any coupon's `code` removed (added back at send time). */
const withoutCode = (data: Event["data"]): Event["data"] => {
  const coupon = data["coupon"]
  if (!Predicate.isObject(coupon) || !("code" in coupon)) return data
  const { code: _code, ...rest } = coupon
  return { ...data, coupon: rest }
}

/**
 * The fan-out of an event: the event as the outbox stores it (without coupon codes) and one
 * pending delivery, due at once, per endpoint it goes to (`matches`), in the endpoints' order.
 */
export const fanOut: (
  event: Event,
  endpoints: ReadonlyArray<Target>
) => Effect.Effect<{ readonly event: Event; readonly deliveries: ReadonlyArray<Delivery> }> = Effect.fnUntraced(
  function* (event: Event, endpoints: ReadonlyArray<Target>) {
    const safe: Event = { ...event, data: withoutCode(event.data) }
    const deliveries: Array<Delivery> = []
    let payload: Payload | undefined
    for (const endpoint of endpoints) {
      if (!matches(endpoint, event)) continue
      payload ??= { type: event.type, createdAt: DateTime.formatIso(event.createdAt), data: safe.data }
      deliveries.push({
        id: yield* Ids.make(Ids.Prefix.delivery),
        accountId: event.accountId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload,
        status: "pending",
        attemptCount: 0,
        lastAttemptedAt: null,
        nextRetryAt: event.createdAt,
        responseStatus: null,
        note: null,
        createdAt: event.createdAt
      })
    }
    return { event: safe, deliveries }
  }
)

/** A delivery as the API shows it: the stored fields but the account and the event, and `responseBody`. */
export const DeliveryView = Schema.Struct({
  ...Struct.omit(deliveryFields, ["accountId", "eventId", "note", "createdAt"]),
  responseBody: Schema.Null,
  note: deliveryFields.note,
  createdAt: deliveryFields.createdAt
}).annotate({ identifier: "WebhookDelivery" })
export type DeliveryView = typeof DeliveryView.Type

const copyDeliveryView = pick(names(DeliveryView, "responseBody"))

/** A delivery as the API shows it: the response body is never kept, so always null. */
export const deliveryView = (d: Delivery): DeliveryView => ({ ...copyDeliveryView(d), responseBody: null })

/** Attempts in all, and the first wait (doubling). */
export const MAX_ATTEMPTS = 5
export const FIRST_WAIT = Duration.seconds(5)
/** How long a receiver has to answer. */
export const TIMEOUT = Duration.seconds(10)

/** What one try gave. */
export type AttemptResult =
  | { readonly _tag: "Answered"; readonly status: number }
  | { readonly _tag: "TimedOut" }
  | { readonly _tag: "Unreachable"; readonly reason: string }
  | { readonly _tag: "Refused"; readonly reason: string }

/** Whether an HTTP status is retried: 408, 429 and 5xx. */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

/** The wait before attempt `n + 1` after attempt `n` (1-based) failed: 5 s, 10 s, 20 s, 40 s. */
export const waitAfter = (attempt: number): Duration.Duration =>
  Duration.times(FIRST_WAIT, 2 ** Math.max(0, attempt - 1))

/** The delivery after one more try, at `now` (pure). */
export const afterAttempt = (delivery: Delivery, result: AttemptResult, now: Timestamp): Delivery => {
  const attemptCount = delivery.attemptCount + 1
  const base = { ...delivery, attemptCount, lastAttemptedAt: now }
  if (result._tag === "Answered" && result.status >= 200 && result.status < 300) {
    return { ...base, status: "success", nextRetryAt: null, responseStatus: result.status, note: null }
  }
  const responseStatus = result._tag === "Answered" ? result.status : null
  const note =
    result._tag === "Answered"
      ? `answered ${result.status}`
      : result._tag === "TimedOut"
        ? `no answer within ${Duration.toSeconds(TIMEOUT)} s`
        : result.reason.slice(0, 200)
  const retryable =
    result._tag === "TimedOut" ||
    result._tag === "Unreachable" ||
    (result._tag === "Answered" && isRetryableStatus(result.status))
  if (retryable && attemptCount < MAX_ATTEMPTS) {
    return {
      ...base,
      status: "failed",
      responseStatus,
      note,
      nextRetryAt: DateTime.addDuration(now, waitAfter(attemptCount))
    }
  }
  return { ...base, status: "exhausted", responseStatus, note, nextRetryAt: null }
}

/** The delivery made ready to send again with a fresh attempt budget (resend). */
export const resend = (delivery: Delivery, now: Timestamp): Delivery => ({
  ...delivery,
  status: "pending",
  attemptCount: 0,
  nextRetryAt: now
})

// ---------------------------------------------------------------------------------------------
// Ports
// ---------------------------------------------------------------------------------------------

export interface EndpointListQuery {
  readonly search: string | undefined
  readonly status: EndpointStatus | undefined
  readonly sort: "createdAt" | "url"
  readonly dir: "asc" | "desc"
}

export interface DeliveryListQuery {
  readonly search: string | undefined
  readonly status: DeliveryStatus | undefined
  readonly sort: "createdAt" | "status"
  readonly dir: "asc" | "desc"
}

/**
 * A delivery claimed for sending, with its endpoint's coupon-code setting as it is now and when the
 * endpoint last changed (the dispatcher keeps each endpoint's URL and secret, `SendTarget`, and reads
 * them again when the endpoint has changed since).
 */
export interface Claimed {
  readonly delivery: Delivery
  readonly includeCouponCodes: boolean
  readonly endpointUpdatedAt: Timestamp
}

/** What sending needs from an endpoint besides the delivery: where to, and the signing secret. */
export interface SendTarget {
  readonly endpointId: string
  readonly url: string
  readonly secret: string
  /** When the endpoint last changed: the version of this target. */
  readonly updatedAt: Timestamp
}

/** A delivery after a try (`afterAttempt`), with the lease it was claimed with: its fencing token. */
export interface Tried {
  readonly delivery: Delivery
  readonly leaseUntil: Timestamp
}

export class EndpointRepo extends Context.Service<
  EndpointRepo,
  AccountRows<Endpoint, EndpointListQuery> & {
    readonly count: (accountId: string) => Effect.Effect<number, StoreError>
    /** Deletes the endpoint and its delivery log; false when there was none. */
    readonly delete: (accountId: string, id: string) => Effect.Effect<boolean, StoreError>
    /** The account's active endpoints subscribed to `type`. */
    readonly activeFor: (accountId: string, type: EventType) => Effect.Effect<ReadonlyArray<Endpoint>, StoreError>
  }
>()("@campaign-games/core/EndpointRepo") {}

export class DeliveryRepo extends Context.Service<
  DeliveryRepo,
  Pick<AccountRows<Delivery, DeliveryListQuery>, "findById" | "list"> & {
    readonly insertMany: (deliveries: ReadonlyArray<Delivery>) => Effect.Effect<void, StoreError>
    /**
     * Claims up to `limit` deliveries that are due (`pending` or `failed` with `nextRetryAt` ≤ `now`),
     * of active endpoints (a disabled endpoint's deliveries wait until it is active again), and not
     * claimed by anyone else, until `leaseUntil`, leaving out the endpoints in `excludeEndpoints` (those
     * the claimer has no room for), earliest due first: one statement, on PostgreSQL with `FOR UPDATE
     * SKIP LOCKED`, so instances never claim the same attempt. A claim whose lease passes (its
     * instance died) can be claimed again: the delivery is sent again with the same id.
     */
    readonly claimDue: (
      now: Timestamp,
      leaseUntil: Timestamp,
      limit: number,
      excludeEndpoints?: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Claimed>, StoreError>
    /** The URL and secret of endpoints, of any account (one statement); a deleted endpoint has none. */
    readonly targets: (endpointIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<SendTarget>, StoreError>
    /**
     * Releases claims that were not used (the claimer had no room for them, or stopped): only those
     * still holding `leaseUntil`.
     */
    readonly release: (ids: ReadonlyArray<string>, leaseUntil: Timestamp) => Effect.Effect<void, StoreError>
    /**
     * Stores the results of tries and releases their claims, in one statement: each only while its
     * lease (`Tried.leaseUntil`, a fencing token) is still the delivery's, so a claimer whose lease
     * passed and was taken over cannot overwrite the newer claimer's result; each in its delivery's
     * account. Only the attempt's fields are written (status, attempt count, last attempt, next
     * retry, response status, note). The ids it wrote.
     */
    readonly recordAttempts: (tried: ReadonlyArray<Tried>) => Effect.Effect<ReadonlyArray<string>, StoreError>
    /** Makes a delivery ready to send again (resend); false when it is not `failed` or `exhausted`. */
    readonly resend: (accountId: string, id: string, now: Timestamp) => Effect.Effect<boolean, StoreError>
    /** Resends every exhausted delivery of the endpoint created at or after `since`; how many. */
    readonly resendExhausted: (
      accountId: string,
      endpointId: string,
      since: Timestamp,
      now: Timestamp
    ) => Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/DeliveryRepo") {}

/**
 * Tells the dispatchers of every instance that deliveries were added or made due again (a play's
 * event, a resend), once the change is committed, so an idle dispatcher claims them at once instead
 * of at its next poll: PostgreSQL's `LISTEN/NOTIFY`, PGlite's, or a signal in memory. Notices are
 * hints: one may come for nothing; a store may give one notice for the changes committed close
 * together (within `lookAgain` after it), so a listener looks again that long after each notice; and
 * one lost (a dropped connection) only delays the deliveries until the next poll.
 */
export class DeliveryNotices extends Context.Service<
  DeliveryNotices,
  {
    /**
     * Calls `onNotice` after committed changes that added or resent deliveries, and once more after
     * listening (again) — anything added while it was not listening — until the scope closes. Never
     * fails: a store that cannot listen logs it (and tries again in the background where it can).
     */
    readonly listen: (onNotice: () => void) => Effect.Effect<void, never, Scope.Scope>
  }
>()("@campaign-games/core/DeliveryNotices") {
  /** How long after a notice the changes it may stand for can still be committing: look again then. */
  static readonly lookAgain = Duration.millis(100)
}

/** Resolves a host name to its addresses, and says which are public. */
export class HostResolver extends Context.Service<
  HostResolver,
  {
    /** The host's addresses, each with whether it is a public unicast address. */
    readonly resolve: (
      host: string
    ) => Effect.Effect<ReadonlyArray<{ readonly address: string; readonly isPublic: boolean }>, HostUnresolved>
  }
>()("@campaign-games/core/HostResolver") {}

export class HostUnresolved extends Schema.TaggedError<HostUnresolved>()("HostUnresolved", {
  host: Schema.String,
  message: Schema.String
}) {}

/** A request the dispatcher sends. */
export interface Outgoing {
  readonly url: string
  readonly headers: { readonly [name: string]: string }
  readonly body: string
}

/**
 * Sends one delivery: a POST with a timeout, never following redirects, connecting only to public
 * addresses unless the server allows private ones (development).
 */
export class WebhookTransport extends Context.Service<
  WebhookTransport,
  { readonly send: (request: Outgoing) => Effect.Effect<AttemptResult> }
>()("@campaign-games/core/WebhookTransport") {}

/** Coupon codes for `reward_granted` deliveries to endpoints with `includeCouponCodes` (rewards plug in). */
export class CouponCodes extends Context.Reference<
  (accountId: string, grantId: string) => Effect.Effect<Option.Option<string>, StoreError>
>("@campaign-games/core/Webhook/CouponCodes", {
  defaultValue: () => () => Effect.succeed(Option.none())
}) {}
