/**
 * `@campaign-games/testing`: the testing kit of Campaign Games. Every store port in memory
 * (`MemoryStore`, over one `MemoryDatabase`, with a module per repository under `memory/`), the
 * engine's platform ports with no network (`MemoryPlatform`), a memory blob store, the fixtures
 * (`Fixtures`) and the deterministic simulation of the whole engine (`Simulation`). The store
 * contract every store adapter runs, and the blob stores', are vitest suites at
 * `@campaign-games/testing/contract` (`StoreContract`, `BlobStoreContract`, …): the root does not
 * load vitest.
 *
 * @since 0.1.0
 */
export * as MemoryPlatform from "./MemoryPlatform.ts"
export * as MemoryStore from "./MemoryStore.ts"
export * as MemoryWebhookStore from "./MemoryWebhookStore.ts"
export * as Simulation from "./simulation/Simulation.ts"
export * as MemoryBlobStore from "./memory/MemoryBlobStore.ts"
export * as MemoryMediaPorts from "./memory/MemoryMediaPorts.ts"
export * as Fixtures from "./internal/Fixtures.ts"
export * as FaultProxy from "./FaultProxy.ts"
