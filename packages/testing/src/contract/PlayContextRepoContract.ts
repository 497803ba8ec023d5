/**
 * The contract of `PlayContextRepo`: `forMint` reads, in the account, the account as it is now,
 * whether the key is still active, the channel, whether the origin is on the list (compared
 * exactly), the channel's active campaigns (as `listActiveOnChannel` lists them) and the month's
 * plays (as `UsageRepo.plays` counts them); `start` reads the campaign, the channel, the account
 * and its branding, each in the account, and writes the session and its play only when the
 * campaign and the channel are active and no play limit is reached, once per jti, also under
 * concurrent starts: of concurrent starts of one player, no more than a limit allows are written.
 *
 * @since 0.1.0
 */
import {
  Account,
  AllowedOrigin,
  ApiKey,
  Branding,
  Campaign,
  Channel,
  PlayContext,
  Session,
  type StorePorts,
  type Theme,
  Usage
} from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, fullTheme, makeCampaign, makeKey, makeOrigin, makeSession, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenCampaign, givenChannel, inserted, racedStarts } from "../internal/Given.ts"

const MONTH = "2026-03"

/** A day as long as time: a player's plays "today" are all its plays (the clock of a test is 1970). */
const ALL_TIME = { start: DateTime.makeUnsafe(0), end: DateTime.makeUnsafe(Date.UTC(9999, 0, 1)) }

/** A start of `session` counted in `MONTH`. */
const requestOf = (session: Session.Session): PlayContext.StartRequest => ({
  session,
  month: MONTH,
  days: () => Effect.succeed({ campaignDay: ALL_TIME, channelDay: ALL_TIME })
})

/**
 * A disabled channel with an allowed origin in its account (and another account with an origin of
 * its own); `channelPart` reads the channel's part of a mint, checking the rest of the read.
 */
const givenMintChannel = Effect.gen(function* () {
  const origins = yield* AllowedOrigin.AllowedOriginRepo
  const playContext = yield* PlayContext.PlayContextRepo
  const channel = yield* givenChannel(undefined, {
    status: "disabled",
    betweenCampaigns: { title: "Back « soon » 🎡", imageUrl: "https://cdn.example.com/soon.png" },
    maxPlaysPerParticipantPerDay: 2,
    playLimitTimezone: "America/New_York"
  })
  const { accountId } = channel
  const account = Option.getOrThrow(yield* (yield* Account.AccountRepo).findById(accountId))
  const other = yield* givenAccount()
  const allowed = makeOrigin(accountId, { origin: "https://shop.example.com:8443" })
  yield* origins.insert(allowed)
  yield* origins.insert(makeOrigin(other.id, { origin: "https://other.example.com" }))
  const lookup = (fields: Partial<PlayContext.MintLookup> = {}): PlayContext.MintLookup => ({
    accountId,
    keyId: null,
    channelId: channel.id,
    origin: allowed.origin,
    month: MONTH,
    ...fields
  })
  const channelPart = (fields: Partial<PlayContext.MintLookup> = {}) =>
    Effect.map(playContext.forMint(lookup(fields)), (read) => {
      assertSome(read.account, Account.playView(fields.accountId === undefined ? account : other))
      assert.isTrue(read.keyActive, "no key: active")
      return read.channel
    })
  return { channel, accountId, other, channelPart }
})

/** A channel with an active key, a revoked key, and another account's key; `read` reads a mint. */
const givenMintKeys = Effect.gen(function* () {
  const keys = yield* ApiKey.ApiKeyRepo
  const playContext = yield* PlayContext.PlayContextRepo
  const channel = yield* givenChannel()
  const { accountId } = channel
  const other = yield* givenAccount()
  const key = makeKey(accountId)
  const otherKey = makeKey(other.id)
  const revoked = makeKey(accountId)
  for (const k of [key, otherKey, revoked]) yield* keys.insert(k)
  assert.isTrue(yield* keys.revoke(accountId, revoked.id, at(50)))
  const read = (keyId: string | null, fields: Partial<PlayContext.MintLookup> = {}) =>
    playContext.forMint({ accountId, keyId, channelId: channel.id, origin: "", month: MONTH, ...fields })
  return { accountId, key, otherKey, revoked, read }
})

