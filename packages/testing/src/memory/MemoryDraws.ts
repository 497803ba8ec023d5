/**
 * The repositories of draws in memory (`DrawsEngine.Repos` in the core), over `MemoryDatabase`;
 * `MemoryStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type * as DrawsEngine from "@campaign-games/core/draws/DrawsEngine"
import { Layer } from "effect"
import type { MemoryDatabase } from "../MemoryDatabase.ts"

/** Every repository of draws over the memory database. */
export const layer: Layer.Layer<DrawsEngine.Repos, never, MemoryDatabase> = Layer.empty
