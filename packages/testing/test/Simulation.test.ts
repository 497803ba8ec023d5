/**
 * The simulation of the whole engine (`simulation/Simulation.ts`) on a small world: 600 players over
 * six days from 27 March 2026 (Europe's daylight-saving change on the 29th, a new month on 1 April),
 * every game, handovers, gaps and pauses, play limits in several time zones, webhook receivers that
 * fail, time out, go down and recover.
 *
 * - On the memory store every invariant is checked and holds, and a run is exact: the same seed
 *   gives the same report and the same event log, line for line; another seed another world. The
 *   report's counters show the world did what the invariants are about: webhook attempts that timed
 *   out and that found no one (a connection refused or reset) as well as statuses retried and final,
 *   deliveries exhausted, plays refused at every kind of limit (the campaign's and the channel's,
 *   total and per day), grants of every strategy and source, and finishes whose coupon the
 *   once-per-participant rule turned away. This world runs ten days (to 6 April, across the southern
 *   hemisphere's change too): in six, no player of seed "alpha" reaches a channel's total limit
 *   (6 or 10 plays).
 * - On PGlite (the SQL store) the same seed gives the same report as on memory: the same answers
 *   from the engine, the same event log hash, rewards included.
 * - The invariants can fail: a store that undercounts a player's plays at the mint, loses entries
 *   from a campaign's list, answers a draw's winners out of order, or erases an ended campaign's
 *   players a week before their retention passed, is caught by the invariant it breaks.
 */
import { Privacy, type StorePorts } from "@campaign-games/core"
import { DrawRepo } from "@campaign-games/core/draws/DrawRun"
import { EntryRepo } from "@campaign-games/core/play/Entry"
import { SessionRepo } from "@campaign-games/core/play/Session"
import { Database } from "@campaign-games/sql"
import { MemoryStore } from "@campaign-games/testing"
import * as Simulation from "@campaign-games/testing/simulation/Simulation"
import { assert, describe, it } from "@effect/vitest"
import { type Context, DateTime, Effect, Layer } from "effect"

const world = { players: 600, days: 6, start: Date.UTC(2026, 2, 27) }
/** The world whose counters are checked: four days longer, so that players reach channels' total limits. */
const longer = { days: 10 }

const run = (
  seed: string,
  store: Layer.Layer<StorePorts.StoreServices, unknown> = MemoryStore.layer,
  options: Partial<Simulation.Options> = {}
) => Simulation.run({ seed, ...world, keepLog: true, ...options }, store)

/** The first line where two logs differ, to read a failure at once. */
const firstDifference = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { line: i + 1, a: a[i], b: b[i] }
  }
  return undefined
}

/** The memory store with one port replaced by `wrap` of the memory one. */
const memoryWith = <I, S>(port: Context.Key<I, S>, wrap: (service: S) => S) =>
  Layer.effect(port, Effect.map(port, wrap)).pipe(Layer.provideMerge(MemoryStore.layer))

