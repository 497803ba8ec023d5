/**
 * The webhook store ports in memory (`EndpointRepo`, `DeliveryRepo` and its `DeliveryNotices`:
 * `memory/MemoryEndpointRepo.ts` and `memory/MemoryDeliveryRepo.ts`), over the `MemoryDatabase` of a memory store: their writes
 * join that store's transactions and an endpoint's account is looked up in its accounts table.
 * `MemoryStore.layer` already provides them; this layer is for a composition of its own over a
 * `MemoryDatabase` (the webhook store contract runs it so).
 *
 * @since 0.1.0
 */
import type { StorePorts } from "@campaign-games/core"
import { Layer } from "effect"
import * as MemoryDeliveryRepo from "./memory/MemoryDeliveryRepo.ts"
import * as MemoryEndpointRepo from "./memory/MemoryEndpointRepo.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

/** The ports of this module. */
export type Repos = StorePorts.WebhookRepos

/** `EndpointRepo`, `DeliveryRepo` and `DeliveryNotices` over the `MemoryDatabase` of a memory store. */
export const layer: Layer.Layer<Repos, never, MemoryDatabase> = Layer.mergeAll(
  MemoryEndpointRepo.layer,
  MemoryDeliveryRepo.layer
)
