/**
 * An in-memory adapter of the webhook store ports (`EndpointRepo`, `DeliveryRepo`), over the
 * `MemoryDatabase` of `MemoryStore` (its writes join that store's transactions), with the semantics
 * of `SqlWebhookStore` that the webhook contract suite pins (`StoreContractWebhooks`):
 *
 * - Every query but `claimDue` is scoped by account (`recordAttempt` by the delivery's). Ids are
 *   unique, an endpoint needs its account (looked up through `AccountRepo`), a delivery an endpoint
 *   of its own account (`insertMany` stores all or none): a breach fails with `StoreError`.
 *   Deleting an endpoint deletes its delivery log.
 * - `insertMany`, `claimDue`, `recordAttempt`, `resend` and `resendExhausted` run one at a time (a
 *   semaphore), so a claim is atomic: concurrent claims never return the same delivery while its
 *   lease runs. A lease that has passed (`claimedUntil < now`) is no claim; `recordAttempt` and
 *   `resend` release it.
 * - The URL and event-type searches fold ASCII letters only and URLs sort by code point, as
 *   PostgreSQL's `ILIKE` and ordering under `COLLATE "C"`. Lists break ties by id in the same
 *   direction (by status: then by `createdAt`, then id).
 *
 * @since 0.1.0
 */
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import { StoreError } from "@campaign-games/core/Errors"
import type { Page, Paged } from "@campaign-games/core/Pagination"
import {
  type Claimed,
  type Delivery,
  type DeliveryListQuery,
  DeliveryRepo,
  type Endpoint,
  type EndpointListQuery,
  EndpointRepo
} from "@campaign-games/core/webhooks/Webhook"
import { Context, DateTime, Effect, Layer, Option, Semaphore } from "effect"
import type * as Table from "./internal/Table.ts"
import { MemoryDatabase } from "./MemoryStore.ts"

/** A delivery as stored: with the lease of the instance that claimed it. */
interface StoredDelivery {
  readonly delivery: Delivery
  readonly claimedUntil: DateTime.Utc | null
}

class Tables extends Context.Service<
  Tables,
  {
    readonly endpoints: Table.Table<string, Endpoint>
    readonly deliveries: Table.Table<string, StoredDelivery>
  }
>()("@campaign-games/testing/MemoryWebhookStore/Tables") {
  static readonly layer = Layer.effect(
    Tables,
    Effect.gen(function* () {
      const database = yield* MemoryDatabase
      return Tables.of({ endpoints: database.table(), deliveries: database.table() })
    })
  )
}

const conflict = (message: string) => Effect.fail(new StoreError({ message }))

const paginate = <A>(rows: Array<A>, page: Page): Paged<A> => ({
  items: rows.slice(page.offset, page.offset + page.limit),
  total: rows.length
})

const millis = DateTime.toEpochMillis

/** ASCII letters in lower case, others kept: PostgreSQL's `ILIKE` under `COLLATE "C"`. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** Orders by code point (UTF-8 byte order), as PostgreSQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => {
  const x = Array.from(a, (c) => c.codePointAt(0)!)
  const y = Array.from(b, (c) => c.codePointAt(0)!)
  const length = Math.min(x.length, y.length)
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return x.length - y.length
}

/** Orders ASCII ids (byte order). */
const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const endpointOrder = (query: EndpointListQuery) => {
  const sign = query.dir === "asc" ? 1 : -1
  return (a: Endpoint, b: Endpoint): number => {
    const byKey = query.sort === "createdAt" ? millis(a.createdAt) - millis(b.createdAt) : byCodePoint(a.url, b.url)
    return sign * (byKey !== 0 ? Math.sign(byKey) : byId(a.id, b.id))
  }
}

const deliveryOrder = (query: DeliveryListQuery) => {
  const sign = query.dir === "asc" ? 1 : -1
  return (a: Delivery, b: Delivery): number => {
    const byStatus = query.sort === "status" ? byCodePoint(a.status, b.status) : 0
    const byCreated = millis(a.createdAt) - millis(b.createdAt)
    return sign * (byStatus !== 0 ? Math.sign(byStatus) : byCreated !== 0 ? Math.sign(byCreated) : byId(a.id, b.id))
  }
}

