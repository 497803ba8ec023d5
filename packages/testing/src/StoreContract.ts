/**
 * The store contract: the suites every adapter of the store ports runs (`MemoryStore`, PGlite,
 * PostgreSQL), one per port, each in a module of its own under `contract/` that says what it pins,
 * registered here under a `describe` of the port's name (`suites`). Together they pin what the engine's rules rely on:
 *
 * - every field round-trips exactly (times to the millisecond as `DateTime.Utc`, also inside
 *   documents; nested documents such as game configs, themes and webhook payloads; nulls, arrays,
 *   overrides);
 * - queries are scoped by account; lists are ordered, filtered, searched (literally, folding ASCII
 *   letters only, as PostgreSQL's `ILIKE` under `COLLATE "C"`) and paginated with a `total`;
 * - `update` never changes `createdAt`; deletes and revokes answer whether they did something;
 *   constraints fail with `StoreError` (a duplicate origin with core's `Conflict`);
 * - transactions keep all or none of their writes, nest as savepoints, and `lock` serialises the
 *   "lock, count, insert while under the limit" pattern of every plan and play limit;
 * - plays: a `jti` starts one session, a session finishes once, a finish writes its entry, event and
 *   deliveries all or none; webhook deliveries are claimed once per lease.
 *
 * The tests share one store (one layer build) and use ids unique to each test, so the suites run on
 * a long-lived database too. They run on the live clock and random: the contract is about storage,
 * not time.
 *
 * @since 0.1.0
 */
import type { StorePorts } from "@campaign-games/core"
import { describe, layer, type Vitest } from "@effect/vitest"
import type { Layer } from "effect"
import * as AccountRepoContract from "./contract/AccountRepoContract.ts"
import * as AllowedOriginRepoContract from "./contract/AllowedOriginRepoContract.ts"
import * as ApiKeyRepoContract from "./contract/ApiKeyRepoContract.ts"
import * as BrandingRepoContract from "./contract/BrandingRepoContract.ts"
import * as CampaignRepoContract from "./contract/CampaignRepoContract.ts"
import * as ChannelRepoContract from "./contract/ChannelRepoContract.ts"
import * as DeliveryRepoContract from "./contract/DeliveryRepoContract.ts"
import * as DrawsContract from "./contract/DrawsContract.ts"
import * as EndpointRepoContract from "./contract/EndpointRepoContract.ts"
import * as EntryRepoContract from "./contract/EntryRepoContract.ts"
import * as EventOutboxContract from "./contract/EventOutboxContract.ts"
import * as IdempotencyRepoContract from "./contract/IdempotencyRepoContract.ts"
import * as MediaContract from "./contract/MediaContract.ts"
import * as PlayContextRepoContract from "./contract/PlayContextRepoContract.ts"
import * as PlayFinishRepoContract from "./contract/PlayFinishRepoContract.ts"
import * as RewardsContract from "./contract/RewardsContract.ts"
import * as ServerSecretRepoContract from "./contract/ServerSecretRepoContract.ts"
import * as SessionRepoContract from "./contract/SessionRepoContract.ts"
import * as StoreGaugesContract from "./contract/StoreGaugesContract.ts"
import * as MemoryBoardRepoContract from "./contract/MemoryBoardRepoContract.ts"
import * as StatsRepoContract from "./contract/StatsRepoContract.ts"
import * as StoreTransactionsContract from "./contract/StoreTransactionsContract.ts"
import * as UsageRepoContract from "./contract/UsageRepoContract.ts"
/* eslint-disable @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883) */
import type {
  Account,
  AllowedOrigin,
  ApiKey,
  Branding,
  Campaign,
  Channel,
  ClientToken,
  DrawRun,
  Entry,
  Event,
  Idempotency,
  MemoryBoard,
  PlayContext,
  Session,
  Store,
  Usage,
  Webhook
} from "@campaign-games/core"
/* eslint-enable @typescript-eslint/no-unused-vars */

/** The services an adapter under test provides: every store port. */
export type Services = StorePorts.StoreServices

/** The suites, by the port (or part of the store) each pins, in the order they run. */
export const suites = {
  AccountRepo: AccountRepoContract.tests,
  ApiKeyRepo: ApiKeyRepoContract.tests,
  ChannelRepo: ChannelRepoContract.tests,
  CampaignRepo: CampaignRepoContract.tests,
  BrandingRepo: BrandingRepoContract.tests,
  SessionRepo: SessionRepoContract.tests,
  MemoryBoardRepo: MemoryBoardRepoContract.tests,
  EntryRepo: EntryRepoContract.tests,
  EventOutbox: EventOutboxContract.tests,
  UsageRepo: UsageRepoContract.tests,
  ServerSecretRepo: ServerSecretRepoContract.tests,
  IdempotencyRepo: IdempotencyRepoContract.tests,
  AllowedOriginRepo: AllowedOriginRepoContract.tests,
  PlayContextRepo: PlayContextRepoContract.tests,
  PlayFinishRepo: PlayFinishRepoContract.tests,
  EndpointRepo: EndpointRepoContract.tests,
  DeliveryRepo: DeliveryRepoContract.tests,
  StatsRepo: StatsRepoContract.tests,
  "Store (transactions and locks)": StoreTransactionsContract.tests,
  StoreGauges: StoreGaugesContract.tests,
  ...DrawsContract.suites,
  ...RewardsContract.suites,
  ...MediaContract.suites
} satisfies Record<string, (it: Vitest.MethodsNonLive<Services>) => void>

/** Registers each of `chosen` under a `describe` of its name. */
export const register = <R>(
  it: Vitest.MethodsNonLive<R>,
  chosen: Record<string, (it: Vitest.MethodsNonLive<R>) => void>
): void => {
  for (const [name, tests] of Object.entries(chosen)) describe(name, () => tests(it))
}

/**
 * Registers the store contract tests under `name`, run against one build of `storeLayer` shared by
 * every test of the suite, on the live clock.
 */
export const suite = (name: string, storeLayer: Layer.Layer<Services, unknown>): void =>
  layer(storeLayer, { excludeTestServices: true, timeout: "120 seconds" })(name, tests)

/**
 * Registers every suite of the store contract with `it`, for a file that shares its layer with
 * tests of its own (one PGlite for the whole file, say). Run them on the live clock
 * (`excludeTestServices`).
 */
export const tests = (it: Vitest.MethodsNonLive<Services>): void => register(it, suites)
