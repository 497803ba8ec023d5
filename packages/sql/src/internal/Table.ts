/**
 * A table's columns, written once as a field record: each field of the row with the schema of its
 * column's value as the driver returns it. The column of a field is the field's name in snake_case
 * (`maxPlaysPerParticipant` is `max_plays_per_participant`), the rule every table of `Migrations`
 * follows. From the record come the select list and the row schema; nothing is parsed back out of
 * SQL text.
 *
 * A table's record is made from its resource's field record in core (`Campaign.fields`) by
 * `fromFields`, so a resource's fields are written once: the core's schemas as they are, except its
 * times, which the driver returns as `Date`s (`Values.Time`), and the overrides a table states
 * (a field stored under another name or in another form).
 *
 * Rows are read with `.values` (each row an array, in the select list's order), so a select list
 * is plain column names (`a.id, a.plan, …`) with no aliases, and several tables can share a row: a
 * join reads each table from an offset (`read(table, { alias, offset })`), the next one starting at
 * the previous one's `end`, and columns of its own after the last.
 *
 * @since 0.1.0
 */
import { Fields, type Pagination, PlayContext } from "@campaign-games/core"
import { Effect, Exit, Option, Schema, type Types } from "effect"
import { Statement } from "effect/sql"
import { Time, TimeOrNull } from "./Values.ts"

/** A table (or a narrower read of one): its field record and the row schema made of it. */
export interface Table<F extends Schema.Struct.Fields> {
  readonly fields: F
  readonly Row: Schema.Struct<F>
}

/** The table of a field record. */
export const make = <const F extends Schema.Struct.Fields>(fields: F): Table<F> => ({
  fields,
  Row: Schema.Struct(fields)
})

/** The schema of a column's value, for the core's schema of its field: a time is read as a `Date`. */
export type Column<S> = S extends typeof Fields.TimestampOrNull
  ? typeof TimeOrNull
  : S extends typeof Fields.Timestamp
    ? typeof Time
    : S

const columnOf = (schema: Schema.Struct.Fields[string]): Schema.Struct.Fields[string] =>
  schema === Fields.Timestamp ? Time : schema === Fields.TimestampOrNull ? TimeOrNull : schema

/**
 * Overrides of a table made from a core field record: for a field, the fields that stand in its
 * place in the row (another name or another schema; none to leave it out).
 */
export type Overrides<F extends Schema.Struct.Fields> = { readonly [K in keyof F]?: Schema.Struct.Fields }

/** The row's fields of a table made from the core field record `F` with the overrides `O`. */
export type FromFields<F extends Schema.Struct.Fields, O extends Overrides<F>> = AsFields<
  Types.Simplify<
    { readonly [K in Exclude<keyof F, keyof O>]: Column<F[K]> } & Types.UnionToIntersection<
      { [K in keyof O]-?: NonNullable<O[K]> }[keyof O]
    >
  >
>

type AsFields<A> = A extends Schema.Struct.Fields ? A : never

/**
 * The table of a resource's field record in core (`Campaign.fields`): each field's column read with
 * the core's schema, except times (`Fields.Timestamp`, `Fields.TimestampOrNull`), read as the driver's
 * `Date`s (`Values.Time`, `Values.TimeOrNull`); a field in `overrides` is replaced, in its place,
 * by the fields given for it.
 */
export const fromFields = <const F extends Schema.Struct.Fields, const O extends Overrides<F> = Record<never, never>>(
  fields: F,
  overrides?: O
): Table<FromFields<F, O>> => {
  const row: Record<string, Schema.Struct.Fields[string]> = {}
  for (const [field, schema] of Object.entries(fields)) {
    const replacement: Schema.Struct.Fields | undefined = overrides?.[field]
    if (replacement === undefined) row[field] = columnOf(schema)
    else Object.assign(row, replacement)
  }
  return make(row as FromFields<F, O>)
}

/** The same table with only the fields `keys`: a narrower read. */
export const pick = <F extends Schema.Struct.Fields, const K extends keyof F>(
  table: Table<F>,
  keys: ReadonlyArray<K>
): Table<Pick<F, K>> => {
  const fields: Partial<Pick<F, K>> = {}
  for (const key of keys) fields[key] = table.fields[key]
  return make(fields as Pick<F, K>)
}

