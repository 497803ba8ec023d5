/**
 * `Effect.fn(name)` for the use cases every play runs, without its cost per call: `Effect.fn`
 * captures a stack trace on each call (for the fiber's stack frames), about 5 to 13 µs on a
 * play's deep stacks, where the rest of a use case takes a few dozen. `traced` keeps the span
 * (named as `Effect.fn` names it, so traces read the same) and captures no stack; a failure still
 * carries its own stack where it is made. Measured with `node bench/play-overhead.ts`
 * (docs/performance.md).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"

/** `body` as a function whose every call runs in a span `name`, with no stack captured. */
export const traced =
  (name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as `Effect.fnUntraced` declares them
  <Eff extends Effect.Effect<any, any, any>, AEff, Args extends Array<any>>(
    body: (...args: Args) => Generator<Eff, AEff, never>
  ): ((
    ...args: Args
  ) => Effect.Effect<
    AEff,
    [Eff] extends [never] ? never : [Eff] extends [Effect.Effect<infer _A, infer E, infer _R>] ? E : never,
    [Eff] extends [never] ? never : [Eff] extends [Effect.Effect<infer _A, infer _E, infer R>] ? R : never
  >) => {
    const run = Effect.fnUntraced(body)
    return (...args: Args) => Effect.withSpan(run(...args), name, { captureStackTrace: false })
  }
