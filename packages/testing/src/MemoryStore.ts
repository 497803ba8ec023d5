/**
 * An in-memory adapter of the store ports (`Store`, `AccountRepo`, `ApiKeyRepo`, `ChannelRepo`,
 * `CampaignRepo`, `BrandingRepo`) for tests and deterministic simulations. It keeps the semantics
 * the store contract suite pins (`StoreContract`), so rules tested here hold on PGlite and
 * PostgreSQL too:
 *
 * - `Store.transaction` runs transactions one at a time (one semaphore per store); a failing or
 *   interrupted transaction leaves none of its writes, a transaction inside another joins it as a
 *   savepoint. `Store.lock` is a no-op: transactions are already serialised.
 * - Writes outside a transaction apply at once. Reads outside a transaction see the writes of a
 *   transaction still running (there is no isolation beyond the serialised transactions).
 * - Ids are unique per table, key prefixes are unique, keys, channels and branding need their
 *   account, a campaign needs a channel of its account, and a channel with campaigns cannot be
 *   deleted: a breach fails with `StoreError`, as a constraint violation does in SQL.
 *
 * Each build of `layer` starts empty. Later modules add their tables the same way: a
 * `database.table<K, V>()` per table, read synchronously, written with undo-logged `set`/`delete`.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo } from "@campaign-games/core/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/ApiKey"
import { BrandingRepo } from "@campaign-games/core/Branding"
import { type Campaign, CampaignRepo, type ListFilter } from "@campaign-games/core/Campaign"
import { type Channel, ChannelRepo } from "@campaign-games/core/Channel"
import { StoreError } from "@campaign-games/core/Errors"
import type { Page, Paged } from "@campaign-games/core/Pagination"
import { Store } from "@campaign-games/core/Store"
import type { Theme } from "@campaign-games/core/Theme"
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Table from "./internal/Table.ts"

/** The tables of one memory store and the transaction log they share. */
export class MemoryDatabase extends Context.Service<MemoryDatabase, Table.Database>()(
  "@campaign-games/testing/MemoryStore/MemoryDatabase"
) {
  /** A fresh, empty database per build. */
  static readonly layer = Layer.sync(MemoryDatabase, Table.makeDatabase)
}

/** Orders by a time then by id, both ascending. */
const ascending = (a: DateTime.Utc, aId: string, b: DateTime.Utc, bId: string): number => {
  const byTime = DateTime.toEpochMillis(a) - DateTime.toEpochMillis(b)
  if (byTime !== 0) return byTime
  return aId < bId ? -1 : aId > bId ? 1 : 0
}

const paginate = <A>(rows: Array<A>, page: Page): Paged<A> => ({
  items: rows.slice(page.offset, page.offset + page.limit),
  total: rows.length
})

const conflict = (message: string) => Effect.fail(new StoreError({ message }))

/** The `Store` port over the database: serialised transactions, locks are no-ops. */
export const layerStore: Layer.Layer<Store, never, MemoryDatabase> = Layer.effect(
  Store,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    return Store.of({
      transaction: database.transaction,
      lock: () => Effect.void
    })
  })
)

/** The tables every repository of this module reads. */
class Tables extends Context.Service<
  Tables,
  {
    readonly accounts: Table.Table<string, Account>
    readonly apiKeys: Table.Table<string, ApiKey>
    /** key prefix → key id */
    readonly apiKeyPrefixes: Table.Table<string, string>
    readonly channels: Table.Table<string, Channel>
    readonly campaigns: Table.Table<string, Campaign>
    /** account id → theme */
    readonly branding: Table.Table<string, Theme>
  }
>()("@campaign-games/testing/MemoryStore/Tables") {
  static readonly layer = Layer.effect(
    Tables,
    Effect.gen(function* () {
      const database = yield* MemoryDatabase
      return Tables.of({
        accounts: database.table(),
        apiKeys: database.table(),
        apiKeyPrefixes: database.table(),
        channels: database.table(),
        campaigns: database.table(),
        branding: database.table()
      })
    })
  )
}

const layerAccountRepo = Layer.effect(
  AccountRepo,
  Effect.gen(function* () {
    const { accounts } = yield* Tables
    return AccountRepo.of({
      insert: Effect.fnUntraced(function* (account) {
        if (accounts.has(account.id)) return yield* conflict(`An account ${account.id} already exists.`)
        yield* accounts.set(account.id, account)
      }),
      update: Effect.fnUntraced(function* (account) {
        const stored = accounts.get(account.id)
        if (stored === undefined) return
        yield* accounts.set(account.id, { ...account, createdAt: stored.createdAt })
      }),
      findById: (id) => Effect.sync(() => Option.fromNullishOr(accounts.get(id))),
      isEmpty: Effect.sync(() => accounts.size() === 0)
    })
  })
)

