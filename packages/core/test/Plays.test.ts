/**
 * Plays as a specification, through the use cases on the memory store and the test clock: an account
 * with an allowed origin, a channel and a live spin-the-wheel campaign; then the backend mints client
 * tokens and the embed starts and finishes plays. Each test sets the clock to a chosen instant and
 * moves it as a player's day, a token's lifetime or a month goes by. Expected instants are written out
 * by hand from the zones' rules (tzdata 2026), not computed by the code under test.
 *
 * The events the outbox holds are read from the memory store (`MemoryStore.EventLog`): a
 * rolled-back transaction leaves none there.
 */
import { Fixtures, MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Layer, Option, Random } from "effect"
import { TestClock } from "effect/testing"
import * as Accounts from "../src/accounts/Accounts.ts"
import * as Actor from "../src/accounts/Actor.ts"
import * as AllowedOrigins from "../src/play/AllowedOrigins.ts"
import * as ApiKey from "../src/accounts/ApiKey.ts"
import * as ApiKeys from "../src/accounts/ApiKeys.ts"
import * as Branding from "../src/campaigns/Branding.ts"
import * as Campaign from "../src/campaigns/Campaign.ts"
import * as Campaigns from "../src/campaigns/Campaigns.ts"
import type * as Channel from "../src/campaigns/Channel.ts"
import * as Channels from "../src/campaigns/Channels.ts"
import type { Detail } from "../src/Errors.ts"
import * as FileRule from "../src/campaigns/FileRule.ts"
import * as InstanceCache from "../src/InstanceCache.ts"
import * as MemoryBoard from "../src/games/MemoryBoard.ts"
import type * as Plan from "../src/accounts/Plan.ts"
import * as PlayLimit from "../src/play/PlayLimit.ts"
import * as ClientTokenSigner from "../src/play/ClientTokenSigner.ts"
import * as Plays from "../src/play/Plays.ts"
import * as Secrets from "../src/Secrets.ts"
import * as Session from "../src/play/Session.ts"
import * as Usage from "../src/play/Usage.ts"
import * as Webhook from "../src/webhooks/Webhook.ts"
import * as Given from "./support/Given.ts"

// -----------------------------------------------------------------------------
// The services on a fresh memory store
// -----------------------------------------------------------------------------

const store = MemoryStore.layer

/** The use cases as `examples/server`'s `core(...)` composes them; each `Effect.provide` builds a fresh store. */
const layer = Layer.mergeAll(
  Accounts.Accounts.layer,
  ApiKeys.ApiKeys.layer,
  Channels.Channels.layer,
  Campaigns.Campaigns.layer,
  AllowedOrigins.AllowedOrigins.layer,
  Branding.Branding.layer,
  Plays.Plays.layer.pipe(Layer.provide(Branding.Branding.layer))
).pipe(
  Layer.provideMerge(ClientTokenSigner.layerSecret("plays-test-secret")),
  Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
  Layer.provideMerge(FileRule.MediaLibrary.layerNone),
  Layer.provideMerge(InstanceCache.InstanceCache.layer),
  Layer.provideMerge(store)
)

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

const { ORIGIN } = Given

