/**
 * `DeliveryRepo` over effect/sql, on the `webhook_deliveries` table. Every operation but `claimDue`
 * is scoped by account (`recordAttempt` by the delivery's); each is one statement (a list whose
 * page is empty past the first one costs a second, to count). A delivery needs an endpoint of its
 * own account (the key is `(account_id, endpoint_id)`); `insertMany` is one `INSERT`: all rows or
 * none.
 *
 * `claimDue` is one `UPDATE … FROM (SELECT … ORDER BY next_retry_at LIMIT n FOR UPDATE SKIP
 * LOCKED)`: concurrent claims, on one pool or several, never return the same delivery while its
 * lease (`claimed_until`) runs. A lease that has passed is no claim. `recordAttempt` and `resend`
 * release the claim.
 *
 * The event-type search is `ILIKE` on `event_type` (`COLLATE "C"`) with `%`, `_` and `\` escaped: a
 * literal substring, case-insensitive for ASCII letters only (as the memory store). Sorting by
 * status is by code point, then by `createdAt`; lists break ties by id, in the same direction as
 * the sort.
 *
 * @since 0.1.0
 */
import type { Page } from "@campaign-games/core/Pagination"
import {
  type Claimed,
  type Delivery,
  type DeliveryListQuery,
  DeliveryRepo
} from "@campaign-games/core/webhooks/Webhook"
import { Array as Arr, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { containing, json, time, timeOrNull } from "./internal/Values.ts"

const delivery = Table.read(Tables.deliveries, { alias: "d" })
/** What a claim reads of a delivery's endpoint, after the delivery. */
const claimedEndpoint = Table.read(Table.pick(Tables.endpoints, ["url", "secret", "includeCouponCodes"]), {
  alias: "e",
  offset: delivery.end
})

/** `ORDER BY` of the list; by status, then by creation and id, all in the same direction. */
const ORDER: Record<DeliveryListQuery["sort"], Record<DeliveryListQuery["dir"], string>> = {
  createdAt: { asc: "d.created_at ASC, d.id ASC", desc: "d.created_at DESC, d.id DESC" },
  status: { asc: "d.status ASC, d.created_at ASC, d.id ASC", desc: "d.status DESC, d.created_at DESC, d.id DESC" }
}

/** Earliest due first, then by id: the order of a claim. */
const byDue = (a: Claimed, b: Claimed): number =>
  DateTime.toEpochMillis(a.delivery.nextRetryAt!) - DateTime.toEpochMillis(b.delivery.nextRetryAt!) ||
  (a.delivery.id < b.delivery.id ? -1 : a.delivery.id > b.delivery.id ? 1 : 0)

/** `DeliveryRepo` over a migrated database. */
export const layer: Layer.Layer<DeliveryRepo, never, SqlClient.SqlClient> = Repository.layer(DeliveryRepo, (sql) => {
  const matching = (accountId: string, query: DeliveryListQuery) =>
    sql.and([
      sql`d.account_id = ${accountId}`,
      ...(query.status === undefined ? [] : [sql`d.status = ${query.status}`]),
      ...(query.search === undefined ? [] : [sql`d.event_type ILIKE ${containing(query.search)}`])
    ])

  const countMatching = (accountId: string, query: DeliveryListQuery) =>
    Effect.map(
      sql`SELECT count(*)::int FROM webhook_deliveries d WHERE ${matching(accountId, query)}`.values,
      Table.count
    )

  return {
    insertMany: Effect.fnUntraced(function* (deliveries: ReadonlyArray<Delivery>) {
      const rows = deliveries.map((d): Record<string, unknown> => ({
        id: d.id,
        account_id: d.accountId,
        endpoint_id: d.endpointId,
        event_id: d.eventId,
        event_type: d.eventType,
        payload: json(d.payload),
        status: d.status,
        attempt_count: d.attemptCount,
        last_attempted_at: timeOrNull(d.lastAttemptedAt),
        next_retry_at: timeOrNull(d.nextRetryAt),
        response_status: d.responseStatus,
        note: d.note,
        created_at: time(d.createdAt)
      }))
      if (!Arr.isReadonlyArrayNonEmpty(rows)) return
      yield* sql`INSERT INTO webhook_deliveries ${sql.insert(rows)}`
    }),
    findById: (accountId: string, id: string) =>
      Effect.flatMap(
        sql`SELECT ${delivery.select} FROM webhook_deliveries d WHERE d.account_id = ${accountId} AND d.id = ${id}`
          .values,
        delivery.first
      ),
    list: (accountId: string, query: DeliveryListQuery, page: Page) =>
      Effect.flatMap(
        sql`SELECT ${delivery.select}, count(*) OVER ()::int FROM webhook_deliveries d
          WHERE ${matching(accountId, query)}
          ORDER BY ${sql.literal(ORDER[query.sort][query.dir])}
          LIMIT ${page.limit} OFFSET ${page.offset}`.values,
        Table.page(delivery, page, countMatching(accountId, query))
      ),
    claimDue: Effect.fnUntraced(function* (
      now: DateTime.Utc,
      leaseUntil: DateTime.Utc,
      limit: number,
      excludeEndpoints: ReadonlyArray<string> = []
    ) {
      const excluded = excludeEndpoints.length === 0 ? sql`` : sql`AND endpoint_id NOT IN ${sql.in(excludeEndpoints)}`
      const rows = yield* sql`UPDATE webhook_deliveries d SET claimed_until = ${time(leaseUntil)}
        FROM (
          SELECT id FROM webhook_deliveries
          WHERE status IN ('pending', 'failed') AND next_retry_at <= ${time(now)}
            AND (claimed_until IS NULL OR claimed_until < ${time(now)})
            AND EXISTS (
              SELECT 1 FROM webhook_endpoints we
              WHERE we.id = webhook_deliveries.endpoint_id AND we.status = 'active'
            )
            ${excluded}
          ORDER BY next_retry_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) c, webhook_endpoints e
        WHERE d.id = c.id AND e.id = d.endpoint_id
        RETURNING ${delivery.select}, ${claimedEndpoint.select}`.values
      const deliveries = yield* delivery.decode(rows)
      const endpoints = yield* claimedEndpoint.decode(rows)
      // RETURNING has no order: earliest due first, as claimed.
      return deliveries.map((d, i): Claimed => ({ delivery: d, ...endpoints[i]! })).sort(byDue)
    }),
    release: Effect.fnUntraced(function* (ids: ReadonlyArray<string>, leaseUntil: DateTime.Utc) {
      if (ids.length === 0) return
      yield* sql`UPDATE webhook_deliveries SET claimed_until = NULL
        WHERE id IN ${sql.in(ids)} AND claimed_until = ${time(leaseUntil)}`
    }),
    recordAttempt: (d: Delivery, leaseUntil?: DateTime.Utc) => {
      const fence = leaseUntil === undefined ? sql`` : sql`AND claimed_until = ${time(leaseUntil)}`
      return Effect.map(
        sql`UPDATE webhook_deliveries SET status = ${d.status}, attempt_count = ${d.attemptCount},
            last_attempted_at = ${timeOrNull(d.lastAttemptedAt)}, next_retry_at = ${timeOrNull(d.nextRetryAt)},
            response_status = ${d.responseStatus}, note = ${d.note}, claimed_until = NULL
          WHERE account_id = ${d.accountId} AND id = ${d.id} ${fence}
          RETURNING id`,
        (rows) => rows.length > 0
      )
    },
    resend: (accountId: string, id: string, now: DateTime.Utc) =>
      Effect.map(
        sql`UPDATE webhook_deliveries
          SET status = 'pending', attempt_count = 0, next_retry_at = ${time(now)}, claimed_until = NULL
          WHERE account_id = ${accountId} AND id = ${id} AND status IN ('failed', 'exhausted')
          RETURNING id`,
        (rows) => rows.length > 0
      ),
    resendExhausted: (accountId: string, endpointId: string, since: DateTime.Utc, now: DateTime.Utc) =>
      Effect.map(
        sql`WITH resent AS (
            UPDATE webhook_deliveries
            SET status = 'pending', attempt_count = 0, next_retry_at = ${time(now)}, claimed_until = NULL
            WHERE account_id = ${accountId} AND endpoint_id = ${endpointId} AND status = 'exhausted'
              AND created_at >= ${time(since)}
            RETURNING 1
          )
          SELECT count(*)::int FROM resent`.values,
        Table.count
      )
  }
})
