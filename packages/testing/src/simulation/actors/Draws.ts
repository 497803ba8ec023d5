/**
 * The draws' operators: each campaign the operators create (but predictions: their entries' eligibility
 * waits for a resolution, which the plays' invariants follow) is given a winner-selection trigger,
 * in turn by channel and campaign: `manual` (the operator draws by hand at planned instants: a day
 * into the campaign and an hour after its end), `auto_on_schedule` (a `scheduleAt` an hour after
 * its end: at that instant, and once more a minute later, the actor calls `DrawWorker.runDue`: the
 * engine's background poll never runs under the test clock) or `auto_on_session_end` (the engine's
 * `AfterFinish` forks the winning moments after each play; the run waits for `DrawWorker.settled`
 * after every step, and this actor reads the campaign's runs back after each of its finishes).
 * `maxWinners` goes from 1 to 5, and 40 on some (more than the players of a small world's campaign);
 * some manual campaigns draw the highest scores (`score_highest`, quiz and memory match).
 *
 * Every run read back is logged (`draw <instant> <campaign> <run> <trigger> <winners…>`) and
 * published (`drawn`) for the draws' invariants and for the deliveries' ledger (`winner_selected`).
 * Once, a manual draw is asked of a campaign of another trigger: it must be refused (`DrawNotManual`).
 *
 * @since 0.1.0
 */
import type { DrawRun } from "@campaign-games/core"
import { Effect } from "effect"
import { iso } from "../EventLog.ts"
import * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"
import * as World from "../World.ts"
import { AS_COMMANDED, commandedOn, configureCreated, describe, instant } from "./Calls.ts"

/** The trigger of a campaign's draws, and its rules. */
export interface DrawPlan {
  readonly trigger: "manual" | "auto_on_schedule" | "auto_on_session_end"
  readonly algorithm: "random_uniform" | "score_highest" | null
  readonly maxWinners: number
  /** A scheduled draw's instant, an after-play draw's window end. */
  readonly at: number | null
}

const TRIGGERS = ["manual", "auto_on_schedule", "auto_on_session_end"] as const

/** The draws planned for a campaign, from its place in the world (none for a prediction). */
export const planOf = (world: World.World, campaign: Model.CampaignState, channel: number): DrawPlan | null => {
  const plan = campaign.plan
  if (plan.game.slug === "prediction") return null
  const trigger = TRIGGERS[(channel + plan.index) % TRIGGERS.length]!
  const maxWinners = (channel + 2 * plan.index) % 7 === 3 ? 40 : 1 + ((channel + plan.index) % 5)
  const end = plan.end ?? world.end - 6 * World.HOUR
  const scores = plan.game.slug === "quiz" || plan.game.slug === "memory-match"
  return {
    trigger,
    algorithm: trigger === "manual" && scores && channel % 2 === 0 ? "score_highest" : null,
    maxWinners,
    at: trigger === "auto_on_schedule" ? end + World.HOUR : trigger === "auto_on_session_end" ? end : null
  }
}

