/**
 * `EndpointRepo` in memory, with the semantics of the SQL webhook store: every query is scoped by
 * account; ids are unique and an endpoint needs its account (a breach fails with `StoreError`);
 * deleting an endpoint deletes its delivery log; an update keeps the stored `createdAt`. Lists sort
 * by `createdAt` or URL (by code point, as `COLLATE "C"`), ties by id in the same direction, and
 * the URL search is a literal substring folding ASCII letters only, as `ILIKE` does.
 *
 * @since 0.1.0
 */
import { Webhook } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import {
  accountRows,
  byCodePoint,
  byTime,
  conflict,
  directed,
  insertNew,
  keeps,
  ofAccount,
  paginate,
  searching,
  updateInAccount
} from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

const endpointOrder = (query: Pick<Webhook.EndpointListQuery, "sort" | "dir">) =>
  directed<Webhook.Endpoint>(query.dir, (a, b) =>
    query.sort === "createdAt" ? byTime(a.createdAt, b.createdAt) : byCodePoint(a.url, b.url)
  )

/** `EndpointRepo` over the endpoints table (and the deliveries that are an endpoint's log). */
export const layer: Layer.Layer<Webhook.EndpointRepo, never, MemoryDatabase> = repository(
  Webhook.EndpointRepo,
  ({ accounts, endpoints, deliveries }) => {
    const { find, findById } = accountRows(endpoints)

    return Webhook.EndpointRepo.of({
      insert: (endpoint) =>
        Effect.suspend(() =>
          // A taken id is the first refusal, as the primary key is checked before the foreign key.
          endpoints.has(endpoint.id) || accounts.has(endpoint.accountId)
            ? insertNew(endpoints, endpoint.id, endpoint, "A webhook endpoint")
            : conflict(`No account ${endpoint.accountId} for webhook endpoint ${endpoint.id}.`)
        ),
      update: (endpoint) => updateInAccount(endpoints, endpoint),
      findById,
      list: (accountId, query, page) =>
        Effect.sync(() => {
          const found = searching(query.search)
          const keep = (endpoint: Webhook.Endpoint) => keeps(query.status, endpoint.status) && found(endpoint.url)
          return paginate(ofAccount(endpoints.values(), accountId, keep).sort(endpointOrder(query)), page)
        }),
      count: (accountId) => Effect.sync(() => ofAccount(endpoints.values(), accountId).length),
      delete: Effect.fnUntraced(function* (accountId, id) {
        if (find(accountId, id) === undefined) return false
        const log: Array<string> = []
        for (const { delivery } of deliveries.values()) if (delivery.endpointId === id) log.push(delivery.id)
        for (const deliveryId of log) yield* deliveries.delete(deliveryId)
        return yield* endpoints.delete(id)
      }),
      activeFor: (accountId, type) =>
        Effect.sync(() =>
          ofAccount(endpoints.values(), accountId, (e) => e.status === "active" && e.events.includes(type)).sort(
            endpointOrder({ sort: "createdAt", dir: "asc" })
          )
        )
    })
  }
)