/** A complete wheel: four segments, weighted. */
const WHEEL = {
  segments: [
    { id: "grand", label: "A bicycle", isWin: true, weight: 1 },
    { id: "coupon", label: "10% off", isWin: true, weight: 3 },
    { id: "mug", label: "A mug", isWin: true, weight: 2 },
    { id: "miss", label: "Try again", isWin: false, weight: 4 }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
}
const SEGMENT_IDS = WHEEL.segments.map((s) => s.id)

/** A prediction of two options. */
const WHO_WINS = {
  question: "Who wins?",
  options: [
    { id: "home", label: "Home" },
    { id: "away", label: "Away" }
  ]
}

const ms = (iso: string): number => DateTime.toEpochMillis(DateTime.makeUnsafe(iso))
/** Sets the test clock to the instant `iso` (UTC). */
const setClock = (iso: string) => TestClock.setTime(ms(iso))
/** Sets the test clock to one millisecond before `iso`. */
const setClockJustBefore = (iso: string) => TestClock.setTime(ms(iso) - 1)

interface World {
  readonly actor: Actor.Actor
  readonly channel: Channel.Channel
  readonly campaign: Campaign.Campaign
}

interface WorldOptions {
  readonly limits?: Plan.LimitOverrides
  readonly channel?: Partial<Channel.CreateChannel>
  readonly campaign?: Partial<Campaign.CreateCampaign>
}

/** Creates a campaign on the channel (a complete wheel unless `input` says otherwise) and activates it. */
const launch = (
  actor: Actor.Actor,
  channelId: string,
  input: Partial<Campaign.CreateCampaign> = {},
  activation: Campaign.ActivateCampaign = {}
) => Given.launch(actor, channelId, { name: "Spring wheel", config: WHEEL, ...input }, activation)

/** An account (system actor) with `ORIGIN` allowed, a channel and a live wheel campaign, created now. */
const makeWorld = Effect.fnUntraced(function* (options: WorldOptions = {}) {
  const { actor, channel } = yield* Given.account(options)
  const campaign = yield* launch(actor, channel.id, options.campaign)
  return { actor, channel, campaign } satisfies World
})

/** At `iso` (the test clock set there): `makeWorld(options)`. */
const worldAt = (iso: string, options: WorldOptions = {}) => Effect.andThen(setClock(iso), makeWorld(options))

/** A case on a fresh store (see `layer`). */
const scenario = (
  name: string,
  body: () => Generator<Effect.Effect<any, any, Layer.Success<typeof layer>>, void, never>
) => it.effect(name, () => Effect.gen(body).pipe(Effect.provide(layer)))

/** The backend mints a client token for `participantRef` on the world's channel. */
const mint = (world: World, participantRef: string, ttlSeconds?: number) =>
  Effect.flatMap(Effect.service(Plays.Plays), (plays) =>
    plays.mint(world.actor, {
      channelId: world.channel.id,
      participantRef,
      origin: ORIGIN,
      ...(ttlSeconds === undefined ? {} : { ttlSeconds })
    })
  )

/** A mint that must give a token (not the between-campaigns message). */
const mintToken = (world: World, participantRef: string, ttlSeconds?: number) =>
  Effect.map(mint(world, participantRef, ttlSeconds), (result) => {
    if (result._tag !== "Token") return assert.fail(`expected a token, got ${result._tag}`)
    return result
  })

const start = (token: string) => Effect.flatMap(Effect.service(Plays.Plays), (plays) => plays.start(token))

const finish = (token: string, sessionId: string, body: unknown = {}) =>
  Effect.flatMap(Effect.service(Plays.Plays), (plays) => plays.finish(token, sessionId, body))

/** One whole play: mint, start, finish. */
const play = Effect.fnUntraced(function* (world: World, participantRef: string) {
  const { clientToken } = yield* mintToken(world, participantRef)
  const started = yield* start(clientToken)
  const finished = yield* finish(clientToken, started.session.id)
  return { started, finished }
})

/** What the caller is told: the error (its HTTP status follows from it), the message, the fields named. */
const seen = (error: { readonly _tag: string; readonly message: string }) => ({
  error: error._tag,
  message: error.message,
  paths: "details" in error ? ((error.details as ReadonlyArray<Detail> | undefined) ?? []).map((d) => d.path) : []
})

const usedToday = (scope: PlayLimit.Scope) => ({
  error: "PlaysError",
  message: PlayLimit.MESSAGE_TODAY,
  paths: [`${scope}.${PlayLimit.Field.perDay}`]
})

const usedAll = (scope: PlayLimit.Scope) => ({
  error: "PlaysError",
  message: PlayLimit.MESSAGE_TOTAL,
  paths: [`${scope}.${PlayLimit.Field.total}`]
})

const entriesOf = (world: World, campaignId = world.campaign.id) =>
  Effect.flatMap(Effect.service(Plays.Plays), (plays) =>
    plays.entries(
      world.actor,
      campaignId,
      { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
      { limit: 500, offset: 0 }
    )
  )

const committedEvents = Effect.flatMap(Effect.service(MemoryStore.EventLog), (events) => events.all)

const sessionById = (id: string) =>
  Effect.flatMap(Effect.service(Session.SessionRepo), (sessions) => sessions.findById(id)).pipe(
    Effect.map(Option.getOrThrow)
  )

// -----------------------------------------------------------------------------
// 1. Daily limits: the player's day runs from local midnight to local midnight
// -----------------------------------------------------------------------------

interface DayCase {
  readonly zone: string
  readonly day: string
  /** Two plays on that local day (UTC instants; their local times in the comment of each case). */
  readonly plays: readonly [string, string]
  /** The next local midnight (UTC). */
  readonly midnight: string
}

const dayCases: ReadonlyArray<DayCase> = [
  {
    zone: "Pacific/Auckland",
    day: "an ordinary winter day (+12:00), plays on two different UTC dates",
    // 2026-07-15 09:00 and 23:30 NZST
    plays: ["2026-07-14T21:00:00.000Z", "2026-07-15T11:30:00.000Z"],
    midnight: "2026-07-15T12:00:00.000Z"
  },
  {
    zone: "Pacific/Auckland",
    day: "the 23 h day DST starts (2026-09-27, 02:00 NZST → 03:00 NZDT)",
    // 00:30 NZST and 23:30 NZDT
    plays: ["2026-09-26T12:30:00.000Z", "2026-09-27T10:30:00.000Z"],
    midnight: "2026-09-27T11:00:00.000Z"
  },
  {
    zone: "Pacific/Auckland",
    day: "the 25 h day DST ends (2026-04-05, 03:00 NZDT → 02:00 NZST)",
    // 00:30 NZDT and 23:30 NZST: 24 h apart, the same local day
    plays: ["2026-04-04T11:30:00.000Z", "2026-04-05T11:30:00.000Z"],
    midnight: "2026-04-05T12:00:00.000Z"
  },
  {
    zone: "America/New_York",
    day: "an ordinary winter day (-05:00), plays on two different UTC dates",
    // 2026-01-20 00:30 and 23:30 EST
    plays: ["2026-01-20T05:30:00.000Z", "2026-01-21T04:30:00.000Z"],
    midnight: "2026-01-21T05:00:00.000Z"
  },
  {
    zone: "America/New_York",
    day: "the 23 h day DST starts (2026-03-08, 02:00 EST → 03:00 EDT)",
    // 00:30 EST and 23:30 EDT
    plays: ["2026-03-08T05:30:00.000Z", "2026-03-09T03:30:00.000Z"],
    midnight: "2026-03-09T04:00:00.000Z"
  },
  {
    zone: "America/New_York",
    day: "the 25 h day DST ends (2026-11-01, 02:00 EDT → 01:00 EST)",
    // 00:30 EDT and 23:30 EST: 24 h apart, the same local day
    plays: ["2026-11-01T04:30:00.000Z", "2026-11-02T04:30:00.000Z"],
    midnight: "2026-11-02T05:00:00.000Z"
  }
]

const scopes: ReadonlyArray<PlayLimit.Scope> = ["campaign", "channel"]

describe("Plays: daily limits across local midnight", () => {
  it.effect.each(
    scopes.flatMap((scope) => dayCases.map((c) => ({ ...c, scope, name: `${scope} limit in ${c.zone}, ${c.day}` })))
  )("$name", ({ midnight, plays, scope, zone }) =>
    Effect.gen(function* () {
      const limit = { maxPlaysPerParticipantPerDay: 2, playLimitTimezone: zone }
      yield* setClock(plays[0])
      const world = yield* makeWorld(scope === "campaign" ? { campaign: limit } : { channel: limit })
      yield* play(world, "alice")
      yield* setClock(plays[1])
      yield* play(world, "alice")

      // The third play of the local day is refused; another player still plays.
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), usedToday(scope))
      yield* play(world, "bob")

      // Still the same local day one millisecond before midnight.
      yield* setClockJustBefore(midnight)
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), usedToday(scope))

      // A new day at local midnight.
      yield* setClock(midnight)
      const next = yield* play(world, "alice")
      assert.strictEqual(next.started.session.participantRef, "alice")
      assert.isTrue(SEGMENT_IDS.includes(next.finished.outcome!.id))
    }).pipe(Effect.provide(layer))
  )
})

