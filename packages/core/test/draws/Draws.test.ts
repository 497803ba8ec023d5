/**
 * Draws as a specification, through the use cases on the memory store and the test clock: draws by
 * hand, the runs' records, verification and audit, the scheduled draw (once at its time, after a
 * restart too, waiting while paused), the winning moments after each play, and prediction
 * campaigns, whose draws all wait for the resolution. Entries are written
 * as the plays write them (`EntryRepo`), or by whole plays where the after-play draws are the
 * subject. Expected listing hashes are computed here with `node:crypto`.
 */
import { createHash } from "node:crypto"
import { Fixtures, MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Option, Ref, Schema } from "effect"
import { TestClock } from "effect/testing"
import * as Accounts from "../../src/accounts/Accounts.ts"
import * as Actor from "../../src/accounts/Actor.ts"
import * as Branding from "../../src/campaigns/Branding.ts"
import type * as Campaign from "../../src/campaigns/Campaign.ts"
import * as Campaigns from "../../src/campaigns/Campaigns.ts"
import * as Channels from "../../src/campaigns/Channels.ts"
import * as FileRule from "../../src/campaigns/FileRule.ts"
import * as Draw from "../../src/draws/Draw.ts"
import * as DrawAudit from "../../src/draws/DrawAudit.ts"
import * as DrawRun from "../../src/draws/DrawRun.ts"
import * as Draws from "../../src/draws/Draws.ts"
import * as DrawsEngine from "../../src/draws/DrawsEngine.ts"
import * as SeedChain from "../../src/draws/SeedChain.ts"
import { WinnerGrants, type WinnersDrawn } from "../../src/draws/WinnerGrants.ts"
import * as WinningMoments from "../../src/draws/WinningMoments.ts"
import { StoreError } from "../../src/Errors.ts"
import * as InstanceCache from "../../src/InstanceCache.ts"
import * as AllowedOrigins from "../../src/play/AllowedOrigins.ts"
import * as ClientTokenSigner from "../../src/play/ClientTokenSigner.ts"
import * as Entry from "../../src/play/Entry.ts"
import * as Plays from "../../src/play/Plays.ts"
import * as Secrets from "../../src/Secrets.ts"
import * as Given from "../support/Given.ts"

// -----------------------------------------------------------------------------
// The engine's draws on a memory store, with a recording WinnerGrants
// -----------------------------------------------------------------------------

/** What the grants port was asked, whether the run was already written then, and whether it fails. */
class GrantsLog extends Context.Service<
  GrantsLog,
  {
    readonly calls: Ref.Ref<ReadonlyArray<{ readonly drawn: WinnersDrawn; readonly runWritten: boolean }>>
    readonly failing: Ref.Ref<boolean>
  }
>()("test/GrantsLog") {}

const grantsLog = Layer.effect(
  GrantsLog,
  Effect.gen(function* () {
    return GrantsLog.of({
      calls: yield* Ref.make<ReadonlyArray<{ readonly drawn: WinnersDrawn; readonly runWritten: boolean }>>([]),
      failing: yield* Ref.make(false)
    })
  })
)

/** `WinnerGrants` recording each call (and looking for the run in the same transaction), or failing. */
const recordingGrants = Layer.effect(
  WinnerGrants,
  Effect.gen(function* () {
    const log = yield* GrantsLog
    const repo = yield* DrawRun.DrawRepo
    return {
      grant: (drawn: WinnersDrawn) =>
        Effect.gen(function* () {
          const run = yield* repo.findRun(drawn.accountId, drawn.campaignId, drawn.runId)
          yield* Ref.update(log.calls, (calls) => [...calls, { drawn, runWritten: Option.isSome(run) }])
          if (yield* Ref.get(log.failing)) return yield* new StoreError({ message: "grants are down" })
        })
    }
  })
)

/** The use cases over `store`: `background` runs the scheduled draws' fiber. */
const engine = <E>(store: Layer.Layer<MemoryStore.Services, E>, background: boolean) =>
  Layer.mergeAll(
    Accounts.Accounts.layer,
    Channels.Channels.layer,
    Campaigns.Campaigns.layer,
    AllowedOrigins.AllowedOrigins.layer,
    Plays.Plays.layer.pipe(Layer.provide(Branding.Branding.layer))
  ).pipe(
    Layer.provideMerge(DrawsEngine.layer({ background })),
    Layer.provideMerge(recordingGrants),
    Layer.provideMerge(grantsLog),
    Layer.provideMerge(ClientTokenSigner.layerSecret("draws-test-secret")),
    Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
    Layer.provideMerge(FileRule.MediaLibrary.layerNone),
    Layer.provideMerge(InstanceCache.InstanceCache.layer),
    Layer.provideMerge(store)
  )

const layer = engine(MemoryStore.layer, false)

/**
 * Runs `body` on an engine whose scheduled draws' fiber runs, the test clock set to `START` first
 * (the fiber sleeps a second at a time: set before it starts, the clock does not replay years).
 */
const withScheduler = <A, E>(body: Effect.Effect<A, E, Layer.Success<typeof layer>>) =>
  Effect.andThen(TestClock.setTime(START), Effect.provide(body, engine(MemoryStore.layer, true)))

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

const { ORIGIN } = Given
const START = DateTime.toEpochMillis(DateTime.makeUnsafe("2026-06-01T09:00:00.000Z"))
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const at = (ms: number) => DateTime.makeUnsafe(START + ms)

