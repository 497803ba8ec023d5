/**
 * `EntryRepo` over effect/sql, on the `entries` table: one statement per operation (a list whose
 * page is empty past the first one costs a second, to count), each scoped by account. A
 * prediction is stored as its option id, so resolving a prediction campaign is one `UPDATE` of its
 * entries' eligibility.
 *
 * The search is `ILIKE` on `participant_ref` (`COLLATE "C"`) with `%`, `_` and `\` escaped: a
 * literal substring, case-insensitive for ASCII letters only (as the memory store). Lists break
 * ties by id, in the same direction as the sort.
 *
 * @since 0.1.0
 */
import { Entry, type Pagination } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { containing, jsonOrNull, time } from "./internal/Values.ts"

/** An entry as read from its row (the list's columns). */
export const entry = Table.read(Tables.entries, { map: Tables.entryOf })

/** `ORDER BY` of the list per sort key and direction. */
export const ORDER: Record<Entry.SortKey, Record<Entry.Direction, string>> = AccountTable.orders({
  createdAt: ["created_at"],
  score: ["score NULLS LAST"],
  participantRef: ["participant_ref"]
})

/** The `WHERE` of the list (and of the export): the campaign's entries matching `filter`. */
export const matching = (sql: SqlClient.SqlClient, accountId: string, campaignId: string, filter: Entry.ListFilter) =>
  AccountTable.make(sql, "entries", entry).where(accountId, [
    sql`campaign_id = ${campaignId}`,
    ...AccountTable.ifGiven(filter.eligible, (eligible) => sql`eligible = ${eligible}`),
    ...AccountTable.ifGiven(filter.search, (text) => sql`participant_ref ILIKE ${containing(text)}`)
  ])

/** `EntryRepo` over a migrated database. */
export const layer: Layer.Layer<Entry.EntryRepo, never, SqlClient.SqlClient> = Repository.layer(
  Entry.EntryRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "entries", entry)

    return {
      insert: Effect.fnUntraced(function* (e: Entry.Entry) {
        yield* sql`INSERT INTO entries
        (id, account_id, campaign_id, channel_id, session_id, participant_ref, score, prediction_option_id,
          outcome, weight, eligible, created_at)
        VALUES (${e.id}, ${e.accountId}, ${e.campaignId}, ${e.channelId}, ${e.sessionId}, ${e.participantRef},
          ${e.score}, ${e.predictionValue?.optionId ?? null}, ${jsonOrNull(e.outcome)}, ${e.weight},
          ${e.eligible}, ${time(e.createdAt)})`
      }),
      list: (accountId: string, campaignId: string, filter: Entry.ListFilter, page: Pagination.Page) =>
        byAccount.page(matching(sql, accountId, campaignId, filter), ORDER[filter.sort][filter.dir], page),
      resolvePredictions: Effect.fnUntraced(function* (accountId: string, campaignId: string, optionId: string) {
        yield* sql`UPDATE entries SET eligible = (prediction_option_id = ${optionId})
        WHERE campaign_id = ${campaignId} AND account_id = ${accountId} AND prediction_option_id IS NOT NULL`
      })
    }
  }
)
