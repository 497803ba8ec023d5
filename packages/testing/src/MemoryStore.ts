/**
 * An in-memory adapter of the store ports (`Store`, `AccountRepo`, `ApiKeyRepo`, `ChannelRepo`,
 * `CampaignRepo`, `BrandingRepo`, `SessionRepo`, `EntryRepo`, `EventOutbox`, `UsageRepo`,
 * `ServerSecretRepo`, `AllowedOriginRepo`, `PlayContextRepo`, `PlayFinishRepo`) for tests and deterministic simulations. It keeps the
 * semantics the store contract suite pins (`StoreContract`), so rules tested here hold on PGlite and
 * PostgreSQL too:
 *
 * - `Store.transaction` runs transactions one at a time (one semaphore per store); a failing or
 *   interrupted transaction leaves none of its writes, a transaction inside another joins it as a
 *   savepoint. `Store.lock` is a no-op: transactions are already serialised.
 * - Writes outside a transaction apply at once. Reads outside a transaction see the writes of a
 *   transaction still running (there is no isolation beyond the serialised transactions).
 * - Ids are unique per table, key prefixes are unique, keys, channels and branding need their
 *   account, a campaign needs a channel of its account, and a channel with campaigns cannot be
 *   deleted: a breach fails with `StoreError`, as a constraint violation does in SQL. Likewise
 *   sessions and entries need their account and campaign (so a played campaign cannot be deleted),
 *   an entry its session (one entry per session), usage and allowed origins their account, and
 *   event ids are unique. A duplicate `jti` is `false` from `SessionRepo.insert`, a duplicate origin
 *   in an account core's `Conflict`, as in SQL.
 * - Entries sort as PostgreSQL's `COLLATE "C"` does (participantRef by code point), and the search
 *   folds ASCII letters only, as `ILIKE` does under that collation.
 *
 * Each build of `layer` starts empty. Later modules add their tables the same way: a
 * `database.table<K, V>()` per table, read synchronously, written with undo-logged `set`/`delete`.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo, playView as accountPlayView } from "@campaign-games/core/accounts/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/accounts/ApiKey"
import {
  type AllowedOrigin,
  AllowedOriginRepo,
  duplicate as duplicateOrigin
} from "@campaign-games/core/play/AllowedOrigin"
import { BrandingRepo } from "@campaign-games/core/campaigns/Branding"
import { type Campaign, CampaignRepo, type ListFilter, playView } from "@campaign-games/core/campaigns/Campaign"
import { type Channel, ChannelRepo, playView as channelPlayView } from "@campaign-games/core/campaigns/Channel"
import { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import {
  type Direction,
  type Entry,
  type ListFilter as EntryListFilter,
  EntryRepo,
  type SortKey as EntrySortKey
} from "@campaign-games/core/play/Entry"
import { StoreError } from "@campaign-games/core/Errors"
import { type Event, EventOutbox } from "@campaign-games/core/webhooks/Event"
import type { Page, Paged } from "@campaign-games/core/Pagination"
import { type Completion, isOpenStart, PlayContextRepo, PlayFinishRepo } from "@campaign-games/core/play/PlayContext"
import { type Session, SessionRepo } from "@campaign-games/core/play/Session"
import { Store } from "@campaign-games/core/Store"
import type { Theme } from "@campaign-games/core/campaigns/Theme"
import { UsageRepo } from "@campaign-games/core/play/Usage"
import { DeliveryRepo, EndpointRepo, type Target } from "@campaign-games/core/webhooks/Webhook"
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Table from "./internal/Table.ts"
import * as MemoryWebhookStore from "./MemoryWebhookStore.ts"

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
    readonly sessions: Table.Table<string, Session>
    /** jti → session id */
    readonly sessionJtis: Table.Table<string, string>
    /** `playerKey(channel, participantRef)` → the player's session ids on the channel */
    readonly playerSessions: Table.Table<string, ReadonlyArray<string>>
    readonly entries: Table.Table<string, Entry>
    /** session id → entry id */
    readonly entrySessions: Table.Table<string, string>
    readonly events: Table.Table<string, Event>
    /** `account id \0 month` → plays */
    readonly usage: Table.Table<string, number>
    /** name → value */
    readonly serverSecrets: Table.Table<string, string>
    readonly allowedOrigins: Table.Table<string, AllowedOrigin>
    /** `account id \0 origin` → allowed origin id */
    readonly allowedOriginKeys: Table.Table<string, string>
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
        allowedOriginKeys: database.table()
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
    const { accounts, channels, campaigns, sessions, entries } = yield* Tables

    /** Whether a session or an entry refers to the campaign (their campaign key). */
    const isPlayed = (campaignId: string): boolean => {
      for (const session of sessions.values()) if (session.campaignId === campaignId) return true
      for (const entry of entries.values()) if (entry.campaignId === campaignId) return true
      return false
    }

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
        Effect.suspend(() => {
          if (find(accountId, id) === undefined) return Effect.succeed(false)
          if (isPlayed(id)) return conflict(`The campaign ${id} has sessions or entries.`)
          return campaigns.delete(id)
        })
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

