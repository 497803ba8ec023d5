/**
 * `DeliveryRepo` over effect/sql, on the `webhook_deliveries` table. Every operation but `claimDue`
 * and `targets` is scoped by account (`recordAttempts` by each delivery's); each is one statement (a
 * list whose page is empty past the first one costs a second, to count). A delivery needs an
 * endpoint of its own account (the key is `(account_id, endpoint_id)`); `insertMany` is one
 * `INSERT`: all rows or none. Inserting deliveries notifies the dispatchers (the trigger of
 * migration `0010_webhook_dispatch`); `resend` and `resendExhausted` notify them too.
 *
 * `claimDue` is one `UPDATE … FROM (SELECT … ORDER BY next_retry_at LIMIT n FOR UPDATE SKIP
 * LOCKED)`: concurrent claims, on one pool or several, never return the same delivery while its
 * lease (`claimed_until`) runs. A lease that has passed is no claim. It returns the endpoint's
 * coupon-code setting and `updated_at`, not its URL and secret (`targets` reads those, when the
 * dispatcher has not got them). `recordAttempts` writes many results in one `UPDATE … FROM unnest(…)`
 * whose every row is fenced by its lease; it and `resend` release the claim. Lists of values go as
 * one array parameter each (`textArray`, `intArray`), so a statement's text never depends on how
 * many there are (one prepared statement).
 *
 * The event-type search is `ILIKE` on `event_type` (`COLLATE "C"`) with `%`, `_` and `\` escaped: a
 * literal substring, case-insensitive for ASCII letters only (as the memory store). Sorting by
 * status is by code point, then by `createdAt`; lists break ties by id, in the same direction as
 * the sort.
 *
 * @since 0.1.0
 */
import { type Pagination, Webhook } from "@campaign-games/core"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Array as Arr, DateTime, Effect, Layer, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as SqlDeliveryNotices from "./SqlDeliveryNotices.ts"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Claims from "./internal/Claims.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { containing, json, time, timeOrNull } from "./internal/Values.ts"

const delivery = Table.read(Tables.deliveries, { alias: "d" })
/** What a claim reads of a delivery's endpoint, after the delivery. */
const claimedEndpoint = Table.read(Table.pick(Tables.endpoints, ["includeCouponCodes", "updatedAt"]), {
  alias: "e",
  offset: delivery.end
})

/** What sending needs of an endpoint. */
const target = Table.read(Table.pick(Tables.endpoints, ["id", "url", "secret", "updatedAt"]), {
  map: ({ id, ...rest }): Webhook.SendTarget => ({ endpointId: id, ...rest })
})

/** A list of texts (or nulls) as one `text[]` parameter, whatever its elements (all null, or none). */
const textArray = (values: ReadonlyArray<string | null>) => Result.getOrThrow(PgTypes.array(values, PgTypes.OID.text))

/** A list of integers (or nulls) as one `int4[]` parameter. */
const intArray = (values: ReadonlyArray<number | null>) => Result.getOrThrow(PgTypes.array(values, PgTypes.OID.int4))

/** `ORDER BY` of the list; by status, then by creation and id, all in the same direction. */
const ORDER: Record<
  Webhook.DeliveryListQuery["sort"],
  Record<Webhook.DeliveryListQuery["dir"], string>
> = AccountTable.orders({ createdAt: ["d.created_at"], status: ["d.status", "d.created_at"] }, "d.id")

/** Earliest due first, then by id: the order of a claim. */
const byDue = Claims.byDue((claimed: Webhook.Claimed) => claimed.delivery, "nextRetryAt")

