/**
 * The store contract: one suite of tests, parameterised by a layer, that every adapter of the store
 * ports runs (`MemoryStore`, PGlite, PostgreSQL). It pins what the engine's rules rely on:
 *
 * - every field round-trips exactly (times to the millisecond as `DateTime.Utc`, nested documents,
 *   nulls, arrays of codes, overrides);
 * - queries are scoped by account; lists are ordered and paginated with a `total` across pages;
 * - `update` never changes `createdAt`; `delete` and `revoke` answer whether they did something;
 * - ids and key prefixes are unique, and keys and channels need their account (`StoreError`);
 * - a failing, dying or interrupted transaction keeps none of its writes; a transaction inside
 *   another joins it, and when the inner one fails only its own writes are undone (a savepoint);
 * - `lock` serialises concurrent "lock, count, insert while under the limit" transactions, the
 *   pattern of every plan limit.
 *
 * The tests share one store (one layer build) and use ids unique to each test, so the suite runs
 * on a long-lived database too. They run on the live clock and random: the contract is about
 * storage, not time.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo } from "@campaign-games/core/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/ApiKey"
import { type Channel, ChannelRepo } from "@campaign-games/core/Channel"
import * as Permission from "@campaign-games/core/Permission"
import { LockKey, Store } from "@campaign-games/core/Store"
import { assert, layer, type Vitest } from "@effect/vitest"
import { DateTime, Deferred, Effect, Exit, Fiber, type Layer, Option, Predicate, Schema } from "effect"

/** The services an adapter under test provides. */
export type Services = Store | AccountRepo | ApiKeyRepo | ChannelRepo

/** A domain failure raised inside transactions under test. */
class Boom extends Schema.TaggedError<Boom>()("Boom", { message: Schema.String }) {}

const RUN = globalThis.crypto.randomUUID().slice(0, 8)
let counter = 0
/** An id unique to this process and test. */
const uid = (prefix: string): string => `${prefix}_${RUN}_${(counter++).toString(36).padStart(4, "0")}`

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
/** A random key prefix of the real form (12 base32 characters). */
const keyPrefix = (): string => {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => BASE32[b & 31]).join("")
}

/** 2026-01-02T03:04:05.678Z plus `ms` milliseconds: millisecond precision on purpose. */
const at = (ms: number): DateTime.Utc => DateTime.makeUnsafe(Date.UTC(2026, 0, 2, 3, 4, 5, 678) + ms)

const makeAccount = (fields: Partial<Account> = {}): Account => ({
  id: uid("acc"),
  name: "Acme « l'été » 🎡",
  plan: "starter",
  featureOverrides: { webhooks: false, customCopy: true, games: ["quiz", "spin-the-wheel"] },
  limitOverrides: { channels: 5, storageBytes: null, playsPerMonth: 1_000_000_000_000 },
  createdAt: at(0),
  updatedAt: at(1),
  ...fields
})

const makeKey = (accountId: string, fields: Partial<ApiKey> = {}): ApiKey => ({
  id: uid("key"),
  accountId,
  name: "Deploy key",
  keyPrefix: keyPrefix(),
  keyHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  permissions: ["campaigns.read", "channels.manage"],
  createdAt: at(10),
  revokedAt: null,
  ...fields
})

const makeChannel = (accountId: string, fields: Partial<Channel> = {}): Channel => ({
  id: uid("ch"),
  accountId,
  name: "Main site",
  status: "active",
  betweenCampaigns: {},
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  createdAt: at(20),
  updatedAt: at(21),
  ...fields
})

