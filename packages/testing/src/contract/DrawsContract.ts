/**
 * The store contract of draws: one suite per repository of `DrawsEngine.Repos`, registered by
 * `StoreContract` and run on every store (memory, PGlite, PostgreSQL).
 *
 * `DrawRepo` pins:
 *
 * - the selection: for every algorithm, tie-break, window and exclusion of earlier winners, a
 *   store's `select` picks exactly the winners core's pure `Draw.run` picks over the same entries
 *   and seed, and counts and hashes the same considered entries (weights from 1e-9 to 1e9, scores
 *   with ties, `-0` and no score, ineligible entries, participant refs with tabs, accents and
 *   emoji): on PostgreSQL and PGlite the selection runs in SQL, in memory it is the pure function;
 * - the bound: entries written after `entryBound` are never considered by a selection with it;
 * - runs round-trip exactly (rules, moment, prize, winners), are listed newest first and paginated,
 *   scoped by account and campaign; `runState` counts them; `winnersBefore` names earlier winners;
 * - the keys: a second secret, run sequence, scheduled run for one `scheduleAt`, winning moment
 *   or chain position of a campaign, and a second win of a participant, fail with `StoreError`;
 * - `dueSchedules`: active `auto_on_schedule` campaigns past their time without a scheduled run
 *   for it (not paused, archived, future or done ones; again once the time is moved).
 *
 * @since 0.1.0
 */
import { Draws } from "@campaign-games/core"
import { type Campaign, CampaignRepo } from "@campaign-games/core/campaigns/Campaign"
import * as Draw from "@campaign-games/core/draws/Draw"
import { DrawRepo, type Run, type Selection } from "@campaign-games/core/draws/DrawRun"
import { type Entry, EntryRepo } from "@campaign-games/core/play/Entry"
import type { StoreServices } from "@campaign-games/core/StorePorts"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option, Stream } from "effect"
import { assertFails, assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, makeCampaign, makeEntry, uid } from "../internal/Fixtures.ts"
import { givenCampaign, givenChannel } from "../internal/Given.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

/** A small deterministic generator (a linear congruential one), so every store sees the same entries. */
const generator = (seed: number) => {
  let state = seed >>> 0
  return (n: number): number => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state % n
  }
}

const PLAYERS = ["ana", "ben", "cleo", "dev", "é-lise", "fay 😀", "gus\tb", "hal", "ivy", "jo", "kai", "lu"]
const WEIGHTS = [1, 1, 2.5, 0.3, 7, 1e-9, 1e9, 0, 1]
const SCORES = [null, 0, -0, 5, 5, 10, 10, -3.25, 1e6, 7.5]

/** 80 entries of the campaign over 40 seconds (several per instant), a tenth ineligible. */
const generatedEntries = (campaign: Campaign): ReadonlyArray<Entry> => {
  const next = generator(20_260_601)
  return Array.from({ length: 80 }, (_, i) =>
    makeEntry(campaign, {
      id: `${uid("en")}_${String(i).padStart(3, "0")}`,
      participantRef: PLAYERS[next(PLAYERS.length)]!,
      weight: WEIGHTS[next(WEIGHTS.length)]!,
      score: SCORES[next(SCORES.length)]!,
      eligible: next(10) !== 0,
      createdAt: at(1_000 * next(40))
    })
  )
}

/** A campaign with its generated entries written. */
const givenEntries = Effect.gen(function* () {
  const campaign = yield* givenCampaign()
  const entries = generatedEntries(campaign)
  const repo = yield* EntryRepo
  for (const entry of entries) yield* repo.insert(entry)
  return { campaign, entries }
})

/** The pure draw's entries of stored entries. */
const drawEntries = (entries: ReadonlyArray<Entry>): ReadonlyArray<Draw.DrawEntry> =>
  entries.map((e) => ({
    id: e.id,
    participantRef: e.participantRef,
    score: e.score,
    weight: e.weight,
    createdAt: DateTime.toEpochMillis(e.createdAt),
    eligible: e.eligible
  }))

