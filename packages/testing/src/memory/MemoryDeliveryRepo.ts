/**
 * `DeliveryRepo` in memory, with the semantics of the SQL webhook store:
 *
 * - Every query but `claimDue` and `targets` is scoped by account (`recordAttempts` by each
 *   delivery's). Ids are unique and a delivery needs an endpoint of its own account; `insertMany`
 *   stores all or none (a breach fails with `StoreError`).
 * - `insertMany`, `claimDue`, `release`, `recordAttempts`, `resend` and `resendExhausted` run one at
 *   a time (a semaphore), so a claim is atomic: concurrent claims never return the same delivery
 *   while its lease runs. A lease that has passed (`claimedUntil < now`) is no claim;
 *   `recordAttempts` and `resend` release it, and `recordAttempts` writes each result only while
 *   its lease is the delivery's.
 * - `DeliveryNotices`: inserting deliveries and resending notify the listeners of this store at
 *   once (memory has no commit to wait for).
 * - The event-type search is a literal substring folding ASCII letters only and statuses sort by
 *   code point, as PostgreSQL's `ILIKE` and ordering under `COLLATE "C"`. Lists break ties by
 *   `createdAt` (by status), then by id, in the same direction.
 *
 * @since 0.1.0
 */
import { Webhook } from "@campaign-games/core"
import { Context, DateTime, Effect, Layer, Option, Semaphore } from "effect"
import {
  byCodePoint,
  byId,
  byTime,
  conflict,
  directed,
  inAccount,
  keeps,
  paginate,
  searching
} from "../internal/Rows.ts"
import { MemoryDatabase, type StoredDelivery } from "../MemoryDatabase.ts"

const millis = DateTime.toEpochMillis

const deliveryOrder = (query: Webhook.DeliveryListQuery) =>
  directed<Webhook.Delivery>(
    query.dir,
    (a, b) =>
      (query.sort === "status" ? Math.sign(byCodePoint(a.status, b.status)) : 0) || byTime(a.createdAt, b.createdAt)
  )

const matches = (query: Webhook.DeliveryListQuery) => {
  const found = searching(query.search)
  return (delivery: Webhook.Delivery) => keeps(query.status, delivery.status) && found(delivery.eventType)
}

/** Makes a delivery ready to send again, releasing any claim. */
const resent = (stored: StoredDelivery, now: DateTime.Utc): StoredDelivery => ({
  delivery: { ...stored.delivery, status: "pending", attemptCount: 0, nextRetryAt: now },
  claimedUntil: null
})

/**
 * `DeliveryRepo` over the deliveries table (and the endpoints a claim reads), and the
 * `DeliveryNotices` its inserts and resends give.
 */
