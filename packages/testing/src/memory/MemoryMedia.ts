/**
 * The repositories of media in memory (`MediaEngine.Repos` in the core), over `MemoryDatabase`;
 * `MemoryStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type { MediaEngine } from "@campaign-games/core"
import { Layer } from "effect"
import type { MemoryDatabase } from "../MemoryDatabase.ts"
import * as MemoryAssetRepo from "./MemoryAssetRepo.ts"
import * as MemoryMediaFolderRepo from "./MemoryMediaFolderRepo.ts"

/** Every repository of media over the memory database. */
export const layer: Layer.Layer<MediaEngine.Repos, never, MemoryDatabase> = Layer.mergeAll(
  MemoryAssetRepo.layer,
  MemoryMediaFolderRepo.layer
)
