/**
 * The simulation's random choices, all from effect's `Random` seeded from the run's seed, in
 * streams of their own so that one part's draws never shift another's:
 *
 * - `Stream`: a seeded generator consumed in one fixed order (the world's plan, the players'
 *   choices as the agenda runs them, the secrets the engine asks for). `stream(seed, label)` is
 *   effect's `Random.withSeed` generator for `"<seed>/<label>"`, taken out so plain code can draw
 *   from it.
 * - `keyed(seed, key)`: one draw that depends on its key alone, for choices that must not depend on
 *   the order in which concurrent work reaches them (a receiver's answer to an attempt of a
 *   delivery: the dispatcher sends in parallel).
 *
 * The engine's own draws (ids, the wheel) come from the `Random` the run is seeded with
 * (`Simulation`), a stream the driver never touches.
 *
 * @since 0.1.0
 */
import { Effect, Random } from "effect"

/** A seeded generator with the helpers the simulation draws with. */
export interface Stream {
  /** A number in [0, 1). */
  readonly next: () => number
  /** An integer in [min, max] (both included). */
  readonly int: (min: number, max: number) => number
  /** A number in [min, max). */
  readonly between: (min: number, max: number) => number
  /** True with probability `p`. */
  readonly chance: (p: number) => boolean
  /** One element, each equally likely. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  /** One element, each with a chance proportional to its weight. */
  readonly weighted: <A>(items: ReadonlyArray<readonly [A, number]>) => A
}

/** The helpers over one effect `Random`. */
export const over = (random: Random.Random): Stream => {
  const next = () => random.nextDoubleUnsafe()
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)]!,
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0)
      let target = next() * total
      for (const [item, weight] of items) {
        target -= weight
        if (target < 0) return item
      }
      return items[items.length - 1]![0]
    }
  }
}

/** The generator of effect's `Random.withSeed("<seed>/<label>")`. */
export const stream = (seed: string, label: string): Effect.Effect<Stream> =>
  Effect.map(Random.Random.pipe(Random.withSeed(`${seed}/${label}`)), over)

/** One draw in [0, 1) of effect's `Random.withSeed("<seed>/<key>")`: a function of the key alone. */
export const keyed = (seed: string, key: string): Effect.Effect<number> =>
  Random.next.pipe(Random.withSeed(`${seed}/${key}`))
