/**
 * Play limits: how many plays a player (a `participantRef`) may make, in total and per day, on a
 * campaign and across every campaign of a channel. A day runs from local midnight to the next local
 * midnight in the scope's `playLimitTimezone`; `dayWindow` turns that day into UTC instants so that
 * a store can count the plays made in it. `decide` is the rule itself: given the limits and the
 * plays already counted, may one more play start? A refusal is a `PlaysError` whose reason,
 * `PlayLimitReached`, names the limits reached and when the player may play again.
 *
 * Everything here is pure: `now` is an argument, never read from a clock.
 *
 * @since 0.1.0
 */
import { DateTime, Option, Result } from "effect"
import { PlayLimitReached, type PlayLimitScope, PlaysError, type ReachedLimit } from "./PlayErrors.ts"
import type { PlayerCounts } from "./Session.ts"

// -----------------------------------------------------------------------------
// Day window
// -----------------------------------------------------------------------------

const HOUR = 3_600_000
const DAY = 24 * HOUR
/**
 * Bounds of any UTC offset, historic local mean times included (the largest known are under 16
 * hours): the first instant of a local day lies within this distance of its midnight read as UTC.
 */
const SEARCH = 36 * HOUR

const UTC_ZONE = DateTime.zoneMakeOffset(0)

/** The zone named `timeZone`; an unknown name (never stored: `Fields.TimeZone` refuses it) counts as UTC. */
const zoneOf = (timeZone: string): DateTime.TimeZone =>
  Option.getOrElse(DateTime.zoneMakeNamed(timeZone), () => UTC_ZONE)

/** The local wall-clock time at instant `t`, as milliseconds of a UTC calendar (`Date.UTC` form). */
const wallClock = (t: number, zone: DateTime.TimeZone): number =>
  t + DateTime.zonedOffset(DateTime.makeZonedUnsafe(t, { timeZone: zone }))

/** Local midnight (in wall-clock milliseconds) of the calendar day that `wall` falls on. */
const midnightOf = (wall: number): number => Math.floor(wall / DAY) * DAY

/**
 * The first instant whose local date is the day starting at wall-clock `midnight` or later: local
 * midnight itself on an ordinary day; the end of the gap when a DST change skips midnight
 * (America/Santiago in September, Asia/Beirut in March); the earlier of two midnights when a change
 * repeats it (America/Havana in November).
 *
 * The fast path tries the offsets in force a day before and a day after (the only two a single DST
 * change can give) and keeps the earliest instant that reads exactly midnight and follows an instant
 * of the day before. Otherwise (midnight skipped, or a zone with several changes in two days) it
 * bisects over the instants around midnight, relying only on local dates never running backwards.
 */
const firstInstantOf = (midnight: number, zone: DateTime.TimeZone): number => {
  const startsDay = (t: number) => wallClock(t, zone) >= midnight
  const before = wallClock(midnight - DAY, zone) - (midnight - DAY)
  const after = wallClock(midnight + DAY, zone) - (midnight + DAY)
  const candidates =
    before === after ? [midnight - before] : [midnight - before, midnight - after].sort((a, b) => a - b)
  for (const t of candidates) {
    if (wallClock(t, zone) === midnight && !startsDay(t - 1)) return t
  }
  // Invariant: `lo` is still on an earlier day, `hi` is on this day or later.
  let lo = midnight - SEARCH
  let hi = midnight + SEARCH
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (startsDay(mid)) hi = mid
    else lo = mid
  }
  return hi
}

/** A span of time `[start, end)`: `start` included, `end` excluded. */
export interface Window {
  readonly start: DateTime.Utc
  readonly end: DateTime.Utc
}

/**
 * The local calendar day containing `now` in the IANA zone `timeZone`, as UTC instants: from the
 * first instant of that local date to the first instant of the next one. Consecutive days are
 * contiguous (one day's `end` is the next day's `start`). A day is 24 hours long except on a DST
 * change (23 or 25 hours, or other lengths where a zone changes by other amounts); where a change
 * skips midnight the day starts when the clock jumps, and where it repeats midnight the day starts at
 * the first of the two. A zone this runtime does not know counts as UTC (stored zones are checked with
 * `Fields.TimeZone` when written).
 */
export const dayWindow = (now: DateTime.Utc, timeZone: string): Window => {
  const zone = zoneOf(timeZone)
  const midnight = midnightOf(wallClock(DateTime.toEpochMillis(now), zone))
  return {
    start: DateTime.makeUnsafe(firstInstantOf(midnight, zone)),
    end: DateTime.makeUnsafe(firstInstantOf(midnight + DAY, zone))
  }
}

// -----------------------------------------------------------------------------
// Limits and the rule
// -----------------------------------------------------------------------------

