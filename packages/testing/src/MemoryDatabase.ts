/**
 * The in-memory database under `MemoryStore`: every table of the store ports (accounts, keys,
 * channels, campaigns, branding, plays, events, usage, secrets, origins, webhook endpoints and
 * deliveries) and the transaction log they share (`internal/Table.ts`). One service, built once per
 * layer build, so every memory repository of a store (`memory/Memory*Repo.ts`, most made over the
 * tables with `repository`) reads and writes the same rows, whichever composition provides it, and
 * joins the same transactions.
 *
 * Rows are read synchronously and written with undo-logged `set`/`delete`. The secondary tables
 * (prefix → key id, jti → session id, session id → entry id, …) stand for SQL's unique indexes;
 * their keys are made here (`usageKey`, `playerKey`, `originKey`), once for every repository that
 * reads them. Draws, rewards and media keep their tables in modules of their own
 * (`memory/Memory*Tables.ts`), joined here.
 *
 * @since 0.1.0
 */
import type { Account } from "@campaign-games/core/accounts/Account"
import type { ApiKey } from "@campaign-games/core/accounts/ApiKey"
import type { Campaign } from "@campaign-games/core/campaigns/Campaign"
import type { Channel } from "@campaign-games/core/campaigns/Channel"
import type { Theme } from "@campaign-games/core/campaigns/Theme"
import type { AllowedOrigin } from "@campaign-games/core/play/AllowedOrigin"
import type { Entry } from "@campaign-games/core/play/Entry"
import type { Session } from "@campaign-games/core/play/Session"
import type { Event } from "@campaign-games/core/webhooks/Event"
import type { Privacy } from "@campaign-games/core"
import type { Delivery, Endpoint } from "@campaign-games/core/webhooks/Webhook"
import { Context, type DateTime, Effect, Layer } from "effect"
import * as Table from "./internal/Table.ts"
import * as MemoryDrawsTables from "./memory/MemoryDrawsTables.ts"
import * as MemoryMediaTables from "./memory/MemoryMediaTables.ts"
import * as MemoryRewardsTables from "./memory/MemoryRewardsTables.ts"

/** A webhook delivery as stored: with the lease of the instance that claimed it. */
export interface StoredDelivery {
  readonly delivery: Delivery
  readonly claimedUntil: DateTime.Utc | null
}

/** The key of an account's plays in a month (the usage table). */
export const usageKey = (accountId: string, month: string): string => `${accountId}\u0000${month}`

/** The key of a player's sessions on a channel. */
export const playerKey = (channelId: string, participantRef: string): string => `${channelId}\u0000${participantRef}`

/** The key of an allowed origin in its account (unique). */
export const originKey = (accountId: string, origin: string): string => `${accountId}\u0000${origin}`

/** The tables of one memory store, each with its key and row types. */
const tables = {
  accounts: Table.of<string, Account>(),
  apiKeys: Table.of<string, ApiKey>(),
  /** key prefix → key id */
  apiKeyPrefixes: Table.of<string, string>(),
  channels: Table.of<string, Channel>(),
  campaigns: Table.of<string, Campaign>(),
  /** account id → theme */
  branding: Table.of<string, Theme>(),
  sessions: Table.of<string, Session>(),
  /** jti → session id */
  sessionJtis: Table.of<string, string>(),
  /** `playerKey(channel, participantRef)` → the player's session ids on the channel */
  playerSessions: Table.of<string, ReadonlyArray<string>>(),
  entries: Table.of<string, Entry>(),
  /** session id → entry id */
  entrySessions: Table.of<string, string>(),
  events: Table.of<string, Event>(),
  /** `usageKey(account, month)` → plays */
  usage: Table.of<string, number>(),
  /** name → value */
  serverSecrets: Table.of<string, string>(),
  allowedOrigins: Table.of<string, AllowedOrigin>(),
  /** `originKey(account, origin)` → allowed origin id */
  allowedOriginKeys: Table.of<string, string>(),
  endpoints: Table.of<string, Endpoint>(),
  deliveries: Table.of<string, StoredDelivery>(),
  /** account id → retention days (`PrivacyRepo`) */
  privacySettings: Table.of<string, number>(),
  /** erasure id → erasure */
  erasures: Table.of<string, Privacy.Erasure>(),
  ...MemoryDrawsTables.tables,
  ...MemoryRewardsTables.tables,
  ...MemoryMediaTables.tables
}

/** The tables of one memory store. */
export type Tables = { readonly [Name in keyof typeof tables]: ReturnType<(typeof tables)[Name]> }

// Each entry of `tables` made in `database`: the cast restores the per-name types `fromEntries` loses.
const makeTables = (database: Table.Database): Tables =>
  Object.fromEntries(Object.entries(tables).map(([name, make]) => [name, make(database)])) as Tables

/** The tables of one memory store and the transaction log they share. */
export class MemoryDatabase extends Context.Service<MemoryDatabase, Table.Database & { readonly tables: Tables }>()(
  "@campaign-games/testing/MemoryStore/MemoryDatabase"
) {
  /** A fresh, empty database per build. */
  static readonly layer = Layer.sync(MemoryDatabase, () => {
    const database = Table.makeDatabase()
    return { ...database, tables: makeTables(database) }
  })
}

/** The layer of a memory repository of `port`: `make` builds its service over the tables of the database. */
export const repository = <I, S>(
  port: Context.Key<I, S>,
  make: (tables: Tables) => S
): Layer.Layer<I, never, MemoryDatabase> =>
  Layer.effect(
    port,
    Effect.map(Effect.service(MemoryDatabase), ({ tables }) => make(tables))
  )
