/**
 * The specification's error body, `{ error: { code, message, details? } }`, attached to the core's
 * tagged errors with their statuses. Each schema decodes the body back into the core error, so the
 * typed client and the OpenAPI document both see the real shape.
 *
 * @since 0.1.0
 */
import { Errors } from "@campaign-games/core"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"

const Detail = Schema.Struct({ path: Schema.String, message: Schema.String })

/** The error body of the specification. */
export const ErrorBody = <Code extends Errors.ErrorCode>(code: Code) =>
  Schema.Struct({
    error: Schema.Struct({
      code: Schema.Literal(code),
      message: Schema.String,
      details: Schema.optionalKey(Schema.Array(Detail))
    })
  })

type WithDetails = { readonly message: string; readonly details?: ReadonlyArray<Errors.Detail> | undefined }

const make = <Self extends WithDetails, S extends Schema.Top & { readonly Type: Self }, Code extends Errors.ErrorCode>(
  self: S,
  construct: (input: { message: string; details?: ReadonlyArray<Errors.Detail> }) => Self,
  code: Code,
  status: number,
  identifier: string
) =>
  ErrorBody<Code>(code)
    .pipe(
      Schema.decodeTo(
        Schema.toType(self),
        SchemaTransformation.transform({
          decode: (body) =>
            construct(
              body.error.details === undefined
                ? { message: body.error.message }
                : { message: body.error.message, details: body.error.details }
            ),
          encode: (error: Self): ReturnType<typeof ErrorBody<Code>>["Type"] => ({
            error:
              error.details === undefined || error.details.length === 0
                ? { code, message: error.message }
                : { code, message: error.message, details: error.details }
          })
        })
      ),
      HttpApiSchema.status(status)
    )
    .annotate({ identifier })

export const InvalidRequest = make(
  Errors.InvalidRequest,
  (i) => new Errors.InvalidRequest(i),
  "invalid_request",
  400,
  "InvalidRequestError"
)
export const Unauthorized = make(
  Errors.Unauthorized,
  (i) => new Errors.Unauthorized({ message: i.message }),
  "unauthorized",
  401,
  "UnauthorizedError"
)
export const UpgradeRequired = make(
  Errors.UpgradeRequired,
  (i) => new Errors.UpgradeRequired(i),
  "upgrade_required",
  402,
  "UpgradeRequiredError"
)
export const Forbidden = make(Errors.Forbidden, (i) => new Errors.Forbidden(i), "forbidden", 403, "ForbiddenError")
export const NotFound = make(
  Errors.NotFound,
  (i) => new Errors.NotFound({ message: i.message }),
  "not_found",
  404,
  "NotFoundError"
)
export const Conflict = make(Errors.Conflict, (i) => new Errors.Conflict(i), "conflict", 409, "ConflictError")
export const ConfirmationRequired = make(
  Errors.ConfirmationRequired,
  (i) => new Errors.ConfirmationRequired({ message: i.message }),
  "confirmation_required",
  409,
  "ConfirmationRequiredError"
)
export const RateLimited = make(
  Errors.RateLimited,
  (i) => new Errors.RateLimited({ message: i.message, retryAfterSeconds: 1, limit: 0 }),
  "rate_limited",
  429,
  "RateLimitedError"
)
export const InternalError = make(
  Errors.InternalError,
  (i) => new Errors.InternalError({ message: i.message }),
  "internal_error",
  500,
  "InternalError"
)
export const ServiceUnavailable = make(
  Errors.ServiceUnavailable,
  (i) => new Errors.ServiceUnavailable({ message: i.message }),
  "service_unavailable",
  503,
  "ServiceUnavailableError"
)

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

/** Status of each error code. */
export const statusOf: Record<Errors.ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  upgrade_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  confirmation_required: 409,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503
}

/** The body of an error, for responses made outside the API's own encoding. */
export const body = (
  code: Errors.ErrorCode,
  message: string,
  details?: ReadonlyArray<Errors.Detail>
): { readonly error: { code: Errors.ErrorCode; message: string; details?: ReadonlyArray<Errors.Detail> } } => ({
  error: details === undefined || details.length === 0 ? { code, message } : { code, message, details }
})