/** `DeliveryRepo` over a migrated database. */
export const layer: Layer.Layer<Webhook.DeliveryRepo, never, SqlClient.SqlClient> = Repository.layer(
  Webhook.DeliveryRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "webhook_deliveries d", delivery)

    const matching = (accountId: string, query: Webhook.DeliveryListQuery) =>
      byAccount.where(accountId, [
        ...AccountTable.ifGiven(query.status, (status) => sql`d.status = ${status}`),
        ...AccountTable.ifGiven(query.search, (text) => sql`d.event_type ILIKE ${containing(text)}`)
      ])

    return {
      insertMany: Effect.fnUntraced(function* (deliveries: ReadonlyArray<Webhook.Delivery>) {
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
      findById: byAccount.findById,
      list: (accountId: string, query: Webhook.DeliveryListQuery, page: Pagination.Page) =>
        byAccount.page(matching(accountId, query), ORDER[query.sort][query.dir], page),
      claimDue: Effect.fnUntraced(function* (
        now: DateTime.Utc,
        leaseUntil: DateTime.Utc,
        limit: number,
        excludeEndpoints: ReadonlyArray<string> = []
      ) {
        const rows = yield* sql`UPDATE webhook_deliveries d SET claimed_until = ${time(leaseUntil)}
        FROM (
          SELECT id FROM webhook_deliveries w
          WHERE status IN ('pending', 'failed') AND next_retry_at <= ${time(now)}
            AND (claimed_until IS NULL OR claimed_until < ${time(now)})
            AND EXISTS (SELECT 1 FROM webhook_endpoints we WHERE we.id = w.endpoint_id AND we.status = 'active')
            AND endpoint_id <> ALL (${textArray(excludeEndpoints)}::text[])
          ORDER BY next_retry_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) c, webhook_endpoints e
        WHERE d.id = c.id AND e.id = d.endpoint_id
        RETURNING ${delivery.select}, ${claimedEndpoint.select}`.values
        const deliveries = yield* delivery.decode(rows)
        const endpoints = yield* claimedEndpoint.decode(rows)
        // RETURNING has no order: earliest due first, as claimed.
        return deliveries
          .map((d, i): Webhook.Claimed => ({
            delivery: d,
            includeCouponCodes: endpoints[i]!.includeCouponCodes,
            endpointUpdatedAt: endpoints[i]!.updatedAt
          }))
          .sort(byDue)
      }),
      targets: (endpointIds: ReadonlyArray<string>) =>
        endpointIds.length === 0
          ? Effect.succeed([])
          : Effect.flatMap(
              sql`SELECT ${target.select} FROM webhook_endpoints
              WHERE id = ANY (${textArray(endpointIds)}::text[])`.values,
              target.decode
            ),
      release: Effect.fnUntraced(function* (ids: ReadonlyArray<string>, leaseUntil: DateTime.Utc) {
        if (ids.length === 0) return
        yield* sql`UPDATE webhook_deliveries SET claimed_until = NULL
        WHERE id = ANY (${textArray(ids)}::text[]) AND claimed_until = ${time(leaseUntil)}`
      }),
      recordAttempts: (tried: ReadonlyArray<Webhook.Tried>) => {
        if (tried.length === 0) return Effect.succeed([])
        const column = <A>(f: (t: Webhook.Tried) => A) => tried.map(f)
        return Effect.map(
          sql`UPDATE webhook_deliveries d SET status = u.status, attempt_count = u.attempt_count,
            last_attempted_at = u.last_attempted_at::timestamptz, next_retry_at = u.next_retry_at::timestamptz,
            response_status = u.response_status, note = u.note, claimed_until = NULL
          FROM unnest(
            ${textArray(column((t) => t.delivery.id))}::text[],
            ${textArray(column((t) => t.delivery.accountId))}::text[],
            ${textArray(column((t) => t.delivery.status))}::text[],
            ${intArray(column((t) => t.delivery.attemptCount))}::int[],
            ${textArray(column((t) => timeOrNull(t.delivery.lastAttemptedAt)))}::text[],
            ${textArray(column((t) => timeOrNull(t.delivery.nextRetryAt)))}::text[],
            ${intArray(column((t) => t.delivery.responseStatus))}::int[],
            ${textArray(column((t) => t.delivery.note))}::text[],
            ${textArray(column((t) => time(t.leaseUntil)))}::text[]
          ) AS u (id, account_id, status, attempt_count, last_attempted_at, next_retry_at, response_status, note,
            lease)
          WHERE d.id = u.id AND d.account_id = u.account_id AND d.claimed_until = u.lease::timestamptz
          RETURNING d.id`.values,
          (rows) => rows.map((row) => String(row[0]))
        )
      },
      resend: (accountId: string, id: string, now: DateTime.Utc) =>
        Effect.map(
          sql`WITH resent AS (
            UPDATE webhook_deliveries
            SET status = 'pending', attempt_count = 0, next_retry_at = ${time(now)}, claimed_until = NULL
            WHERE account_id = ${accountId} AND id = ${id} AND status IN ('failed', 'exhausted')
            RETURNING 1
          )
          SELECT count(*)::int, (SELECT pg_notify(${SqlDeliveryNotices.CHANNEL}, '') FROM resent LIMIT 1) FROM resent`
            .values,
          (rows) => Table.count(rows) > 0
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
          SELECT count(*)::int, (SELECT pg_notify(${SqlDeliveryNotices.CHANNEL}, '') FROM resent LIMIT 1) FROM resent`
            .values,
          Table.count
        )
    }
  }
)
