/**
 * Participants' data as a specification, through the use cases on the memory store and the test
 * clock: the export, the erasure (every place, the counts, the pseudonym, a second erasure, the
 * record), a play after an erasure as a new player, draws that still verify after their players
 * are erased (and a changed losing entry that fails them, in core and offline), the retention
 * settings and the retention worker driven by `TestClock`.
 */
import { Fixtures, MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import * as Accounts from "../../src/accounts/Accounts.ts"
import type * as Actor from "../../src/accounts/Actor.ts"
import * as Branding from "../../src/campaigns/Branding.ts"
import * as Campaigns from "../../src/campaigns/Campaigns.ts"
import * as Channels from "../../src/campaigns/Channels.ts"
import * as FileRule from "../../src/campaigns/FileRule.ts"
import * as DrawAudit from "../../src/draws/DrawAudit.ts"
import * as Draws from "../../src/draws/Draws.ts"
import * as DrawsEngine from "../../src/draws/DrawsEngine.ts"
import { WinnerGrants } from "../../src/draws/WinnerGrants.ts"
import * as InstanceCache from "../../src/InstanceCache.ts"
import * as AllowedOrigins from "../../src/play/AllowedOrigins.ts"
import * as ClientTokenSigner from "../../src/play/ClientTokenSigner.ts"
import * as Plays from "../../src/play/Plays.ts"
import * as Participants from "../../src/privacy/Participants.ts"
import * as Privacy from "../../src/privacy/Privacy.ts"
import * as PrivacyEngine from "../../src/privacy/PrivacyEngine.ts"
import * as Secrets from "../../src/Secrets.ts"
import * as Given from "../support/Given.ts"

const noGrants = Layer.succeed(WinnerGrants, { grant: () => Effect.void })

const engine = (background: boolean) =>
  Layer.mergeAll(
    Accounts.Accounts.layer,
    Channels.Channels.layer,
    Campaigns.Campaigns.layer,
    AllowedOrigins.AllowedOrigins.layer,
    Plays.Plays.layer.pipe(Layer.provide(Branding.Branding.layer))
  ).pipe(
    Layer.provideMerge(PrivacyEngine.layer({ background })),
    Layer.provideMerge(DrawsEngine.layer({ background: false })),
    Layer.provideMerge(noGrants),
    Layer.provideMerge(ClientTokenSigner.layerSecret("privacy-test-secret")),
    Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
    Layer.provideMerge(FileRule.MediaLibrary.layerNone),
    Layer.provideMerge(InstanceCache.InstanceCache.layer),
    Layer.provideMerge(MemoryStore.layer)
  )

const layer = engine(false)

const { ORIGIN } = Given
const START = DateTime.toEpochMillis(DateTime.makeUnsafe("2026-06-01T09:00:00.000Z"))
const DAY = 86_400_000

const WHEEL = {
  segments: [
    { id: "win", label: "Prize", isWin: true },
    { id: "miss", label: "Next time", isWin: false }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
}

const ALICE = "alice@example.com"

const participants = Effect.service(Participants.Participants)

/** At `START`: an account, a channel (with `channel`'s settings) and an active wheel campaign (with `campaign`'s). */
const world = Effect.fnUntraced(function* (
  campaign: Record<string, unknown> = {},
  channel: Record<string, unknown> = {}
) {
  yield* TestClock.setTime(START)
  const { actor, channel: ch } = yield* Given.account({ channel })
  const made = yield* Given.launch(actor, ch.id, { name: "Summer", config: WHEEL, ...campaign })
  return { actor, channel: ch, campaign: made }
})

/** One whole play of `player` on the channel; its entry. */
const play = Effect.fnUntraced(function* (actor: Actor.Actor, channelId: string, player: string) {
  const plays = yield* Plays.Plays
  const minted = yield* plays.mint(actor, { channelId, participantRef: player, origin: ORIGIN })
  if (minted._tag !== "Token") return assert.fail("no token")
  const { session } = yield* plays.start(minted.clientToken)
  return (yield* plays.finish(minted.clientToken, session.id, {})).entry
})

describe("export", () => {
  it.effect("answers the player's sessions and entries across campaigns; an unknown player the same shape, empty", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* world()
      const entry = yield* play(actor, channel.id, ALICE)
      yield* play(actor, channel.id, "bob")
      const p = yield* participants
      const exported = yield* p.export(actor, ALICE)
      assert.strictEqual(exported.participantRef, ALICE)
      assert.strictEqual(exported.sessions.length, 1)
      assert.deepStrictEqual(
        exported.entries.map((e) => e.id),
        [entry.id]
      )
      assert.strictEqual(exported.entries[0]!.participantRef, ALICE)
      const nobody = yield* p.export(actor, "nobody@example.com")
      assert.deepStrictEqual(nobody, {
        participantRef: "nobody@example.com",
        sessions: [],
        entries: [],
        grants: [],
        drawWins: [],
        deliveries: []
      })
    }).pipe(Effect.provide(layer))
  )

  it.effect("needs privacy.manage, as every use case of participants' data", () =>
    Effect.gen(function* () {
      const { actor } = yield* world()
      const reader = { ...actor, permissions: new Set(["results.read"]) } as Actor.Actor
      const p = yield* participants
      const calls: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
        p.export(reader, ALICE),
        p.erase(reader, ALICE),
        p.erasures(reader, { limit: 10, offset: 0 }),
        p.settings(reader),
        p.setSettings(reader, { retentionDays: 30 })
      ]
      for (const call of calls) {
        const error = yield* Effect.flip(call)
        assert.strictEqual(error._tag, "MissingPermission")
      }
    }).pipe(Effect.provide(layer))
  )
})

