/**
 * The pacing of `auto_on_session_end` draws: winning moments, the instant-win practice of regulated
 * promotions. A campaign's prize window (`windowStart`, else `liveFrom`, else its activation;
 * `windowEnd`, else `liveUntil`) is cut into `maxWinners` equal slots, and each slot holds one moment
 * at a random instant within it. The first eligible play finished at or after a moment wins its
 * prize (a participant wins once per campaign: a play of an earlier winner is passed over, and the
 * prize waits for the next player).
 *
 * - Early and late players are treated alike: the prizes are spread over the whole window, one per
 *   slot, wherever the traffic is; a quiet hour does not use up the prizes of a busy evening, and a
 *   player cannot improve their chance by playing at any particular time, since the moments are
 *   unknown until they pass.
 * - At most `maxWinners` prizes are paid: one per moment. A moment after the last play of the window
 *   pays nothing.
 * - Moment `k`'s instant comes from the seed of the run that pays it (the next link of the campaign's
 *   seed chain, `SeedChain`): committed before the campaign starts, revealed only in that run, so no
 *   one, the organiser included, can tell when the next moment falls.
 *
 * Times are epoch milliseconds; every computation is on integers below 2^53.
 *
 * @since 0.1.0
 */
import * as DrawHash from "./DrawHash.ts"

/** A prize window: `start ≤ t < end`. */
export interface Window {
  readonly start: number
  readonly end: number
}

/** Moment `index` of `count`: its slot and its instant. */
export interface Moment {
  readonly index: number
  readonly count: number
  readonly slotStart: number
  readonly slotEnd: number
  readonly at: number
}

/**
 * The prize window of a campaign's after-each-play draws, or undefined when it has no start yet
 * (never activated, no `liveFrom`) or no end (activation refuses such a campaign) or is empty.
 */
export const windowOf = (campaign: {
  readonly windowStart: number | null
  readonly windowEnd: number | null
  readonly liveFrom: number | null
  readonly liveUntil: number | null
  readonly activatedAt: number | null
}): Window | undefined => {
  const start = campaign.windowStart ?? campaign.liveFrom ?? campaign.activatedAt
  const end = campaign.windowEnd ?? campaign.liveUntil
  return start === null || end === null || end <= start ? undefined : { start, end }
}

/** The first 48 bits of `SHA-256(UTF-8(seed ":moment:" index))`. */
const momentBits = (seed: string, index: number): number => {
  const d = DrawHash.digestText(`${seed}:moment:${index}`)
  return ((d[0]! << 16) | (d[1]! << 8) | d[2]!) * 0x1000000 + ((d[3]! << 16) | (d[4]! << 8) | d[5]!)
}

/**
 * Moment `index` (1 to `count`) of `window`, placed by `seed`: slot `index` is
 * `[start + ⌊(index − 1)·D/count⌋, start + ⌊index·D/count⌋)` with `D = end − start`, and the
 * moment is the slot's start plus the first 48 bits of `SHA-256(seed ":moment:" index)` modulo
 * the slot's length (at least 1 ms).
 */
export const momentAt = (seed: string, index: number, count: number, window: Window): Moment => {
  const span = window.end - window.start
  const slotStart = window.start + Math.floor(((index - 1) * span) / count)
  const slotEnd = window.start + Math.floor((index * span) / count)
  const length = Math.max(1, slotEnd - slotStart)
  return { index, count, slotStart, slotEnd, at: slotStart + (momentBits(seed, index) % length) }
}

/**
 * The moment the next after-each-play run would pay, when it has passed at `now`: moment `paid + 1`
 * placed by `seed` (that run's seed), within `count` moments. Undefined when every moment is paid or
 * the next is still ahead (or falls past the window).
 */
export const due = (seed: string, paid: number, count: number, window: Window, now: number): Moment | undefined => {
  const index = paid + 1
  if (index > count) return undefined
  const moment = momentAt(seed, index, count, window)
  return moment.at <= now && moment.at < window.end ? moment : undefined
}
