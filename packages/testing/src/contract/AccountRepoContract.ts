/**
 * The contract of `AccountRepo`: every field round-trips exactly (overrides, times to the
 * millisecond as `DateTime.Utc`), an update changes every field but `createdAt`, and an id is
 * unique (`StoreError`).
 *
 * @since 0.1.0
 */
import { Account } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { assertFails, assertNone, assertSome } from "../internal/Assertions.ts"
import { at, makeAccount, uid } from "../internal/Fixtures.ts"
import { givenAccount } from "../internal/Given.ts"

/** Registers the `AccountRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Account.AccountRepo>): void => {
  it.effect("accounts round-trip every field", () =>
    Effect.gen(function* () {
      const accounts = yield* Account.AccountRepo
      const full = makeAccount({
        plan: "unlimited",
        featureOverrides: {
          webhooks: true,
          rewards: false,
          mediaLibrary: true,
          apiKeys: false,
          customBranding: true,
          customCopy: false,
          games: []
        },
        limitOverrides: {
          channels: 0,
          liveCampaigns: null,
          webhookEndpoints: 3,
          activeApiKeys: 1,
          storedCouponCodes: null,
          storageBytes: 10 * 1024 * 1024 * 1024,
          playsPerMonth: 1_000_000_000_000
        },
        createdAt: at(-86_400_000 * 400 + 1),
        updatedAt: at(999)
      })
      const bare = makeAccount({ plan: "free", featureOverrides: {}, limitOverrides: {} })
      yield* accounts.insert(full)
      yield* accounts.insert(bare)

      const foundFull = yield* accounts.findById(full.id)
      assertSome(foundFull, full)
      assertSome(yield* accounts.findById(bare.id), bare)
      if (Option.isSome(foundFull)) {
        assert.isTrue(DateTime.isUtc(foundFull.value.createdAt))
        assert.strictEqual(DateTime.toEpochMillis(foundFull.value.createdAt), DateTime.toEpochMillis(full.createdAt))
      }
      assertNone(yield* accounts.findById(uid("acc")))
      assert.isFalse(yield* accounts.isEmpty)
    })
  )

  it.effect("account updates change every field but createdAt", () =>
    Effect.gen(function* () {
      const accounts = yield* Account.AccountRepo
      const account = yield* givenAccount()
      const changed: Account.Account = {
        ...account,
        name: "Renamed",
        plan: "pro",
        featureOverrides: { rewards: false, games: ["memory-match"] },
        limitOverrides: { liveCampaigns: null, channels: 2 },
        createdAt: at(123_456),
        updatedAt: at(5_000)
      }
      yield* accounts.update(changed)
      assertSome(yield* accounts.findById(account.id), { ...changed, createdAt: account.createdAt })
    })
  )

  it.effect("an account id is unique", () =>
    Effect.gen(function* () {
      const accounts = yield* Account.AccountRepo
      const account = yield* givenAccount()
      yield* assertFails(accounts.insert({ ...account, name: "Twin" }), "StoreError")
      assertSome(yield* accounts.findById(account.id), account)
    })
  )
}
