/**
 * The contract of `CampaignRepo`: every field round-trips exactly (nested config documents, a
 * theme, times inside the winner-selection config as `DateTime.Utc`); an update changes every field
 * but `createdAt` and the account, only in the campaign's account; an id is unique and a campaign
 * needs its account and a channel of that account, on insert and on update (`StoreError`);
 * campaigns are listed newest first (then by id, descending), filtered by channel and status,
 * paginated; active campaigns are listed by account and by channel; a delete answers whether it
 * deleted; a channel with campaigns, and a campaign with sessions or entries, cannot be deleted; a
 * campaign deleted takes its draws' secret and runs with it.
 *
 * @since 0.1.0
 */
import { type Account, Campaign, Channel, DrawRun, Entry, Session } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { assertFails, assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, fullTheme, makeCampaign, makeEntry, makeSession, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenCampaign, givenChannel, inserted } from "../internal/Given.ts"
import * as ScopedUpdates from "../internal/ScopedUpdates.ts"
import * as DrawsContract from "./DrawsContract.ts"

/** A campaign stored on a new channel, with the channel. */
const givenCampaignOn = (fields: Partial<Campaign.Campaign> = {}) =>
  Effect.gen(function* () {
    const channel = yield* givenChannel()
    const campaign = yield* inserted(Campaign.CampaignRepo, makeCampaign(channel.accountId, channel.id, fields))
    return { accountId: channel.accountId, channel, campaign }
  })

/**
 * Campaigns on a new channel: one with every field set (with times inside its winner-selection
 * config, which decode as `DateTime.Utc`), one with a bare prize and theme, and one as made.
 */
const givenRoundTrip = Effect.gen(function* () {
  const repo = yield* Campaign.CampaignRepo
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
    winnerSelectionConfig: {
      maxWinners: 1000,
      tieBreak: "random",
      windowStart: at(1),
      windowEnd: at(86_400_999)
    },
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
  const checks = Effect.gen(function* () {
    const found = Option.getOrThrow(yield* repo.findById(channel.accountId, full.id))
    const { windowStart, windowEnd } = found.winnerSelectionConfig
    assert.isTrue(windowStart !== null && DateTime.isUtc(windowStart), "windowStart decodes to DateTime.Utc")
    assert.isTrue(windowEnd !== null && DateTime.isUtc(windowEnd), "windowEnd decodes to DateTime.Utc")
    assert.strictEqual(
      windowEnd === null ? null : DateTime.toEpochMillis(windowEnd),
      DateTime.toEpochMillis(at(86_400_999))
    )
  })
  return { repo, rows: [full, bare, nulls], checks } satisfies ScopedUpdates.RoundTrip<Campaign.Campaign>
})

/** A stored campaign and an update of every field of it (but its id and account), to another channel. */
const givenUpdate = Effect.gen(function* () {
  const repo = yield* Campaign.CampaignRepo
  const { accountId, campaign: row } = yield* givenCampaignOn({ config: { segments: [{ id: "a" }] } })
  const changed = changedFrom(row, yield* givenChannel(accountId))
  const cleared: Partial<Campaign.Campaign> = {
    ...nullsOf(row),
    winnerSelectionConfig: { maxWinners: 3, tieBreak: "random", windowStart: null, windowEnd: at(13) },
    config: {},
    updatedAt: at(100_001)
  }
  return { repo, row, changed, hijack: { name: "Hijacked" }, cleared } satisfies ScopedUpdates.Update<Campaign.Campaign>
})

/**
 * The fields a new draft leaves null (`Campaign.make`, which `makeCampaign` uses): every nullable
 * field of a campaign.
 */
const nullsOf = (draft: Campaign.Campaign): Partial<Campaign.Campaign> =>
  Object.fromEntries(Object.entries(draft).filter(([, value]) => value === null))

