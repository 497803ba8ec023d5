/**
 * An in-memory adapter of the store ports (`Store`, `AccountRepo`, `ApiKeyRepo`, `ChannelRepo`) for
 * tests and deterministic simulations. It keeps the semantics the store contract suite pins
 * (`StoreContract`), so rules tested here hold on PGlite and PostgreSQL too:
 *
 * - `Store.transaction` runs transactions one at a time (one semaphore per store); a failing or
 *   interrupted transaction leaves none of its writes, a transaction inside another joins it as a
 *   savepoint. `Store.lock` is a no-op: transactions are already serialised.
 * - Writes outside a transaction apply at once. Reads outside a transaction see the writes of a
 *   transaction still running (there is no isolation beyond the serialised transactions).
 * - Ids are unique per table, key prefixes are unique, keys and channels need their account:
 *   a breach fails with `StoreError`, as a constraint violation does in SQL.
 *
 * Each build of `layer` starts empty. Later modules add their tables the same way: a
 * `database.table<K, V>()` per table, read synchronously, written with undo-logged `set`/`delete`.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo } from "@campaign-games/core/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/ApiKey"
import { type Channel, ChannelRepo } from "@campaign-games/core/Channel"
import { StoreError } from "@campaign-games/core/Errors"
import type { Page, Paged } from "@campaign-games/core/Pagination"
import { Store } from "@campaign-games/core/Store"
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
        channels: database.table()
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
    const { accounts, channels } = yield* Tables

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
        Effect.suspend(() => (find(accountId, id) === undefined ? Effect.succeed(false) : channels.delete(id)))
    })
  })
)

/** The repositories over an existing `MemoryDatabase`. */
export const layerRepos: Layer.Layer<AccountRepo | ApiKeyRepo | ChannelRepo, never, MemoryDatabase> = Layer.mergeAll(
  layerAccountRepo,
  layerApiKeyRepo,
  layerChannelRepo
).pipe(Layer.provide(Tables.layer))

/**
 * `Store`, `AccountRepo`, `ApiKeyRepo` and `ChannelRepo` in memory (and the `MemoryDatabase` they
 * share, for tables of later modules). Every build starts empty.
 */
export const layer: Layer.Layer<Store | AccountRepo | ApiKeyRepo | ChannelRepo | MemoryDatabase> = Layer.mergeAll(
  layerStore,
  layerRepos
).pipe(Layer.provideMerge(MemoryDatabase.layer))