describe("erasure", () => {
  it.effect("replaces the reference by the account's pseudonym in every row, counts them, and is recorded", () =>
    Effect.gen(function* () {
      const { actor, channel, campaign } = yield* world({ winnerSelectionConfig: { maxWinners: 5 } })
      yield* play(actor, channel.id, ALICE)
      yield* play(actor, channel.id, ALICE)
      yield* play(actor, channel.id, "bob")
      const run = yield* (yield* Draws.Draws).trigger(actor, campaign.id)
      assert.strictEqual(run.winners.length, 2)
      const p = yield* participants
      const erasure = yield* p.erase(actor, ALICE)
      assert.match(erasure.pseudonym, Privacy.PSEUDONYM)
      assert.strictEqual(erasure.pseudonym, yield* p.pseudonym(actor.account.id, ALICE), "the same pseudonym each time")
      assert.notStrictEqual(erasure.pseudonym, yield* p.pseudonym(actor.account.id, "bob"))
      assert.deepStrictEqual(
        { ...erasure, id: "", createdAt: null },
        {
          id: "",
          accountId: actor.account.id,
          pseudonym: erasure.pseudonym,
          reason: "request",
          sessions: 2,
          entries: 2,
          grants: 0,
          drawWins: 1,
          deliveries: 0,
          createdAt: null
        }
      )
      // Nothing of the reference is left in any table of the store.
      const { tables } = yield* MemoryStore.MemoryDatabase
      for (const [name, table] of Object.entries(tables)) {
        for (const row of (table as { values: () => Iterable<unknown> }).values()) {
          assert.notInclude(JSON.stringify(row), ALICE, `table ${name}`)
        }
      }
      const events = yield* (yield* MemoryStore.EventLog).all
      assert.isTrue(events.length > 0)
      assert.notInclude(JSON.stringify(events), ALICE)
      // Statistics stay: the rows are there under the pseudonym.
      const underPseudonym = yield* p.export(actor, erasure.pseudonym)
      assert.strictEqual(underPseudonym.sessions.length, 2)
      assert.strictEqual(underPseudonym.entries.length, 2)
      assert.strictEqual(underPseudonym.drawWins.length, 1)
      const empty = yield* p.export(actor, ALICE)
      assert.deepStrictEqual([empty.sessions, empty.entries, empty.drawWins], [[], [], []])

      yield* TestClock.adjust(1000)
      const again = yield* p.erase(actor, ALICE)
      assert.deepStrictEqual(
        [again.sessions, again.entries, again.grants, again.drawWins, again.deliveries],
        [0, 0, 0, 0, 0]
      )
      assert.strictEqual(again.pseudonym, erasure.pseudonym)
      const record = yield* p.erasures(actor, { limit: 10, offset: 0 })
      assert.strictEqual(record.total, 2)
      assert.deepStrictEqual(
        record.items.map((e) => e.id),
        [again.id, erasure.id]
      )
      assert.notInclude(JSON.stringify(record.items.map(Privacy.recordView)), ALICE)
    }).pipe(Effect.provide(layer))
  )

  it.effect("after an erasure a play under the reference is a new player: its play limit starts afresh", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* world({}, { maxPlaysPerParticipant: 1 })
      yield* play(actor, channel.id, ALICE)
      const refused = yield* Effect.flip(play(actor, channel.id, ALICE))
      assert.strictEqual(refused._tag, "PlaysError")
      yield* (yield* participants).erase(actor, ALICE)
      const entry = yield* play(actor, channel.id, ALICE)
      assert.strictEqual(entry.participantRef, ALICE)
    }).pipe(Effect.provide(layer))
  )
})

