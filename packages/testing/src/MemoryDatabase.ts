/**
 * The in-memory database under `MemoryStore`: every table of the store ports (accounts, keys,
 * channels, campaigns, branding, plays, events, usage, secrets, origins, webhook endpoints and
 * deliveries) and the transaction log they share (`internal/Table.ts`). One service, built once per
 * layer build, so every memory repository of a store (`memory/Memory*Repo.ts`) reads and writes
 * the same rows, whichever composition provides it, and joins the same transactions.
 *
 * Rows are read synchronously and written with undo-logged `set`/`delete`. The secondary tables
 * (prefix → key id, jti → session id, session id → entry id, …) stand for SQL's unique indexes;
 * their keys are made here (`usageKey`, `playerKey`, `originKey`), once for every repository that
 * reads them. Later modules add their tables the same way: a `database.table<K, V>()` each.
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
import type { Delivery, Endpoint } from "@campaign-games/core/webhooks/Webhook"
import { Context, type DateTime, Layer } from "effect"
import * as Table from "./internal/Table.ts"

/** A webhook delivery as stored: with the lease of the instance that claimed it. */
export interface StoredDelivery {
  readonly delivery: Delivery
  readonly claimedUntil: DateTime.Utc | null
}

/** The tables of one memory store. */
export interface Tables {
  readonly accounts: Table.Table<string, Account>
  readonly apiKeys: Table.Table<string, ApiKey>
  /** key prefix → key id */
  readonly apiKeyPrefixes: Table.Table<string, string>
  readonly channels: Table.Table<string, Channel>
  readonly campaigns: Table.Table<string, Campaign>
  /** account id → theme */
  readonly branding: Table.Table<string, Theme>
  readonly sessions: Table.Table<string, Session>
  /** jti → session id */
  readonly sessionJtis: Table.Table<string, string>
  /** `playerKey(channel, participantRef)` → the player's session ids on the channel */
  readonly playerSessions: Table.Table<string, ReadonlyArray<string>>
  readonly entries: Table.Table<string, Entry>
  /** session id → entry id */
  readonly entrySessions: Table.Table<string, string>
  readonly events: Table.Table<string, Event>
  /** `usageKey(account, month)` → plays */
  readonly usage: Table.Table<string, number>
  /** name → value */
  readonly serverSecrets: Table.Table<string, string>
  readonly allowedOrigins: Table.Table<string, AllowedOrigin>
  /** `originKey(account, origin)` → allowed origin id */
  readonly allowedOriginKeys: Table.Table<string, string>
  readonly endpoints: Table.Table<string, Endpoint>
  readonly deliveries: Table.Table<string, StoredDelivery>
}

/** The key of an account's plays in a month (the usage table). */
export const usageKey = (accountId: string, month: string): string => `${accountId}\u0000${month}`

/** The key of a player's sessions on a channel. */
export const playerKey = (channelId: string, participantRef: string): string => `${channelId}\u0000${participantRef}`

/** The key of an allowed origin in its account (unique). */
export const originKey = (accountId: string, origin: string): string => `${accountId}\u0000${origin}`

const makeTables = (database: Table.Database): Tables => ({
  accounts: database.table(),
  apiKeys: database.table(),
  apiKeyPrefixes: database.table(),
  channels: database.table(),
  campaigns: database.table(),
  branding: database.table(),
  sessions: database.table(),
  sessionJtis: database.table(),
  playerSessions: database.table(),
  entries: database.table(),
  entrySessions: database.table(),
  events: database.table(),
  usage: database.table(),
  serverSecrets: database.table(),
  allowedOrigins: database.table(),
  allowedOriginKeys: database.table(),
  endpoints: database.table(),
  deliveries: database.table()
})

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
