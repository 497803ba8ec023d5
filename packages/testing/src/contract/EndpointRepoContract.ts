/**
 * The contract of `EndpointRepo`: every field round-trips exactly (lists of event types and ids,
 * times to the millisecond as `DateTime.Utc`), in the endpoint's account only; an id is unique and
 * an endpoint needs its account (`StoreError`); an update changes every field but `createdAt`,
 * only in the endpoint's account, and creates nothing; lists sort by `createdAt` or URL (by code
 * point) either way, ties by id in the same direction, filter by status, search the URL (a literal,
 * ASCII case-insensitive substring) and paginate with a `total`; `activeFor` returns the account's
 * active endpoints of an event type, oldest first; a delete deletes the endpoint's delivery log,
 * once, in its account only, and is undone with its transaction.
 *
 * @since 0.1.0
 */
import { type Account, type Store, Webhook } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import {
  all,
  at,
  DAY,
  deliveryQuery,
  endpointQuery,
  ids,
  makeDelivery,
  makeEndpoint,
  uid
} from "../internal/Fixtures.ts"
import * as ScopedUpdates from "../internal/ScopedUpdates.ts"
import { failedTransaction, givenAccount, givenDeliveries, givenEndpoint, givenTwoAccounts } from "../internal/Given.ts"
import { givenExhaustedDelivery } from "./DeliveryRepoContract.ts"

/** An account with an endpoint, and another account. */
const givenEndpointOf = Effect.gen(function* () {
  const [account, other] = yield* givenTwoAccounts
  const endpoint = yield* givenEndpoint(account.id)
  return { account, other, endpoint }
})

/** An endpoint with every field set and a plain one, of a new account; both are counted. */
const givenRoundTrip = Effect.gen(function* () {
  const repo = yield* Webhook.EndpointRepo
  const account = yield* givenAccount()
  const full = makeEndpoint(account.id, {
    url: "https://hooks.example.com/Été/ünïcode?a=1&b=%20#frag",
    events: ["session_completed", "winner_selected", "reward_granted"],
    gameInstanceIds: ["gi_1", "gi,2", 'gi"3', "gi_« 4 »"],
    channelIds: ["ch_1"],
    includeCouponCodes: true,
    status: "disabled",
    secret: "whsec_0123456789abcdefABCDEF",
    createdAt: at(-400 * DAY + 1),
    updatedAt: at(999)
  })
  const checks = Effect.map(repo.count(account.id), (count) => assert.strictEqual(count, 2))
  return { repo, rows: [full, makeEndpoint(account.id)], checks } satisfies ScopedUpdates.RoundTrip<Webhook.Endpoint>
})

/** A stored endpoint and an update of every field of it (but its id and account). */
const givenUpdate = Effect.gen(function* () {
  const repo = yield* Webhook.EndpointRepo
  const { endpoint: row } = yield* givenEndpointOf
  const changed: Webhook.Endpoint = {
    ...row,
    url: "https://changed.example.com/hook",
    events: ["reward_granted", "winner_selected"],
    gameInstanceIds: ["gi_9"],
    channelIds: ["ch_8", "ch_9"],
    includeCouponCodes: true,
    status: "disabled",
    secret: "whsec_rotated",
    createdAt: at(123_456),
    updatedAt: at(5_000)
  }
  const hijack = { ...changed, url: "https://hijacked.example.com" }
  const cleared = { events: ["session_completed" as const], gameInstanceIds: [], channelIds: [] }
  return { repo, row, changed, hijack, cleared } satisfies ScopedUpdates.Update<Webhook.Endpoint>
})

/**
 * Four endpoints of an account (one disabled; two created at the same time) and one of another
 * account with a similar URL; `list` lists the account's with a query.
 */
const givenFourEndpoints = Effect.gen(function* () {
  const endpoints = yield* Webhook.EndpointRepo
  const [account, other] = yield* givenTwoAccounts
  const b = yield* givenEndpoint(account.id, { url: "https://b.example.com/Hook", createdAt: at(1) })
  const a = yield* givenEndpoint(account.id, { url: "https://a.example.com/100%_off", createdAt: at(2) })
  const c = yield* givenEndpoint(account.id, {
    url: "https://C.example.com/hook",
    createdAt: at(2),
    status: "disabled"
  })
  const z = yield* givenEndpoint(account.id, { url: "https://ä.example.com/x\\y", createdAt: at(3) })
  yield* givenEndpoint(other.id, { url: "https://b.example.com/hook" })
  const tied = [a, c].sort((x, y) => (x.id < y.id ? -1 : 1))
  const list = (query: Partial<Webhook.EndpointListQuery>, page = all) =>
    endpoints.list(account.id, endpointQuery(query), page)
  return { account, a, b, c, z, tied, list }
})

