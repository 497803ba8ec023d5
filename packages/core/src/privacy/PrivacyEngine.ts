/**
 * The part of the engine that is participants' data: its use cases (`Participants`) and its
 * background worker (retention), as one layer that `Engine.layer` merges with the rest.
 *
 * With `background`, a fiber runs a retention pass (`Participants.eraseExpired`) at start and every
 * `POLL` after, on effect's `Clock` (a test drives it with `TestClock`, or calls
 * `RetentionWorker.runOnce`). Every instance may run it: each player's plays are erased once, under
 * the player's lock (`Participants`).
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, Layer } from "effect"
import type { StoreError } from "../Failure.ts"
import { Participants } from "./Participants.ts"
import type { PrivacyRepo } from "./Privacy.ts"

/** How often the retention pass runs: retention counts in days, so a play is erased within the hour it is due. */
export const POLL = Duration.hours(1)

/** The repositories this subsystem asks of a store. */
export type Repos = PrivacyRepo

/** The use cases an application calls. */
export type UseCases = Participants

/** The retention worker: one pass now. */
export class RetentionWorker extends Context.Service<
  RetentionWorker,
  {
    /** One retention pass at the clock's now (what the background fiber does every `POLL`): how many erasures it made. */
    readonly runOnce: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/privacy/RetentionWorker") {}

/** What `layer` provides. */
export type Services = UseCases | RetentionWorker

export interface Options {
  /** Runs the retention worker on this instance (`Engine.Options.workers`). */
  readonly background: boolean
}

const worker = (options: Options) =>
  Layer.effect(
    RetentionWorker,
    Effect.gen(function* () {
      const participants = yield* Participants
      const runOnce = participants.eraseExpired
      if (options.background) {
        const loop = Effect.forever(
          Effect.andThen(
            runOnce.pipe(Effect.catch((error) => Effect.logWarning("privacy: retention pass failed", error.message))),
            Effect.sleep(POLL)
          )
        )
        yield* Effect.forkScoped(loop)
      }
      return RetentionWorker.of({ runOnce })
    })
  )

/** The use cases and the worker of this subsystem. */
export const layer = (options: Options) => worker(options).pipe(Layer.provideMerge(Participants.layer))
