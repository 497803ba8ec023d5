/**
 * The webhook store contract: one suite of tests, parameterised by a layer, that every adapter of
 * `EndpointRepo` and `DeliveryRepo` runs (`MemoryWebhookStore`, PGlite, PostgreSQL). It pins:
 *
 * - every field round-trips exactly (lists of event types and ids, the payload document, nullable
 *   times to the millisecond as `DateTime.Utc`);
 * - queries are scoped by account; lists sort (endpoints by `createdAt` or URL, deliveries by
 *   `createdAt` or status; ties by id in the same direction), filter by status, search (a literal,
 *   ASCII case-insensitive substring of the URL or the event type) and paginate with a `total`;
 * - ids are unique, an endpoint needs its account, a delivery an endpoint of its account, and
 *   `insertMany` stores all or none (`StoreError`); deleting an endpoint deletes its delivery log;
 *   a failing transaction keeps none of the webhook writes;
 * - `claimDue` returns only due (`pending` or `failed`, `nextRetryAt` ≤ now), unclaimed deliveries,
 *   earliest first, up to the limit, with their endpoint's URL, secret and coupon-code setting, and
 *   leases them: nobody claims them again before the lease passes, anybody after; `recordAttempt`
 *   and `resend` release the claim; concurrent claims claim each delivery exactly once;
 * - `resend` only resends a `failed` or `exhausted` delivery; `resendExhausted` the endpoint's
 *   exhausted deliveries created at or after a time.
 *
 * The tests share one store and use ids unique to each test. `claimDue` is not scoped by account,
 * so the tests that claim use times of their own, each earlier than the previous one's and far
 * before every other test's (deliveries left by an earlier test are never due for a later one), and
 * delete their endpoints when done; they only look at their own account's claims.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo } from "@campaign-games/core/accounts/Account"
import { Store } from "@campaign-games/core/Store"
import {
  afterAttempt,
  type Claimed,
  type Delivery,
  type DeliveryListQuery,
  DeliveryRepo,
  type Endpoint,
  type EndpointListQuery,
  EndpointRepo
} from "@campaign-games/core/webhooks/Webhook"
import { assert, layer, type Vitest } from "@effect/vitest"
import { DateTime, Effect, type Layer, Option, Schema } from "effect"
import { assertNone, assertSame, assertSome } from "./internal/Assertions.ts"
import { at, makeEndpoint, uid } from "./internal/Fixtures.ts"

/** The services an adapter under test provides. */
export type Services = Store | AccountRepo | EndpointRepo | DeliveryRepo

class Boom extends Schema.TaggedError<Boom>()("Boom", { message: Schema.String }) {}

const SECOND = 1_000
const DAY = 86_400_000

let window = Date.UTC(2001, 0, 1, 0, 0, 0, 321)
/**
 * The time of a claiming test, plus `ms`: each call gives a window 30 days before the previous one,
 * all long before `at`, so no other test's delivery is ever due in it.
 */
const claimWindow = (): ((ms: number) => DateTime.Utc) => {
  window -= 30 * DAY
  const base = window
  return (ms) => DateTime.makeUnsafe(base + ms)
}

const services = Effect.gen(function* () {
  return {
    store: yield* Store,
    accounts: yield* AccountRepo,
    endpoints: yield* EndpointRepo,
    deliveries: yield* DeliveryRepo
  }
})

const givenAccount = Effect.gen(function* () {
  const account: Account = {
    id: uid("acc"),
    name: "Webhooks",
    plan: "pro",
    featureOverrides: {},
    limitOverrides: {},
    createdAt: at(0),
    updatedAt: at(0)
  }
  yield* (yield* AccountRepo).insert(account)
  return account
})

const givenEndpoint = (accountId: string, fields: Partial<Endpoint> = {}) =>
  Effect.gen(function* () {
    const endpoint = makeEndpoint(accountId, fields)
    yield* (yield* EndpointRepo).insert(endpoint)
    return endpoint
  })

const makeDelivery = (endpoint: Endpoint, fields: Partial<Delivery> = {}): Delivery => {
  const eventId = uid("evt")
  return {
    id: uid("wd"),
    accountId: endpoint.accountId,
    endpointId: endpoint.id,
    eventId,
    eventType: "session_completed",
    payload: { type: "session_completed", createdAt: "2026-01-02T03:04:05.678Z", data: { eventId } },
    status: "pending",
    attemptCount: 0,
    lastAttemptedAt: null,
    nextRetryAt: null,
    responseStatus: null,
    note: null,
    createdAt: at(100),
    ...fields
  }
}

