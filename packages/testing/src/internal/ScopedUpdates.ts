/**
 * The update tests every repository of account-scoped rows passes (channels, campaigns, webhook
 * endpoints), written once: an update changes every field but `createdAt`, a later one clears what
 * can be cleared (nulls, empty documents and lists round-trip too), and an update that names another
 * account changes nothing in either account. Each suite gives its rows and the fields it clears.
 * With them, the key tests such a repository passes (`keyTests`): an id is unique, and a row needs
 * its account; and the round-trip test (`roundTripTests`): rows come back exactly as stored, and
 * an unknown id finds nothing.
 */
import type { Account } from "@campaign-games/core"
import type { Vitest } from "@effect/vitest"
import { type DateTime, Effect, type Option } from "effect"
import { assertFails, assertNone, assertRoundTrips, assertSome, type RoundTripping } from "./Assertions.ts"
import { uid } from "./Fixtures.ts"
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
  it: Vitest.MethodsNonLive<R | Account.AccountRepo>,
  what: string,
  clears: string,
  given: Effect.Effect<Update<A>, unknown, R | Account.AccountRepo>
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

/** What a suite gives the key tests: a stored row, another row with its id, and a row of no account. */
export interface Keys<A> {
  readonly repo: Updating<A> & { readonly insert: (row: A) => Effect.Effect<unknown, { readonly _tag: string }> }
  readonly row: A
  readonly twin: A
  readonly orphan: A
}

/**
 * Registers the key tests of rows called `what` (with its article: "a channel") with `it`:
 * inserting the twin of a stored row fails (`StoreError`) and leaves the row as it was; inserting a
 * row of no account fails and stores nothing.
 */
export const keyTests = <A extends Scoped, R>(
  it: Vitest.MethodsNonLive<R | Account.AccountRepo>,
  what: string,
  given: Effect.Effect<Keys<A>, unknown, R | Account.AccountRepo>
): void => {
  it.effect(`${what} id is unique`, () =>
    Effect.gen(function* () {
      const { repo, row, twin } = yield* given
      yield* assertFails(repo.insert(twin), "StoreError")
      assertSome(yield* repo.findById(row.accountId, row.id), row)
    })
  )

  it.effect(`${what} needs its account`, () =>
    Effect.gen(function* () {
      const { repo, orphan } = yield* given
      yield* assertFails(repo.insert(orphan), "StoreError")
      assertNone(yield* repo.findById(orphan.accountId, orphan.id))
    })
  )
}

/** What a suite gives the round-trip test: rows of one account, not stored yet, and its own checks. */
export interface RoundTrip<A> {
  readonly repo: RoundTripping<A, unknown>
  /** The rows to store: one with every field set, and others with the edge cases of their fields. */
  readonly rows: ReadonlyArray<A>
  /** What the suite checks besides, once the rows are stored (a count, how a nested field decodes). */
  readonly checks?: Effect.Effect<void, unknown>
}

/**
 * Registers the round-trip test of rows called `what` (plural: "channels") with `it`: every row
 * stored comes back exactly as it was (`assertRoundTrips`), an unknown id of the account finds
 * nothing, and the suite's own `checks` pass.
 */
export const roundTripTests = <A extends Scoped, R>(
  it: Vitest.MethodsNonLive<R | Account.AccountRepo>,
  what: string,
  given: Effect.Effect<RoundTrip<A>, unknown, R | Account.AccountRepo>
): void => {
  it.effect(`${what} round-trip every field`, () =>
    Effect.gen(function* () {
      const { repo, rows, checks = Effect.void } = yield* given
      yield* assertRoundTrips(repo, rows)
      assertNone(yield* repo.findById(rows[0]!.accountId, uid("none")))
      yield* checks
    })
  )
}
