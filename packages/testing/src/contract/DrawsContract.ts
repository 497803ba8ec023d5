/**
 * The store contract of draws: one suite per repository of `DrawsEngine.Repos`, registered by
 * `StoreContract` and run on every store (memory, PGlite, PostgreSQL).
 *
 * @since 0.1.0
 */
import type { StoreServices } from "@campaign-games/core/StorePorts"
import type { Vitest } from "@effect/vitest"

/** The suites of draws, by the port each pins. */
export const suites: Record<string, (it: Vitest.MethodsNonLive<StoreServices>) => void> = {}