// -----------------------------------------------------------------------------
// 2. Total limits, per participantRef, checked again at start
// -----------------------------------------------------------------------------

describe("Plays: total limits", () => {
  scenario("a campaign's total limit holds across days; other players are not affected", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", { campaign: { maxPlaysPerParticipant: 3 } })
    for (const day of ["2026-05-01", "2026-05-02", "2026-05-03"]) {
      yield* setClock(`${day}T10:00:00.000Z`)
      yield* play(world, "alice")
    }
    assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), usedAll("campaign"))
    yield* setClock("2026-06-15T10:00:00.000Z")
    assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), usedAll("campaign"))
    yield* play(world, "bob")
  })

  scenario("when the total and the daily limit are both reached, the player is told of the total", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", {
      campaign: { maxPlaysPerParticipant: 2, maxPlaysPerParticipantPerDay: 2 }
    })
    yield* play(world, "alice")
    yield* play(world, "alice")
    assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), {
      error: "PlaysError",
      message: PlayLimit.MESSAGE_TOTAL,
      paths: ["campaign.maxPlaysPerParticipant", "campaign.maxPlaysPerParticipantPerDay"]
    })
  })

  scenario("a channel's total limit counts the plays of every campaign on the channel", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", { channel: { maxPlaysPerParticipant: 2 } })
    const first = yield* play(world, "alice")
    assert.strictEqual(first.started.campaign.id, world.campaign.id)

    yield* setClock("2026-05-02T10:00:00.000Z")
    yield* (yield* Campaigns.Campaigns).pause(world.actor, world.campaign.id)
    const summer = yield* launch(world.actor, world.channel.id, { name: "Summer wheel" })
    const second = yield* play(world, "alice")
    assert.strictEqual(second.started.campaign.id, summer.id)

    assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), usedAll("channel"))
    yield* play(world, "bob")
    yield* play(world, "bob")
    assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "bob"))), usedAll("channel"))
  })

  scenario("start checks the limits again: of tokens minted ahead, only the allowed number start", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", { campaign: { maxPlaysPerParticipant: 2 } })
    const tokens: Array<string> = []
    for (let i = 0; i < 4; i++) tokens.push((yield* mintToken(world, "alice")).clientToken)

    const outcomes: Array<string> = []
    for (const token of tokens) {
      outcomes.push(
        yield* start(token).pipe(Effect.match({ onFailure: (e) => seen(e).error, onSuccess: () => "started" }))
      )
    }
    assert.deepStrictEqual(outcomes, ["started", "started", "PlaysError", "PlaysError"])
    assert.deepStrictEqual(seen(yield* Effect.flip(start(tokens[3]!))), usedAll("campaign"))
    // Bob's plays are his own.
    yield* play(world, "bob")
  })

  scenario("concurrent starts never pass a channel's daily limit", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", { channel: { maxPlaysPerParticipantPerDay: 2 } })
    const tokens: Array<string> = []
    for (let i = 0; i < 6; i++) tokens.push((yield* mintToken(world, "alice")).clientToken)

    const results = yield* Effect.all(
      tokens.map((token) =>
        start(token).pipe(Effect.match({ onFailure: (e) => seen(e).error, onSuccess: () => "started" }))
      ),
      { concurrency: "unbounded" }
    )
    assert.strictEqual(results.filter((r) => r === "started").length, 2)
    assert.strictEqual(results.filter((r) => r === "PlaysError").length, 4)
  })
})

// -----------------------------------------------------------------------------
// 3. Token expiry on the clock
// -----------------------------------------------------------------------------

describe("Plays: token expiry", () => {
  scenario(
    "a 60 s token starts at +59 s, not at +60 s; finish is accepted until FINISH_GRACE after expiry",
    function* () {
      const t0 = "2026-06-01T09:00:00.000Z"
      yield* setClock(t0)
      const world = yield* makeWorld()
      const a = yield* mintToken(world, "alice", 60)
      const b = yield* mintToken(world, "bob", 60)
      const c = yield* mintToken(world, "carol", 60)
      assert.strictEqual(DateTime.formatIso(a.expiresAt), "2026-06-01T09:01:00.000Z")
      const byDefault = yield* mintToken(world, "dave")
      assert.strictEqual(DateTime.formatIso(byDefault.expiresAt), "2026-06-01T09:15:00.000Z")

      yield* TestClock.adjust(Duration.seconds(59))
      const startedA = yield* start(a.clientToken)
      const startedB = yield* start(b.clientToken)

      yield* TestClock.adjust(Duration.seconds(1))
      assert.deepStrictEqual(seen(yield* Effect.flip(start(c.clientToken))), {
        error: "PlaysError",
        message: "The client token has expired.",
        paths: []
      })

      const graceEnds = ms("2026-06-01T09:01:00.000Z") + Duration.toMillis(Plays.FINISH_GRACE)
      yield* TestClock.setTime(graceEnds - 1)
      const finished = yield* finish(a.clientToken, startedA.session.id)
      assert.strictEqual(finished.entry.sessionId, startedA.session.id)

      yield* TestClock.setTime(graceEnds)
      assert.deepStrictEqual(seen(yield* Effect.flip(finish(b.clientToken, startedB.session.id))), {
        error: "PlaysError",
        message: "The client token has expired.",
        paths: []
      })
      assert.isNull((yield* sessionById(startedB.session.id)).finishedAt)
      assert.strictEqual((yield* entriesOf(world)).total, 1)
    }
  )

  scenario("a token minted within a second lives at least its ttl: its expiry is rounded up", function* () {
    yield* setClock("2026-06-01T09:00:00.000Z")
    const world = yield* makeWorld()
    yield* setClock("2026-06-01T09:00:00.400Z")
    const a = yield* mintToken(world, "alice", 60)
    const b = yield* mintToken(world, "bob", 60)
    assert.strictEqual(DateTime.formatIso(a.expiresAt), "2026-06-01T09:01:01.000Z")
    const byDefault = yield* mintToken(world, "carol")
    assert.strictEqual(DateTime.formatIso(byDefault.expiresAt), "2026-06-01T09:15:01.000Z")

    // 60 s after the mint (the ttl, to the millisecond): still good.
    yield* setClock("2026-06-01T09:01:00.400Z")
    const started = yield* start(a.clientToken)
    assert.strictEqual(started.session.participantRef, "alice")

    yield* setClock("2026-06-01T09:01:01.000Z")
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(start(b.clientToken)), "PlaysError"), {
      _tag: "TokenExpired",
      expiredAt: b.expiresAt
    })
  })
})

