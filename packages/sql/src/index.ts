/**
 * `@campaign-games/sql`: the store ports of `@campaign-games/core` over effect/sql, with their
 * migrations, for PostgreSQL (`@effect/sql-pg`) and embedded PGlite.
 *
 * @since 0.1.0
 */
export * as Database from "./Database.ts"
export * as Migrations from "./Migrations.ts"
export * as PgliteClient from "./PgliteClient.ts"
export * as SqlStore from "./SqlStore.ts"
export * as SqlWebhookStore from "./SqlWebhookStore.ts"
