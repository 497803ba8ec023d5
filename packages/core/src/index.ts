/**
 * `@campaign-games/core`: the pure domain of Campaign Games. Schemas, rules, use cases and the
 * ports (store, secrets) they run on. Imports only `effect`.
 *
 * Modules are grouped by subsystem (`accounts/`, `campaigns/`, `draws/`, `games/`, `media/`, `play/`,
 * `rewards/`, `webhooks/`),
 * each with an `index.ts`; the modules every subsystem shares (errors, validation, ids, pages,
 * field schemas, the store and secrets ports) sit at the top. Every module is also exported here as
 * a namespace, and reachable by its path (`@campaign-games/core/play/PlayLimit`).
 *
 * @since 0.1.0
 */
export * from "./accounts/index.ts"
export * from "./campaigns/index.ts"
export * from "./draws/index.ts"
export * as Engine from "./Engine.ts"
export * as EngineMetrics from "./EngineMetrics.ts"
export * as Errors from "./Errors.ts"
export * as Failure from "./Failure.ts"
export * as Fields from "./Fields.ts"
export * from "./games/index.ts"
export * as Idempotency from "./Idempotency.ts"
export * as Ids from "./Ids.ts"
export * as InstanceCache from "./InstanceCache.ts"
export * from "./media/index.ts"
export * as Pagination from "./Pagination.ts"
export * from "./play/index.ts"
export * from "./privacy/index.ts"
export * from "./rewards/index.ts"
export * as Secrets from "./Secrets.ts"
export * as StorableText from "./StorableText.ts"
export * as Stats from "./stats/Stats.ts"
export * as Store from "./Store.ts"
export * as StoreGauges from "./StoreGauges.ts"
export * as StorePorts from "./StorePorts.ts"
export * as Validation from "./Validation.ts"
export * from "./webhooks/index.ts"
