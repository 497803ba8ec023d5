/**
 * What a draw's winners receive: the rewards' grants by draw. A port so that draws know nothing of
 * rewards; the engine provides the rewards' own (`RewardsEngine`), and the default grants nothing.
 *
 * `grant` runs inside the run's transaction, after the run is written: a failure fails the run (and
 * nothing of it is kept).
 *
 * @since 0.1.0
 */
import { Context, type DateTime, Effect } from "effect"
import type { StoreError } from "../Failure.ts"

/** One winner of a run, as the run records it. */
export interface Winner {
  /** The winner's id in the run (`run.winners[].id`). */
  readonly winnerId: string
  readonly participantRef: string
  /** 1 for the first winner drawn. */
  readonly rank: number
  readonly entryId: string
}

/** A run's winners, to be granted. */
export interface WinnersDrawn {
  readonly accountId: string
  readonly campaignId: string
  readonly runId: string
  readonly winners: ReadonlyArray<Winner>
  readonly now: DateTime.Utc
}

export class WinnerGrants extends Context.Reference<{
  readonly grant: (drawn: WinnersDrawn) => Effect.Effect<void, StoreError>
}>("@campaign-games/core/draws/WinnerGrants", { defaultValue: () => ({ grant: () => Effect.void }) }) {}