/** Deliveries already stored. */
const givenDeliveries = (deliveries: ReadonlyArray<Delivery>) =>
  Effect.as(
    DeliveryRepo.use((repo) => repo.insertMany(deliveries)),
    deliveries
  )

const endpointQuery = (fields: Partial<EndpointListQuery> = {}): EndpointListQuery => ({
  search: undefined,
  status: undefined,
  sort: "createdAt",
  dir: "asc",
  ...fields
})

const deliveryQuery = (fields: Partial<DeliveryListQuery> = {}): DeliveryListQuery => ({
  search: undefined,
  status: undefined,
  sort: "createdAt",
  dir: "desc",
  ...fields
})

const all = { limit: 100, offset: 0 }
const ids = (rows: ReadonlyArray<{ readonly id: string }>) => rows.map((row) => row.id)
/** The ids of the deliveries of `accountId` among `claimed`. */
const claimedIds = (claimed: ReadonlyArray<Claimed>, accountId: string) =>
  claimed.filter((c) => c.delivery.accountId === accountId).map((c) => c.delivery.id)

/** Runs a claiming test's body, then deletes its endpoints (and their logs) whatever happened. */
const cleaningUp = <A, E, R>(
  body: (track: (endpoint: Endpoint) => Endpoint) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R | EndpointRepo> => {
  const made: Array<Endpoint> = []
  return body((endpoint) => {
    made.push(endpoint)
    return endpoint
  }).pipe(
    Effect.ensuring(
      EndpointRepo.use((repo) =>
        Effect.forEach(made, (e) => Effect.ignore(repo.delete(e.accountId, e.id)), { discard: true })
      )
    )
  )
}

/**
 * Registers the webhook store contract tests under `name`, run against one build of `storeLayer`
 * shared by every test of the suite, on the live clock.
 */
export const suite = (name: string, storeLayer: Layer.Layer<Services, unknown>): void =>
  layer(storeLayer, { excludeTestServices: true, timeout: "120 seconds" })(name, tests)

/**
 * Registers the webhook store contract tests with `it`, for a file that shares its layer with tests
 * of its own. Run them on the live clock (`excludeTestServices`).
 */
export const tests = (it: Vitest.MethodsNonLive<Services>): void => {
  it.effect("endpoints round-trip every field, in their account only", () =>
    Effect.gen(function* () {
      const { endpoints } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
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
      const bare = makeEndpoint(account.id)
      yield* endpoints.insert(full)
      yield* endpoints.insert(bare)

      const found = yield* endpoints.findById(account.id, full.id)
      assertSome(found, full)
      if (Option.isSome(found)) {
        assert.isTrue(DateTime.isUtc(found.value.createdAt))
        assert.strictEqual(DateTime.toEpochMillis(found.value.createdAt), DateTime.toEpochMillis(full.createdAt))
      }
      assertSome(yield* endpoints.findById(account.id, bare.id), bare)
      assertNone(yield* endpoints.findById(other.id, full.id), "another account's endpoint is not found")
      assertNone(yield* endpoints.findById(account.id, uid("we")))
      assert.strictEqual(yield* endpoints.count(account.id), 2)
      assert.strictEqual(yield* endpoints.count(other.id), 0)
      assertSame(yield* endpoints.list(other.id, endpointQuery(), all), { items: [], total: 0 })
    })
  )

  it.effect("an endpoint id is unique and an endpoint needs its account", () =>
    Effect.gen(function* () {
      const { endpoints } = yield* services
      const account = yield* givenAccount
      const endpoint = yield* givenEndpoint(account.id)
      const twin = yield* Effect.flip(endpoints.insert({ ...endpoint, url: "https://twin.example.com" }))
      assert.strictEqual(twin._tag, "StoreError")
      const orphan = makeEndpoint(uid("acc"))
      const noAccount = yield* Effect.flip(endpoints.insert(orphan))
      assert.strictEqual(noAccount._tag, "StoreError")
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
      assertNone(yield* endpoints.findById(orphan.accountId, orphan.id))
    })
  )

  it.effect("endpoint updates change every field but createdAt, only in the endpoint's account", () =>
    Effect.gen(function* () {
      const { endpoints } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
      const endpoint = yield* givenEndpoint(account.id)
      const changed: Endpoint = {
        ...endpoint,
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
      yield* endpoints.update({ ...changed, accountId: other.id, url: "https://hijacked.example.com" })
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint, "another account cannot change it")
      assertNone(yield* endpoints.findById(other.id, endpoint.id))

      yield* endpoints.update(changed)
      assertSome(yield* endpoints.findById(account.id, endpoint.id), { ...changed, createdAt: endpoint.createdAt })
      yield* endpoints.update({ ...changed, events: ["session_completed"], gameInstanceIds: [], channelIds: [] })
      assertSome(yield* endpoints.findById(account.id, endpoint.id), {
        ...changed,
        events: ["session_completed"],
        gameInstanceIds: [],
        channelIds: [],
        createdAt: endpoint.createdAt
      })
      yield* endpoints.update(makeEndpoint(account.id))
      assert.strictEqual(yield* endpoints.count(account.id), 1, "updating a missing endpoint creates none")
    })
  )

  it.effect("endpoints sort by createdAt or URL either way (then id), filter, search and paginate", () =>
    Effect.gen(function* () {
      const { endpoints } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
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

      const list = (query: Partial<EndpointListQuery>, page = all) =>
        endpoints.list(account.id, endpointQuery(query), page)

      assertSame(yield* list({}), { items: [b, ...tied, z], total: 4 })
      assertSame(yield* list({ dir: "desc" }), { items: [z, ...[...tied].reverse(), b], total: 4 })
      assert.deepStrictEqual(ids((yield* list({ sort: "url" })).items), ids([c, a, b, z]), "by code point")
      assert.deepStrictEqual(ids((yield* list({ sort: "url", dir: "desc" })).items), ids([z, b, a, c]))

      assert.deepStrictEqual(ids((yield* list({ status: "disabled" })).items), ids([c]))
      assert.deepStrictEqual(ids((yield* list({ status: "active" })).items), ids([b, a, z]))
      assert.deepStrictEqual(ids((yield* list({ search: "HOOK" })).items), ids([b, c]), "ASCII case-insensitive")
      assert.deepStrictEqual(ids((yield* list({ search: "%_" })).items), ids([a]), "% and _ are literal")
      assert.deepStrictEqual(ids((yield* list({ search: "x\\y" })).items), ids([z]), "\\ is literal")
      assert.deepStrictEqual(ids((yield* list({ search: "Ä" })).items), [], "only ASCII letters fold")
      assert.deepStrictEqual(ids((yield* list({ search: "hook", status: "active" })).items), ids([b]))

      assertSame(yield* list({}, { limit: 2, offset: 1 }), { items: tied, total: 4 })
      assertSame(yield* list({}, { limit: 2, offset: 4 }), { items: [], total: 4 }, "total past the last page")
      assertSame(yield* list({ status: "disabled" }, { limit: 5, offset: 3 }), { items: [], total: 1 })
      assertSame(yield* list({ search: "nothing" }), { items: [], total: 0 })
      assert.strictEqual(yield* endpoints.count(account.id), 4, "count counts disabled endpoints too")
    })
  )

  it.effect("activeFor returns the account's active endpoints subscribed to the type, oldest first", () =>
    Effect.gen(function* () {
      const { endpoints } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
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

  it.effect("deliveries round-trip every field, in their account only", () =>
    Effect.gen(function* () {
      const { deliveries } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
      const endpoint = yield* givenEndpoint(account.id)
      const full = makeDelivery(endpoint, {
        eventType: "reward_granted",
        payload: {
          type: "reward_granted",
          createdAt: "2026-01-02T03:04:05.678Z",
          data: {
            grantId: "gr_1",
            coupon: { label: "« -10 % » ☀️", expiresAt: "2026-02-01T00:00:00.001Z" },
            score: null,
            tags: ["a", 2, true, null, { nested: 'q"uote' }],
            big: 1_000_000_000_000,
            ratio: 0.125
          }
        },
        status: "failed",
        attemptCount: 3,
        lastAttemptedAt: at(-1),
        nextRetryAt: at(20 * SECOND + 1),
        responseStatus: 503,
        note: "answered 503 « retry »",
        createdAt: at(-400 * DAY + 7)
      })
      const bare = makeDelivery(endpoint)
      yield* deliveries.insertMany([full, bare])
      yield* deliveries.insertMany([])

      const found = yield* deliveries.findById(account.id, full.id)
      assertSome(found, full)
      if (Option.isSome(found)) {
        assert.isTrue(DateTime.isUtc(found.value.lastAttemptedAt!))
        assert.strictEqual(DateTime.toEpochMillis(found.value.nextRetryAt!), DateTime.toEpochMillis(full.nextRetryAt!))
      }
      assertSome(yield* deliveries.findById(account.id, bare.id), bare)
      assertNone(yield* deliveries.findById(other.id, full.id), "another account's delivery is not found")
      assertNone(yield* deliveries.findById(account.id, uid("wd")))
      assertSame(yield* deliveries.list(other.id, deliveryQuery(), all), { items: [], total: 0 })
    })
  )

  it.effect("insertMany stores all or none: ids are unique, a delivery needs an endpoint of its account", () =>
    Effect.gen(function* () {
      const { deliveries } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
      const endpoint = yield* givenEndpoint(account.id)
      const foreign = yield* givenEndpoint(other.id)
      const [stored] = yield* givenDeliveries([makeDelivery(endpoint)])

      const batches: ReadonlyArray<ReadonlyArray<Delivery>> = [
        [makeDelivery(endpoint), makeDelivery(endpoint, { id: stored.id })],
        [makeDelivery(endpoint), makeDelivery(endpoint, { endpointId: uid("we") })],
        [makeDelivery(endpoint), makeDelivery(foreign, { accountId: account.id })],
        [makeDelivery(endpoint), makeDelivery(endpoint, { accountId: other.id })]
      ]
      for (const batch of batches) {
        const error = yield* Effect.flip(deliveries.insertMany(batch))
        assert.strictEqual(error._tag, "StoreError")
        assertNone(yield* deliveries.findById(account.id, batch[0].id), "nothing of a failed batch is stored")
      }
      const twice = makeDelivery(endpoint)
      const error = yield* Effect.flip(deliveries.insertMany([twice, twice]))
      assert.strictEqual(error._tag, "StoreError", "an id twice in one batch")
      assertNone(yield* deliveries.findById(account.id, twice.id))
      assert.strictEqual((yield* deliveries.list(account.id, deliveryQuery(), all)).total, 1)
      assert.strictEqual((yield* deliveries.list(other.id, deliveryQuery(), all)).total, 0)
    })
  )

  it.effect("deliveries are listed newest first, sorted by createdAt or status, filtered, searched, paginated", () =>
    Effect.gen(function* () {
      const { deliveries } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
      const one = yield* givenEndpoint(account.id)
      const two = yield* givenEndpoint(account.id)
      const [s1, f2, p3, e4, s4] = yield* givenDeliveries([
        makeDelivery(one, { status: "success", createdAt: at(1) }),
        makeDelivery(two, {
          status: "failed",
          eventType: "winner_selected",
          createdAt: at(2),
          payload: { type: "winner_selected", createdAt: "x", data: {} }
        }),
        makeDelivery(one, { status: "pending", eventType: "reward_granted", createdAt: at(3) }),
        makeDelivery(two, { status: "exhausted", createdAt: at(4) }),
        makeDelivery(one, { status: "success", eventType: "reward_granted", createdAt: at(4) })
      ])
      yield* givenDeliveries([makeDelivery(yield* givenEndpoint(other.id), { createdAt: at(5) })])
      const tied = [e4, s4].sort((x, y) => (x.id < y.id ? -1 : 1))

      const list = (query: Partial<DeliveryListQuery>, page = all) =>
        deliveries.list(account.id, deliveryQuery(query), page)

      assertSame(yield* list({}), { items: [...[...tied].reverse(), p3, f2, s1], total: 5 }, "newest first")
      assert.deepStrictEqual(ids((yield* list({ dir: "asc" })).items), ids([s1, f2, p3, ...tied]))
      assert.deepStrictEqual(
        ids((yield* list({ sort: "status", dir: "asc" })).items),
        ids([e4, f2, p3, s1, s4]),
        "by status, then oldest first"
      )
      assert.deepStrictEqual(
        ids((yield* list({ sort: "status", dir: "desc" })).items),
        ids([s4, s1, p3, f2, e4]),
        "by status descending, then newest first"
      )
      assert.deepStrictEqual(ids((yield* list({ status: "success" })).items), ids([s4, s1]))
      assert.deepStrictEqual(ids((yield* list({ search: "REWARD" })).items), ids([s4, p3]))
      assert.deepStrictEqual(ids((yield* list({ search: "_sel" })).items), ids([f2]))
      assert.deepStrictEqual(ids((yield* list({ search: "%" })).items), [], "% is literal")
      assert.deepStrictEqual(ids((yield* list({ search: "reward", status: "pending" })).items), ids([p3]))

      assertSame(yield* list({}, { limit: 2, offset: 2 }), { items: [p3, f2], total: 5 })
      assertSame(yield* list({}, { limit: 2, offset: 6 }), { items: [], total: 5 }, "total past the last page")
      assertSame(yield* list({ status: "failed" }, { limit: 2, offset: 1 }), { items: [], total: 1 })
    })
  )

  it.effect("deleting an endpoint deletes its delivery log, once, in its account only", () =>
    Effect.gen(function* () {
      const { endpoints, deliveries } = yield* services
      const account = yield* givenAccount
      const other = yield* givenAccount
      const gone = yield* givenEndpoint(account.id)
      const kept = yield* givenEndpoint(account.id)
      const [g1, g2, k1] = yield* givenDeliveries([makeDelivery(gone), makeDelivery(gone), makeDelivery(kept)])

      assert.isFalse(yield* endpoints.delete(other.id, gone.id), "another account cannot delete it")
      assertSome(yield* deliveries.findById(account.id, g1.id), g1)

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

  it.effect("a failing transaction keeps none of its endpoint or delivery writes", () =>
    Effect.gen(function* () {
      const { store, endpoints, deliveries } = yield* services
      const account = yield* givenAccount
      const endpoint = yield* givenEndpoint(account.id)
      const [exhausted] = yield* givenDeliveries([makeDelivery(endpoint, { status: "exhausted", nextRetryAt: null })])
      const added = makeEndpoint(account.id)
      const logged = makeDelivery(endpoint)

      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            yield* endpoints.insert(added)
            yield* endpoints.update({ ...endpoint, status: "disabled", updatedAt: at(50) })
            yield* deliveries.insertMany([logged, makeDelivery(added)])
            assert.isTrue(yield* deliveries.resend(account.id, exhausted.id, at(60)))
            return yield* new Boom({ message: "rolled back" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom")
      assertNone(yield* endpoints.findById(account.id, added.id))
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
      assertNone(yield* deliveries.findById(account.id, logged.id))
      assertSome(yield* deliveries.findById(account.id, exhausted.id), exhausted)

      const deleted = yield* Effect.flip(
        store.transaction(
          Effect.andThen(endpoints.delete(account.id, endpoint.id), new Boom({ message: "rolled back" }))
        )
      )
      assert.strictEqual(deleted._tag, "Boom")
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
      assertSome(yield* deliveries.findById(account.id, exhausted.id), exhausted, "the log is back too")
    })
  )

  it.effect("claimDue claims due, unclaimed deliveries with their endpoint, until the lease passes", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const endpoint = track(
          yield* givenEndpoint(account.id, {
            url: "https://claims.example.com/in",
            secret: "whsec_claims",
            includeCouponCodes: true
          })
        )
        const now = t(60 * SECOND)
        const lease = t(90 * SECOND)
        const [pending, failed, atNow] = yield* givenDeliveries([
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) }),
          makeDelivery(endpoint, {
            status: "failed",
            attemptCount: 2,
            lastAttemptedAt: t(5 * SECOND),
            nextRetryAt: t(15 * SECOND),
            responseStatus: 500,
            note: "answered 500",
            createdAt: t(0)
          }),
          makeDelivery(endpoint, { nextRetryAt: now, createdAt: t(1) })
        ])
        const [later] = yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(60 * SECOND + 1) })])
        yield* givenDeliveries([
          makeDelivery(endpoint, { status: "success", attemptCount: 1, nextRetryAt: null }),
          makeDelivery(endpoint, { status: "exhausted", attemptCount: 5, nextRetryAt: null }),
          makeDelivery(endpoint, { status: "success", nextRetryAt: t(0) }),
          makeDelivery(endpoint, { status: "exhausted", nextRetryAt: t(0) }),
          makeDelivery(endpoint, { status: "pending", nextRetryAt: null })
        ])

        const claimed = (yield* deliveries.claimDue(now, lease, 100)).filter((c) => c.delivery.accountId === account.id)
        assertSame(
          claimed,
          [pending, failed, atNow].map((delivery) => ({
            delivery,
            url: endpoint.url,
            secret: endpoint.secret,
            includeCouponCodes: true
          })),
          "the due deliveries, earliest first, with what sending needs from their endpoint"
        )
        assertSome(yield* deliveries.findById(account.id, failed.id), failed, "claiming changes no field")

        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(now, t(200 * SECOND), 100), account.id), [])
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(t(90 * SECOND - 1), t(200 * SECOND), 100), account.id),
          [later.id],
          "only the delivery that came due meanwhile"
        )
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(lease, t(200 * SECOND), 100), account.id),
          [],
          "a lease runs until its end"
        )
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(t(90 * SECOND + 1), t(200 * SECOND), 100), account.id),
          ids([pending, failed, atNow]),
          "a passed lease is no claim: the deliveries are due again"
        )
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(t(100 * SECOND), t(300 * SECOND), 100), account.id),
          []
        )
      })
    )
  )

  it.effect("claimDue takes the earliest due deliveries first, up to the limit", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const one = track(yield* givenEndpoint(account.id))
        const two = track(yield* givenEndpoint(account.id))
        const made = yield* givenDeliveries(
          [4, 0, 3, 1, 2].map((i) => makeDelivery(i % 2 === 0 ? one : two, { nextRetryAt: t(i * SECOND) }))
        )
        const byDue = [made[1], made[3], made[4], made[2], made[0]]
        const now = t(10 * SECOND)
        const lease = t(40 * SECOND)

        const first = yield* deliveries.claimDue(now, lease, 2)
        assert.deepStrictEqual(claimedIds(first, account.id), ids(byDue.slice(0, 2)))
        assert.deepStrictEqual(
          first.filter((c) => c.delivery.accountId === account.id).map((c) => c.url),
          [one.url, two.url]
        )
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(now, lease, 2), account.id),
          ids(byDue.slice(2, 4))
        )
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(now, lease, 2), account.id), ids(byDue.slice(4)))
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(now, lease, 2), account.id), [])
      })
    )
  )

  it.effect("recordAttempt stores the try and releases the claim", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const endpoint = track(yield* givenEndpoint(account.id))
        const [delivery, other] = yield* givenDeliveries([
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) }),
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })
        ])
        const lease = t(60 * SECOND)
        const claimed = (yield* deliveries.claimDue(t(0), lease, 10)).filter((c) => c.delivery.accountId === account.id)
        assert.strictEqual(claimed.length, 2)

        const failed = afterAttempt(delivery, { _tag: "Answered", status: 503 }, t(1 * SECOND + 1))
        assert.strictEqual(failed.status, "failed")
        yield* deliveries.recordAttempt({ ...failed, payload: { ...failed.payload, data: { changed: true } } })
        assertSome(yield* deliveries.findById(account.id, delivery.id), failed, "only the attempt's fields change")

        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(t(5 * SECOND), lease, 10), account.id), [])
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(t(6 * SECOND + 1), lease, 10), account.id),
          [delivery.id],
          "released: due again at its next retry, before the lease ends"
        )

        const succeeded = afterAttempt(failed, { _tag: "Answered", status: 204 }, t(7 * SECOND))
        yield* deliveries.recordAttempt(succeeded)
        assertSome(yield* deliveries.findById(account.id, delivery.id), succeeded)
        const exhausted = afterAttempt(other, { _tag: "Answered", status: 410 }, t(7 * SECOND))
        assert.strictEqual(exhausted.status, "exhausted")
        yield* deliveries.recordAttempt(exhausted)
        assertSome(yield* deliveries.findById(account.id, other.id), exhausted)
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(t(DAY), t(DAY + 1), 10), account.id), [])

        yield* deliveries.recordAttempt({ ...succeeded, accountId: uid("acc"), status: "failed" })
        assertSome(yield* deliveries.findById(account.id, delivery.id), succeeded, "scoped by account")
      })
    )
  )

  it.effect("claimDue leaves out excluded endpoints; release frees unused claims of that lease only", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const busy = track(yield* givenEndpoint(account.id))
        const free = track(yield* givenEndpoint(account.id))
        const [a, b, c] = yield* givenDeliveries([
          makeDelivery(busy, { nextRetryAt: t(0) }),
          makeDelivery(free, { nextRetryAt: t(1) }),
          makeDelivery(free, { nextRetryAt: t(2) })
        ])
        const lease = t(60 * SECOND)
        const claimed = yield* deliveries.claimDue(t(SECOND), lease, 10, [busy.id])
        assert.deepStrictEqual(claimedIds(claimed, account.id), ids([b, c]))
        // Another lease's release does nothing; this lease's release makes them claimable again.
        yield* deliveries.release(ids([b, c]), t(61 * SECOND))
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(t(SECOND), lease, 10, [busy.id]), account.id), [])
        yield* deliveries.release(ids([b]), lease)
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(t(SECOND), t(70 * SECOND), 10), account.id),
          ids([a, b])
        )
      })
    )
  )

  it.effect("recordAttempt with a lease writes only while that lease is the delivery's (fencing)", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const endpoint = track(yield* givenEndpoint(account.id))
        const [delivery] = yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })])
        const oldLease = t(60 * SECOND)
        assert.strictEqual(claimedIds(yield* deliveries.claimDue(t(0), oldLease, 10), account.id).length, 1)
        // The first claimer is slow: its lease passes and another claimer takes the delivery over.
        const newLease = t(200 * SECOND)
        assert.strictEqual(claimedIds(yield* deliveries.claimDue(t(61 * SECOND), newLease, 10), account.id).length, 1)
        const late = afterAttempt(delivery!, { _tag: "Answered", status: 503 }, t(70 * SECOND))
        assert.isFalse(yield* deliveries.recordAttempt(late, oldLease), "the old claimer cannot write")
        const current = afterAttempt(delivery!, { _tag: "Answered", status: 200 }, t(71 * SECOND))
        assert.isTrue(yield* deliveries.recordAttempt(current, newLease))
        assertSome(yield* deliveries.findById(account.id, delivery!.id), current)
        assert.isFalse(yield* deliveries.recordAttempt(late, newLease), "a released claim is no claim")
      })
    )
  )

  it.effect("resend makes a failed or exhausted delivery pending again, in its account only", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const other = yield* givenAccount
        const endpoint = track(yield* givenEndpoint(account.id))
        const tried = { attemptCount: 5, lastAttemptedAt: t(1), responseStatus: 500, note: "answered 500" }
        const [pending, success, failed, exhausted] = yield* givenDeliveries([
          makeDelivery(endpoint, { status: "pending", nextRetryAt: t(DAY) }),
          makeDelivery(endpoint, { ...tried, status: "success", responseStatus: 200, note: null }),
          makeDelivery(endpoint, { ...tried, attemptCount: 2, status: "failed", nextRetryAt: t(10 * SECOND) }),
          makeDelivery(endpoint, { ...tried, status: "exhausted" })
        ])

        assert.isFalse(yield* deliveries.resend(account.id, pending.id, t(2)))
        assert.isFalse(yield* deliveries.resend(account.id, success.id, t(2)))
        assert.isFalse(yield* deliveries.resend(other.id, exhausted.id, t(2)), "another account cannot resend it")
        assert.isFalse(yield* deliveries.resend(account.id, uid("wd"), t(2)))
        assertSome(yield* deliveries.findById(account.id, pending.id), pending)
        assertSome(yield* deliveries.findById(account.id, success.id), success)
        assertSome(yield* deliveries.findById(account.id, exhausted.id), exhausted)

        // Claimed, its lease running: a resend releases the claim.
        const lease = t(DAY)
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(t(10 * SECOND), lease, 10), account.id), [
          failed.id
        ])
        const now = t(20 * SECOND)
        assert.isTrue(yield* deliveries.resend(account.id, failed.id, now))
        assert.isTrue(yield* deliveries.resend(account.id, exhausted.id, now))
        const again = { status: "pending", attemptCount: 0, nextRetryAt: now } as const
        assertSome(yield* deliveries.findById(account.id, failed.id), { ...failed, ...again }, "the last try is kept")
        assertSome(yield* deliveries.findById(account.id, exhausted.id), { ...exhausted, ...again })
        assert.isFalse(yield* deliveries.resend(account.id, failed.id, now), "a pending delivery is not resent")

        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(now, t(DAY + 1), 10), account.id),
          ids([failed, exhausted].sort((a, b) => (a.id < b.id ? -1 : 1))),
          "due at once, claimable before the old lease ends"
        )
      })
    )
  )

  it.effect("resendExhausted resends the endpoint's exhausted deliveries created since a time", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const other = yield* givenAccount
        const endpoint = track(yield* givenEndpoint(account.id))
        const sibling = track(yield* givenEndpoint(account.id))
        const since = t(1_000)
        const exhausted = { status: "exhausted", attemptCount: 5, lastAttemptedAt: t(1), note: "timed out" } as const
        const [before, atSince, after, failed, pending, elsewhere] = yield* givenDeliveries([
          makeDelivery(endpoint, { ...exhausted, createdAt: t(999) }),
          makeDelivery(endpoint, { ...exhausted, createdAt: since }),
          makeDelivery(endpoint, { ...exhausted, createdAt: t(5_000) }),
          makeDelivery(endpoint, { status: "failed", attemptCount: 1, nextRetryAt: t(DAY), createdAt: t(5_000) }),
          makeDelivery(endpoint, { status: "pending", nextRetryAt: t(DAY), createdAt: t(5_000) }),
          makeDelivery(sibling, { ...exhausted, createdAt: t(5_000) })
        ])
        const now = t(10_000)

        assert.strictEqual(yield* deliveries.resendExhausted(other.id, endpoint.id, since, now), 0)
        assert.strictEqual(yield* deliveries.resendExhausted(account.id, uid("we"), since, now), 0)
        assert.strictEqual(yield* deliveries.resendExhausted(account.id, endpoint.id, since, now), 2)
        const again = { status: "pending", attemptCount: 0, nextRetryAt: now } as const
        assertSome(yield* deliveries.findById(account.id, atSince.id), { ...atSince, ...again })
        assertSome(yield* deliveries.findById(account.id, after.id), { ...after, ...again })
        for (const unchanged of [before, failed, pending, elsewhere]) {
          assertSome(yield* deliveries.findById(account.id, unchanged.id), unchanged)
        }
        assert.strictEqual(yield* deliveries.resendExhausted(account.id, endpoint.id, since, now), 0, "done once")
        assert.deepStrictEqual(
          claimedIds(yield* deliveries.claimDue(now, t(20_000), 10), account.id).sort(),
          ids([atSince, after]).sort()
        )
      })
    )
  )

  it.effect("10 concurrent claims of 50 claim each of 300 due deliveries exactly once", () =>
    cleaningUp((track) =>
      Effect.gen(function* () {
        const { deliveries } = yield* services
        const t = claimWindow()
        const account = yield* givenAccount
        const endpoints = [
          track(yield* givenEndpoint(account.id)),
          track(yield* givenEndpoint(account.id)),
          track(yield* givenEndpoint(account.id))
        ]
        const made = yield* givenDeliveries(
          Array.from({ length: 300 }, (_, i) =>
            makeDelivery(endpoints[i % 3], {
              status: i % 4 === 0 ? "failed" : "pending",
              nextRetryAt: t((i % 17) * SECOND),
              createdAt: t(0)
            })
          )
        )
        const now = t(60 * SECOND)
        const claims = yield* Effect.forEach(
          Array.from({ length: 10 }, () => now),
          (time) => deliveries.claimDue(time, t(120 * SECOND), 50),
          { concurrency: "unbounded" }
        )
        const claimed = claims.flatMap((batch) => claimedIds(batch, account.id))
        for (const batch of claims) assert.isAtMost(batch.length, 50)
        assert.strictEqual(new Set(claimed).size, claimed.length, "no delivery is claimed twice")
        assert.deepStrictEqual([...claimed].sort(), ids(made).sort(), "every due delivery is claimed")
        assert.deepStrictEqual(claimedIds(yield* deliveries.claimDue(now, t(120 * SECOND), 50), account.id), [])
      })
    )
  )
}
