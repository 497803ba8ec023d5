/**
 * The contract of `DeliveryRepo`: every field round-trips exactly (the payload document, nullable
 * times to the millisecond as `DateTime.Utc`), in the delivery's account only; ids are unique, a
 * delivery needs an endpoint of its account and `insertMany` stores all or none (`StoreError`);
 * lists sort by `createdAt` or status either way (ties by `createdAt`, then id), filter by status,
 * search the event type and paginate with a `total`; a failing transaction keeps none of the
 * webhook writes. Claims: `claimDue` returns only due (`pending` or `failed`, `nextRetryAt` ≤ now),
 * unclaimed deliveries of active endpoints, earliest first, up to the limit, leaving out excluded
 * endpoints, with their endpoint's coupon-code setting and `updatedAt`, and leases them: nobody
 * claims them again before the lease passes, anybody after; `targets` gives endpoints' URLs and
 * secrets, of any account; `release`, `recordAttempts` and `resend` release a claim;
 * `recordAttempts` writes only the attempt's fields of many deliveries at once, each only while its
 * own lease is the delivery's (fencing) and in its own account, and answers which it wrote;
 * concurrent claims claim each delivery exactly once; `resend` only resends a `failed` or
 * `exhausted` delivery, `resendExhausted` an endpoint's exhausted deliveries since a time; inserting
 * deliveries and resending them notify the listeners of `DeliveryNotices`.
 *
 * `claimDue` is not scoped by account, so the tests that claim use times of their own, each earlier
 * than the previous one's and far before every other test's (deliveries left by an earlier test are
 * never due for a later one), and delete their endpoints when done; they only look at their own
 * account's claims.
 *
 * @since 0.1.0
 */
