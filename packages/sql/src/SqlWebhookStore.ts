/**
 * The webhook store ports (`EndpointRepo`, `DeliveryRepo`) over effect/sql, for PostgreSQL and
 * PGlite alike, on the `webhook_endpoints` and `webhook_deliveries` tables of `Migrations`
 * (`0004_webhooks`).
 *
 * - Every query but `claimDue` is scoped by account (`recordAttempt` by the delivery's); each
 *   operation is one statement (a list whose page is empty past the first one costs a second, to
 *   count).
 * - Deleting an endpoint deletes its delivery log (`ON DELETE CASCADE`); a delivery needs an endpoint
 *   of its own account (the key is `(account_id, endpoint_id)`). `insertMany` is one `INSERT`: all
 *   rows or none.
 * - `claimDue` is one `UPDATE … FROM (SELECT … ORDER BY next_retry_at LIMIT n FOR UPDATE SKIP LOCKED)`:
 *   concurrent claims, on one pool or several, never return the same delivery while its lease runs.
 *   A lease that has passed (`claimed_until < now`) is no claim. `recordAttempt` and `resend` release
 *   the claim.
 * - The URL search (endpoints) and the event-type search (deliveries) are `ILIKE` on `COLLATE "C"`
 *   columns with `%`, `_` and `\` escaped: a literal substring, case-insensitive for ASCII letters
 *   only (as the memory store). Sorting by URL or status is by code point.
 * - Lists break ties by id, in the same direction as the sort (by status: then by `createdAt`,
 *   then id).
 *
 * @since 0.1.0
 */
import { EventType } from "@campaign-games/core/webhooks/Event"
import type { Page } from "@campaign-games/core/Pagination"
import {
  type Claimed,
  type Delivery,
  type DeliveryListQuery,
  DeliveryRepo,
  DeliveryStatus,
  type Endpoint,
  type EndpointListQuery,
  EndpointRepo,
  EndpointStatus
} from "@campaign-games/core/webhooks/Webhook"
import { Array as Arr, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { toStoreError } from "./SqlStore.ts"

const Time = Schema.DateTimeUtcFromDate
/**
 * A nullable time column. Null is tried first: `NullOr(Time)` tries the `Date` declaration first and
 * builds a failure for every null before matching it, several times the cost of the whole field.
 */
const TimeOrNull = Schema.Union([Schema.Null, Time])

const EndpointRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  gameInstanceIds: Schema.Array(Schema.String),
  channelIds: Schema.Array(Schema.String),
  includeCouponCodes: Schema.Boolean,
  status: EndpointStatus,
  secret: Schema.String,
  createdAt: Time,
  updatedAt: Time
})

const PayloadDocument = Schema.Struct({
  type: EventType,
  createdAt: Schema.String,
  data: Schema.Record(Schema.String, Schema.Unknown)
})

const DeliveryRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  endpointId: Schema.String,
  eventId: Schema.String,
  eventType: EventType,
  payload: PayloadDocument,
  status: DeliveryStatus,
  attemptCount: Schema.Int,
  lastAttemptedAt: TimeOrNull,
  nextRetryAt: TimeOrNull,
  responseStatus: Schema.NullOr(Schema.Int),
  note: Schema.NullOr(Schema.String),
  createdAt: Time
})

/** A claimed delivery with its endpoint's columns, prefixed `endpoint_`. */
const ClaimedRow = Schema.Struct({
  ...DeliveryRow.fields,
  endpoint_url: Schema.String,
  endpoint_secret: Schema.String,
  endpoint_includeCouponCodes: Schema.Boolean
})

const CountRow = Schema.Struct({ count: Schema.Number })

const decodeAll = <S extends Schema.Decoder<unknown>>(schema: S) => {
  const decode = Schema.decodeUnknownEffect(Schema.Array(schema))
  return (rows: ReadonlyArray<unknown>) => decode(rows)
}

const decodeEndpoints = decodeAll(EndpointRow)
const decodeDeliveries = decodeAll(DeliveryRow)
const decodeClaimed = decodeAll(ClaimedRow)
const decodeCount = decodeAll(CountRow)

