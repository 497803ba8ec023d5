/**
 * The contract of `UsageRepo`: plays are counted per account and month (zero until counted), every
 * one of concurrent plays is counted, a play in a transaction that fails is not, and usage needs
 * its account (`StoreError`).
 *
 * @since 0.1.0
 */
import { type Account, type Store, Usage } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertFails } from "../internal/Assertions.ts"
import { uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount, givenTwoAccounts } from "../internal/Given.ts"

/** Registers the `UsageRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Usage.UsageRepo | Account.AccountRepo | Store.Store>): void => {
  it.effect("usage counts plays per account and month", () =>
    Effect.gen(function* () {
      const usage = yield* Usage.UsageRepo
      const [account, other] = yield* givenTwoAccounts

      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 0)
      yield* usage.addPlay(account.id, "2026-03")
      yield* usage.addPlay(account.id, "2026-03")
      yield* usage.addPlay(account.id, "2026-04")
      yield* usage.addPlay(other.id, "2026-03")
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 2)
      assert.strictEqual(yield* usage.plays(account.id, "2026-04"), 1)
      assert.strictEqual(yield* usage.plays(account.id, "2026-05"), 0)
      assert.strictEqual(yield* usage.plays(other.id, "2026-03"), 1)
    })
  )

  it.effect("concurrent plays are all counted", () =>
    Effect.gen(function* () {
      const usage = yield* Usage.UsageRepo
      const account = yield* givenAccount()
      yield* usage.addPlay(account.id, "2026-03")
      yield* usage.addPlay(account.id, "2026-03")
      yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        () => usage.addPlay(account.id, "2026-03"),
        { concurrency: "unbounded", discard: true }
      )
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 22, "concurrent plays are all counted")
    })
  )

  it.effect("a play in a failing transaction is not counted", () =>
    Effect.gen(function* () {
      const usage = yield* Usage.UsageRepo
      const account = yield* givenAccount()
      yield* usage.addPlay(account.id, "2026-03")
      yield* failedTransaction(usage.addPlay(account.id, "2026-03"))
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 1)
    })
  )

  it.effect("usage needs its account", () =>
    Effect.gen(function* () {
      const usage = yield* Usage.UsageRepo
      const orphan = uid("acc")
      yield* assertFails(usage.addPlay(orphan, "2026-03"), "StoreError", "usage needs its account")
      assert.strictEqual(yield* usage.plays(orphan, "2026-03"), 0)
    })
  )
}
