/**
 * `EventOutbox` in memory (event ids are unique: a breach fails with `StoreError`), and `EventLog`,
 * the events the outbox holds in the order they were appended, for tests that check what a use
 * case committed.
 *
 * @since 0.1.0
 */
import { Event } from "@campaign-games/core"
import { Context, Effect, Layer } from "effect"
import { insertNew } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** The events in the outbox, in the order they were appended (for tests: what committed). */
export class EventLog extends Context.Service<EventLog, { readonly all: Effect.Effect<ReadonlyArray<Event.Event>> }>()(
  "@campaign-games/testing/MemoryStore/EventLog"
) {}

/** `EventOutbox` over the events table of the database. */
export const layer: Layer.Layer<Event.EventOutbox, never, MemoryDatabase> = repository(
  Event.EventOutbox,
  ({ events }) =>
    Event.EventOutbox.of({
      append: (event) => insertNew(events, event.id, event, "An event")
    })
)

/** `EventLog` over the events table of the database. */
export const layerEventLog: Layer.Layer<EventLog, never, MemoryDatabase> = repository(EventLog, ({ events }) =>
  EventLog.of({ all: Effect.sync(() => [...events.values()]) })
)
