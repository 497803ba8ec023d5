/**
 * The part of the engine that is draws (winner selection): its use cases (`Draws`), the ports it
 * fills for the rest of the engine (`AfterFinish`: the winning moments after each play), its
 * background worker (scheduled draws), and the repositories it asks of a store (joined into
 * `StorePorts.Repos`), as one layer that `Engine.layer` merges with the rest.
 *
 * - **After each play** (`AfterFinish`): a finished play of an `auto_on_session_end` campaign forks
 *   `Draws.afterPlay` into a fiber of this layer and returns at once, so a finish never waits for
 *   it and never fails because of it: its failures are logged. `DrawWorker.settled` waits for those
 *   fibers (tests, a shutdown).
 * - **Scheduled draws**: with `background`, a fiber calls `Draws.runDue` at start (a schedule missed
 *   while no instance ran is made then) and every `POLL` after, on effect's `Clock` (a test drives
 *   it with `TestClock`, or calls `DrawWorker.runDue`). Every instance may run it: each scheduled
 *   draw is made once, under the campaign's draw lock, and `draw_runs`' key refuses a second.
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, FiberSet, Layer } from "effect"
import type { StoreError } from "../Failure.ts"
import { AfterFinish, type FinishedPlay } from "../play/AfterFinish.ts"
import { Draws } from "./Draws.ts"
import type { DrawRepo } from "./DrawRun.ts"

/** How often the scheduled draws are looked for. */
export const POLL = Duration.seconds(1)

/** The repositories this subsystem asks of a store (each store provides them: `SqlStore`, `MemoryStore`). */
export type Repos = DrawRepo

/** The use cases an application calls. */
export type UseCases = Draws

/** The draws' worker: the scheduled draws due now, and the after-play draws in flight. */
export class DrawWorker extends Context.Service<
  DrawWorker,
  {
    /** Makes the scheduled draws due now (what the background fiber does every `POLL`); how many. */
    readonly runDue: Effect.Effect<number, StoreError>
    /** Waits until the after-play draws forked so far are done. */
    readonly settled: Effect.Effect<void>
  }
>()("@campaign-games/core/draws/DrawWorker") {}

/** What `layer` provides: the use cases and the ports this subsystem fills for the rest of the engine. */
export type Services = UseCases | DrawWorker

/** What `layer` asks of the platform, besides the store's ports and `Engine.PlatformPorts`. */
export type Requirements = never

export interface Options {
  /** Runs the background workers of this subsystem on this instance (`Engine.Options.background`). */
  readonly background: boolean
}

/** The worker, the `AfterFinish` port and (with `background`) the scheduled draws' fiber, over `Draws`. */
const worker = (options: Options) =>
  Layer.effectContext(
    Effect.gen(function* () {
      const draws = yield* Draws
      const afterPlays = yield* FiberSet.make<number, never>()
      const runDue = draws.runDue
      if (options.background) {
        const loop = Effect.forever(
          Effect.andThen(
            runDue.pipe(
              Effect.catch((error) => Effect.logWarning("draws: scheduled draws unavailable", error.message))
            ),
            Effect.sleep(POLL)
          )
        )
        yield* Effect.forkScoped(loop)
      }
      const finished = (play: FinishedPlay): Effect.Effect<void> =>
        play.campaign.winnerSelectionTrigger === "auto_on_session_end"
          ? FiberSet.run(afterPlays)(
              draws
                .afterPlay(play)
                .pipe(
                  Effect.catchCause((cause) =>
                    Effect.logWarning("draws: the winning moments after a play failed", cause).pipe(Effect.as(0))
                  )
                )
            ).pipe(Effect.asVoid)
          : Effect.void
      return Context.make(DrawWorker, DrawWorker.of({ runDue, settled: FiberSet.awaitEmpty(afterPlays) })).pipe(
        Context.add(AfterFinish, { finished })
      )
    })
  )

/** The use cases and ports of this subsystem. */
export const layer = (options: Options) => worker(options).pipe(Layer.provideMerge(Draws.layer))
