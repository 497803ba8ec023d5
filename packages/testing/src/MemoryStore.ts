/**
 * Every store port in memory (`StorePorts.StoreServices`: `Store` and each repository) for tests and
 * deterministic simulations. It keeps the semantics the store contract suites pin
 * (`StoreContract`), so rules tested here hold on PGlite and PostgreSQL too:
 *
 * - `Store.transaction` runs transactions one at a time (one semaphore per store); a failing or
 *   interrupted transaction leaves none of its writes, a transaction inside another joins it as a
 *   savepoint. `Store.lock` is a no-op: transactions are already serialised.
 * - Writes outside a transaction apply at once. Reads outside a transaction see the writes of a
 *   transaction still running (there is no isolation beyond the serialised transactions).
 * - Constraints are kept as SQL keeps them (each repository's module says which): a breach fails
 *   with `StoreError`, a duplicate `jti` is `false` from `SessionRepo.insert`, a duplicate origin
 *   in an account core's `Conflict`.
 * - Text sorts as PostgreSQL's `COLLATE "C"` does (by code point), and searches fold ASCII letters
 *   only, as `ILIKE` does under that collation.
 *
 * This module is the composition only: the tables are `MemoryDatabase`, one module per repository
 * under `memory/` (`MemoryAccountRepo`, …, `MemoryEndpointRepo`, `MemoryDeliveryRepo`), and the
 * write across aggregates, a play's finish, is `memory/MemoryPlayFinishRepo`. Each build of
 * `layer` starts empty.
 *
 * @since 0.1.0
 */
import { Store, type StorePorts } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import * as MemoryAccountRepo from "./memory/MemoryAccountRepo.ts"
import * as MemoryAllowedOriginRepo from "./memory/MemoryAllowedOriginRepo.ts"
import * as MemoryApiKeyRepo from "./memory/MemoryApiKeyRepo.ts"
import * as MemoryBrandingRepo from "./memory/MemoryBrandingRepo.ts"
import * as MemoryCampaignRepo from "./memory/MemoryCampaignRepo.ts"
import * as MemoryChannelRepo from "./memory/MemoryChannelRepo.ts"
import * as MemoryDraws from "./memory/MemoryDraws.ts"
import * as MemoryEntryRepo from "./memory/MemoryEntryRepo.ts"
import * as MemoryEventOutbox from "./memory/MemoryEventOutbox.ts"
import * as MemoryPlayContextRepo from "./memory/MemoryPlayContextRepo.ts"
import * as MemoryPlayFinishRepo from "./memory/MemoryPlayFinishRepo.ts"
import * as MemoryPrivacyRepo from "./memory/MemoryPrivacyRepo.ts"
import * as MemoryRewards from "./memory/MemoryRewards.ts"
import * as MemoryIdempotencyRepo from "./memory/MemoryIdempotencyRepo.ts"
import * as MemoryMedia from "./memory/MemoryMedia.ts"
import * as MemoryServerSecretRepo from "./memory/MemoryServerSecretRepo.ts"
import * as MemoryBoardRepo from "./memory/MemoryBoardRepo.ts"
import * as MemorySessionRepo from "./memory/MemorySessionRepo.ts"
import * as MemoryStoreGauges from "./memory/MemoryStoreGauges.ts"
import * as MemoryStatsRepo from "./memory/MemoryStatsRepo.ts"
import * as MemoryUsageRepo from "./memory/MemoryUsageRepo.ts"
import { MemoryDatabase } from "./MemoryDatabase.ts"
import * as MemoryWebhookStore from "./MemoryWebhookStore.ts"

export { MemoryDatabase } from "./MemoryDatabase.ts"
export { EventLog } from "./memory/MemoryEventOutbox.ts"

/** What `layer` provides: every store port, the database under them and the event log. */
export type Services = StorePorts.StoreServices | MemoryDatabase | MemoryEventOutbox.EventLog

/** The `Store` port over the database: serialised transactions, locks are no-ops. */
export const layerStore: Layer.Layer<Store.Store, never, MemoryDatabase> = Layer.effect(
  Store.Store,
  Effect.map(Effect.service(MemoryDatabase), (database) =>
    Store.Store.of({ transaction: database.transaction, lock: () => Effect.void })
  )
)

/** The repositories of one aggregate each, over the database. */
const aggregates = Layer.mergeAll(
  MemoryAccountRepo.layer,
  MemoryApiKeyRepo.layer,
  MemoryChannelRepo.layer,
  MemoryCampaignRepo.layer,
  MemoryBrandingRepo.layer,
  MemorySessionRepo.layer,
  MemoryBoardRepo.layer,
  MemoryEntryRepo.layer,
  MemoryEventOutbox.layer,
  MemoryEventOutbox.layerEventLog,
  MemoryUsageRepo.layer,
  MemoryServerSecretRepo.layer,
  MemoryIdempotencyRepo.layer,
  MemoryAllowedOriginRepo.layer,
  MemoryWebhookStore.layer,
  MemoryDraws.layer,
  MemoryRewards.layer,
  MemoryMedia.layer,
  MemoryStoreGauges.layer,
  MemoryPrivacyRepo.layer
)

/** The reads and writes of a play, over the repositories of the aggregates they span. */
const plays = Layer.mergeAll(MemoryPlayContextRepo.layer, MemoryPlayFinishRepo.layer, MemoryStatsRepo.layer)

/** `Store` and every repository in memory, with the `MemoryDatabase` they share. Every build starts empty. */
export const layer: Layer.Layer<Services> = plays.pipe(
  Layer.provideMerge(Layer.mergeAll(layerStore, aggregates)),
  Layer.provideMerge(MemoryDatabase.layer)
)