/** Rows read with `.values`. */
export type Values = ReadonlyArray<ReadonlyArray<unknown>>

/** One table's columns in rows read with `.values`. */
export interface Read<A> {
  /** The select list: the columns in the record's order, prefixed `<alias>.` when given one. */
  readonly select: Statement.Fragment
  /** The position after these columns: where the next table's, or a column of its own, is. */
  readonly end: number
  /** These columns of a row, decoded. */
  readonly row: (row: ReadonlyArray<unknown>) => Exit.Exit<A, Schema.SchemaError>
  /** These columns of every row, decoded. */
  readonly decode: (rows: Values) => Exit.Exit<ReadonlyArray<A>, Schema.SchemaError>
  /** These columns of the first row, decoded; none when there is no row or it holds none (`found`). */
  readonly first: (rows: Values) => Exit.Exit<Option.Option<A>, Schema.SchemaError>
  /**
   * Whether the row holds this table's row: an outer join that found none gives nulls, and the
   * first column of a read (`id`, or a `NOT NULL` one) is never null in a stored row.
   */
  readonly found: (row: ReadonlyArray<unknown>) => boolean
}

/** The column of a field: its name in snake_case. */
const columnName = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * Whether two values of a row as the driver gives them are the same: `Date`s of the same time, else
 * as JSON compares them (texts, numbers, a `jsonb` document with its keys in any order, a `text[]`).
 */
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b ||
  (a instanceof Date || b instanceof Date
    ? a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
    : PlayContext.sameJson(a, b))

/** How many rows a read that remembers its decodes keeps at least (at most twice as many). */
const REMEMBERED = 1024

/** What a remembered row is found by: its first column when text or a number, else one place for all. */
const keyOf = (value: unknown): unknown => (typeof value === "string" || typeof value === "number" ? value : keyOf)

/**
 * The decodes of a read's rows by their first column (`keyOf`), while the row's values are the
 * same: two generations, the newer replacing the older when full.
 */
const decodesOf = <A>() => {
  let current = new Map<unknown, { readonly values: ReadonlyArray<unknown>; readonly decoded: A }>()
  let previous = new Map<unknown, { readonly values: ReadonlyArray<unknown>; readonly decoded: A }>()
  return {
    get: (row: ReadonlyArray<unknown>, offset: number, end: number): A | undefined => {
      const key = keyOf(row[offset])
      const found = current.get(key) ?? previous.get(key)
      if (found === undefined) return undefined
      for (let i = offset; i < end; i++) if (!sameValue(found.values[i - offset], row[i])) return undefined
      return found.decoded
    },
    set: (row: ReadonlyArray<unknown>, offset: number, end: number, decoded: A): void => {
      if (current.size >= REMEMBERED) {
        previous = current
        current = new Map()
      }
      current.set(keyOf(row[offset]), { values: row.slice(offset, end), decoded })
    }
  }
}

/**
 * Reads `table` from position `offset` (default 0) of each row, its columns selected from the
 * table aliased `alias` (or unqualified), decoded with the row schema and then `map`.
 *
 * With `remember`, the read keeps what it decoded of the rows it read last, by their first column,
 * and answers a row whose values are all the same with that (the same object: what a store reads is
 * never changed in place). For the rows every play reads again (its account, channel, campaign,
 * branding and reward): decoding them through their schemas was about 10 µs of a start's CPU,
 * comparing their values about 1 (`docs/performance.md`).
 */
