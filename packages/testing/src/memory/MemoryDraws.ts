/**
 * The repositories of draws in memory (`DrawsEngine.Repos` in the core), over `MemoryDatabase`;
 * `MemoryStore` merges them with the rest.
 *
 * The selection is core's pure `Draw.run` over the campaign's entries, the function the SQL
 * adapter's statements agree with. What SQL's `entries.draw_seq` stamp does is kept here in a table
 * of its own: an entry is stamped the first time a draw (or a verification) looks at its campaign,
 * with the counter's value then, and `entryBound` moves the counter past the stamps given; memory
 * transactions are serialised, so an entry stamped below a bound was written before it. Constraints
 * are SQL's: a second secret for a campaign, a second scheduled run for one `scheduleAt`, a second
 * run of a winning moment or of a chain position, a second run with one sequence number, and a
 * participant who already won the campaign fail with `StoreError`.
 *
 * @since 0.1.0
 */
import type * as Campaign from "@campaign-games/core/campaigns/Campaign"
import * as Draw from "@campaign-games/core/draws/Draw"
import type * as DrawsEngine from "@campaign-games/core/draws/DrawsEngine"
import { DrawRepo, type Run, type Selection } from "@campaign-games/core/draws/DrawRun"
import { awaitsResolution } from "@campaign-games/core/draws/Draws"
import type { Entry } from "@campaign-games/core/play/Entry"
import { DateTime, Effect, Layer, Option } from "effect"
import { byCodePoint, conflict, inAccount, paginate } from "../internal/Rows.ts"
import { MemoryDatabase } from "../MemoryDatabase.ts"

const COUNTER = "next"

