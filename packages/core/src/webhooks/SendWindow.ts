/**
 * How many requests one instance keeps in flight to one webhook endpoint: a window that grows
 * while the endpoint answers well and halves when it struggles (additive increase, multiplicative
 * decrease, as TCP's congestion control), so a receiver that answers fast gets many requests at
 * once and a slow, failing or dead one few. Pure: the dispatcher keeps one per endpoint.
 *
 * - **Bounds.** It starts at `INITIAL` (4) and stays between 1 and `MAX` (64): never more than 64
 *   requests at once to one endpoint from one instance (each instance has its own window).
 * - **Growth.** One more per good answer until the first sign of trouble (doubling every round
 *   trip: "slow start"), then one more per window of good answers (one per round trip). A fast
 *   endpoint reaches the maximum within a few hundred deliveries; a slow one grows as slowly as it
 *   answers.
 * - **Trouble.** No answer within the timeout, an unreachable endpoint, an answer of 408, 429 or
 *   5xx, or an answer much slower than the endpoint usually is (more than twice its recent best
 *   and more than `SLOWER_BY` (250 ms) above it) halves the window, at most once per round trip:
 *   the answers to requests sent before the last halving do not halve it again. An endpoint that
 *   is slow but steady (every answer takes 8 s, say) is not in trouble: its best creeps up to its
 *   usual pace, and its window grows.
 * - **Neutral.** Any other answer (2xx, 3xx, 4xx) is good: the receiver is alive and answering. A
 *   request that was never sent (`Refused`: a URL that cannot be used) changes nothing.
 *
 * @since 0.1.0
 */
import type { AttemptResult } from "./Webhook.ts"
import { isRetryableStatus } from "./Webhook.ts"

/** The window of a new endpoint (and of one not heard from for a while). */
export const INITIAL = 4

/** The most requests in flight to one endpoint from one instance. */
export const MAX = 64

/** How much slower than its best an answer must be (besides twice as slow) to count as trouble. */
export const SLOWER_BY = 250

export interface SendWindow {
  /** The window, possibly fractional while it grows by a fraction per answer; `size` rounds it down. */
  readonly limit: number
  /** Whether it still doubles every round trip (no trouble seen yet). */
  readonly slowStart: boolean
  /** When it was last halved (epoch ms): answers to requests sent before this do not halve it again. */
  readonly halvedAt: number
  /** The endpoint's recent best answer time (ms), NaN before its first answer. */
  readonly best: number
}

/** The window of an endpoint not heard from yet. */
export const initial: SendWindow = { limit: INITIAL, slowStart: true, halvedAt: -Infinity, best: NaN }

/** How many requests may be in flight now: the window rounded down, at least 1. */
export const size = (window: SendWindow): number => Math.max(1, Math.floor(window.limit))

/**
 * The best answer time after an answer that took `took` ms: it drops to any faster answer at once
 * and creeps towards slower ones (a 64th of the way per answer), so a lasting change of pace
 * becomes the new normal after some hundred answers.
 */
const nextBest = (best: number, took: number): number =>
  Number.isNaN(best) || took < best ? took : best + (took - best) / 64

/** Whether a try says the endpoint is struggling (see the module's header). */
export const isTrouble = (result: AttemptResult, took: number, best: number): boolean => {
  switch (result._tag) {
    case "TimedOut":
    case "Unreachable":
      return true
    case "Refused":
      return false
    case "Answered":
      return isRetryableStatus(result.status) || (!Number.isNaN(best) && took > 2 * best && took > best + SLOWER_BY)
  }
}

/**
 * The window after the answer (or failure) of a request sent at `sentAt` and finished at
 * `finishedAt` (epoch ms).
 */
export const afterTry = (window: SendWindow, result: AttemptResult, sentAt: number, finishedAt: number): SendWindow => {
  if (result._tag === "Refused") return window
  const took = Math.max(0, finishedAt - sentAt)
  // Only answers tell how fast the endpoint answers; a timeout or a refused connection does not.
  const best = result._tag === "Answered" ? nextBest(window.best, took) : window.best
  if (isTrouble(result, took, window.best)) {
    if (sentAt < window.halvedAt) return { ...window, best }
    return { limit: Math.max(1, window.limit / 2), slowStart: false, halvedAt: finishedAt, best }
  }
  const grown = window.slowStart ? window.limit + 1 : window.limit + 1 / size(window)
  return { ...window, limit: Math.min(MAX, grown), best }
}