/** The key of an account's plays in a month (the usage table). */
const usageKey = (accountId: string, month: string) => `${accountId}\u0000${month}`

/** The key of a player's sessions on a channel. */
const playerKey = (channelId: string, participantRef: string): string => `${channelId}\u0000${participantRef}`

/** Whether `t` lies in `[window.start, window.end)`. */
const within = (t: DateTime.Utc, window: { readonly start: DateTime.Utc; readonly end: DateTime.Utc }): boolean => {
  const ms = DateTime.toEpochMillis(t)
  return ms >= DateTime.toEpochMillis(window.start) && ms < DateTime.toEpochMillis(window.end)
}

const layerSessionRepo = Layer.effect(
  SessionRepo,
  Effect.gen(function* () {
    const { accounts, campaigns, sessions, sessionJtis, playerSessions, usage } = yield* Tables

    /** Refuses what SQL's constraints refuse; undefined when the session may be inserted. */
    const refusal = (session: Session): string | undefined => {
      if (sessions.has(session.id)) return `A session ${session.id} already exists.`
      if (!accounts.has(session.accountId)) return `No account ${session.accountId} for session ${session.id}.`
      if (!campaigns.has(session.campaignId)) return `No campaign ${session.campaignId} for session ${session.id}.`
      return undefined
    }

    const write = Effect.fnUntraced(function* (session: Session) {
      const key = playerKey(session.channelId, session.participantRef)
      yield* sessions.set(session.id, session)
      yield* sessionJtis.set(session.jti, session.id)
      yield* playerSessions.set(key, [...(playerSessions.get(key) ?? []), session.id])
    })

    return SessionRepo.of({
      insert: Effect.fnUntraced(function* (session) {
        if (sessionJtis.has(session.jti)) return false
        const refused = refusal(session)
        if (refused !== undefined) return yield* conflict(refused)
        yield* write(session)
        return true
      }),
      // Checked before anything is written, so a refusal leaves both tables as they were.
      insertPlay: Effect.fnUntraced(function* (session, month) {
        if (sessionJtis.has(session.jti)) return false
        const refused = refusal(session)
        if (refused !== undefined) return yield* conflict(refused)
        yield* write(session)
        const key = usageKey(session.accountId, month)
        yield* usage.set(key, (usage.get(key) ?? 0) + 1)
        return true
      }),
      findById: (id) => Effect.sync(() => Option.fromNullishOr(sessions.get(id))),
      finish: Effect.fnUntraced(function* (id, at) {
        const session = sessions.get(id)
        if (session === undefined || session.finishedAt !== null) return false
        yield* sessions.set(id, { ...session, finishedAt: at })
        return true
      }),
      counts: (query) =>
        Effect.sync(() => {
          const counts = { campaignTotal: 0, campaignToday: 0, channelTotal: 0, channelToday: 0 }
          for (const id of playerSessions.get(playerKey(query.channelId, query.participantRef)) ?? []) {
            const session = sessions.get(id)
            if (session === undefined) continue
            counts.channelTotal++
            if (within(session.startedAt, query.channelDay)) counts.channelToday++
            if (session.campaignId !== query.campaignId) continue
            counts.campaignTotal++
            if (within(session.startedAt, query.campaignDay)) counts.campaignToday++
          }
          return counts
        }),
      anyForCampaign: (accountId, campaignId) =>
        Effect.sync(() => {
          for (const session of sessions.values()) {
            if (session.campaignId === campaignId && session.accountId === accountId) return true
          }
          return false
        })
    })
  })
)

