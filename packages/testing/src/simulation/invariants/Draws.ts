/**
 * Draws, checked on every run the draws' actor reads back and once more at the end against the
 * store, from the model's entries (the campaign's finished plays: every game the draws run on keeps
 * each entry eligible).
 *
 * - `draws.winners-distinct`: no participant twice in a run, nor in two runs of a campaign; ranks
 *   1..n; a manual or scheduled run takes `maxWinners` winners, or every participant it could when
 *   fewer played; an after-play run pays one winning moment of `maxWinners`, each moment once.
 * - `draws.winners-eligible`: each winner's entry is one of the campaign's, of that participant,
 *   written before the run, inside the run's window and before its `entriesBefore`; with
 *   `score_highest` no participant left out scored more than a winner.
 * - `draws.verifiable`: `Draws.verify` says verified with the run's winners; the audit document
 *   (`Draws.audit`, through JSON) recomputes them offline with `verifyDraw`; its entries are
 *   exactly the model's entries the run's rules take (a manual or scheduled run).
 * - `draws.triggers`: a run's trigger is its campaign's; a manual run comes only from a draw by hand;
 *   a scheduled one is made once by `runDue` at its `scheduleAt`, and a second call makes none; at
 *   the end the store's runs of each campaign are exactly those read back, newest first.
 *
 * @since 0.1.0
 */
import { DrawAudit, type DrawRun } from "@campaign-games/core"
import { Effect, Schema } from "effect"
import type { DrawPlan } from "../actors/Draws.ts"
import { millisOf } from "../actors/Calls.ts"
import * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"

export const DISTINCT = "draws.winners-distinct"
export const ELIGIBLE = "draws.winners-eligible"
export const VERIFIABLE = "draws.verifiable"
export const TRIGGERS = "draws.triggers"

const encodeAudit = Schema.encodeSync(DrawAudit.Audit)