const rules = (extra: Partial<Draw.Rules>): Draw.Rules => ({
  algorithm: "random_uniform",
  maxWinners: 5,
  tieBreak: "earliest_entry",
  windowStart: null,
  windowEnd: null,
  entriesBefore: null,
  ...extra
})

const selection = (campaign: Campaign, r: Draw.Rules, seed: string, entryBound: number, sequence = 1): Selection => ({
  accountId: campaign.accountId,
  campaignId: campaign.id,
  rules: r,
  seed,
  sequence,
  entryBound
})

/** A run of the campaign with `winners` (participant, entry), numbered `sequence`. */
const makeRun = (
  campaign: Campaign,
  sequence: number,
  winners: ReadonlyArray<readonly [string, string]>,
  fields: Partial<Run> = {}
): Run => ({
  id: uid("run"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  sequence,
  trigger: "manual",
  algorithm: "random_uniform",
  algorithmVersion: Draw.ALGORITHM_VERSION,
  rules: { maxWinners: 3, tieBreak: "earliest_entry", windowStart: null, windowEnd: null, entriesBefore: null },
  seed: `seed ${sequence}`,
  seedCommitment: null,
  chainPosition: null,
  publishedCommitment: null,
  moment: null,
  scheduleAt: null,
  prize: null,
  entriesConsidered: winners.length,
  entriesHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  entryBound: 12,
  winners: winners.map(([participantRef, entryId], i) => ({
    id: uid("win"),
    participantRef,
    rank: i + 1,
    entryId
  })),
  createdAt: at(10_000 + sequence),
  ...fields
})

const HASH = "3f".repeat(32)

// -----------------------------------------------------------------------------
// The suite
// -----------------------------------------------------------------------------

const drawRepoTests = (it: Vitest.MethodsNonLive<StoreServices>): void => {
  const windows: ReadonlyArray<readonly [string, Partial<Draw.Rules>]> = [
    ["every entry", {}],
    ["from 10 s", { windowStart: DateTime.toEpochMillis(at(10_000)) }],
    ["before 30 s", { windowEnd: DateTime.toEpochMillis(at(30_000)) }],
    [
      "5 s to 25 s, written before 20 s",
      {
        windowStart: DateTime.toEpochMillis(at(5_000)),
        windowEnd: DateTime.toEpochMillis(at(25_000)),
        entriesBefore: DateTime.toEpochMillis(at(20_000))
      }
    ]
  ]
  const orders: ReadonlyArray<Partial<Draw.Rules>> = [
    { algorithm: "random_uniform" },
    { algorithm: "random_weighted" },
    { algorithm: "score_highest", tieBreak: "earliest_entry" },
    { algorithm: "score_highest", tieBreak: "random" },
    { algorithm: "winning_moment" }
  ]

  for (const order of orders) {
    const name = `${order.algorithm}${order.algorithm === "score_highest" ? `, ${order.tieBreak}` : ""}`
    it.effect(`select picks what the pure draw picks: ${name}, every window, 1 to 50 winners, three seeds`, () =>
      Effect.gen(function* () {
        const repo = yield* DrawRepo
        const { campaign, entries } = yield* givenEntries
        const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
        for (const [window, w] of windows) {
          for (const maxWinners of [1, 5, 50]) {
            for (const seed of ["alpha", "a seed with spaces, é and 😀", "3"]) {
              const r = rules({ ...order, ...w, maxWinners })
              const pure = Draw.run(drawEntries(entries), r, seed)
              const stored = yield* repo.select(selection(campaign, r, seed, bound))
              const context = `${window}, ${maxWinners} winners, seed ${seed}`
              assert.deepStrictEqual(
                stored.winners,
                pure.winners.map((e) => ({ entryId: e.id, participantRef: e.participantRef })),
                context
              )
              assert.strictEqual(stored.entriesConsidered, pure.entriesConsidered, context)
              assert.strictEqual(stored.entriesHash, pure.entriesHash, context)
            }
          }
        }
      })
    )
  }

  it.effect("a player whose many entries crowd the top of the order counts once; the store looks past them", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const entryRepo = yield* EntryRepo
      const campaign = yield* givenCampaign()
      const entries = [
        ...Array.from({ length: 150 }, (_, i) =>
          makeEntry(campaign, { id: `${uid("en")}_w${i}`, participantRef: "whale", weight: 1e12, score: 100 })
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          makeEntry(campaign, { id: `${uid("en")}_m${i}`, participantRef: `minnow ${i}`, weight: 1, score: i })
        )
      ]
      for (const entry of entries) yield* entryRepo.insert(entry)
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      for (const algorithm of ["random_weighted", "score_highest"] as const) {
        const r = rules({ algorithm, maxWinners: 4 })
        const stored = yield* repo.select(selection(campaign, r, "crowd", bound))
        const pure = Draw.run(drawEntries(entries), r, "crowd")
        assert.deepStrictEqual(
          stored.winners,
          pure.winners.map((e) => ({ entryId: e.id, participantRef: e.participantRef })),
          algorithm
        )
        assert.strictEqual(stored.winners[0]!.participantRef, "whale", algorithm)
        assert.lengthOf(stored.winners, 4, algorithm)
      }
    })
  )

  it.effect("select leaves out the winners of runs before its sequence, and only those", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const { campaign, entries } = yield* givenEntries
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      const r = rules({ maxWinners: 3 })
      const first = yield* repo.select(selection(campaign, r, "s", bound, 1))
      yield* repo.insertRun(
        makeRun(
          campaign,
          1,
          first.winners.map((w) => [w.participantRef, w.entryId])
        )
      )
      const excluded = new Set(first.winners.map((w) => w.participantRef))
      const second = yield* repo.select(selection(campaign, r, "s", bound, 2))
      const pure = Draw.run(drawEntries(entries), r, "s", excluded)
      assert.deepStrictEqual(
        second.winners,
        pure.winners.map((e) => ({ entryId: e.id, participantRef: e.participantRef }))
      )
      assert.strictEqual(second.winners.filter((w) => excluded.has(w.participantRef)).length, 0)
      assert.deepStrictEqual(
        yield* repo.select(selection(campaign, r, "s", bound, 1)),
        first,
        "run 1 recomputes as it was"
      )
      assert.deepStrictEqual(
        yield* repo.winnersBefore(campaign.accountId, campaign.id, 2),
        [...excluded].sort((a, b) => Draw.compareIds(a, b))
      )
      assert.deepStrictEqual(yield* repo.winnersBefore(campaign.accountId, campaign.id, 1), [])
    })
  )

  it.effect("a selection considers the entries written before its bound, never those written after", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const entryRepo = yield* EntryRepo
      const campaign = yield* givenCampaign()
      const before = [makeEntry(campaign, { participantRef: "a" }), makeEntry(campaign, { participantRef: "b" })]
      for (const e of before) yield* entryRepo.insert(e)
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      yield* entryRepo.insert(makeEntry(campaign, { participantRef: "late", createdAt: at(0) }))
      const r = rules({ maxWinners: 10 })
      const selected = yield* repo.select(selection(campaign, r, "s", bound))
      assert.strictEqual(selected.entriesConsidered, 2)
      assert.deepStrictEqual(selected.winners.map((w) => w.participantRef).sort(), ["a", "b"])
      assert.strictEqual(selected.entriesHash, Draw.run(drawEntries(before), r, "s").entriesHash)
      const later = yield* repo.entryBound(campaign.accountId, campaign.id)
      assert.isAbove(later, bound)
      assert.strictEqual((yield* repo.select(selection(campaign, r, "s", later))).entriesConsidered, 3)
    })
  )

  it.effect("considered lists the considered entries in the listing's order, as the pure draw reads them", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const { campaign, entries } = yield* givenEntries
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      const r = rules({ windowStart: DateTime.toEpochMillis(at(10_000)) })
      const listed = yield* repo.considered(selection(campaign, r, "s", bound))
      const expected = drawEntries(entries)
        .filter((e) => Draw.considers(r, e))
        .sort(Draw.listingOrder)
        .map(({ eligible: _, ...e }) => e)
      // A score of -0 may read back as 0 (PGlite's driver): the listing writes both as 0.
      const zeroed = (e: Omit<Draw.DrawEntry, "eligible">) => ({ ...e, score: e.score === null ? null : e.score + 0 })
      assert.deepStrictEqual(listed.map(zeroed), expected.map(zeroed))
      assert.strictEqual(Draw.listingHash(listed), Draw.run(drawEntries(entries), r, "s").entriesHash)
    })
  )

  it.effect("considered pages (consideredAfter) read one after the other give considered, a page at a time", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const { campaign } = yield* givenEntries
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      for (const r of [rules({}), rules({ windowStart: DateTime.toEpochMillis(at(10_000)) })]) {
        const s = selection(campaign, r, "s", bound)
        const whole = yield* repo.considered(s)
        assert.isAbove(whole.length, 3)
        const first = yield* repo.consideredAfter(s, null, 3)
        assert.deepStrictEqual(
          first.map((e) => e.id),
          whole.slice(0, 3).map((e) => e.id)
        )
        const last = first[2]!
        const second = yield* repo.consideredAfter(s, { createdAt: last.createdAt, id: last.id }, 3)
        assert.deepStrictEqual(
          second.map((e) => e.id),
          whole.slice(3, 6).map((e) => e.id)
        )
        for (const size of [1, 3, whole.length, whole.length + 5]) {
          const streamed = Array.from(yield* Stream.runCollect(Draws.consideredStream(repo, s, size)))
          assert.deepStrictEqual(
            streamed.map((e) => e.id),
            whole.map((e) => e.id),
            `pages of ${size}`
          )
        }
        const end = whole[whole.length - 1]!
        assert.deepStrictEqual(yield* repo.consideredAfter(s, { createdAt: end.createdAt, id: end.id }, 3), [])
      }
    })
  )

  it.effect("winners are select's winners, for every algorithm", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const { campaign } = yield* givenEntries
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      for (const algorithm of ["random_uniform", "random_weighted", "score_highest", "winning_moment"] as const) {
        const s = selection(campaign, rules({ algorithm, maxWinners: 3 }), `seed-${algorithm}`, bound)
        assert.deepStrictEqual(yield* repo.winners(s), (yield* repo.select(s)).winners, algorithm)
      }
    })
  )

  it.effect("select of a campaign without entries, or of another account's campaign, considers none", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const { campaign } = yield* givenEntries
      const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
      const empty = yield* givenCampaign()
      const none = { winners: [], entriesConsidered: 0, entriesHash: Draw.listingHash([]) }
      assert.deepStrictEqual(yield* repo.select(selection(empty, rules({}), "s", bound)), none)
      assert.deepStrictEqual(
        yield* repo.select({ ...selection(campaign, rules({}), "s", bound), accountId: empty.accountId }),
        none
      )
    })
  )

  it.effect("secrets: one per campaign, read in its account only", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const campaign = yield* givenCampaign()
      assertNone(yield* repo.findSecret(campaign.accountId, campaign.id))
      const secret = { accountId: campaign.accountId, campaignId: campaign.id, secret: "s3cr3t", createdAt: at(1) }
      yield* repo.insertSecret(secret)
      assertSome(yield* repo.findSecret(campaign.accountId, campaign.id), "s3cr3t")
      assertNone(yield* repo.findSecret("acc_other", campaign.id))
      yield* assertFails(repo.insertSecret({ ...secret, secret: "another" }), "StoreError")
      assertSome(yield* repo.findSecret(campaign.accountId, campaign.id), "s3cr3t")
    })
  )

  it.effect("runs round-trip exactly, newest first, paginated, in their account and campaign", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const campaign = yield* givenCampaign()
      const other = yield* givenCampaign({ accountId: campaign.accountId })
      const first = makeRun(campaign, 1, [["ana", "en_1"]], {
        prize: { label: "Bike", description: "Blue", externalRef: "B-1" },
        rules: { maxWinners: 1, tieBreak: "random", windowStart: at(1), windowEnd: at(2), entriesBefore: at(3) },
        trigger: "auto_on_schedule",
        scheduleAt: at(3),
        seedCommitment: HASH,
        chainPosition: 1,
        publishedCommitment: "ab".repeat(32),
        entryBound: 9_007_199_254_740_000
      })
      const second = makeRun(
        campaign,
        2,
        [
          ["ben", "en_2"],
          ["cleo", "en_3"]
        ],
        {
          algorithm: "winning_moment",
          trigger: "auto_on_session_end",
          moment: {
            index: 1,
            count: 4,
            windowStart: at(0),
            windowEnd: at(4_000),
            slotStart: at(0),
            slotEnd: at(1_000),
            at: at(567)
          },
          chainPosition: 2
        }
      )
      const third = makeRun(campaign, 3, [])
      for (const run of [second, third, first]) yield* repo.insertRun(run)
      yield* repo.insertRun(makeRun(other, 1, [["ana", "en_9"]]))
      assertSome(yield* repo.findRun(campaign.accountId, campaign.id, first.id), first)
      assertSome(yield* repo.findRun(campaign.accountId, campaign.id, second.id), second)
      assertNone(yield* repo.findRun(campaign.accountId, other.id, first.id), "another campaign's")
      assertNone(yield* repo.findRun("acc_other", campaign.id, first.id), "another account's")
      assertSame(yield* repo.listRuns(campaign.accountId, campaign.id, { limit: 2, offset: 0 }), {
        items: [third, second],
        total: 3
      })
      assertSame(yield* repo.listRuns(campaign.accountId, campaign.id, { limit: 2, offset: 2 }), {
        items: [first],
        total: 3
      })
      assertSame(yield* repo.listRuns(campaign.accountId, campaign.id, { limit: 2, offset: 5 }), {
        items: [],
        total: 3
      })
      assertSame(yield* repo.listRuns("acc_other", campaign.id, { limit: 2, offset: 0 }), { items: [], total: 0 })
      assert.deepStrictEqual(yield* repo.runState(campaign.accountId, campaign.id, at(3)), {
        lastSequence: 3,
        lastChainPosition: 2,
        momentsPaid: 1,
        scheduledDone: true
      })
      assert.deepStrictEqual(yield* repo.runState(campaign.accountId, campaign.id, at(4)), {
        lastSequence: 3,
        lastChainPosition: 2,
        momentsPaid: 1,
        scheduledDone: false
      })
      assert.deepStrictEqual(yield* repo.runState(campaign.accountId, (yield* givenCampaign()).id, null), {
        lastSequence: 0,
        lastChainPosition: 0,
        momentsPaid: 0,
        scheduledDone: false
      })
    })
  )

  it.effect("a campaign's run sequence, scheduled time, moment, chain position and winners are each taken once", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const campaign = yield* givenCampaign()
      const moment = {
        index: 1,
        count: 2,
        windowStart: at(0),
        windowEnd: at(2_000),
        slotStart: at(0),
        slotEnd: at(1_000),
        at: at(5)
      }
      yield* repo.insertRun(
        makeRun(campaign, 1, [["ana", "en_1"]], { trigger: "auto_on_schedule", scheduleAt: at(7), chainPosition: 1 })
      )
      yield* repo.insertRun(makeRun(campaign, 2, [["ben", "en_2"]], { moment, chainPosition: 2 }))
      yield* assertFails(repo.insertRun(makeRun(campaign, 2, [["cleo", "en_3"]])), "StoreError", "sequence")
      yield* assertFails(
        repo.insertRun(makeRun(campaign, 3, [], { trigger: "auto_on_schedule", scheduleAt: at(7) })),
        "StoreError",
        "the same scheduleAt"
      )
      yield* assertFails(repo.insertRun(makeRun(campaign, 3, [], { moment })), "StoreError", "the same moment")
      yield* assertFails(repo.insertRun(makeRun(campaign, 3, [], { chainPosition: 2 })), "StoreError", "the same link")
      yield* assertFails(repo.insertRun(makeRun(campaign, 3, [["ana", "en_4"]])), "StoreError", "ana won already")
      yield* assertFails(
        repo.insertRun(
          makeRun(campaign, 3, [
            ["dev", "en_5"],
            ["dev", "en_6"]
          ])
        ),
        "StoreError",
        "dev twice in one run"
      )
      assert.strictEqual((yield* repo.listRuns(campaign.accountId, campaign.id, { limit: 9, offset: 0 })).total, 2)
      yield* repo.insertRun(makeRun(campaign, 3, [["dev", "en_5"]], { trigger: "auto_on_schedule", scheduleAt: at(8) }))
      const other = yield* givenCampaign({ accountId: campaign.accountId })
      yield* repo.insertRun(makeRun(other, 1, [["ana", "en_7"]]))
    })
  )

  it.effect("dueSchedules: active scheduled campaigns past their time, without a run for it", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const campaigns = yield* CampaignRepo
      const channel = yield* givenChannel()
      const scheduled = (fields: Partial<Campaign>) =>
        makeCampaign(channel.accountId, channel.id, {
          status: "active",
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(-50_000),
          ...fields
        })
      const due = scheduled({ scheduleAt: at(-90_000) })
      const dueLater = scheduled({ scheduleAt: at(-80_000) })
      const future = scheduled({ scheduleAt: at(50_000) })
      const paused = scheduled({ status: "paused" })
      const archived = scheduled({ status: "archived" })
      const manual = scheduled({ winnerSelectionTrigger: "manual" })
      const done = scheduled({})
      const moved = scheduled({ scheduleAt: at(-70_000) })
      for (const c of [due, dueLater, future, paused, archived, manual, done, moved]) yield* campaigns.insert(c)
      yield* repo.insertRun(makeRun(done, 1, [], { trigger: "auto_on_schedule", scheduleAt: at(-50_000) }))
      yield* repo.insertRun(makeRun(moved, 1, [], { trigger: "auto_on_schedule", scheduleAt: at(-95_000) }))
      const mine = new Set([due, dueLater, future, paused, archived, manual, done, moved].map((c) => c.id))
      const found = (yield* repo.dueSchedules(at(0), 10_000)).filter((d) => mine.has(d.campaignId))
      assertSame(found, [
        { accountId: channel.accountId, campaignId: due.id, scheduleAt: at(-90_000) },
        { accountId: channel.accountId, campaignId: dueLater.id, scheduleAt: at(-80_000) },
        { accountId: channel.accountId, campaignId: moved.id, scheduleAt: at(-70_000) }
      ])
      const early = (yield* repo.dueSchedules(at(-85_000), 10_000)).filter((d) => mine.has(d.campaignId))
      assert.deepStrictEqual(
        early.map((d) => d.campaignId),
        [due.id]
      )
    })
  )

  it.effect("dueSchedules: a prediction is due once resolved, not before", () =>
    Effect.gen(function* () {
      const repo = yield* DrawRepo
      const campaigns = yield* CampaignRepo
      const channel = yield* givenChannel()
      const prediction = (resolvedOptionId: string | null) =>
        makeCampaign(channel.accountId, channel.id, {
          status: "active",
          gameSlug: "prediction",
          winnerSelectionTrigger: "auto_on_schedule",
          scheduleAt: at(-50_000),
          resolvedOptionId
        })
      const waiting = prediction(null)
      const resolved = prediction("a")
      for (const c of [waiting, resolved]) yield* campaigns.insert(c)
      const found = (yield* repo.dueSchedules(at(0), 10_000)).map((d) => d.campaignId)
      assert.include(found, resolved.id)
      assert.notInclude(found, waiting.id)
    })
  )
}

/** The suites of draws, by the port each pins. */
export const suites: Record<string, (it: Vitest.MethodsNonLive<StoreServices>) => void> = {
  DrawRepo: drawRepoTests
}

/** A run made for a contract case, for other suites (a campaign's deletion). */
export const runOf = makeRun

/** Whether the store has the run (for other suites). */
export const hasRun = (campaign: Campaign, runId: string) =>
  Effect.map(
    Effect.flatMap(Effect.service(DrawRepo), (repo) => repo.findRun(campaign.accountId, campaign.id, runId)),
    Option.isSome
  )
