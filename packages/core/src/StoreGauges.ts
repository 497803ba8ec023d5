/**
 * The `StoreGauges` port: what a store can say about its own state for the operator's metrics,
 * read when the metrics are scraped (a few times a minute), never on a request's path.
 *
 * - `webhookPending`: deliveries of every account waiting to be sent (`pending`, or `failed` with
 *   a retry to come), across every instance sharing the store.
 * - `pool`: this instance's database connections by state, where the store has a pool
 *   (PostgreSQL); `null` for a store without one (memory, the embedded PGlite's single session).
 *
 * @since 0.1.0
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "./Failure.ts"

/** This instance's database connections by state. */
export interface PoolConnections {
  /** Running a statement or holding a transaction open. */
  readonly inUse: number
  /** Open and free. */
  readonly idle: number
  /** In use and blocked on a lock another connection holds. */
  readonly waiting: number
}

export interface Gauges {
  readonly webhookPending: number
  readonly pool: PoolConnections | null
}

export class StoreGauges extends Context.Service<
  StoreGauges,
  {
    readonly read: Effect.Effect<Gauges, StoreError>
  }
>()("@campaign-games/core/StoreGauges") {}