describe("draws after an erasure", () => {
  it.effect("a run still verifies, in core and offline; a changed losing entry whose winners stay fails both", () =>
    Effect.gen(function* () {
      const { actor, channel, campaign } = yield* world({ winnerSelectionConfig: { maxWinners: 1 } })
      const players = ["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"]
      for (const player of players) yield* play(actor, channel.id, player)
      const draws = yield* Draws.Draws
      const run = yield* draws.trigger(actor, campaign.id)
      const winner = run.winners[0]!.participantRef
      const p = yield* participants
      // The winner and a losing player are erased.
      const loser = players.find((x) => x !== winner)!
      yield* p.erase(actor, winner)
      yield* p.erase(actor, loser)
      const verified = yield* draws.verify(actor, campaign.id, run.id)
      assert.isTrue(verified.verified)
      assert.strictEqual(verified.winners[0]!.participantRef, yield* p.pseudonym(actor.account.id, winner))
      const audit = yield* draws.audit(actor, campaign.id, run.id)
      const json = JSON.parse(JSON.stringify(Schema.encodeSync(DrawAudit.Audit)(audit)))
      assert.notInclude(JSON.stringify(json), winner)
      assert.notInclude(JSON.stringify(json), loser)
      assert.isTrue(DrawAudit.verifyDraw(json).verified)

      // A losing entry's weight changes (a uniform draw ignores weights: the winners stay).
      const losing = audit.entries.find((e) => e.id !== run.winners[0]!.entryId)!
      const tampered = structuredClone(json)
      tampered.entries.find((e: { id: string }) => e.id === losing.id).weight = 7
      const offline = DrawAudit.verifyDraw(tampered)
      assert.deepStrictEqual(
        offline.winners.map((w) => w.entryId),
        [run.winners[0]!.entryId]
      )
      assert.isFalse(offline.verified)
      assert.isFalse(offline.checks.find((c) => c.name === "entriesHash")!.ok)

      const { entries } = (yield* MemoryStore.MemoryDatabase).tables
      const stored = entries.get(losing.id)!
      yield* entries.set(losing.id, { ...stored, weight: 7 })
      const altered = yield* draws.verify(actor, campaign.id, run.id)
      assert.deepStrictEqual(
        altered.winners.map((w) => w.entryId),
        [run.winners[0]!.entryId]
      )
      assert.isFalse(altered.verified)
    }).pipe(Effect.provide(layer))
  )
})

describe("retention", () => {
  it.effect("retentionDays: 730 by default, as set after", () =>
    Effect.gen(function* () {
      const { actor } = yield* world()
      const p = yield* participants
      assert.deepStrictEqual(yield* p.settings(actor), { retentionDays: 730 })
      assert.deepStrictEqual(yield* p.setSettings(actor, { retentionDays: 30 }), { retentionDays: 30 })
      assert.deepStrictEqual(yield* p.settings(actor), { retentionDays: 30 })
    }).pipe(Effect.provide(layer))
  )

  it.effect("the worker erases an ended campaign's players once retention has passed, never a live campaign's", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* Given.account()
      const p = yield* participants
      yield* p.setSettings(actor, { retentionDays: 7 })
      // A campaign live for ten days, and another on a second channel with no end.
      const ending = yield* Given.launch(actor, channel.id, {
        name: "Ten days",
        config: WHEEL,
        liveUntil: DateTime.makeUnsafe(START + 10 * DAY)
      })
      const other = yield* (yield* Channels.Channels).create(actor, { name: "Other" })
      yield* Given.launch(actor, other.id, { name: "Forever", config: WHEEL })
      yield* play(actor, channel.id, ALICE)
      yield* play(actor, other.id, ALICE)
      yield* play(actor, channel.id, "bob")
      const exported = () => p.export(actor, ALICE)
      // The worker runs every POLL on the test clock.
      yield* TestClock.adjust(16 * DAY)
      assert.strictEqual(yield* (yield* PrivacyEngine.RetentionWorker).runOnce, 0)
      assert.strictEqual((yield* exported()).sessions.length, 2, "16 days: the campaign ended 6 days ago")
      yield* TestClock.adjust(2 * DAY)
      // A pass of our own waits for the background one the clock woke (the store runs one
      // transaction at a time), and finds nothing left: that one erased it.
      assert.strictEqual(yield* (yield* PrivacyEngine.RetentionWorker).runOnce, 0)
      const left = yield* exported()
      assert.deepStrictEqual(
        left.sessions.map((s) => s.gameInstanceId === ending.id),
        [false],
        "the ended campaign's play is erased, the live one's kept"
      )
      const record = yield* p.erasures(actor, { limit: 10, offset: 0 })
      assert.deepStrictEqual(
        record.items.map((e) => [e.reason, e.sessions, e.entries]),
        [
          ["retention", 1, 1],
          ["retention", 1, 1]
        ]
      )
      // Two months later the live campaign still has its player.
      yield* TestClock.adjust(60 * DAY)
      assert.strictEqual((yield* exported()).sessions.length, 1)
      assert.strictEqual((yield* p.erasures(actor, { limit: 10, offset: 0 })).total, 2, "each row erased once")
    }).pipe(
      Effect.provide(engine(true)),
      // The clock is set before the worker starts: it does not replay the years since 1970.
      (body) => Effect.andThen(TestClock.setTime(START), body)
    )
  )
})
