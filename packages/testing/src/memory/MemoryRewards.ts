/**
 * The repositories of rewards in memory (`RewardsEngine.Repos` in the core), over `MemoryDatabase`;
 * `MemoryStore` merges them with the rest.
 *
 * @since 0.1.0
 */
import type * as RewardsEngine from "@campaign-games/core/rewards/RewardsEngine"
import { Layer } from "effect"
import type { MemoryDatabase } from "../MemoryDatabase.ts"

/** Every repository of rewards over the memory database. */
export const layer: Layer.Layer<RewardsEngine.Repos, never, MemoryDatabase> = Layer.empty
