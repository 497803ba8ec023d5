/**
 * The contract of `BrandingRepo`: an account's theme is none until put, then replaced whole by
 * each put (every key of a theme round-trips), per account; branding needs its account
 * (`StoreError`).
 *
 * @since 0.1.0
 */
import { type Account, Branding, type Theme } from "@campaign-games/core"
import type { Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertFails, assertNone, assertSome } from "../internal/Assertions.ts"
import { fullTheme, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenTwoAccounts } from "../internal/Given.ts"

const replaced: Theme.Theme = { colors: { accent: "#00FF00" }, labels: { title: "Hello" } }

/** Registers the `BrandingRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Branding.BrandingRepo | Account.AccountRepo>): void => {
  it.effect("branding is none until put, then replaced whole", () =>
    Effect.gen(function* () {
      const branding = yield* Branding.BrandingRepo
      const account = yield* givenAccount()

      assertNone(yield* branding.get(account.id))
      yield* branding.put(account.id, fullTheme)
      assertSome(yield* branding.get(account.id), fullTheme)

      yield* branding.put(account.id, replaced)
      assertSome(yield* branding.get(account.id), replaced, "put replaces the whole theme")
      yield* branding.put(account.id, {})
      assertSome(yield* branding.get(account.id), {})
    })
  )

  it.effect("branding is per account", () =>
    Effect.gen(function* () {
      const branding = yield* Branding.BrandingRepo
      const [account, other] = yield* givenTwoAccounts

      yield* branding.put(account.id, fullTheme)
      assertNone(yield* branding.get(other.id), "another account's branding is not seen")
      yield* branding.put(other.id, replaced)
      assertSome(yield* branding.get(other.id), replaced)
      assertSome(yield* branding.get(account.id), fullTheme)
    })
  )

  it.effect("branding needs its account", () =>
    Effect.gen(function* () {
      const branding = yield* Branding.BrandingRepo
      const orphan = uid("acc")
      yield* assertFails(branding.put(orphan, fullTheme), "StoreError")
      assertNone(yield* branding.get(orphan))
    })
  )
}
