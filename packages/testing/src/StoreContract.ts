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
 *   pattern of every plan limit and play limit;
 * - plays: a `jti` starts one session (with its play counted in usage, both or neither), a session
 *   finishes once (and is claimed with its campaign once, even under concurrent claims), a player's
 *   sessions are counted per campaign and channel in half-open day windows; the play contexts read
 *   the same rows as the repositories they stand for, scoped by account; entries sort (null scores last either way),
 *   filter, search (`%`, `_`, `\` literally) and paginate, and predictions resolve; event ids are
 *   unique; usage counts; a server secret keeps its first value; an allowed origin is unique in its
 *   account (core's `Conflict`).
 *
 * The tests share one store (one layer build) and use ids unique to each test, so the suite runs
 * on a long-lived database too. They run on the live clock and random: the contract is about
 * storage, not time.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo, playView as accountPlayView } from "@campaign-games/core/accounts/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/accounts/ApiKey"
import * as AllowedOrigin from "@campaign-games/core/play/AllowedOrigin"
import { AllowedOriginRepo } from "@campaign-games/core/play/AllowedOrigin"
import { BrandingRepo } from "@campaign-games/core/campaigns/Branding"
import { type Campaign, CampaignRepo, playView } from "@campaign-games/core/campaigns/Campaign"
import { type Channel, ChannelRepo, playView as channelPlayView } from "@campaign-games/core/campaigns/Channel"
import { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import { type Entry, type ListFilter as EntryListFilter, EntryRepo } from "@campaign-games/core/play/Entry"
import { type Event, EventOutbox } from "@campaign-games/core/webhooks/Event"
import type { Paged } from "@campaign-games/core/Pagination"
import * as Permission from "@campaign-games/core/accounts/Permission"
import {
  type Completion,
  type KnownFinish,
  type MintLookup,
  PlayContextRepo,
  PlayFinishRepo
} from "@campaign-games/core/play/PlayContext"
import { type CountQuery, type Session, SessionRepo } from "@campaign-games/core/play/Session"
import { LockKey, Store } from "@campaign-games/core/Store"
import type { Theme } from "@campaign-games/core/campaigns/Theme"
import { UsageRepo } from "@campaign-games/core/play/Usage"
import { type Delivery, DeliveryRepo, type Endpoint, EndpointRepo } from "@campaign-games/core/webhooks/Webhook"
import { assert, layer, type Vitest } from "@effect/vitest"
import { DateTime, Deferred, Effect, Exit, Fiber, type Layer, Option, Result, Schema } from "effect"
import { assertNone, assertSame, assertSome } from "./internal/Assertions.ts"
import { at, makeEndpoint, uid } from "./internal/Fixtures.ts"

/** The services an adapter under test provides. */
export type Services =
  | Store
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
  | PlayFinishRepo
  | EndpointRepo
  | DeliveryRepo

/** A domain failure raised inside transactions under test. */
class Boom extends Schema.TaggedError<Boom>()("Boom", { message: Schema.String }) {}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
/** A random key prefix of the real form (12 base32 characters). */
const keyPrefix = (): string => {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => BASE32[b & 31]).join("")
}

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

const services = Effect.gen(function* () {
  return {
    store: yield* Store,
    accounts: yield* AccountRepo,
    keys: yield* ApiKeyRepo,
    channels: yield* ChannelRepo,
    campaigns: yield* CampaignRepo,
    branding: yield* BrandingRepo,
    sessions: yield* SessionRepo,
    entries: yield* EntryRepo,
    outbox: yield* EventOutbox,
    usage: yield* UsageRepo,
    secrets: yield* ServerSecretRepo,
    origins: yield* AllowedOriginRepo,
    playContext: yield* PlayContextRepo,
    playFinish: yield* PlayFinishRepo,
    endpoints: yield* EndpointRepo,
    deliveries: yield* DeliveryRepo
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

/** A campaign already stored, on a channel already stored. */
const givenCampaign = (fields: Partial<Campaign> = {}) =>
  Effect.gen(function* () {
    const channel = yield* givenChannel(fields.accountId)
    const campaign = makeCampaign(channel.accountId, channel.id, fields)
    yield* (yield* CampaignRepo).insert(campaign)
    return campaign
  })

const makeSession = (campaign: Campaign, fields: Partial<Session> = {}): Session => ({
  id: uid("ses"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  channelId: campaign.channelId,
  participantRef: "player-1",
  origin: "https://shop.example.com",
  jti: uid("jti"),
  startedAt: at(500),
  finishedAt: null,
  ...fields
})

const makeEntry = (campaign: Campaign, fields: Partial<Entry> = {}): Entry => ({
  id: uid("en"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  channelId: campaign.channelId,
  sessionId: null,
  participantRef: "player-1",
  score: null,
  predictionValue: null,
  outcome: null,
  weight: 1,
  eligible: true,
  createdAt: at(600),
  ...fields
})

/**
 * A finished play of `session` at `at_` as `PlayFinishRepo.complete` takes it: its entry (with
 * `entry`'s fields), its `session_completed` event (`data`) and a pending delivery to each target.
 */
const makeCompletion = (
  campaign: Campaign,
  session: Session,
  at_: DateTime.Utc,
  targets: ReadonlyArray<Endpoint>,
  entry: Partial<Entry> = {},
  data: Event["data"] = { sessionId: session.id }
): Completion => {
  const event: Event = {
    id: uid("evt"),
    accountId: campaign.accountId,
    type: "session_completed",
    campaignId: campaign.id,
    channelId: campaign.channelId,
    data,
    createdAt: at_
  }
  return {
    sessionId: session.id,
    finishedAt: at_,
    entry: makeEntry(campaign, {
      sessionId: session.id,
      participantRef: session.participantRef,
      createdAt: at_,
      ...entry
    }),
    event,
    deliveries: targets.map((e): Delivery => ({
      id: uid("wd"),
      accountId: campaign.accountId,
      endpointId: e.id,
      eventId: event.id,
      eventType: event.type,
      payload: { type: event.type, createdAt: DateTime.formatIso(at_), data: event.data },
      status: "pending",
      attemptCount: 0,
      lastAttemptedAt: null,
      nextRetryAt: at_,
      responseStatus: null,
      note: null,
      createdAt: at_
    }))
  }
}

/** A campaign's entries, oldest first (up to 100). */
const entriesOfCampaign = (campaign: Campaign) =>
  Effect.flatMap(Effect.service(EntryRepo), (entries) =>
    Effect.map(
      entries.list(
        campaign.accountId,
        campaign.id,
        { search: undefined, eligible: undefined, sort: "createdAt", dir: "asc" },
        { limit: 100, offset: 0 }
      ),
      (page) => page.items
    )
  )

const makeOrigin = (
  accountId: string,
  fields: Partial<AllowedOrigin.AllowedOrigin> = {}
): AllowedOrigin.AllowedOrigin => {
  const id = uid("ao")
  return { id, accountId, origin: `https://${id.replaceAll("_", "-")}.example.com`, createdAt: at(700), ...fields }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

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

  it.effect("sessions round-trip every field; findById is not scoped by account", () =>
    Effect.gen(function* () {
      const { sessions } = yield* services
      const campaign = yield* givenCampaign()
      const open = makeSession(campaign, {
        participantRef: "Ünïcödé « player » 🎡 'quoted' \"ref\"",
        origin: "https://shop.example.com:8443",
        startedAt: at(-DAY * 400 + 1)
      })
      const finished = makeSession(campaign, { startedAt: at(1), finishedAt: at(2) })
      assert.isTrue(yield* sessions.insert(open))
      assert.isTrue(yield* sessions.insert(finished))

      const found = yield* sessions.findById(open.id)
      assertSome(found, open)
      if (Option.isSome(found)) assert.isTrue(DateTime.isUtc(found.value.startedAt))
      assertSome(yield* sessions.findById(finished.id), finished)
      assertNone(yield* sessions.findById(uid("ses")))
    })
  )

  it.effect("a jti starts one session: a second insert returns false and stores nothing", () =>
    Effect.gen(function* () {
      const { sessions } = yield* services
      const campaign = yield* givenCampaign()
      const session = makeSession(campaign)
      assert.isTrue(yield* sessions.insert(session))

      const twin = makeSession(campaign, { jti: session.jti, participantRef: "someone-else", startedAt: at(900) })
      assert.isFalse(yield* sessions.insert(twin))
      assert.isFalse(yield* sessions.insert({ ...twin, id: session.id }), "a duplicate jti wins over a duplicate id")
      assertNone(yield* sessions.findById(twin.id))
      assertSome(yield* sessions.findById(session.id), session)

      const sameId = yield* Effect.flip(sessions.insert(makeSession(campaign, { id: session.id })))
      assert.strictEqual(sameId._tag, "StoreError")
      const noCampaign = yield* Effect.flip(sessions.insert(makeSession({ ...campaign, id: uid("gi") })))
      assert.strictEqual(noCampaign._tag, "StoreError", "a session needs its campaign")
      const noAccount = yield* Effect.flip(sessions.insert(makeSession({ ...campaign, accountId: uid("acc") })))
      assert.strictEqual(noAccount._tag, "StoreError", "a session needs its account")
      assertSome(yield* sessions.findById(session.id), session)
    })
  )

  it.effect("finish marks a session finished once", () =>
    Effect.gen(function* () {
      const { sessions } = yield* services
      const campaign = yield* givenCampaign()
      const session = makeSession(campaign)
      yield* sessions.insert(session)

      assert.isTrue(yield* sessions.finish(session.id, at(700)))
      assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
      assert.isFalse(yield* sessions.finish(session.id, at(800)), "a second finish does nothing")
      assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
      assert.isFalse(yield* sessions.finish(uid("ses"), at(800)))

      const born = makeSession(campaign, { finishedAt: at(550) })
      yield* sessions.insert(born)
      assert.isFalse(yield* sessions.finish(born.id, at(800)), "a session stored finished stays as it was")
      assertSome(yield* sessions.findById(born.id), born)
    })
  )

  it.effect("insertPlay inserts a session and counts its play in usage: both or neither", () =>
    Effect.gen(function* () {
      const { store, sessions, usage } = yield* services
      const campaign = yield* givenCampaign()
      const { accountId } = campaign
      const session = makeSession(campaign, { participantRef: "Ünïcödé « player » 🎡", startedAt: at(-DAY * 400 + 1) })

      assert.isTrue(yield* sessions.insertPlay(session, "2026-05"))
      assertSome(yield* sessions.findById(session.id), session)
      assert.strictEqual(yield* usage.plays(accountId, "2026-05"), 1)

      const twin = makeSession(campaign, { jti: session.jti })
      assert.isFalse(yield* sessions.insertPlay(twin, "2026-05"), "a used jti")
      assertNone(yield* sessions.findById(twin.id))
      assert.strictEqual(yield* usage.plays(accountId, "2026-05"), 1, "a used jti counts no play")

      assert.isTrue(yield* sessions.insertPlay(makeSession(campaign), "2026-05"))
      assert.isTrue(yield* sessions.insertPlay(makeSession(campaign), "2026-06"))
      assert.strictEqual(yield* usage.plays(accountId, "2026-05"), 2)
      assert.strictEqual(yield* usage.plays(accountId, "2026-06"), 1)

      const noCampaign = makeSession({ ...campaign, id: uid("gi") })
      const refused = yield* Effect.flip(sessions.insertPlay(noCampaign, "2026-05"))
      assert.strictEqual(refused._tag, "StoreError", "a session needs its campaign")
      assertNone(yield* sessions.findById(noCampaign.id))
      assert.strictEqual(yield* usage.plays(accountId, "2026-05"), 2, "a refused session counts no play")

      const rolledBack = makeSession(campaign)
      const error = yield* Effect.flip(
        store.transaction(
          Effect.andThen(sessions.insertPlay(rolledBack, "2026-05"), Effect.fail(new Boom({ message: "no" })))
        )
      )
      assert.strictEqual(error._tag, "Boom")
      assertNone(yield* sessions.findById(rolledBack.id))
      assert.strictEqual(yield* usage.plays(accountId, "2026-05"), 2, "a rolled-back transaction keeps neither")

      const reused = makeSession(campaign)
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        (i) => sessions.insertPlay(i % 4 === 0 ? { ...reused, id: uid("ses") } : makeSession(campaign), "2026-07"),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((inserted) => inserted).length, 16, "15 new jtis and one of 5 reusing one")
      assert.strictEqual(yield* usage.plays(accountId, "2026-07"), 16, "one play counted per session")
    })
  )

  it.effect(
    "PlayFinishRepo.read: the session with its campaign and the account's active endpoints of the event type",
    () =>
      Effect.gen(function* () {
        const { sessions, endpoints, playFinish } = yield* services
        const campaign = yield* givenCampaign({
          gameSlug: "prediction",
          status: "active",
          config: { question: "Who wins?", options: [{ id: "home", label: "Home" }], nested: { empty: {} } },
          prize: { label: "A signed ball ⚽" },
          theme: fullTheme,
          winnerSelectionConfig: { maxWinners: 3, tieBreak: "random", windowStart: at(1), windowEnd: at(2) },
          resolvedOptionId: "home",
          resolvedAt: at(-1),
          maxPlaysPerParticipant: 3,
          playLimitTimezone: "Pacific/Chatham",
          liveFrom: at(-7),
          activatedAt: at(-5)
        })
        const session = makeSession(campaign, { participantRef: "Ünïcödé « player » 🎡" })
        yield* sessions.insert(session)
        const { accountId } = campaign
        const later = makeEndpoint(accountId, {
          createdAt: at(30),
          events: ["reward_granted", "session_completed"],
          channelIds: [campaign.channelId, "ch_other"]
        })
        const first = makeEndpoint(accountId, { createdAt: at(10), gameInstanceIds: [campaign.id] })
        const rewardsOnly = makeEndpoint(accountId, { createdAt: at(20), events: ["reward_granted"] })
        for (const endpoint of [
          later,
          first,
          makeEndpoint(accountId, { createdAt: at(20), status: "disabled" }),
          rewardsOnly,
          makeEndpoint((yield* givenAccount()).id, { createdAt: at(5) })
        ]) {
          yield* endpoints.insert(endpoint)
        }
        const target = (e: Endpoint) => ({
          id: e.id,
          status: e.status,
          events: e.events,
          gameInstanceIds: e.gameInstanceIds,
          channelIds: e.channelIds
        })

        const read = yield* playFinish.read(session.id, "session_completed")
        assertSome(read, { session, campaign: playView(campaign), endpoints: [target(first), target(later)] })
        if (Option.isSome(read)) assert.isTrue(DateTime.isUtc(read.value.session.startedAt))
        const rewards = yield* playFinish.read(session.id, "reward_granted")
        assert.deepStrictEqual(
          Option.map(rewards, (r) => r.endpoints.map((e) => e.id)),
          Option.some([rewardsOnly.id, later.id])
        )
        assertNone(yield* playFinish.read(uid("ses"), "session_completed"))
      })
  )

  it.effect(
    "PlayFinishRepo.complete claims the session and writes its entry, event and deliveries: once, all or none",
    () =>
      Effect.gen(function* () {
        const { store, sessions, outbox, endpoints, deliveries, playFinish } = yield* services
        const campaign = yield* givenCampaign()
        const { accountId } = campaign
        const endpoint = makeEndpoint(accountId)
        const second = makeEndpoint(accountId, { createdAt: at(11) })
        yield* endpoints.insert(endpoint)
        yield* endpoints.insert(second)
        const outcome = { id: "w", label: "Wïn 🎉", isWin: true }
        const completion = (
          session: Session,
          at_: DateTime.Utc,
          targets: ReadonlyArray<Endpoint> = [endpoint, second]
        ) =>
          makeCompletion(
            campaign,
            session,
            at_,
            targets,
            { score: 7.5, outcome },
            {
              sessionId: session.id,
              score: 7.5,
              outcome
            }
          )
        const entriesOf = entriesOfCampaign(campaign)
        /** Whether the event is in the outbox: appending its id again is refused. */
        const stored = (event: Event) =>
          Effect.map(Effect.exit(store.transaction(outbox.append(event))), Exit.isFailure)

        const session = makeSession(campaign)
        yield* sessions.insert(session)
        const done = completion(session, at(700))
        assert.isTrue(yield* playFinish.complete(done))
        assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
        assert.deepStrictEqual(yield* entriesOf, [done.entry])
        assert.isTrue(yield* stored(done.event))
        for (const delivery of done.deliveries) assertSome(yield* deliveries.findById(accountId, delivery.id), delivery)

        const again = completion(session, at(800))
        assert.isFalse(yield* playFinish.complete(again), "a second completion")
        assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
        assert.deepStrictEqual(yield* entriesOf, [done.entry], "writes no entry")
        assert.isFalse(yield* stored(again.event), "no event")
        for (const delivery of again.deliveries) assertNone(yield* deliveries.findById(accountId, delivery.id))

        const unknown = completion(makeSession(campaign), at(800), [])
        assert.isFalse(yield* playFinish.complete(unknown), "no such session")
        assert.isFalse(yield* stored(unknown.event))
        const born = makeSession(campaign, { finishedAt: at(550) })
        yield* sessions.insert(born)
        assert.isFalse(yield* playFinish.complete(completion(born, at(800))), "a session stored finished")
        assertSome(yield* sessions.findById(born.id), born)

        // A write that breaks a constraint (a delivery id already used) leaves the claim undone too.
        const open = makeSession(campaign)
        yield* sessions.insert(open)
        const clash = completion(open, at(900))
        const broken = {
          ...clash,
          deliveries: [clash.deliveries[0]!, { ...clash.deliveries[1]!, id: done.deliveries[0]!.id }]
        }
        assert.strictEqual((yield* Effect.flip(playFinish.complete(broken)))._tag, "StoreError")
        assertSome(yield* sessions.findById(open.id), open, "still open")
        assert.deepStrictEqual(yield* entriesOf, [done.entry])
        assert.isFalse(yield* stored(clash.event))
        assertNone(yield* deliveries.findById(accountId, clash.deliveries[0]!.id))

        const error = yield* Effect.flip(
          store.transaction(
            Effect.andThen(playFinish.complete(completion(open, at(950), [])), Effect.fail(new Boom({ message: "no" })))
          )
        )
        assert.strictEqual(error._tag, "Boom")
        assertSome(yield* sessions.findById(open.id), open, "a rolled-back completion is undone")
        assert.deepStrictEqual(yield* entriesOf, [done.entry])

        const results = yield* Effect.forEach(
          Array.from({ length: 10 }, (_, i) => completion(open, at(1_000 + i), i % 2 === 0 ? [endpoint] : [])),
          (c) => playFinish.complete(c),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(results.filter((won) => won).length, 1, "concurrent completions: one wins")
        assert.strictEqual((yield* entriesOf).length, 2, "and writes the one entry")
      })
  )

  it.effect(
    "PlayFinishRepo.completeKnown writes only while the session, the campaign and the endpoints are as known",
    () =>
      Effect.gen(function* () {
        const { campaigns, sessions, endpoints, deliveries, playFinish } = yield* services
        const campaign = yield* givenCampaign({
          gameSlug: "prediction",
          status: "active",
          config: {
            question: "Who wins « le match » ?",
            options: [
              { id: "home", label: "Home" },
              { id: "away", label: "Away" }
            ],
            nested: { empty: {}, list: [1, "two", null, { deep: true }] }
          }
        })
        const { accountId } = campaign
        const hook = makeEndpoint(accountId, { createdAt: at(10), gameInstanceIds: [campaign.id] })
        yield* endpoints.insert(hook)
        yield* endpoints.insert(makeEndpoint(accountId, { createdAt: at(20), events: ["reward_granted"] }))
        yield* endpoints.insert(makeEndpoint(accountId, { createdAt: at(30), status: "disabled" }))

        const knownOf = (session: Session) =>
          Effect.map(playFinish.read(session.id, "session_completed"), (read): KnownFinish => {
            const { campaign, endpoints } = Option.getOrThrow(read)
            return { jti: session.jti, campaign, endpoints }
          })
        const completionOf = (session: Session, at_: DateTime.Utc, entry: Partial<Entry> = {}) =>
          makeCompletion(campaign, session, at_, [hook], { predictionValue: { optionId: "home" }, ...entry })
        const entriesOf = Effect.map(entriesOfCampaign(campaign), (items) => items.map((e) => e.id))
        /** A refused completion: false, the session still open, nothing written. */
        const refused = (completion: Completion, known: KnownFinish, why: string) =>
          Effect.gen(function* () {
            const before = yield* entriesOf
            assert.isFalse(yield* playFinish.completeKnown(completion, known), why)
            assert.strictEqual(Option.getOrThrow(yield* sessions.findById(completion.sessionId)).finishedAt, null, why)
            assert.deepStrictEqual(yield* entriesOf, before, why)
            assertNone(yield* deliveries.findById(accountId, completion.deliveries[0]!.id), why)
          })

        // As read: written, all of it, once.
        const session = makeSession(campaign)
        yield* sessions.insert(session)
        const known = yield* knownOf(session)
        const done = completionOf(session, at(700))
        assert.isTrue(yield* playFinish.completeKnown(done, known))
        assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
        assert.deepStrictEqual(yield* entriesOf, [done.entry.id])
        assertSome(yield* deliveries.findById(accountId, done.deliveries[0]!.id), done.deliveries[0]!)
        assert.isFalse(yield* playFinish.completeKnown(completionOf(session, at(800)), known), "a finished session")

        // Keys in another order are the same document.
        const open = makeSession(campaign)
        yield* sessions.insert(open)
        const reordered = yield* knownOf(open)
        const { nested, options, question } = reordered.campaign.config as Record<string, unknown>
        const sameConfig = { ...reordered, campaign: { ...reordered.campaign, config: { nested, options, question } } }

        // Anything else the finish was decided with, or the session's token, differs: refused.
        yield* refused(completionOf(open, at(710)), { ...sameConfig, jti: uid("jti") }, "another token's session")
        yield* refused(completionOf(open, at(710), { channelId: uid("ch") }), sameConfig, "another channel")
        yield* refused(completionOf(open, at(710), { participantRef: "someone" }), sameConfig, "another player")
        const never = makeSession(campaign)
        assert.isFalse(
          yield* playFinish.completeKnown(completionOf(never, at(710)), { ...sameConfig, jti: never.jti }),
          "no such session"
        )
        assert.deepStrictEqual(yield* entriesOf, [done.entry.id])
        yield* refused(
          completionOf(open, at(710)),
          { ...sameConfig, campaign: { ...sameConfig.campaign, resolvedOptionId: "home" } },
          "a resolution the campaign does not have"
        )
        yield* refused(
          completionOf(open, at(710)),
          { ...sameConfig, endpoints: [] },
          "fewer endpoints than the account has"
        )

        // The store changed since the read: refused with what was known, written with a new read.
        const resolved = { ...campaign, resolvedOptionId: "home", updatedAt: at(720) }
        yield* campaigns.update(resolved)
        yield* refused(completionOf(open, at(730)), sameConfig, "the campaign was resolved since")
        const added = makeEndpoint(accountId, { createdAt: at(40) })
        yield* endpoints.insert(added)
        const afterResolve = yield* knownOf(open)
        assert.deepStrictEqual(
          afterResolve.endpoints.map((e) => e.id),
          [hook.id, added.id]
        )
        yield* endpoints.update({ ...added, status: "disabled", updatedAt: at(41) })
        yield* refused(completionOf(open, at(740)), afterResolve, "an endpoint was disabled since")
        yield* campaigns.update({ ...resolved, config: { ...resolved.config, question: "Who?" }, updatedAt: at(750) })
        const current = yield* knownOf(open)
        yield* refused(completionOf(open, at(760)), { ...current, campaign: sameConfig.campaign }, "its config changed")
        const last = completionOf(open, at(770))
        assert.isTrue(yield* playFinish.completeKnown(last, current))
        assert.deepStrictEqual(yield* entriesOf, [done.entry.id, last.entry.id])

        const raced = makeSession(campaign)
        yield* sessions.insert(raced)
        const results = yield* Effect.forEach(
          Array.from({ length: 10 }, (_, i) => completionOf(raced, at(800 + i))),
          (c) => playFinish.completeKnown(c, { ...current, jti: raced.jti }),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(results.filter((won) => won).length, 1, "concurrent completions: one wins")
        assert.strictEqual((yield* entriesOf).length, 3, "and writes the one entry")
      })
  )

  it.effect("forMint reads the channel, the origin check and the channel's active campaigns, in the account", () =>
    Effect.gen(function* () {
      const { accounts, campaigns, origins, playContext, sessions, usage } = yield* services
      const MONTH = "2026-03"
      const channel = yield* givenChannel(undefined, {
        status: "disabled",
        betweenCampaigns: { title: "Back « soon » 🎡", imageUrl: "https://cdn.example.com/soon.png" },
        maxPlaysPerParticipantPerDay: 2,
        playLimitTimezone: "America/New_York"
      })
      const { accountId } = channel
      const account = Option.getOrThrow(yield* accounts.findById(accountId))
      const other = yield* givenAccount()
      const allowed = makeOrigin(accountId, { origin: "https://shop.example.com:8443" })
      yield* origins.insert(allowed)
      yield* origins.insert(makeOrigin(other.id, { origin: "https://other.example.com" }))
      const lookup = (fields: Partial<MintLookup> = {}): MintLookup => ({
        accountId,
        keyId: null,
        channelId: channel.id,
        origin: allowed.origin,
        month: MONTH,
        ...fields
      })
      const channelPart = (fields: Partial<MintLookup> = {}) =>
        Effect.map(playContext.forMint(lookup(fields)), (read) => {
          assertSome(read.account, accountPlayView(fields.accountId === undefined ? account : other))
          assert.isTrue(read.keyActive, "no key: active")
          return read.channel
        })

      assertSome(yield* channelPart(), {
        channel: channelPlayView(channel),
        originAllowed: true,
        activeCampaigns: [],
        monthPlays: 0
      })
      for (const origin of [
        "https://SHOP.example.com:8443",
        "https://shop.example.com",
        "https://other.example.com",
        ""
      ]) {
        const found = yield* channelPart({ origin })
        assert.isTrue(Option.isSome(found) && !found.value.originAllowed, `${origin} is not allowed`)
      }

      const older = makeCampaign(accountId, channel.id, { status: "active", theme: fullTheme, createdAt: at(1) })
      const newer = makeCampaign(accountId, channel.id, {
        status: "active",
        config: { segments: [{ id: "w", label: "Win", isWin: true }] },
        liveFrom: at(5),
        liveUntil: at(9),
        createdAt: at(2)
      })
      const tied = makeCampaign(accountId, channel.id, { id: `${newer.id}_z`, status: "active", createdAt: at(2) })
      const paused = makeCampaign(accountId, channel.id, { status: "paused", createdAt: at(3) })
      const draft = makeCampaign(accountId, channel.id, { createdAt: at(4) })
      for (const campaign of [older, newer, tied, paused, draft]) yield* campaigns.insert(campaign)
      const elsewhere = yield* givenCampaign({ accountId, status: "active" })

      const found = yield* channelPart()
      assertSome(found, {
        channel: channelPlayView(channel),
        originAllowed: true,
        activeCampaigns: [tied, newer, older].map(playView),
        monthPlays: 0
      })
      assertSame(
        found,
        Option.some({
          channel: channelPlayView(channel),
          originAllowed: true,
          activeCampaigns: (yield* campaigns.listActiveOnChannel(accountId, channel.id)).map(playView),
          monthPlays: 0
        }),
        "the same campaigns, in the same order, as listActiveOnChannel"
      )
      assertSome(yield* channelPart({ channelId: elsewhere.channelId }), {
        channel: channelPlayView(
          Option.getOrThrow(yield* (yield* ChannelRepo).findById(accountId, elsewhere.channelId))
        ),
        originAllowed: true,
        activeCampaigns: [playView(elsewhere)],
        monthPlays: 0
      })

      // The account's plays of the month asked for, as `UsageRepo.plays` reads them.
      const played = makeCampaign(accountId, channel.id, { status: "active", createdAt: at(0) })
      yield* campaigns.insert(played)
      for (let i = 0; i < 5; i++) yield* sessions.insertPlay(makeSession(played), MONTH)
      yield* usage.addPlay(accountId, MONTH)
      yield* sessions.insertPlay(makeSession(played), "2026-04")
      const counted = (month: string) =>
        Effect.map(
          channelPart({ month }),
          Option.map((f) => f.monthPlays)
        )
      assertSome(yield* counted(MONTH), 6)
      assert.strictEqual(yield* usage.plays(accountId, MONTH), 6)
      assertSome(yield* counted("2026-04"), 1)
      assertSome(yield* counted("2026-05"), 0)
      assertNone(yield* channelPart({ accountId: other.id }), "another account's channel")
      assertNone(yield* channelPart({ channelId: uid("ch") }))
    })
  )

  it.effect("forMint reads the account as it is now and whether the key is still active", () =>
    Effect.gen(function* () {
      const { accounts, keys, playContext } = yield* services
      const channel = yield* givenChannel()
      const { accountId } = channel
      const other = yield* givenAccount()
      const key = makeKey(accountId)
      const otherKey = makeKey(other.id)
      const revoked = makeKey(accountId)
      for (const k of [key, otherKey, revoked]) yield* keys.insert(k)
      assert.isTrue(yield* keys.revoke(accountId, revoked.id, at(50)))
      const read = (keyId: string | null, fields: Partial<MintLookup> = {}) =>
        playContext.forMint({ accountId, keyId, channelId: channel.id, origin: "", month: "2026-03", ...fields })

      const active = yield* read(key.id)
      assert.isTrue(active.keyActive, "an active key of the account")
      assertSome(active.account, accountPlayView(Option.getOrThrow(yield* accounts.findById(accountId))))
      assert.isTrue(Option.isSome(active.channel), "with the channel")
      assert.isFalse((yield* read(revoked.id)).keyActive, "a revoked key")
      assert.isFalse((yield* read(otherKey.id)).keyActive, "another account's key")
      assert.isFalse((yield* read(uid("key"))).keyActive, "an unknown key")
      const noChannel = yield* read(key.id, { channelId: uid("ch") })
      assert.isTrue(noChannel.keyActive, "the key is read without the channel")
      assertNone(noChannel.channel)
      assert.isTrue((yield* read(null)).keyActive, "no key (a system actor)")

      // The account as stored now, plan and overrides included.
      const upgraded = {
        ...Option.getOrThrow(yield* accounts.findById(accountId)),
        plan: "unlimited" as const,
        limitOverrides: { playsPerMonth: 7 },
        updatedAt: at(60)
      }
      yield* accounts.update(upgraded)
      assertSome((yield* read(key.id)).account, accountPlayView(upgraded))

      const gone = yield* read(null, { accountId: uid("acc") })
      assert.isFalse(gone.keyActive, "no account: no key")
      assertNone(gone.account)
      assertNone(gone.channel)
    })
  )

  it.effect("startOpen reads the campaign, the channel, the account and its branding, each in the account", () =>
    Effect.gen(function* () {
      const { branding, playContext, sessions } = yield* services
      const account = yield* givenAccount({ plan: "pro", featureOverrides: { customCopy: false } })
      const campaign = yield* givenCampaign({
        accountId: account.id,
        status: "paused",
        config: { question: "Who?", nested: [1, "two", null] },
        theme: { colors: { accent: "#FF3366" } },
        liveFrom: at(-7),
        liveUntil: at(7)
      })
      const channel = Option.getOrThrow(yield* (yield* ChannelRepo).findById(account.id, campaign.channelId))
      const other = yield* givenCampaign()
      const read = (fields: Partial<Session>) =>
        Effect.gen(function* () {
          const session = makeSession(campaign, fields)
          const found = yield* playContext.startOpen(session, "2026-03")
          assertNone(yield* sessions.findById(session.id), "a paused campaign's start is not written")
          return found
        })

      assertSame(yield* read({}), {
        campaign: Option.some(playView(campaign)),
        channel: Option.some(channelPlayView(channel)),
        account: Option.some(accountPlayView(account)),
        branding: Option.none(),
        started: false
      })
      yield* branding.put(account.id, fullTheme)
      assertSame(yield* read({}), {
        campaign: Option.some(playView(campaign)),
        channel: Option.some(channelPlayView(channel)),
        account: Option.some(accountPlayView(account)),
        branding: Option.some(fullTheme),
        started: false
      })
      assertSame(yield* read({ campaignId: other.id, channelId: other.channelId }), {
        campaign: Option.none(),
        channel: Option.none(),
        account: Option.some(accountPlayView(account)),
        branding: Option.some(fullTheme),
        started: false
      })
      assertSame(yield* read({ channelId: uid("ch") }), {
        campaign: Option.some(playView(campaign)),
        channel: Option.none(),
        account: Option.some(accountPlayView(account)),
        branding: Option.some(fullTheme),
        started: false
      })
      assertSame(yield* read({ accountId: other.accountId }), {
        campaign: Option.none(),
        channel: Option.none(),
        account: Option.map(yield* (yield* AccountRepo).findById(other.accountId), accountPlayView),
        branding: Option.none(),
        started: false
      })
      assertSame(yield* read({ accountId: uid("acc") }), {
        campaign: Option.none(),
        channel: Option.none(),
        account: Option.none(),
        branding: Option.none(),
        started: false
      })
    })
  )

  it.effect("startOpen writes the session and counts its play only when the start is open, once per jti", () =>
    Effect.gen(function* () {
      const { campaigns, playContext, sessions, usage } = yield* services
      const channels = yield* ChannelRepo
      const account = yield* givenAccount()
      const channel = yield* givenChannel(account.id)
      const campaign = makeCampaign(account.id, channel.id, { status: "active" })
      yield* campaigns.insert(campaign)
      const start = (session: Session) =>
        Effect.map(playContext.startOpen(session, "2026-03"), (found) => found.started)

      const open = makeSession(campaign, { participantRef: "Ünïcödé « player » 🎡" })
      assert.isTrue(yield* start(open))
      assertSome(yield* sessions.findById(open.id), open)
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 1)

      const twin = makeSession(campaign, { jti: open.jti })
      assert.isFalse(yield* start(twin), "a used jti")
      assertNone(yield* sessions.findById(twin.id))
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 1, "a used jti counts no play")

      // Any play limit, on the campaign or the channel, or anything not active: nothing is written.
      const closed: Array<readonly [string, Campaign, Partial<Channel>]> = [
        ["campaign total limit", { ...campaign, id: uid("gi"), maxPlaysPerParticipant: 5 }, {}],
        ["campaign daily limit", { ...campaign, id: uid("gi"), maxPlaysPerParticipantPerDay: 1 }, {}],
        ["channel total limit", { ...campaign, id: uid("gi") }, { maxPlaysPerParticipant: 5 }],
        ["channel daily limit", { ...campaign, id: uid("gi") }, { maxPlaysPerParticipantPerDay: 1 }],
        ["paused campaign", { ...campaign, id: uid("gi"), status: "paused" }, {}],
        ["disabled channel", { ...campaign, id: uid("gi") }, { status: "disabled" }]
      ]
      for (const [why, closedCampaign, channelFields] of closed) {
        const closedChannel = { ...channel, id: uid("ch"), ...channelFields }
        yield* channels.insert(closedChannel)
        const placed = { ...closedCampaign, channelId: closedChannel.id }
        yield* campaigns.insert(placed)
        const session = makeSession(placed)
        const found = yield* playContext.startOpen(session, "2026-03")
        assert.isFalse(found.started, why)
        assertSome(found.campaign, playView(placed))
        assertSome(found.channel, channelPlayView(closedChannel))
        assertNone(yield* sessions.findById(session.id), why)
      }
      const elsewhere = yield* givenCampaign({ status: "active" })
      assert.isFalse(yield* start(makeSession(elsewhere, { accountId: account.id })), "another account's campaign")
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 1, "no closed start counts a play")

      const reused = makeSession(campaign)
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        (i) => start(i % 4 === 0 ? { ...reused, id: uid("ses") } : makeSession(campaign)),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((started) => started).length, 16, "15 new jtis and one of 5 reusing one")
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 17, "one play counted per session")
    })
  )

  it.effect("counts a player's sessions per campaign and channel, in half-open day windows", () =>
    Effect.gen(function* () {
      const { sessions, campaigns } = yield* services
      const campaign = yield* givenCampaign()
      const { accountId, channelId } = campaign
      const sibling = makeCampaign(accountId, channelId)
      yield* campaigns.insert(sibling)
      const elsewhere = yield* givenCampaign({ accountId })
      const player = "Player-7"
      const day = DateTime.makeUnsafe(Date.UTC(2026, 2, 10, 0, 0, 0, 0))
      const plus = (ms: number) => DateTime.addDuration(day, ms)
      const query: CountQuery = {
        channelId,
        campaignId: campaign.id,
        participantRef: player,
        campaignDay: { start: day, end: plus(DAY) },
        channelDay: { start: plus(-5 * HOUR), end: plus(19 * HOUR) }
      }
      const played = (on: Campaign, startedAt: DateTime.Utc, participantRef = player) =>
        sessions.insert(makeSession(on, { participantRef, startedAt }))

      assertSame(yield* sessions.counts(query), {
        campaignTotal: 0,
        campaignToday: 0,
        channelTotal: 0,
        channelToday: 0
      })

      yield* played(campaign, day) // campaign day: its start counts; channel day too
      yield* played(campaign, plus(DAY)) // campaign day: its end does not count; channel day neither
      yield* played(campaign, plus(-1)) // the campaign's day before; the channel's day
      yield* played(campaign, plus(DAY - 1)) // the campaign's day; after the channel's day
      yield* played(sibling, plus(-5 * HOUR)) // the channel day's start counts for the channel
      yield* played(sibling, plus(19 * HOUR)) // the channel day's end does not
      yield* played(campaign, plus(-3 * DAY)) // totals only
      // Not this player, not this channel:
      yield* played(campaign, day, "player-7")
      yield* played(campaign, day, `${player} `)
      yield* played(campaign, day, "Player-77")
      yield* played(elsewhere, day)

      assertSame(yield* sessions.counts(query), {
        campaignTotal: 5,
        campaignToday: 2,
        channelTotal: 7,
        channelToday: 3
      })
      assertSame(yield* sessions.counts({ ...query, campaignId: sibling.id }), {
        campaignTotal: 2,
        campaignToday: 1,
        channelTotal: 7,
        channelToday: 3
      })
      assertSame(yield* sessions.counts({ ...query, channelId: elsewhere.channelId, campaignId: elsewhere.id }), {
        campaignTotal: 1,
        campaignToday: 1,
        channelTotal: 1,
        channelToday: 1
      })
      assertSame(yield* sessions.counts({ ...query, participantRef: "nobody" }), {
        campaignTotal: 0,
        campaignToday: 0,
        channelTotal: 0,
        channelToday: 0
      })
    })
  )

  it.effect("anyForCampaign tells whether a campaign was played, in its account", () =>
    Effect.gen(function* () {
      const { sessions, campaigns } = yield* services
      const campaign = yield* givenCampaign()
      const other = yield* givenAccount()
      const unplayed = makeCampaign(campaign.accountId, campaign.channelId)
      yield* campaigns.insert(unplayed)

      assert.isFalse(yield* sessions.anyForCampaign(campaign.accountId, campaign.id))
      yield* sessions.insert(makeSession(campaign))
      assert.isTrue(yield* sessions.anyForCampaign(campaign.accountId, campaign.id))
      assert.isFalse(yield* sessions.anyForCampaign(other.id, campaign.id), "another account's campaign")
      assert.isFalse(yield* sessions.anyForCampaign(campaign.accountId, unplayed.id))
    })
  )

  it.effect("a campaign with sessions or entries cannot be deleted", () =>
    Effect.gen(function* () {
      const { sessions, entries, campaigns } = yield* services
      const played = yield* givenCampaign()
      const scored = yield* givenCampaign()
      yield* sessions.insert(makeSession(played))
      yield* entries.insert(makeEntry(scored))

      for (const campaign of [played, scored]) {
        const refused = yield* Effect.flip(campaigns.delete(campaign.accountId, campaign.id))
        assert.strictEqual(refused._tag, "StoreError")
        assertSome(yield* campaigns.findById(campaign.accountId, campaign.id), campaign)
      }
    })
  )

  it.effect("entries round-trip every field", () =>
    Effect.gen(function* () {
      const { sessions, entries } = yield* services
      const campaign = yield* givenCampaign()
      const session = makeSession(campaign)
      yield* sessions.insert(session)
      const full = makeEntry(campaign, {
        sessionId: session.id,
        participantRef: "Ünïcödé « player » 🎡",
        score: 0.1 + 0.2,
        predictionValue: { optionId: "opt_home 'win'" },
        outcome: { id: "seg-3", label: "10 % off « été » 🎁", isWin: true },
        weight: 2.5,
        eligible: false,
        createdAt: at(-DAY * 400 + 1)
      })
      const bare = makeEntry(campaign, { createdAt: at(601) })
      const negative = makeEntry(campaign, {
        score: -1_234_567.000_001,
        outcome: { id: "", label: "", isWin: false },
        weight: 0,
        createdAt: at(602)
      })
      const huge = makeEntry(campaign, { score: 2 ** 53 + 2, createdAt: at(603) })
      for (const entry of [full, bare, negative, huge]) yield* entries.insert(entry)

      const listed = yield* entries.list(
        campaign.accountId,
        campaign.id,
        { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
        { limit: 10, offset: 0 }
      )
      assertSame(listed, { items: [full, bare, negative, huge], total: 4 })
      assert.isTrue(DateTime.isUtc(listed.items[0]!.createdAt))
      assert.strictEqual(listed.items[0]!.score, 0.1 + 0.2)
    })
  )

  it.effect("an entry needs its account, campaign and session; a session has one entry", () =>
    Effect.gen(function* () {
      const { sessions, entries } = yield* services
      const campaign = yield* givenCampaign()
      const session = makeSession(campaign)
      yield* sessions.insert(session)
      const entry = makeEntry(campaign, { sessionId: session.id })
      yield* entries.insert(entry)

      for (const broken of [
        makeEntry(campaign, { id: entry.id }),
        makeEntry(campaign, { sessionId: session.id }),
        makeEntry(campaign, { sessionId: uid("ses") }),
        makeEntry({ ...campaign, id: uid("gi") }),
        makeEntry({ ...campaign, accountId: uid("acc") })
      ]) {
        const error = yield* Effect.flip(entries.insert(broken))
        assert.strictEqual(error._tag, "StoreError")
      }
      assertSame(
        yield* entries.list(
          campaign.accountId,
          campaign.id,
          { search: undefined, sort: "createdAt", dir: "desc", eligible: undefined },
          { limit: 10, offset: 0 }
        ),
        { items: [entry], total: 1 }
      )
    })
  )

  it.effect("entries are sorted by createdAt, score or participantRef, then id, in either direction", () =>
    Effect.gen(function* () {
      const { entries } = yield* services
      const campaign = yield* givenCampaign()
      const other = makeCampaign(campaign.accountId, campaign.channelId)
      yield* (yield* CampaignRepo).insert(other)
      const stranger = yield* givenCampaign()
      const id = uid("en")
      const entry = (suffix: string, participantRef: string, score: number | null, ms: number, eligible: boolean) =>
        makeEntry(campaign, { id: `${id}_${suffix}`, participantRef, score, createdAt: at(ms), eligible })
      const a = entry("a", "alice", 10, 100, true)
      const b = entry("b", "Bob", null, 300, true)
      const c = entry("c", "carol", 10, 100, false)
      const d = entry("d", "dave", -2.5, 200, true)
      const e = entry("e", "Eve", null, 100, false)
      const f = entry("f", "bob", 99, 400, true)
      const g = entry("g", "alice", 5, 100, true)
      for (const row of [f, c, e, a, g, d, b]) yield* entries.insert(row)
      yield* entries.insert(makeEntry(other, { participantRef: "alice", score: 50 }))
      yield* entries.insert(makeEntry(stranger, { participantRef: "alice", score: 50 }))

      const list = (filter: Partial<EntryListFilter>, page = { limit: 50, offset: 0 }) =>
        entries.list(
          campaign.accountId,
          campaign.id,
          { search: undefined, sort: "createdAt", dir: "desc", eligible: undefined, ...filter },
          page
        )
      const ids = (paged: Paged<Entry>) => paged.items.map((row) => row.id.slice(id.length + 1)).join("")

      assert.strictEqual(ids(yield* list({ sort: "createdAt", dir: "asc" })), "aceg" + "dbf")
      assert.strictEqual(ids(yield* list({ sort: "createdAt", dir: "desc" })), "fbd" + "geca")
      assert.strictEqual(ids(yield* list({ sort: "score", dir: "asc" })), "dgacf" + "be", "null scores last")
      assert.strictEqual(ids(yield* list({ sort: "score", dir: "desc" })), "fcagd" + "eb", "null scores last")
      assert.strictEqual(ids(yield* list({ sort: "participantRef", dir: "asc" })), "beagfcd", "by code point")
      assert.strictEqual(ids(yield* list({ sort: "participantRef", dir: "desc" })), "dcfgaeb")
      assertSame(yield* list({ sort: "score", dir: "asc" }), { items: [d, g, a, c, f, b, e], total: 7 })

      assert.strictEqual(ids(yield* list({ eligible: true, sort: "score", dir: "desc" })), "fagdb")
      assert.strictEqual(ids(yield* list({ eligible: false, sort: "score", dir: "desc" })), "ce")
      assert.strictEqual(
        ids(yield* list({ search: "B", sort: "participantRef", dir: "asc" })),
        "bf",
        "case-insensitive"
      )
      assert.strictEqual(ids(yield* list({ search: "AL", sort: "score", dir: "asc" })), "ga")
      assert.strictEqual(ids(yield* list({ search: "o", eligible: true, sort: "score", dir: "asc" })), "fb")
      assert.strictEqual(ids(yield* list({ search: "", sort: "createdAt", dir: "asc" })), "acegdbf")
      assertSame(yield* list({ search: "zz" }), { items: [], total: 0 })

      const page = yield* list({ sort: "createdAt", dir: "desc" }, { limit: 3, offset: 2 })
      assertSame(page, { items: [d, g, e], total: 7 })
      assertSame(yield* list({ eligible: true, sort: "score", dir: "desc" }, { limit: 2, offset: 1 }), {
        items: [a, g],
        total: 5
      })
      assertSame(yield* list({ sort: "score", dir: "asc" }, { limit: 2, offset: 6 }), { items: [e], total: 7 })
      assertSame(yield* list({}, { limit: 10, offset: 20 }), { items: [], total: 7 }, "total past the last page")
      assertSame(yield* list({ search: "zz" }, { limit: 10, offset: 20 }), { items: [], total: 0 })

      const foreign = yield* entries.list(
        stranger.accountId,
        campaign.id,
        { search: undefined, sort: "createdAt", dir: "desc", eligible: undefined },
        { limit: 50, offset: 0 }
      )
      assertSame(foreign, { items: [], total: 0 }, "another account sees none of the campaign's entries")
    })
  )

  it.effect("entry search matches %, _ and \\ literally", () =>
    Effect.gen(function* () {
      const { entries } = yield* services
      const campaign = yield* givenCampaign()
      const id = uid("en")
      const refs = ["sale 50%_off", "sale 50%Xoff", "sale 50Y_off", "sale 500off", "C:\\path_x"]
      for (const [i, participantRef] of refs.entries()) {
        yield* entries.insert(makeEntry(campaign, { id: `${id}_${i}`, participantRef }))
      }
      const search = (text: string) =>
        Effect.map(
          entries.list(
            campaign.accountId,
            campaign.id,
            { search: text, sort: "participantRef", dir: "asc", eligible: undefined },
            { limit: 50, offset: 0 }
          ),
          (paged) => ({ refs: paged.items.map((row) => row.participantRef), total: paged.total })
        )

      assert.deepStrictEqual(yield* search("0%_"), { refs: ["sale 50%_off"], total: 1 })
      assert.deepStrictEqual(yield* search("%"), { refs: ["sale 50%Xoff", "sale 50%_off"], total: 2 })
      assert.deepStrictEqual(yield* search("_"), { refs: ["C:\\path_x", "sale 50%_off", "sale 50Y_off"], total: 3 })
      assert.deepStrictEqual(yield* search("\\P"), { refs: ["C:\\path_x"], total: 1 })
      assert.deepStrictEqual(yield* search("\\"), { refs: ["C:\\path_x"], total: 1 })
      assert.deepStrictEqual(yield* search("%%"), { refs: [], total: 0 })
      assert.deepStrictEqual(yield* search("50_"), { refs: [], total: 0 })
      assert.deepStrictEqual(yield* search("SALE 50%_OFF"), { refs: ["sale 50%_off"], total: 1 })
    })
  )

  it.effect('entry search folds ASCII letters only, as PostgreSQL\'s ILIKE under COLLATE "C"', () =>
    Effect.gen(function* () {
      const { entries } = yield* services
      const campaign = yield* givenCampaign()
      yield* entries.insert(makeEntry(campaign, { participantRef: "Émile-ÖZ@example.com" }))
      const found = (text: string) =>
        Effect.map(
          entries.list(
            campaign.accountId,
            campaign.id,
            { search: text, sort: "createdAt", dir: "desc", eligible: undefined },
            { limit: 50, offset: 0 }
          ),
          (paged) => paged.total
        )
      assert.strictEqual(yield* found("ÉMILE-Öz@EXAMPLE"), 1)
      assert.strictEqual(yield* found("émile"), 0)
      assert.strictEqual(yield* found("öz"), 0)
    })
  )

  it.effect("resolvePredictions makes exactly the entries with the option eligible", () =>
    Effect.gen(function* () {
      const { entries } = yield* services
      const campaign = yield* givenCampaign({ gameSlug: "prediction" })
      const stranger = yield* givenAccount()
      const untouched = yield* givenCampaign({ accountId: campaign.accountId })
      const id = uid("en")
      const home = makeEntry(campaign, { id: `${id}_1`, predictionValue: { optionId: "home" }, eligible: false })
      const away = makeEntry(campaign, { id: `${id}_2`, predictionValue: { optionId: "away" }, eligible: false })
      const draw = makeEntry(campaign, { id: `${id}_3`, predictionValue: { optionId: "draw" }, eligible: true })
      const plain = makeEntry(campaign, { id: `${id}_4`, eligible: true })
      const plainNo = makeEntry(campaign, { id: `${id}_5`, eligible: false })
      const elsewhere = makeEntry(untouched, { predictionValue: { optionId: "home" }, eligible: false })
      for (const entry of [home, away, draw, plain, plainNo, elsewhere]) yield* entries.insert(entry)
      const all = (on: Campaign) =>
        Effect.map(
          entries.list(
            on.accountId,
            on.id,
            { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
            { limit: 50, offset: 0 }
          ),
          (paged) => paged.items
        )

      yield* entries.resolvePredictions(stranger.id, campaign.id, "home")
      assertSame(yield* all(campaign), [home, away, draw, plain, plainNo], "another account changes nothing")

      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "home")
      assertSame(yield* all(campaign), [
        { ...home, eligible: true },
        away,
        { ...draw, eligible: false },
        plain,
        plainNo
      ])
      assertSame(yield* all(untouched), [elsewhere], "other campaigns are untouched")

      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "away")
      assertSame(yield* all(campaign), [
        home,
        { ...away, eligible: true },
        { ...draw, eligible: false },
        plain,
        plainNo
      ])
      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "nobody-chose-this")
      assertSame(yield* all(campaign), [home, away, { ...draw, eligible: false }, plain, plainNo])
    })
  )

  it.effect("events are appended once per id", () =>
    Effect.gen(function* () {
      const { store, outbox } = yield* services
      const account = yield* givenAccount()
      const event: Event = {
        id: uid("evt"),
        accountId: account.id,
        type: "session_completed",
        campaignId: uid("gi"),
        channelId: uid("ch"),
        data: { sessionId: uid("ses"), score: 0.5, outcome: { id: "a", label: "« A »", isWin: true }, list: [1, null] },
        createdAt: at(800)
      }
      yield* outbox.append(event)
      yield* outbox.append({ ...event, id: uid("evt"), type: "winner_selected", campaignId: null, channelId: null })
      const twice = yield* Effect.flip(outbox.append(event))
      assert.strictEqual(twice._tag, "StoreError", "an event id is unique")

      const lost: Event = { ...event, id: uid("evt") }
      const error = yield* Effect.flip(
        store.transaction(Effect.andThen(outbox.append(lost), Effect.fail(new Boom({ message: "rolled back" }))))
      )
      assert.strictEqual(error._tag, "Boom")
      yield* outbox.append(lost) // not there: the failing transaction kept nothing
    })
  )

  it.effect("usage counts plays per account and month", () =>
    Effect.gen(function* () {
      const { store, usage } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()

      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 0)
      yield* usage.addPlay(account.id, "2026-03")
      yield* usage.addPlay(account.id, "2026-03")
      yield* usage.addPlay(account.id, "2026-04")
      yield* usage.addPlay(other.id, "2026-03")
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 2)
      assert.strictEqual(yield* usage.plays(account.id, "2026-04"), 1)
      assert.strictEqual(yield* usage.plays(account.id, "2026-05"), 0)
      assert.strictEqual(yield* usage.plays(other.id, "2026-03"), 1)

      yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        () => usage.addPlay(account.id, "2026-03"),
        { concurrency: "unbounded", discard: true }
      )
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 22, "concurrent plays are all counted")

      yield* Effect.flip(
        store.transaction(
          Effect.andThen(usage.addPlay(account.id, "2026-03"), Effect.fail(new Boom({ message: "rolled back" })))
        )
      )
      assert.strictEqual(yield* usage.plays(account.id, "2026-03"), 22)

      const orphan = uid("acc")
      const noAccount = yield* Effect.flip(usage.addPlay(orphan, "2026-03"))
      assert.strictEqual(noAccount._tag, "StoreError", "usage needs its account")
      assert.strictEqual(yield* usage.plays(orphan, "2026-03"), 0)
    })
  )

  it.effect("getOrCreate keeps the first value of a secret, even under concurrent first calls", () =>
    Effect.gen(function* () {
      const { secrets } = yield* services
      const name = uid("secret")
      assert.strictEqual(yield* secrets.getOrCreate(name, "first"), "first")
      assert.strictEqual(yield* secrets.getOrCreate(name, "second"), "first")
      const other = uid("secret")
      assert.strictEqual(yield* secrets.getOrCreate(other, "other"), "other")
      assert.strictEqual(yield* secrets.getOrCreate(name, "third"), "first")

      const raced = uid("secret")
      const values = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => secrets.getOrCreate(raced, `candidate-${i}`),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(new Set(values).size, 1, `every caller got the same value: ${values.join(", ")}`)
      assert.strictEqual(yield* secrets.getOrCreate(raced, "late"), values[0])
    })
  )

  it.effect("a failing transaction keeps none of its session, entry or usage writes", () =>
    Effect.gen(function* () {
      const { store, sessions, entries, usage } = yield* services
      const campaign = yield* givenCampaign()
      const kept = makeSession(campaign)
      yield* sessions.insert(kept)
      const session = makeSession(campaign)
      const entry = makeEntry(campaign, { sessionId: kept.id })

      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            assert.isTrue(yield* sessions.insert(session))
            assert.isTrue(yield* sessions.finish(kept.id, at(900)))
            yield* entries.insert(entry)
            yield* usage.addPlay(campaign.accountId, "2026-01")
            return yield* new Boom({ message: "rules said no" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom")
      assertNone(yield* sessions.findById(session.id))
      assertSome(yield* sessions.findById(kept.id), kept)
      assert.strictEqual(yield* usage.plays(campaign.accountId, "2026-01"), 0)
      assertSame(
        yield* entries.list(
          campaign.accountId,
          campaign.id,
          { search: undefined, sort: "createdAt", dir: "desc", eligible: undefined },
          { limit: 10, offset: 0 }
        ),
        { items: [], total: 0 }
      )
      assert.isTrue(yield* sessions.insert(session), "the rolled-back jti is free again")
      yield* entries.insert(entry)
    })
  )

  it.effect("the player lock holds a play limit under 30 concurrent starts", () =>
    Effect.gen(function* () {
      const { store, sessions } = yield* services
      const campaign = yield* givenCampaign()
      const participantRef = "racer"
      const limit = 3
      const day = { start: at(-DAY), end: at(DAY) }
      const query: CountQuery = {
        channelId: campaign.channelId,
        campaignId: campaign.id,
        participantRef,
        campaignDay: day,
        channelDay: day
      }
      const attempt = (i: number) =>
        store.transaction(
          Effect.gen(function* () {
            yield* store.lock(LockKey.player(campaign.channelId, participantRef))
            const counts = yield* sessions.counts(query)
            // Give other transactions every chance to interleave between the count and the insert.
            yield* Effect.sleep(1)
            if (counts.campaignTotal >= limit) return false
            return yield* sessions.insert(makeSession(campaign, { participantRef, startedAt: at(i) }))
          })
        )
      const results = yield* Effect.forEach(
        Array.from({ length: 30 }, (_, i) => i),
        attempt,
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((inserted) => inserted).length, limit)
      assertSame(yield* sessions.counts(query), {
        campaignTotal: limit,
        campaignToday: limit,
        channelTotal: limit,
        channelToday: limit
      })
    })
  )

  it.effect("allowed origins round-trip and are listed oldest first, paginated, per account", () =>
    Effect.gen(function* () {
      const { origins } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const tie = uid("ao")
      const o1 = makeOrigin(account.id, { origin: "https://shop.example.com", createdAt: at(100) })
      const o2 = makeOrigin(account.id, { id: `${tie}_a`, origin: "android:com.example.game", createdAt: at(200) })
      const o3 = makeOrigin(account.id, { id: `${tie}_b`, origin: "ios:com.example.Game", createdAt: at(200) })
      const o4 = makeOrigin(account.id, { origin: "https://[::1]:8443", createdAt: at(-DAY * 400 + 1) })
      for (const allowed of [o3, o1, o4, o2]) yield* origins.insert(allowed)
      yield* origins.insert(makeOrigin(other.id, { origin: "https://other.example.com", createdAt: at(150) }))

      assertSame(yield* origins.list(account.id, { limit: 50, offset: 0 }), { items: [o4, o1, o2, o3], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 1 }), { items: [o1, o2], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 3 }), { items: [o3], total: 4 })
      assertSame(yield* origins.list(account.id, { limit: 2, offset: 10 }), { items: [], total: 4 })
      assertSame(yield* origins.list(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
      assert.strictEqual((yield* origins.list(other.id, { limit: 10, offset: 0 })).total, 1)
    })
  )

  it.effect("a duplicate origin in an account is a Conflict; another account may have it too", () =>
    Effect.gen(function* () {
      const { origins } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const allowed = makeOrigin(account.id)
      yield* origins.insert(allowed)

      const twin = yield* Effect.flip(
        origins.insert(makeOrigin(account.id, { origin: allowed.origin, createdAt: at(999) }))
      )
      assert.strictEqual(twin._tag, "Conflict")
      const expected = AllowedOrigin.duplicate(allowed.origin)
      assert.strictEqual(twin.message, expected.message)
      if (twin._tag === "Conflict") assert.deepStrictEqual(twin.details, expected.details)
      const sameIdToo = yield* Effect.flip(origins.insert({ ...allowed, createdAt: at(999) }))
      assert.strictEqual(sameIdToo._tag, "Conflict")
      assertSame(yield* origins.list(account.id, { limit: 10, offset: 0 }), { items: [allowed], total: 1 })

      const elsewhere = makeOrigin(other.id)
      yield* origins.insert(elsewhere)
      assertSame(yield* origins.list(other.id, { limit: 10, offset: 0 }), { items: [elsewhere], total: 1 })

      const sameId = yield* Effect.flip(origins.insert(makeOrigin(account.id, { id: allowed.id, origin: "ios:a.b" })))
      assert.strictEqual(sameId._tag, "StoreError", "an id is unique")
      const orphan = makeOrigin(uid("acc"))
      const noAccount = yield* Effect.flip(origins.insert(orphan))
      assert.strictEqual(noAccount._tag, "StoreError", "an allowed origin needs its account")
      assert.isFalse(yield* origins.exists(orphan.accountId, orphan.origin))

      const raced = "https://raced.example.com"
      const results = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => Effect.result(origins.insert(makeOrigin(account.id, { origin: raced, createdAt: at(i) }))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Result.isSuccess).length, 1, "concurrent inserts: one wins")
      assert.deepStrictEqual(
        results.filter(Result.isFailure).map((result) => result.failure._tag),
        Array.from({ length: 9 }, () => "Conflict")
      )
      assert.strictEqual((yield* origins.list(account.id, { limit: 10, offset: 0 })).total, 2)
    })
  )

  it.effect("exists compares exactly within the account; delete removes an origin once", () =>
    Effect.gen(function* () {
      const { store, origins } = yield* services
      const account = yield* givenAccount()
      const other = yield* givenAccount()
      const web = makeOrigin(account.id, { origin: "https://games.example.com" })
      const ios = makeOrigin(account.id, { origin: "ios:com.example.Game" })
      yield* origins.insert(web)
      yield* origins.insert(ios)

      assert.isTrue(yield* origins.exists(account.id, web.origin))
      assert.isTrue(yield* origins.exists(account.id, ios.origin))
      assert.isFalse(yield* origins.exists(account.id, "ios:com.example.game"), "compared exactly")
      assert.isFalse(yield* origins.exists(account.id, "https://games.example.com:8443"))
      assert.isFalse(yield* origins.exists(account.id, "https://games.example"))
      assert.isFalse(yield* origins.exists(other.id, web.origin), "another account's origin")

      assert.isFalse(yield* origins.delete(other.id, web.id), "another account cannot delete it")
      assert.isTrue(yield* origins.exists(account.id, web.origin))
      assert.isTrue(yield* origins.delete(account.id, web.id))
      assert.isFalse(yield* origins.delete(account.id, web.id))
      assert.isFalse(yield* origins.delete(account.id, uid("ao")))
      assert.isFalse(yield* origins.exists(account.id, web.origin))
      assertSame(yield* origins.list(account.id, { limit: 10, offset: 0 }), { items: [ios], total: 1 })

      const again = makeOrigin(account.id, { origin: web.origin, createdAt: at(5_000) })
      yield* origins.insert(again)
      assert.isTrue(yield* origins.exists(account.id, web.origin), "a deleted origin can be added again")

      const error = yield* Effect.flip(
        store.transaction(
          Effect.gen(function* () {
            assert.isTrue(yield* origins.delete(account.id, ios.id))
            yield* origins.insert(makeOrigin(account.id, { origin: "https://lost.example.com" }))
            return yield* new Boom({ message: "rolled back" })
          })
        )
      )
      assert.strictEqual(error._tag, "Boom")
      assertSame(yield* origins.list(account.id, { limit: 10, offset: 0 }), { items: [ios, again], total: 2 })
      assert.isFalse(yield* origins.exists(account.id, "https://lost.example.com"))
    })
  )
}
