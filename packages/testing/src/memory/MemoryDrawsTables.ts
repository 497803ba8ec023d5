/**
 * The tables of draws in the memory database (`MemoryDatabase` joins them into its own), each a
 * `Table.of<K, V>()` with its key and row types. Imports only `internal/Table.ts` and types, so the
 * database can import it.
 *
 * @since 0.1.0
 */
import type { DrawRun } from "@campaign-games/core"
import * as Table from "../internal/Table.ts"

/** The tables of draws. */
export const tables = {
  /** campaign id → its draws' seed secret */
  drawSecrets: Table.of<string, DrawRun.Secret>(),
  /** run id → run */
  drawRuns: Table.of<string, DrawRun.Run>(),
  /** entry id → the stamp it got when a draw first saw it (SQL's `entries.draw_seq`) */
  drawEntryStamps: Table.of<string, number>(),
  /** `"next"` → the stamp the next entries seen get (SQL's `entries_draw_seq`) */
  drawStampCounter: Table.of<string, number>()
}