/** ASCII letters in lower case, others kept: PostgreSQL's `ILIKE` under `COLLATE "C"`. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** Orders by code point (UTF-8 byte order), as PostgreSQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.codePointAt(i)! - b.codePointAt(i)!
  }
  return a.length - b.length
}

const byId = (a: Entry, b: Entry): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The entry list's order: `sort` then id, both in `dir`; entries without a score last for `score`. */
const entryOrder = (sort: EntrySortKey, dir: Direction) => {
  const sign = dir === "asc" ? 1 : -1
  return (a: Entry, b: Entry): number => {
    if (sort === "score" && (a.score === null) !== (b.score === null)) return a.score === null ? 1 : -1
    const byKey =
      sort === "createdAt"
        ? DateTime.toEpochMillis(a.createdAt) - DateTime.toEpochMillis(b.createdAt)
        : sort === "score"
          ? (a.score ?? 0) - (b.score ?? 0)
          : byCodePoint(a.participantRef, b.participantRef)
    return sign * (byKey !== 0 ? Math.sign(byKey) : byId(a, b))
  }
}

const layerEntryRepo = Layer.effect(
  EntryRepo,
  Effect.gen(function* () {
    const { accounts, campaigns, sessions, entries, entrySessions } = yield* Tables

    const ofCampaign = (accountId: string, campaignId: string, keep: (entry: Entry) => boolean) => {
      const rows: Array<Entry> = []
      for (const entry of entries.values()) {
        if (entry.campaignId === campaignId && entry.accountId === accountId && keep(entry)) rows.push(entry)
      }
      return rows
    }

    const matches = (filter: EntryListFilter) => {
      const search = filter.search === undefined ? undefined : asciiLower(filter.search)
      return (entry: Entry) =>
        (filter.eligible === undefined || entry.eligible === filter.eligible) &&
        (search === undefined || asciiLower(entry.participantRef).includes(search))
    }

    return EntryRepo.of({
      insert: Effect.fnUntraced(function* (entry) {
        if (entries.has(entry.id)) return yield* conflict(`An entry ${entry.id} already exists.`)
        if (!accounts.has(entry.accountId))
          return yield* conflict(`No account ${entry.accountId} for entry ${entry.id}.`)
        if (!campaigns.has(entry.campaignId)) {
          return yield* conflict(`No campaign ${entry.campaignId} for entry ${entry.id}.`)
        }
        if (entry.sessionId !== null) {
          if (!sessions.has(entry.sessionId))
            return yield* conflict(`No session ${entry.sessionId} for entry ${entry.id}.`)
          if (entrySessions.has(entry.sessionId)) {
            return yield* conflict(`The session ${entry.sessionId} already has an entry.`)
          }
          yield* entrySessions.set(entry.sessionId, entry.id)
        }
        yield* entries.set(entry.id, entry)
      }),
      list: (accountId, campaignId, filter, page) =>
        Effect.sync(() =>
          paginate(ofCampaign(accountId, campaignId, matches(filter)).sort(entryOrder(filter.sort, filter.dir)), page)
        ),
      resolvePredictions: Effect.fnUntraced(function* (accountId, campaignId, optionId) {
        for (const entry of ofCampaign(accountId, campaignId, (e) => e.predictionValue !== null)) {
          const eligible = entry.predictionValue!.optionId === optionId
          if (entry.eligible !== eligible) yield* entries.set(entry.id, { ...entry, eligible })
        }
      })
    })
  })
)