// -----------------------------------------------------------------------------
// 4. Single use, paused campaigns, handover
// -----------------------------------------------------------------------------

describe("Plays: what a token starts", () => {
  scenario("a token starts once; reusing it is a conflict", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const { clientToken } = yield* mintToken(world, "alice")
    const started = yield* start(clientToken)
    const reused = {
      error: "PlaysError",
      message: "This client token was already used; mint a new one.",
      paths: []
    }
    assert.deepStrictEqual(seen(yield* Effect.flip(start(clientToken))), reused)
    yield* finish(clientToken, started.session.id)
    assert.deepStrictEqual(seen(yield* Effect.flip(start(clientToken))), reused)
  })

  scenario("a token for a campaign paused after the mint does not start", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const { clientToken } = yield* mintToken(world, "alice")
    yield* TestClock.adjust(Duration.seconds(10))
    yield* (yield* Campaigns.Campaigns).pause(world.actor, world.campaign.id)
    assert.deepStrictEqual(seen(yield* Effect.flip(start(clientToken))), {
      error: "PlaysError",
      message: "This game is no longer available.",
      paths: []
    })
    // Nothing is live now: a new mint gets the channel's between-campaigns message.
    assert.strictEqual((yield* mint(world, "alice"))._tag, "BetweenCampaigns")
  })

  scenario("a token minted before a handover still starts on its own campaign", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const before = yield* mintToken(world, "alice")
    const summer = yield* launch(
      world.actor,
      world.channel.id,
      { name: "Summer wheel" },
      { handoverAt: DateTime.makeUnsafe("2026-06-01T09:05:00.000Z") }
    )
    yield* setClock("2026-06-01T09:04:59.999Z")
    const justBefore = yield* mintToken(world, "bob")

    yield* setClock("2026-06-01T09:05:00.000Z")
    const after = yield* mintToken(world, "carol")
    const startedBefore = yield* start(before.clientToken)
    const startedJustBefore = yield* start(justBefore.clientToken)
    const startedAfter = yield* start(after.clientToken)
    assert.deepStrictEqual(
      [startedBefore, startedJustBefore, startedAfter].map((s) => [s.campaign.id, s.session.campaignId]),
      [
        [world.campaign.id, world.campaign.id],
        [world.campaign.id, world.campaign.id],
        [summer.id, summer.id]
      ]
    )
    const finished = yield* finish(before.clientToken, startedBefore.session.id)
    assert.strictEqual(finished.entry.campaignId, world.campaign.id)
  })
})

// -----------------------------------------------------------------------------
// 5. Finish: one entry and one session_completed event, or neither
// -----------------------------------------------------------------------------

