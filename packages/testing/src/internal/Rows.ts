/**
 * What the memory repositories share to answer as the SQL store does: a constraint breach as a
 * `StoreError`, pagination with a `total`, orders by time then id and by code point (PostgreSQL's
 * `COLLATE "C"`), the ASCII-only case folding of `ILIKE` under that collation, and rows scoped by
 * account. Written once here so the repositories cannot drift apart (they once held two
 * `byCodePoint`s).
 *
 * @internal
 */
import { Errors, type Pagination } from "@campaign-games/core"
import { DateTime, Effect, Option } from "effect"
import type * as Table from "./Table.ts"

/** Fails as a breached constraint does in SQL. */
export const conflict = (message: string): Effect.Effect<never, Errors.StoreError> =>
  Effect.fail(new Errors.StoreError({ message }))

/** The page of `rows` asked for, with the count of all of them. */
export const paginate = <A>(rows: Array<A>, page: Pagination.Page): Pagination.Paged<A> => ({
  items: rows.slice(page.offset, page.offset + page.limit),
  total: rows.length
})

/** Orders ASCII ids (byte order). */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Orders rows by `byKey` then by id, both ascending or both descending (a list's `dir`). */
export const directed =
  <A extends { readonly id: string }>(dir: "asc" | "desc", byKey: (a: A, b: A) => number) =>
  (a: A, b: A): number =>
    (dir === "asc" ? 1 : -1) * (Math.sign(byKey(a, b)) || byId(a.id, b.id))

/** Orders by a time, ascending (the key of `directed` for a `createdAt` sort). */
export const byTime = (a: DateTime.Utc, b: DateTime.Utc): number =>
  DateTime.toEpochMillis(a) - DateTime.toEpochMillis(b)

/** Orders by a time then by id, both ascending. */
const ascending = (a: DateTime.Utc, aId: string, b: DateTime.Utc, bId: string): number => byTime(a, b) || byId(aId, bId)

/** Orders rows oldest first, then by id. */
export const oldestFirst = <A extends { readonly id: string; readonly createdAt: DateTime.Utc }>(a: A, b: A): number =>
  ascending(a.createdAt, a.id, b.createdAt, b.id)

/** Orders rows newest first, then by id descending. */
export const newestFirst = <A extends { readonly id: string; readonly createdAt: DateTime.Utc }>(a: A, b: A): number =>
  ascending(b.createdAt, b.id, a.createdAt, a.id)

/** Orders by code point (UTF-8 byte order), as PostgreSQL's `COLLATE "C"` does. */
export const byCodePoint = (a: string, b: string): number => {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.codePointAt(i)! - b.codePointAt(i)!
  }
  return a.length - b.length
}

/** ASCII letters in lower case, others kept: PostgreSQL's `ILIKE` under `COLLATE "C"`. */
export const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/**
 * What a list's `search` keeps: texts holding it as a literal substring, folding ASCII letters only
 * (`ILIKE` under `COLLATE "C"`, with `%`, `_` and `\` escaped); every text when there is none.
 */
export const searching = (search: string | undefined): ((text: string) => boolean) => {
  if (search === undefined) return () => true
  const folded = asciiLower(search)
  return (text) => asciiLower(text).includes(folded)
}

/** Whether a row's value passes a list's optional filter on it (none keeps every row). */
export const keeps = <A>(filter: A | undefined, value: A): boolean => filter === undefined || value === filter

/** The row when it belongs to the account, else undefined (every query but a few is scoped so). */
export const inAccount = <A extends { readonly accountId: string }>(
  accountId: string,
  row: A | undefined
): A | undefined => (row !== undefined && row.accountId === accountId ? row : undefined)

/**
 * A table of rows scoped by account, read as its repository reads it: `find` gives the account's
 * row of an id (undefined when the account has none), `findById` the same as a repository answers.
 */
export const accountRows = <V extends { readonly accountId: string }>(table: Table.Table<string, V>) => {
  const find = (accountId: string, id: string): V | undefined => inAccount(accountId, table.get(id))
  const findById = (accountId: string, id: string): Effect.Effect<Option.Option<V>> =>
    Effect.sync(() => Option.fromNullishOr(find(accountId, id)))
  return { find, findById }
}

/** The rows of `rows` that belong to the account and pass `keep`. */
export const ofAccount = <A extends { readonly accountId: string }>(
  rows: Iterable<A>,
  accountId: string,
  keep: (row: A) => boolean = () => true
): Array<A> => {
  const kept: Array<A> = []
  for (const row of rows) if (row.accountId === accountId && keep(row)) kept.push(row)
  return kept
}

/** Stores a new row; fails as a primary key does when its id is taken (`what`: "An account", …). */
export const insertNew = <V>(
  table: Table.Table<string, V>,
  id: string,
  row: V,
  what: string
): Effect.Effect<void, Errors.StoreError> =>
  Effect.suspend(() => (table.has(id) ? conflict(`${what} ${id} already exists.`) : table.set(id, row)))

/**
 * Fails as SQL's keys do for a new row of an account (`noun`: "file", …): its id taken (the primary
 * key, checked first), or its account missing.
 */
export const checkNewOfAccount = (
  table: { readonly has: (id: string) => boolean },
  accounts: { readonly has: (id: string) => boolean },
  row: { readonly id: string; readonly accountId: string },
  noun: string
): Effect.Effect<void, Errors.StoreError> =>
  table.has(row.id)
    ? conflict(`A ${noun} ${row.id} already exists.`)
    : accounts.has(row.accountId)
      ? Effect.void
      : conflict(`No account ${row.accountId} for ${noun} ${row.id}.`)

/** Replaces a row of the account, keeping its `createdAt`; nothing when the account has no such row. */
export const updateInAccount = <
  V extends { readonly id: string; readonly accountId: string; readonly createdAt: DateTime.Utc }
>(
  table: Table.Table<string, V>,
  row: V
): Effect.Effect<void> =>
  Effect.suspend(() => {
    const stored = inAccount(row.accountId, table.get(row.id))
    return stored === undefined ? Effect.void : table.set(row.id, { ...row, createdAt: stored.createdAt })
  })