export const layer: Layer.Layer<Webhook.DeliveryRepo | Webhook.DeliveryNotices, never, MemoryDatabase> =
  Layer.effectContext(
    Effect.gen(function* () {
      const { endpoints, deliveries } = (yield* MemoryDatabase).tables
      const serial = Semaphore.makeUnsafe(1)
      const listeners = new Set<() => void>()
      const notify = () => {
        for (const listener of listeners) listener()
      }
      const notices = Webhook.DeliveryNotices.of({
        listen: (onNotice) =>
          Effect.acquireRelease(
            Effect.sync(() => {
              listeners.add(onNotice)
              onNotice()
            }),
            () => Effect.sync(() => listeners.delete(onNotice))
          )
      })

      const find = (accountId: string, id: string): StoredDelivery | undefined => {
        const stored = deliveries.get(id)
        return stored !== undefined && inAccount(accountId, stored.delivery) !== undefined ? stored : undefined
      }

      const repo = Webhook.DeliveryRepo.of({
        insertMany: (batch) =>
          Effect.gen(function* () {
            const ids = new Set<string>()
            for (const delivery of batch) {
              if (deliveries.has(delivery.id) || ids.has(delivery.id)) {
                return yield* conflict(`A webhook delivery ${delivery.id} already exists.`)
              }
              ids.add(delivery.id)
              if (endpoints.get(delivery.endpointId)?.accountId !== delivery.accountId) {
                return yield* conflict(`No webhook endpoint ${delivery.endpointId} in account ${delivery.accountId}.`)
              }
            }
            for (const delivery of batch) yield* deliveries.set(delivery.id, { delivery, claimedUntil: null })
            if (batch.length > 0) notify()
          }).pipe(serial.withPermit),
        findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id)?.delivery)),
        list: (accountId, query, page) =>
          Effect.sync(() => {
            const keep = matches(query)
            const rows: Array<Webhook.Delivery> = []
            for (const { delivery } of deliveries.values()) {
              if (delivery.accountId === accountId && keep(delivery)) rows.push(delivery)
            }
            return paginate(rows.sort(deliveryOrder(query)), page)
          }),
        claimDue: (now, leaseUntil, limit, excludeEndpoints = []) =>
          Effect.gen(function* () {
            const excluded = new Set(excludeEndpoints)
            const due: Array<{ readonly stored: StoredDelivery; readonly endpoint: Webhook.Endpoint }> = []
            for (const stored of deliveries.values()) {
              if (excluded.has(stored.delivery.endpointId)) continue
              const { status, nextRetryAt } = stored.delivery
              if (status !== "pending" && status !== "failed") continue
              if (nextRetryAt === null || millis(nextRetryAt) > millis(now)) continue
              if (stored.claimedUntil !== null && millis(stored.claimedUntil) >= millis(now)) continue
              const endpoint = endpoints.get(stored.delivery.endpointId)
              // A disabled endpoint's deliveries wait until it is active again.
              if (endpoint !== undefined && endpoint.status === "active") due.push({ stored, endpoint })
            }
            due.sort(
              (a, b) =>
                millis(a.stored.delivery.nextRetryAt!) - millis(b.stored.delivery.nextRetryAt!) ||
                byId(a.stored.delivery.id, b.stored.delivery.id)
            )
            const claimed: Array<Webhook.Claimed> = []
            for (const { stored, endpoint } of due.slice(0, Math.max(0, limit))) {
              yield* deliveries.set(stored.delivery.id, { ...stored, claimedUntil: leaseUntil })
              claimed.push({
                delivery: stored.delivery,
                includeCouponCodes: endpoint.includeCouponCodes,
                endpointUpdatedAt: endpoint.updatedAt
              })
            }
            return claimed
          }).pipe(serial.withPermit),
        release: (ids, leaseUntil) =>
          Effect.gen(function* () {
            for (const id of ids) {
              const stored = deliveries.get(id)
              if (stored?.claimedUntil != null && millis(stored.claimedUntil) === millis(leaseUntil)) {
                yield* deliveries.set(id, { ...stored, claimedUntil: null })
              }
            }
          }).pipe(serial.withPermit),
        targets: (endpointIds) =>
          Effect.sync(() => {
            const found: Array<Webhook.SendTarget> = []
            for (const id of new Set(endpointIds)) {
              const endpoint = endpoints.get(id)
              if (endpoint !== undefined) {
                found.push({
                  endpointId: id,
                  url: endpoint.url,
                  secret: endpoint.secret,
                  updatedAt: endpoint.updatedAt
                })
              }
            }
            return found
          }),
        recordAttempts: (tried) =>
          Effect.gen(function* () {
            const written: Array<string> = []
            for (const { delivery: d, leaseUntil } of tried) {
              const stored = find(d.accountId, d.id)
              if (stored?.claimedUntil == null || millis(stored.claimedUntil) !== millis(leaseUntil)) continue
              yield* deliveries.set(d.id, {
                delivery: {
                  ...stored.delivery,
                  status: d.status,
                  attemptCount: d.attemptCount,
                  lastAttemptedAt: d.lastAttemptedAt,
                  nextRetryAt: d.nextRetryAt,
                  responseStatus: d.responseStatus,
                  note: d.note
                },
                claimedUntil: null
              })
              written.push(d.id)
            }
            return written
          }).pipe(serial.withPermit),
        resend: (accountId, id, now) =>
          Effect.gen(function* () {
            const stored = find(accountId, id)
            if (stored === undefined) return false
            if (stored.delivery.status !== "failed" && stored.delivery.status !== "exhausted") return false
            yield* deliveries.set(id, resent(stored, now))
            notify()
            return true
          }).pipe(serial.withPermit),
        resendExhausted: (accountId, endpointId, since, now) =>
          Effect.gen(function* () {
            const exhausted: Array<StoredDelivery> = []
            for (const stored of deliveries.values()) {
              const d = stored.delivery
              if (
                d.accountId === accountId &&
                d.endpointId === endpointId &&
                d.status === "exhausted" &&
                millis(d.createdAt) >= millis(since)
              ) {
                exhausted.push(stored)
              }
            }
            for (const stored of exhausted) yield* deliveries.set(stored.delivery.id, resent(stored, now))
            if (exhausted.length > 0) notify()
            return exhausted.length
          }).pipe(serial.withPermit)
      })
      return Context.make(Webhook.DeliveryRepo, repo).pipe(Context.add(Webhook.DeliveryNotices, notices))
    })
  )
