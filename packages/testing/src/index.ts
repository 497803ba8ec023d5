/**
 * `@campaign-games/testing`: the testing kit of Campaign Games. An in-memory store and the store
 * contract suite every store adapter runs.
 *
 * @since 0.1.0
 */
export * as MemoryStore from "./MemoryStore.ts"
export * as StoreContract from "./StoreContract.ts"
export * as MemoryWebhookStore from "./MemoryWebhookStore.ts"
export * as StoreContractWebhooks from "./StoreContractWebhooks.ts"
