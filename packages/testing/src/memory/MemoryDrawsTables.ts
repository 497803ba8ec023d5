/**
 * The tables of draws in the memory database (`MemoryDatabase` joins them into its own), each a
 * `table<K, V>()` with its key and row types. Imports only `internal/Table.ts` and types, so the
 * database can import it.
 *
 * @since 0.1.0
 */

/** The tables of draws. */
export const tables = {}
