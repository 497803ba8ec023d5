/**
 * Webhooks: the event outbox, endpoints and deliveries, the fan-out of an event to its endpoints, the signature, and the delivery worker with its per-endpoint send window.
 *
 * @since 0.1.0
 */
export * as Event from "./Event.ts"
export * as SendWindow from "./SendWindow.ts"
export * as Webhook from "./Webhook.ts"
export * as WebhookDispatcher from "./WebhookDispatcher.ts"
export * as WebhookSignature from "./WebhookSignature.ts"
export * as Webhooks from "./Webhooks.ts"
export * as WebhookErrors from "./WebhookErrors.ts"