export const read = <F extends Schema.Struct.Fields, A = Schema.Struct.Type<F>>(
  table: Table<F>,
  options: {
    readonly alias?: string
    readonly offset?: number
    readonly map?: (row: Schema.Struct.Type<F>) => A
    readonly remember?: boolean
  } = {}
): Read<A> => {
  const offset = options.offset ?? 0
  const fields = Object.keys(table.fields)
  const prefix = options.alias === undefined ? "" : `${options.alias}.`
  // No table's schema needs a service to decode.
  const schema = table.Row as unknown as Schema.Decoder<Schema.Struct.Type<F>>
  const decodeRow = Schema.decodeUnknownExit(schema)
  const decodeRows = Schema.decodeUnknownExit(Schema.Array(schema))
  const map = options.map
  const objectOf = (row: ReadonlyArray<unknown>): Record<string, unknown> => {
    const object: Record<string, unknown> = {}
    for (let i = 0; i < fields.length; i++) object[fields[i]!] = row[offset + i]
    return object
  }
  const found = (row: ReadonlyArray<unknown>): boolean => row[offset] !== null
  const end = offset + fields.length
  const decodeNew = (row: ReadonlyArray<unknown>): Exit.Exit<A, Schema.SchemaError> => {
    const decoded = decodeRow(objectOf(row))
    return map === undefined ? (decoded as Exit.Exit<A, Schema.SchemaError>) : Exit.map(decoded, map)
  }
  const decodes = options.remember === true ? decodesOf<Exit.Exit<A, Schema.SchemaError>>() : undefined
  const decodeOne =
    decodes === undefined
      ? decodeNew
      : (row: ReadonlyArray<unknown>): Exit.Exit<A, Schema.SchemaError> => {
          const known = decodes.get(row, offset, end)
          if (known !== undefined) return known
          const decoded = decodeNew(row)
          if (Exit.isSuccess(decoded)) decodes.set(row, offset, end, decoded)
          return decoded
        }
  return {
    select: Statement.fragment([Statement.literal(fields.map((field) => prefix + columnName(field)).join(", "))]),
    end,
    row: decodeOne,
    decode: (rows) => {
      if (decodes !== undefined) {
        const all: Array<A> = []
        for (const row of rows) {
          const one = decodeOne(row)
          if (Exit.isFailure(one)) return Exit.failCause(one.cause)
          all.push(one.value)
        }
        return Exit.succeed(all)
      }
      const decoded = decodeRows(rows.map(objectOf))
      return map === undefined
        ? (decoded as Exit.Exit<ReadonlyArray<A>, Schema.SchemaError>)
        : Exit.map(decoded, (rows: ReadonlyArray<Schema.Struct.Type<F>>) => rows.map(map))
    },
    first: (rows) => {
      const row = rows[0]
      return row === undefined || !found(row) ? Exit.succeed(Option.none()) : Exit.map(decodeOne(row), Option.some)
    },
    found
  }
}

/** The reads of a join's tables (`joined`), by name, and the position after the last of them. */
export type Joined<T extends Record<string, readonly [Table<Schema.Struct.Fields>, string]>> = {
  readonly [K in keyof T]: Read<Schema.Struct.Type<T[K][0]["fields"]>>
} & { readonly end: number }

/**
 * The reads of several tables joined in one row, in the order given, each aliased and starting
 * where the previous one ends: `joined({ session: [Tables.sessions, "s"], campaign: [Tables.playCampaigns, "c"] })`
 * reads `s.…, c.…`, and `end` is where a column of the statement's own comes next. The tables named
 * in `remember` keep their decodes (`read`'s `remember`).
 */
export const joined = <const T extends Record<string, readonly [Table<Schema.Struct.Fields>, string]>>(
  tables: T,
  options: { readonly remember?: ReadonlyArray<keyof T> } = {}
): Joined<T> => {
  const reads: Record<string, unknown> = {}
  let end = 0
  for (const [name, [table, alias]] of Object.entries(tables)) {
    const one = read(table, { alias, offset: end, remember: options.remember?.includes(name) ?? false })
    reads[name] = one
    end = one.end
  }
  return { ...reads, end } as Joined<T>
}

/** The number a `SELECT count(*)::int …` (or a sum) read with `.values` answers; 0 without a row. */
export const count = (rows: Values): number => Number(rows[0]?.[0] ?? 0)

/**
 * A page of a list read with `count(*) OVER ()::int` right after `read`'s columns: each row carries
 * the total of the matching rows. A page past the end has no row to carry it, so `count` runs then
 * (not on the first page, where no row means none match).
 */
export const page =
  <A, E, R>(read: Read<A>, page: Pagination.Page, count: Effect.Effect<number, E, R>) =>
  (rows: Values): Effect.Effect<Pagination.Paged<A>, E | Schema.SchemaError, R> =>
    Effect.flatMap(read.decode(rows), (items) =>
      rows.length > 0
        ? Effect.succeed({ items, total: Number(rows[0]![read.end]) })
        : page.offset > 0
          ? Effect.map(count, (total) => ({ items, total }))
          : Effect.succeed({ items, total: 0 })
    )
