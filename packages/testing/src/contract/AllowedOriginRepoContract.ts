/**
 * The contract of `AllowedOriginRepo`: origins round-trip and are listed oldest first (then by
 * id), paginated, per account; an origin is unique in its account (a duplicate is core's
 * `Conflict`, also under concurrent inserts) but another account may have it; an id is unique and
 * an allowed origin needs its account (`StoreError`); `exists` compares exactly within the account;
 * a delete answers whether it deleted, and a deleted origin can be added again; a failing
 * transaction keeps none of its origin writes.
 *
 * @since 0.1.0
 */
import { type Account, AllowedOrigin, type Store } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect, Result } from "effect"
import { assertFails, assertSame } from "../internal/Assertions.ts"
import { at, DAY, makeOrigin, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount, givenTwoAccounts, inserted } from "../internal/Given.ts"

/** An account with one allowed origin stored. */
const givenOrigin = (fields: Partial<AllowedOrigin.AllowedOrigin> = {}) =>
  Effect.gen(function* () {
    const account = yield* givenAccount()
    return { account, allowed: yield* inserted(AllowedOrigin.AllowedOriginRepo, makeOrigin(account.id, fields)) }
  })

/** An account with a web and an app origin stored. */
const givenWebAndApp = Effect.gen(function* () {
  const { account, allowed: web } = yield* givenOrigin({ origin: "https://games.example.com" })
  const ios = yield* inserted(
    AllowedOrigin.AllowedOriginRepo,
    makeOrigin(account.id, { origin: "ios:com.example.Game" })
  )
  return { account, web, ios }
})

/** The first ten origins of the account. */
const listed = (accountId: string) =>
  Effect.flatMap(Effect.service(AllowedOrigin.AllowedOriginRepo), (origins) =>
    origins.list(accountId, { limit: 10, offset: 0 })
  )

