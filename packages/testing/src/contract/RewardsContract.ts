/**
 * The store contract of rewards: one suite per repository of `RewardsEngine.Repos`, registered by
 * `StoreContract` and run on every store (memory, PGlite, PostgreSQL).
 *
 * @since 0.1.0
 */
import type { StoreServices } from "@campaign-games/core/StorePorts"
import type { Vitest } from "@effect/vitest"

/** The suites of rewards, by the port each pins. */
export const suites: Record<string, (it: Vitest.MethodsNonLive<StoreServices>) => void> = {}
