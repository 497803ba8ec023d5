/**
 * What a run tells: the report (what was simulated, what the players and operators did and what the
 * engine answered, the deliveries by status as the store holds them, every invariant with its
 * checks and violations, and the event log's SHA-256) and, apart from it, the run's timings (wall
 * clock, per phase and per actor). The report is a function of the seed and the options alone, the
 * same on every store; the timings are not.
 *
 * @since 0.1.0
 */
import type { Tally } from "./Invariants.ts"

export interface Report {
  readonly seed: string
  readonly players: number
  readonly days: number
  readonly start: string
  readonly end: string
  readonly dispatchEveryMinutes: number
  readonly world: {
    readonly accounts: number
    readonly channels: number
    readonly campaigns: number
    readonly endpoints: number
    readonly visits: number
  }
  /** Everything counted, by name, sorted. */
  readonly counts: { readonly [name: string]: number }
  readonly invariants: ReadonlyArray<Tally>
  readonly violations: number
  readonly eventLog: { readonly lines: number; readonly sha256: string }
}

export interface Timings {
  readonly totalMs: number
  /** Planning the world, building the engine over the store, the operators' setup. */
  readonly setupMs: number
  /** The agenda, step by step. */
  readonly runMs: number
  /** The end-of-run checks against the store. */
  readonly checksMs: number
  readonly steps: number
  /** Steps run and time spent, per actor. */
  readonly byActor: { readonly [actor: string]: { readonly steps: number; readonly ms: number } }
}

const n = (value: number) => value.toLocaleString("en-US")

/** The report as text (and the timings, when given). */
export const format = (report: Report, timings?: Timings): string => {
  const c = (name: string) => report.counts[name] ?? 0
  const lines = [
    `Campaign Games simulation: seed ${JSON.stringify(report.seed)}, ${n(report.players)} players, ${report.days} days ` +
      `(${report.start} to ${report.end}), dispatcher rounds every ${report.dispatchEveryMinutes} min`,
    `World: ${report.world.accounts} accounts, ${report.world.channels} channels, ${report.world.campaigns} campaigns ` +
      `(${c("campaigns.handovers")} handovers, ${c("campaigns.gaps")} gaps, ${c("campaigns.pauses")} pauses, ` +
      `${c("campaigns.resolved")} resolved, ${c("campaigns.archived")} archived), ${report.world.endpoints} webhook endpoints, ` +
      `${n(report.world.visits)} visits planned`,
    `Plays: ${n(c("plays.mints"))} mints (${n(c("plays.tokens"))} tokens, ${n(c("plays.between-campaigns"))} between campaigns, ` +
      `${n(c("plays.mint-refused.limit"))} refused for play limits, ${n(c("plays.mint-refused.month"))} for the month's plays); ` +
      `${n(c("plays.starts"))} starts (${n(c("plays.started"))} started, ${n(c("plays.start-refused.TokenExpired"))} expired, ` +
      `${n(c("plays.start-refused.GameUnavailable"))} paused or resolved, ${n(c("plays.start-refused.PlayLimitReached"))} at a limit, ` +
      `${n(c("plays.start-refused.TokenAlreadyUsed"))} reused; ${n(c("plays.started-after-its-campaign-ended"))} played ` +
      `a campaign that ended after their mint); ${n(c("plays.finished"))} finished ` +
      `(${n(c("plays.finish-refused-body"))} bodies refused first, ${n(c("plays.finish-again"))} finished twice, ` +
      `${n(c("plays.finish-refused-resolved"))} refused once their prediction was resolved)`,
    `Play limits reached: campaign total ${n(c("limits.campaign.total"))}, campaign per day ${n(c("limits.campaign.perDay"))}, ` +
      `channel total ${n(c("limits.channel.total"))}, channel per day ${n(c("limits.channel.perDay"))}`,
    `Entries: ${n(c("entries.stored"))} stored (wheel ${n(c("entries.spin-the-wheel"))}, quiz ${n(c("entries.quiz"))}, ` +
      `prediction ${n(c("entries.prediction"))}, memory match ${n(c("entries.memory-match"))})`,
    `Deliveries: ${n(c("deliveries.success"))} success, ${n(c("deliveries.exhausted"))} exhausted, ` +
      `${n(c("deliveries.failed"))} failed, ${n(c("deliveries.pending"))} pending; ${n(c("deliveries.attempts"))} attempts ` +
      `(${n(c("deliveries.attempts.answered-2xx"))} answered 2xx, ${n(c("deliveries.attempts.answered-retryable"))} a status ` +
      `retried, ${n(c("deliveries.attempts.answered-final"))} a final status, ${n(c("deliveries.attempts.timed-out"))} timed ` +
      `out, ${n(c("deliveries.attempts.unreachable"))} unreachable, ${n(c("deliveries.attempts.refused"))} refused by the ` +
      `transport), ${n(c("deliveries.resent"))} resent; ${n(c("dispatcher.rounds"))} dispatcher rounds`,
    `Draws: ${n(c("draws.runs"))} runs (manual ${n(c("draws.runs.manual"))}, scheduled ${n(c("draws.runs.auto_on_schedule"))}, ` +
      `after plays ${n(c("draws.runs.auto_on_session_end"))}), ${n(c("draws.winners"))} winners; ` +
      `${n(c("deliveries.made.winner_selected"))} winner_selected deliveries`,
    `Rewards: ${n(c("rewards.grants"))} grants (pool ${n(c("rewards.grants.pool"))}, shared ${n(c("rewards.grants.shared"))}, ` +
      `generated ${n(c("rewards.grants.generated"))}; by rule ${n(c("rewards.grants.by-rule"))}, by draw ` +
      `${n(c("rewards.grants.by-draw"))}), ${n(c("rewards.turned-away.once-per-participant"))} finishes turned away ` +
      `(the player already held the campaign's coupon), ${n(c("rewards.pools-emptied"))} pools emptied; ` +
      `${n(c("deliveries.made.reward_granted"))} reward_granted deliveries`,
    `Invariants (${report.violations === 0 ? "all held" : `${report.violations} violations`}):`,
    ...report.invariants.map(
      (t) =>
        `  ${t.violations === 0 ? "ok  " : "FAIL"} ${t.name.padEnd(32)} ${n(t.checks).padStart(9)} checks` +
        (t.violations === 0 ? "" : `, ${n(t.violations)} violations`) +
        t.examples.map((e) => `\n         ${e}`).join("")
    ),
    `Event log: ${n(report.eventLog.lines)} lines, sha256 ${report.eventLog.sha256}`
  ]
  if (timings !== undefined) {
    const actors = Object.entries(timings.byActor)
      .map(([name, t]) => `${name} ${n(Math.round(t.ms))} ms / ${n(t.steps)} steps`)
      .join(", ")
    lines.push(
      `Time: ${n(Math.round(timings.totalMs))} ms (setup ${n(Math.round(timings.setupMs))}, run ${n(Math.round(timings.runMs))}, ` +
        `checks ${n(Math.round(timings.checksMs))}); ${n(timings.steps)} steps: ${actors}`
    )
  }
  return lines.join("\n")
}
