/**
 * `@campaign-games/testing`: the testing kit of Campaign Games. Every store port in memory
 * (`MemoryStore`, over one `MemoryDatabase`, with a module per repository under `memory/`) and the
 * store contract every store adapter runs (`StoreContract`, a suite per port under `contract/`).
 *
 * @since 0.1.0
 */
export * as MemoryStore from "./MemoryStore.ts"
export * as StoreContract from "./StoreContract.ts"
export * as MemoryWebhookStore from "./MemoryWebhookStore.ts"
export * as StoreContractWebhooks from "./StoreContractWebhooks.ts"
export * as Simulation from "./simulation/Simulation.ts"
