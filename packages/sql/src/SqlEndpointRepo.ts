/**
 * `EndpointRepo` over effect/sql, on the `webhook_endpoints` table: one statement per operation (a
 * list whose page is empty past the first one costs a second, to count), each scoped by account.
 * Deleting an endpoint deletes its delivery log (`ON DELETE CASCADE`).
 *
 * The URL search is `ILIKE` on `url` (`COLLATE "C"`) with `%`, `_` and `\` escaped: a literal
 * substring, case-insensitive for ASCII letters only (as the memory store); sorting by URL is by
 * code point. Lists break ties by id, in the same direction as the sort.
 *
 * @since 0.1.0
 */
import { type Event, type Pagination, Webhook } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { containing, time } from "./internal/Values.ts"

const endpoint = Table.read(Tables.endpoints)

/** `ORDER BY` of the list per sort key and direction. */
const ORDER: Record<
  Webhook.EndpointListQuery["sort"],
  Record<Webhook.EndpointListQuery["dir"], string>
> = AccountTable.orders({
  createdAt: ["created_at"],
  url: ["url"]
})

/** What a list may be filtered by. */
type Filter = Partial<Pick<Webhook.EndpointListQuery, "status" | "search">>

/** `EndpointRepo` over a migrated database. */
export const layer: Layer.Layer<Webhook.EndpointRepo, never, SqlClient.SqlClient> = Repository.layer(
  Webhook.EndpointRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "webhook_endpoints", endpoint)

    const matching = (accountId: string, query: Filter) =>
      byAccount.where(accountId, [
        ...AccountTable.ifGiven(query.status, (status) => sql`status = ${status}`),
        ...AccountTable.ifGiven(query.search, (text) => sql`url ILIKE ${containing(text)}`)
      ])

    return {
      insert: Effect.fnUntraced(function* (e: Webhook.Endpoint) {
        yield* sql`INSERT INTO webhook_endpoints
        (id, account_id, url, events, game_instance_ids, channel_ids, include_coupon_codes, status, secret,
          created_at, updated_at)
        VALUES (${e.id}, ${e.accountId}, ${e.url}, ${[...e.events]}, ${[...e.gameInstanceIds]},
          ${[...e.channelIds]}, ${e.includeCouponCodes}, ${e.status}, ${e.secret}, ${time(e.createdAt)},
          ${time(e.updatedAt)})`
      }),
      update: Effect.fnUntraced(function* (e: Webhook.Endpoint) {
        yield* sql`UPDATE webhook_endpoints SET url = ${e.url}, events = ${[...e.events]},
          game_instance_ids = ${[...e.gameInstanceIds]}, channel_ids = ${[...e.channelIds]},
          include_coupon_codes = ${e.includeCouponCodes}, status = ${e.status}, secret = ${e.secret},
          updated_at = ${time(e.updatedAt)}
        WHERE account_id = ${e.accountId} AND id = ${e.id}`
      }),
      findById: byAccount.findById,
      list: (accountId: string, query: Webhook.EndpointListQuery, page: Pagination.Page) =>
        byAccount.page(matching(accountId, query), ORDER[query.sort][query.dir], page),
      count: (accountId: string) => byAccount.count(matching(accountId, {})),
      delete: byAccount.deleteById,
      activeFor: (accountId: string, type: Event.EventType) =>
        Effect.flatMap(
          sql`SELECT ${endpoint.select} FROM webhook_endpoints
          WHERE account_id = ${accountId} AND status = 'active' AND ${type} = ANY (events)
          ORDER BY created_at, id`.values,
          endpoint.decode
        )
    }
  }
)