const ENDPOINT_COLUMNS = `id, account_id AS "accountId", url, events, game_instance_ids AS "gameInstanceIds",
  channel_ids AS "channelIds", include_coupon_codes AS "includeCouponCodes", status, secret,
  created_at AS "createdAt", updated_at AS "updatedAt"`

const DELIVERY_COLUMNS = `d.id, d.account_id AS "accountId", d.endpoint_id AS "endpointId", d.event_id AS "eventId",
  d.event_type AS "eventType", d.payload, d.status, d.attempt_count AS "attemptCount",
  d.last_attempted_at AS "lastAttemptedAt", d.next_retry_at AS "nextRetryAt", d.response_status AS "responseStatus",
  d.note, d.created_at AS "createdAt"`

/** A time as a parameter: ISO 8601 with milliseconds, bound as text and typed by its column. */
const time = (value: DateTime.Utc): string => DateTime.formatIso(value)
const timeOrNull = (value: DateTime.Utc | null): string | null => (value === null ? null : time(value))

/** A `LIKE` pattern matching `text` literally anywhere (`\` is the default escape character). */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, "\\$&")}%`

const first = <A>(rows: ReadonlyArray<A>): Option.Option<A> => Option.fromNullishOr(rows[0])

/** `ORDER BY` of the endpoint list per sort key and direction; id breaks ties in the same direction. */
const ENDPOINT_ORDER: Record<EndpointListQuery["sort"], Record<EndpointListQuery["dir"], string>> = {
  createdAt: { asc: "created_at ASC, id ASC", desc: "created_at DESC, id DESC" },
  url: { asc: "url ASC, id ASC", desc: "url DESC, id DESC" }
}

/** `ORDER BY` of the delivery list; by status, then by creation and id, all in the same direction. */
const DELIVERY_ORDER: Record<DeliveryListQuery["sort"], Record<DeliveryListQuery["dir"], string>> = {
  createdAt: { asc: "d.created_at ASC, d.id ASC", desc: "d.created_at DESC, d.id DESC" },
  status: { asc: "d.status ASC, d.created_at ASC, d.id ASC", desc: "d.status DESC, d.created_at DESC, d.id DESC" }
}

const layerEndpointRepo = Layer.effect(
  EndpointRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(ENDPOINT_COLUMNS)

    const matching = (accountId: string, query: EndpointListQuery) =>
      sql.and([
        sql`account_id = ${accountId}`,
        ...(query.status === undefined ? [] : [sql`status = ${query.status}`]),
        ...(query.search === undefined ? [] : [sql`url ILIKE ${containing(query.search)}`])
      ])

    const countMatching = Effect.fnUntraced(function* (accountId: string, query: EndpointListQuery) {
      const rows = yield* sql`SELECT count(*)::int AS count FROM webhook_endpoints WHERE ${matching(accountId, query)}`
      return (yield* decodeCount(rows))[0]?.count ?? 0
    })

    return EndpointRepo.of({
      insert: Effect.fnUntraced(
        function* (e: Endpoint) {
          yield* sql`INSERT INTO webhook_endpoints
            (id, account_id, url, events, game_instance_ids, channel_ids, include_coupon_codes, status, secret,
              created_at, updated_at)
            VALUES (${e.id}, ${e.accountId}, ${e.url}, ${[...e.events]}, ${[...e.gameInstanceIds]},
              ${[...e.channelIds]}, ${e.includeCouponCodes}, ${e.status}, ${e.secret}, ${time(e.createdAt)},
              ${time(e.updatedAt)})`
        },
        Effect.mapError(toStoreError("EndpointRepo.insert"))
      ),
      update: Effect.fnUntraced(
        function* (e: Endpoint) {
          yield* sql`UPDATE webhook_endpoints SET url = ${e.url}, events = ${[...e.events]},
              game_instance_ids = ${[...e.gameInstanceIds]}, channel_ids = ${[...e.channelIds]},
              include_coupon_codes = ${e.includeCouponCodes}, status = ${e.status}, secret = ${e.secret},
              updated_at = ${time(e.updatedAt)}
            WHERE account_id = ${e.accountId} AND id = ${e.id}`
        },
        Effect.mapError(toStoreError("EndpointRepo.update"))
      ),
      findById: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`SELECT ${columns} FROM webhook_endpoints
            WHERE account_id = ${accountId} AND id = ${id}`
          return first(yield* decodeEndpoints(rows))
        },
        Effect.mapError(toStoreError("EndpointRepo.findById"))
      ),
      list: Effect.fnUntraced(
        function* (accountId: string, query: EndpointListQuery, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM webhook_endpoints
            WHERE ${matching(accountId, query)}
            ORDER BY ${sql.literal(ENDPOINT_ORDER[query.sort][query.dir])}
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeEndpoints(rows)
          const total =
            rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* countMatching(accountId, query) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("EndpointRepo.list"))
      ),
      count: Effect.fnUntraced(
        function* (accountId: string) {
          const rows = yield* sql`SELECT count(*)::int AS count FROM webhook_endpoints WHERE account_id = ${accountId}`
          return (yield* decodeCount(rows))[0]?.count ?? 0
        },
        Effect.mapError(toStoreError("EndpointRepo.count"))
      ),
      delete: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`DELETE FROM webhook_endpoints WHERE account_id = ${accountId} AND id = ${id}
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("EndpointRepo.delete"))
      ),
      activeFor: Effect.fnUntraced(
        function* (accountId: string, type: EventType) {
          const rows = yield* sql`SELECT ${columns} FROM webhook_endpoints
            WHERE account_id = ${accountId} AND status = 'active' AND ${type} = ANY (events)
            ORDER BY created_at, id`
          return yield* decodeEndpoints(rows)
        },
        Effect.mapError(toStoreError("EndpointRepo.activeFor"))
      )
    })
  })
)

