/**
 * The entries, read back from the store at the end of the run through the engine's entries list
 * (`Plays.entries`, as `GET /v1/game-instances/{id}/entries` reads them), checked against the plays:
 *
 * - `entries.match-plays`: each campaign's entries are exactly its finished plays (one each; id,
 *   session, player, score, prediction, instant), and no entry is there without one.
 * - `entries.eligibility`: a prediction's entry is eligible exactly when the campaign is resolved to
 *   the option it chose (resolved before or after the play); every other entry is eligible.
 * - `entries.within-limits`: counted from the store's entries alone, no player has more entries than
 *   a total play limit allows, per campaign and per channel (an entry is dated when the play ended,
 *   a daily limit counts plays when they started: the daily limits are the oracle's, as plays start).
 * - `wheel.follows-weights`: on each wheel played 25 times or more, each segment came up within
 *   five standard deviations of its weight's share (and one spin).
 *
 * @since 0.1.0
 */
import type { Entry } from "@campaign-games/core"
import { DateTime, Effect } from "effect"
import { canonicalJson } from "../EventLog.ts"
import type * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"

export const MATCH = "entries.match-plays"
export const ELIGIBILITY = "entries.eligibility"
export const WITHIN_LIMITS = "entries.within-limits"
export const WHEEL = "wheel.follows-weights"

/** The fewest spins a wheel is judged on. */
const WHEEL_SAMPLE = 25

/** Entries per page (the list's maximum). */
const PAGE = 500

const listAll = (sim: Sim, account: Model.AccountState, campaignId: string) =>
  Effect.gen(function* () {
    const all: Array<Entry.Entry> = []
    for (let offset = 0; ; offset += PAGE) {
      const page = yield* sim.engine.plays
        .entries(
          account.owner,
          campaignId,
          { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
          { limit: PAGE, offset }
        )
        .pipe(Effect.orDie)
      all.push(...page.items)
      if (page.items.length < PAGE) return { entries: all, total: page.total }
    }
  })

/** The model's finished plays of a campaign, as the list orders entries (instant, then id). */
const expectedOf = (campaign: Model.CampaignState) =>
  [...campaign.finished].sort(
    (a, b) =>
      a.finished!.at - b.finished!.at ||
      (a.finished!.entryId < b.finished!.entryId ? -1 : a.finished!.entryId > b.finished!.entryId ? 1 : 0)
  )

/** Counts entries by key and checks none passes `limit`. */
const within = (sim: Sim, what: string, keys: ReadonlyArray<string>, limit: number | null) => {
  if (limit === null) return
  const counts = new Map<string, number>()
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  for (const [key, n] of counts) {
    sim.invariants.check(WITHIN_LIMITS, n <= limit, () => `${what} ${key}: ${n} entries, limit ${limit}`)
  }
}

export const part: Part = {
  name: "entries",
  invariants: {
    [MATCH]: "each campaign's entries in the store are exactly its finished plays",
    [ELIGIBILITY]: "a prediction's entry is eligible exactly when resolved to its option; others always",
    [WITHIN_LIMITS]: "counted from the stored entries, no player passes a total play limit",
    [WHEEL]: "each wheel's segments come up in proportion to their weights (within 5 sigma)"
  },
  start: () => Effect.void,
  finish: (sim) =>
    Effect.gen(function* () {
      for (const channel of sim.model.channels) {
        const account = sim.model.accounts[channel.plan.account]!
        const channelEntries: Array<Entry.Entry> = []
        for (const campaign of channel.campaigns) {
          if (campaign.id === "") continue
          const { entries, total } = yield* listAll(sim, account, campaign.id)
          channelEntries.push(...entries)
          sim.counters.add("entries.stored", entries.length)
          const expected = expectedOf(campaign)
          sim.invariants.check(
            MATCH,
            total === expected.length && entries.length === expected.length,
            () =>
              `${campaign.plan.key}: ${total} entries listed (${entries.length} read), ${expected.length} plays finished`
          )
          const game = campaign.plan.game
          entries.forEach((entry, i) => {
            const play = expected[i]
            const f = play?.finished
            sim.invariants.check(
              MATCH,
              play !== undefined &&
                f !== undefined &&
                f !== null &&
                entry.id === f.entryId &&
                entry.sessionId === play.sessionId &&
                entry.participantRef === sim.world.players[play.player]!.ref &&
                entry.score === f.score &&
                canonicalJson(entry.predictionValue) === canonicalJson(f.predictionValue) &&
                DateTime.toEpochMillis(entry.createdAt) === f.at,
              () =>
                `${campaign.plan.key} entry ${i}: ${entry.id} of ${entry.sessionId}, expected ${f?.entryId} of ${play?.sessionId}`
            )
            const eligible =
              entry.predictionValue === null ? true : campaign.resolvedOptionId === entry.predictionValue.optionId
            sim.invariants.check(
              ELIGIBILITY,
              entry.eligible === eligible,
              () =>
                `${campaign.plan.key} entry ${entry.id} chose ${entry.predictionValue?.optionId}, resolved ` +
                `${campaign.resolvedOptionId}: eligible ${entry.eligible}`
            )
          })
          within(
            sim,
            `${campaign.plan.key} player`,
            entries.map((e) => e.participantRef),
            campaign.plan.limits.total
          )
          if (game.slug === "spin-the-wheel" && entries.length >= WHEEL_SAMPLE) {
            const n = entries.length
            const weights = game.segments.reduce((sum, s) => sum + s.weight, 0)
            for (const segment of game.segments) {
              const p = segment.weight / weights
              const observed = entries.filter((e) => e.outcome?.id === segment.id).length
              const bound = 5 * Math.sqrt(n * p * (1 - p)) + 1
              sim.invariants.check(
                WHEEL,
                Math.abs(observed - n * p) <= bound,
                () => `${campaign.plan.key} segment ${segment.id}: ${observed} of ${n}, expected ${(n * p).toFixed(1)}`
              )
            }
          }
        }
        within(
          sim,
          `${channel.plan.key} player`,
          channelEntries.map((e) => e.participantRef),
          channel.plan.limits.total
        )
      }
    })
}