const WHEEL = {
  segments: [
    { id: "win", label: "Prize", isWin: true },
    { id: "miss", label: "Next time", isWin: false }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
}

/** An account and a channel; `Actor.system` holds every permission. */
const makeAccount = () => Given.account()

/** A wheel campaign (a quiz with `score: true`), active unless `draft`. */
const makeCampaign = (
  actor: Actor.Actor,
  channelId: string,
  input: Partial<Campaign.CreateCampaign> = {},
  options: { readonly draft?: boolean } = {}
) =>
  Given.launch(
    actor,
    channelId,
    { name: "Summer draw", config: WHEEL, prize: { label: "A bicycle", externalRef: "SKU-1" }, ...input },
    options.draft === true ? "draft" : {}
  )

/** At `START`: an account, a channel and an active wheel campaign made from `input`. */
const startWith = Effect.fnUntraced(function* (input: Partial<Campaign.CreateCampaign>) {
  yield* TestClock.setTime(START)
  const { actor, channel } = yield* makeAccount()
  return { actor, channel, campaign: yield* makeCampaign(actor, channel.id, input) }
})

/** A prediction of two options. */
const WHO_WINS = {
  question: "Who wins the final?",
  options: [
    { id: "a", label: "Team A" },
    { id: "b", label: "Team B" }
  ]
}

/** Six players' predictions: three hold "a", three "b". */
const PICKS = [
  ["ana", "a"],
  ["ben", "b"],
  ["cleo", "a"],
  ["dev", "b"],
  ["eli", "a"],
  ["fay", "b"]
] as const

/** A quiz question's two options. */
const A_OR_B = [
  { id: "a", text: "A" },
  { id: "b", text: "B" }
]

let counter = 0
/** Writes an entry of the campaign as a finished play does. */
const writeEntry = Effect.fnUntraced(function* (
  campaign: Campaign.Campaign,
  participantRef: string,
  extra: Partial<Entry.Entry> = {}
) {
  const entry: Entry.Entry = {
    id: `ent_${String(counter++).padStart(6, "0")}`,
    accountId: campaign.accountId,
    campaignId: campaign.id,
    channelId: campaign.channelId,
    sessionId: null,
    participantRef,
    score: null,
    predictionValue: null,
    outcome: null,
    weight: 1,
    eligible: true,
    createdAt: yield* DateTime.now,
    ...extra
  }
  yield* (yield* Entry.EntryRepo).insert(entry)
  return entry
})

/** Writes a prediction's entry as a play before the resolution does (not eligible yet). */
const writePrediction = (campaign: Campaign.Campaign, participantRef: string, optionId: string) =>
  writeEntry(campaign, participantRef, {
    predictionValue: { optionId },
    eligible: Entry.eligible({ optionId }, campaign.resolvedOptionId)
  })

const resolve = (actor: Actor.Actor, campaignId: string, optionId: string) =>
  Effect.flatMap(Effect.service(Campaigns.Campaigns), (campaigns) => campaigns.resolve(actor, campaignId, { optionId }))

const draws = Effect.service(Draws.Draws)
const events = Effect.flatMap(Effect.service(MemoryStore.EventLog), (log) => log.all)
const winnerEvents = Effect.map(events, (all) => all.filter((e) => e.type === "winner_selected"))
const grantCalls = Effect.flatMap(Effect.service(GrantsLog), (log) => Ref.get(log.calls))

/** The expected `entriesHash` of entries (in any order), computed apart from `Draw`. */
const expectedHash = (entries: ReadonlyArray<Entry.Entry>) => {
  const hex = (x: number) => {
    const view = new DataView(new ArrayBuffer(8))
    view.setFloat64(0, x + 0)
    return Buffer.from(view.buffer).toString("hex")
  }
  // cg-draw/2: each participant numbered in the order they first appear in the listing.
  const numbers = new Map<string, number>()
  const numberOf = (ref: string) => {
    if (!numbers.has(ref)) numbers.set(ref, numbers.size + 1)
    return numbers.get(ref)!
  }
  const lines = [...entries]
    .sort((a, b) => DateTime.toEpochMillis(a.createdAt) - DateTime.toEpochMillis(b.createdAt) || (a.id < b.id ? -1 : 1))
    .map(
      (e) =>
        `${e.id}\t${numberOf(e.participantRef)}\t${DateTime.toEpochMillis(e.createdAt)}\t${
          e.score === null ? "-" : hex(e.score)
        }\t${hex(e.weight)}\n`
    )
  return createHash("sha256").update(lines.join(""), "utf8").digest("hex")
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

/** The tag and reason of a failure. */
const reasonOf = (error: { readonly _tag: string; readonly reason?: { readonly _tag: string } }) =>
  `${error._tag}/${error.reason?._tag ?? "none"}`

// -----------------------------------------------------------------------------
// 1. A draw by hand
// -----------------------------------------------------------------------------

describe("a draw by hand", () => {
  it.effect("draws from the campaign's entries, records the run, appends winner_selected and grants the winners", () =>
    Effect.gen(function* () {
      const { actor, channel, campaign } = yield* startWith({ winnerSelectionConfig: { maxWinners: 3 } })
      const written = []
      for (const [i, player] of ["ana", "ben", "ana", "cleo", "dev", "eli"].entries()) {
        yield* TestClock.setTime(START + i * MINUTE)
        written.push(yield* writeEntry(campaign, player))
      }
      const run = yield* (yield* draws).trigger(actor, campaign.id)

      assert.strictEqual(run.trigger, "manual")
      assert.strictEqual(run.algorithm, "random_uniform")
      assert.strictEqual(run.algorithmVersion, Draw.ALGORITHM_VERSION)
      assert.strictEqual(run.sequence, 1)
      assert.match(run.seed, /^[a-z2-7]{52}$/u, "256 crypto-strong bits, base32")
      assert.isNull(run.seedCommitment, "a manual run published no commitment")
      assert.strictEqual(run.entriesConsidered, 6)
      assert.strictEqual(run.entriesHash, expectedHash(written))
      assert.deepStrictEqual(run.prize, { label: "A bicycle", externalRef: "SKU-1" })
      // The winners are the pure draw's over the same entries and seed.
      const pure = Draw.run(
        written.map((e) => ({ ...e, createdAt: DateTime.toEpochMillis(e.createdAt) })),
        DrawRun.drawRules(run),
        run.seed
      )
      assert.deepStrictEqual(
        run.winners.map((w) => [w.rank, w.participantRef, w.entryId]),
        pure.winners.map((e, i) => [i + 1, e.participantRef, e.id])
      )
      assert.strictEqual(new Set(run.winners.map((w) => w.participantRef)).size, 3)

      const [event] = yield* winnerEvents
      assert.deepStrictEqual(event!.data, {
        gameInstanceId: campaign.id,
        runId: run.id,
        winners: run.winners.map((w) => ({
          participantRef: w.participantRef,
          rank: w.rank,
          entryId: w.entryId,
          prize: { label: "A bicycle", externalRef: "SKU-1" }
        }))
      })
      assert.strictEqual(event!.campaignId, campaign.id)
      assert.strictEqual(event!.channelId, channel.id)

      const [call] = yield* grantCalls
      assert.isTrue(call!.runWritten, "granted in the run's transaction, after the run was written")
      assert.deepStrictEqual(
        call!.drawn.winners,
        run.winners.map((w) => ({ winnerId: w.id, participantRef: w.participantRef, rank: w.rank, entryId: w.entryId }))
      )

      const listed = yield* (yield* draws).runs(actor, campaign.id, { limit: 50, offset: 0 })
      assert.deepStrictEqual(listed, { items: [run], total: 1 })
      assert.deepStrictEqual(yield* (yield* draws).run(actor, campaign.id, run.id), run)
    }).pipe(Effect.provide(layer))
  )

  it.effect("a later run excludes the earlier winners: a participant wins once per campaign", () =>
    Effect.gen(function* () {
      const { actor, campaign } = yield* startWith({ winnerSelectionConfig: { maxWinners: 2 } })
      for (const player of ["a", "b", "c", "d", "e"]) yield* writeEntry(campaign, player)
      const first = yield* (yield* draws).trigger(actor, campaign.id)
      const second = yield* (yield* draws).trigger(actor, campaign.id)
      const third = yield* (yield* draws).trigger(actor, campaign.id)
      const firsts = first.winners.map((w) => w.participantRef)
      const seconds = second.winners.map((w) => w.participantRef)
      assert.lengthOf(firsts, 2)
      assert.lengthOf(seconds, 2)
      assert.deepStrictEqual(
        seconds.filter((p) => firsts.includes(p)),
        []
      )
      assert.lengthOf(third.winners, 1, "one player left")
      assert.deepStrictEqual([first.sequence, second.sequence, third.sequence], [1, 2, 3])
      const page = yield* (yield* draws).runs(actor, campaign.id, { limit: 2, offset: 0 })
      assert.deepStrictEqual(
        page.items.map((r) => r.id),
        [third.id, second.id],
        "newest first"
      )
      assert.strictEqual(page.total, 3)
      const fourth = yield* (yield* draws).trigger(actor, campaign.id)
      assert.deepStrictEqual(fourth.winners, [], "nobody left: a run with no winners, still kept")
      assert.lengthOf(yield* winnerEvents, 3, "no winner_selected without winners")
    }).pipe(Effect.provide(layer))
  )

  it.effect("a failing grant keeps nothing of the run", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* makeAccount()
      const campaign = yield* makeCampaign(actor, channel.id)
      yield* writeEntry(campaign, "ana")
      yield* Ref.set((yield* GrantsLog).failing, true)
      const error = yield* Effect.flip((yield* draws).trigger(actor, campaign.id))
      assert.strictEqual(error._tag, "StoreError")
      assert.strictEqual((yield* (yield* draws).runs(actor, campaign.id, { limit: 50, offset: 0 })).total, 0)
      assert.lengthOf(yield* winnerEvents, 0)
    }).pipe(Effect.provide(layer))
  )

  it.effect("permissions, unknown campaigns and runs, and automatic campaigns are refused", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* makeAccount()
      const campaign = yield* makeCampaign(actor, channel.id)
      const run = yield* (yield* draws).trigger(actor, campaign.id)
      const reader: Actor.Actor = { ...actor, permissions: new Set(["results.read"]) } as Actor.Actor
      const runner: Actor.Actor = { ...actor, permissions: new Set(["draws.run"]) } as Actor.Actor
      const d = yield* draws
      assert.strictEqual(reasonOf(yield* Effect.flip(d.trigger(reader, campaign.id))), "MissingPermission/none")
      assert.strictEqual(
        reasonOf(yield* Effect.flip(d.runs(runner, campaign.id, { limit: 1, offset: 0 }))),
        "MissingPermission/none"
      )
      assert.strictEqual(reasonOf(yield* Effect.flip(d.verify(runner, campaign.id, run.id))), "MissingPermission/none")
      assert.strictEqual(reasonOf(yield* Effect.flip(d.audit(runner, campaign.id, run.id))), "MissingPermission/none")
      assert.strictEqual(reasonOf(yield* Effect.flip(d.trigger(actor, "gi_nope"))), "ResourceNotFound/none")
      assert.strictEqual(
        reasonOf(yield* Effect.flip(d.run(actor, campaign.id, "run_nope"))),
        "DrawsError/DrawRunNotFound"
      )
      const other = yield* makeAccount()
      assert.strictEqual(reasonOf(yield* Effect.flip(d.trigger(other.actor, campaign.id))), "ResourceNotFound/none")
      assert.strictEqual(reasonOf(yield* Effect.flip(d.run(other.actor, campaign.id, run.id))), "ResourceNotFound/none")
      const otherCampaign = yield* makeCampaign(
        actor,
        (yield* (yield* Channels.Channels).create(actor, { name: "B" })).id
      )
      assert.strictEqual(
        reasonOf(yield* Effect.flip(d.run(actor, otherCampaign.id, run.id))),
        "DrawsError/DrawRunNotFound",
        "a run of another campaign is not this one's"
      )
      const scheduled = yield* makeCampaign(
        actor,
        (yield* (yield* Channels.Channels).create(actor, { name: "C" })).id,
        { winnerSelectionTrigger: "auto_on_schedule", scheduleAt: at(HOUR) },
        { draft: true }
      )
      const refused = yield* Effect.flip(d.trigger(actor, scheduled.id))
      assert.strictEqual(reasonOf(refused), "DrawsError/DrawNotManual")
      assert.match(refused.message, /scheduleAt/u)
    }).pipe(Effect.provide(layer))
  )

  it.effect("on a prediction: refused until it is resolved; then only entries holding the resolved option win", () =>
    Effect.gen(function* () {
      const { actor, campaign } = yield* startWith({
        gameSlug: "prediction",
        config: WHO_WINS,
        winnerSelectionConfig: { maxWinners: 10 }
      })
      const written = []
      for (const [player, optionId] of PICKS) written.push(yield* writePrediction(campaign, player, optionId))
      const d = yield* draws

      const refused = yield* Effect.flip(d.trigger(actor, campaign.id))
      assert.strictEqual(reasonOf(refused), "DrawsError/DrawAwaitsResolution")
      assert.match(refused.message, /not resolved/u)
      assert.strictEqual((yield* d.runs(actor, campaign.id, { limit: 50, offset: 0 })).total, 0, "no empty run kept")

      yield* resolve(actor, campaign.id, "a")
      const run = yield* d.trigger(actor, campaign.id)
      const right = written.filter((e) => e.predictionValue?.optionId === "a")
      assert.strictEqual(run.entriesConsidered, 3, "the entries holding the resolved option")
      assert.strictEqual(run.entriesHash, expectedHash(right))
      assert.sameMembers(
        run.winners.map((w) => w.participantRef),
        ["ana", "cleo", "eli"],
        "every right prediction wins (maxWinners 10), no wrong one"
      )
      assert.isTrue((yield* d.verify(actor, campaign.id, run.id)).verified)
    }).pipe(Effect.provide(layer))
  )

  it.effect("a campaign without a prize: the run and winner_selected carry prize null", () =>
    Effect.gen(function* () {
      const { actor, campaign } = yield* startWith({ prize: null })
      const entry = yield* writeEntry(campaign, "ana")
      const run = yield* (yield* draws).trigger(actor, campaign.id)
      assert.isNull(run.prize)
      assert.deepStrictEqual(DrawRun.view(run).winners, [
        { id: run.winners[0]!.id, participantRef: "ana", rank: 1, entryId: entry.id, prize: null }
      ])
      const [event] = yield* winnerEvents
      assert.deepStrictEqual(event!.data, {
        gameInstanceId: campaign.id,
        runId: run.id,
        winners: [{ participantRef: "ana", rank: 1, entryId: entry.id, prize: null }]
      })
    }).pipe(Effect.provide(layer))
  )
})

