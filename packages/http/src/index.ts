/**
 * `@campaign-games/http`: the Campaign Games `/v1` API as an Effect HttpApi (contract, handlers,
 * authentication, rate limits and the specification's error shape), and the Node adapters of the
 * engine's platform ports with `NodeEngine`, the whole engine on Node in one layer.
 *
 * @since 0.1.0
 */
export { Api } from "./Api.ts"
export * as ApiError from "./ApiError.ts"
export * as Client from "./Client.ts"
export * as DiskBlobStore from "./DiskBlobStore.ts"
export * as ErrorBoundary from "./ErrorBoundary.ts"
export * as HttpConfig from "./HttpConfig.ts"
export * as MediaRoutes from "./MediaRoutes.ts"
export * as MetricsEndpoint from "./MetricsEndpoint.ts"
export * as NodeEngine from "./NodeEngine.ts"
export * as NodeHostResolver from "./NodeHostResolver.ts"
export * as NodeImportFetcher from "./NodeImportFetcher.ts"
export * as NodeMedia from "./NodeMedia.ts"
export * as NodeMediaSniffer from "./NodeMediaSniffer.ts"
export * as NodePlayLane from "./NodePlayLane.ts"
export * as NodeSecrets from "./NodeSecrets.ts"
export * as NodeWebhookTransport from "./NodeWebhookTransport.ts"
export * as Observability from "./Observability.ts"
export * as RateLimit from "./RateLimit.ts"
export * as RateLimitStore from "./RateLimitStore.ts"
export * as S3BlobStore from "./S3BlobStore.ts"
export * as Security from "./Security.ts"
export * as Server from "./Server.ts"
export * as IdempotencyKeys from "./IdempotencyKeys.ts"
export * as StrictInput from "./StrictInput.ts"
export * as Tracing from "./Tracing.ts"
