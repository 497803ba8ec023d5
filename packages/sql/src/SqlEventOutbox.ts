/**
 * `EventOutbox` over effect/sql: events appended to the `events` table, their data a `jsonb`
 * document. The finish of a play appends its event as part of its one statement instead
 * (`SqlPlayFinishRepo`).
 *
 * @since 0.1.0
 */
import { Event } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import { json, time } from "./internal/Values.ts"

/** `EventOutbox` over a migrated database. */
export const layer: Layer.Layer<Event.EventOutbox, never, SqlClient.SqlClient> = Repository.layer(
  Event.EventOutbox,
  (sql) => ({
    append: Effect.fnUntraced(function* (e: Event.Event) {
      yield* sql`INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
      VALUES (${e.id}, ${e.accountId}, ${e.type}, ${e.campaignId}, ${e.channelId}, ${json(e.data)},
        ${time(e.createdAt)})`
    })
  })
)