describe("Plays: finish", () => {
  scenario("writes one entry and appends one session_completed event matching it", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const { clientToken } = yield* mintToken(world, "alice")
    const started = yield* start(clientToken)
    assert.deepStrictEqual(
      started.game.config["segments"],
      WHEEL.segments.map((s) => ({ id: s.id, label: s.label }))
    )
    yield* TestClock.adjust(Duration.seconds(5))
    const { entry, outcome } = yield* finish(clientToken, started.session.id)

    const segment = WHEEL.segments.find((s) => s.id === outcome?.id)
    assert.isDefined(segment)
    assert.deepStrictEqual(outcome, { id: segment!.id, label: segment!.label, isWin: segment!.isWin })
    assert.deepStrictEqual(
      { ...entry, createdAt: DateTime.formatIso(entry.createdAt) },
      {
        id: entry.id,
        accountId: world.actor.account.id,
        campaignId: world.campaign.id,
        channelId: world.channel.id,
        sessionId: started.session.id,
        participantRef: "alice",
        score: null,
        predictionValue: null,
        outcome,
        weight: 1,
        eligible: true,
        createdAt: "2026-06-01T09:00:05.000Z"
      }
    )
    assert.deepStrictEqual((yield* entriesOf(world)).items, [entry])

    const events = yield* committedEvents
    assert.strictEqual(events.length, 1)
    const event = events[0]!
    assert.strictEqual(event.type, "session_completed")
    assert.strictEqual(event.accountId, world.actor.account.id)
    assert.strictEqual(event.campaignId, world.campaign.id)
    assert.strictEqual(event.channelId, world.channel.id)
    assert.deepStrictEqual(event.data, {
      gameInstanceId: world.campaign.id,
      sessionId: started.session.id,
      participantRef: "alice",
      score: null,
      outcome
    })
    assert.isNotNull((yield* sessionById(started.session.id)).finishedAt)

    // A second finish is refused and writes nothing.
    assert.deepStrictEqual(seen(yield* Effect.flip(finish(clientToken, started.session.id))), {
      error: "PlaysError",
      message: "This play is already finished.",
      paths: []
    })
    assert.strictEqual((yield* entriesOf(world)).total, 1)
    assert.strictEqual((yield* committedEvents).length, 1)
  })

  scenario(
    "a Memory Match scored by the server: the clock runs from the start; past the limit no flip, and pairs left score 0",
    function* () {
      yield* setClock("2026-06-01T09:00:00.000Z")
      const world = yield* makeWorld({
        campaign: { gameSlug: "memory-match", config: { pairs: 4, timeLimitSeconds: 30, maxScore: 1000 } }
      })
      const plays = yield* Plays.Plays
      const { clientToken } = yield* mintToken(world, "alice")
      const started = yield* start(clientToken)
      assert.strictEqual(started.game.board?.cards.length, 8)
      const sessionId = started.session.id
      yield* TestClock.adjust("10 seconds")
      const first = yield* plays.flip(clientToken, sessionId, 3)
      assert.strictEqual(first.flips, 1)
      // Before the limit, pairs left: 409, nothing written.
      const early = seen(yield* Effect.flip(finish(clientToken, sessionId, {})))
      assert.strictEqual(early.error, "GameError")
      assert.strictEqual((yield* entriesOf(world)).total, 0)
      // 30 s after the start, the time is up: no flip; the finish scores 0.
      yield* TestClock.adjust("20 seconds")
      const late = yield* Effect.flip(plays.flip(clientToken, sessionId, 4))
      assert.deepStrictEqual([late._tag, (late as any).reason?.because], ["GameError", "timeUp"])
      const { entry } = yield* finish(clientToken, sessionId, {})
      assert.strictEqual(entry.score, 0)
      const after = yield* Effect.flip(plays.flip(clientToken, sessionId, 4))
      assert.deepStrictEqual([after._tag, (after as any).reason?._tag], ["PlaysError", "PlayAlreadyFinished"])
    }
  )

  scenario("a Memory Match played perfectly (the board read from the store) scores maxScore", function* () {
    yield* setClock("2026-06-01T09:00:00.000Z")
    const world = yield* makeWorld({
      campaign: { gameSlug: "memory-match", config: { pairs: 4, timeLimitSeconds: 30, maxScore: 500 } }
    })
    const plays = yield* Plays.Plays
    const { clientToken } = yield* mintToken(world, "bob")
    const started = yield* start(clientToken)
    const stored = yield* Effect.flatMap(Effect.service(MemoryBoard.MemoryBoardRepo), (boards) =>
      boards.find(started.session.id)
    ).pipe(Effect.map(Option.getOrThrow))
    const faces = stored.board.faces
    // Each pair turned in one turn, one flip a second (within par: 8 s).
    const byFace = new Map<number, Array<number>>()
    faces.forEach((face, position) => byFace.set(face, [...(byFace.get(face) ?? []), position]))
    for (const positions of byFace.values()) {
      for (const position of positions) {
        yield* TestClock.adjust("1 second")
        const revealed = yield* plays.flip(clientToken, started.session.id, position)
        assert.strictEqual(revealed.face, faces[position])
      }
    }
    const { entry } = yield* finish(clientToken, started.session.id, {})
    assert.strictEqual(entry.score, 500)
  })

  scenario(
    "a finish with a bad body writes neither entry nor event, and a correct finish afterwards succeeds",
    function* () {
      yield* setClock("2026-06-01T09:00:00.000Z")
      // The wheel takes any body (see the next test), so a game whose body can be wrong: memory match.
      const world = yield* makeWorld({
        campaign: {
          gameSlug: "memory-match",
          config: { pairs: 8, timeLimitSeconds: 60, maxScore: 1000, scoring: "client" }
        }
      })
      const { clientToken } = yield* mintToken(world, "alice")
      const started = yield* start(clientToken)

      // A score over the maximum or none: the game refuses the answer (`GameError`); not a whole number: its schema.
      const bad: ReadonlyArray<readonly [unknown, string, string]> = [
        [{ score: 1001 }, "GameError", "score"],
        [{ score: "high" }, "InvalidFields", "score"],
        [{ score: 1.5 }, "InvalidFields", "score"],
        [{}, "GameError", "score"]
      ]
      for (const [body, error, path] of bad) {
        const refused = seen(yield* Effect.flip(finish(clientToken, started.session.id, body)))
        assert.deepStrictEqual([refused.error, refused.paths], [error, [path]], JSON.stringify(body))
      }
      assert.strictEqual((yield* entriesOf(world)).total, 0)
      assert.deepStrictEqual(yield* committedEvents, [])
      assert.isNull((yield* sessionById(started.session.id)).finishedAt)

      const { entry, outcome } = yield* finish(clientToken, started.session.id, { score: 640 })
      assert.isNull(outcome)
      assert.strictEqual(entry.score, 640)
      assert.deepStrictEqual((yield* entriesOf(world)).items, [entry])
      assert.deepStrictEqual(
        (yield* committedEvents).map((e) => [e.type, e.data]),
        [
          [
            "session_completed",
            {
              gameInstanceId: world.campaign.id,
              sessionId: started.session.id,
              participantRef: "alice",
              score: 640,
              outcome: null
            }
          ]
        ]
      )
    }
  )

  // The wheel's finish body is any object (`{}` in JSON): an embedding backend calling the core
  // directly, without the HTTP route's payload schema, gets the same check.
  scenario("the wheel refuses a finish body that is not an object, and writes nothing", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const { clientToken } = yield* mintToken(world, "alice")
    const started = yield* start(clientToken)
    const answers: Array<string> = []
    for (const body of [42, "spin", true, []]) {
      answers.push(
        yield* finish(clientToken, started.session.id, body).pipe(
          Effect.match({ onFailure: (e) => seen(e).error, onSuccess: () => "finished" })
        )
      )
    }
    assert.deepStrictEqual(answers, ["InvalidFields", "InvalidFields", "InvalidFields", "InvalidFields"])
    assert.strictEqual((yield* entriesOf(world)).total, 0)
    assert.deepStrictEqual(yield* committedEvents, [])
    yield* finish(clientToken, started.session.id, {})
    assert.strictEqual((yield* entriesOf(world)).total, 1)
  })
})

// -----------------------------------------------------------------------------
// 6. The wheel under a seeded Random
// -----------------------------------------------------------------------------