/** The draws' actor; the plans it gave each campaign (by engine id) for the invariants. */
export const make = (): Part & { readonly plans: ReadonlyMap<string, DrawPlan> } => {
  const plans = new Map<string, DrawPlan>()
  /** The runs read back, by campaign id. */
  const seen = new Map<string, Set<string>>()
  let refusedOnce = false

  /** Reads the campaign's runs; publishes the ones not seen yet (oldest first); how many. */
  const readRuns = (sim: Sim, campaign: Model.CampaignState, why: string) =>
    Effect.gen(function* () {
      const account = Model.accountOf(sim.model, campaign)
      const page = yield* sim.engine.draws
        .runs(account.owner, campaign.id, { limit: 200, offset: 0 })
        .pipe(Effect.orDie)
      const known = seen.get(campaign.id) ?? new Set<string>()
      seen.set(campaign.id, known)
      const fresh = page.items.filter((r) => !known.has(r.id)).reverse()
      for (const run of fresh) {
        known.add(run.id)
        publishRun(sim, campaign, run, why)
      }
      return fresh.length
    })

  const publishRun = (sim: Sim, campaign: Model.CampaignState, run: DrawRun.Run, why: string) => {
    sim.counters.add("draws.runs")
    sim.counters.add(`draws.runs.${run.trigger}`)
    sim.counters.add(`draws.algorithm.${run.algorithm}`)
    sim.counters.add("draws.winners", run.winners.length)
    sim.log.append(
      "draw",
      iso(sim.now()),
      campaign.id,
      run.id,
      run.trigger,
      why,
      ...run.winners.map((w) => `${w.rank}:${w.participantRef}:${w.entryId}`)
    )
    sim.publish("drawn", {
      campaign,
      run,
      endpoints: run.winners.length > 0 ? Model.endpointsFor(sim.model, "winner_selected", campaign) : []
    })
  }

  /** A draw by hand on a manual campaign: it must succeed. */
  const byHand = (sim: Sim, campaign: Model.CampaignState) =>
    Effect.gen(function* () {
      const run = yield* commandedOn(sim, campaign, "draw", (owner, id) => sim.engine.draws.trigger(owner, id))
      if (run === undefined) return
      sim.counters.add("draws.manual")
      yield* readRuns(sim, campaign, "manual")
    })

  /** A draw by hand on a campaign of another trigger: refused with `DrawNotManual`. */
  const refused = (sim: Sim, campaign: Model.CampaignState) =>
    Effect.gen(function* () {
      const answer = yield* sim.engine.draws.trigger(Model.accountOf(sim.model, campaign).owner, campaign.id).pipe(
        Effect.map(() => "ok"),
        Effect.catch((error) => Effect.succeed(describe(error)))
      )
      sim.log.append("op", iso(sim.now()), "draw-refused", campaign.id, answer)
      sim.invariants.check(
        AS_COMMANDED,
        answer === "DrawsError/DrawNotManual",
        () => `a manual draw of ${campaign.plan.key} (not manual) answered ${answer}`
      )
      sim.counters.add("draws.refused-not-manual")
    })

  /** The scheduled draws due now (`DrawWorker.runDue`): the runs of `campaign` it made are read back. */
  const due = (sim: Sim, campaign: Model.CampaignState, again: boolean) =>
    Effect.gen(function* () {
      const made = yield* sim.engine.drawWorker.runDue.pipe(Effect.orDie)
      sim.counters.add("draws.run-due.calls")
      const fresh = yield* readRuns(sim, campaign, again ? "due-again" : "due")
      sim.log.append("op", iso(sim.now()), "run-due", campaign.id, made, fresh)
      sim.publish("scheduled", { campaign, again, fresh })
    })

  /** Gives a created campaign its draws' settings, and plans the draws' steps. */
  const configure = (sim: Sim, campaign: Model.CampaignState, plan: DrawPlan) =>
    Effect.gen(function* () {
      const updated = yield* commandedOn(sim, campaign, "draw settings of", (owner, id) =>
        sim.engine.campaigns.update(owner, id, {
          winnerSelectionTrigger: plan.trigger,
          ...(plan.algorithm === null ? {} : { winnerSelectionAlgorithm: plan.algorithm }),
          winnerSelectionConfig: {
            maxWinners: plan.maxWinners,
            ...(plan.trigger === "auto_on_session_end" ? { windowEnd: instant(plan.at!) } : {})
          },
          ...(plan.trigger === "auto_on_schedule" ? { scheduleAt: instant(plan.at!) } : {})
        })
      )
      if (updated === undefined) return
      plans.set(campaign.id, plan)
      sim.counters.add(`draws.campaigns.${plan.trigger}`)
      sim.log.append("op", iso(sim.now()), "draw-settings", campaign.id, plan.trigger, plan.maxWinners, plan.at ?? "")
      const end = campaign.plan.end ?? sim.world.end - 6 * World.HOUR
      const last = sim.world.end
      switch (plan.trigger) {
        case "manual": {
          const during = campaign.plan.start + 24 * World.HOUR
          if (during < end) sim.agenda.schedule(during, "draws", byHand(sim, campaign))
          if (end + World.HOUR <= last) sim.agenda.schedule(end + World.HOUR, "draws", byHand(sim, campaign))
          break
        }
        case "auto_on_schedule": {
          if (plan.at! <= last) sim.agenda.schedule(plan.at!, "draws", due(sim, campaign, false))
          if (plan.at! + World.MINUTE <= last)
            sim.agenda.schedule(plan.at! + World.MINUTE, "draws", due(sim, campaign, true))
          if (!refusedOnce) {
            refusedOnce = true
            sim.agenda.schedule(campaign.plan.start + World.HOUR, "draws", refused(sim, campaign))
          }
          break
        }
        case "auto_on_session_end":
          break
      }
    })

  const part = {
    name: "draws",
    plans,
    start: (sim: Sim) =>
      Effect.sync(() => {
        configureCreated(sim, "draws", (campaign, channel) => planOf(sim.world, campaign, channel), configure)
        sim.observe("finished", (play) => {
          if (plans.get(play.campaign.id)?.trigger === "auto_on_session_end") {
            sim.agenda.next("draws", Effect.asVoid(readRuns(sim, play.campaign, "after-play")))
          }
        })
      })
  }
  return part
}
