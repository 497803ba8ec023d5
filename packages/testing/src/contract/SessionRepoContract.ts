/**
 * The contract of `SessionRepo`: every field round-trips exactly and `findById` is not scoped by
 * account; a `jti` starts one session (a used one is `false` and stores nothing), an id is unique
 * and a session needs its campaign and account (`StoreError`); a session finishes once;
 * `insertPlay` writes a session and counts its play in usage, both or neither (also when refused,
 * rolled back or raced); a player's sessions are counted per campaign and channel in half-open day
 * windows; `anyForCampaign` tells whether a campaign was played, in its account.
 *
 * @since 0.1.0
 */
import { type Account, Campaign, type Channel, Session, type Store, Usage } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { assertFails, assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, DAY, HOUR, makeSession, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount, givenCampaign, givenSibling, racedStarts } from "../internal/Given.ts"

/** A campaign with one session stored. */
const givenSession = Effect.gen(function* () {
  const campaign = yield* givenCampaign()
  const session = makeSession(campaign)
  assert.isTrue(yield* (yield* Session.SessionRepo).insert(session))
  return { campaign, session }
})

/** A campaign with one session started by `insertPlay` in 2026-05; `plays` counts that month's plays. */
const givenPlayed = Effect.gen(function* () {
  const sessions = yield* Session.SessionRepo
  const campaign = yield* givenCampaign()
  const session = makeSession(campaign)
  assert.isTrue(yield* sessions.insertPlay(session, "2026-05"))
  return {
    sessions,
    campaign,
    session,
    plays: Usage.UsageRepo.use((usage) => usage.plays(campaign.accountId, "2026-05"))
  }
})

