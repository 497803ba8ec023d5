/**
 * The event outbox: every event (`session_completed`, `winner_selected`, `reward_granted`) is appended
 * in the same transaction as the change that caused it, so none is lost and none is sent for a change
 * that did not happen. Webhook delivery reads from here. The stored payload never holds a coupon code.
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema } from "effect"
import type { StoreError } from "../Failure.ts"
import type { Timestamp } from "../Fields.ts"

export const EventType = Schema.Literals(["session_completed", "winner_selected", "reward_granted"])
export type EventType = typeof EventType.Type

export interface Event {
  readonly id: string
  readonly accountId: string
  readonly type: EventType
  readonly campaignId: string | null
  readonly channelId: string | null
  /** The `data` object of the webhook body. */
  readonly data: { readonly [key: string]: unknown }
  readonly createdAt: Timestamp
}

/** Appends events to the outbox (inside the caller's transaction). */
export class EventOutbox extends Context.Service<
  EventOutbox,
  {
    readonly append: (event: Event) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/EventOutbox") {}