// -----------------------------------------------------------------------------
// 2. Verification and audit
// -----------------------------------------------------------------------------

describe("verify and audit", () => {
  it.effect("a run verifies from the stored entries; later entries do not change that; an altered entry does", () =>
    Effect.gen(function* () {
      const { actor, campaign } = yield* startWith({
        winnerSelectionAlgorithm: "random_weighted",
        winnerSelectionConfig: { maxWinners: 2 }
      })
      const written = []
      for (const [i, player] of ["a", "b", "c", "d"].entries()) {
        written.push(yield* writeEntry(campaign, player, { weight: i + 1 }))
      }
      const run = yield* (yield* draws).trigger(actor, campaign.id)
      const verified = yield* (yield* draws).verify(actor, campaign.id, run.id)
      assert.deepStrictEqual(verified, {
        verified: true,
        winners: run.winners.map((w) => ({ rank: w.rank, participantRef: w.participantRef, entryId: w.entryId }))
      })

      yield* writeEntry(campaign, "late player")
      assert.isTrue(
        (yield* (yield* draws).verify(actor, campaign.id, run.id)).verified,
        "entries written later do not count"
      )

      // Behind the engine's back: a losing entry's weight changes.
      const { entries } = (yield* MemoryStore.MemoryDatabase).tables
      const loser = written.find((e) => !run.winners.some((w) => w.entryId === e.id))!
      // Heavy enough to win whatever the run's seed (1,000 against 1–4 lost about once in 140 runs).
      yield* entries.set(loser.id, { ...loser, weight: 1_000_000_000 })
      const altered = yield* (yield* draws).verify(actor, campaign.id, run.id)
      assert.isFalse(altered.verified)
      assert.strictEqual(altered.winners[0]!.entryId, loser.id, "recomputed, the heavy entry now wins")
    }).pipe(Effect.provide(layer))
  )

  it.effect("the audit document recomputes offline with verifyDraw; a changed entry or winner does not", () =>
    Effect.gen(function* () {
      const { actor, campaign } = yield* startWith({
        gameSlug: "quiz",
        config: { questions: [{ id: "q", text: "?", options: A_OR_B, correctOptionId: "a" }] },
        winnerSelectionAlgorithm: "score_highest",
        winnerSelectionConfig: { maxWinners: 2, tieBreak: "random", windowStart: at(MINUTE) }
      })
      yield* writeEntry(campaign, "too early", { score: 100 })
      yield* TestClock.setTime(START + MINUTE)
      for (const [player, score] of [
        ["a", 3],
        ["b", 5],
        ["c", 5],
        ["d", null]
      ] as const) {
        yield* writeEntry(campaign, player, { score })
      }
      yield* writeEntry(campaign, "ineligible", { score: 9, eligible: false })
      const first = yield* (yield* draws).trigger(actor, campaign.id)
      const run = yield* (yield* draws).trigger(actor, campaign.id)
      const audit = yield* (yield* draws).audit(actor, campaign.id, run.id)
      assert.deepStrictEqual(audit.excludedParticipants, first.winners.map((w) => w.participantRef).sort())
      assert.strictEqual(audit.entries.length, 4, "the window's eligible entries")
      const json = JSON.parse(JSON.stringify(Schema.encodeSync(DrawAudit.Audit)(audit)))
      const offline = DrawAudit.verifyDraw(json)
      assert.isTrue(offline.verified, JSON.stringify(offline.checks))
      assert.deepStrictEqual(
        offline.winners,
        run.winners.map((w) => ({ rank: w.rank, participantRef: w.participantRef, entryId: w.entryId }))
      )

      const tampered = structuredClone(json)
      tampered.entries[0].score = 99
      const entriesChanged = DrawAudit.verifyDraw(tampered)
      assert.isFalse(entriesChanged.verified)
      assert.isFalse(entriesChanged.checks.find((c) => c.name === "entriesHash")!.ok)
      const winnerChanged = structuredClone(json)
      winnerChanged.run.winners[0].participantRef = "someone else"
      assert.isFalse(DrawAudit.verifyDraw(winnerChanged).checks.find((c) => c.name === "winners")!.ok)
      assert.isFalse(DrawAudit.verifyDraw({ format: "something else" }).verified)
    }).pipe(Effect.provide(layer))
  )
})

