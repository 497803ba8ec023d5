/**
 * `@campaign-games/sql`: the store ports of `@campaign-games/core` over effect/sql, with their
 * migrations, for PostgreSQL (`@effect/sql-pg`) and embedded PGlite. `Database` gives a server's
 * whole store; `SqlStore` composes the repositories, one module each (`SqlAccountRepo`, …).
 *
 * @since 0.1.0
 */
export * as Database from "./Database.ts"
export * as Migrations from "./Migrations.ts"
export * as PgliteClient from "./PgliteClient.ts"
export * as SqlAccountRepo from "./SqlAccountRepo.ts"
export * as SqlAllowedOriginRepo from "./SqlAllowedOriginRepo.ts"
export * as SqlApiKeyRepo from "./SqlApiKeyRepo.ts"
export * as SqlBrandingRepo from "./SqlBrandingRepo.ts"
export * as SqlCampaignRepo from "./SqlCampaignRepo.ts"
export * as SqlChannelRepo from "./SqlChannelRepo.ts"
export * as SqlDraws from "./SqlDraws.ts"
export * as SqlDeliveryNotices from "./SqlDeliveryNotices.ts"
export * as SqlDeliveryRepo from "./SqlDeliveryRepo.ts"
export * as SqlEndpointRepo from "./SqlEndpointRepo.ts"
export * as SqlEntryRepo from "./SqlEntryRepo.ts"
export * as SqlEventOutbox from "./SqlEventOutbox.ts"
export * as SqlMedia from "./SqlMedia.ts"
export * as SqlPlayContextRepo from "./SqlPlayContextRepo.ts"
export * as SqlPlayFinishRepo from "./SqlPlayFinishRepo.ts"
export * as SqlRewards from "./SqlRewards.ts"
export * as SqlServerSecretRepo from "./SqlServerSecretRepo.ts"
export * as SqlStatsRepo from "./SqlStatsRepo.ts"
export * as SqlSessionRepo from "./SqlSessionRepo.ts"
export * as SqlStore from "./SqlStore.ts"
export * as SqlUsageRepo from "./SqlUsageRepo.ts"
export * as SqlWebhookStore from "./SqlWebhookStore.ts"
export * as SqlDrawSelect from "./SqlDrawSelect.ts"
