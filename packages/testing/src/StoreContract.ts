/**
 * The store contract: one suite of tests, parameterised by a layer, that every adapter of the store
 * ports runs (`MemoryStore`, PGlite, PostgreSQL). It pins what the engine's rules rely on:
 *
 * - every field round-trips exactly (times to the millisecond as `DateTime.Utc`, also inside
 *   documents such as a campaign's winner-selection windows; nested documents such as game configs
 *   and themes; nulls, arrays of codes, overrides);
 * - queries are scoped by account; lists are ordered (newest first for channels and campaigns),
 *   filtered and paginated with a `total` across pages;
 * - `update` never changes `createdAt` (nor a campaign's account); `delete` and `revoke` answer
 *   whether they did something;
 * - ids and key prefixes are unique; keys, channels and branding need their account, a campaign a
 *   channel of its account, and a channel with campaigns cannot be deleted (`StoreError`);
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
import { BrandingRepo } from "@campaign-games/core/Branding"
import { type Campaign, CampaignRepo } from "@campaign-games/core/Campaign"
import { type Channel, ChannelRepo } from "@campaign-games/core/Channel"
import * as Permission from "@campaign-games/core/Permission"
import { LockKey, Store } from "@campaign-games/core/Store"
import type { Theme } from "@campaign-games/core/Theme"
import { assert, layer, type Vitest } from "@effect/vitest"
import { DateTime, Deferred, Effect, Exit, Fiber, type Layer, Option, Predicate, Schema } from "effect"

/** The services an adapter under test provides. */
export type Services = Store | AccountRepo | ApiKeyRepo | ChannelRepo | CampaignRepo | BrandingRepo

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

const makeCampaign = (accountId: string, channelId: string, fields: Partial<Campaign> = {}): Campaign => ({
  id: uid("gi"),
  accountId,
  channelId,
  gameSlug: "spin-the-wheel",
  name: "Spring wheel",
  status: "draft",
  config: {},
  prize: null,
  theme: null,
  grantOncePerParticipant: true,
  rewardValidForSeconds: null,
  winnerSelectionTrigger: "manual",
  winnerSelectionAlgorithm: "random_uniform",
  winnerSelectionConfig: { maxWinners: 1, tieBreak: "earliest_entry", windowStart: null, windowEnd: null },
  scheduleAt: null,
  resolvedOptionId: null,
  resolvedAt: null,
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  liveFrom: null,
  liveUntil: null,
  activatedAt: null,
  createdAt: at(40),
  updatedAt: at(41),
  ...fields
})

/** A theme with every key set. */
const fullTheme: Theme = {
  colors: {
    bg: "#0A0B0C",
    fg: "#ffffff",
    muted: "#778899",
    accent: "#FF3366",
    danger: "#cc0000",
    surface: "#1a1b1c",
    border: "#2B2C2D"
  },
  logoUrl: "https://cdn.example.com/logo.svg?v=2&lang=fr",
  backgroundUrl: "https://cdn.example.com/bg.jpg",
  fontFamily: `"Open Sans", Arial, sans-serif`,
  fontUrl: "https://fonts.example.com/open-sans.woff2",
  labels: { title: "Tournez la roue « été » ☀️", intro: "", spinButton: 'Go "now"\nplease' },
  layout: { position: "bottom", width: "full" },
  background: {
    fit: "tile",
    focus: "bottom-right",
    gradient: { from: "#000000", to: "#FFFFFF", angle: 359 },
    overlay: { color: "#102030", opacity: 80 },
    animation: { kind: "lottie", url: "https://cdn.example.com/confetti.json" }
  },
  decorations: {
    top: { url: "https://cdn.example.com/garland.png", kind: "image", size: "small" },
    bottom: { url: "https://cdn.example.com/snow.json", kind: "lottie", size: "large" }
  }
}

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
  return {
    store: yield* Store,
    accounts: yield* AccountRepo,
    keys: yield* ApiKeyRepo,
    channels: yield* ChannelRepo,
    campaigns: yield* CampaignRepo,
    branding: yield* BrandingRepo
  }
})

/** An account already stored. */
const givenAccount = (fields: Partial<Account> = {}) =>
  Effect.gen(function* () {
    const account = makeAccount(fields)
    yield* (yield* AccountRepo).insert(account)
    return account
  })

