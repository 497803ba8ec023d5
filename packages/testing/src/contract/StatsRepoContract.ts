/**
 * The contract of `StatsRepo`: every store counts a campaign's sessions, entries and draws the same
 * way over the same bucket edges (local days of Europe/Paris around the October DST change, where
 * one day lasts 25 hours): starts and distinct players by start, finishes and wins by the entry's
 * time, events outside `from`–`to` left out, the scores' bounds, sum and histogram (the last bucket
 * holding the maximum), predictions by option; other campaigns and accounts are never counted. The
 * entries' export streams the list's rows, filtered and ordered as the list.
 *
 * @since 0.1.0
 */
import { Entry, Session, Stats, Store, type StorePorts } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option, Stream } from "effect"
import { entryFilter, makeEntry, makeSession } from "../internal/Fixtures.ts"
import { givenCampaign, givenSibling } from "../internal/Given.ts"

const t = (iso: string) => DateTime.makeUnsafe(iso)

/** Registers the `StatsRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>): void => {
  it.effect("counts by local day across a 25-hour DST day, in the span only", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const sessions = yield* Session.SessionRepo
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign({ gameSlug: "quiz", playLimitTimezone: "Europe/Paris" })
      const sibling = yield* givenSibling(campaign)
      const stranger = yield* givenCampaign()

      // Paris: 24 October is CEST (UTC+2); 25 October goes back to CET (UTC+1) and lasts 25 hours.
      const plays: ReadonlyArray<readonly [string, string, number | null, boolean]> = [
        ["2026-10-23T21:59:59.999Z", "before", 1, false], // 23 Oct 23:59:59.999 local: before `from`
        ["2026-10-23T22:00:00.000Z", "ann", 0, true], // 24 Oct 00:00 local
        ["2026-10-24T21:30:00.000Z", "bob", 5, false], // 24 Oct 23:30 local
        ["2026-10-24T22:00:00.000Z", "ann", 10, true], // 25 Oct 00:00 local
        ["2026-10-25T22:59:59.999Z", "ann", 10, false], // 25 Oct 23:59:59.999 local (CET)
        ["2026-10-25T23:00:00.000Z", "cyd", null, false], // 26 Oct 00:00 local
        ["2026-10-26T12:00:00.000Z", "dee", 2, true] // at `to`: left out
      ]
      for (const [time, ref, score, win] of plays) {
        const session = makeSession(campaign, { participantRef: ref, startedAt: t(time) })
        yield* sessions.insert(session)
        yield* entries.insert(
          makeEntry(campaign, {
            sessionId: session.id,
            participantRef: ref,
            score,
            outcome: { id: win ? "w" : "l", label: win ? "Won" : "Lost", isWin: win },
            createdAt: t(time)
          })
        )
      }
      for (const other of [sibling, stranger]) {
        yield* sessions.insert(makeSession(other, { participantRef: "ann", startedAt: t("2026-10-24T10:00:00Z") }))
        yield* entries.insert(makeEntry(other, { score: 100, createdAt: t("2026-10-24T10:00:00Z") }))
      }

      const from = t("2026-10-23T22:00:00.000Z")
      const to = t("2026-10-26T12:00:00.000Z")
      const edges = Stats.bucketEdges(from, to, "day", "Europe/Paris")!
      assert.deepStrictEqual(
        edges.map((e) => DateTime.formatIso(e)),
        ["2026-10-23T22:00:00.000Z", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z", "2026-10-26T23:00:00.000Z"]
      )
      const counted = yield* repo.campaign({
        accountId: campaign.accountId,
        campaignId: campaign.id,
        from,
        to,
        edges,
        interval: "day",
        timeZone: "Europe/Paris",
        scores: true,
        predictions: false
      })
      assert.deepStrictEqual(counted.totals, {
        starts: 5,
        finishes: 5,
        players: 3,
        wins: 2,
        grants: 0,
        drawWinners: 0
      })
      assert.deepStrictEqual(counted.series, [
        { starts: 2, finishes: 2, players: 2, wins: 1, grants: 0 },
        { starts: 2, finishes: 2, players: 1, wins: 1, grants: 0 },
        { starts: 1, finishes: 1, players: 1, wins: 0, grants: 0 }
      ])
      // Scores 0, 5, 10, 10 over [0, 10] in 20 buckets: 0 in the first, 5 in the 11th, 10 in the last.
      const histogram = Array.from({ length: 20 }, () => 0)
      histogram[0] = 1
      histogram[10] = 1
      histogram[19] = 2
      assert.deepStrictEqual(counted.scores, { count: 4, min: 0, max: 10, sum: 25, histogram })
      assert.deepStrictEqual(
        Option.map(yield* repo.firstPlay(campaign.accountId, campaign.id), DateTime.formatIso),
        Option.some("2026-10-23T21:59:59.999Z")
      )
    })
  )

  it.effect("local hours of a DST day: the repeated hour is two buckets", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const sessions = yield* Session.SessionRepo
      const campaign = yield* givenCampaign({ playLimitTimezone: "Europe/Paris" })
      // 02:30 CEST (00:30Z) and 02:30 CET (01:30Z) on 25 October: the same wall-clock hour, twice.
      for (const [time, ref] of [
        ["2026-10-25T00:30:00Z", "ann"],
        ["2026-10-25T01:30:00Z", "ann"],
        ["2026-10-25T01:45:00Z", "bob"]
      ] as const) {
        yield* sessions.insert(makeSession(campaign, { participantRef: ref, startedAt: t(time) }))
      }
      const from = t("2026-10-25T00:00:00Z")
      const to = t("2026-10-25T02:00:00Z")
      const edges = Stats.bucketEdges(from, to, "hour", "Europe/Paris")!
      assert.deepStrictEqual(
        edges.map((e) => DateTime.formatIso(e)),
        ["2026-10-25T00:00:00.000Z", "2026-10-25T01:00:00.000Z", "2026-10-25T02:00:00.000Z"]
      )
      const counted = yield* repo.campaign({
        accountId: campaign.accountId,
        campaignId: campaign.id,
        from,
        to,
        edges,
        interval: "hour",
        timeZone: "Europe/Paris",
        scores: false,
        predictions: false
      })
      assert.deepStrictEqual(
        counted.series.map((c) => [c.starts, c.players]),
        [
          [1, 1],
          [2, 2]
        ]
      )
      assert.strictEqual(counted.totals.players, 2)
      assert.strictEqual(counted.scores, undefined)
    })
  )

  it.effect("players hold under concurrent starts of one player, in any order of their times", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const sessions = yield* Session.SessionRepo
      const store = yield* Store.Store
      const campaign = yield* givenCampaign({ playLimitTimezone: "Asia/Kolkata" })
      // 24 starts of three players within one local hour (11:00–12:00 in Kolkata, 05:30–06:30 UTC), written at once,
      // each in its own transaction, the later times first for some.
      const times = ["2026-05-01T06:00:00.000Z", "2026-05-01T06:29:59.999Z", "2026-05-01T05:30:00.000Z"]
      yield* Effect.forEach(
        Array.from({ length: 24 }, (_, i) => i),
        (i) =>
          store.transaction(
            sessions.insert(
              makeSession(campaign, { participantRef: ["ann", "bob", "cyd"][i % 3]!, startedAt: t(times[i % 3]!) })
            )
          ),
        { concurrency: "unbounded" }
      )
      for (const [from, to, interval] of [
        ["2026-05-01T05:30:00Z", "2026-05-01T06:30:00Z", "hour"],
        ["2026-04-30T18:30:00Z", "2026-05-01T18:30:00Z", "day"]
      ] as const) {
        const counted = yield* repo.campaign({
          accountId: campaign.accountId,
          campaignId: campaign.id,
          from: t(from),
          to: t(to),
          edges: Stats.bucketEdges(t(from), t(to), interval, "Asia/Kolkata")!,
          interval,
          timeZone: "Asia/Kolkata",
          scores: false,
          predictions: false
        })
        assert.deepStrictEqual(
          counted.series.map((c) => [c.starts, c.players]),
          [[24, 3]],
          interval
        )
        assert.strictEqual(counted.totals.players, 3)
      }
    })
  )

  it.effect("a span that starts and ends inside buckets holding no row outside it counts them whole", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const sessions = yield* Session.SessionRepo
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign()
      for (const [time, ref] of [
        ["2026-06-01T10:07:00.000Z", "ann"],
        ["2026-06-01T10:20:00.000Z", "bob"],
        ["2026-06-02T09:00:00.000Z", "ann"]
      ] as const) {
        const session = makeSession(campaign, { participantRef: ref, startedAt: t(time) })
        yield* sessions.insert(session)
        yield* entries.insert(makeEntry(campaign, { sessionId: session.id, participantRef: ref, createdAt: t(time) }))
      }
      // From the first play (inside a quarter of an hour) to a time inside the second day, as the
      // defaults (the first play, now) make them.
      const from = t("2026-06-01T10:07:00.000Z")
      const to = t("2026-06-02T09:00:00.001Z")
      const counted = yield* repo.campaign({
        accountId: campaign.accountId,
        campaignId: campaign.id,
        from,
        to,
        edges: Stats.bucketEdges(from, to, "day", "UTC")!,
        interval: "day",
        timeZone: "UTC",
        scores: false,
        predictions: false
      })
      assert.deepStrictEqual(counted.series, [
        { starts: 2, finishes: 2, players: 2, wins: 0, grants: 0 },
        { starts: 1, finishes: 1, players: 1, wins: 0, grants: 0 }
      ])
      assert.strictEqual(counted.totals.players, 2)
    })
  )

  it.effect("predictions by option; nothing before any play", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign({ gameSlug: "prediction" })
      assert.isTrue(Option.isNone(yield* repo.firstPlay(campaign.accountId, campaign.id)))
      for (const optionId of ["home", "away", "home"]) {
        yield* entries.insert(
          makeEntry(campaign, { predictionValue: { optionId }, eligible: false, createdAt: t("2026-05-01T12:00:00Z") })
        )
      }
      const from = t("2026-05-01T00:00:00Z")
      const to = t("2026-05-02T00:00:00Z")
      const counted = yield* repo.campaign({
        accountId: campaign.accountId,
        campaignId: campaign.id,
        from,
        to,
        edges: Stats.bucketEdges(from, to, "day", "UTC")!,
        interval: "day",
        timeZone: "UTC",
        scores: false,
        predictions: true
      })
      assert.deepStrictEqual([...counted.predictions.entries()].sort(), [
        ["away", 1],
        ["home", 2]
      ])
      assert.deepStrictEqual(counted.series, [{ starts: 0, finishes: 3, players: 0, wins: 0, grants: 0 }])
    })
  )

  it.effect("the entries' export streams the list's rows, filtered and in its order", () =>
    Effect.gen(function* () {
      const repo = yield* Stats.StatsRepo
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign()
      const rows = [
        makeEntry(campaign, { participantRef: "alice", createdAt: t("2026-05-01T10:00:00Z"), eligible: true }),
        makeEntry(campaign, { participantRef: "bob", createdAt: t("2026-05-01T11:00:00Z"), eligible: false }),
        makeEntry(campaign, { participantRef: "Alicia", createdAt: t("2026-05-01T12:00:00Z"), eligible: true })
      ]
      for (const row of rows) yield* entries.insert(row)
      yield* entries.insert(makeEntry(yield* givenCampaign(), { participantRef: "alice" }))
      const read = (filter: Partial<Entry.ListFilter>) =>
        Effect.map(Stream.runCollect(repo.entries(campaign.accountId, campaign.id, entryFilter(filter))), (all) =>
          Array.from(all, (e) => e.participantRef)
        )
      assert.deepStrictEqual(yield* read({}), ["Alicia", "bob", "alice"])
      assert.deepStrictEqual(yield* read({ search: "ali", dir: "asc" }), ["alice", "Alicia"])
      assert.deepStrictEqual(yield* read({ eligible: false }), ["bob"])
      const [first] = yield* Stream.runCollect(
        repo.entries(campaign.accountId, campaign.id, entryFilter({ dir: "asc" })).pipe(Stream.take(1))
      )
      assert.deepStrictEqual(first, rows[0])
    })
  )
}