const layerDeliveryRepo = Layer.effect(
  DeliveryRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(DELIVERY_COLUMNS)

    const matching = (accountId: string, query: DeliveryListQuery) =>
      sql.and([
        sql`d.account_id = ${accountId}`,
        ...(query.status === undefined ? [] : [sql`d.status = ${query.status}`]),
        ...(query.search === undefined ? [] : [sql`d.event_type ILIKE ${containing(query.search)}`])
      ])

    const countMatching = Effect.fnUntraced(function* (accountId: string, query: DeliveryListQuery) {
      const rows = yield* sql`SELECT count(*)::int AS count FROM webhook_deliveries d
        WHERE ${matching(accountId, query)}`
      return (yield* decodeCount(rows))[0]?.count ?? 0
    })

    return DeliveryRepo.of({
      insertMany: Effect.fnUntraced(
        function* (deliveries: ReadonlyArray<Delivery>) {
          const rows = deliveries.map((d): Record<string, unknown> => ({
            id: d.id,
            account_id: d.accountId,
            endpoint_id: d.endpointId,
            event_id: d.eventId,
            event_type: d.eventType,
            payload: JSON.stringify(d.payload),
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
        },
        Effect.mapError(toStoreError("DeliveryRepo.insertMany"))
      ),
      findById: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`SELECT ${columns} FROM webhook_deliveries d
            WHERE d.account_id = ${accountId} AND d.id = ${id}`
          return first(yield* decodeDeliveries(rows))
        },
        Effect.mapError(toStoreError("DeliveryRepo.findById"))
      ),
      list: Effect.fnUntraced(
        function* (accountId: string, query: DeliveryListQuery, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM webhook_deliveries d
            WHERE ${matching(accountId, query)}
            ORDER BY ${sql.literal(DELIVERY_ORDER[query.sort][query.dir])}
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeDeliveries(rows)
          const total =
            rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* countMatching(accountId, query) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("DeliveryRepo.list"))
      ),
      claimDue: Effect.fnUntraced(
        function* (
          now: DateTime.Utc,
          leaseUntil: DateTime.Utc,
          limit: number,
          excludeEndpoints: ReadonlyArray<string> = []
        ) {
          const excluded =
            excludeEndpoints.length === 0 ? sql.literal("") : sql`AND endpoint_id NOT IN ${sql.in(excludeEndpoints)}`
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
            RETURNING ${columns}, e.url AS "endpoint_url", e.secret AS "endpoint_secret",
              e.include_coupon_codes AS "endpoint_includeCouponCodes"`
          const claimed = (yield* decodeClaimed(rows)).map(
            ({ endpoint_url, endpoint_secret, endpoint_includeCouponCodes, ...delivery }): Claimed => ({
              delivery,
              url: endpoint_url,
              secret: endpoint_secret,
              includeCouponCodes: endpoint_includeCouponCodes
            })
          )
          // RETURNING has no order: earliest due first, as claimed.
          return claimed.sort(
            (a, b) =>
              DateTime.toEpochMillis(a.delivery.nextRetryAt!) - DateTime.toEpochMillis(b.delivery.nextRetryAt!) ||
              (a.delivery.id < b.delivery.id ? -1 : a.delivery.id > b.delivery.id ? 1 : 0)
          )
        },
        Effect.mapError(toStoreError("DeliveryRepo.claimDue"))
      ),
      release: Effect.fnUntraced(
        function* (ids: ReadonlyArray<string>, leaseUntil: DateTime.Utc) {
          if (ids.length === 0) return
          yield* sql`UPDATE webhook_deliveries SET claimed_until = NULL
            WHERE id IN ${sql.in(ids)} AND claimed_until = ${time(leaseUntil)}`
        },
        Effect.mapError(toStoreError("DeliveryRepo.release"))
      ),
      recordAttempt: Effect.fnUntraced(
        function* (d: Delivery, leaseUntil?: DateTime.Utc) {
          const fence = leaseUntil === undefined ? sql.literal("") : sql`AND claimed_until = ${time(leaseUntil)}`
          const rows = yield* sql`UPDATE webhook_deliveries SET status = ${d.status}, attempt_count = ${d.attemptCount},
              last_attempted_at = ${timeOrNull(d.lastAttemptedAt)}, next_retry_at = ${timeOrNull(d.nextRetryAt)},
              response_status = ${d.responseStatus}, note = ${d.note}, claimed_until = NULL
            WHERE account_id = ${d.accountId} AND id = ${d.id} ${fence}
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("DeliveryRepo.recordAttempt"))
      ),
      resend: Effect.fnUntraced(
        function* (accountId: string, id: string, now: DateTime.Utc) {
          const rows = yield* sql`UPDATE webhook_deliveries
            SET status = 'pending', attempt_count = 0, next_retry_at = ${time(now)}, claimed_until = NULL
            WHERE account_id = ${accountId} AND id = ${id} AND status IN ('failed', 'exhausted')
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("DeliveryRepo.resend"))
      ),
      resendExhausted: Effect.fnUntraced(
        function* (accountId: string, endpointId: string, since: DateTime.Utc, now: DateTime.Utc) {
          const rows = yield* sql`WITH resent AS (
              UPDATE webhook_deliveries
              SET status = 'pending', attempt_count = 0, next_retry_at = ${time(now)}, claimed_until = NULL
              WHERE account_id = ${accountId} AND endpoint_id = ${endpointId} AND status = 'exhausted'
                AND created_at >= ${time(since)}
              RETURNING 1
            )
            SELECT count(*)::int AS count FROM resent`
          return (yield* decodeCount(rows))[0]?.count ?? 0
        },
        Effect.mapError(toStoreError("DeliveryRepo.resendExhausted"))
      )
    })
  })
)

/** Both ports of this module. */
export type Repos = EndpointRepo | DeliveryRepo

/** `EndpointRepo` and `DeliveryRepo` over a migrated database. */
export const layer: Layer.Layer<Repos, never, SqlClient.SqlClient> = Layer.mergeAll(
  layerEndpointRepo,
  layerDeliveryRepo
)