/** The events in the outbox, in the order they were appended (for tests: what committed). */
export class EventLog extends Context.Service<EventLog, { readonly all: Effect.Effect<ReadonlyArray<Event>> }>()(
  "@campaign-games/testing/MemoryStore/EventLog"
) {}

const layerEventLog = Layer.effect(
  EventLog,
  Effect.map(Effect.service(Tables), ({ events }) => EventLog.of({ all: Effect.sync(() => [...events.values()]) }))
)

const layerEventOutbox = Layer.effect(
  EventOutbox,
  Effect.gen(function* () {
    const { events } = yield* Tables
    return EventOutbox.of({
      append: Effect.fnUntraced(function* (event) {
        if (events.has(event.id)) return yield* conflict(`An event ${event.id} already exists.`)
        yield* events.set(event.id, event)
      })
    })
  })
)

const layerUsageRepo = Layer.effect(
  UsageRepo,
  Effect.gen(function* () {
    const { accounts, usage } = yield* Tables
    const key = usageKey
    return UsageRepo.of({
      plays: (accountId, month) => Effect.sync(() => usage.get(key(accountId, month)) ?? 0),
      addPlay: Effect.fnUntraced(function* (accountId, month) {
        if (!accounts.has(accountId)) return yield* conflict(`No account ${accountId} for its usage.`)
        yield* usage.set(key(accountId, month), (usage.get(key(accountId, month)) ?? 0) + 1)
      })
    })
  })
)

const layerServerSecretRepo = Layer.effect(
  ServerSecretRepo,
  Effect.gen(function* () {
    const { serverSecrets } = yield* Tables
    return ServerSecretRepo.of({
      getOrCreate: Effect.fnUntraced(function* (name, candidate) {
        const stored = serverSecrets.get(name)
        if (stored !== undefined) return stored
        yield* serverSecrets.set(name, candidate)
        return candidate
      })
    })
  })
)

const layerAllowedOriginRepo = Layer.effect(
  AllowedOriginRepo,
  Effect.gen(function* () {
    const { accounts, allowedOrigins, allowedOriginKeys } = yield* Tables
    const key = (accountId: string, origin: string) => `${accountId}\u0000${origin}`

    const find = (accountId: string, id: string): AllowedOrigin | undefined => {
      const allowed = allowedOrigins.get(id)
      return allowed !== undefined && allowed.accountId === accountId ? allowed : undefined
    }

    return AllowedOriginRepo.of({
      insert: Effect.fnUntraced(function* (allowed) {
        if (allowedOriginKeys.has(key(allowed.accountId, allowed.origin))) {
          return yield* Effect.fail(duplicateOrigin(allowed.origin))
        }
        if (allowedOrigins.has(allowed.id)) return yield* conflict(`An allowed origin ${allowed.id} already exists.`)
        if (!accounts.has(allowed.accountId)) {
          return yield* conflict(`No account ${allowed.accountId} for allowed origin ${allowed.id}.`)
        }
        yield* allowedOrigins.set(allowed.id, allowed)
        yield* allowedOriginKeys.set(key(allowed.accountId, allowed.origin), allowed.id)
      }),
      list: (accountId, page) =>
        Effect.sync(() => {
          const rows: Array<AllowedOrigin> = []
          for (const allowed of allowedOrigins.values()) if (allowed.accountId === accountId) rows.push(allowed)
          return paginate(
            rows.sort((a, b) => ascending(a.createdAt, a.id, b.createdAt, b.id)),
            page
          )
        }),
      delete: Effect.fnUntraced(function* (accountId, id) {
        const allowed = find(accountId, id)
        if (allowed === undefined) return false
        yield* allowedOriginKeys.delete(key(accountId, allowed.origin))
        return yield* allowedOrigins.delete(id)
      }),
      exists: (accountId, origin) => Effect.sync(() => allowedOriginKeys.has(key(accountId, origin)))
    })
  })
)

