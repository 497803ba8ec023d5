/**
 * The tables of media in the memory database (`MemoryDatabase` joins them into its own), each a
 * `Table.of<K, V>()` with its key and row types. Imports only `internal/Table.ts` and types, so the
 * database can import it.
 *
 * @since 0.1.0
 */
import type { Asset, Folder } from "@campaign-games/core"
import type { DateTime } from "effect"
import * as Table from "../internal/Table.ts"

/** A file as stored: with the lease of the import worker that claimed it (none otherwise). */
export interface StoredAsset {
  readonly asset: Asset.Asset
  readonly leaseUntil: DateTime.Utc | null
}

/** The tables of media. */
export const tables = {
  /** file id → file */
  mediaAssets: Table.of<string, StoredAsset>(),
  /** folder id → folder */
  mediaFolders: Table.of<string, Folder.Folder>()
}
