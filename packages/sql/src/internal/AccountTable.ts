/**
 * The statements that every table of an account's resources (rows named by `account_id` and `id`)
 * answers the same way, written once for the repositories over such tables: the condition of the
 * account's rows (`where`), one row by id, deleting one, counting the rows that match a condition and reading a page of them (with
 * `count(*) OVER ()`, counting again only for a page past the end: `Table.page`), and the
 * `ORDER BY` of a list sorted by a key in either direction (`orders`), and the conditions of a
 * list's optional filters (`ifGiven`).
 *
 * @since 0.1.0
 */
import type { Pagination } from "@campaign-games/core"
import { Effect } from "effect"
import type { SqlClient, Statement } from "effect/sql"
import * as Table from "./Table.ts"

/**
 * The statements of the table `from` (its name, and its alias when the select list of `read` and
 * the conditions given are qualified by one: `webhook_deliveries d`), read with `read`.
 */
export const make = <A>(sql: SqlClient.SqlClient, from: string, read: Table.Read<A>) => {
  const table = sql.literal(from)
  /** How many rows match `where`. */
  const count = (where: Statement.Fragment) =>
    Effect.map(sql`SELECT count(*)::int FROM ${table} WHERE ${where}`.values, Table.count)
  return {
    /** The account's rows that meet every one of `conditions` (none: all the account's rows). */
    where: (accountId: string, conditions: ReadonlyArray<Statement.Fragment> = []) =>
      sql.and([sql`account_id = ${accountId}`, ...conditions]),
    count,
    /** The account's row `id`, if any. */
    findById: (accountId: string, id: string) =>
      Effect.flatMap(
        sql`SELECT ${read.select} FROM ${table} WHERE account_id = ${accountId} AND id = ${id}`.values,
        read.first
      ),
    /** Deletes the account's row `id`: whether there was one. */
    deleteById: (accountId: string, id: string) =>
      Effect.map(
        sql`DELETE FROM ${table} WHERE account_id = ${accountId} AND id = ${id} RETURNING id`,
        (rows) => rows.length > 0
      ),
    /** The `page` of the rows matching `where` in the order `orderBy`, and how many match. */
    page: (where: Statement.Fragment, orderBy: string, page: Pagination.Page) =>
      Effect.flatMap(
        sql`SELECT ${read.select}, count(*) OVER ()::int FROM ${table}
          WHERE ${where}
          ORDER BY ${sql.literal(orderBy)}
          LIMIT ${page.limit} OFFSET ${page.offset}`.values,
        Table.page(read, page, count(where))
      )
  }
}

/**
 * The `ORDER BY` of a list per sort key and direction: for each key, its columns (a column may end
 * with `NULLS LAST`, which stays last in either direction), then the tie-breaker `tie` (`id`), all
 * in the same direction. `{ sizeBytes: ["size_bytes NULLS LAST"] }` sorts descending by
 * `size_bytes DESC NULLS LAST, id DESC`.
 */
export const orders = <const Key extends string>(
  columns: Record<Key, ReadonlyArray<string>>,
  tie = "id"
): Record<Key, Record<"asc" | "desc", string>> => {
  const by = (keys: ReadonlyArray<string>, direction: "ASC" | "DESC") =>
    [...keys, tie].map((column) => column.replace(/^(\S+)/, `$1 ${direction}`)).join(", ")
  const result: Partial<Record<Key, Record<"asc" | "desc", string>>> = {}
  for (const key of Object.keys(columns) as Array<Key>) {
    result[key] = { asc: by(columns[key], "ASC"), desc: by(columns[key], "DESC") }
  }
  return result as Record<Key, Record<"asc" | "desc", string>>
}

/**
 * The condition `make(value)` of a filter that is given, none when it is not: spread into
 * `sql.and([...])`.
 */
export const ifGiven = <A>(
  value: A | undefined,
  make: (value: A) => Statement.Fragment
): ReadonlyArray<Statement.Fragment> => (value === undefined ? [] : [make(value)])
