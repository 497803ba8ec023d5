/**
 * The contract of `ApiKeyRepo`: `findByPrefix` returns a key with its account; a key prefix and a
 * key id are unique and a key needs its account (`StoreError`); a revoke marks an active key of its
 * own account revoked, once; active keys are listed oldest first (then by id), paginated, without
 * revoked keys, per account.
 *
 * @since 0.1.0
 */
import { type Account, ApiKey, Permission } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertFails, assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, keyPrefix, madeAt, makeKey, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenKey, givenTwoAccounts } from "../internal/Given.ts"

/** Registers the `ApiKeyRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<ApiKey.ApiKeyRepo | Account.AccountRepo>): void => {
  it.effect("findByPrefix returns the key with its account", () =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const account = yield* givenAccount()
      const owner = makeKey(account.id, { name: "Owner key", permissions: [...Permission.all] })
      const none = makeKey(account.id, { permissions: [] })
      yield* keys.insert(owner)
      yield* keys.insert(none)

      assertSome(yield* keys.findByPrefix(owner.keyPrefix), { key: owner, account })
      assertSome(yield* keys.findByPrefix(none.keyPrefix), { key: none, account })
      assertNone(yield* keys.findByPrefix(keyPrefix()))
    })
  )

  it.effect.each(["keyPrefix", "id"] as const)("a key %s is unique", (field) =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const { account, key } = yield* givenKey
      yield* assertFails(keys.insert(makeKey(account.id, { [field]: key[field] })), "StoreError")
      assertSome(yield* keys.findActive(account.id, key.id), key)
      assert.strictEqual(yield* keys.countActive(account.id), 1)
    })
  )

  it.effect("a key needs its account", () =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const orphan = makeKey(uid("acc"))
      yield* assertFails(keys.insert(orphan), "StoreError")
      assertNone(yield* keys.findByPrefix(orphan.keyPrefix))
    })
  )

  it.effect("another account's key is not found and cannot be revoked", () =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const { account, key } = yield* givenKey
      const other = yield* givenAccount()

      assertSome(yield* keys.findActive(account.id, key.id), key)
      assertNone(yield* keys.findActive(other.id, key.id), "another account's key is not found")
      assert.isFalse(yield* keys.revoke(other.id, key.id, at(50)), "another account cannot revoke it")
      assertSome(yield* keys.findActive(account.id, key.id), key)
    })
  )

  it.effect("revoke marks the key revoked once", () =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const { account, key } = yield* givenKey

      assert.isTrue(yield* keys.revoke(account.id, key.id, at(60)))
      assert.isFalse(yield* keys.revoke(account.id, key.id, at(70)), "the second revoke finds no active key")
      assertNone(yield* keys.findActive(account.id, key.id))
      assertSome(yield* keys.findByPrefix(key.keyPrefix), { key: { ...key, revokedAt: at(60) }, account })
      assert.isFalse(yield* keys.revoke(account.id, uid("key"), at(80)))
    })
  )

  it.effect("active keys are listed oldest first, paginated, without revoked keys", () =>
    Effect.gen(function* () {
      const keys = yield* ApiKey.ApiKeyRepo
      const [account, other] = yield* givenTwoAccounts
      const [k1, k2, k3, k4] = madeAt("key", [100, 200, 200, 300], (fields) => makeKey(account.id, fields))
      const revoked = makeKey(account.id, { createdAt: at(150) })
      const alreadyRevoked = makeKey(account.id, { createdAt: at(160), revokedAt: at(170) })
      for (const key of [k4, k3, revoked, k1, alreadyRevoked, k2]) yield* keys.insert(key)
      yield* keys.insert(makeKey(other.id, { createdAt: at(120) }))
      assert.isTrue(yield* keys.revoke(account.id, revoked.id, at(400)))

      assert.strictEqual(yield* keys.countActive(account.id), 4)
      assertSame(yield* keys.listActive(account.id, { limit: 50, offset: 0 }), {
        items: [k1, k2, k3, k4],
        total: 4
      })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 1 }), { items: [k2, k3], total: 4 })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 3 }), { items: [k4], total: 4 })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 10 }), { items: [], total: 4 })
      assertSame(yield* keys.listActive(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )
}
