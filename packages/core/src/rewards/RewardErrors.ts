/**
 * The errors of rewards (tiers, coupon codes, grants): one `RewardsError` whose `reason` says what
 * happened. Invalid bodies and rewards (a `won` match off the wheel, a segment the wheel lacks, a
 * page over its bounds) are the shared `InvalidFields` with their paths; a missing Rewards feature
 * and the stored-coupon-codes limit are the plan's `PlanError` (`FeatureMissing`, `LimitReached`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ServiceError, withDetails, withMessage } from "../Failure.ts"

/** The campaign has no prize `tierId` (a code upload, a generation, a withdrawal or a grant named it). */
export class TierNotFound extends withDetails(
  Schema.TaggedError<TierNotFound>()("TierNotFound", { campaignId: Schema.String, tierId: Schema.String }),
  ({ tierId }) => `The campaign's reward has no prize ${tierId}.`,
  () => [{ path: "tierId", message: "no such prize in the campaign's reward" }]
) {}

/** The campaign has no reward: set one (`PUT …/reward`) before adding codes or granting. */
export class NoReward extends withMessage(
  Schema.TaggedError<NoReward>()("NoReward", { campaignId: Schema.String }),
  "The campaign has no reward; set one first (PUT /v1/game-instances/{id}/reward)."
) {}

/**
 * A PUT leaves out prize `tierId` while it still holds codes that can be given out (`remaining`
 * issues, null for a code with no issue limit): withdraw them first.
 */
export class PrizeHoldsCodes extends withDetails(
  Schema.TaggedError<PrizeHoldsCodes>()("PrizeHoldsCodes", {
    tierId: Schema.String,
    remaining: Schema.NullOr(Schema.Int)
  }),
  ({ tierId }) => `The prize ${tierId} still holds codes that can be given out; withdraw them before removing it.`,
  ({ tierId }) => [{ path: "tiers", message: `${tierId} is left out but still holds codes` }]
) {}

/**
 * A PUT changes the `codeStrategy` of the prize at `index` (`tierId`) once it has given out coupons
 * (`granted`) or while it holds codes (`holdsCodes`).
 */
export class StrategyLocked extends withDetails(
  Schema.TaggedError<StrategyLocked>()("StrategyLocked", {
    tierId: Schema.String,
    index: Schema.Int,
    because: Schema.Literals(["granted", "holdsCodes"])
  }),
  ({ because, tierId }) =>
    because === "granted"
      ? `The prize ${tierId} has given out coupons: its codeStrategy cannot change.`
      : `The prize ${tierId} holds codes: withdraw them before changing its codeStrategy.`,
  ({ index, because }) => [
    {
      path: `tiers.${index}.codeStrategy`,
      message:
        because === "granted" ? "cannot change once coupons were given out" : "cannot change while codes are held"
    }
  ]
) {}

/** Codes were uploaded or generated for a `generated` prize, which makes a fresh code at each grant. */
export class CodesNotStored extends withMessage(
  Schema.TaggedError<CodesNotStored>()("CodesNotStored", { tierId: Schema.String }),
  "This prize makes a fresh code for each player (codeStrategy generated): it stores no codes."
) {}

/**
 * A `shared` prize gives one code to everyone: it holds at most one code that can still be given
 * out (`held` when it already does, `count` when a request brings several).
 */
export class OneSharedCode extends withMessage(
  Schema.TaggedError<OneSharedCode>()("OneSharedCode", {
    tierId: Schema.String,
    because: Schema.Literals(["held", "count"])
  }),
  ({ because, tierId }) =>
    because === "held"
      ? `The shared prize ${tierId} already holds its code; withdraw it to replace it.`
      : `A shared prize holds one code: send exactly one.`
) {}

/** The player already received a coupon of the campaign, which grants once per participant. */
export class AlreadyGranted extends withMessage(
  Schema.TaggedError<AlreadyGranted>()("AlreadyGranted", { campaignId: Schema.String, participantRef: Schema.String }),
  "This player already received a coupon from this campaign (grantOncePerParticipant)."
) {}

/** The prize `tierId` has no code left to give. */
export class OutOfCodes extends withMessage(
  Schema.TaggedError<OutOfCodes>()("OutOfCodes", { tierId: Schema.String }),
  "The prize has no code left to give; add or generate codes."
) {}

/** What can go wrong in the rewards use cases. */
export const RewardsReason = Schema.Union([
  TierNotFound,
  NoReward,
  PrizeHoldsCodes,
  StrategyLocked,
  CodesNotStored,
  OneSharedCode,
  AlreadyGranted,
  OutOfCodes
])
export type RewardsReason = typeof RewardsReason.Type

/** The error of the rewards subsystem: `reason` says what happened. */
export class RewardsError extends ServiceError(
  Schema.TaggedError<RewardsError>()("RewardsError", { reason: RewardsReason })
) {}