const layerPlayContextRepo = Layer.effect(
  PlayContextRepo,
  Effect.gen(function* () {
    const { accounts, apiKeys, branding, channels, campaigns, allowedOriginKeys, usage } = yield* Tables
    const database = yield* MemoryDatabase
    const sessions = yield* SessionRepo

    const ofAccount = <A extends { readonly accountId: string }>(accountId: string, row: A | undefined) =>
      Option.fromNullishOr(row !== undefined && row.accountId === accountId ? row : undefined)

    return PlayContextRepo.of({
      forMint: ({ accountId, channelId, keyId, month, origin }) =>
        Effect.sync(() => {
          const key = keyId === null ? undefined : apiKeys.get(keyId)
          return {
            account: Option.map(Option.fromNullishOr(accounts.get(accountId)), accountPlayView),
            keyActive:
              accounts.has(accountId) &&
              (keyId === null || (key !== undefined && key.accountId === accountId && key.revokedAt === null)),
            channel: Option.map(ofAccount(accountId, channels.get(channelId)), (channel) => {
              const activeCampaigns: Array<Campaign> = []
              for (const campaign of campaigns.values()) {
                if (
                  campaign.accountId === accountId &&
                  campaign.channelId === channelId &&
                  campaign.status === "active"
                ) {
                  activeCampaigns.push(campaign)
                }
              }
              activeCampaigns.sort((a, b) => ascending(b.createdAt, b.id, a.createdAt, a.id))
              return {
                channel: channelPlayView(channel),
                originAllowed: allowedOriginKeys.has(`${accountId}\u0000${origin}`),
                activeCampaigns: activeCampaigns.map(playView),
                monthPlays: usage.get(usageKey(accountId, month)) ?? 0
              }
            })
          }
        }),
      // The read and, for an open start, `insertPlay`, in one memory transaction.
      startOpen: (session, month) =>
        database.transaction(
          Effect.gen(function* () {
            const { accountId } = session
            const campaign = ofAccount(accountId, campaigns.get(session.campaignId))
            const channel = ofAccount(accountId, channels.get(session.channelId))
            const open = Option.isSome(campaign) && Option.isSome(channel) && isOpenStart(campaign.value, channel.value)
            return {
              campaign: Option.map(campaign, playView),
              channel: Option.map(channel, channelPlayView),
              account: Option.map(Option.fromNullishOr(accounts.get(accountId)), accountPlayView),
              branding: Option.fromNullishOr(branding.get(accountId)),
              started: open ? yield* sessions.insertPlay(session, month) : false
            }
          })
        )
    })
  })
)

/** Every repository port this module implements. */
export type Repos =
  | AccountRepo
  | ApiKeyRepo
  | ChannelRepo
  | CampaignRepo
  | BrandingRepo
  | SessionRepo
  | EntryRepo
  | EventOutbox
  | UsageRepo
  | ServerSecretRepo
  | AllowedOriginRepo
  | PlayContextRepo
  | EventLog

/** The repositories over an existing `MemoryDatabase`. */
export const layerRepos: Layer.Layer<Repos, never, MemoryDatabase> = Layer.mergeAll(
  layerAccountRepo,
  layerApiKeyRepo,
  layerChannelRepo,
  layerCampaignRepo,
  layerBrandingRepo,
  layerSessionRepo,
  layerEntryRepo,
  layerEventOutbox,
  layerUsageRepo,
  layerServerSecretRepo,
  layerAllowedOriginRepo,
  layerPlayContextRepo.pipe(Layer.provide(layerSessionRepo)),
  layerEventLog
).pipe(Layer.provide(Tables.layer))