const layerEndpointRepo = Layer.effect(
  EndpointRepo,
  Effect.gen(function* () {
    const { endpoints, deliveries } = yield* Tables
    const accounts = yield* AccountRepo

    const find = (accountId: string, id: string): Endpoint | undefined => {
      const endpoint = endpoints.get(id)
      return endpoint !== undefined && endpoint.accountId === accountId ? endpoint : undefined
    }

    const ofAccount = (accountId: string, keep: (endpoint: Endpoint) => boolean) => {
      const rows: Array<Endpoint> = []
      for (const endpoint of endpoints.values())
        if (endpoint.accountId === accountId && keep(endpoint)) rows.push(endpoint)
      return rows
    }

    const matches = (query: EndpointListQuery) => {
      const search = query.search === undefined ? undefined : asciiLower(query.search)
      return (endpoint: Endpoint) =>
        (query.status === undefined || endpoint.status === query.status) &&
        (search === undefined || asciiLower(endpoint.url).includes(search))
    }

    return EndpointRepo.of({
      insert: Effect.fnUntraced(function* (endpoint) {
        if (endpoints.has(endpoint.id)) return yield* conflict(`A webhook endpoint ${endpoint.id} already exists.`)
        if (Option.isNone(yield* accounts.findById(endpoint.accountId))) {
          return yield* conflict(`No account ${endpoint.accountId} for webhook endpoint ${endpoint.id}.`)
        }
        yield* endpoints.set(endpoint.id, endpoint)
      }),
      update: Effect.fnUntraced(function* (endpoint) {
        const stored = find(endpoint.accountId, endpoint.id)
        if (stored === undefined) return
        yield* endpoints.set(endpoint.id, { ...endpoint, createdAt: stored.createdAt })
      }),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id))),
      list: (accountId, query, page) =>
        Effect.sync(() => paginate(ofAccount(accountId, matches(query)).sort(endpointOrder(query)), page)),
      count: (accountId) => Effect.sync(() => ofAccount(accountId, () => true).length),
      delete: Effect.fnUntraced(function* (accountId, id) {
        if (find(accountId, id) === undefined) return false
        const log: Array<string> = []
        for (const { delivery } of deliveries.values()) if (delivery.endpointId === id) log.push(delivery.id)
        for (const deliveryId of log) yield* deliveries.delete(deliveryId)
        return yield* endpoints.delete(id)
      }),
      activeFor: (accountId, type) =>
        Effect.sync(() =>
          ofAccount(accountId, (e) => e.status === "active" && e.events.includes(type)).sort(
            endpointOrder({ search: undefined, status: undefined, sort: "createdAt", dir: "asc" })
          )
        )
    })
  })
)

const layerDeliveryRepo = Layer.effect(
  DeliveryRepo,
  Effect.gen(function* () {
    const { endpoints, deliveries } = yield* Tables
    const serial = Semaphore.makeUnsafe(1)

    const find = (accountId: string, id: string): StoredDelivery | undefined => {
      const stored = deliveries.get(id)
      return stored !== undefined && stored.delivery.accountId === accountId ? stored : undefined
    }

    const matches = (query: DeliveryListQuery) => {
      const search = query.search === undefined ? undefined : asciiLower(query.search)
      return (delivery: Delivery) =>
        (query.status === undefined || delivery.status === query.status) &&
        (search === undefined || asciiLower(delivery.eventType).includes(search))
    }

    /** Makes a delivery ready to send again, releasing any claim. */
    const resent = (stored: StoredDelivery, now: DateTime.Utc): StoredDelivery => ({
      delivery: { ...stored.delivery, status: "pending", attemptCount: 0, nextRetryAt: now },
      claimedUntil: null
    })

    return DeliveryRepo.of({
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
        }).pipe(serial.withPermit),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id)?.delivery)),
      list: (accountId, query, page) =>
        Effect.sync(() => {
          const keep = matches(query)
          const rows: Array<Delivery> = []
          for (const { delivery } of deliveries.values()) {
            if (delivery.accountId === accountId && keep(delivery)) rows.push(delivery)
          }
          return paginate(rows.sort(deliveryOrder(query)), page)
        }),
      claimDue: (now, leaseUntil, limit, excludeEndpoints = []) =>
        Effect.gen(function* () {
          const excluded = new Set(excludeEndpoints)
          const due: Array<{ readonly stored: StoredDelivery; readonly endpoint: Endpoint }> = []
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
          const claimed: Array<Claimed> = []
          for (const { stored, endpoint } of due.slice(0, Math.max(0, limit))) {
            yield* deliveries.set(stored.delivery.id, { ...stored, claimedUntil: leaseUntil })
            claimed.push({
              delivery: stored.delivery,
              url: endpoint.url,
              secret: endpoint.secret,
              includeCouponCodes: endpoint.includeCouponCodes
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
      recordAttempt: (d, leaseUntil) =>
        Effect.gen(function* () {
          const stored = find(d.accountId, d.id)
          if (stored === undefined) return false
          if (
            leaseUntil !== undefined &&
            (stored.claimedUntil === null || millis(stored.claimedUntil) !== millis(leaseUntil))
          ) {
            return false
          }
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
          return true
        }).pipe(serial.withPermit),
      resend: (accountId, id, now) =>
        Effect.gen(function* () {
          const stored = find(accountId, id)
          if (stored === undefined) return false
          if (stored.delivery.status !== "failed" && stored.delivery.status !== "exhausted") return false
          yield* deliveries.set(id, resent(stored, now))
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
          return exhausted.length
        }).pipe(serial.withPermit)
    })
  })
)

/** Both ports of this module. */
export type Repos = EndpointRepo | DeliveryRepo

/**
 * `EndpointRepo` and `DeliveryRepo` over the `MemoryDatabase` (and `AccountRepo`) of a memory store:
 * their tables are new on every build.
 */
export const layer: Layer.Layer<Repos, never, MemoryDatabase | AccountRepo> = Layer.mergeAll(
  layerEndpointRepo,
  layerDeliveryRepo
).pipe(Layer.provide(Tables.layer))