/** `DrawRepo` over the draws' tables and the campaigns and entries of the database. */
const drawRepo = Layer.effect(
  DrawRepo,
  Effect.gen(function* () {
    const { campaigns, entries, drawSecrets, drawRuns, drawEntryStamps, drawStampCounter } = (yield* MemoryDatabase)
      .tables

    const campaignOf = (accountId: string, campaignId: string): Campaign.Campaign | undefined =>
      inAccount(accountId, campaigns.get(campaignId))

    /** The campaign's entries, each stamped (the unstamped ones now, with the counter's value). */
    const stamped = Effect.fnUntraced(function* (accountId: string, campaignId: string) {
      const counter = drawStampCounter.get(COUNTER) ?? 1
      const found: Array<{ readonly entry: Entry; readonly stamp: number }> = []
      for (const entry of entries.values()) {
        if (entry.campaignId !== campaignId || entry.accountId !== accountId) continue
        let stamp = drawEntryStamps.get(entry.id)
        if (stamp === undefined) {
          stamp = counter
          yield* drawEntryStamps.set(entry.id, stamp)
        }
        found.push({ entry, stamp })
      }
      return found
    })

    /** The entries a selection reads: the campaign's, written before its bound, as the draw reads them. */
    const drawEntries = Effect.fnUntraced(function* (s: Selection) {
      const rows: Array<Draw.DrawEntry> = []
      for (const { entry, stamp } of yield* stamped(s.accountId, s.campaignId)) {
        if (stamp >= s.entryBound) continue
        rows.push({
          id: entry.id,
          participantRef: entry.participantRef,
          score: entry.score,
          weight: entry.weight,
          createdAt: DateTime.toEpochMillis(entry.createdAt),
          eligible: entry.eligible
        })
      }
      return rows
    })

    const runsOf = (accountId: string, campaignId: string): Array<Run> => {
      const rows: Array<Run> = []
      for (const run of drawRuns.values()) {
        if (run.campaignId === campaignId && run.accountId === accountId) rows.push(run)
      }
      return rows.sort((a, b) => b.sequence - a.sequence)
    }

    const winnersBefore = (accountId: string, campaignId: string, sequence: number): Array<string> =>
      runsOf(accountId, campaignId)
        .filter((run) => run.sequence < sequence)
        .flatMap((run) => run.winners.map((w) => w.participantRef))
        .sort(byCodePoint)

    /** What SQL's keys of `draw_runs` and `draw_winners` refuse of a new run, if anything. */
    const refusal = (run: Run): string | undefined => {
      if (drawRuns.has(run.id)) return `A draw run ${run.id} already exists.`
      if (campaignOf(run.accountId, run.campaignId) === undefined) return `No campaign ${run.campaignId}.`
      const earlier = runsOf(run.accountId, run.campaignId)
      const winners = new Set(earlier.flatMap((r) => r.winners.map((w) => w.participantRef)))
      for (const other of earlier) {
        if (other.sequence === run.sequence) return `The campaign already has a run ${run.sequence}.`
        if (
          run.trigger === "auto_on_schedule" &&
          other.trigger === "auto_on_schedule" &&
          run.scheduleAt !== null &&
          other.scheduleAt !== null &&
          DateTime.Equivalence(run.scheduleAt, other.scheduleAt)
        ) {
          return "The campaign already has a scheduled run for this scheduleAt."
        }
        if (run.moment !== null && other.moment?.index === run.moment.index) {
          return `The campaign already paid winning moment ${run.moment.index}.`
        }
        if (run.chainPosition !== null && other.chainPosition === run.chainPosition) {
          return `The campaign already used seed position ${run.chainPosition}.`
        }
      }
      const chosen = new Set<string>()
      for (const w of run.winners) {
        if (winners.has(w.participantRef) || chosen.has(w.participantRef)) {
          return `${w.participantRef} already won the campaign.`
        }
        chosen.add(w.participantRef)
      }
      return undefined
    }

    return DrawRepo.of({
      insertSecret: (secret) =>
        Effect.suspend(() => {
          if (campaignOf(secret.accountId, secret.campaignId) === undefined) {
            return conflict(`No campaign ${secret.campaignId} for the secret.`)
          }
          if (drawSecrets.has(secret.campaignId)) {
            return conflict(`The campaign ${secret.campaignId} already has a secret.`)
          }
          return drawSecrets.set(secret.campaignId, secret)
        }),
      findSecret: (accountId, campaignId) =>
        Effect.sync(() =>
          Option.map(Option.fromNullishOr(inAccount(accountId, drawSecrets.get(campaignId))), (s) => s.secret)
        ),
      entryBound: Effect.fnUntraced(function* (accountId, campaignId) {
        yield* stamped(accountId, campaignId)
        const bound = (drawStampCounter.get(COUNTER) ?? 1) + 1
        yield* drawStampCounter.set(COUNTER, bound)
        return bound
      }),
      select: Effect.fnUntraced(function* (s) {
        const result = Draw.run(
          yield* drawEntries(s),
          s.rules,
          s.seed,
          new Set(winnersBefore(s.accountId, s.campaignId, s.sequence)),
          s.algorithmVersion
        )
        return {
          winners: result.winners.map((e) => ({ entryId: e.id, participantRef: e.participantRef })),
          entriesConsidered: result.entriesConsidered,
          entriesHash: result.entriesHash
        }
      }),
      considered: Effect.fnUntraced(function* (s) {
        return (yield* drawEntries(s))
          .filter((e) => Draw.considers(s.rules, e))
          .sort(Draw.listingOrder)
          .map(({ eligible: _, ...listed }) => listed)
      }),
      consideredAfter: Effect.fnUntraced(function* (s, after, limit) {
        return (yield* drawEntries(s))
          .filter(
            (e) =>
              Draw.considers(s.rules, e) &&
              (after === null || Draw.listingOrder(e, { ...e, createdAt: after.createdAt, id: after.id }) > 0)
          )
          .sort(Draw.listingOrder)
          .slice(0, limit)
          .map(({ eligible: _, ...listed }) => listed)
      }),
      winners: Effect.fnUntraced(function* (s) {
        const result = Draw.run(
          yield* drawEntries(s),
          s.rules,
          s.seed,
          new Set(winnersBefore(s.accountId, s.campaignId, s.sequence))
        )
        return result.winners.map((e) => ({ entryId: e.id, participantRef: e.participantRef }))
      }),
      winnersBefore: (accountId, campaignId, sequence) =>
        Effect.sync(() => winnersBefore(accountId, campaignId, sequence)),
      runState: (accountId, campaignId, scheduleAt) =>
        Effect.sync(() => {
          const runs = runsOf(accountId, campaignId)
          return {
            lastSequence: runs.reduce((max, r) => Math.max(max, r.sequence), 0),
            lastChainPosition: runs.reduce((max, r) => Math.max(max, r.chainPosition ?? 0), 0),
            momentsPaid: runs.filter((r) => r.trigger === "auto_on_session_end").length,
            scheduledDone: runs.some(
              (r) =>
                r.trigger === "auto_on_schedule" &&
                scheduleAt !== null &&
                r.scheduleAt !== null &&
                DateTime.Equivalence(r.scheduleAt, scheduleAt)
            )
          }
        }),
      insertRun: (run) =>
        Effect.suspend(() => {
          const refused = refusal(run)
          return refused === undefined ? drawRuns.set(run.id, run) : conflict(refused)
        }),
      listRuns: (accountId, campaignId, page) => Effect.sync(() => paginate(runsOf(accountId, campaignId), page)),
      findRun: (accountId, campaignId, runId) =>
        Effect.sync(() => {
          const run = inAccount(accountId, drawRuns.get(runId))
          return Option.fromNullishOr(run?.campaignId === campaignId ? run : undefined)
        }),
      dueSchedules: (now, limit) =>
        Effect.sync(() => {
          const due: Array<{ accountId: string; campaignId: string; scheduleAt: DateTime.Utc }> = []
          for (const c of campaigns.values()) {
            if (c.winnerSelectionTrigger !== "auto_on_schedule" || c.status !== "active" || c.scheduleAt === null) {
              continue
            }
            if (DateTime.isGreaterThan(c.scheduleAt, now) || awaitsResolution(c)) continue
            const scheduleAt = c.scheduleAt
            const done = runsOf(c.accountId, c.id).some(
              (r) =>
                r.trigger === "auto_on_schedule" &&
                r.scheduleAt !== null &&
                DateTime.Equivalence(r.scheduleAt, scheduleAt)
            )
            if (!done) due.push({ accountId: c.accountId, campaignId: c.id, scheduleAt })
          }
          return due
            .sort(
              (a, b) =>
                a.scheduleAt.epochMilliseconds - b.scheduleAt.epochMilliseconds ||
                byCodePoint(a.campaignId, b.campaignId)
            )
            .slice(0, limit)
        })
    })
  })
)

/** Every repository of draws over the memory database. */
export const layer: Layer.Layer<DrawsEngine.Repos, never, MemoryDatabase> = drawRepo
