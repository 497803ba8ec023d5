/**
 * `StoreGauges` in memory: the deliveries waiting to be sent, counted over the deliveries table;
 * no connection pool.
 *
 * @since 0.1.0
 */
import { StoreGauges } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { MemoryDatabase } from "../MemoryDatabase.ts"

/** `StoreGauges` over the `MemoryDatabase` of a memory store. */
export const layer: Layer.Layer<StoreGauges.StoreGauges, never, MemoryDatabase> = Layer.effect(
  StoreGauges.StoreGauges,
  Effect.map(Effect.service(MemoryDatabase), ({ tables }) =>
    StoreGauges.StoreGauges.of({
      read: Effect.sync(() => {
        let webhookPending = 0
        for (const { delivery } of tables.deliveries.values()) {
          if (delivery.status === "pending" || delivery.status === "failed") webhookPending++
        }
        return { webhookPending, pool: null }
      })
    })
  )
)
