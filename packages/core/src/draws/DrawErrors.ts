/**
 * The errors of draws (the winner selection runs): one `DrawsError` whose `reason` says what
 * happened: no such run, a draw by hand on a campaign whose draws are automatic, a draw on a
 * prediction not resolved yet. A missing campaign is the shared `ResourceNotFound`, a missing
 * permission `MissingPermission` (`Failure`), passed through as they are.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ServiceError, withMessage } from "../Failure.ts"

/** The campaign has no draw run `runId`. */
export class DrawRunNotFound extends withMessage(
  Schema.TaggedError<DrawRunNotFound>()("DrawRunNotFound", { campaignId: Schema.String, runId: Schema.String }),
  ({ runId }) => `The campaign has no draw run ${runId}.`
) {}

/**
 * A draw was asked for by hand on a campaign whose winners are drawn automatically (`trigger`
 * `auto_on_schedule` or `auto_on_session_end`): its seeds were committed in advance, and a draw by
 * hand would let its winners be chosen otherwise. Setting `winnerSelectionTrigger` to `manual`
 * first allows it (and shows in the campaign's history).
 */
export class DrawNotManual extends withMessage(
  Schema.TaggedError<DrawNotManual>()("DrawNotManual", {
    campaignId: Schema.String,
    trigger: Schema.Literals(["auto_on_session_end", "auto_on_schedule"])
  }),
  ({ trigger }) =>
    `This campaign's winners are drawn ${
      trigger === "auto_on_schedule" ? "at its scheduleAt" : "after each play"
    }; set winnerSelectionTrigger to manual to draw by hand.`
) {}

/**
 * A draw on a prediction campaign that is not resolved yet. Its entries can win only once it is
 * (those holding the resolved option), so a run now would consider none of them, and would no
 * longer verify once they become eligible. Resolving the campaign (`POST …/resolve`) first allows
 * it; a scheduled draw waits for it instead.
 */
export class DrawAwaitsResolution extends withMessage(
  Schema.TaggedError<DrawAwaitsResolution>()("DrawAwaitsResolution", { campaignId: Schema.String }),
  "This prediction campaign is not resolved yet: only entries holding the resolved option can win; resolve it before drawing."
) {}

/** What can go wrong in the draws use cases. */
export const DrawsReason = Schema.Union([DrawRunNotFound, DrawNotManual, DrawAwaitsResolution])
export type DrawsReason = typeof DrawsReason.Type

/** The error of the draws subsystem: `reason` says what happened. */
export class DrawsError extends ServiceError(Schema.TaggedError<DrawsError>()("DrawsError", { reason: DrawsReason })) {}