// -----------------------------------------------------------------------------
// 3. Scheduled draws
// -----------------------------------------------------------------------------

/** The campaign's runs. */
const runsOf = (actor: Actor.Actor, campaignId: string) =>
  Effect.map(
    Effect.flatMap(draws, (d) => d.runs(actor, campaignId, { limit: 200, offset: 0 })),
    (page) => page.items
  )

describe("a scheduled draw", () => {
  it.effect(
    "runs once at scheduleAt, over the entries before it, with the seed committed when the campaign was made",
    () =>
      Effect.gen(function* () {
        const { actor, campaign } = yield* startWith({
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(2 * HOUR),
          winnerSelectionConfig: { maxWinners: 2 }
        })
        assert.match(campaign.seedCommitment!, /^[0-9a-f]{64}$/u)
        for (const [i, player] of ["a", "b", "c"].entries()) {
          yield* TestClock.setTime(START + (i + 1) * 30 * MINUTE)
          yield* writeEntry(campaign, player)
        }
        yield* TestClock.setTime(START + 2 * HOUR - 1)
        yield* writeEntry(campaign, "just in time")
        assert.lengthOf(yield* runsOf(actor, campaign.id), 0, "not before its time")
        yield* TestClock.adjust("1 millis")
        yield* writeEntry(campaign, "too late")
        yield* TestClock.adjust("3 seconds")
        const [run, ...more] = yield* runsOf(actor, campaign.id)
        assert.lengthOf(more, 0)
        assert.strictEqual(run!.trigger, "auto_on_schedule")
        assert.strictEqual(run!.entriesConsidered, 4, "the entries written before scheduleAt")
        assert.strictEqual(DateTime.formatIso(run!.rules.entriesBefore!), DateTime.formatIso(at(2 * HOUR)))
        assert.strictEqual(run!.chainPosition, 1)
        assert.strictEqual(run!.seedCommitment, sha256(run!.seed))
        assert.strictEqual(run!.seedCommitment, campaign.seedCommitment, "the first run opens the published commitment")
        assert.isTrue(SeedChain.opens(run!.seed, 1, campaign.seedCommitment!))
        assert.lengthOf(yield* winnerEvents, 1)
        yield* TestClock.adjust("1 hour")
        assert.lengthOf(yield* runsOf(actor, campaign.id), 1, "once")
        assert.isTrue((yield* (yield* draws).verify(actor, campaign.id, run!.id)).verified)
        const json = JSON.parse(
          JSON.stringify(Schema.encodeSync(DrawAudit.Audit)(yield* (yield* draws).audit(actor, campaign.id, run!.id)))
        )
        assert.isTrue(DrawAudit.verifyDraw(json).verified)
        json.run.seed = SeedChain.seedAt("a secret of my own", 1)
        json.run.seedCommitment = sha256(json.run.seed)
        const forged = DrawAudit.verifyDraw(json)
        assert.isFalse(forged.verified, "a seed chosen afterwards does not open the published commitment")
        assert.isFalse(forged.checks.find((c) => c.name === "seed")!.ok)
      }).pipe(withScheduler)
  )

  it.effect("a paused campaign's draw waits until it is active again; an archived campaign's is not made", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const { actor, channel } = yield* makeAccount()
      const campaigns = yield* Campaigns.Campaigns
      const schedule = { winnerSelectionTrigger: "auto_on_schedule", scheduleAt: at(HOUR) } as const
      const paused = yield* makeCampaign(actor, channel.id, { ...schedule, liveUntil: at(30 * MINUTE) })
      yield* writeEntry(paused, "p")
      yield* campaigns.pause(actor, paused.id)
      const other = (yield* (yield* Channels.Channels).create(actor, { name: "Other" })).id
      const archived = yield* makeCampaign(actor, other, schedule)
      yield* writeEntry(archived, "q")
      yield* campaigns.archive(actor, archived.id)
      yield* TestClock.adjust("2 hours")
      assert.lengthOf(yield* runsOf(actor, paused.id), 0, "paused: waits")
      assert.lengthOf(yield* runsOf(actor, archived.id), 0, "archived: not made")
      yield* campaigns.update(actor, paused.id, { liveUntil: at(3 * HOUR) })
      yield* campaigns.activate(actor, paused.id, {})
      yield* TestClock.adjust("2 seconds")
      const [run] = yield* runsOf(actor, paused.id)
      assert.strictEqual(run!.trigger, "auto_on_schedule")
      assert.deepStrictEqual(
        run!.winners.map((w) => w.participantRef),
        ["p"]
      )
    }).pipe(withScheduler)
  )

  it.effect(
    "a prediction's draw waits for its resolution, then runs once over the right entries before scheduleAt",
    () =>
      Effect.gen(function* () {
        const { actor, campaign } = yield* startWith({
          gameSlug: "prediction",
          config: WHO_WINS,
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(HOUR),
          winnerSelectionConfig: { maxWinners: 10 }
        })
        const right = []
        for (const [player, optionId] of PICKS) {
          const entry = yield* writePrediction(campaign, player, optionId)
          if (optionId === "a") right.push(entry)
        }
        yield* TestClock.adjust("2 hours")
        assert.lengthOf(yield* runsOf(actor, campaign.id), 0, "unresolved: no run, and the schedule is not used up")
        yield* writePrediction(campaign, "after scheduleAt", "a")
        yield* resolve(actor, campaign.id, "a")
        yield* TestClock.adjust("2 seconds")
        const [run, ...more] = yield* runsOf(actor, campaign.id)
        assert.lengthOf(more, 0)
        assert.strictEqual(run!.trigger, "auto_on_schedule")
        assert.strictEqual(DateTime.formatIso(run!.rules.entriesBefore!), DateTime.formatIso(at(HOUR)))
        assert.strictEqual(run!.entriesConsidered, 3, "the right predictions made before scheduleAt")
        assert.strictEqual(run!.entriesHash, expectedHash(right))
        assert.sameMembers(
          run!.winners.map((w) => w.entryId),
          right.map((e) => e.id)
        )
        assert.strictEqual(run!.seedCommitment, campaign.seedCommitment, "the first link of the published chain")
        assert.isTrue((yield* (yield* draws).verify(actor, campaign.id, run!.id)).verified)
        yield* TestClock.adjust("1 hour")
        assert.lengthOf(yield* runsOf(actor, campaign.id), 1, "once")
      }).pipe(withScheduler)
  )

  it.effect("predictions waiting for their resolution never hold back the scheduled draws due after them", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const { actor, channel } = yield* Given.account({ limits: { channels: 40, liveCampaigns: 40 } })
      const channels = yield* Channels.Channels
      // More waiting predictions, due first, than the worker tries at once (20).
      for (let i = 0; i < 25; i++) {
        const on = i === 0 ? channel.id : (yield* channels.create(actor, { name: `Prediction ${i}` })).id
        yield* makeCampaign(actor, on, {
          gameSlug: "prediction",
          config: WHO_WINS,
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(MINUTE)
        })
      }
      const wheel = yield* makeCampaign(actor, (yield* channels.create(actor, { name: "Wheel" })).id, {
        winnerSelectionTrigger: "auto_on_schedule",
        scheduleAt: at(2 * MINUTE)
      })
      yield* writeEntry(wheel, "ana")
      yield* TestClock.setTime(START + HOUR)
      assert.strictEqual(yield* (yield* DrawsEngine.DrawWorker).runDue, 1)
      const [run] = yield* runsOf(actor, wheel.id)
      assert.deepStrictEqual(
        run!.winners.map((w) => w.participantRef),
        ["ana"]
      )
    }).pipe(Effect.provide(layer))
  )

  it.effect("a schedule missed while no instance ran is made once when instances start again", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const store = yield* Layer.build(MemoryStore.layer)
      const shared = Layer.succeedContext(store)
      const made = yield* Effect.gen(function* () {
        const { actor, channel } = yield* makeAccount()
        const campaign = yield* makeCampaign(actor, channel.id, {
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(HOUR)
        })
        yield* writeEntry(campaign, "a")
        return { actor, campaign }
      }).pipe(Effect.provide(engine(shared, false)))
      // Every instance is down at scheduleAt.
      yield* TestClock.adjust("3 hours")
      // Two instances start; each makes what is due at once.
      const count = Effect.map(runsOf(made.actor, made.campaign.id), (runs) => runs.length)
      const first = yield* Effect.gen(function* () {
        yield* TestClock.adjust("1 millis")
        return yield* count
      }).pipe(Effect.provide(engine(shared, true)))
      const second = yield* Effect.gen(function* () {
        yield* TestClock.adjust("5 seconds")
        yield* (yield* DrawsEngine.DrawWorker).runDue
        return yield* count
      }).pipe(Effect.provide(engine(shared, true)))
      assert.deepStrictEqual([first, second], [1, 1])
    }).pipe(Effect.scoped)
  )
})

