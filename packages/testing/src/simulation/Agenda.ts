/**
 * The simulation's agenda: every step of every actor, at its instant, run in one order that
 * depends only on what was scheduled (by instant, then by the order steps were scheduled in), so a
 * run is a sequence the seed alone decides. A binary heap: scheduling and taking the next step cost
 * O(log n).
 *
 * @since 0.1.0
 */
import type { Effect } from "effect"

/** Who a step belongs to: the run's figures (time spent, steps run) are kept per actor. */
export type ActorName = string

/** One step: at `at` (epoch milliseconds), the effect `run`, of `actor`. */
export interface Step<R> {
  readonly at: number
  readonly seq: number
  readonly actor: ActorName
  readonly run: Effect.Effect<void, never, R>
}

const before = <R>(a: Step<R>, b: Step<R>): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq)

/** A queue of steps, earliest first; steps at one instant in the order they were scheduled. */
export interface Agenda<R> {
  /** Schedules `run` at `at` for `actor`. */
  readonly schedule: (at: number, actor: ActorName, run: Effect.Effect<void, never, R>) => void
  /**
   * Schedules `run` right after the step running now, before any other step (at its instant; in
   * the order asked): what a step's outcome calls for at once (reading back what the engine made,
   * before a dispatcher round of the same instant sends its deliveries).
   */
  readonly next: (actor: ActorName, run: Effect.Effect<void, never, R>) => void
  /** The earliest step, removed; undefined when none is left. */
  readonly take: () => Step<R> | undefined
  /** The instant of the earliest step, without removing it. */
  readonly peek: () => number | undefined
  readonly size: () => number
}

/** An empty agenda. */
export const make = <R>(): Agenda<R> => {
  const heap: Array<Step<R>> = []
  const urgent: Array<Step<R>> = []
  let seq = 0
  let lastAt = Number.NEGATIVE_INFINITY
  const swap = (i: number, j: number) => {
    const t = heap[i]!
    heap[i] = heap[j]!
    heap[j] = t
  }
  return {
    schedule: (at, actor, run) => {
      heap.push({ at, seq: seq++, actor, run })
      let i = heap.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!before(heap[i]!, heap[parent]!)) break
        swap(i, parent)
        i = parent
      }
    },
    next: (actor, run) => {
      urgent.push({ at: lastAt, seq: seq++, actor, run })
    },
    take: () => {
      const first = urgent.shift()
      if (first !== undefined) return first
      if (heap.length === 0) return undefined
      const top = heap[0]!
      lastAt = top.at
      const last = heap.pop()!
      if (heap.length > 0) {
        heap[0] = last
        let i = 0
        while (true) {
          const l = 2 * i + 1
          const r = l + 1
          let m = i
          if (l < heap.length && before(heap[l]!, heap[m]!)) m = l
          if (r < heap.length && before(heap[r]!, heap[m]!)) m = r
          if (m === i) break
          swap(i, m)
          i = m
        }
      }
      return top
    },
    peek: () => urgent[0]?.at ?? heap[0]?.at,
    size: () => urgent.length + heap.length
  }
}
