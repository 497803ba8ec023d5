/**
 * `ChannelRepo` over effect/sql, on the `channels` table: one statement per operation (a list whose
 * page is empty past the first one costs a second, to count), each scoped by account. A channel
 * with campaigns cannot be deleted: the campaigns' key to it is `ON DELETE RESTRICT`.
 *
 * @since 0.1.0
 */
import { Channel, type Pagination } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json, time } from "./internal/Values.ts"

const channel = Table.read(Tables.channels)

/** `ChannelRepo` over a migrated database. */
export const layer: Layer.Layer<Channel.ChannelRepo, never, SqlClient.SqlClient> = Repository.layer(
  Channel.ChannelRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "channels", channel)

    return {
      insert: Effect.fnUntraced(function* (c: Channel.Channel) {
        yield* sql`INSERT INTO channels
        (id, account_id, name, status, between_campaigns, max_plays_per_participant,
          max_plays_per_participant_per_day, play_limit_timezone, created_at, updated_at)
        VALUES (${c.id}, ${c.accountId}, ${c.name}, ${c.status}, ${json(c.betweenCampaigns)},
          ${c.maxPlaysPerParticipant}, ${c.maxPlaysPerParticipantPerDay}, ${c.playLimitTimezone},
          ${time(c.createdAt)}, ${time(c.updatedAt)})`
      }),
      update: Effect.fnUntraced(function* (c: Channel.Channel) {
        yield* sql`UPDATE channels SET name = ${c.name}, status = ${c.status},
          between_campaigns = ${json(c.betweenCampaigns)},
          max_plays_per_participant = ${c.maxPlaysPerParticipant},
          max_plays_per_participant_per_day = ${c.maxPlaysPerParticipantPerDay},
          play_limit_timezone = ${c.playLimitTimezone}, updated_at = ${time(c.updatedAt)}
        WHERE account_id = ${c.accountId} AND id = ${c.id}`
      }),
      findById: byAccount.findById,
      list: (accountId: string, page: Pagination.Page) =>
        byAccount.page(byAccount.where(accountId), "created_at DESC, id DESC", page),
      count: (accountId: string) => byAccount.count(byAccount.where(accountId)),
      delete: byAccount.deleteById
    }
  }
)