const layerApiKeyRepo = Layer.effect(
  ApiKeyRepo,
  Effect.gen(function* () {
    const { accounts, apiKeys, apiKeyPrefixes } = yield* Tables

    const active = (accountId: string) => {
      const rows: Array<ApiKey> = []
      for (const key of apiKeys.values()) {
        if (key.accountId === accountId && key.revokedAt === null) rows.push(key)
      }
      return rows
    }

    const findActive = (accountId: string, id: string): ApiKey | undefined => {
      const key = apiKeys.get(id)
      return key !== undefined && key.accountId === accountId && key.revokedAt === null ? key : undefined
    }

    return ApiKeyRepo.of({
      insert: Effect.fnUntraced(function* (key) {
        if (!accounts.has(key.accountId)) return yield* conflict(`No account ${key.accountId} for key ${key.id}.`)
        if (apiKeys.has(key.id)) return yield* conflict(`An API key ${key.id} already exists.`)
        if (apiKeyPrefixes.has(key.keyPrefix)) return yield* conflict(`The key prefix ${key.keyPrefix} is taken.`)
        yield* apiKeys.set(key.id, key)
        yield* apiKeyPrefixes.set(key.keyPrefix, key.id)
      }),
      findByPrefix: (keyPrefix) =>
        Effect.sync(() => {
          const id = apiKeyPrefixes.get(keyPrefix)
          const key = id === undefined ? undefined : apiKeys.get(id)
          const account = key === undefined ? undefined : accounts.get(key.accountId)
          return key === undefined || account === undefined ? Option.none() : Option.some({ key, account })
        }),
      findActive: (accountId, id) => Effect.sync(() => Option.fromNullishOr(findActive(accountId, id))),
      listActive: (accountId, page) =>
        Effect.sync(() =>
          paginate(
            active(accountId).sort((a, b) => ascending(a.createdAt, a.id, b.createdAt, b.id)),
            page
          )
        ),
      countActive: (accountId) => Effect.sync(() => active(accountId).length),
      revoke: Effect.fnUntraced(function* (accountId, id, at) {
        const key = findActive(accountId, id)
        if (key === undefined) return false
        yield* apiKeys.set(id, { ...key, revokedAt: at })
        return true
      })
    })
  })
)

const layerChannelRepo = Layer.effect(
  ChannelRepo,
  Effect.gen(function* () {
    const { accounts, channels, campaigns } = yield* Tables

    const hasCampaigns = (channelId: string): boolean => {
      for (const campaign of campaigns.values()) if (campaign.channelId === channelId) return true
      return false
    }

    const ofAccount = (accountId: string) => {
      const rows: Array<Channel> = []
      for (const channel of channels.values()) if (channel.accountId === accountId) rows.push(channel)
      return rows
    }

    const find = (accountId: string, id: string): Channel | undefined => {
      const channel = channels.get(id)
      return channel !== undefined && channel.accountId === accountId ? channel : undefined
    }

    return ChannelRepo.of({
      insert: Effect.fnUntraced(function* (channel) {
        if (!accounts.has(channel.accountId)) {
          return yield* conflict(`No account ${channel.accountId} for channel ${channel.id}.`)
        }
        if (channels.has(channel.id)) return yield* conflict(`A channel ${channel.id} already exists.`)
        yield* channels.set(channel.id, channel)
      }),
      update: Effect.fnUntraced(function* (channel) {
        const stored = find(channel.accountId, channel.id)
        if (stored === undefined) return
        yield* channels.set(channel.id, { ...channel, createdAt: stored.createdAt })
      }),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id))),
      list: (accountId, page) =>
        Effect.sync(() =>
          paginate(
            ofAccount(accountId).sort((a, b) => ascending(b.createdAt, b.id, a.createdAt, a.id)),
            page
          )
        ),
      count: (accountId) => Effect.sync(() => ofAccount(accountId).length),
      delete: (accountId, id) =>
        Effect.suspend(() => {
          if (find(accountId, id) === undefined) return Effect.succeed(false)
          if (hasCampaigns(id)) return conflict(`The channel ${id} has campaigns.`)
          return channels.delete(id)
        })
    })
  })
)

