/**
 * Handlers of statistics and exports (`groups/Stats.ts`). The exports turn the core's streams of
 * rows into CSV with csv-stringify (RFC 4180 quoting), a few hundred rows per chunk written.
 *
 * @since 0.1.0
 */
import { type Entry, type Grant, Stats } from "@campaign-games/core"
import { stringify } from "csv-stringify/sync"
import { DateTime, Stream } from "effect"
import { Api } from "../Api.ts"
import * as Garbage from "../internal/Garbage.ts"
import * as Handle from "./Handle.ts"

/** Rows per CSV chunk: large enough to keep the per-chunk cost low, small enough to stream. */
const CHUNK = 500

/**
 * About what the heap allocates for one exported row (the driver's row, the domain value, its CSV
 * record: csv-stringify alone makes several kilobytes of short-lived objects a record), measured
 * with `--trace-gc` (`bench/exports.ts`). The body asks for a minor collection every
 * `Garbage.EVERY` of it, about every thousand rows: otherwise V8 lets its young generation grow
 * to its full size (64 MiB a semi-space here) before collecting, and a single export grew the
 * server's resident memory by 75 MiB.
 */
const ALLOCATED_PER_ROW = 8 * 1024

const encoder = new TextEncoder()

type Cell = string | number | boolean | null

const iso = (t: DateTime.Utc | null): string | null => (t === null ? null : DateTime.formatIso(t))

/** CSV text of `rows` (RFC 4180: CRLF, quotes doubled, a field quoted when it must be; null empty). */
const csv = (rows: ReadonlyArray<ReadonlyArray<Cell>>): string =>
  stringify(rows as Array<Array<Cell>>, {
    record_delimiter: "windows",
    // RFC 4180: a field holding a line break is quoted (csv-stringify quotes only the record
    // delimiter, CRLF, by itself).
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => (value ? "true" : "false") }
  })

/**
 * The CSV body of a stream of rows: the header, then the rows in chunks. The buffers the rows went
 * through (the database's socket reads, the encoded chunks) are collected as the body goes
 * (`Garbage`), so a million rows leave the server's memory flat.
 */
const csvBody = <A, E>(header: ReadonlyArray<string>, rows: Stream.Stream<A, E>, row: (a: A) => ReadonlyArray<Cell>) =>
  Stream.suspend(() => {
    const passed = Garbage.counter()
    return Stream.concat(
      Stream.make(encoder.encode(csv([header]))),
      rows.pipe(
        Stream.rechunk(CHUNK),
        Stream.mapArray((chunk) => {
          const bytes = encoder.encode(csv(chunk.map(row)))
          passed(chunk.length * ALLOCATED_PER_ROW)
          return [bytes] as const
        })
      )
    )
  })

export const ENTRY_COLUMNS = [
  "id",
  "sessionId",
  "participantRef",
  "score",
  "predictionOptionId",
  "outcomeId",
  "weight",
  "eligible",
  "createdAt"
] as const

const entryRow = (e: Entry.Entry): ReadonlyArray<Cell> => [
  e.id,
  e.sessionId,
  e.participantRef,
  e.score,
  e.predictionValue?.optionId ?? null,
  e.outcome?.id ?? null,
  e.weight,
  e.eligible,
  iso(e.createdAt)
]

export const GRANT_COLUMNS = [
  "id",
  "participantRef",
  "tierId",
  "code",
  "couponRef",
  "couponName",
  "source",
  "expiresAt",
  "createdAt"
] as const

const grantRow = (g: Grant.Listed): ReadonlyArray<Cell> => [
  g.id,
  g.participantRef,
  g.tierId,
  Stats.maskedCode(g),
  g.couponRef,
  g.couponName,
  g.source,
  iso(g.expiresAt),
  iso(g.createdAt)
]

export const StatsHandlers = Handle.group(Api, "stats", Stats.Stats, (handlers, stats) =>
  handlers
    .handle("stats", ({ params, query }) =>
      Handle.asActor(
        (actor) => stats.stats(actor, params.id, { from: query.from, to: query.to, interval: query.interval }),
        (result) => ({ stats: result })
      )
    )
    .handle("exportEntries", ({ params, query }) =>
      Handle.asActor(
        (actor) =>
          stats.exportEntries(actor, params.id, {
            search: Handle.search(query.search),
            sort: query.sort ?? "createdAt",
            dir: query.dir ?? "desc",
            eligible: query.eligible === undefined ? undefined : query.eligible === "true"
          }),
        (rows) => csvBody(ENTRY_COLUMNS, rows, entryRow)
      )
    )
    .handle("exportGrants", ({ params }) =>
      Handle.asActor(
        (actor) => stats.exportGrants(actor, params.id),
        (rows) => csvBody(GRANT_COLUMNS, rows, grantRow)
      )
    )
)
