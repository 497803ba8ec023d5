/**
 * The error reasons of draws (the winner selection runs), by category. `Errors` joins each list into its
 * category's `reason` union (`Errors.ConflictReason`, …), and the HTTP adapter's table
 * (`ApiError`) must say how each is answered. Reasons are made with `Reason.ts` (never `Errors`,
 * which imports this module).
 *
 * An unknown campaign is `ResourceNotFound` (`Errors.notFound("campaign", id)`); a missing
 * permission `MissingPermission`; too many triggers `TooManyRequests`: the reasons below are the
 * ones of draws alone.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { withMessage } from "../Failure.ts"

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

/** Reasons of `InvalidRequest` (400). */
export const InvalidRequest = [] as const

/** Reasons of `UpgradeRequired` (402). */
export const UpgradeRequired = [] as const

/** Reasons of `NotFound` (404). */
export const NotFound = [DrawRunNotFound] as const

/** Reasons of `Conflict` (409). */
export const Conflict = [DrawNotManual, DrawAwaitsResolution] as const

/** Reasons of `ConfirmationRequired` (409 confirmation_required). */
export const ConfirmationRequired = [] as const

/** Every reason of this module. */
export type Reason = (
  typeof InvalidRequest | typeof UpgradeRequired | typeof NotFound | typeof Conflict | typeof ConfirmationRequired
)[number]["Type"]