/** A paused campaign of a "pro" account, and a campaign of another account; `read` starts one. */
const givenPausedStart = Effect.gen(function* () {
  const playContext = yield* PlayContext.PlayContextRepo
  const sessions = yield* Session.SessionRepo
  const account = yield* givenAccount({ plan: "pro", featureOverrides: { customCopy: false } })
  const campaign = yield* givenCampaign({
    accountId: account.id,
    status: "paused",
    config: { question: "Who?", nested: [1, "two", null] },
    theme: { colors: { accent: "#FF3366" } },
    liveFrom: at(-7),
    liveUntil: at(7)
  })
  const channel = Option.getOrThrow(yield* (yield* Channel.ChannelRepo).findById(account.id, campaign.channelId))
  const other = yield* givenCampaign()
  const read = (fields: Partial<Session.Session>) =>
    Effect.gen(function* () {
      const session = makeSession(campaign, fields)
      const found = yield* playContext.start(requestOf(session))
      assertNone(yield* sessions.findById(session.id), "a paused campaign's start is not written")
      return found
    })
  /** What `start` reads of the campaign, not starting it: all found, `branding` the account's (none unless given). */
  const notStarted = (branding: Option.Option<Theme.Theme> = Option.none()) => ({
    campaign: Option.some(Campaign.playView(campaign)),
    channel: Option.some(Channel.playView(channel)),
    account: Option.some(Account.playView(account)),
    branding,
    reward: Option.none(),
    result: { _tag: "NotStarted" }
  })
  return { account, campaign, channel, other, read, notStarted }
})

/** An active campaign on an active channel, both without limits; `start` starts a session of it. */
const givenOpenCampaign = Effect.gen(function* () {
  const playContext = yield* PlayContext.PlayContextRepo
  const account = yield* givenAccount()
  const campaign = yield* givenCampaign({ accountId: account.id, status: "active" })
  const start = (session: Session.Session) =>
    Effect.map(playContext.start(requestOf(session)), (found) => found.result._tag === "Started")
  return { account, campaign, start }
})

/** Starts that must be counted: a play limit (of 1) on the campaign or the channel. */
const limitedStarts: ReadonlyArray<{
  readonly why: string
  readonly campaign: Partial<Campaign.Campaign>
  readonly channel: Partial<Channel.Channel>
}> = [
  { why: "campaign total limit", campaign: { maxPlaysPerParticipant: 1 }, channel: {} },
  { why: "campaign daily limit", campaign: { maxPlaysPerParticipantPerDay: 1 }, channel: {} },
  { why: "channel total limit", campaign: {}, channel: { maxPlaysPerParticipant: 1 } },
  { why: "channel daily limit", campaign: {}, channel: { maxPlaysPerParticipantPerDay: 1 } }
]

/** Starts that are not playable. */
const closedStarts: ReadonlyArray<{
  readonly why: string
  readonly campaign: Partial<Campaign.Campaign>
  readonly channel: Partial<Channel.Channel>
}> = [
  { why: "paused campaign", campaign: { status: "paused" }, channel: {} },
  { why: "disabled channel", campaign: {}, channel: { status: "disabled" } }
]

/** An active campaign of `placed`'s settings on a channel of `channel`'s, in a new account. */
const givenPlaced = (campaign: Partial<Campaign.Campaign>, channel: Partial<Channel.Channel>) =>
  Effect.gen(function* () {
    const account = yield* givenAccount()
    const placedChannel = yield* givenChannel(account.id, channel)
    const placed = yield* inserted(
      Campaign.CampaignRepo,
      makeCampaign(account.id, placedChannel.id, { status: "active", ...campaign })
    )
    return { account, channel: placedChannel, campaign: placed }
  })