/** The draws' invariants over the plans the actor gave the campaigns. */
export const make = (plans: ReadonlyMap<string, DrawPlan>): Part => {
  /** Runs read back by campaign id, in the order read. */
  const runs = new Map<string, Array<DrawRun.Run>>()

  /** The model's entries a run's rules take: finished before it, inside its window. */
  const considered = (campaign: Model.CampaignState, run: DrawRun.Run) => {
    const at = millisOf(run.createdAt)!
    const from = millisOf(run.rules.windowStart)
    const until = millisOf(run.rules.windowEnd)
    const before = millisOf(run.rules.entriesBefore)
    return campaign.finished.filter((p) => {
      const t = p.finished!.at
      return t <= at && (from === null || t >= from) && (until === null || t < until) && (before === null || t < before)
    })
  }

  const check = (sim: Sim, campaign: Model.CampaignState, run: DrawRun.Run) =>
    Effect.gen(function* () {
      const plan = plans.get(campaign.id)
      const name = `run ${run.id} of ${campaign.plan.key}`
      const earlier = runs.get(campaign.id) ?? []
      runs.set(campaign.id, [...earlier, run])
      const refOf = (p: Model.Play) => sim.world.players[p.player]!.ref
      const earlierWinners = new Set(earlier.flatMap((r) => r.winners.map((w) => w.participantRef)))
      const refs = run.winners.map((w) => w.participantRef)
      const takes = considered(campaign, run)
      const open = new Set(takes.map(refOf).filter((ref) => !earlierWinners.has(ref)))
      const automaticMoment = run.trigger === "auto_on_session_end"

      sim.invariants.check(
        DISTINCT,
        new Set(refs).size === refs.length &&
          refs.every((ref) => !earlierWinners.has(ref)) &&
          run.winners.every((w, i) => w.rank === i + 1) &&
          run.winners.length <= run.rules.maxWinners &&
          (automaticMoment
            ? // A winning moment pays one winner; the campaign's maxWinners is the count of its moments.
              run.winners.length <= 1 &&
              run.moment !== null &&
              run.moment.count === plan?.maxWinners &&
              earlier.every((r) => r.moment?.index !== run.moment!.index)
            : run.rules.maxWinners === plan?.maxWinners &&
              run.winners.length === Math.min(run.rules.maxWinners, open.size)),
        () =>
          `${name}: winners ${refs.join(",")} (ranks ${run.winners.map((w) => w.rank).join(",")}), maxWinners ` +
          `${run.rules.maxWinners} (planned ${plan?.maxWinners}), moment ${run.moment?.index}/${run.moment?.count}, ` +
          `${open.size} could win, earlier winners ${[...earlierWinners].join(",")}`
      )

      const byEntry = new Map(takes.map((p) => [p.finished!.entryId, p]))
      for (const w of run.winners) {
        const play = byEntry.get(w.entryId)
        sim.invariants.check(
          ELIGIBLE,
          play !== undefined && refOf(play) === w.participantRef,
          () => `${name}: winner ${w.participantRef} with entry ${w.entryId}, not an entry of theirs the run could take`
        )
      }
      if (run.algorithm === "score_highest" && run.winners.length > 0) {
        const lowest = Math.min(...run.winners.map((w) => byEntry.get(w.entryId)?.finished?.score ?? -Infinity))
        const winners = new Set(refs)
        const better = takes.find(
          (p) => !winners.has(refOf(p)) && !earlierWinners.has(refOf(p)) && (p.finished!.score ?? -Infinity) > lowest
        )
        sim.invariants.check(
          ELIGIBLE,
          better === undefined,
          () =>
            `${name}: ${better === undefined ? "" : refOf(better)} scored ${better?.finished?.score} > ${lowest}, not a winner`
        )
      }

      const owner = Model.accountOf(sim.model, campaign).owner
      const verified = yield* sim.engine.draws.verify(owner, campaign.id, run.id).pipe(Effect.orDie)
      sim.invariants.check(
        VERIFIABLE,
        verified.verified && DrawAudit.sameWinners(run.winners, verified.winners),
        () => `${name}: verify says ${verified.verified} with ${JSON.stringify(verified.winners)}`
      )
      const audit = yield* sim.engine.draws.audit(owner, campaign.id, run.id).pipe(Effect.orDie)
      const offline = DrawAudit.verifyDraw(JSON.parse(JSON.stringify(encodeAudit(audit))))
      sim.invariants.check(
        VERIFIABLE,
        offline.verified && DrawAudit.sameWinners(run.winners, offline.winners),
        () =>
          `${name}: verifyDraw says ${offline.verified}: ${offline.checks
            .filter((c) => !c.ok)
            .map((c) => `${c.name} ${c.message}`)
            .join("; ")}`
      )
      if (!automaticMoment) {
        const listed = audit.entries.map((e) => e.id).sort()
        const model = takes.map((p) => p.finished!.entryId).sort()
        sim.invariants.check(
          VERIFIABLE,
          listed.join() === model.join() && audit.run.entriesConsidered === model.length,
          () =>
            `${name}: the audit lists ${listed.length} entries (${run.entriesConsidered} considered), the model ${model.length}`
        )
      }
      sim.invariants.check(
        TRIGGERS,
        plan !== undefined && run.trigger === plan.trigger,
        () => `${name}: trigger ${run.trigger}, the campaign's is ${plan?.trigger}`
      )
    })

  return {
    name: "draws",
    invariants: {
      [DISTINCT]:
        "no participant wins twice in a campaign; ranks 1..n; maxWinners winners, or every participant who could win",
      [ELIGIBLE]:
        "each winner's entry is theirs, written before the run, inside its window; score_highest takes the highest scores",
      [VERIFIABLE]:
        "Draws.verify and verifyDraw over the audit recompute the run's winners from the entries the model says it took",
      [TRIGGERS]:
        "a run has its campaign's trigger; a scheduled draw is made once at scheduleAt; the store's runs are those read"
    },
    start: (sim) =>
      Effect.sync(() => {
        sim.observe("drawn", ({ campaign, run }) => {
          sim.agenda.next("draws", check(sim, campaign, run))
        })
        sim.observe("scheduled", ({ campaign, again, fresh }) => {
          sim.invariants.check(
            TRIGGERS,
            fresh === (again ? 0 : 1),
            () => `runDue ${again ? "a minute after" : "at"} the scheduleAt of ${campaign.plan.key} made ${fresh} runs`
          )
        })
      }),
    finish: (sim) =>
      Effect.gen(function* () {
        for (const [campaignId] of plans) {
          const campaign = sim.model.campaignsById.get(campaignId)!
          const page = yield* sim.engine.draws
            .runs(Model.accountOf(sim.model, campaign).owner, campaignId, { limit: 200, offset: 0 })
            .pipe(Effect.orDie)
          const stored = page.items.map((r) => r.id)
          const read = (runs.get(campaignId) ?? []).map((r) => r.id).reverse()
          sim.invariants.check(
            TRIGGERS,
            stored.join() === read.join() && page.total === read.length,
            () => `${campaign.plan.key}: the store lists runs ${stored.join()}, read ${read.join()}`
          )
        }
      })
  }
}