import { type Account, type Store, Webhook } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option, Queue } from "effect"
import { assertFails, assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { all, at, DAY, deliveryQuery, ids, makeDelivery, makeEndpoint, SECOND, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount, givenDeliveries, givenEndpoint, givenTwoAccounts } from "../internal/Given.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

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

/** The ids of the deliveries of `accountId` among `claimed`. */
const claimedIds = (claimed: ReadonlyArray<Webhook.Claimed>, accountId: string) =>
  claimed.filter((c) => c.delivery.accountId === accountId).map((c) => c.delivery.id)

/**
 * Runs a claiming test's body with a claim window of its own and an account, then deletes the
 * endpoints it made with `endpoint` (and their logs) whatever happened.
 */
const claiming = <A, E, R>(
  body: (given: {
    readonly deliveries: Webhook.DeliveryRepo["Service"]
    readonly t: (ms: number) => DateTime.Utc
    readonly accountId: string
    readonly endpoint: (
      fields?: Partial<Webhook.Endpoint>
    ) => Effect.Effect<Webhook.Endpoint, unknown, Webhook.EndpointRepo>
    /** The ids of the account's deliveries that `claimDue` claims now. */
    readonly claim: (
      now: DateTime.Utc,
      leaseUntil: DateTime.Utc,
      limit: number,
      exclude?: ReadonlyArray<string>
    ) => Effect.Effect<Array<string>, unknown, Webhook.DeliveryRepo>
  }) => Effect.Effect<A, E, R>
): Effect.Effect<A, unknown, R | Account.AccountRepo | Webhook.EndpointRepo | Webhook.DeliveryRepo> => {
  const made: Array<Webhook.Endpoint> = []
  return Effect.gen(function* () {
    const account = yield* givenAccount()
    return yield* body({
      deliveries: yield* Webhook.DeliveryRepo,
      t: claimWindow(),
      accountId: account.id,
      endpoint: (fields) =>
        Effect.tap(givenEndpoint(account.id, fields), (endpoint) => Effect.sync(() => made.push(endpoint))),
      claim: (now, leaseUntil, limit, exclude) =>
        Webhook.DeliveryRepo.use((repo) =>
          Effect.map(repo.claimDue(now, leaseUntil, limit, exclude), (claimed) => claimedIds(claimed, account.id))
        )
    })
  }).pipe(
    Effect.ensuring(
      Webhook.EndpointRepo.use((repo) =>
        Effect.forEach(made, (e) => Effect.ignore(repo.delete(e.accountId, e.id)), { discard: true })
      )
    )
  )
}

/**
 * Five deliveries of an account to two endpoints, of every status (two created at the same time),
 * and one of another account; `list` lists the account's with a query.
 */
const givenFiveDeliveries = Effect.gen(function* () {
  const deliveries = yield* Webhook.DeliveryRepo
  const [account, other] = yield* givenTwoAccounts
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
  const list = (query: Partial<Webhook.DeliveryListQuery>, page = all) =>
    deliveries.list(account.id, deliveryQuery(query), page)
  return { s1, f2, p3, e4, s4, tied, list }
})

/** An account with an endpoint and one delivery stored, and another account with an endpoint. */
const givenBatchTargets = Effect.gen(function* () {
  const [account, other] = yield* givenTwoAccounts
  const endpoint = yield* givenEndpoint(account.id)
  const foreign = yield* givenEndpoint(other.id)
  const [stored] = yield* givenDeliveries([makeDelivery(endpoint)])
  return { account, other, endpoint, foreign, stored }
})

/** Batches of which one delivery breaks a constraint. */
const brokenBatches: ReadonlyArray<{
  readonly why: string
  readonly batch: (given: Effect.Success<typeof givenBatchTargets>) => ReadonlyArray<Webhook.Delivery>
}> = [
  {
    why: "an id already stored",
    batch: ({ endpoint, stored }) => [makeDelivery(endpoint), makeDelivery(endpoint, { id: stored.id })]
  },
  {
    why: "an unknown endpoint",
    batch: ({ endpoint }) => [makeDelivery(endpoint), makeDelivery(endpoint, { endpointId: uid("we") })]
  },
  {
    why: "another account's endpoint",
    batch: ({ account, endpoint, foreign }) => [
      makeDelivery(endpoint),
      makeDelivery(foreign, { accountId: account.id })
    ]
  },
  {
    why: "an endpoint of another account than the delivery's",
    batch: ({ endpoint, other }) => [makeDelivery(endpoint), makeDelivery(endpoint, { accountId: other.id })]
  }
]

/**
 * An account with an endpoint and an exhausted delivery to it (a log a resend could bring back),
 * stored; for other suites too (an endpoint's deletion).
 */
export const givenExhaustedDelivery = Effect.gen(function* () {
  const account = yield* givenAccount()
  const endpoint = yield* givenEndpoint(account.id)
  const [exhausted] = yield* givenDeliveries([makeDelivery(endpoint, { status: "exhausted", nextRetryAt: null })])
  return { account, endpoint, exhausted }
})

/** Registers the `DeliveryRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    Webhook.DeliveryRepo | Webhook.DeliveryNotices | Webhook.EndpointRepo | Account.AccountRepo | Store.Store
  >
): void => {
  it.effect("deliveries round-trip every field", () =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const account = yield* givenAccount()
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
      assertNone(yield* deliveries.findById(account.id, uid("wd")))
    })
  )

  it.effect("another account's delivery is not found or listed", () =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const { account, other, stored } = yield* givenBatchTargets
      assertNone(yield* deliveries.findById(other.id, stored.id), "another account's delivery is not found")
      assertSame(yield* deliveries.list(other.id, deliveryQuery(), all), { items: [], total: 0 })
      assertSome(yield* deliveries.findById(account.id, stored.id), stored)
    })
  )

  it.effect.each(brokenBatches)("insertMany stores none of a batch with $why", ({ batch }) =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const given = yield* givenBatchTargets
      const broken = batch(given)
      yield* assertFails(deliveries.insertMany(broken), "StoreError")
      assertNone(yield* deliveries.findById(given.account.id, broken[0]!.id), "nothing of a failed batch is stored")
      assert.strictEqual((yield* deliveries.list(given.account.id, deliveryQuery(), all)).total, 1)
      assert.strictEqual((yield* deliveries.list(given.other.id, deliveryQuery(), all)).total, 0)
    })
  )

  it.effect("insertMany refuses an id twice in one batch", () =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const { account, endpoint } = yield* givenBatchTargets
      const twice = makeDelivery(endpoint)
      yield* assertFails(deliveries.insertMany([twice, twice]), "StoreError", "an id twice in one batch")
      assertNone(yield* deliveries.findById(account.id, twice.id))
      assert.strictEqual((yield* deliveries.list(account.id, deliveryQuery(), all)).total, 1)
    })
  )

  it.effect("deliveries are listed newest first, or sorted by status, then by createdAt and id", () =>
    Effect.gen(function* () {
      const { s1, f2, p3, e4, s4, tied, list } = yield* givenFiveDeliveries
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
    })
  )

  it.effect("deliveries filter by status and search the event type literally", () =>
    Effect.gen(function* () {
      const { s1, f2, p3, s4, list } = yield* givenFiveDeliveries
      assert.deepStrictEqual(ids((yield* list({ status: "success" })).items), ids([s4, s1]))
      assert.deepStrictEqual(ids((yield* list({ search: "REWARD" })).items), ids([s4, p3]))
      assert.deepStrictEqual(ids((yield* list({ search: "_sel" })).items), ids([f2]))
      assert.deepStrictEqual(ids((yield* list({ search: "%" })).items), [], "% is literal")
      assert.deepStrictEqual(ids((yield* list({ search: "reward", status: "pending" })).items), ids([p3]))
    })
  )

  it.effect("deliveries paginate with the total of the filter", () =>
    Effect.gen(function* () {
      const { f2, p3, list } = yield* givenFiveDeliveries
      assertSame(yield* list({}, { limit: 2, offset: 2 }), { items: [p3, f2], total: 5 })
      assertSame(yield* list({}, { limit: 2, offset: 6 }), { items: [], total: 5 }, "total past the last page")
      assertSame(yield* list({ status: "failed" }, { limit: 2, offset: 1 }), { items: [], total: 1 })
    })
  )

  it.effect("a failing transaction keeps none of its endpoint or delivery writes", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      const { account, endpoint, exhausted } = yield* givenExhaustedDelivery
      const added = makeEndpoint(account.id)
      const logged = makeDelivery(endpoint)

      yield* failedTransaction(
        Effect.gen(function* () {
          yield* endpoints.insert(added)
          yield* endpoints.update({ ...endpoint, status: "disabled", updatedAt: at(50) })
          yield* deliveries.insertMany([logged, makeDelivery(added)])
          assert.isTrue(yield* deliveries.resend(account.id, exhausted.id, at(60)))
        })
      )
      assertNone(yield* endpoints.findById(account.id, added.id))
      assertSome(yield* endpoints.findById(account.id, endpoint.id), endpoint)
      assertNone(yield* deliveries.findById(account.id, logged.id))
      assertSome(yield* deliveries.findById(account.id, exhausted.id), exhausted)
    })
  )

  it.effect("claimDue claims the due, unclaimed deliveries with what sending needs from their endpoint", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given({
          url: "https://claims.example.com/in",
          secret: "whsec_claims",
          includeCouponCodes: true
        })
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
        yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(60 * SECOND + 1) })])
        yield* givenDeliveries([
          makeDelivery(endpoint, { status: "success", attemptCount: 1, nextRetryAt: null }),
          makeDelivery(endpoint, { status: "exhausted", attemptCount: 5, nextRetryAt: null }),
          makeDelivery(endpoint, { status: "success", nextRetryAt: t(0) }),
          makeDelivery(endpoint, { status: "exhausted", nextRetryAt: t(0) }),
          makeDelivery(endpoint, { status: "pending", nextRetryAt: null })
        ])

        const claimed = (yield* deliveries.claimDue(now, lease, 100)).filter((c) => c.delivery.accountId === accountId)
        assertSame(
          claimed,
          [pending, failed, atNow].map((delivery) => ({
            delivery,
            includeCouponCodes: true,
            endpointUpdatedAt: endpoint.updatedAt
          })),
          "the due deliveries, earliest first, with their endpoint's coupon-code setting and version"
        )
        assertSome(yield* deliveries.findById(accountId, failed.id), failed, "claiming changes no field")
        assert.deepStrictEqual(yield* claim(now, t(200 * SECOND), 100), [])
      })
    )
  )

  it.effect("claimDue leaves a disabled endpoint's deliveries, and gives an endpoint's changes", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoints = yield* Webhook.EndpointRepo
        const endpoint = yield* given({ includeCouponCodes: false })
        const [delivery] = yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })])
        yield* endpoints.update({ ...endpoint, status: "disabled", updatedAt: t(1) })
        assert.deepStrictEqual(yield* claim(t(SECOND), t(60 * SECOND), 10), [], "a disabled endpoint's wait")
        const changed: Webhook.Endpoint = { ...endpoint, status: "active", includeCouponCodes: true, updatedAt: t(2) }
        yield* endpoints.update(changed)
        const claimed = (yield* deliveries.claimDue(t(SECOND), t(60 * SECOND), 10)).filter(
          (c) => c.delivery.accountId === accountId
        )
        assertSame(claimed, [{ delivery, includeCouponCodes: true, endpointUpdatedAt: changed.updatedAt }])
      })
    )
  )

  it.effect("targets gives endpoints' URLs and secrets, of any account, none for unknown ids", () =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const [account, other] = yield* givenTwoAccounts
      const one = yield* givenEndpoint(account.id, { url: "https://one.example.com/in", secret: "whsec_one" })
      const two = yield* givenEndpoint(other.id, { url: "https://two.example.com/in", secret: "whsec_two" })
      const byId = (a: Webhook.SendTarget, b: Webhook.SendTarget) => (a.endpointId < b.endpointId ? -1 : 1)
      const found = yield* deliveries.targets([two.id, uid("we"), one.id, one.id])
      assertSame(
        [...found].sort(byId),
        [one, two].map((e) => ({ endpointId: e.id, url: e.url, secret: e.secret, updatedAt: e.updatedAt })).sort(byId)
      )
      assert.deepStrictEqual(yield* deliveries.targets([]), [])
    })
  )

  it.effect("a claim holds until its lease passes; then the deliveries are due again", () =>
    claiming(({ t, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        const now = t(60 * SECOND)
        const lease = t(90 * SECOND)
        const claimedNow = yield* givenDeliveries([
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) }),
          makeDelivery(endpoint, { status: "failed", attemptCount: 2, nextRetryAt: t(15 * SECOND), createdAt: t(0) }),
          makeDelivery(endpoint, { nextRetryAt: now, createdAt: t(1) })
        ])
        const [later] = yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(60 * SECOND + 1) })])
        assert.deepStrictEqual(yield* claim(now, lease, 100), ids(claimedNow))

        assert.deepStrictEqual(yield* claim(now, t(200 * SECOND), 100), [])
        assert.deepStrictEqual(
          yield* claim(t(90 * SECOND - 1), t(200 * SECOND), 100),
          [later.id],
          "only the delivery that came due meanwhile"
        )
        assert.deepStrictEqual(yield* claim(lease, t(200 * SECOND), 100), [], "a lease runs until its end")
        assert.deepStrictEqual(
          yield* claim(t(90 * SECOND + 1), t(200 * SECOND), 100),
          ids(claimedNow),
          "a passed lease is no claim: the deliveries are due again"
        )
        assert.deepStrictEqual(yield* claim(t(100 * SECOND), t(300 * SECOND), 100), [])
      })
    )
  )

  it.effect("claimDue takes the earliest due deliveries first, up to the limit", () =>
    claiming(({ t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const one = yield* given()
        const two = yield* given()
        const made = yield* givenDeliveries(
          [4, 0, 3, 1, 2].map((i) => makeDelivery(i % 2 === 0 ? one : two, { nextRetryAt: t(i * SECOND) }))
        )
        const byDue = [made[1], made[3], made[4], made[2], made[0]]
        const now = t(10 * SECOND)
        const lease = t(40 * SECOND)

        const first = yield* (yield* Webhook.DeliveryRepo).claimDue(now, lease, 2)
        assert.deepStrictEqual(claimedIds(first, accountId), ids(byDue.slice(0, 2)))
        assert.deepStrictEqual(
          first.filter((c) => c.delivery.accountId === accountId).map((c) => c.delivery.endpointId),
          [one.id, two.id]
        )
        assert.deepStrictEqual(yield* claim(now, lease, 2), ids(byDue.slice(2, 4)))
        assert.deepStrictEqual(yield* claim(now, lease, 2), ids(byDue.slice(4)))
        assert.deepStrictEqual(yield* claim(now, lease, 2), [])
      })
    )
  )

  it.effect("recordAttempts stores only the attempt's fields and releases the claim", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        // Two claimed: the one not tried stays claimed while its lease runs.
        const [delivery] = yield* givenDeliveries([
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) }),
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })
        ])
        const lease = t(60 * SECOND)
        assert.strictEqual((yield* claim(t(0), lease, 10)).length, 2)

        const failed = Webhook.afterAttempt(delivery, { _tag: "Answered", status: 503 }, t(1 * SECOND + 1))
        assert.strictEqual(failed.status, "failed")
        const changed = { ...failed, payload: { ...failed.payload, data: { changed: true } }, eventId: uid("evt") }
        assert.deepStrictEqual(yield* deliveries.recordAttempts([{ delivery: changed, leaseUntil: lease }]), [
          delivery.id
        ])
        assertSome(yield* deliveries.findById(accountId, delivery.id), failed, "only the attempt's fields change")

        assert.deepStrictEqual(yield* claim(t(5 * SECOND), lease, 10), [])
        assert.deepStrictEqual(
          yield* claim(t(6 * SECOND + 1), lease, 10),
          [delivery.id],
          "released: due again at its next retry, before the lease ends"
        )
      })
    )
  )

  it.effect("a delivery recorded as succeeded or exhausted is never due again", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        const [delivery, other] = yield* givenDeliveries([
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) }),
          makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })
        ])
        const lease = t(60 * SECOND)
        assert.strictEqual((yield* claim(t(0), lease, 10)).length, 2)
        const failed = Webhook.afterAttempt(delivery, { _tag: "Answered", status: 503 }, t(1 * SECOND + 1))
        const exhausted = Webhook.afterAttempt(other, { _tag: "Answered", status: 410 }, t(1 * SECOND + 1))
        assert.strictEqual(exhausted.status, "exhausted")
        yield* deliveries.recordAttempts([
          { delivery: failed, leaseUntil: lease },
          { delivery: exhausted, leaseUntil: lease }
        ])

        const again = t(120 * SECOND)
        assert.deepStrictEqual(yield* claim(t(7 * SECOND), again, 10), [delivery.id])
        const succeeded = Webhook.afterAttempt(failed, { _tag: "Answered", status: 204 }, t(7 * SECOND))
        yield* deliveries.recordAttempts([{ delivery: succeeded, leaseUntil: again }])
        assertSome(yield* deliveries.findById(accountId, delivery.id), succeeded)
        assertSome(yield* deliveries.findById(accountId, other.id), exhausted)
        assert.deepStrictEqual(yield* claim(t(DAY), t(DAY + 1), 10), [])
      })
    )
  )

  it.effect("recordAttempts writes many at once, each only under its own lease and in its own account", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        const [a, b, c, d, e, f] = yield* givenDeliveries(
          Array.from({ length: 6 }, (_, i) => makeDelivery(endpoint, { nextRetryAt: t(i), createdAt: t(0) }))
        )
        const first = t(60 * SECOND)
        const second = t(61 * SECOND)
        assert.deepStrictEqual(yield* claim(t(SECOND), first, 3), ids([a!, b!, c!]))
        assert.deepStrictEqual(yield* claim(t(SECOND), second, 3), ids([d!, e!, f!]))
        const answered = (x: Webhook.Delivery, status: number) =>
          Webhook.afterAttempt(x, { _tag: "Answered", status }, t(2 * SECOND))
        const written = yield* deliveries.recordAttempts([
          { delivery: answered(a!, 200), leaseUntil: first },
          // Another claim's lease, another account, an unknown delivery: not written.
          { delivery: answered(b!, 500), leaseUntil: second },
          { delivery: { ...answered(c!, 200), accountId: uid("acc") }, leaseUntil: first },
          { delivery: answered(d!, 404), leaseUntil: second },
          { delivery: answered(e!, 500), leaseUntil: second },
          { delivery: { ...answered(f!, 200), id: uid("wd") }, leaseUntil: second }
        ])
        assert.deepStrictEqual([...written].sort(), ids([a!, d!, e!]).sort())
        assertSome(yield* deliveries.findById(accountId, a!.id), answered(a!, 200))
        assertSome(yield* deliveries.findById(accountId, d!.id), answered(d!, 404))
        assertSome(yield* deliveries.findById(accountId, e!.id), answered(e!, 500))
        for (const unchanged of [b!, c!, f!]) {
          assertSome(yield* deliveries.findById(accountId, unchanged.id), unchanged)
        }
        assert.deepStrictEqual(yield* deliveries.recordAttempts([]), [])
        // b and c were claimed until `first`, f until `second`; e failed, due again at its retry.
        assert.deepStrictEqual(yield* claim(t(60 * SECOND + 1), t(300 * SECOND), 10), ids([b!, c!, e!]))
        assert.deepStrictEqual(yield* claim(t(61 * SECOND + 1), t(300 * SECOND), 10), ids([f!]))
      })
    )
  )

  it.effect("claimDue leaves out the deliveries of excluded endpoints", () =>
    claiming(({ t, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const busy = yield* given()
        const free = yield* given()
        const [, b, c] = yield* givenDeliveries([
          makeDelivery(busy, { nextRetryAt: t(0) }),
          makeDelivery(free, { nextRetryAt: t(1) }),
          makeDelivery(free, { nextRetryAt: t(2) })
        ])
        assert.deepStrictEqual(yield* claim(t(SECOND), t(60 * SECOND), 10, [busy.id]), ids([b, c]))
      })
    )
  )

  it.effect("release frees the unused claims of its own lease only", () =>
    claiming(({ deliveries, t, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const busy = yield* given()
        const free = yield* given()
        const [a, b, c] = yield* givenDeliveries([
          makeDelivery(busy, { nextRetryAt: t(0) }),
          makeDelivery(free, { nextRetryAt: t(1) }),
          makeDelivery(free, { nextRetryAt: t(2) })
        ])
        const lease = t(60 * SECOND)
        assert.deepStrictEqual(yield* claim(t(SECOND), lease, 10, [busy.id]), ids([b, c]))
        // Another lease's release does nothing; this lease's release makes them claimable again.
        yield* deliveries.release(ids([b, c]), t(61 * SECOND))
        assert.deepStrictEqual(yield* claim(t(SECOND), lease, 10, [busy.id]), [])
        yield* deliveries.release(ids([b]), lease)
        assert.deepStrictEqual(yield* claim(t(SECOND), t(70 * SECOND), 10), ids([a, b]))
      })
    )
  )

  it.effect("recordAttempts writes only while the lease is the delivery's (fencing)", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        const [delivery] = yield* givenDeliveries([makeDelivery(endpoint, { nextRetryAt: t(0), createdAt: t(0) })])
        const oldLease = t(60 * SECOND)
        assert.strictEqual((yield* claim(t(0), oldLease, 10)).length, 1)
        // The first claimer is slow: its lease passes and another claimer takes the delivery over.
        const newLease = t(200 * SECOND)
        assert.strictEqual((yield* claim(t(61 * SECOND), newLease, 10)).length, 1)
        const late = Webhook.afterAttempt(delivery, { _tag: "Answered", status: 503 }, t(70 * SECOND))
        assert.deepStrictEqual(
          yield* deliveries.recordAttempts([{ delivery: late, leaseUntil: oldLease }]),
          [],
          "the old claimer cannot write"
        )
        const current = Webhook.afterAttempt(delivery, { _tag: "Answered", status: 200 }, t(71 * SECOND))
        assert.deepStrictEqual(yield* deliveries.recordAttempts([{ delivery: current, leaseUntil: newLease }]), [
          delivery.id
        ])
        assertSome(yield* deliveries.findById(accountId, delivery.id), current)
        assert.deepStrictEqual(
          yield* deliveries.recordAttempts([{ delivery: late, leaseUntil: newLease }]),
          [],
          "a released claim is no claim"
        )
        assertSome(yield* deliveries.findById(accountId, delivery.id), current)
      })
    )
  )

  it.effect("resend only resends a failed or exhausted delivery of its own account", () =>
    claiming(({ deliveries, t, accountId, endpoint: given }) =>
      Effect.gen(function* () {
        const other = yield* givenAccount()
        const endpoint = yield* given()
        const tried = { attemptCount: 5, lastAttemptedAt: t(1), responseStatus: 500, note: "answered 500" }
        const [pending, success, exhausted] = yield* givenDeliveries([
          makeDelivery(endpoint, { status: "pending", nextRetryAt: t(DAY) }),
          makeDelivery(endpoint, { ...tried, status: "success", responseStatus: 200, note: null }),
          makeDelivery(endpoint, { ...tried, status: "exhausted" })
        ])

        assert.isFalse(yield* deliveries.resend(accountId, pending.id, t(2)))
        assert.isFalse(yield* deliveries.resend(accountId, success.id, t(2)))
        assert.isFalse(yield* deliveries.resend(other.id, exhausted.id, t(2)), "another account cannot resend it")
        assert.isFalse(yield* deliveries.resend(accountId, uid("wd"), t(2)))
        assertSome(yield* deliveries.findById(accountId, pending.id), pending)
        assertSome(yield* deliveries.findById(accountId, success.id), success)
        assertSome(yield* deliveries.findById(accountId, exhausted.id), exhausted)
      })
    )
  )

  it.effect("resend makes a delivery pending again, due at once, releasing its claim", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoint = yield* given()
        const tried = { attemptCount: 5, lastAttemptedAt: t(1), responseStatus: 500, note: "answered 500" }
        const [failed, exhausted] = yield* givenDeliveries([
          makeDelivery(endpoint, { ...tried, attemptCount: 2, status: "failed", nextRetryAt: t(10 * SECOND) }),
          makeDelivery(endpoint, { ...tried, status: "exhausted" })
        ])

        // Claimed, its lease running: a resend releases the claim.
        const lease = t(DAY)
        assert.deepStrictEqual(yield* claim(t(10 * SECOND), lease, 10), [failed.id])
        const now = t(20 * SECOND)
        assert.isTrue(yield* deliveries.resend(accountId, failed.id, now))
        assert.isTrue(yield* deliveries.resend(accountId, exhausted.id, now))
        const again = { status: "pending", attemptCount: 0, nextRetryAt: now } as const
        assertSome(yield* deliveries.findById(accountId, failed.id), { ...failed, ...again }, "the last try is kept")
        assertSome(yield* deliveries.findById(accountId, exhausted.id), { ...exhausted, ...again })
        assert.isFalse(yield* deliveries.resend(accountId, failed.id, now), "a pending delivery is not resent")

        assert.deepStrictEqual(
          yield* claim(now, t(DAY + 1), 10),
          ids([failed, exhausted].sort((a, b) => (a.id < b.id ? -1 : 1))),
          "due at once, claimable before the old lease ends"
        )
      })
    )
  )

  it.effect("resendExhausted resends the endpoint's exhausted deliveries created since a time", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const other = yield* givenAccount()
        const endpoint = yield* given()
        const sibling = yield* given()
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
        assert.strictEqual(yield* deliveries.resendExhausted(accountId, uid("we"), since, now), 0)
        assert.strictEqual(yield* deliveries.resendExhausted(accountId, endpoint.id, since, now), 2)
        const again = { status: "pending", attemptCount: 0, nextRetryAt: now } as const
        assertSome(yield* deliveries.findById(accountId, atSince.id), { ...atSince, ...again })
        assertSome(yield* deliveries.findById(accountId, after.id), { ...after, ...again })
        for (const unchanged of [before, failed, pending, elsewhere]) {
          assertSome(yield* deliveries.findById(accountId, unchanged.id), unchanged)
        }
        assert.strictEqual(yield* deliveries.resendExhausted(accountId, endpoint.id, since, now), 0, "done once")
        assert.deepStrictEqual((yield* claim(now, t(20_000), 10)).sort(), ids([atSince, after]).sort())
      })
    )
  )

  it.effect("10 concurrent claims of 50 claim each of 300 due deliveries exactly once", () =>
    claiming(({ deliveries, t, accountId, endpoint: given, claim }) =>
      Effect.gen(function* () {
        const endpoints = [yield* given(), yield* given(), yield* given()]
        const made = yield* givenDeliveries(
          Array.from({ length: 300 }, (_, i) =>
            makeDelivery(endpoints[i % 3]!, {
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
        const claimed = claims.flatMap((batch) => claimedIds(batch, accountId))
        for (const batch of claims) assert.isAtMost(batch.length, 50)
        assert.strictEqual(new Set(claimed).size, claimed.length, "no delivery is claimed twice")
        assert.deepStrictEqual([...claimed].sort(), ids(made).sort(), "every due delivery is claimed")
        assert.deepStrictEqual(yield* claim(now, t(120 * SECOND), 50), [])
      })
    )
  )

  it.effect("inserting deliveries and resending them notify the listeners", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const deliveries = yield* Webhook.DeliveryRepo
        const heard = yield* Queue.unbounded<void>()
        yield* (yield* Webhook.DeliveryNotices).listen(() => Queue.offerUnsafe(heard, undefined))
        const notice = Queue.take(heard).pipe(Effect.timeout("20 seconds"))
        yield* notice // the first, on listening: anything added before
        const account = yield* givenAccount()
        const endpoint = yield* givenEndpoint(account.id)
        const tried = { status: "exhausted", attemptCount: 5, lastAttemptedAt: at(1), note: "timed out" } as const
        // A store may give one notice for inserts close together (`DeliveryNotices.lookAgain`): these
        // come after a pause, so each has its own.
        const pause = Effect.andThen(Effect.sleep(Webhook.DeliveryNotices.lookAgain), Queue.clear(heard))
        yield* pause
        const [exhausted] = yield* givenDeliveries([makeDelivery(endpoint, { ...tried, createdAt: at(2) })])
        yield* notice
        yield* pause
        assert.isTrue(yield* deliveries.resend(account.id, exhausted.id, at(10)))
        yield* notice
        yield* pause
        yield* givenDeliveries([makeDelivery(endpoint, { ...tried, createdAt: at(3) })])
        yield* notice
        yield* pause
        assert.strictEqual(yield* deliveries.resendExhausted(account.id, endpoint.id, at(0), at(20)), 1)
        yield* notice
      })
    )
  )
}