/** Registers the `PlayContextRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.Repos>): void => {
  it.effect("forMint reads the channel and whether the origin is allowed, compared exactly", () =>
    Effect.gen(function* () {
      const { channel, channelPart } = yield* givenMintChannel
      assertSome(yield* channelPart(), {
        channel: Channel.playView(channel),
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
    })
  )

  it.effect("forMint reads the channel's active campaigns, as listActiveOnChannel lists them", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { accountId, channel, channelPart } = yield* givenMintChannel
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
        channel: Channel.playView(channel),
        originAllowed: true,
        activeCampaigns: [tied, newer, older].map(Campaign.mintView),
        monthPlays: 0
      })
      assertSame(
        found,
        Option.some({
          channel: Channel.playView(channel),
          originAllowed: true,
          activeCampaigns: (yield* campaigns.listActiveOnChannel(accountId, channel.id)).map(Campaign.mintView),
          monthPlays: 0
        }),
        "the same campaigns, in the same order, as listActiveOnChannel"
      )
      assertSome(yield* channelPart({ channelId: elsewhere.channelId }), {
        channel: Channel.playView(
          Option.getOrThrow(yield* (yield* Channel.ChannelRepo).findById(accountId, elsewhere.channelId))
        ),
        originAllowed: true,
        activeCampaigns: [Campaign.mintView(elsewhere)],
        monthPlays: 0
      })
    })
  )

  it.effect("forMint reads the account's plays of the month asked for, as UsageRepo.plays counts them", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const usage = yield* Usage.UsageRepo
      const { accountId, channel, channelPart } = yield* givenMintChannel
      const played = makeCampaign(accountId, channel.id, { status: "active", createdAt: at(0) })
      yield* (yield* Campaign.CampaignRepo).insert(played)
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
    })
  )

  it.effect("forMint reads no channel of another account, nor an unknown one", () =>
    Effect.gen(function* () {
      const { other, channelPart } = yield* givenMintChannel
      assertNone(yield* channelPart({ accountId: other.id }), "another account's channel")
      assertNone(yield* channelPart({ channelId: uid("ch") }))
    })
  )

  it.effect("forMint reads whether the key is still an active key of the account", () =>
    Effect.gen(function* () {
      const { accountId, key, otherKey, revoked, read } = yield* givenMintKeys
      const active = yield* read(key.id)
      assert.isTrue(active.keyActive, "an active key of the account")
      assertSome(
        active.account,
        Account.playView(Option.getOrThrow(yield* (yield* Account.AccountRepo).findById(accountId)))
      )
      assert.isTrue(Option.isSome(active.channel), "with the channel")
      assert.isFalse((yield* read(revoked.id)).keyActive, "a revoked key")
      assert.isFalse((yield* read(otherKey.id)).keyActive, "another account's key")
      assert.isFalse((yield* read(uid("key"))).keyActive, "an unknown key")
      assert.isTrue((yield* read(null)).keyActive, "no key (a system actor)")
    })
  )

  it.effect("forMint reads the key without the channel", () =>
    Effect.gen(function* () {
      const { key, read } = yield* givenMintKeys
      const noChannel = yield* read(key.id, { channelId: uid("ch") })
      assert.isTrue(noChannel.keyActive, "the key is read without the channel")
      assertNone(noChannel.channel)
    })
  )

  it.effect("forMint reads the account as it is now, plan and overrides included", () =>
    Effect.gen(function* () {
      const accounts = yield* Account.AccountRepo
      const { accountId, key, read } = yield* givenMintKeys
      const upgraded = {
        ...Option.getOrThrow(yield* accounts.findById(accountId)),
        plan: "unlimited" as const,
        limitOverrides: { playsPerMonth: 7 },
        updatedAt: at(60)
      }
      yield* accounts.update(upgraded)
      assertSome((yield* read(key.id)).account, Account.playView(upgraded))
    })
  )

  it.effect("forMint of an unknown account reads no account, no active key and no channel", () =>
    Effect.gen(function* () {
      const { read } = yield* givenMintKeys
      const gone = yield* read(null, { accountId: uid("acc") })
      assert.isFalse(gone.keyActive, "no account: no key")
      assertNone(gone.account)
      assertNone(gone.channel)
    })
  )

  it.effect("start reads the campaign, the channel and the account; a paused start is not written", () =>
    Effect.gen(function* () {
      const { read, notStarted } = yield* givenPausedStart
      assertSame(yield* read({}), notStarted())
    })
  )

  it.effect("start reads the account's branding", () =>
    Effect.gen(function* () {
      const { account, read, notStarted } = yield* givenPausedStart
      yield* (yield* Branding.BrandingRepo).put(account.id, fullTheme)
      assertSame(yield* read({}), notStarted(Option.some(fullTheme)))
    })
  )

  it.effect("start reads no campaign or channel of another account, nor an unknown channel", () =>
    Effect.gen(function* () {
      const { account, other, read, notStarted } = yield* givenPausedStart
      yield* (yield* Branding.BrandingRepo).put(account.id, fullTheme)
      const branded = notStarted(Option.some(fullTheme))
      assertSame(yield* read({ campaignId: other.id, channelId: other.channelId }), {
        ...branded,
        campaign: Option.none(),
        channel: Option.none()
      })
      assertSame(yield* read({ channelId: uid("ch") }), { ...branded, channel: Option.none() })
    })
  )

  it.effect("start in another account reads that account's rows, in an unknown one none", () =>
    Effect.gen(function* () {
      const { other, read } = yield* givenPausedStart
      assertSame(yield* read({ accountId: other.accountId }), {
        campaign: Option.none(),
        channel: Option.none(),
        account: Option.map(yield* (yield* Account.AccountRepo).findById(other.accountId), Account.playView),
        branding: Option.none(),
        reward: Option.none(),
        result: { _tag: "NotStarted" }
      })
      assertSame(yield* read({ accountId: uid("acc") }), {
        campaign: Option.none(),
        channel: Option.none(),
        account: Option.none(),
        branding: Option.none(),
        reward: Option.none(),
        result: { _tag: "NotStarted" }
      })
    })
  )

  it.effect("start writes the session of an open start and counts its play", () =>
    Effect.gen(function* () {
      const { account, campaign, start } = yield* givenOpenCampaign
      const open = makeSession(campaign, { participantRef: "Ünïcödé « player » 🎡" })
      assert.isTrue(yield* start(open))
      assertSome(yield* (yield* Session.SessionRepo).findById(open.id), open)
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 1)
    })
  )

  it.effect("start with a used jti writes nothing and counts no play", () =>
    Effect.gen(function* () {
      const { account, campaign, start } = yield* givenOpenCampaign
      const open = makeSession(campaign)
      assert.isTrue(yield* start(open))
      const twin = makeSession(campaign, { jti: open.jti })
      assert.isFalse(yield* start(twin), "a used jti")
      assertNone(yield* (yield* Session.SessionRepo).findById(twin.id))
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 1, "a used jti counts no play")
    })
  )

  it.effect.each(closedStarts)("start writes nothing for a start that is not playable: $why", (closed) =>
    Effect.gen(function* () {
      const { account, campaign: placed, channel: closedChannel } = yield* givenPlaced(closed.campaign, closed.channel)
      const session = makeSession(placed)
      const found = yield* (yield* PlayContext.PlayContextRepo).start(requestOf(session))
      assert.strictEqual(found.result._tag, "NotStarted", closed.why)
      assertSome(found.campaign, Campaign.playView(placed))
      assertSome(found.channel, Channel.playView(closedChannel))
      assertNone(yield* (yield* Session.SessionRepo).findById(session.id), closed.why)
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 0, "no closed start counts a play")
    })
  )

  it.effect.each(limitedStarts)("start counts a limited start: one written, the next refused: $why", (limited) =>
    Effect.gen(function* () {
      const playContext = yield* PlayContext.PlayContextRepo
      const sessions = yield* Session.SessionRepo
      const { account, campaign: placed, channel } = yield* givenPlaced(limited.campaign, limited.channel)
      const first = yield* playContext.start(requestOf(makeSession(placed)))
      assertSome(first.campaign, Campaign.playView(placed))
      assertSome(first.channel, Channel.playView(channel))
      if (first.result._tag !== "Started") return assert.fail(`the first start is written: ${first.result._tag}`)
      assertSome(yield* sessions.findById(first.result.session.id), first.result.session)
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 1, "its play counted")
      const second = makeSession(placed)
      const refused = yield* playContext.start(requestOf(second))
      if (refused.result._tag !== "LimitReached") return assert.fail(`the second is refused: ${refused.result._tag}`)
      assert.strictEqual(refused.result.failure.reason._tag, "PlayLimitReached")
      assertNone(yield* sessions.findById(second.id), "a refused start is not written")
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 1, "a refused start counts no play")
      const otherPlayer = yield* playContext.start(requestOf(makeSession(placed, { participantRef: "player-2" })))
      assert.strictEqual(otherPlayer.result._tag, "Started", "another player has plays of their own")
    })
  )

  it.effect("concurrent limited starts of one player write no more than the limit allows", () =>
    Effect.gen(function* () {
      const playContext = yield* PlayContext.PlayContextRepo
      const { account, campaign } = yield* givenPlaced({ maxPlaysPerParticipant: 3 }, {})
      const results = yield* Effect.forEach(
        Array.from({ length: 12 }, () => makeSession(campaign)),
        (session) => Effect.map(playContext.start(requestOf(session)), (found) => found.result._tag),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((tag) => tag === "Started").length, 3, "the limit of 3")
      assert.strictEqual(results.filter((tag) => tag === "LimitReached").length, 9, "the others refused")
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 3, "three plays counted")
    })
  )

  it.effect("start of another account's campaign writes nothing", () =>
    Effect.gen(function* () {
      const { account, start } = yield* givenOpenCampaign
      const elsewhere = yield* givenCampaign({ status: "active" })
      assert.isFalse(yield* start(makeSession(elsewhere, { accountId: account.id })), "another account's campaign")
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 0, "no closed start counts a play")
    })
  )

  it.effect("concurrent starts start one session per jti and count one play per session", () =>
    Effect.gen(function* () {
      const { account, campaign, start } = yield* givenOpenCampaign
      const results = yield* racedStarts(campaign, start)
      assert.strictEqual(results.filter((started) => started).length, 16, "15 new jtis and one of 5 reusing one")
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(account.id, MONTH), 16, "one play counted per session")
    })
  )
}