/** Twenty plays by twenty players on a fresh store; the segments landed on, in order. */
const twentySpins = (seed: string) =>
  Effect.gen(function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const outcomes: Array<string> = []
    for (let i = 1; i <= 20; i++) {
      yield* TestClock.adjust(Duration.seconds(1))
      outcomes.push((yield* play(world, `player-${i}`)).finished.outcome!.id)
    }
    return outcomes
  }).pipe(Random.withSeed(seed), Effect.provide(layer))

describe("Plays: the wheel", () => {
  it.effect("the same seed gives the same outcomes over 20 plays", () =>
    Effect.gen(function* () {
      const first = yield* twentySpins("spring-wheel")
      const again = yield* twentySpins("spring-wheel")
      const other = yield* twentySpins("summer-wheel")
      assert.strictEqual(first.length, 20)
      assert.deepStrictEqual(again, first)
      assert.isTrue(first.every((id) => SEGMENT_IDS.includes(id)))
      // The wheel does spin: several segments come up, and another seed gives another sequence.
      assert.isAbove(new Set(first).size, 1)
      assert.notDeepEqual(other, first)
    })
  )
})

// -----------------------------------------------------------------------------
// 7. Plays per month (plan limit)
// -----------------------------------------------------------------------------

describe("Plays: plays per month", () => {
  scenario(
    "a finish decides with the campaign and the endpoints as they are when it writes, not as last read",
    function* () {
      const world = yield* worldAt("2026-03-10T12:00:00.000Z", {
        campaign: { gameSlug: "prediction", config: WHO_WINS }
      })
      const pick = (participantRef: string) =>
        Effect.gen(function* () {
          const { clientToken } = yield* mintToken(world, participantRef)
          const { session } = yield* start(clientToken)
          return { clientToken, sessionId: session.id }
        })
      // This instance reads the campaign (start) and the account's endpoints (finish: none yet).
      const first = yield* pick("alice")
      const before = yield* finish(first.clientToken, first.sessionId, { optionId: "home" })
      assert.isFalse(before.entry.eligible, "the campaign is not resolved")

      // Another server edits the question and adds an endpoint after bob's start (a resolution is
      // seen the same way, and refuses the finish: see "a resolved prediction takes no more plays").
      const bob = yield* pick("bob")
      const campaigns = yield* Campaign.CampaignRepo
      const stored = Option.getOrThrow(yield* campaigns.findById(world.actor.account.id, world.campaign.id))
      yield* campaigns.update({ ...stored, config: { ...WHO_WINS, question: "Who wins the final?" } })
      const endpoint = Fixtures.makeEndpoint(world.actor.account.id, {
        id: "we_other_server",
        url: "https://hooks.example.com/other",
        secret: "whsec_other_server",
        createdAt: stored.createdAt,
        updatedAt: stored.createdAt
      })
      yield* (yield* Webhook.EndpointRepo).insert(endpoint)

      const after = yield* finish(bob.clientToken, bob.sessionId, { optionId: "home" })
      assert.strictEqual(after.entry.sessionId, bob.sessionId)
      assert.isFalse(after.entry.eligible, "the campaign is not resolved")
      const delivered = yield* (yield* Webhook.DeliveryRepo).list(
        world.actor.account.id,
        { search: undefined, status: undefined, sort: "createdAt", dir: "asc" },
        { limit: 10, offset: 0 }
      )
      assert.deepStrictEqual(
        delivered.items.map((d) => [d.endpointId, d.payload.data]),
        [
          [
            endpoint.id,
            {
              gameInstanceId: world.campaign.id,
              sessionId: bob.sessionId,
              participantRef: "bob",
              score: null,
              outcome: null
            }
          ]
        ],
        "the new endpoint gets bob's event"
      )
    }
  )

  scenario(
    "a mint checks the actor's key and the account's plan as they are now, not as the actor was read",
    function* () {
      yield* setClock("2026-03-10T12:00:00.000Z")
      const { actor, channel, campaign } = yield* makeWorld()
      const keys = yield* ApiKeys.ApiKeys
      const created = yield* keys.create(actor, { name: "backend", permissions: ["tokens.mint"] })
      const recent = yield* keys.authenticateRecent(created.key)
      const world = { actor: recent, channel, campaign }
      yield* mintToken(world, "alice")

      // The plan changes (by another server): the recent actor still holds the old account.
      yield* (yield* Accounts.Accounts).update(actor.account.id, { limits: { playsPerMonth: 0 } })
      assert.deepStrictEqual((yield* keys.authenticateRecent(created.key)).account, recent.account)
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), {
        error: "PlanError",
        message: "Your plan's limit of 0 for playsPerMonth is reached.",
        paths: ["limits.playsPerMonth"]
      })
      yield* (yield* Accounts.Accounts).update(actor.account.id, { limits: { playsPerMonth: null } })
      yield* mintToken(world, "alice")

      // The key is revoked by another server: this one's recent read still passes, the mint does not.
      assert.isTrue(yield* (yield* ApiKey.ApiKeyRepo).revoke(actor.account.id, created.id, yield* DateTime.now))
      assert.strictEqual((yield* keys.authenticateRecent(created.key)).keyId, created.id)
      assert.strictEqual((yield* Effect.flip(keys.authenticate(created.key)))._tag, "AccountsError")
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "alice"))), {
        error: "PlaysError",
        message: "The API key is missing, malformed, wrong or revoked.",
        paths: []
      })
      // A minute after its read, the recent read is gone too.
      yield* TestClock.adjust(ApiKeys.RECENT_KEY_TTL)
      assert.strictEqual((yield* Effect.flip(keys.authenticateRecent(created.key)))._tag, "AccountsError")
    }
  )

  scenario(
    "the third mint of a UTC month is refused with upgrade_required; the next month it is allowed",
    function* () {
      const world = yield* worldAt("2026-03-31T20:00:00.000Z", { limits: { playsPerMonth: 2 } })
      yield* play(world, "alice")
      yield* play(world, "bob")
      const refused = {
        error: "PlanError",
        message: "Your plan's limit of 2 for playsPerMonth is reached.",
        paths: ["limits.playsPerMonth"]
      }
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "carol"))), refused)
      yield* setClockJustBefore("2026-04-01T00:00:00.000Z")
      assert.deepStrictEqual(seen(yield* Effect.flip(mint(world, "carol"))), refused)

      yield* setClock("2026-04-01T00:00:00.000Z")
      const { started } = yield* play(world, "carol")
      assert.strictEqual(started.session.participantRef, "carol")
    }
  )
})

