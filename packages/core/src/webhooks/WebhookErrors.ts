/**
 * The errors of webhooks (`Webhooks`): one `WebhooksError` whose `reason` says what happened. A
 * missing endpoint or delivery is the shared `ResourceNotFound`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ServiceError, withMessage } from "../Failure.ts"

/** Only a failed or exhausted webhook delivery can be resent; this one is `status`. */
export class DeliveryNotResendable extends withMessage(
  Schema.TaggedError<DeliveryNotResendable>()("DeliveryNotResendable", {
    deliveryId: Schema.String,
    status: Schema.String
  }),
  ({ status }) => `Only a failed or exhausted delivery can be resent; this one is ${status}.`
) {}

/** What can go wrong in the webhook use cases. */
export const WebhooksReason = Schema.Union([DeliveryNotResendable])
export type WebhooksReason = typeof WebhooksReason.Type

/** The error of the webhooks subsystem: `reason` says what happened. */
export class WebhooksError extends ServiceError(
  Schema.TaggedError<WebhooksError>()("WebhooksError", { reason: WebhooksReason })
) {}
