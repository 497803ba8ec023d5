/**
 * The part of the engine that is draws (winner selection: its use cases and the ports it fills, as one layer
 * that `Engine.layer` merges with the rest, and the repositories it asks of a store (joined into
 * `StorePorts.Repos`).
 *
 * @since 0.1.0
 */
import { Layer } from "effect"

/** The repositories this subsystem asks of a store (each store provides them: `SqlStore`, `MemoryStore`). */
export type Repos = never

/** The use cases an application calls. */
export type UseCases = never

/** What `layer` provides: the use cases and the ports this subsystem fills for the rest of the engine. */
export type Services = UseCases

/** What `layer` asks of the platform, besides the store's ports and `Engine.PlatformPorts`. */
export type Requirements = never

export interface Options {
  /** Runs the background workers of this subsystem on this instance (`Engine.Options.background`). */
  readonly background: boolean
}

/** The use cases and ports of this subsystem. */
export const layer = (_options: Options) => Layer.empty