/** Whether two JSON documents are equal as `jsonb` compares them (object keys in any order). */
const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  }
  const ka = Object.keys(a)
  const record = b as Record<string, unknown>
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(record, k) && sameJson((a as Record<string, unknown>)[k], record[k]))
  )
}

/** What a finish's fan-out reads of an endpoint. */
const filters = ({ channelIds, events, gameInstanceIds, id }: Target) => ({ id, events, gameInstanceIds, channelIds })

/**
 * `PlayFinishRepo` over the other ports: the claim (`SessionRepo.finish`), the entry, the event and
 * the deliveries in one memory transaction, so a breach of any leaves none of them.
 */
const layerPlayFinishRepo = Layer.effect(
  PlayFinishRepo,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    const sessions = yield* SessionRepo
    const campaigns = yield* CampaignRepo
    const entries = yield* EntryRepo
    const outbox = yield* EventOutbox
    const endpoints = yield* EndpointRepo
    const deliveries = yield* DeliveryRepo
    const complete = (completion: Completion) =>
      database.transaction(
        Effect.gen(function* () {
          if (!(yield* sessions.finish(completion.sessionId, completion.finishedAt))) return false
          yield* entries.insert(completion.entry)
          yield* outbox.append(completion.event)
          if (completion.deliveries.length > 0) yield* deliveries.insertMany(completion.deliveries)
          return true
        })
      )
    return PlayFinishRepo.of({
      read: Effect.fnUntraced(function* (sessionId, eventType) {
        const session = yield* sessions.findById(sessionId)
        if (Option.isNone(session)) return Option.none()
        const campaign = yield* campaigns.findById(session.value.accountId, session.value.campaignId)
        if (Option.isNone(campaign)) return Option.none()
        const targets = (yield* endpoints.activeFor(session.value.accountId, eventType)).map(
          ({ id, status, events, gameInstanceIds, channelIds }): Target => ({
            id,
            status,
            events,
            gameInstanceIds,
            channelIds
          })
        )
        return Option.some({ session: session.value, campaign: playView(campaign.value), endpoints: targets })
      }),
      complete,
      // The checks and the writes in one memory transaction, like `complete`.
      completeKnown: (completion, known) =>
        database.transaction(
          Effect.gen(function* () {
            const { entry, event } = completion
            const session = yield* sessions.findById(completion.sessionId)
            const campaign = yield* campaigns.findById(entry.accountId, entry.campaignId)
            if (
              Option.isNone(session) ||
              session.value.finishedAt !== null ||
              session.value.jti !== known.jti ||
              session.value.accountId !== entry.accountId ||
              session.value.campaignId !== entry.campaignId ||
              session.value.channelId !== entry.channelId ||
              session.value.participantRef !== entry.participantRef ||
              Option.isNone(campaign) ||
              campaign.value.gameSlug !== known.campaign.gameSlug ||
              !sameJson(campaign.value.config, known.campaign.config) ||
              campaign.value.resolvedOptionId !== known.campaign.resolvedOptionId
            ) {
              return false
            }
            const active = yield* endpoints.activeFor(entry.accountId, event.type)
            if (!sameJson(active.map(filters), known.endpoints.map(filters))) return false
            return yield* complete(completion)
          })
        )
    })
  })
)

/**
 * `Store` and every repository (`Repos`) in memory, with the webhook repositories of
 * `MemoryWebhookStore` (and the `MemoryDatabase` they share, for tables of later modules). Every
 * build starts empty.
 */
export const layer: Layer.Layer<Store | Repos | MemoryWebhookStore.Repos | PlayFinishRepo | MemoryDatabase> =
  Layer.suspend(() =>
    // Suspended: `MemoryWebhookStore` imports this module (`MemoryDatabase`), whichever loads first.
    layerPlayFinishRepo.pipe(Layer.provideMerge(MemoryWebhookStore.layer))
  ).pipe(Layer.provideMerge(Layer.mergeAll(layerStore, layerRepos)), Layer.provideMerge(MemoryDatabase.layer))