// -----------------------------------------------------------------------------
// 7. What an embedder can branch on: the reason of each refusal
// -----------------------------------------------------------------------------

/** The reason of a failure of `category`, as data (its tag and fields), or a test failure when it failed otherwise. */
const reasonOf = <E extends { readonly _tag: string }>(error: E, category: E["_tag"]): object => {
  if (error._tag !== category || !("reason" in error)) return assert.fail(`expected ${category}, got ${error._tag}`)
  return { ...(error.reason as object) }
}

describe("Plays: the reason of each refusal", () => {
  scenario(
    "a reached daily limit is PlayLimitReached: the scope, the limit, and the next local midnight",
    function* () {
      // 2026-07-15 09:00 and 10:00 NZST; the day ends at 2026-07-16 00:00 NZST (12:00 UTC).
      const world = yield* worldAt("2026-07-14T21:00:00.000Z", {
        channel: { maxPlaysPerParticipantPerDay: 2, playLimitTimezone: "Pacific/Auckland" }
      })
      yield* play(world, "alice")
      yield* play(world, "alice")
      // An embedder branches on the reason, and tells the player when to come back.
      const comeBack = yield* mint(world, "alice").pipe(
        Effect.as("allowed"),
        Effect.catchReason("PlaysError", "PlayLimitReached", (reason) =>
          Effect.succeed(
            `${reason.scope} ${reason.period} ${reason.limit} until ${reason.resetsAt === null ? "never" : DateTime.formatIso(reason.resetsAt)}`
          )
        )
      )
      assert.strictEqual(comeBack, "channel perDay 2 until 2026-07-15T12:00:00.000Z")

      assert.deepStrictEqual(reasonOf(yield* Effect.flip(mint(world, "alice")), "PlaysError"), {
        _tag: "PlayLimitReached",
        reached: [{ scope: "channel", period: "perDay", limit: 2 }],
        resetsAt: DateTime.makeUnsafe("2026-07-15T12:00:00.000Z")
      })
    }
  )

  scenario("a reached total limit never resets; a start past the limit says so too", function* () {
    const world = yield* worldAt("2026-05-01T10:00:00.000Z", { campaign: { maxPlaysPerParticipant: 1 } })
    const ahead = yield* mintToken(world, "alice")
    yield* play(world, "alice")
    const expected = {
      _tag: "PlayLimitReached",
      reached: [{ scope: "campaign", period: "total", limit: 1 }],
      resetsAt: null
    }
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(mint(world, "alice")), "PlaysError"), expected)
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(start(ahead.clientToken)), "PlaysError"), expected)
  })

  scenario("a reused token is TokenAlreadyUsed (with its jti), not a play limit", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z", { campaign: { maxPlaysPerParticipant: 5 } })
    const { clientToken, jti } = yield* mintToken(world, "alice")
    yield* start(clientToken)
    const outcome = yield* start(clientToken).pipe(
      Effect.as("started twice"),
      Effect.catchReasons("PlaysError", {
        TokenAlreadyUsed: (reason) => Effect.succeed(`used ${reason.jti}`),
        PlayLimitReached: () => Effect.succeed("limit")
      })
    )
    assert.strictEqual(outcome, `used ${jti}`)
  })

  scenario("an expired token is TokenExpired at its expiry; a second finish is PlayAlreadyFinished", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const late = yield* mintToken(world, "alice", 60)
    const { clientToken } = yield* mintToken(world, "bob")
    const started = yield* start(clientToken)
    yield* finish(clientToken, started.session.id)
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(finish(clientToken, started.session.id)), "PlaysError"), {
      _tag: "PlayAlreadyFinished",
      sessionId: started.session.id
    })

    yield* TestClock.adjust(Duration.seconds(60))
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(start(late.clientToken)), "PlaysError"), {
      _tag: "TokenExpired",
      expiredAt: late.expiresAt
    })
  })

  scenario("a paused campaign's token is GameUnavailable; an unknown origin is OriginNotAllowed", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    const { clientToken } = yield* mintToken(world, "alice")
    yield* (yield* Campaigns.Campaigns).pause(world.actor, world.campaign.id)
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(start(clientToken)), "PlaysError"), {
      _tag: "GameUnavailable",
      campaignId: world.campaign.id,
      because: "campaignNotActive"
    })
    const elsewhere = (yield* Plays.Plays).mint(world.actor, {
      channelId: world.channel.id,
      participantRef: "alice",
      origin: "https://elsewhere.example"
    })
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(elsewhere), "PlaysError"), {
      _tag: "OriginNotAllowed",
      origin: "https://elsewhere.example"
    })
  })

  scenario("the plan's monthly plays are LimitReached, told apart from a player's limit", function* () {
    const world = yield* worldAt("2026-03-31T20:00:00.000Z", { limits: { playsPerMonth: 1 } })
    yield* play(world, "alice")
    assert.deepStrictEqual(reasonOf(yield* Effect.flip(mint(world, "bob")), "PlanError"), {
      _tag: "LimitReached",
      limit: "playsPerMonth",
      max: 1
    })
  })
})

// -----------------------------------------------------------------------------
// 10. A resolved prediction: its answer is out, so it takes no more plays
// -----------------------------------------------------------------------------

/** An account with a live prediction (`WHO_WINS`, with `campaign`'s settings) on its channel, made at `iso`. */
const predictionAt = (iso: string, campaign: Partial<Campaign.CreateCampaign> = {}) =>
  worldAt(iso, { campaign: { name: "Final", gameSlug: "prediction", config: WHO_WINS, ...campaign } })

