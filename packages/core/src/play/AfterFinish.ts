/**
 * What runs once a play is finished, after its transaction committed: the draws' `auto_on_session_end`
 * trigger. A port so that `Plays` knows nothing of draws; the engine provides the draws' own
 * (`DrawsEngine`), and the default does nothing.
 *
 * It never fails a finish and never makes it wait long: the implementation handles its own failures
 * (logs them) and decides what runs in the background.
 *
 * @since 0.1.0
 */
import { Context, Effect } from "effect"
import type { PlayCampaign } from "../campaigns/Campaign.ts"
import type { Entry } from "./Entry.ts"

/** A play as it was finished: the campaign as the finish decided from it, and the entry written. */
export interface FinishedPlay {
  readonly campaign: PlayCampaign
  readonly entry: Entry
}

export class AfterFinish extends Context.Reference<{
  readonly finished: (play: FinishedPlay) => Effect.Effect<void>
}>("@campaign-games/core/play/AfterFinish", { defaultValue: () => ({ finished: () => Effect.void }) }) {}
