/**
 * The error model of the engine. The specification names ten error codes; each is a tagged error
 * here, carrying what a caller needs (the failing field paths, the feature or limit reached, the
 * retry-after). Status codes and the `{ error: { code, message, details } }` body are attached by the
 * HTTP adapter, never here.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** One failing field: `path` is dot separated (`betweenCampaigns.title`, `tiers.0.display.title`). */
export const Detail = Schema.Struct({
  path: Schema.String,
  message: Schema.String
})
export type Detail = typeof Detail.Type

const Details = Schema.optionalKey(Schema.Array(Detail))

/** 400 `invalid_request`: malformed request or an invalid field; `details` lists the failing fields. */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  message: Schema.String,
  details: Details
}) {
  static readonly code = "invalid_request"
  /** A single failing field. */
  static field(path: string, message: string): InvalidRequest {
    return new InvalidRequest({ message: `${path}: ${message}`, details: [{ path, message }] })
  }
}

/** 401 `unauthorized`: credential missing, malformed, wrong, expired or revoked. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {
  message: Schema.String
}) {
  static readonly code = "unauthorized"
}

/** 402 `upgrade_required`: a plan feature is missing or a plan limit is reached; `details` names it. */
export class UpgradeRequired extends Schema.TaggedError<UpgradeRequired>()("UpgradeRequired", {
  message: Schema.String,
  details: Details
}) {
  static readonly code = "upgrade_required"
}

/** 403 `forbidden`: the key lacks a permission, or the action is not allowed. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
  details: Details
}) {
  static readonly code = "forbidden"
}

/** 404 `not_found`: nothing with that id in the account. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  message: Schema.String
}) {
  static readonly code = "not_found"
}

/** 409 `conflict`: the request clashes with the current state. Retrying it unchanged fails again. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String,
  details: Details
}) {
  static readonly code = "conflict"
}

/** 409 `confirmation_required`: repeat with `confirm=true` (folder deletion). */
export class ConfirmationRequired extends Schema.TaggedError<ConfirmationRequired>()("ConfirmationRequired", {
  message: Schema.String
}) {
  static readonly code = "confirmation_required"
}

/** 429 `rate_limited`: wait `retryAfterSeconds` before trying again. */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  message: Schema.String,
  retryAfterSeconds: Schema.Int,
  limit: Schema.Int
}) {
  static readonly code = "rate_limited"
}

/** 500 `internal_error`: a fault of the server; retry with backoff. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", {
  message: Schema.String
}) {
  static readonly code = "internal_error"
}

/** 503 `service_unavailable`: briefly unavailable (for example the store); retry with backoff. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", {
  message: Schema.String
}) {
  static readonly code = "service_unavailable"
}

/**
 * A failure of a storage adapter (connection lost, statement failed). Use cases pass it through;
 * the HTTP adapter answers 503 `service_unavailable`.
 */
export class StoreError extends Schema.TaggedError<StoreError>()("StoreError", {
  message: Schema.String,
  cause: Schema.optionalKey(Schema.Defect())
}) {}

/** Every error the API can answer with. */
export type ApiError =
  | InvalidRequest
  | Unauthorized
  | UpgradeRequired
  | Forbidden
  | NotFound
  | Conflict
  | ConfirmationRequired
  | RateLimited
  | InternalError
  | ServiceUnavailable

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
