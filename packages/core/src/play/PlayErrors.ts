/**
 * The errors of plays (`Plays`, `AllowedOrigins`): one `PlaysError` whose `reason` says what
 * happened: a client token refused (malformed, expired, its campaign gone, already used), a play
 * limit reached, a play already finished, a game no longer open, an origin not allowed. What plays
 * meet from elsewhere passes through as it is: the plan's `PlanError`, the game's `GameError`, the
 * shared `ResourceNotFound`, `MissingPermission`, `InvalidFields` and `StoreError` (`Failure`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { KeyRevoked } from "../accounts/AccountErrors.ts"
import { Timestamp } from "../Fields.ts"
import { type Detail, plural, ServiceError, withDetails, withMessage } from "../Failure.ts"

/** The client token is malformed, forged, or signed with another key. */
export class TokenInvalid extends withMessage(
  Schema.TaggedError<TokenInvalid>()("TokenInvalid", {}),
  "The client token is malformed or its signature is wrong."
) {}

/** The client token expired at `expiredAt` (a finish has an hour of grace after it). */
export class TokenExpired extends withMessage(
  Schema.TaggedError<TokenExpired>()("TokenExpired", { expiredAt: Timestamp }),
  "The client token has expired."
) {}

/** The campaign or channel the client token was minted for no longer exists (`id` names it). */
export class TokenResourceGone extends withMessage(
  Schema.TaggedError<TokenResourceGone>()("TokenResourceGone", {
    resource: Schema.Literals(["campaign", "channel"]),
    id: Schema.String
  }),
  ({ resource }) => `The client token's ${resource} no longer exists.`
) {}

/** A token was asked for an `origin` (as sent) that is not on the account's allowed origins. */
export class OriginNotAllowed extends withDetails(
  Schema.TaggedError<OriginNotAllowed>()("OriginNotAllowed", { origin: Schema.String }),
  "The origin is not on the account's allowed origins.",
  () => [{ path: "origin", message: "not an allowed origin" }]
) {}

/** Where a play limit is set: on the campaign, or on the channel across all its campaigns. */
export const PlayLimitScope = Schema.Literals(["campaign", "channel"])
export type PlayLimitScope = typeof PlayLimitScope.Type

/** Which play limit: plays per player in total, or per day (in the scope's time zone). */
export const PlayLimitPeriod = Schema.Literals(["total", "perDay"])
export type PlayLimitPeriod = typeof PlayLimitPeriod.Type

/** One play limit a player has reached: where it is set, which one, and its value. */
export const ReachedLimit = Schema.Struct({ scope: PlayLimitScope, period: PlayLimitPeriod, limit: Schema.Int })
export type ReachedLimit = typeof ReachedLimit.Type

/**
 * The player has used every play a limit allows. `reached` lists every limit reached, totals first;
 * `scope`, `period` and `limit` are the first's, the one the message (written for the player) speaks
 * of. `resetsAt` is when the player may play again: the end of the day window of the daily limits
 * reached, or null when a total limit is reached (or the day window was not given).
 */
export class PlayLimitReached extends Schema.TaggedError<PlayLimitReached>()("PlayLimitReached", {
  reached: Schema.NonEmptyArray(ReachedLimit),
  resetsAt: Schema.NullOr(Timestamp)
}) {
  /** The message a player sees when a total limit is reached (shown as is by the embed). */
  static readonly messageTotal = "You have used all your plays."
  /** The message a player sees when a daily limit is reached. */
  static readonly messageToday = "You have used all your plays for today."
  /** The field naming each limit, as in the Channel and Campaign resources. */
  static readonly limitField = {
    total: "maxPlaysPerParticipant",
    perDay: "maxPlaysPerParticipantPerDay"
  } as const satisfies Record<PlayLimitPeriod, string>

  get scope(): PlayLimitScope {
    return this.reached[0].scope
  }
  get period(): PlayLimitPeriod {
    return this.reached[0].period
  }
  get limit(): number {
    return this.reached[0].limit
  }
  override get message(): string {
    return this.period === "total" ? PlayLimitReached.messageTotal : PlayLimitReached.messageToday
  }
  /** Every limit reached, as `campaign.maxPlaysPerParticipant`, `channel.maxPlaysPerParticipantPerDay`, … */
  get details(): ReadonlyArray<Detail> {
    return this.reached.map(({ limit, period, scope }) => ({
      path: `${scope}.${PlayLimitReached.limitField[period]}`,
      message: `the limit of ${plural(limit, "play")} per player${period === "perDay" ? " per day" : ""} on this ${scope} is reached`
    }))
  }
}

/** The client token (`jti`) already started a play; a token plays once. */
export class TokenAlreadyUsed extends withMessage(
  Schema.TaggedError<TokenAlreadyUsed>()("TokenAlreadyUsed", { jti: Schema.String }),
  "This client token was already used; mint a new one."
) {}

/** The play `sessionId` is already finished. */
export class PlayAlreadyFinished extends withMessage(
  Schema.TaggedError<PlayAlreadyFinished>()("PlayAlreadyFinished", { sessionId: Schema.String }),
  "This play is already finished."
) {}

/**
 * The token's campaign can no longer be played: it is no longer active, its channel is disabled, or
 * it is a prediction already resolved (its answer is out: `Campaign.takesPlays`).
 */
export class GameUnavailable extends withMessage(
  Schema.TaggedError<GameUnavailable>()("GameUnavailable", {
    campaignId: Schema.String,
    because: Schema.Literals(["campaignNotActive", "channelDisabled", "predictionResolved"])
  }),
  ({ because, campaignId }) =>
    because === "predictionResolved"
      ? `This prediction is closed: campaign ${campaignId} is resolved and takes no more plays.`
      : "This game is no longer available."
) {}

/** The account already allows `origin` (normalised). */
export class DuplicateOrigin extends withDetails(
  Schema.TaggedError<DuplicateOrigin>()("DuplicateOrigin", { origin: Schema.String }),
  ({ origin }) => `The origin ${origin} is already allowed`,
  () => [{ path: "origin", message: "is already on the account's list" }]
) {}

/** What can go wrong in the play use cases (a revoked key minting a token is the accounts' `KeyRevoked`). */
export const PlaysReason = Schema.Union([
  TokenInvalid,
  TokenExpired,
  TokenResourceGone,
  KeyRevoked,
  OriginNotAllowed,
  PlayLimitReached,
  TokenAlreadyUsed,
  PlayAlreadyFinished,
  GameUnavailable,
  DuplicateOrigin
])
export type PlaysReason = typeof PlaysReason.Type

/** The error of the play subsystem: `reason` says what happened. */
export class PlaysError extends ServiceError(Schema.TaggedError<PlaysError>()("PlaysError", { reason: PlaysReason })) {}