// -----------------------------------------------------------------------------
// 4. After each play: winning moments
// -----------------------------------------------------------------------------

describe("after each play", () => {
  it.effect("without an end to pace prizes over, each eligible play draws one winner, until maxWinners", () =>
    Effect.gen(function* () {
      const { actor, channel, campaign } = yield* startWith({
        winnerSelectionTrigger: "auto_on_session_end",
        winnerSelectionConfig: { maxWinners: 2 }
      })
      assert.strictEqual(campaign.status, "active", "activated without windowEnd or liveUntil")
      const plays = yield* Plays.Plays
      const worker = yield* DrawsEngine.DrawWorker
      const playOnce = (player: string) =>
        Effect.gen(function* () {
          yield* TestClock.adjust("1 minute")
          const minted = yield* plays.mint(actor, { channelId: channel.id, participantRef: player, origin: ORIGIN })
          if (minted._tag !== "Token") return assert.fail("no token")
          const { session } = yield* plays.start(minted.clientToken)
          yield* plays.finish(minted.clientToken, session.id, {})
          yield* worker.settled
          return (yield* runsOf(actor, campaign.id)).length
        })
      assert.deepStrictEqual(
        [yield* playOnce("ann"), yield* playOnce("ann"), yield* playOnce("bob"), yield* playOnce("cid")],
        [1, 1, 2, 2],
        "ann's second play has no one left to win; bob's pays the second prize; then none"
      )
      const [second, first] = yield* runsOf(actor, campaign.id)
      assert.deepStrictEqual(
        [first!.winners.map((w) => w.participantRef), second!.winners.map((w) => w.participantRef)],
        [["ann"], ["bob"]]
      )
      for (const run of [first!, second!]) {
        assert.strictEqual(run.trigger, "auto_on_session_end")
        assert.strictEqual(run.algorithm, campaign.winnerSelectionAlgorithm)
        assert.isNotNull(run.seedCommitment, "an automatic seed, committed in advance")
        assert.isTrue((yield* (yield* draws).verify(actor, campaign.id, run.id)).verified)
      }
      const campaigns = yield* Campaigns.Campaigns
      const paced = yield* campaigns.update(actor, campaign.id, { winnerSelectionConfig: { windowEnd: at(HOUR) } })
      const unpaced = yield* campaigns.update(actor, paced.id, { winnerSelectionConfig: { windowEnd: null } })
      assert.isNull(unpaced.winnerSelectionConfig.windowEnd, "the end can be taken away again")
    }).pipe(Effect.provide(layer))
  )

  it.effect(
    "pays one prize per winning moment to the first play at or after it, at most maxWinners, early and late",
    () =>
      Effect.gen(function* () {
        const { actor, channel, campaign } = yield* startWith({
          winnerSelectionConfig: { maxWinners: 4 },
          winnerSelectionTrigger: "auto_on_session_end",
          liveUntil: at(4 * HOUR)
        })
        const plays = yield* Plays.Plays
        const worker = yield* DrawsEngine.DrawWorker
        const finished: Array<Entry.Entry> = []
        // A play every 5 minutes over the 4 hours, 10 players taking turns (some win, then play on),
        // and a new player's in the window's last millisecond: the last moment may fall after the
        // 5-minute play (the moments come from the campaign's fresh secret), and is paid then.
        const times = [...Array.from({ length: 48 }, (_, i) => START + i * 5 * MINUTE + 1), START + 4 * HOUR - 1]
        for (const [i, time] of times.entries()) {
          yield* TestClock.setTime(time)
          const minted = yield* plays.mint(actor, {
            channelId: channel.id,
            participantRef: i < 48 ? `p${i % 10}` : "last",
            origin: ORIGIN
          })
          if (minted._tag !== "Token") return assert.fail("no token")
          const { session } = yield* plays.start(minted.clientToken)
          finished.push((yield* plays.finish(minted.clientToken, session.id, {})).entry)
          yield* worker.settled
        }
        const runs = (yield* runsOf(actor, campaign.id)).toReversed()
        assert.lengthOf(runs, 4, "every moment of the window paid: one prize each")
        const window = { start: DateTime.toEpochMillis(campaign.activatedAt!), end: START + 4 * HOUR }
        const paid = new Set<string>()
        for (const [i, run] of runs.entries()) {
          assert.strictEqual(run.trigger, "auto_on_session_end")
          assert.strictEqual(run.algorithm, "winning_moment")
          assert.strictEqual(run.chainPosition, i + 1)
          const moment = WinningMoments.momentAt(run.seed, i + 1, 4, window)
          assert.strictEqual(DateTime.toEpochMillis(run.moment!.at), moment.at, "where the run's seed places it")
          // The winner: the first play at or after the moment by a player who had not won yet.
          const expected = finished.find(
            (e) => DateTime.toEpochMillis(e.createdAt) >= moment.at && !paid.has(e.participantRef)
          )!
          assert.deepStrictEqual(
            run.winners.map((w) => w.entryId),
            [expected.id]
          )
          paid.add(expected.participantRef)
          // One moment in each quarter of the window: early and late players alike.
          assert.isAtLeast(moment.at, window.start + Math.floor((i * (window.end - window.start)) / 4))
          assert.isTrue(SeedChain.opens(run.seed, run.chainPosition!, campaign.seedCommitment!))
          assert.isTrue((yield* (yield* draws).verify(actor, campaign.id, run.id)).verified)
        }
        assert.strictEqual(paid.size, 4, "four different winners")
      }).pipe(Effect.provide(layer))
  )

  it.effect("a failing after-play draw never fails the finish; the next play pays the moment", () =>
    Effect.gen(function* () {
      const { actor, channel, campaign } = yield* startWith({
        winnerSelectionTrigger: "auto_on_session_end",
        winnerSelectionConfig: { maxWinners: 1, windowEnd: at(HOUR) }
      })
      const plays = yield* Plays.Plays
      const worker = yield* DrawsEngine.DrawWorker
      const playOnce = (player: string) =>
        Effect.gen(function* () {
          const minted = yield* plays.mint(actor, { channelId: channel.id, participantRef: player, origin: ORIGIN })
          if (minted._tag !== "Token") return assert.fail("no token")
          const { session } = yield* plays.start(minted.clientToken)
          const result = yield* plays.finish(minted.clientToken, session.id, {})
          yield* worker.settled
          return result.entry
        })
      yield* Ref.set((yield* GrantsLog).failing, true)
      yield* TestClock.setTime(START + HOUR - 2)
      const first = yield* playOnce("first")
      assert.strictEqual(first.participantRef, "first", "the finish answered")
      assert.lengthOf(yield* runsOf(actor, campaign.id), 0, "the failed draw kept nothing")
      yield* Ref.set((yield* GrantsLog).failing, false)
      yield* TestClock.adjust("1 millis")
      yield* playOnce("second")
      const [run] = yield* runsOf(actor, campaign.id)
      assert.deepStrictEqual(
        run!.winners.map((w) => w.entryId),
        [first.id],
        "the moment goes to the first play after it, whoever's finish paid it"
      )
    }).pipe(Effect.provide(layer))
  )
})