/** A comparable copy: times become their exact UTC instant, so adapters compare by value. */
const plain = (value: unknown): unknown => {
  if (DateTime.isDateTime(value)) {
    return DateTime.isUtc(value) ? `Utc(${DateTime.formatIso(value)})` : `Zoned(${DateTime.formatIso(value)})`
  }
  if (Array.isArray(value)) return value.map(plain)
  if (Predicate.isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  return value
}

const assertSame = (actual: unknown, expected: unknown, message?: string): void =>
  assert.deepStrictEqual(plain(actual), plain(expected), message)

const assertSome = <A>(actual: Option.Option<A>, expected: A, message?: string): void => {
  assert.isTrue(Option.isSome(actual), message ?? "expected a value, found none")
  if (Option.isSome(actual)) assertSame(actual.value, expected, message)
}

const assertNone = <A>(actual: Option.Option<A>, message?: string): void =>
  assert.isTrue(Option.isNone(actual), message ?? `expected none, found ${JSON.stringify(plain(actual))}`)

const services = Effect.gen(function* () {
  return { store: yield* Store, accounts: yield* AccountRepo, keys: yield* ApiKeyRepo, channels: yield* ChannelRepo }
})

/** An account already stored. */
const givenAccount = (fields: Partial<Account> = {}) =>
  Effect.gen(function* () {
    const account = makeAccount(fields)
    yield* (yield* AccountRepo).insert(account)
    return account
  })

/**
 * Registers the store contract tests under `name`, run against one build of `storeLayer` shared by
 * every test of the suite, on the live clock.
 */
export const suite = (name: string, storeLayer: Layer.Layer<Services, unknown>): void =>
  layer(storeLayer, { excludeTestServices: true, timeout: "120 seconds" })(name, tests)

/**
 * Registers the store contract tests with `it`, for a file that shares its layer with tests of its
 * own (one PGlite for the whole file, say). Run them on the live clock (`excludeTestServices`).
 */
export const tests = (it: Vitest.MethodsNonLive<Services>): void => {
  it.effect("accounts round-trip every field", () =>
    Effect.gen(function* () {
      const { accounts } = yield* services
      const full = makeAccount({
        plan: "unlimited",
        featureOverrides: {
          webhooks: true,
          rewards: false,
          mediaLibrary: true,
          apiKeys: false,
          customBranding: true,
          customCopy: false,
          games: []
        },
        limitOverrides: {
          channels: 0,
          liveCampaigns: null,
          webhookEndpoints: 3,
          activeApiKeys: 1,
          storedCouponCodes: null,
          storageBytes: 10 * 1024 * 1024 * 1024,
          playsPerMonth: 1_000_000_000_000
        },
        createdAt: at(-86_400_000 * 400 + 1),
        updatedAt: at(999)
      })
      const bare = makeAccount({ plan: "free", featureOverrides: {}, limitOverrides: {} })
      yield* accounts.insert(full)
      yield* accounts.insert(bare)

      const foundFull = yield* accounts.findById(full.id)
      assertSome(foundFull, full)
      assertSome(yield* accounts.findById(bare.id), bare)
      if (Option.isSome(foundFull)) {
        assert.isTrue(DateTime.isUtc(foundFull.value.createdAt))
        assert.strictEqual(DateTime.toEpochMillis(foundFull.value.createdAt), DateTime.toEpochMillis(full.createdAt))
      }
      assertNone(yield* accounts.findById(uid("acc")))
      assert.isFalse(yield* accounts.isEmpty)
    })
  )

  it.effect("account updates change every field but createdAt", () =>
    Effect.gen(function* () {
      const { accounts } = yield* services
      const account = yield* givenAccount()
      const changed: Account = {
        ...account,
        name: "Renamed",
        plan: "pro",
        featureOverrides: { rewards: false, games: ["memory-match"] },
        limitOverrides: { liveCampaigns: null, channels: 2 },
        createdAt: at(123_456),
        updatedAt: at(5_000)
      }
      yield* accounts.update(changed)
      assertSome(yield* accounts.findById(account.id), { ...changed, createdAt: account.createdAt })
    })
  )

  it.effect("an account id is unique", () =>
    Effect.gen(function* () {
      const { accounts } = yield* services
      const account = yield* givenAccount()
      const error = yield* Effect.flip(accounts.insert({ ...account, name: "Twin" }))
      assert.strictEqual(error._tag, "StoreError")
      assertSome(yield* accounts.findById(account.id), account)
    })
  )

  it.effect("findByPrefix returns the key with its account", () =>
    Effect.gen(function* () {
      const { keys } = yield* services
      const account = yield* givenAccount()
      const owner = makeKey(account.id, { name: "Owner key", permissions: [...Permission.all] })
      const none = makeKey(account.id, { permissions: [] })
      yield* keys.insert(owner)
      yield* keys.insert(none)

      assertSome(yield* keys.findByPrefix(owner.keyPrefix), { key: owner, account })
      assertSome(yield* keys.findByPrefix(none.keyPrefix), { key: none, account })
      assertNone(yield* keys.findByPrefix(keyPrefix()))
    })
  )

  it.effect("a key prefix and a key id are unique; a key needs its account", () =>
    Effect.gen(function* () {
      const { keys } = yield* services
      const account = yield* givenAccount()
      const key = makeKey(account.id)
      yield* keys.insert(key)

      const samePrefix = yield* Effect.flip(keys.insert(makeKey(account.id, { keyPrefix: key.keyPrefix })))
      assert.strictEqual(samePrefix._tag, "StoreError")
      const sameId = yield* Effect.flip(keys.insert(makeKey(account.id, { id: key.id })))
      assert.strictEqual(sameId._tag, "StoreError")
      const orphan = makeKey(uid("acc"))
      const noAccount = yield* Effect.flip(keys.insert(orphan))
      assert.strictEqual(noAccount._tag, "StoreError")

      assertSome(yield* keys.findActive(account.id, key.id), key)
      assert.strictEqual(yield* keys.countActive(account.id), 1)
      assertNone(yield* keys.findByPrefix(orphan.keyPrefix))
    })
  )

  it.effect("revoke marks the key revoked once, only in its account", () =>
    Effect.gen(function* () {
      const { keys } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const key = makeKey(account.id)
      yield* keys.insert(key)

      assertSome(yield* keys.findActive(account.id, key.id), key)
      assertNone(yield* keys.findActive(other.id, key.id), "another account's key is not found")
      assert.isFalse(yield* keys.revoke(other.id, key.id, at(50)), "another account cannot revoke it")
      assertSome(yield* keys.findActive(account.id, key.id), key)

      assert.isTrue(yield* keys.revoke(account.id, key.id, at(60)))
      assert.isFalse(yield* keys.revoke(account.id, key.id, at(70)), "the second revoke finds no active key")
      assertNone(yield* keys.findActive(account.id, key.id))
      assertSome(yield* keys.findByPrefix(key.keyPrefix), { key: { ...key, revokedAt: at(60) }, account })
      assert.isFalse(yield* keys.revoke(account.id, uid("key"), at(80)))
    })
  )

  it.effect("active keys are listed oldest first, paginated, without revoked keys", () =>
    Effect.gen(function* () {
      const { keys } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const tie = uid("key")
      const k1 = makeKey(account.id, { createdAt: at(100) })
      const k2 = makeKey(account.id, { id: `${tie}_a`, createdAt: at(200) })
      const k3 = makeKey(account.id, { id: `${tie}_b`, createdAt: at(200) })
      const k4 = makeKey(account.id, { createdAt: at(300) })
      const revoked = makeKey(account.id, { createdAt: at(150) })
      const alreadyRevoked = makeKey(account.id, { createdAt: at(160), revokedAt: at(170) })
      for (const key of [k4, k3, revoked, k1, alreadyRevoked, k2]) yield* keys.insert(key)
      yield* keys.insert(makeKey(other.id, { createdAt: at(120) }))
      assert.isTrue(yield* keys.revoke(account.id, revoked.id, at(400)))

      assert.strictEqual(yield* keys.countActive(account.id), 4)
      assertSame(yield* keys.listActive(account.id, { limit: 50, offset: 0 }), { items: [k1, k2, k3, k4], total: 4 })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 1 }), { items: [k2, k3], total: 4 })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 3 }), { items: [k4], total: 4 })
      assertSame(yield* keys.listActive(account.id, { limit: 2, offset: 10 }), { items: [], total: 4 })
      assertSame(yield* keys.listActive(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )

  it.effect("channels round-trip every field", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const full = makeChannel(account.id, {
        name: "Boutique « Noël » — 🎁",
        status: "disabled",
        betweenCampaigns: {
          title: "Back soon",
          body: "Our next game starts on Monday.\nStay tuned!",
          imageUrl: "https://cdn.example.com/images/soon.png?size=2x&lang=fr"
        },
        maxPlaysPerParticipant: 10_000,
        maxPlaysPerParticipantPerDay: 1,
        playLimitTimezone: "Europe/Paris",
        createdAt: at(31),
        updatedAt: at(32)
      })
      const bare = makeChannel(account.id, { betweenCampaigns: { title: "" } })
      yield* channels.insert(full)
      yield* channels.insert(bare)

      assertSome(yield* channels.findById(account.id, full.id), full)
      assertSome(yield* channels.findById(account.id, bare.id), bare)
      assertNone(yield* channels.findById(account.id, uid("ch")))
    })
  )

  it.effect("channel updates change every field but createdAt, only in the channel's account", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const channel = makeChannel(account.id, { betweenCampaigns: { title: "Soon" } })
      yield* channels.insert(channel)

      yield* channels.update({ ...channel, accountId: other.id, name: "Hijacked" })
      assertSome(yield* channels.findById(account.id, channel.id), channel)
      assertNone(yield* channels.findById(other.id, channel.id))

      const changed: Channel = {
        ...channel,
        name: "Renamed",
        status: "disabled",
        betweenCampaigns: { body: "Closed" },
        maxPlaysPerParticipant: 3,
        maxPlaysPerParticipantPerDay: 2,
        playLimitTimezone: "America/New_York",
        createdAt: at(9_999),
        updatedAt: at(10_000)
      }
      yield* channels.update(changed)
      assertSome(yield* channels.findById(account.id, channel.id), { ...changed, createdAt: channel.createdAt })

      yield* channels.update({ ...changed, maxPlaysPerParticipant: null, betweenCampaigns: {} })
      assertSome(yield* channels.findById(account.id, channel.id), {
        ...changed,
        maxPlaysPerParticipant: null,
        betweenCampaigns: {},
        createdAt: channel.createdAt
      })
    })
  )

  it.effect("a channel id is unique and a channel needs its account", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const channel = makeChannel(account.id)
      yield* channels.insert(channel)

      const twin = yield* Effect.flip(channels.insert({ ...channel, name: "Twin" }))
      assert.strictEqual(twin._tag, "StoreError")
      const orphan = makeChannel(uid("acc"))
      const noAccount = yield* Effect.flip(channels.insert(orphan))
      assert.strictEqual(noAccount._tag, "StoreError")
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("channels are listed newest first (then by id, descending), paginated", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const tie = uid("ch")
      const c1 = makeChannel(account.id, { createdAt: at(1_000) })
      const c2 = makeChannel(account.id, { id: `${tie}_a`, createdAt: at(2_000) })
      const c3 = makeChannel(account.id, { id: `${tie}_b`, createdAt: at(2_000) })
      const c4 = makeChannel(account.id, { createdAt: at(2_001) })
      const c5 = makeChannel(account.id, { createdAt: at(5_000) })
      for (const channel of [c3, c1, c5, c2, c4]) yield* channels.insert(channel)
      yield* channels.insert(makeChannel(other.id, { createdAt: at(3_000) }))

      assert.strictEqual(yield* channels.count(account.id), 5)
      assertSame(yield* channels.list(account.id, { limit: 200, offset: 0 }), {
        items: [c5, c4, c3, c2, c1],
        total: 5
      })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 0 }), { items: [c5, c4], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 2 }), { items: [c3, c2], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 4 }), { items: [c1], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 5 }), { items: [], total: 5 })
      assertSame(yield* channels.list(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )

  it.effect("another account's channel is not found, listed, counted or deleted", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const channel = makeChannel(account.id)
      yield* channels.insert(channel)

      assertNone(yield* channels.findById(other.id, channel.id))
      assertSame(yield* channels.list(other.id, { limit: 10, offset: 0 }), { items: [], total: 0 })
      assert.strictEqual(yield* channels.count(other.id), 0)
      assert.isFalse(yield* channels.delete(other.id, channel.id))
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("delete removes the channel once", () =>
    Effect.gen(function* () {
      const { channels } = yield* services
      const account = yield* givenAccount()
      const channel = makeChannel(account.id)
      const kept = makeChannel(account.id)
      yield* channels.insert(channel)
      yield* channels.insert(kept)

      assert.isTrue(yield* channels.delete(account.id, channel.id))
      assertNone(yield* channels.findById(account.id, channel.id))
      assert.isFalse(yield* channels.delete(account.id, channel.id))
      assert.isFalse(yield* channels.delete(account.id, uid("ch")))
      assertSame(yield* channels.list(account.id, { limit: 10, offset: 0 }), { items: [kept], total: 1 })
    })
  )

  it.effect("a transaction that succeeds keeps all its writes and returns its value", () =>
    Effect.gen(function* () {
      const { store, accounts, keys, channels } = yield* services
      const account = makeAccount()
      const key = makeKey(account.id)
      const channel = makeChannel(account.id)
      const result = yield* store.transaction(
        Effect.gen(function* () {
          yield* accounts.insert(account)
          yield* keys.insert(key)
          yield* channels.insert(channel)
          return yield* channels.count(account.id)
        })
      )
      assert.strictEqual(result, 1)
      assertSome(yield* accounts.findById(account.id), account)
      assertSome(yield* keys.findByPrefix(key.keyPrefix), { key, account })
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("a failing transaction keeps none of its writes", () =>
    Effect.gen(function* () {
      const { store, accounts, keys, channels } = yield* services
      const account = yield* givenAccount()
      const key = makeKey(account.id)
      const updated = makeChannel(account.id)
      const deleted = makeChannel(account.id)
      yield* keys.insert(key)
      yield* channels.insert(updated)
      yield* channels.insert(deleted)
      const newAccount = makeAccount()
      const newKey = makeKey(newAccount.id)
      const newChannel = makeChannel(account.id)

      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            yield* accounts.insert(newAccount)
            yield* accounts.update({ ...account, name: "Changed", updatedAt: at(77) })
            yield* keys.insert(newKey)
            assert.isTrue(yield* keys.revoke(account.id, key.id, at(78)))
            yield* channels.insert(newChannel)
            yield* channels.update({ ...updated, name: "Changed", updatedAt: at(79) })
            assert.isTrue(yield* channels.delete(account.id, deleted.id))
            assert.strictEqual(yield* channels.count(account.id), 2, "the transaction sees its own writes")
            return yield* new Boom({ message: "rules said no" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom", "the transaction fails with the error of its effect")

      assertNone(yield* accounts.findById(newAccount.id))
      assertSome(yield* accounts.findById(account.id), account)
      assertNone(yield* keys.findByPrefix(newKey.keyPrefix))
      assertSome(yield* keys.findActive(account.id, key.id), key)
      assertNone(yield* channels.findById(account.id, newChannel.id))
      assertSome(yield* channels.findById(account.id, updated.id), updated)
      assertSome(yield* channels.findById(account.id, deleted.id), deleted)
      assert.strictEqual(yield* channels.count(account.id), 2)
    })
  )

  it.effect("a transaction that dies keeps none of its writes", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      const channel = makeChannel(account.id)
      const exit = yield* Effect.exit(
        store.transaction(Effect.andThen(channels.insert(channel), Effect.die(new Error("bug"))))
      )
      assert.isTrue(Exit.hasDies(exit))
      assertNone(yield* channels.findById(account.id, channel.id))
    })
  )

  it.effect("an interrupted transaction keeps none of its writes", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      const channel = makeChannel(account.id)
      const written = yield* Deferred.make<void>()
      const fiber = yield* store
        .transaction(
          Effect.gen(function* () {
            yield* channels.insert(channel)
            yield* Deferred.succeed(written, undefined)
            return yield* Effect.never
          })
        )
        .pipe(Effect.forkChild)
      yield* Deferred.await(written)
      yield* Fiber.interrupt(fiber)
      assertNone(yield* channels.findById(account.id, channel.id))

      const after = makeChannel(account.id)
      yield* store.transaction(channels.insert(after))
      assertSome(yield* channels.findById(account.id, after.id), after, "the store works after an interruption")
    })
  )

  it.effect("a transaction inside another joins it", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      const outer = makeChannel(account.id)
      const inner = makeChannel(account.id)

      const seen = yield* store.transaction(
        Effect.gen(function* () {
          yield* channels.insert(outer)
          return yield* store.transaction(
            Effect.gen(function* () {
              yield* channels.insert(inner)
              return yield* channels.count(account.id)
            })
          )
        })
      )
      assert.strictEqual(seen, 2, "the inner transaction sees the outer one's writes")
      assert.strictEqual(yield* channels.count(account.id), 2)

      const lost = makeChannel(account.id)
      const lostInner = makeChannel(account.id)
      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            yield* channels.insert(lost)
            yield* store.transaction(channels.insert(lostInner))
            return yield* new Boom({ message: "after the inner one" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom")
      assertNone(yield* channels.findById(account.id, lost.id))
      assertNone(yield* channels.findById(account.id, lostInner.id), "the outer failure undoes the inner writes")
    })
  )

  it.effect("a failing inner transaction undoes only its own writes", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      const before = makeChannel(account.id)
      const inner = makeChannel(account.id)
      const after = makeChannel(account.id)

      const caught = yield* store.transaction(
        Effect.gen(function* () {
          yield* channels.insert(before)
          const error = yield* Effect.flip(
            store.transaction(Effect.andThen(channels.insert(inner), Effect.fail(new Boom({ message: "inner only" }))))
          )
          yield* channels.insert(after)
          return error._tag
        })
      )
      assert.strictEqual(caught, "Boom")
      assertSome(yield* channels.findById(account.id, before.id), before)
      assertNone(yield* channels.findById(account.id, inner.id))
      assertSome(yield* channels.findById(account.id, after.id), after)
    })
  )

  it.effect("lock succeeds inside and outside transactions", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      yield* store.lock(LockKey.account(account.id))
      const channel = makeChannel(account.id)
      yield* store.transaction(
        Effect.gen(function* () {
          yield* store.lock(LockKey.account(account.id))
          yield* store.lock(LockKey.account(account.id))
          yield* store.lock(LockKey.channel(channel.id))
          yield* channels.insert(channel)
        })
      )
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("the lock holds a limit under 20 concurrent transactions", () =>
    Effect.gen(function* () {
      const { store, channels } = yield* services
      const account = yield* givenAccount()
      const limit = 5
      const attempt = (i: number) =>
        store.transaction(
          Effect.gen(function* () {
            yield* store.lock(LockKey.account(account.id))
            const used = yield* channels.count(account.id)
            // Give other transactions every chance to interleave between the count and the insert.
            yield* Effect.sleep(1)
            if (used >= limit) return false
            yield* channels.insert(makeChannel(account.id, { createdAt: at(i) }))
            return true
          })
        )
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        attempt,
        {
          concurrency: "unbounded"
        }
      )
      assert.strictEqual(results.filter((inserted) => inserted).length, limit)
      assert.strictEqual(yield* channels.count(account.id), limit)
    })
  )
}