/** The limits of one scope: plays per player in total and per day; `null` = no limit. */
export interface Limits {
  readonly total: number | null
  readonly perDay: number | null
}

/** The plays a player has already made in one scope: in total, and in the current day window. */
export interface Counts {
  readonly total: number
  readonly today: number
}

/** What sets play limits: a channel or a campaign (both carry the specification's two fields). */
export interface LimitSource {
  readonly maxPlaysPerParticipant: number | null
  readonly maxPlaysPerParticipantPerDay: number | null
}

/** The limits set on a channel or a campaign. */
export const limitsOf = (source: LimitSource): Limits => ({
  total: source.maxPlaysPerParticipant,
  perDay: source.maxPlaysPerParticipantPerDay
})

/** Plays the player has left under `limits` (the smaller of the two), never negative; `null` = unlimited. */
export const remaining = (limits: Limits, counts: Counts): number | null => {
  const left = [
    limits.total === null ? null : limits.total - counts.total,
    limits.perDay === null ? null : limits.perDay - counts.today
  ].filter((n): n is number => n !== null)
  return left.length === 0 ? null : Math.max(0, Math.min(...left))
}

/** Where a limit is set: on the campaign, or on the channel across all its campaigns. */
export type Scope = PlayLimitScope

/** One scope's limits, the player's plays counted in it, and its current day window. */
export interface ScopeState {
  readonly scope: Scope
  readonly limits: Limits
  readonly counts: Counts
  /** The scope's current day (`dayWindow`): a daily limit reached in it resets at its end. */
  readonly day?: Window | undefined
}

/** A play's two scopes' current days, each in its own play-limit time zone (`dayWindow`). */
export interface Days {
  readonly campaignDay: Window
  readonly channelDay: Window
}

/** Whether the campaign or the channel sets any play limit (so a play must be counted). */
export const anyLimit = (campaign: LimitSource, channel: LimitSource): boolean =>
  campaign.maxPlaysPerParticipant !== null ||
  campaign.maxPlaysPerParticipantPerDay !== null ||
  channel.maxPlaysPerParticipant !== null ||
  channel.maxPlaysPerParticipantPerDay !== null

/**
 * The scopes of a play of a campaign on a channel: each one's limits, the player's plays counted in
 * it and its current day, as `decide` takes them (the campaign's first).
 */
export const scopesOf = (
  campaign: LimitSource,
  channel: LimitSource,
  counts: PlayerCounts,
  days: Days
): ReadonlyArray<ScopeState> => [
  {
    scope: "campaign",
    limits: limitsOf(campaign),
    counts: { total: counts.campaignTotal, today: counts.campaignToday },
    day: days.campaignDay
  },
  {
    scope: "channel",
    limits: limitsOf(channel),
    counts: { total: counts.channelTotal, today: counts.channelToday },
    day: days.channelDay
  }
]

/** The field naming each limit, as in the Channel and Campaign resources. */
export const Field = PlayLimitReached.limitField

/** The message a player sees when a total limit is reached (shown as is by the embed). */
export const MESSAGE_TOTAL = PlayLimitReached.messageTotal
/** The message a player sees when a daily limit is reached. */
export const MESSAGE_TODAY = PlayLimitReached.messageToday

const later = (a: DateTime.Utc | null, b: DateTime.Utc): DateTime.Utc =>
  a === null || DateTime.isLessThan(a, b) ? b : a

/**
 * Whether one more play may start. Refused (`PlaysError` with reason `PlayLimitReached`) when in any
 * scope the player has already made as many plays as a limit allows, in total or today. The reason
 * lists every limit reached, totals first (its message, written for the player, speaks of the total
 * when a total is reached: waiting for tomorrow would not help, else of today), and says when the
 * player may play again: at the end of the day windows of the daily limits reached (the later one),
 * or never (null) once a total is reached.
 */
export const decide = (scopes: ReadonlyArray<ScopeState>): Result.Result<void, PlaysError> => {
  const totals: Array<ReachedLimit> = []
  const days: Array<ReachedLimit> = []
  let resetsAt: DateTime.Utc | null = null
  let resetKnown = true
  for (const { counts, day, limits, scope } of scopes) {
    if (limits.total !== null && counts.total >= limits.total) {
      totals.push({ scope, period: "total", limit: limits.total })
    }
    if (limits.perDay !== null && counts.today >= limits.perDay) {
      days.push({ scope, period: "perDay", limit: limits.perDay })
      if (day === undefined) resetKnown = false
      else resetsAt = later(resetsAt, day.end)
    }
  }
  const [first, ...others] = [...totals, ...days]
  if (first === undefined) return Result.void
  return Result.fail(
    new PlaysError({
      reason: new PlayLimitReached({
        reached: [first, ...others],
        resetsAt: totals.length === 0 && resetKnown ? resetsAt : null
      })
    })
  )
}