const layerCampaignRepo = Layer.effect(
  CampaignRepo,
  Effect.gen(function* () {
    const { accounts, channels, campaigns } = yield* Tables

    /** The account's campaigns that pass `keep`, newest first. */
    const newestFirst = (accountId: string, keep: (campaign: Campaign) => boolean) => {
      const rows: Array<Campaign> = []
      for (const campaign of campaigns.values())
        if (campaign.accountId === accountId && keep(campaign)) rows.push(campaign)
      return rows.sort((a, b) => ascending(b.createdAt, b.id, a.createdAt, a.id))
    }

    const matches = (filter: ListFilter) => (campaign: Campaign) =>
      (filter.channelId === undefined || campaign.channelId === filter.channelId) &&
      (filter.status === undefined || campaign.status === filter.status)

    const find = (accountId: string, id: string): Campaign | undefined => {
      const campaign = campaigns.get(id)
      return campaign !== undefined && campaign.accountId === accountId ? campaign : undefined
    }

    /** Whether the channel exists in the account (the campaign's channel key). */
    const hasChannel = (accountId: string, channelId: string): boolean =>
      channels.get(channelId)?.accountId === accountId

    return CampaignRepo.of({
      insert: Effect.fnUntraced(function* (campaign) {
        if (!accounts.has(campaign.accountId)) {
          return yield* conflict(`No account ${campaign.accountId} for campaign ${campaign.id}.`)
        }
        if (!hasChannel(campaign.accountId, campaign.channelId)) {
          return yield* conflict(`No channel ${campaign.channelId} in account ${campaign.accountId}.`)
        }
        if (campaigns.has(campaign.id)) return yield* conflict(`A campaign ${campaign.id} already exists.`)
        yield* campaigns.set(campaign.id, campaign)
      }),
      update: Effect.fnUntraced(function* (campaign) {
        const stored = find(campaign.accountId, campaign.id)
        if (stored === undefined) return
        if (!hasChannel(stored.accountId, campaign.channelId)) {
          return yield* conflict(`No channel ${campaign.channelId} in account ${stored.accountId}.`)
        }
        yield* campaigns.set(campaign.id, { ...campaign, accountId: stored.accountId, createdAt: stored.createdAt })
      }),
      findById: (accountId, id) => Effect.sync(() => Option.fromNullishOr(find(accountId, id))),
      list: (accountId, filter, page) => Effect.sync(() => paginate(newestFirst(accountId, matches(filter)), page)),
      listActive: (accountId) => Effect.sync(() => newestFirst(accountId, (c) => c.status === "active")),
      listActiveOnChannel: (accountId, channelId) =>
        Effect.sync(() => newestFirst(accountId, (c) => c.channelId === channelId && c.status === "active")),
      countOnChannel: (accountId, channelId) =>
        Effect.sync(() => newestFirst(accountId, (c) => c.channelId === channelId).length),
      delete: (accountId, id) =>
        Effect.suspend(() => (find(accountId, id) === undefined ? Effect.succeed(false) : campaigns.delete(id)))
    })
  })
)

const layerBrandingRepo = Layer.effect(
  BrandingRepo,
  Effect.gen(function* () {
    const { accounts, branding } = yield* Tables
    return BrandingRepo.of({
      get: (accountId) => Effect.sync(() => Option.fromNullishOr(branding.get(accountId))),
      put: Effect.fnUntraced(function* (accountId, theme) {
        if (!accounts.has(accountId)) return yield* conflict(`No account ${accountId} for its branding.`)
        yield* branding.set(accountId, theme)
      })
    })
  })
)

/** The repositories over an existing `MemoryDatabase`. */
export const layerRepos: Layer.Layer<
  AccountRepo | ApiKeyRepo | ChannelRepo | CampaignRepo | BrandingRepo,
  never,
  MemoryDatabase
> = Layer.mergeAll(layerAccountRepo, layerApiKeyRepo, layerChannelRepo, layerCampaignRepo, layerBrandingRepo).pipe(
  Layer.provide(Tables.layer)
)

/**
 * `Store`, `AccountRepo`, `ApiKeyRepo`, `ChannelRepo`, `CampaignRepo` and `BrandingRepo` in memory
 * (and the `MemoryDatabase` they share, for tables of later modules). Every build starts empty.
 */
export const layer: Layer.Layer<
  Store | AccountRepo | ApiKeyRepo | ChannelRepo | CampaignRepo | BrandingRepo | MemoryDatabase
> = Layer.mergeAll(layerStore, layerRepos).pipe(Layer.provideMerge(MemoryDatabase.layer))