/** A campaign's fields all changed (but its id and account), moved to `channel`. */
const changedFrom = (campaign: Campaign.Campaign, channel: Channel.Channel): Campaign.Campaign => ({
  ...campaign,
  channelId: channel.id,
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
  seedCommitment: "5e".repeat(32),
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
})

/** Six campaigns of one account on two channels, and a campaign of another account. */
const givenSixCampaigns = Effect.gen(function* () {
  const campaigns = yield* Campaign.CampaignRepo
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
  return { accountId, ch1, ch2, otherChannel, c1, c2, c3, c4, c5, c6 }
})

/** Three active campaigns and one of each other status on two channels, and an empty channel. */
const givenActiveCampaigns = Effect.gen(function* () {
  const campaigns = yield* Campaign.CampaignRepo
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
  return { accountId, ch1, ch2, empty, a1, a2, a3, draft }
})

/** Registers the `CampaignRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    | Campaign.CampaignRepo
    | Channel.ChannelRepo
    | Account.AccountRepo
    | Session.SessionRepo
    | Entry.EntryRepo
    | DrawRun.DrawRepo
  >
): void => {
  ScopedUpdates.roundTripTests(it, "campaigns", givenRoundTrip)

  ScopedUpdates.tests(it, "campaign", "every nullable field and the config", givenUpdate)

  it.effect("a campaign id is unique", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, channel, campaign } = yield* givenCampaignOn()
      yield* assertFails(campaigns.insert({ ...campaign, name: "Twin" }), "StoreError")
      assertSome(yield* campaigns.findById(accountId, campaign.id), campaign)
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 1)
    })
  )

  it.effect("a campaign needs its account", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const channel = yield* givenChannel()
      yield* assertFails(campaigns.insert(makeCampaign(uid("acc"), channel.id)), "StoreError")
      assert.strictEqual(yield* campaigns.countOnChannel(channel.accountId, channel.id), 0)
    })
  )

  it.effect("a campaign needs a channel", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const account = yield* givenAccount()
      const noChannel = makeCampaign(account.id, uid("ch"))
      yield* assertFails(campaigns.insert(noChannel), "StoreError")
      assertNone(yield* campaigns.findById(account.id, noChannel.id))
    })
  )

  it.effect("a campaign needs a channel of its own account", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const account = yield* givenAccount()
      const foreign = yield* givenChannel()
      const otherAccountsChannel = makeCampaign(account.id, foreign.id)
      yield* assertFails(campaigns.insert(otherAccountsChannel), "StoreError")
      assertNone(yield* campaigns.findById(account.id, otherAccountsChannel.id))
      assertNone(yield* campaigns.findById(foreign.accountId, otherAccountsChannel.id))
      assert.strictEqual(yield* campaigns.countOnChannel(foreign.accountId, foreign.id), 0)
    })
  )

  it.effect("an update needs a channel of the account too", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, channel, campaign } = yield* givenCampaignOn()
      yield* assertFails(
        campaigns.update({ ...campaign, channelId: uid("ch"), name: "Moved" }),
        "StoreError",
        "an update needs a channel of the account too"
      )
      assertSome(yield* campaigns.findById(accountId, campaign.id), campaign)
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 1)
    })
  )

  it.effect("campaigns are listed newest first (then by id, descending), paginated", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, c1, c2, c3, c4, c5, c6 } = yield* givenSixCampaigns
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
      assertSame(yield* campaigns.list(uid("acc"), {}, { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )

  it.effect("campaigns are filtered by channel and status, paginated with the filter's total", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, ch1, ch2, otherChannel, c1, c2, c3, c4, c5, c6 } = yield* givenSixCampaigns
      const all = { limit: 200, offset: 0 }
      assertSame(yield* campaigns.list(accountId, { channelId: ch1.id }, all), {
        items: [c5, c3, c1, c6],
        total: 4
      })
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
    })
  )

  it.effect(
    "active campaigns are listed by account and by channel (newest first); any status counts on a channel",
    () =>
      Effect.gen(function* () {
        const campaigns = yield* Campaign.CampaignRepo
        const { accountId, ch1, ch2, empty, a1, a2, a3 } = yield* givenActiveCampaigns

        assertSame(yield* campaigns.listActive(accountId), [a2, a3, a1])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, ch1.id), [a3, a1])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, ch2.id), [a2])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, empty.id), [])
        assertSame(yield* campaigns.listActiveOnChannel(accountId, uid("ch")), [])
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, ch1.id), 4)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, ch2.id), 2)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, empty.id), 0)
        assert.strictEqual(yield* campaigns.countOnChannel(accountId, uid("ch")), 0)
      })
  )

  it.effect("a status change moves a campaign in or out of the active lists", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, ch1, a1, a2, a3, draft } = yield* givenActiveCampaigns

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
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, channel, campaign } = yield* givenCampaignOn({ status: "active" })
      const other = yield* givenAccount()

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

  it.effect("delete removes the campaign once", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, channel, campaign } = yield* givenCampaignOn()
      const kept = makeCampaign(accountId, channel.id)
      yield* campaigns.insert(kept)

      assert.isTrue(yield* campaigns.delete(accountId, campaign.id))
      assertNone(yield* campaigns.findById(accountId, campaign.id))
      assert.isFalse(yield* campaigns.delete(accountId, campaign.id))
      assert.isFalse(yield* campaigns.delete(accountId, uid("gi")))
      assertSame(yield* campaigns.list(accountId, {}, { limit: 10, offset: 0 }), { items: [kept], total: 1 })
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 1)
    })
  )

  it.effect("deleting a campaign never played deletes its draws' secret and runs with it", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const draws = yield* DrawRun.DrawRepo
      const { accountId, campaign } = yield* givenCampaignOn()
      yield* draws.insertSecret({ accountId, campaignId: campaign.id, secret: "s", createdAt: at(1) })
      const run = DrawsContract.runOf(campaign, 1, [])
      yield* draws.insertRun(run)
      assert.isTrue(yield* campaigns.delete(accountId, campaign.id))
      assertNone(yield* draws.findSecret(accountId, campaign.id))
      assert.isFalse(yield* DrawsContract.hasRun(campaign, run.id))
      // A campaign of the same id made again starts with no secret and no runs.
      yield* campaigns.insert(campaign)
      yield* draws.insertSecret({ accountId, campaignId: campaign.id, secret: "t", createdAt: at(2) })
      assertSome(yield* draws.findSecret(accountId, campaign.id), "t")
    })
  )

  it.effect("a channel with campaigns cannot be deleted; without them it can", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const channels = yield* Channel.ChannelRepo
      const { accountId, channel, campaign } = yield* givenCampaignOn()
      const kept = makeCampaign(accountId, channel.id)
      yield* campaigns.insert(kept)

      yield* assertFails(channels.delete(accountId, channel.id), "StoreError")
      assertSome(yield* channels.findById(accountId, channel.id), channel)

      assert.isTrue(yield* campaigns.delete(accountId, campaign.id))
      assert.isTrue(yield* campaigns.delete(accountId, kept.id))
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 0)
      assert.isTrue(yield* channels.delete(accountId, channel.id), "without campaigns the channel can go")
    })
  )

  it.effect.each([
    {
      rows: "sessions",
      play: (campaign: Campaign.Campaign) => Session.SessionRepo.use((repo) => repo.insert(makeSession(campaign)))
    },
    {
      rows: "entries",
      play: (campaign: Campaign.Campaign) => Entry.EntryRepo.use((repo) => repo.insert(makeEntry(campaign)))
    }
  ])("a campaign with $rows cannot be deleted", ({ play }) =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const played = yield* givenCampaign()
      yield* play(played)
      yield* assertFails(campaigns.delete(played.accountId, played.id), "StoreError")
      assertSome(yield* campaigns.findById(played.accountId, played.id), played)
    })
  )
}