/** Registers the `AllowedOriginRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<AllowedOrigin.AllowedOriginRepo | Account.AccountRepo | Store.Store>
): void => {
  it.effect("allowed origins round-trip and are listed oldest first, paginated, per account", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const [account, other] = yield* givenTwoAccounts
      const tie = uid("ao")
      const o1 = makeOrigin(account.id, { origin: "https://shop.example.com", createdAt: at(100) })
      const o2 = makeOrigin(account.id, { id: `${tie}_a`, origin: "android:com.example.game", createdAt: at(200) })
      const o3 = makeOrigin(account.id, { id: `${tie}_b`, origin: "ios:com.example.Game", createdAt: at(200) })
      const o4 = makeOrigin(account.id, { origin: "https://[::1]:8443", createdAt: at(-DAY * 400 + 1) })
      for (const allowed of [o3, o1, o4, o2]) yield* origins.insert(allowed)
      yield* origins.insert(makeOrigin(other.id, { origin: "https://other.example.com", createdAt: at(150) }))

      assertSame(yield* origins.list(account.id, { limit: 50, offset: 0 }), { items: [o4, o1, o2, o3], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 1 }), { items: [o1, o2], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 3 }), { items: [o3], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 10 }), { items: [], total: 4 })
      assertSame(yield* origins.list(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
      assert.strictEqual((yield* listed(other.id)).total, 1)
    })
  )

  it.effect("a duplicate origin in an account is a Conflict", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, allowed } = yield* givenOrigin()

      const twin = yield* assertFails(
        origins.insert(makeOrigin(account.id, { origin: allowed.origin, createdAt: at(999) })),
        "PlaysError"
      )
      const expected = AllowedOrigin.duplicate(allowed.origin)
      assert.strictEqual(twin.message, expected.message)
      if (twin._tag === "PlaysError") assert.deepStrictEqual(twin.details, expected.details)
      yield* assertFails(origins.insert({ ...allowed, createdAt: at(999) }), "PlaysError")
      assertSame(yield* listed(account.id), { items: [allowed], total: 1 })
    })
  )

  it.effect("another account may have the same origin", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { allowed } = yield* givenOrigin()
      const other = yield* givenAccount()
      const elsewhere = makeOrigin(other.id, { origin: allowed.origin })
      yield* origins.insert(elsewhere)
      assertSame(yield* listed(other.id), { items: [elsewhere], total: 1 })
    })
  )

  it.effect("an allowed origin id is unique", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, allowed } = yield* givenOrigin()
      yield* assertFails(
        origins.insert(makeOrigin(account.id, { id: allowed.id, origin: "ios:a.b" })),
        "StoreError",
        "an id is unique"
      )
      assertSame(yield* listed(account.id), { items: [allowed], total: 1 })
    })
  )

  it.effect("an allowed origin needs its account", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const orphan = makeOrigin(uid("acc"))
      yield* assertFails(origins.insert(orphan), "StoreError", "an allowed origin needs its account")
      assert.isFalse(yield* origins.exists(orphan.accountId, orphan.origin))
    })
  )

  it.effect("concurrent inserts of one origin: one wins, the others are a Conflict", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account } = yield* givenOrigin()
      const raced = "https://raced.example.com"
      const results = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => Effect.result(origins.insert(makeOrigin(account.id, { origin: raced, createdAt: at(i) }))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Result.isSuccess).length, 1, "concurrent inserts: one wins")
      assert.deepStrictEqual(
        results.filter(Result.isFailure).map((result) => result.failure._tag),
        Array.from({ length: 9 }, () => "PlaysError")
      )
      assert.strictEqual((yield* listed(account.id)).total, 2)
    })
  )

  it.effect("exists compares exactly within the account", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, web, ios } = yield* givenWebAndApp
      const other = yield* givenAccount()

      assert.isTrue(yield* origins.exists(account.id, web.origin))
      assert.isTrue(yield* origins.exists(account.id, ios.origin))
      assert.isFalse(yield* origins.exists(account.id, "ios:com.example.game"), "compared exactly")
      assert.isFalse(yield* origins.exists(account.id, "https://games.example.com:8443"))
      assert.isFalse(yield* origins.exists(account.id, "https://games.example"))
      assert.isFalse(yield* origins.exists(other.id, web.origin), "another account's origin")
    })
  )

  it.effect("delete removes an origin once, only in its account", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, web, ios } = yield* givenWebAndApp
      const other = yield* givenAccount()

      assert.isFalse(yield* origins.delete(other.id, web.id), "another account cannot delete it")
      assert.isTrue(yield* origins.exists(account.id, web.origin))
      assert.isTrue(yield* origins.delete(account.id, web.id))
      assert.isFalse(yield* origins.delete(account.id, web.id))
      assert.isFalse(yield* origins.delete(account.id, uid("ao")))
      assert.isFalse(yield* origins.exists(account.id, web.origin))
      assertSame(yield* listed(account.id), { items: [ios], total: 1 })
    })
  )

  it.effect("a deleted origin can be added again", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, web, ios } = yield* givenWebAndApp
      assert.isTrue(yield* origins.delete(account.id, web.id))
      const again = makeOrigin(account.id, { origin: web.origin, createdAt: at(5_000) })
      yield* origins.insert(again)
      assert.isTrue(yield* origins.exists(account.id, web.origin), "a deleted origin can be added again")
      assertSame(yield* listed(account.id), { items: [ios, again], total: 2 })
    })
  )

  it.effect("a failing transaction keeps none of its origin writes", () =>
    Effect.gen(function* () {
      const origins = yield* AllowedOrigin.AllowedOriginRepo
      const { account, web, ios } = yield* givenWebAndApp
      yield* failedTransaction(
        Effect.gen(function* () {
          assert.isTrue(yield* origins.delete(account.id, ios.id))
          yield* origins.insert(makeOrigin(account.id, { origin: "https://lost.example.com" }))
        })
      )
      assertSame(yield* listed(account.id), { items: [web, ios], total: 2 })
      assert.isFalse(yield* origins.exists(account.id, "https://lost.example.com"))
    })
  )
}
