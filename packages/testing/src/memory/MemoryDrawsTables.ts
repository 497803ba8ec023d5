/**
 * The tables of draws in the memory database (`MemoryDatabase` joins them into its own), each a
 * `table<K, V>()` with its key and row types. Imports only `internal/Table.ts` and types, so the
 * database can import it.
 *
 * @since 0.1.0
 */
import type { Run, Secret } from "@campaign-games/core/draws/DrawRun"
import type * as Table from "../internal/Table.ts"

/** A table of `V` rows keyed by `K`, made in a database. */
const table =
  <K, V>() =>
  (database: Table.Database): Table.Table<K, V> =>
    database.table<K, V>()

/** The tables of draws. */
export const tables = {
  /** campaign id → its draws' seed secret */
  drawSecrets: table<string, Secret>(),
  /** run id → run */
  drawRuns: table<string, Run>(),
  /** entry id → the stamp it got when a draw first saw it (SQL's `entries.draw_seq`) */
  drawEntryStamps: table<string, number>(),
  /** `"next"` → the stamp the next entries seen get (SQL's `entries_draw_seq`) */
  drawStampCounter: table<string, number>()
}
