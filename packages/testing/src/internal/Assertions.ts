/**
 * Assertions shared by the store contract suites: values compare with their times as exact UTC
 * instants, so every adapter compares by value.
 */
import { assert } from "@effect/vitest"
import { DateTime, Effect, Option, Predicate } from "effect"

/** A comparable copy: times become their exact UTC instant. */
export const plain = (value: unknown): unknown => {
  if (DateTime.isDateTime(value)) {
    return DateTime.isUtc(value) ? `Utc(${DateTime.formatIso(value)})` : `Zoned(${DateTime.formatIso(value)})`
  }
  if (Array.isArray(value)) return value.map(plain)
  if (Predicate.isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  return value
}

export const assertSame = (actual: unknown, expected: unknown, message?: string): void =>
  assert.deepStrictEqual(plain(actual), plain(expected), message)

export const assertSome = <A>(actual: Option.Option<A>, expected: A, message?: string): void => {
  assert.isTrue(Option.isSome(actual), message ?? "expected a value, found none")
  if (Option.isSome(actual)) assertSame(actual.value, expected, message)
}

export const assertNone = <A>(actual: Option.Option<A>, message?: string): void =>
  assert.isTrue(Option.isNone(actual), message ?? `expected none, found ${JSON.stringify(plain(actual))}`)

/** Runs `effect`, which must fail, and asserts the tag of its error (`StoreError`, `Conflict`, …). */
export const assertFails = <A, E extends { readonly _tag: string }, R>(
  effect: Effect.Effect<A, E, R>,
  tag: E["_tag"],
  message?: string
): Effect.Effect<E, A, R> =>
  Effect.tap(Effect.flip(effect), (error) => Effect.sync(() => assert.strictEqual(error._tag, tag, message)))

/** Inserts each of `rows` with `repo`, one after the other: each must fail with `StoreError` (a key breached). */
export const assertInsertsFail = <A>(
  repo: { readonly insert: (row: A) => Effect.Effect<unknown, { readonly _tag: string }> },
  rows: ReadonlyArray<A>
): Effect.Effect<void, unknown> =>
  Effect.forEach(rows, (row) => assertFails(repo.insert(row), "StoreError"), { discard: true })

/** What `assertRoundTrips` needs of a repository of account-scoped rows. */
export interface RoundTripping<A, E> {
  readonly insert: (row: A) => Effect.Effect<unknown, E>
  readonly findById: (accountId: string, id: string) => Effect.Effect<Option.Option<A>, E>
}

/**
 * Stores every row of `rows` with `repo`, then finds each back in its account exactly as it was,
 * its `createdAt` a `DateTime.Utc` at the same millisecond.
 */
export const assertRoundTrips = <
  A extends { readonly id: string; readonly accountId: string; readonly createdAt: DateTime.Utc },
  E
>(
  repo: RoundTripping<A, E>,
  rows: ReadonlyArray<A>
): Effect.Effect<void, E> =>
  Effect.gen(function* () {
    for (const row of rows) yield* repo.insert(row)
    for (const row of rows) {
      const found = yield* repo.findById(row.accountId, row.id)
      assertSome(found, row)
      if (Option.isSome(found)) {
        assert.isTrue(DateTime.isUtc(found.value.createdAt), "createdAt is a DateTime.Utc")
        assert.strictEqual(DateTime.toEpochMillis(found.value.createdAt), DateTime.toEpochMillis(row.createdAt))
      }
    }
  })