const resolve = (world: World, optionId: string) =>
  Effect.flatMap(Effect.service(Campaigns.Campaigns), (campaigns) =>
    campaigns.resolve(world.actor, world.campaign.id, { optionId })
  )

/** The refusal of a start or a finish on the world's resolved prediction: its reason and message. */
const closed = (world: World) => ({
  reason: { _tag: "GameUnavailable", campaignId: world.campaign.id, because: "predictionResolved" },
  message: `This prediction is closed: campaign ${world.campaign.id} is resolved and takes no more plays.`
})

const refusal = (error: { readonly _tag: string; readonly message: string }) => ({
  reason: reasonOf(error, "PlaysError"),
  message: error.message
})

describe("Plays: a resolved prediction takes no more plays", () => {
  scenario(
    "a mint after the resolution gets the channel's between-campaigns message; the campaign stays live",
    function* () {
      const world = yield* predictionAt("2026-06-01T09:00:00.000Z")
      yield* mintToken(world, "alice")
      yield* TestClock.adjust(Duration.minutes(5))
      yield* resolve(world, "home")
      assert.deepStrictEqual(yield* mint(world, "alice"), {
        _tag: "BetweenCampaigns",
        betweenCampaigns: world.channel.betweenCampaigns
      })
      // Still the channel's live campaign: another one cannot take the channel while its window runs.
      const campaigns = yield* Campaigns.Campaigns
      const live = yield* campaigns.liveOn(world.actor.account.id, world.channel.id, yield* DateTime.now)
      assert.strictEqual(Option.getOrThrow(live).id, world.campaign.id)
      const next = yield* Effect.flip(launch(world.actor, world.channel.id, { name: "Next wheel" }))
      assert.deepStrictEqual(reasonOf(next, "CampaignsError"), {
        _tag: "LiveWindowOverlap",
        campaignId: world.campaign.id
      })
    }
  )

  scenario("a wheel is not a resolved prediction: it keeps taking plays", function* () {
    const world = yield* worldAt("2026-06-01T09:00:00.000Z")
    assert.isTrue(Campaign.takesPlays(world.campaign))
    const { finished } = yield* play(world, "alice")
    assert.strictEqual(finished.entry.campaignId, world.campaign.id)
  })

  const starts: ReadonlyArray<readonly [string, Partial<Campaign.CreateCampaign>]> = [
    ["no play limit (a start written with its read)", {}],
    ["a play limit (a start counted under the player's lock)", { maxPlaysPerParticipant: 5 }]
  ]
  for (const [limits, campaign] of starts) {
    scenario(
      `a token minted before the resolution does not start, with ${limits}: no session, no play counted`,
      function* () {
        const world = yield* predictionAt("2026-06-01T09:00:00.000Z", campaign)
        const { clientToken } = yield* mintToken(world, "alice")
        yield* TestClock.adjust(Duration.seconds(10))
        yield* resolve(world, "home")
        assert.deepStrictEqual(refusal(yield* Effect.flip(start(clientToken))), closed(world))
        const sessions = yield* Session.SessionRepo
        assert.isFalse(yield* sessions.anyForCampaign(world.actor.account.id, world.campaign.id), "no session")
        assert.strictEqual(yield* (yield* Usage.UsageRepo).plays(world.actor.account.id, "2026-06"), 0)
        // Refused again, as long as the token lives: the refusal used nothing up.
        assert.deepStrictEqual(refusal(yield* Effect.flip(start(clientToken))), closed(world))
      }
    )
  }

  scenario(
    "a session started before the resolution does not finish after it, whatever it predicts: nothing is written",
    function* () {
      const world = yield* predictionAt("2026-06-01T09:00:00.000Z")
      const begin = (participantRef: string) =>
        Effect.gen(function* () {
          const { clientToken } = yield* mintToken(world, participantRef)
          const { session } = yield* start(clientToken)
          return { clientToken, sessionId: session.id }
        })
      const alice = yield* begin("alice")
      const bob = yield* begin("bob")
      const carol = yield* begin("carol")
      const early = yield* finish(alice.clientToken, alice.sessionId, { optionId: "home" })
      assert.isFalse(early.entry.eligible, "not resolved yet")

      // This instance remembers the campaign unresolved (from the starts and alice's finish): the
      // write sees the resolution, and the finish reads and refuses.
      yield* TestClock.adjust(Duration.minutes(5))
      yield* resolve(world, "home")
      assert.deepStrictEqual(
        refusal(yield* Effect.flip(finish(bob.clientToken, bob.sessionId, { optionId: "home" }))),
        closed(world)
      )
      // Remembered resolved now: refused the same, for a wrong prediction too, and again.
      assert.deepStrictEqual(
        refusal(yield* Effect.flip(finish(carol.clientToken, carol.sessionId, { optionId: "away" }))),
        closed(world)
      )
      assert.deepStrictEqual(
        refusal(yield* Effect.flip(finish(bob.clientToken, bob.sessionId, { optionId: "home" }))),
        closed(world)
      )
      // A play finished before the resolution is still told as finished.
      assert.deepStrictEqual(reasonOf(yield* Effect.flip(finish(alice.clientToken, alice.sessionId)), "PlaysError"), {
        _tag: "PlayAlreadyFinished",
        sessionId: alice.sessionId
      })

      const entries = yield* entriesOf(world)
      assert.deepStrictEqual(
        entries.items.map((e) => [e.participantRef, e.predictionValue, e.eligible]),
        [["alice", { optionId: "home" }, true]],
        "only the play finished before the resolution, made eligible by it"
      )
      assert.deepStrictEqual(
        (yield* committedEvents).map((e) => [e.type, e.data["sessionId"]]),
        [["session_completed", alice.sessionId]]
      )
      assert.isNull((yield* sessionById(bob.sessionId)).finishedAt)
      assert.isNull((yield* sessionById(carol.sessionId)).finishedAt)
    }
  )
})