/** Registers the `SessionRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    | Session.SessionRepo
    | Usage.UsageRepo
    | Campaign.CampaignRepo
    | Channel.ChannelRepo
    | Account.AccountRepo
    | Store.Store
  >
): void => {
  it.effect("sessions round-trip every field; findById is not scoped by account", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
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
      const sessions = yield* Session.SessionRepo
      const { campaign, session } = yield* givenSession
      const twin = makeSession(campaign, { jti: session.jti, participantRef: "someone-else", startedAt: at(900) })
      assert.isFalse(yield* sessions.insert(twin))
      assert.isFalse(yield* sessions.insert({ ...twin, id: session.id }), "a duplicate jti wins over a duplicate id")
      assertNone(yield* sessions.findById(twin.id))
      assertSome(yield* sessions.findById(session.id), session)
    })
  )

  it.effect("a session id is unique", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const { campaign, session } = yield* givenSession
      yield* assertFails(sessions.insert(makeSession(campaign, { id: session.id })), "StoreError")
      assertSome(yield* sessions.findById(session.id), session)
    })
  )

  it.effect.each([
    { why: "a session needs its campaign", orphan: (campaign: Campaign.Campaign) => ({ ...campaign, id: uid("gi") }) },
    {
      why: "a session needs its account",
      orphan: (campaign: Campaign.Campaign) => ({ ...campaign, accountId: uid("acc") })
    }
  ])("$why", ({ orphan, why }) =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const session = makeSession(orphan(yield* givenCampaign()))
      yield* assertFails(sessions.insert(session), "StoreError", why)
      assertNone(yield* sessions.findById(session.id))
    })
  )

  it.effect("finish marks a session finished once", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const { session } = yield* givenSession

      assert.isTrue(yield* sessions.finish(session.id, at(700)))
      assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
      assert.isFalse(yield* sessions.finish(session.id, at(800)), "a second finish does nothing")
      assertSome(yield* sessions.findById(session.id), { ...session, finishedAt: at(700) })
      assert.isFalse(yield* sessions.finish(uid("ses"), at(800)))
    })
  )

  it.effect("a session stored finished is not finished again", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const campaign = yield* givenCampaign()
      const born = makeSession(campaign, { finishedAt: at(550) })
      yield* sessions.insert(born)
      assert.isFalse(yield* sessions.finish(born.id, at(800)), "a session stored finished stays as it was")
      assertSome(yield* sessions.findById(born.id), born)
    })
  )

  it.effect("insertPlay inserts a session and counts its play in usage", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const usage = yield* Usage.UsageRepo
      const campaign = yield* givenCampaign()
      const session = makeSession(campaign, {
        participantRef: "Ünïcödé « player » 🎡",
        startedAt: at(-DAY * 400 + 1)
      })

      assert.isTrue(yield* sessions.insertPlay(session, "2026-05"))
      assertSome(yield* sessions.findById(session.id), session)
      assert.strictEqual(yield* usage.plays(campaign.accountId, "2026-05"), 1)
    })
  )

  it.effect("startPlay counts within the month's limit: past it MonthFull, a used jti TokenUsed, nothing written", () =>
    Effect.gen(function* () {
      const { sessions, campaign, plays, session: played } = yield* givenPlayed
      const second = makeSession(campaign)
      assert.strictEqual(yield* sessions.startPlay(second, "2026-05", 2), "Started")
      assertSome(yield* sessions.findById(second.id), second)
      assert.strictEqual(yield* plays, 2)
      const third = makeSession(campaign)
      assert.strictEqual(yield* sessions.startPlay(third, "2026-05", 2), "MonthFull")
      assert.isTrue(Option.isNone(yield* sessions.findById(third.id)))
      assert.strictEqual(
        yield* sessions.startPlay(makeSession(campaign, { jti: played.jti }), "2026-05", 5),
        "TokenUsed"
      )
      assert.strictEqual(yield* plays, 2)
      // Another month, and no limit, count as insertPlay does.
      assert.strictEqual(yield* sessions.startPlay(third, "2026-06", 1), "Started")
      assert.strictEqual(yield* sessions.startPlay(makeSession(campaign), "2026-05", null), "Started")
      assert.strictEqual(yield* plays, 3)
    })
  )

  it.effect("insertPlay counts each play in its month", () =>
    Effect.gen(function* () {
      const { sessions, campaign, plays } = yield* givenPlayed
      assert.isTrue(yield* sessions.insertPlay(makeSession(campaign), "2026-05"))
      assert.isTrue(yield* sessions.insertPlay(makeSession(campaign), "2026-06"))
      assert.strictEqual(yield* plays, 2)
      assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(campaign.accountId, "2026-06"), 1)
    })
  )

  it.effect("insertPlay with a used jti writes no session and counts no play", () =>
    Effect.gen(function* () {
      const { sessions, campaign, session, plays } = yield* givenPlayed

      const twin = makeSession(campaign, { jti: session.jti })
      assert.isFalse(yield* sessions.insertPlay(twin, "2026-05"), "a used jti")
      assertNone(yield* sessions.findById(twin.id))
      assert.strictEqual(yield* plays, 1, "a used jti counts no play")
    })
  )

  it.effect("insertPlay refused by a constraint writes no session and counts no play", () =>
    Effect.gen(function* () {
      const { sessions, campaign, plays } = yield* givenPlayed

      const noCampaign = makeSession({ ...campaign, id: uid("gi") })
      yield* assertFails(sessions.insertPlay(noCampaign, "2026-05"), "StoreError", "a session needs its campaign")
      assertNone(yield* sessions.findById(noCampaign.id))
      assert.strictEqual(yield* plays, 1, "a refused session counts no play")
    })
  )

  it.effect("insertPlay in a failing transaction keeps neither the session nor the play", () =>
    Effect.gen(function* () {
      const { sessions, campaign, plays } = yield* givenPlayed

      const rolledBack = makeSession(campaign)
      yield* failedTransaction(sessions.insertPlay(rolledBack, "2026-05"), "no")
      assertNone(yield* sessions.findById(rolledBack.id))
      assert.strictEqual(yield* plays, 1, "a rolled-back transaction keeps neither")
    })
  )

  it.effect("concurrent insertPlays start one session per jti and count one play per session", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const usage = yield* Usage.UsageRepo
      const campaign = yield* givenCampaign()
      const results = yield* racedStarts(campaign, (session) => sessions.insertPlay(session, "2026-07"))
      assert.strictEqual(results.filter((inserted) => inserted).length, 16, "15 new jtis and one of 5 reusing one")
      assert.strictEqual(yield* usage.plays(campaign.accountId, "2026-07"), 16, "one play counted per session")
    })
  )

  it.effect("counts a player's sessions per campaign and channel, in half-open day windows", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const campaign = yield* givenCampaign()
      const { accountId, channelId } = campaign
      const sibling = yield* givenSibling(campaign)
      const elsewhere = yield* givenCampaign({ accountId })
      const player = "Player-7"
      const day = DateTime.makeUnsafe(Date.UTC(2026, 2, 10, 0, 0, 0, 0))
      const plus = (ms: number) => DateTime.addDuration(day, ms)
      const query: Session.CountQuery = {
        channelId,
        campaignId: campaign.id,
        participantRef: player,
        campaignDay: { start: day, end: plus(DAY) },
        channelDay: { start: plus(-5 * HOUR), end: plus(19 * HOUR) }
      }
      const played = (on: Campaign.Campaign, startedAt: DateTime.Utc, participantRef = player) =>
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
      const sessions = yield* Session.SessionRepo
      const campaign = yield* givenCampaign()
      const other = yield* givenAccount()
      const unplayed = yield* givenSibling(campaign)

      assert.isFalse(yield* sessions.anyForCampaign(campaign.accountId, campaign.id))
      yield* sessions.insert(makeSession(campaign))
      assert.isTrue(yield* sessions.anyForCampaign(campaign.accountId, campaign.id))
      assert.isFalse(yield* sessions.anyForCampaign(other.id, campaign.id), "another account's campaign")
      assert.isFalse(yield* sessions.anyForCampaign(campaign.accountId, unplayed.id))
    })
  )
}
