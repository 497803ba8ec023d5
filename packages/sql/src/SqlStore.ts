/**
 * The store over effect/sql: the `Store` port (transactions and locks) and the composition of
 * every repository module (`SqlAccountRepo`, …, `SqlPlayFinishRepo`) into the ports of core's
 * `StorePorts`, for PostgreSQL (`@effect/sql-pg`) and PGlite (`PgliteClient`) alike, on the schema
 * of `Migrations`.
 *
 * - `Store.transaction` is `SqlClient.withTransaction` (nested ones are savepoints). A top-level
 *   transaction that fails on a serialization failure or a deadlock is run again, up to four more
 *   times after a short jittered backoff (slept on the clock the layer was built with, so a test
 *   clock in the caller's fibers never stalls it).
 * - `Store.lock(key)` is `pg_advisory_xact_lock(hashtextextended(key, 0))`: an exclusive lock held
 *   until the transaction ends, shared by every server on the same database. Outside a transaction
 *   it is released at once, like the memory store's no-op.
 * - Failures (`SqlError`, rows that fail to decode) become `StoreError`, keeping the cause.
 * - A top-level transaction, its retries included, waits at most `Bounded.StoreTimeout` for the
 *   database, as every port call does (`Bounded`): past it, a `StoreError`.
 *
 * @since 0.1.0
 */
import { Errors, Store, type StorePorts } from "@campaign-games/core"
import { Clock, Effect, Layer, Option, Random } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import * as Bounded from "./internal/Bounded.ts"
import * as Repository from "./internal/Repository.ts"
import * as SqlAccountRepo from "./SqlAccountRepo.ts"
import * as SqlAllowedOriginRepo from "./SqlAllowedOriginRepo.ts"
import * as SqlApiKeyRepo from "./SqlApiKeyRepo.ts"
import * as SqlBrandingRepo from "./SqlBrandingRepo.ts"
import * as SqlCampaignRepo from "./SqlCampaignRepo.ts"
import * as SqlChannelRepo from "./SqlChannelRepo.ts"
import * as SqlDraws from "./SqlDraws.ts"
import * as SqlEntryRepo from "./SqlEntryRepo.ts"
import * as SqlEventOutbox from "./SqlEventOutbox.ts"
import * as SqlPlayContextRepo from "./SqlPlayContextRepo.ts"
import * as SqlPlayFinishRepo from "./SqlPlayFinishRepo.ts"
import * as SqlPrivacyRepo from "./SqlPrivacyRepo.ts"
import * as SqlIdempotencyRepo from "./SqlIdempotencyRepo.ts"
import * as SqlMedia from "./SqlMedia.ts"
import * as SqlRewards from "./SqlRewards.ts"
import * as SqlStatsRepo from "./SqlStatsRepo.ts"
import * as SqlServerSecretRepo from "./SqlServerSecretRepo.ts"
import * as SqlSessionRepo from "./SqlSessionRepo.ts"
import * as SqlStoreGauges from "./SqlStoreGauges.ts"
import * as Conflicts from "./internal/Conflicts.ts"
import * as SqlUsageRepo from "./SqlUsageRepo.ts"
import * as SqlMemoryBoardRepo from "./SqlMemoryBoardRepo.ts"
import * as SqlWebhookStore from "./SqlWebhookStore.ts"

/** Whether a failure is a transient conflict worth running the transaction again for. */
export const isTransient = (error: unknown): boolean => {
  const cause = error instanceof Errors.StoreError ? error.cause : error
  return SqlError.isSqlError(cause) && Conflicts.isConflict(cause)
}

/** How many times a transaction runs at most when it keeps hitting transient conflicts. */
export const MAX_ATTEMPTS = 5

/** The `Store` port: transactions with retries on transient conflicts, advisory locks. */
export const layerStore: Layer.Layer<Store.Store, never, SqlClient.SqlClient> = Layer.effect(
  Store.Store,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const clock = yield* Clock.Clock
    const bound = Bounded.bounded("Store.transaction", yield* Bounded.StoreTimeout)

    const backoff = (attempt: number) =>
      Effect.flatMap(Random.nextBetween(0.5, 1.5), (jitter) =>
        Effect.sleep(Math.round(5 * 2 ** (attempt - 1) * jitter)).pipe(Effect.provideService(Clock.Clock, clock))
      )

    const retrying = <A, E, R>(self: Effect.Effect<A, E, R>, attempt: number): Effect.Effect<A, E, R> =>
      Effect.catchIf(self, isTransient, (error) =>
        attempt >= MAX_ATTEMPTS ? Effect.fail(error) : Effect.andThen(backoff(attempt), retrying(self, attempt + 1))
      )

    const toStore = <E>(error: E | SqlError.SqlError): E | Errors.StoreError =>
      SqlError.isSqlError(error) ? Repository.toStoreError("Store.transaction")(error) : error

    return Store.Store.of({
      transaction: <A, E, R>(self: Effect.Effect<A, E, R>) =>
        Effect.flatMap(Effect.serviceOption(sql.transactionService), (open) => {
          const once = Effect.mapError(sql.withTransaction(self), toStore<E>)
          return Option.isSome(open) ? once : bound(retrying(once, 1))
        }),
      lock: (key) =>
        sql`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`.pipe(
          Effect.asVoid,
          Effect.mapError(Repository.toStoreError("Store.lock"))
        )
    })
  })
)

/** Every repository of accounts, campaigns and plays (`StorePorts.Repos`) over a `SqlClient`. */
export const layerRepos: Layer.Layer<StorePorts.Repos, never, SqlClient.SqlClient> = Layer.mergeAll(
  SqlAccountRepo.layer,
  SqlApiKeyRepo.layer,
  SqlChannelRepo.layer,
  SqlCampaignRepo.layer,
  SqlBrandingRepo.layer,
  SqlAllowedOriginRepo.layer,
  SqlSessionRepo.layer,
  SqlMemoryBoardRepo.layer,
  SqlEntryRepo.layer,
  SqlEventOutbox.layer,
  SqlUsageRepo.layer,
  SqlServerSecretRepo.layer,
  SqlIdempotencyRepo.layer,
  SqlPlayContextRepo.layer.pipe(Layer.provide([layerStore, SqlSessionRepo.layer])),
  SqlPlayFinishRepo.layer,
  SqlDraws.layer,
  SqlRewards.layer,
  SqlStatsRepo.layer,
  SqlMedia.layer,
  SqlPrivacyRepo.layer
)

/** Every port of a store (`StorePorts.StoreServices`) over a migrated database. */
export const layer: Layer.Layer<StorePorts.StoreServices, never, SqlClient.SqlClient> = Layer.mergeAll(
  layerStore,
  layerRepos,
  SqlWebhookStore.layer,
  SqlStoreGauges.layer
)