describe("after each play, on a prediction", () => {
  it.effect("a prediction cannot draw after each play: refused at winnerSelectionTrigger, made or edited", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const { actor, channel } = yield* makeAccount()
      const campaigns = yield* Campaigns.Campaigns
      const fields = {
        gameSlug: "prediction",
        name: "Final",
        channelId: channel.id,
        config: WHO_WINS,
        winnerSelectionConfig: { windowEnd: at(HOUR) }
      }
      const refusedPath = (error: {
        readonly _tag: string
        readonly details?: ReadonlyArray<{ path: string }> | undefined
      }) => (error._tag === "InvalidFields" ? error.details?.map((d) => d.path) : [error._tag])
      const made = yield* Effect.flip(
        campaigns.create(actor, { ...fields, winnerSelectionTrigger: "auto_on_session_end" })
      )
      assert.deepStrictEqual(refusedPath(made), ["winnerSelectionTrigger"])
      const manual = yield* campaigns.create(actor, fields)
      const edited = yield* Effect.flip(
        campaigns.update(actor, manual.id, { winnerSelectionTrigger: "auto_on_session_end" })
      )
      assert.deepStrictEqual(refusedPath(edited), ["winnerSelectionTrigger"])
      assert.strictEqual((yield* campaigns.get(actor, manual.id)).winnerSelectionTrigger, "manual")
    }).pipe(Effect.provide(layer))
  )
})

// -----------------------------------------------------------------------------
// 5. Campaigns publish their commitment
// -----------------------------------------------------------------------------

describe("seed commitments", () => {
  it.effect("every new campaign publishes the commitment of its stored secret", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* makeAccount()
      const campaign = yield* makeCampaign(actor, channel.id, {}, { draft: true })
      const secret = yield* (yield* DrawRun.DrawRepo).findSecret(actor.account.id, campaign.id)
      assert.strictEqual(campaign.seedCommitment, SeedChain.commitment(Option.getOrThrow(secret)))
      const edited = yield* (yield* Campaigns.Campaigns).update(actor, campaign.id, { name: "Renamed" })
      assert.strictEqual(edited.seedCommitment, campaign.seedCommitment, "kept for good")
    }).pipe(Effect.provide(layer))
  )
})
