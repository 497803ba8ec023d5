/**
 * The update tests every repository of account-scoped rows passes (channels, campaigns, webhook
 * endpoints), written once: an update changes every field but `createdAt`, a later one clears what
 * can be cleared (nulls, empty documents and lists round-trip too), and an update that names another
 * account changes nothing in either account. Each suite gives its rows and the fields it clears.
 */
import type { AccountRepo } from "@campaign-games/core/accounts/Account"
import type { Vitest } from "@effect/vitest"
import { type DateTime, Effect, type Option } from "effect"
import { assertNone, assertSome } from "./Assertions.ts"
import { givenAccount } from "./Given.ts"

/** A row scoped by account. */
export interface Scoped {
  readonly id: string
  readonly accountId: string
  readonly createdAt: DateTime.Utc
}

/** What the tests use of a repository: `update` and the account-scoped `findById`. */
export interface Updating<A> {
  readonly update: (row: A) => Effect.Effect<void, unknown>
  readonly findById: (accountId: string, id: string) => Effect.Effect<Option.Option<A>, unknown>
}

/** What a suite gives: a stored row, the row with every field changed, and what another account writes. */
export interface Update<A> {
  readonly repo: Updating<A>
  readonly row: A
  /** Every field changed but the id and the account (and `createdAt`, which no update changes). */
  readonly changed: A
  /** The fields a caller of another account tries to change. */
  readonly hijack: Partial<A>
  /** The fields a later update clears or empties (nullable fields, documents, lists). */
  readonly cleared: Partial<A>
}

/**
 * Registers the update tests of rows called `what` ("channel", …) with `it`; `clears` says what
 * `cleared` clears ("a limit and the between-campaigns message").
 */
export const tests = <A extends Scoped, R>(
  it: Vitest.MethodsNonLive<R | AccountRepo>,
  what: string,
  clears: string,
  given: Effect.Effect<Update<A>, unknown, R | AccountRepo>
): void => {
  it.effect(`${what} updates change every field but createdAt`, () =>
    Effect.gen(function* () {
      const { repo, row, changed } = yield* given
      yield* repo.update(changed)
      assertSome(yield* repo.findById(row.accountId, row.id), { ...changed, createdAt: row.createdAt })
    })
  )

  it.effect(`an update of a ${what} clears ${clears}`, () =>
    Effect.gen(function* () {
      const { repo, row, changed, cleared } = yield* given
      yield* repo.update(changed)
      yield* repo.update({ ...changed, ...cleared })
      assertSome(yield* repo.findById(row.accountId, row.id), { ...changed, ...cleared, createdAt: row.createdAt })
    })
  )

  it.effect(`an update of a ${what} in another account changes nothing`, () =>
    Effect.gen(function* () {
      const { repo, row, hijack } = yield* given
      const other = yield* givenAccount()
      yield* repo.update({ ...row, ...hijack, accountId: other.id })
      assertSome(yield* repo.findById(row.accountId, row.id), row, "another account cannot change it")
      assertNone(yield* repo.findById(other.id, row.id))
    })
  )
}
