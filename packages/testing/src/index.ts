/**
 * `@campaign-games/testing`: the testing kit of Campaign Games. Every store port in memory
 * (`MemoryStore`, over one `MemoryDatabase`, with a module per repository under `memory/`) and the
 * store contract every store adapter runs (`StoreContract`, a suite per port under `contract/`), the
 * blob stores' contract (`BlobStoreContract`) and a memory blob store, and the deterministic
 * simulation of the whole engine (`Simulation`).
 *
 * @since 0.1.0
 */
export * as MemoryStore from "./MemoryStore.ts"
export * as StoreContract from "./StoreContract.ts"
export * as MemoryWebhookStore from "./MemoryWebhookStore.ts"
export * as StoreContractWebhooks from "./StoreContractWebhooks.ts"
export * as Simulation from "./simulation/Simulation.ts"
export * as MemoryBlobStore from "./memory/MemoryBlobStore.ts"
export * as MemoryMediaPorts from "./memory/MemoryMediaPorts.ts"
export * as BlobStoreContract from "./contract/BlobStoreContract.ts"
export * as FaultProxy from "./FaultProxy.ts"
