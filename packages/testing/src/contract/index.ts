/**
 * `@campaign-games/testing/contract`: the suites a store adapter runs to show it keeps the store
 * ports' contract (`StoreContract`, a suite per port in this folder, and the webhook store's
 * `StoreContractWebhooks`), the blob stores' contract (`BlobStoreContract`) and the media files'
 * (`MediaAssetRepoContract`). They are `@effect/vitest` suites: this subpath loads vitest, which the
 * package's root never does.
 *
 * @since 0.1.0
 */
export * as BlobStoreContract from "./BlobStoreContract.ts"
export * as MediaAssetRepoContract from "./MediaAssetRepoContract.ts"
export * as StoreContract from "../StoreContract.ts"
export * as StoreContractWebhooks from "../StoreContractWebhooks.ts"
