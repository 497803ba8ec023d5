/**
 * The statistics' roll-up on PostgreSQL (`SqlStatsRepo`, migration `0017_stats_rollup`): a read
 * spanning rolled-up slots and raw rows answers what it answered before any roll-up (local days and
 * hours across the October DST change, spans cut inside a slot, a player who also plays another
 * campaign of the channel), as the roll-up moves on under a test clock; the core's worker rolls
 * every campaign up every minute of that clock; and two server instances (pools) rolling the same
 * campaigns up at once, again and again, count each slot once.
 */
import { Account, Campaign, Channel, Entry, Session, Stats } from "@campaign-games/core"
import { type Database, SqlStatsRepo } from "@campaign-games/sql"
import { assert, describe } from "@effect/vitest"
import { Fixtures } from "@campaign-games/testing"
import { type Context, DateTime, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { SqlClient } from "effect/sql"
import * as Postgres from "./support/Postgres.ts"

const { live, on, underTestClock } = Postgres

const t = (iso: string) => DateTime.makeUnsafe(iso)
const MINUTE = 60_000

/** An account, a channel and two campaigns on it (a quiz in Europe/Paris and another), on `instance`. */
const given = (instance: Context.Context<Database.Services>) =>
  on(instance)(
    Effect.gen(function* () {
      const account = Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
      yield* (yield* Account.AccountRepo).insert(account)
      const channel = Fixtures.makeChannel(account.id)
      yield* (yield* Channel.ChannelRepo).insert(channel)
      const campaign = Fixtures.makeCampaign(account.id, channel.id, {
        gameSlug: "quiz",
        status: "active",
        playLimitTimezone: "Europe/Paris"
      })
      const sibling = Fixtures.makeCampaign(account.id, channel.id, { status: "active" })
      for (const c of [campaign, sibling]) yield* (yield* Campaign.CampaignRepo).insert(c)
      return { campaign, sibling }
    })
  )

/**
 * `count` plays of `players` players (a session and its entry each, a score and a win for some),
 * one every `step` ms from `start` with a few milliseconds' jitter, ids in an order unlike the
 * times' for some; and a play of the sibling campaign every tenth, by the same player.
 */
const plays = (
  campaign: Campaign.Campaign,
  sibling: Campaign.Campaign,
  start: number,
  count: number,
  step: number,
  players: number
) =>
  Effect.gen(function* () {
    const sessions = yield* Session.SessionRepo
    const entries = yield* Entry.EntryRepo
    const written: Array<Play> = []
    for (let i = 0; i < count; i++) {
      const at = DateTime.makeUnsafe(start + i * step + ((i * 7919) % 997))
      const participantRef = `p${(i * 31) % players}`
      const session = Fixtures.makeSession(campaign, { participantRef, startedAt: at })
      yield* sessions.insert(session)
      yield* entries.insert(
        Fixtures.makeEntry(campaign, {
          sessionId: session.id,
          participantRef,
          score: i % 7,
          outcome: { id: i % 3 === 0 ? "w" : "l", label: "", isWin: i % 3 === 0 },
          createdAt: DateTime.makeUnsafe(DateTime.toEpochMillis(at) + 20_000)
        })
      )
      if (i % 10 === 0) yield* sessions.insert(Fixtures.makeSession(sibling, { participantRef, startedAt: at }))
      const started = DateTime.toEpochMillis(at)
      written.push({ started, finished: started + 20_000, participantRef, score: i % 7, win: i % 3 === 0 })
    }
    return written
  })

interface Play {
  readonly started: number
  readonly finished: number
  readonly participantRef: string
  readonly score: number
  readonly win: boolean
}

/** What a store must count of `written` for a query (as the memory store counts its rows). */
const expected = (written: ReadonlyArray<Play>, from: number, to: number, edges: ReadonlyArray<number>) => {
  const series = edges.slice(1).map(() => ({ starts: 0, finishes: 0, players: new Set<string>(), wins: 0 }))
  const players = new Set<string>()
  const scores: Array<number> = []
  let starts = 0
  let finishes = 0
  let wins = 0
  for (const play of written) {
    if (play.started >= from && play.started < to) {
      const bucket = series[Stats.bucketOf(edges, play.started)]!
      bucket.starts++
      bucket.players.add(play.participantRef)
      players.add(play.participantRef)
      starts++
    }
    if (play.finished >= from && play.finished < to) {
      const bucket = series[Stats.bucketOf(edges, play.finished)]!
      bucket.finishes++
      finishes++
      if (play.win) {
        bucket.wins++
        wins++
      }
      scores.push(play.score)
    }
  }
  const min = Math.min(...scores)
  const max = Math.max(...scores)
  const histogram = Array.from({ length: Stats.histogramBuckets(min, max) }, () => 0)
  for (const score of scores) histogram[Stats.histogramIndex(score, min, max, histogram.length)]!++
  return {
    totals: { starts, finishes, players: players.size, wins, grants: 0, drawWinners: 0 },
    series: series.map((b) => ({
      starts: b.starts,
      finishes: b.finishes,
      players: b.players.size,
      wins: b.wins,
      grants: 0
    })),
    scores: { count: scores.length, min, max, sum: scores.reduce((a, b) => a + b, 0), histogram },
    predictions: new Map<string, number>()
  }
}

describe.runIf(Postgres.available)("statistics' roll-up on PostgreSQL", () => {
  underTestClock("a read spanning rolled-up slots and raw rows answers as before the roll-up", function* () {
    const [a, b] = yield* Postgres.instances(2, Postgres.store(4))
    const { campaign, sibling } = yield* given(a!)
    // 600 plays of 40 players from 24 October 20:00 to 26 October 06:00 UTC (Paris goes back from
    // CEST to CET on 25 October at 01:00 UTC).
    const start = Date.parse("2026-10-24T20:00:00.000Z")
    const written = yield* on(a!)(plays(campaign, sibling, start, 600, 204_000, 40))
    const query = (
      from: string,
      to: string,
      interval: Stats.Interval
    ): Effect.Effect<Stats.Counted, unknown, Stats.StatsRepo> =>
      Effect.flatMap(Effect.service(Stats.StatsRepo), (repo) =>
        repo.campaign({
          accountId: campaign.accountId,
          campaignId: campaign.id,
          from: t(from),
          to: t(to),
          edges: Stats.bucketEdges(t(from), t(to), interval, "Europe/Paris")!,
          interval,
          timeZone: "Europe/Paris",
          scores: true,
          predictions: true
        })
      )
    const spans: ReadonlyArray<readonly [string, string, Stats.Interval]> = [
      // The whole campaign by day, the defaults' span (its first play to after its last).
      ["2026-10-24T20:00:00.000Z", "2026-11-02T00:00:00.000Z", "day"],
      // By local hour over the DST night, whole hours.
      ["2026-10-24T22:00:00.000Z", "2026-10-25T05:00:00.000Z", "hour"],
      // Cut inside slots and buckets at both ends, rows on both sides.
      ["2026-10-25T00:07:13.001Z", "2026-10-25T13:52:00.123Z", "hour"],
      ["2026-10-25T03:21:00.000Z", "2026-10-26T02:10:00.000Z", "day"]
    ]
    const answers = (instance: Context.Context<Database.Services>) =>
      on(instance)(Effect.forEach(spans, ([from, to, interval]) => query(from, to, interval)))
    const rolled = (instance: Context.Context<Database.Services>) =>
      on(instance)(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const [row] = yield* sql`SELECT (SELECT count(*)::int FROM stats_slots WHERE campaign_id = ${campaign.id}),
              (SELECT to_char(rolled_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM stats_rollups
                WHERE campaign_id = ${campaign.id})`.values
          return { slots: Number(row![0]), until: row![1] ?? null }
        })
      )

    // Before any slot holding a row closed: every count from the rows (the roll-up reached the slots
    // before them, empty).
    yield* TestClock.setTime(start - 60 * MINUTE)
    const before = yield* answers(a!)
    assert.deepStrictEqual(yield* rolled(a!), { slots: 0, until: "2026-10-24T18:45:00.000Z" })
    assert.deepStrictEqual(
      before,
      spans.map(([from, to, interval]) =>
        expected(
          written,
          Date.parse(from),
          Date.parse(to),
          Stats.bucketEdges(t(from), t(to), interval, "Europe/Paris")!.map(DateTime.toEpochMillis)
        )
      )
    )
    assert.strictEqual(before[0]!.totals.players, 40)

    // Half rolled up (the read rolls its campaign up to the slot that ended 5 minutes ago), on
    // either instance, then wholly.
    for (const [now, until] of [
      ["2026-10-25T09:04:59.999Z", "2026-10-25T08:45:00.000Z"],
      ["2026-10-25T09:05:00.000Z", "2026-10-25T09:00:00.000Z"],
      ["2026-10-25T13:58:00.000Z", "2026-10-25T13:45:00.000Z"],
      ["2026-11-01T00:00:00.000Z", "2026-10-31T23:45:00.000Z"]
    ] as const) {
      yield* TestClock.setTime(Date.parse(now))
      for (const instance of [b!, a!]) {
        assert.deepStrictEqual(yield* answers(instance), before, now)
        assert.strictEqual((yield* rolled(instance)).until, until)
      }
    }
    assert.isAbove((yield* rolled(a!)).slots, 100)
  })

  underTestClock("the worker rolls every campaign up every minute, on the clock", function* () {
    const [a] = yield* Postgres.instances(1, Postgres.store(4))
    // The core's worker over this instance's store, started under the test clock (at 0): it sleeps on it.
    yield* Layer.build(Stats.layerWorker({ background: true }).pipe(Layer.provide(Layer.succeedContext(a!))))
    const { campaign, sibling } = yield* given(a!)
    const start = Date.parse("2026-05-01T10:00:00.000Z")
    yield* on(a!)(plays(campaign, sibling, start, 60, 60_000, 10))
    const until = (id: string) =>
      on(a!)(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            FROM stats_rollups WHERE campaign_id = ${id}`.values
          return rows[0]?.[0] ?? null
        })
      )
    /**
     * `rolled_until` of both campaigns, the clock moved a minute at a time (a woken worker runs its
     * pass in the background, on the time it was due, then sleeps a minute from the clock's now)
     * until it is `expected`, at most 8 minutes.
     */
    const ticking = (expected: string) =>
      Effect.gen(function* () {
        for (let minute = 0; minute < 8; minute++) {
          yield* TestClock.adjust("1 minute")
          for (let i = 0; i < 80; i++) {
            const both = [yield* until(campaign.id), yield* until(sibling.id)]
            if (both.every((u) => u === expected)) return both
            yield* TestClock.withLive(Effect.sleep("25 millis"))
          }
        }
        return [yield* until(campaign.id), yield* until(sibling.id)]
      })
    // The plays end at 10:59:xx: from 11:10 on, a pass rolls both campaigns up to 11:00 (the slot
    // from 11:00 to 11:15 is not closed before 11:20).
    yield* TestClock.setTime(Date.parse("2026-05-01T11:10:00.000Z"))
    assert.deepStrictEqual(yield* ticking("2026-05-01T11:00:00.000Z"), [
      "2026-05-01T11:00:00.000Z",
      "2026-05-01T11:00:00.000Z"
    ])
    const [counts] = yield* on(a!)(
      Effect.flatMap(
        Effect.service(SqlClient.SqlClient),
        (sql) =>
          sql`SELECT sum(starts)::int, sum(finishes)::int FROM stats_slots WHERE campaign_id = ${campaign.id}`.values
      )
    )
    assert.deepStrictEqual(counts!.map(Number), [60, 60])
    // Plays from 11:00 to 11:10, in the slot not rolled up yet; from 11:25 on, the passes roll it up.
    yield* on(a!)(plays(campaign, sibling, Date.parse("2026-05-01T11:00:00.000Z"), 10, 60_000, 10))
    yield* TestClock.setTime(Date.parse("2026-05-01T11:25:00.000Z"))
    assert.deepStrictEqual(yield* ticking("2026-05-01T11:15:00.000Z"), [
      "2026-05-01T11:15:00.000Z",
      "2026-05-01T11:15:00.000Z"
    ])
    const [after] = yield* on(a!)(
      Effect.flatMap(
        Effect.service(SqlClient.SqlClient),
        (sql) =>
          sql`SELECT sum(starts)::int, sum(finishes)::int FROM stats_slots WHERE campaign_id = ${campaign.id}`.values
      )
    )
    assert.deepStrictEqual(after!.map(Number), [70, 70])
  })

  live("two instances rolling up at once count each slot once", function* () {
    const [a, b] = yield* Postgres.instances(2, Postgres.store(6))
    const first = yield* given(a!)
    const second = yield* given(b!)
    // Two campaigns of 400 plays each over the last two days (every slot before 5 minutes ago closed).
    const now = Date.now()
    const start = now - 2 * 86_400_000
    yield* on(a!)(plays(first.campaign, first.sibling, start, 400, 400_000, 30))
    yield* on(b!)(plays(second.campaign, second.sibling, start, 400, 400_000, 30))
    const rollUps = [a!, b!].map((instance) =>
      on(instance)(Effect.map(Effect.service(SqlClient.SqlClient), SqlStatsRepo.makeRollUp))
    )
    const [ra, rb] = yield* Effect.all(rollUps)
    // Every way at once: whole passes and single campaigns, on both instances.
    const results = yield* Effect.all(
      Array.from({ length: 24 }, (_, i) => {
        const r = i % 2 === 0 ? ra! : rb!
        return i % 3 === 0 ? r.all : r.campaign(i % 4 < 2 ? first.campaign.id : second.campaign.id)
      }),
      { concurrency: "unbounded" }
    )
    // Each campaign with rows (the two and their siblings) rolled once: `true` from a single
    // campaign's roll-up or counted by a pass.
    const rolled = results.reduce<number>((sum, r) => sum + (typeof r === "number" ? r : r ? 1 : 0), 0)
    assert.strictEqual(rolled, 4)
    const cut = new Date(SqlStatsRepo.rollUpCut(now)).toISOString()
    yield* on(a!)(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        for (const { campaign } of [first, second]) {
          // Every slot's counts are the rows' counts, once.
          const mismatches = yield* sql`WITH raw AS (
              SELECT date_bin('15 minutes', started_at, timestamptz '2000-01-01 00:00:00+00') AS slot, count(*) AS n
              FROM sessions WHERE campaign_id = ${campaign.id} AND started_at < ${cut} GROUP BY 1
            ), fin AS (
              SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') AS slot, count(*) AS n
              FROM entries WHERE campaign_id = ${campaign.id} AND created_at < ${cut} GROUP BY 1
            )
            SELECT coalesce(s.slot, r.slot, f.slot) FROM (SELECT * FROM stats_slots WHERE campaign_id = ${campaign.id}) s
              FULL JOIN raw r ON r.slot = s.slot FULL JOIN fin f ON f.slot = coalesce(s.slot, r.slot)
            WHERE coalesce(s.starts, 0) <> coalesce(r.n, 0) OR coalesce(s.finishes, 0) <> coalesce(f.n, 0)`.values
          assert.deepStrictEqual(mismatches, [])
          const [totals] = yield* sql`SELECT sum(starts)::int, sum(finishes)::int, sum(firsts)::int FROM stats_slots
            WHERE campaign_id = ${campaign.id}`.values
          assert.strictEqual(Number(totals![0]), 400)
          assert.strictEqual(Number(totals![1]), 400)
          // Each player's first session counted once, whichever instance rolled its slot.
          assert.strictEqual(Number(totals![2]), 30)
          const [until] = yield* sql`SELECT rolled_until = ${cut}::timestamptz FROM stats_rollups
            WHERE campaign_id = ${campaign.id}`.values
          assert.isTrue(until![0] === true)
        }
      })
    )
  })
})
