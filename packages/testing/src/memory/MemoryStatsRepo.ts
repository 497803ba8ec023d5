/**
 * `StatsRepo` in memory: counts the sessions, entries, grants and draw runs of the database as
 * `SqlStatsRepo` aggregates them (the same bucket edges, the same histogram rounding); the exports
 * read the entries' and grants' lists whole (memory is bounded by the test's rows anyway).
 *
 * @since 0.1.0
 */
import { Entry, Grant, Stats } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option, Stream } from "effect"
import { MemoryDatabase } from "../MemoryDatabase.ts"

const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 }

const zero = (): { starts: number; finishes: number; players: number; wins: number; grants: number } => ({
  starts: 0,
  finishes: 0,
  players: 0,
  wins: 0,
  grants: 0
})

/** `StatsRepo` over the memory database's tables and its entry and grant repositories. */
export const layer: Layer.Layer<Stats.StatsRepo, never, MemoryDatabase | Entry.EntryRepo | Grant.GrantRepo> =
  Layer.effect(
    Stats.StatsRepo,
    Effect.gen(function* () {
      const { tables } = yield* MemoryDatabase
      const entryRepo = yield* Entry.EntryRepo
      const grantRepo = yield* Grant.GrantRepo

      const campaign = (q: Stats.Query) =>
        Effect.sync((): Stats.Counted => {
          const from = DateTime.toEpochMillis(q.from)
          const to = DateTime.toEpochMillis(q.to)
          const edges = q.edges.map(DateTime.toEpochMillis)
          const series = Array.from({ length: Math.max(0, edges.length - 1) }, zero)
          const totals = { ...zero(), drawWinners: 0 }
          const ours = <A extends { readonly accountId: string; readonly campaignId: string }>(row: A) =>
            row.accountId === q.accountId && row.campaignId === q.campaignId
          /** The bucket of `t`, or undefined when outside the span. */
          const bucket = (t: DateTime.Utc) => {
            const ms = DateTime.toEpochMillis(t)
            if (ms < from || ms >= to) return undefined
            return series[Stats.bucketOf(edges, ms)]
          }

          const players = new Set<string>()
          const bucketPlayers = new Map<number, Set<string>>()
          for (const session of tables.sessions.values()) {
            if (!ours(session)) continue
            const ms = DateTime.toEpochMillis(session.startedAt)
            if (ms < from || ms >= to) continue
            totals.starts++
            players.add(session.participantRef)
            const i = Stats.bucketOf(edges, ms)
            if (i < 0) continue
            series[i]!.starts++
            const seen = bucketPlayers.get(i) ?? new Set<string>()
            seen.add(session.participantRef)
            bucketPlayers.set(i, seen)
          }
          totals.players = players.size
          for (const [i, seen] of bucketPlayers) series[i]!.players = seen.size

          const scored: Array<number> = []
          const predictions = new Map<string, number>()
          for (const entry of tables.entries.values()) {
            if (!ours(entry)) continue
            const ms = DateTime.toEpochMillis(entry.createdAt)
            if (ms < from || ms >= to) continue
            const counts = bucket(entry.createdAt)
            const win = entry.outcome?.isWin === true
            totals.finishes++
            if (win) totals.wins++
            if (counts !== undefined) {
              counts.finishes++
              if (win) counts.wins++
            }
            if (q.scores && entry.score !== null) scored.push(entry.score)
            if (q.predictions && entry.predictionValue !== null) {
              const id = entry.predictionValue.optionId
              predictions.set(id, (predictions.get(id) ?? 0) + 1)
            }
          }

          for (const grant of tables.grants.values()) {
            if (!ours(grant)) continue
            const ms = DateTime.toEpochMillis(grant.createdAt)
            if (ms < from || ms >= to) continue
            totals.grants++
            const counts = bucket(grant.createdAt)
            if (counts !== undefined) counts.grants++
          }

          for (const run of tables.drawRuns.values()) {
            if (!ours(run)) continue
            const ms = DateTime.toEpochMillis(run.createdAt)
            if (ms >= from && ms < to) totals.drawWinners += run.winners.length
          }

          let scores: Stats.ScoreCounts | undefined
          if (scored.length > 0) {
            let min = Infinity
            let max = -Infinity
            let sum = 0
            for (const s of scored) {
              if (s < min) min = s
              if (s > max) max = s
              sum += s
            }
            const histogram = Array.from({ length: Stats.histogramBuckets(min, max) }, () => 0)
            for (const s of scored) histogram[Stats.histogramIndex(s, min, max, histogram.length)]!++
            scores = { count: scored.length, min, max, sum, histogram }
          }
          return { totals, series, scores, predictions }
        })

      const firstPlay = (accountId: string, campaignId: string) =>
        Effect.sync(() => {
          let first: DateTime.Utc | undefined
          for (const session of tables.sessions.values()) {
            if (session.accountId !== accountId || session.campaignId !== campaignId) continue
            if (first === undefined || DateTime.isLessThan(session.startedAt, first)) first = session.startedAt
          }
          return Option.fromUndefinedOr(first)
        })

      return Stats.StatsRepo.of({
        campaign,
        firstPlay,
        // The counts come from the rows when read: nothing is kept.
        rollUp: Effect.succeed(0),
        entries: (accountId, campaignId, filter) =>
          Stream.unwrap(
            Effect.map(entryRepo.list(accountId, campaignId, filter, ALL), (page) => Stream.fromIterable(page.items))
          ),
        grants: (accountId, campaignId) =>
          Stream.unwrap(
            Effect.map(grantRepo.list(accountId, campaignId, ALL), (page) => Stream.fromIterable(page.items))
          )
      })
    })
  )
