/**
 * Play limits, as an oracle the players' actor asks before each mint and start, and the invariants
 * it checks:
 *
 * - `plays.limits-decided`: the engine refuses a mint or a start with `PlayLimitReached` exactly
 *   when a limit is reached, naming exactly the limits reached, in the engine's order (totals
 *   first; the campaign's before the channel's); it never refuses a player under every limit.
 * - `plays.limits-never-exceeded`: after every start the engine let through, no player has more
 *   plays than a limit allows: per campaign and per channel, in total and per local day in the
 *   limit's time zone.
 * - `plays.limits-reset`: a refusal for daily limits says the player may come back at the next
 *   local midnight of the later of those days (the first instant of the next local date), and
 *   never when a total is reached.
 *
 * The oracle counts the plays the engine started, by local date read with `Intl` (`LocalTime`), not
 * with the engine's day windows.
 *
 * @since 0.1.0
 */
import type { Errors } from "@campaign-games/core"
import { Effect } from "effect"
import { localDate, startsDay } from "../LocalTime.ts"
import type * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"
import type * as World from "../World.ts"

export const DECIDED = "plays.limits-decided"
export const NEVER_EXCEEDED = "plays.limits-never-exceeded"
export const RESET = "plays.limits-reset"

/** One limit reached, as the engine names it: `campaign.total.3`, `channel.perDay.2`. */
export type Reached = string

const reachedOf = (scope: Errors.PlayLimitScope, period: "total" | "perDay", limit: number): Reached =>
  `${scope}.${period}.${limit}`

/** The oracle of one run. */
export interface PlayLimits {
  readonly part: Part
  /** The limits a play of `campaign` by `player` on `channel` would pass at `at`, in the engine's order. */
  readonly reached: (
    campaign: Model.CampaignState,
    channel: Model.ChannelState,
    player: string,
    at: number
  ) => Array<Reached>
  /** Counts a play the engine started, and checks no limit is passed. */
  readonly started: (campaign: Model.CampaignState, channel: Model.ChannelState, player: string, at: number) => void
  /** Checks a refusal's `resetsAt` (epoch milliseconds or null) against the limits reached at `at`. */
  readonly checkReset: (
    campaign: Model.CampaignState,
    channel: Model.ChannelState,
    reached: ReadonlyArray<Reached>,
    resetsAt: number | null,
    at: number
  ) => void
}

export const make = (): PlayLimits => {
  const counts = new Map<string, number>()
  let sim: Sim | undefined
  const count = (key: string) => counts.get(key) ?? 0
  const bump = (key: string) => counts.set(key, count(key) + 1)

  /** A scope's limits for the player at `at`, and the keys of its counts (`c|…` in all, `cd|…` that day). */
  const scopeOf = (
    scope: Errors.PlayLimitScope,
    prefix: string,
    id: string,
    limits: World.Limits,
    player: string,
    at: number
  ) => ({
    scope,
    total: limits.total,
    perDay: limits.perDay,
    zone: limits.timeZone,
    totalKey: `${prefix}|${id}|${player}`,
    dayKey: `${prefix}d|${id}|${player}|${localDate(limits.timeZone, at)}`
  })

  const scopes = (campaign: Model.CampaignState, channel: Model.ChannelState, player: string, at: number) => [
    scopeOf("campaign", "c", campaign.id, campaign.plan.limits, player, at),
    scopeOf("channel", "h", channel.id, channel.plan.limits, player, at)
  ]

  const reached: PlayLimits["reached"] = (campaign, channel, player, at) => {
    const totals: Array<Reached> = []
    const days: Array<Reached> = []
    for (const s of scopes(campaign, channel, player, at)) {
      if (s.total !== null && count(s.totalKey) >= s.total) totals.push(reachedOf(s.scope, "total", s.total))
      if (s.perDay !== null && count(s.dayKey) >= s.perDay) days.push(reachedOf(s.scope, "perDay", s.perDay))
    }
    return [...totals, ...days]
  }

  const part: Part = {
    name: "play limits",
    invariants: {
      [DECIDED]: "a mint or start is refused for play limits exactly when one is reached, naming exactly those reached",
      [NEVER_EXCEEDED]:
        "no player has more plays than a limit allows, per campaign and channel, in total and per local day in the limit's time zone",
      [RESET]: "a daily refusal resets at the next local midnight of the later day reached; a total one never"
    },
    start: (s) =>
      Effect.sync(() => {
        sim = s
      })
  }

  return {
    part,
    reached,
    started: (campaign, channel, player, at) => {
      for (const s of scopes(campaign, channel, player, at)) {
        bump(s.totalKey)
        bump(s.dayKey)
        const total = count(s.totalKey)
        const today = count(s.dayKey)
        sim!.invariants.check(
          NEVER_EXCEEDED,
          (s.total === null || total <= s.total) && (s.perDay === null || today <= s.perDay),
          () =>
            `${player} has ${total} plays (${today} on ${localDate(s.zone, at)} in ${s.zone}) on ${s.scope} ` +
            `${s.scope === "campaign" ? campaign.plan.key : channel.plan.key}, limits ${s.total}/${s.perDay}`
        )
      }
    },
    checkReset: (campaign, channel, reachedNow, resetsAt, at) => {
      const zones = [
        { scope: "campaign", zone: campaign.plan.limits.timeZone },
        { scope: "channel", zone: channel.plan.limits.timeZone }
      ].filter((z) => reachedNow.some((r) => r.startsWith(`${z.scope}.perDay.`)))
      const total = reachedNow.some((r) => r.includes(".total."))
      const ok = total
        ? resetsAt === null
        : resetsAt !== null &&
          zones.every((z) => localDate(z.zone, resetsAt) !== localDate(z.zone, at)) &&
          zones.some((z) => startsDay(z.zone, resetsAt) && localDate(z.zone, resetsAt - 1) === localDate(z.zone, at))
      sim!.invariants.check(
        RESET,
        ok,
        () =>
          `refused at ${new Date(at).toISOString()} for ${reachedNow.join(", ")}: resetsAt ` +
          `${resetsAt === null ? "null" : new Date(resetsAt).toISOString()}`
      )
    }
  }
}