/** A channel already stored, in an account already stored. */
const givenChannel = (accountId?: string, fields: Partial<Channel> = {}) =>
  Effect.gen(function* () {
    const owner = accountId ?? (yield* givenAccount()).id
    const channel = makeChannel(owner, fields)
    yield* (yield* ChannelRepo).insert(channel)
    return channel
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

  it.effect("campaigns round-trip every field", () =>
    Effect.gen(function* () {
      const { campaigns } = yield* services
      const channel = yield* givenChannel()
      const full = makeCampaign(channel.accountId, channel.id, {
        gameSlug: "prediction",
        name: "Match « final » — 🏆",
        status: "active",
        config: {
          question: "Who wins?\nTell us «vite»",
          options: [
            { id: "home", label: "Home", weight: 2.5 },
            { id: "away", label: "Away", weight: 0.1, tags: [] }
          ],
          nested: { deeper: { deepest: [1, "two", null, true, { x: -3 }] }, empty: {} },
          big: 1_000_000_000_000,
          off: false,
          nothing: null,
          quote: 'it\'s "quoted" \\ back'
        },
        prize: { label: "A signed ball ⚽", description: "Shipped within a week.", externalRef: "SKU-42/b" },
        theme: fullTheme,
        grantOncePerParticipant: false,
        rewardValidForSeconds: 86_400 * 30,
        winnerSelectionTrigger: "auto_on_schedule",
        winnerSelectionAlgorithm: "random_weighted",
        winnerSelectionConfig: { maxWinners: 1000, tieBreak: "random", windowStart: at(1), windowEnd: at(86_400_999) },
        scheduleAt: at(90_000_001),
        resolvedOptionId: "home",
        resolvedAt: at(-1),
        maxPlaysPerParticipant: 10_000,
        maxPlaysPerParticipantPerDay: 1,
        playLimitTimezone: "Pacific/Chatham",
        liveFrom: at(-86_400_000 * 400 + 7),
        liveUntil: at(86_400_000 * 400 + 3),
        activatedAt: at(-5),
        createdAt: at(-10),
        updatedAt: at(123)
      })
      const bare = makeCampaign(channel.accountId, channel.id, { prize: { label: "A mug" }, theme: {} })
      const nulls = makeCampaign(channel.accountId, channel.id)
      yield* campaigns.insert(full)
      yield* campaigns.insert(bare)
      yield* campaigns.insert(nulls)

      const found = yield* campaigns.findById(channel.accountId, full.id)
      assertSome(found, full)
      assertSome(yield* campaigns.findById(channel.accountId, bare.id), bare)
      assertSome(yield* campaigns.findById(channel.accountId, nulls.id), nulls)
      if (Option.isSome(found)) {
        const { windowStart, windowEnd } = found.value.winnerSelectionConfig
        assert.isTrue(windowStart !== null && DateTime.isUtc(windowStart), "windowStart decodes to DateTime.Utc")
        assert.isTrue(windowEnd !== null && DateTime.isUtc(windowEnd), "windowEnd decodes to DateTime.Utc")
        assert.strictEqual(
          windowEnd === null ? null : DateTime.toEpochMillis(windowEnd),
          DateTime.toEpochMillis(at(86_400_999))
        )
        assert.isTrue(DateTime.isUtc(found.value.createdAt))
      }
      assertNone(yield* campaigns.findById(channel.accountId, uid("gi")))
    })
  )

  it.effect("campaign updates change every field but createdAt and accountId, only in the campaign's account", () =>
    Effect.gen(function* () {
      const { campaigns } = yield* services
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const otherChannel = yield* givenChannel(accountId)
      const other = yield* givenAccount()
      const campaign = makeCampaign(accountId, channel.id, { config: { segments: [{ id: "a" }] } })
      yield* campaigns.insert(campaign)

      yield* campaigns.update({ ...campaign, accountId: other.id, name: "Hijacked" })
      assertSome(yield* campaigns.findById(accountId, campaign.id), campaign)
      assertNone(yield* campaigns.findById(other.id, campaign.id))

      const changed: Campaign = {
        ...campaign,
        channelId: otherChannel.id,
        gameSlug: "quiz",
        name: "Renamed",
        status: "paused",
        config: { questions: [{ text: "2 + 2?", answers: ["4", "5"], correct: 0 }] },
        prize: { label: "Voucher", externalRef: "V-1" },
        theme: { colors: { accent: "#123456" }, labels: { title: "Quiz" } },
        grantOncePerParticipant: false,
        rewardValidForSeconds: 60,
        winnerSelectionTrigger: "auto_on_session_end",
        winnerSelectionAlgorithm: "score_highest",
        winnerSelectionConfig: { maxWinners: 3, tieBreak: "random", windowStart: at(7), windowEnd: null },
        scheduleAt: at(8),
        resolvedOptionId: "x",
        resolvedAt: at(9),
        maxPlaysPerParticipant: 5,
        maxPlaysPerParticipantPerDay: 2,
        playLimitTimezone: "Asia/Kolkata",
        liveFrom: at(10),
        liveUntil: at(11),
        activatedAt: at(12),
        createdAt: at(99_999),
        updatedAt: at(100_000)
      }
      yield* campaigns.update(changed)
      assertSome(yield* campaigns.findById(accountId, campaign.id), { ...changed, createdAt: campaign.createdAt })

      const cleared: Campaign = {
        ...changed,
        prize: null,
        theme: null,
        rewardValidForSeconds: null,
        winnerSelectionConfig: { maxWinners: 3, tieBreak: "random", windowStart: null, windowEnd: at(13) },
        scheduleAt: null,
        resolvedOptionId: null,
        resolvedAt: null,
        maxPlaysPerParticipant: null,
        maxPlaysPerParticipantPerDay: null,
        liveFrom: null,
        liveUntil: null,
        activatedAt: null,
        config: {},
        updatedAt: at(100_001)
      }
      yield* campaigns.update(cleared)
      assertSome(yield* campaigns.findById(accountId, campaign.id), { ...cleared, createdAt: campaign.createdAt })
    })
  )

  it.effect("a campaign id is unique and a campaign needs its account and a channel of that account", () =>
    Effect.gen(function* () {
      const { campaigns } = yield* services
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const foreign = yield* givenChannel()
      const campaign = makeCampaign(accountId, channel.id)
      yield* campaigns.insert(campaign)

      const twin = yield* Effect.flip(campaigns.insert({ ...campaign, name: "Twin" }))
      assert.strictEqual(twin._tag, "StoreError")
      const noAccount = makeCampaign(uid("acc"), channel.id)
      assert.strictEqual((yield* Effect.flip(campaigns.insert(noAccount)))._tag, "StoreError")
      const noChannel = makeCampaign(accountId, uid("ch"))
      assert.strictEqual((yield* Effect.flip(campaigns.insert(noChannel)))._tag, "StoreError")
      const otherAccountsChannel = makeCampaign(accountId, foreign.id)
      assert.strictEqual((yield* Effect.flip(campaigns.insert(otherAccountsChannel)))._tag, "StoreError")
      const moved = yield* Effect.flip(campaigns.update({ ...campaign, channelId: uid("ch"), name: "Moved" }))
      assert.strictEqual(moved._tag, "StoreError", "an update needs a channel of the account too")

      assertSome(yield* campaigns.findById(accountId, campaign.id), campaign)
      assertNone(yield* campaigns.findById(accountId, noChannel.id))
      assertNone(yield* campaigns.findById(accountId, otherAccountsChannel.id))
      assertNone(yield* campaigns.findById(foreign.accountId, otherAccountsChannel.id))
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 1)
      assert.strictEqual(yield* campaigns.countOnChannel(foreign.accountId, foreign.id), 0)
    })
  )

  it.effect("campaigns are listed newest first (then by id, descending), filtered, paginated", () =>
    Effect.gen(function* () {
      const { campaigns } = yield* services
      const ch1 = yield* givenChannel()
      const accountId = ch1.accountId
      const ch2 = yield* givenChannel(accountId)
      const otherChannel = yield* givenChannel()
      const tie = uid("gi")
      const c1 = makeCampaign(accountId, ch1.id, { status: "active", createdAt: at(1_000) })
      const c2 = makeCampaign(accountId, ch2.id, { id: `${tie}_a`, status: "draft", createdAt: at(2_000) })
      const c3 = makeCampaign(accountId, ch1.id, { id: `${tie}_b`, status: "active", createdAt: at(2_000) })
      const c4 = makeCampaign(accountId, ch2.id, { status: "active", createdAt: at(2_001) })
      const c5 = makeCampaign(accountId, ch1.id, { status: "archived", createdAt: at(5_000) })
      const c6 = makeCampaign(accountId, ch1.id, { status: "paused", createdAt: at(-5_000) })
      for (const campaign of [c3, c6, c1, c5, c2, c4]) yield* campaigns.insert(campaign)
      yield* campaigns.insert(makeCampaign(otherChannel.accountId, otherChannel.id, { createdAt: at(3_000) }))

      const all = { limit: 200, offset: 0 }
      assertSame(yield* campaigns.list(accountId, {}, all), { items: [c5, c4, c3, c2, c1, c6], total: 6 })
      assertSame(yield* campaigns.list(accountId, { channelId: undefined, status: undefined }, all), {
        items: [c5, c4, c3, c2, c1, c6],
        total: 6
      })
      assertSame(yield* campaigns.list(accountId, {}, { limit: 2, offset: 0 }), { items: [c5, c4], total: 6 })
      assertSame(yield* campaigns.list(accountId, {}, { limit: 2, offset: 2 }), { items: [c3, c2], total: 6 })
      assertSame(yield* campaigns.list(accountId, {}, { limit: 4, offset: 4 }), { items: [c1, c6], total: 6 })
      assertSame(yield* campaigns.list(accountId, {}, { limit: 2, offset: 6 }), { items: [], total: 6 })

      assertSame(yield* campaigns.list(accountId, { channelId: ch1.id }, all), { items: [c5, c3, c1, c6], total: 4 })
      assertSame(yield* campaigns.list(accountId, { channelId: ch2.id }, all), { items: [c4, c2], total: 2 })
      assertSame(yield* campaigns.list(accountId, { status: "active" }, all), { items: [c4, c3, c1], total: 3 })
      assertSame(yield* campaigns.list(accountId, { status: "active" }, { limit: 1, offset: 1 }), {
        items: [c3],
        total: 3
      })
      assertSame(yield* campaigns.list(accountId, { status: "active" }, { limit: 1, offset: 3 }), {
        items: [],
        total: 3
      })
      assertSame(yield* campaigns.list(accountId, { channelId: ch1.id, status: "active" }, all), {
        items: [c3, c1],
        total: 2
      })
      assertSame(yield* campaigns.list(accountId, { channelId: ch2.id, status: "archived" }, all), {
        items: [],
        total: 0
      })
      assertSame(yield* campaigns.list(accountId, { channelId: ch2.id, status: "archived" }, { limit: 5, offset: 5 }), {
        items: [],
        total: 0
      })
      assertSame(yield* campaigns.list(accountId, { channelId: otherChannel.id }, all), { items: [], total: 0 })
      assertSame(yield* campaigns.list(uid("acc"), {}, { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )

  it.effect(
    "active campaigns are listed by account and by channel (newest first); any status counts on a channel",
    () =>
      Effect.gen(function* () {
        const { campaigns } = yield* services
        const ch1 = yield* givenChannel()
        const accountId = ch1.accountId
        const ch2 = yield* givenChannel(accountId)
        const empty = yield* givenChannel(accountId)
        const a1 = makeCampaign(accountId, ch1.id, { status: "active", createdAt: at(100) })
        const a2 = makeCampaign(accountId, ch2.id, { status: "active", createdAt: at(300) })
        const a3 = makeCampaign(accountId, ch1.id, { status: "active", createdAt: at(200) })
        const draft = makeCampaign(accountId, ch1.id, { status: "draft", createdAt: at(400) })
        const paused = makeCampaign(accountId, ch2.id, { status: "paused", createdAt: at(500) })
        const archived = makeCampaign(accountId, ch1.id, { status: "archived", createdAt: at(600) })
        for (const campaign of [a1, a2, a3, draft, paused, archived]) yield* campaigns.insert(campaign)

        assertSame(yield* campaigns.listActive(accountId), [a2, a3, a1])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, ch1.id), [a3, a1])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, ch2.id), [a2])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, empty.id), [])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, uid("ch")), [])
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, ch1.id), 4)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, ch2.id), 2)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, empty.id), 0)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, uid("ch")), 0)

        yield* campaigns.update({ ...a3, status: "paused", updatedAt: at(700) })
        yield* campaigns.update({ ...draft, status: "active", updatedAt: at(700) })
        assertSame(yield* campaigns.listActiveOnChannel(accountId, ch1.id), [
          { ...draft, status: "active", updatedAt: at(700) },
          a1
        ])
        assertSame(yield* campaigns.listActive(accountId), [{ ...draft, status: "active", updatedAt: at(700) }, a2, a1])
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, ch1.id), 4)
      })
  )

  it.effect("another account's campaign is not found, listed, counted, changed or deleted", () =>
    Effect.gen(function* () {
      const { campaigns } = yield* services
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const other = yield* givenAccount()
      const campaign = makeCampaign(accountId, channel.id, { status: "active" })
      yield* campaigns.insert(campaign)

      assertNone(yield* campaigns.findById(other.id, campaign.id))
      assertSame(yield* campaigns.list(other.id, {}, { limit: 10, offset: 0 }), { items: [], total: 0 })
      assertSame(yield* campaigns.list(other.id, { channelId: channel.id }, { limit: 10, offset: 0 }), {
        items: [],
        total: 0
      })
      assertSame(yield* campaigns.listActive(other.id), [])
      assertSame(yield* campaigns.listActiveOnChannel(other.id, channel.id), [])
      assert.strictEqual(yield* campaigns.countOnChannel(other.id, channel.id), 0)
      yield* campaigns.update({ ...campaign, accountId: other.id, status: "archived" })
      assert.isFalse(yield* campaigns.delete(other.id, campaign.id))
      assertSome(yield* campaigns.findById(accountId, campaign.id), campaign)
    })
  )

  it.effect("delete removes the campaign once; a channel with campaigns cannot be deleted", () =>
    Effect.gen(function* () {
      const { campaigns, channels } = yield* services
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const campaign = makeCampaign(accountId, channel.id)
      const kept = makeCampaign(accountId, channel.id)
      yield* campaigns.insert(campaign)
      yield* campaigns.insert(kept)

      const refused = yield* Effect.flip(channels.delete(accountId, channel.id))
      assert.strictEqual(refused._tag, "StoreError")
      assertSome(yield* channels.findById(accountId, channel.id), channel)

      assert.isTrue(yield* campaigns.delete(accountId, campaign.id))
      assertNone(yield* campaigns.findById(accountId, campaign.id))
      assert.isFalse(yield* campaigns.delete(accountId, campaign.id))
      assert.isFalse(yield* campaigns.delete(accountId, uid("gi")))
      assertSame(yield* campaigns.list(accountId, {}, { limit: 10, offset: 0 }), { items: [kept], total: 1 })
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 1)

      assert.isTrue(yield* campaigns.delete(accountId, kept.id))
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 0)
      assert.isTrue(yield* channels.delete(accountId, channel.id), "without campaigns the channel can go")
    })
  )

  it.effect("branding is none until put, then replaced whole, per account", () =>
    Effect.gen(function* () {
      const { branding } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()

      assertNone(yield* branding.get(account.id))
      yield* branding.put(account.id, fullTheme)
      assertSome(yield* branding.get(account.id), fullTheme)
      assertNone(yield* branding.get(other.id), "another account's branding is not seen")

      const replaced: Theme = { colors: { accent: "#00FF00" }, labels: { title: "Hello" } }
      yield* branding.put(account.id, replaced)
      assertSome(yield* branding.get(account.id), replaced, "put replaces the whole theme")
      yield* branding.put(account.id, {})
      assertSome(yield* branding.get(account.id), {})

      yield* branding.put(other.id, replaced)
      assertSome(yield* branding.get(other.id), replaced)
      assertSome(yield* branding.get(account.id), {})

      const orphan = uid("acc")
      const noAccount = yield* Effect.flip(branding.put(orphan, fullTheme))
      assert.strictEqual(noAccount._tag, "StoreError")
      assertNone(yield* branding.get(orphan))
    })
  )

  it.effect("a failing transaction keeps none of its campaign or branding writes", () =>
    Effect.gen(function* () {
      const { store, campaigns, branding } = yield* services
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const fresh = yield* givenAccount()
      const updated = makeCampaign(accountId, channel.id)
      const deleted = makeCampaign(accountId, channel.id, { status: "active" })
      yield* campaigns.insert(updated)
      yield* campaigns.insert(deleted)
      yield* branding.put(accountId, fullTheme)
      const inserted = makeCampaign(accountId, channel.id, { status: "active", theme: fullTheme })

      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            yield* campaigns.insert(inserted)
            yield* campaigns.update({ ...updated, name: "Changed", status: "active", updatedAt: at(77) })
            assert.isTrue(yield* campaigns.delete(accountId, deleted.id))
            yield* branding.put(accountId, { labels: { title: "Changed" } })
            yield* branding.put(fresh.id, fullTheme)
            assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 2, "it sees its own writes")
            assert.strictEqual((yield* campaigns.listActiveOnChannel(accountId, channel.id)).length, 2)
            return yield* new Boom({ message: "rules said no" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom")

      assertNone(yield* campaigns.findById(accountId, inserted.id))
      assertSome(yield* campaigns.findById(accountId, updated.id), updated)
      assertSome(yield* campaigns.findById(accountId, deleted.id), deleted)
      assertSame(yield* campaigns.listActiveOnChannel(accountId, channel.id), [deleted])
      assertSame(yield* campaigns.list(accountId, {}, { limit: 10, offset: 0 }), {
        items: [deleted, updated].sort((a, b) => (a.id < b.id ? 1 : -1)),
        total: 2
      })
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 2)
      assertSome(yield* branding.get(accountId), fullTheme)
      assertNone(yield* branding.get(fresh.id))
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