describe("Simulation", () => {
  it.effect(
    "on the memory store every invariant is checked and holds, and the same seed gives the same report and log",
    () =>
      Effect.gen(function* () {
        const first = yield* run("alpha", MemoryStore.layer, longer)
        const second = yield* run("alpha", MemoryStore.layer, longer)
        const { report } = first
        for (const tally of report.invariants) {
          assert.isAbove(tally.checks, 0, `${tally.name} was never checked`)
          assert.strictEqual(tally.violations, 0, `${tally.name}: ${tally.examples.join("\n")}`)
        }
        assert.strictEqual(report.violations, 0)
        // The world exercised what the invariants are about.
        const c = (name: string) => report.counts[name] ?? 0
        for (const name of [
          "plays.finished",
          "plays.between-campaigns",
          "plays.mint-refused.limit",
          "plays.mint-refused.month",
          "plays.start-refused.TokenExpired",
          "plays.start-refused.GameUnavailable",
          "plays.started-after-its-campaign-ended",
          "limits.campaign.total",
          "limits.campaign.perDay",
          "limits.channel.total",
          "limits.channel.perDay",
          "campaigns.handovers",
          "campaigns.gaps",
          "campaigns.pauses",
          "campaigns.resolved",
          "entries.spin-the-wheel",
          "entries.quiz",
          "entries.prediction",
          "entries.memory-match",
          "deliveries.success",
          "deliveries.exhausted",
          "deliveries.resent",
          "deliveries.attempts.answered-2xx",
          "deliveries.attempts.answered-retryable",
          "deliveries.attempts.answered-final",
          "deliveries.attempts.timed-out",
          "deliveries.attempts.unreachable",
          "deliveries.made.winner_selected",
          "deliveries.made.reward_granted",
          "draws.runs.manual",
          "draws.runs.auto_on_schedule",
          "draws.runs.auto_on_session_end",
          "draws.algorithm.random_uniform",
          "draws.algorithm.score_highest",
          "draws.refused-not-manual",
          "rewards.grants.pool",
          "rewards.grants.shared",
          "rewards.grants.generated",
          "rewards.grants.by-rule",
          "rewards.grants.by-draw",
          "rewards.pools-emptied",
          "rewards.turned-away.once-per-participant",
          // Ten days: the ended campaign of the retention account passed its 7 days on the ninth.
          "retention.erased"
        ]) {
          assert.isAbove(c(name), 0, `nothing counted as ${name}`)
        }
        assert.strictEqual(c("entries.stored"), c("plays.finished"))
        assert.strictEqual(c("deliveries.pending") + c("deliveries.failed"), 0)
        assert.isAbove(c("deliveries.attempts"), c("deliveries.success") + c("deliveries.exhausted"))
        // Every attempt is counted once by what it met (the simulated receivers never get an address
        // the transport refuses to send to).
        assert.strictEqual(
          c("deliveries.attempts.answered-2xx") +
            c("deliveries.attempts.answered-retryable") +
            c("deliveries.attempts.answered-final") +
            c("deliveries.attempts.timed-out") +
            c("deliveries.attempts.unreachable"),
          c("deliveries.attempts")
        )
        assert.strictEqual(c("deliveries.attempts.refused"), 0)
        // A 2xx ends a delivery in success, and nothing else does.
        assert.strictEqual(c("deliveries.attempts.answered-2xx"), c("deliveries.success"))
        assert.deepStrictEqual(firstDifference(first.log, second.log), undefined)
        assert.strictEqual(first.log.length, report.eventLog.lines)
        assert.deepStrictEqual(second.report, report)
        assert.match(report.eventLog.sha256, /^[0-9a-f]{64}$/)
      }),
    { timeout: 120_000 }
  )

  it.effect("another seed gives another world and another event log", () =>
    Effect.gen(function* () {
      const alpha = yield* run("alpha")
      const beta = yield* run("beta")
      assert.strictEqual(beta.report.violations, 0)
      assert.notStrictEqual(beta.report.eventLog.sha256, alpha.report.eventLog.sha256)
      assert.notDeepEqual(beta.report.counts, alpha.report.counts)
    })
  )

  it.effect(
    "on PGlite the same seed gives the same report as on the memory store",
    () =>
      Effect.gen(function* () {
        // Rewards included: both stores start each pool grant at the same random code (`Coupon.randomStart`).
        const memory = yield* run("alpha", MemoryStore.layer)
        const pglite = yield* run("alpha", Database.layerPglite())
        assert.deepStrictEqual(firstDifference(pglite.log, memory.log), undefined)
        assert.deepStrictEqual(pglite.report, memory.report)
        assert.strictEqual(pglite.report.violations, 0)
        for (const tally of pglite.report.invariants) {
          assert.strictEqual(tally.violations, 0, `${tally.name}: ${tally.examples.join("\n")}`)
        }
        assert.isAbove(pglite.report.counts["rewards.grants.by-rule"] ?? 0, 0)
        assert.isAbove(pglite.report.counts["rewards.grants.by-draw"] ?? 0, 0)
      }),
    { timeout: 240_000 }
  )

  it.effect("a store that undercounts a player's plays today at the mint is caught", () =>
    Effect.gen(function* () {
      const undercounting = memoryWith(SessionRepo, (repo) => ({
        ...repo,
        counts: (query) =>
          Effect.map(repo.counts(query), (counts) => ({
            ...counts,
            campaignToday: Math.max(0, counts.campaignToday - 1),
            channelToday: Math.max(0, counts.channelToday - 1)
          }))
      }))
      const { report } = yield* run("alpha", undercounting)
      const decided = report.invariants.find((t) => t.name === "plays.limits-decided")!
      assert.isAbove(decided.violations, 0)
      assert.match(decided.examples[0]!, /^mint for player-\d+ on .*: token , expected .*perDay/)
    })
  )

  it.effect("a retention that counts a week too few is caught: an ended campaign's players erased early", () =>
    Effect.gen(function* () {
      const early = memoryWith(Privacy.PrivacyRepo, (repo) => ({
        ...repo,
        expired: (now, limit) => repo.expired(DateTime.add(now, { days: 7 }), limit)
      }))
      const { report } = yield* run("alpha", early)
      const onTime = report.invariants.find((t) => t.name === "retention.on-time")!
      assert.isAbove(onTime.violations, 0)
      assert.match(onTime.examples[0]!, /before its retention passed/u)
      assert.strictEqual(report.invariants.find((t) => t.name === "retention.live-kept")!.violations, 0)
    })
  )

  it.effect("an entries list that loses a campaign's first entry is caught", () =>
    Effect.gen(function* () {
      const losing = memoryWith(EntryRepo, (repo) => ({
        ...repo,
        list: (accountId, campaignId, filter, page) =>
          Effect.map(repo.list(accountId, campaignId, filter, page), (listed) => ({
            items: page.offset === 0 ? listed.items.slice(1) : listed.items,
            total: listed.total
          }))
      }))
      const { report } = yield* run("alpha", losing)
      const match = report.invariants.find((t) => t.name === "entries.match-plays")!
      assert.isAbove(match.violations, 0)
      assert.strictEqual(
        report.invariants
          .filter((t) => t.violations > 0)
          .map((t) => t.name)
          .join(),
        "entries.match-plays"
      )
    })
  )

  it.effect("a store whose draw selection answers its winners out of order is caught", () =>
    Effect.gen(function* () {
      const reordering = memoryWith(DrawRepo, (repo) => ({
        ...repo,
        select: (selection) =>
          Effect.map(repo.select(selection), (selected) => ({ ...selected, winners: [...selected.winners].reverse() })),
        // Its winners alone (what `verify` reads) share the fault, as a store's own code would.
        winners: (selection) => Effect.map(repo.winners(selection), (winners) => [...winners].reverse())
      }))
      // The engine's own `verify` recomputes through the same store and agrees; the audit recomputed
      // offline (`verifyDraw`) does not.
      const { report } = yield* run("alpha", reordering)
      const verifiable = report.invariants.find((t) => t.name === "draws.verifiable")!
      assert.isAbove(verifiable.violations, 0)
      assert.match(verifiable.examples[0]!, /^run run_\w+ of .*: verifyDraw says false: winners /)
    })
  )
})