/** Registers the `EndpointRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<Webhook.EndpointRepo | Webhook.DeliveryRepo | Account.AccountRepo | Store.Store>
): void => {
  ScopedUpdates.roundTripTests(it, "endpoints", givenRoundTrip)

  it.effect("another account's endpoint is not found, counted or listed", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const { account, other, endpoint } = yield* givenEndpointOf
      assertNone(yield* endpoints.findById(other.id, endpoint.id), "another account's endpoint is not found")
      assert.strictEqual(yield* endpoints.count(other.id), 0)
      assertSame(yield* endpoints.list(other.id, endpointQuery(), all), { items: [], total: 0 })
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
    })
  )

  ScopedUpdates.keyTests(
    it,
    "an endpoint",
    Effect.gen(function* () {
      const { endpoint: row } = yield* givenEndpointOf
      const twin = { ...row, url: "https://twin.example.com" }
      return { repo: yield* Webhook.EndpointRepo, row, twin, orphan: makeEndpoint(uid("acc")) }
    })
  )

  ScopedUpdates.tests(it, "endpoint", "its filters", givenUpdate)

  it.effect("updating a missing endpoint creates none", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const { account } = yield* givenEndpointOf
      yield* endpoints.update(makeEndpoint(account.id))
      assert.strictEqual(yield* endpoints.count(account.id), 1, "updating a missing endpoint creates none")
    })
  )

  it.effect("endpoints sort by createdAt or URL either way, then by id", () =>
    Effect.gen(function* () {
      const { a, b, c, z, tied, list } = yield* givenFourEndpoints
      assertSame(yield* list({}), { items: [b, ...tied, z], total: 4 })
      assertSame(yield* list({ dir: "desc" }), { items: [z, ...[...tied].reverse(), b], total: 4 })
      assert.deepStrictEqual(ids((yield* list({ sort: "url" })).items), ids([c, a, b, z]), "by code point")
      assert.deepStrictEqual(ids((yield* list({ sort: "url", dir: "desc" })).items), ids([z, b, a, c]))
    })
  )

  it.effect("endpoints filter by status and search the URL literally, ASCII case-insensitive", () =>
    Effect.gen(function* () {
      const { a, b, c, z, list } = yield* givenFourEndpoints
      assert.deepStrictEqual(ids((yield* list({ status: "disabled" })).items), ids([c]))
      assert.deepStrictEqual(ids((yield* list({ status: "active" })).items), ids([b, a, z]))
      assert.deepStrictEqual(ids((yield* list({ search: "HOOK" })).items), ids([b, c]), "ASCII case-insensitive")
      assert.deepStrictEqual(ids((yield* list({ search: "%_" })).items), ids([a]), "% and _ are literal")
      assert.deepStrictEqual(ids((yield* list({ search: "x\\y" })).items), ids([z]), "\\ is literal")
      assert.deepStrictEqual(ids((yield* list({ search: "Ä" })).items), [], "only ASCII letters fold")
      assert.deepStrictEqual(ids((yield* list({ search: "hook", status: "active" })).items), ids([b]))
    })
  )

  it.effect("endpoints paginate with the total of the filter; count counts every endpoint", () =>
    Effect.gen(function* () {
      const { account, tied, list } = yield* givenFourEndpoints
      assertSame(yield* list({}, { limit: 2, offset: 1 }), { items: tied, total: 4 })
      assertSame(yield* list({}, { limit: 2, offset: 4 }), { items: [], total: 4 }, "total past the last page")
      assertSame(yield* list({ status: "disabled" }, { limit: 5, offset: 3 }), { items: [], total: 1 })
      assertSame(yield* list({ search: "nothing" }), { items: [], total: 0 })
      assert.strictEqual(
        yield* (yield* Webhook.EndpointRepo).count(account.id),
        4,
        "count counts disabled endpoints too"
      )
    })
  )

  it.effect("activeFor returns the account's active endpoints subscribed to the type, oldest first", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const [account, other] = yield* givenTwoAccounts
      const second = yield* givenEndpoint(account.id, {
        events: ["winner_selected", "reward_granted"],
        createdAt: at(2)
      })
      const first = yield* givenEndpoint(account.id, { events: ["reward_granted"], createdAt: at(1) })
      yield* givenEndpoint(account.id, { events: ["reward_granted"], status: "disabled" })
      yield* givenEndpoint(account.id, { events: ["session_completed"] })
      yield* givenEndpoint(other.id, { events: ["reward_granted"] })

      assertSame(yield* endpoints.activeFor(account.id, "reward_granted"), [first, second])
      assertSame(yield* endpoints.activeFor(account.id, "winner_selected"), [second])
      assertSame(yield* endpoints.activeFor(uid("acc"), "reward_granted"), [])
    })
  )

  it.effect("another account cannot delete an endpoint", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      const { account, other, endpoint } = yield* givenEndpointOf
      const [logged] = yield* givenDeliveries([makeDelivery(endpoint)])
      assert.isFalse(yield* endpoints.delete(other.id, endpoint.id), "another account cannot delete it")
      assertSome(yield* deliveries.findById(account.id, logged.id), logged)
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
    })
  )

  it.effect("deleting an endpoint deletes its delivery log, once", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      const account = yield* givenAccount()
      const gone = yield* givenEndpoint(account.id)
      const kept = yield* givenEndpoint(account.id)
      const [g1, g2, k1] = yield* givenDeliveries([makeDelivery(gone), makeDelivery(gone), makeDelivery(kept)])

      assert.isTrue(yield* endpoints.delete(account.id, gone.id))
      assert.isFalse(yield* endpoints.delete(account.id, gone.id))
      assert.isFalse(yield* endpoints.delete(account.id, uid("we")))
      assertNone(yield* endpoints.findById(account.id, gone.id))
      assertNone(yield* deliveries.findById(account.id, g1.id))
      assertNone(yield* deliveries.findById(account.id, g2.id))
      assertSame(yield* deliveries.list(account.id, deliveryQuery(), all), { items: [k1], total: 1 })
      assert.strictEqual(yield* endpoints.count(account.id), 1)
    })
  )

  it.effect("a delete in a failing transaction keeps the endpoint and its log", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      const { account, endpoint, exhausted } = yield* givenExhaustedDelivery
      yield* failedTransaction(endpoints.delete(account.id, endpoint.id))
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
      assertSome(yield* deliveries.findById(account.id, exhausted.id), exhausted, "the log is back too")
    })
  )
}
