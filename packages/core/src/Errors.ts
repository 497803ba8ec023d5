/**
 * The error model of the engine, in effect's style (`RateLimiterError` and its `reason` union): ten
 * categories, one per error code of the specification (`InvalidRequest`, `Unauthorized`,
 * `UpgradeRequired`, `Forbidden`, `NotFound`, `Conflict`, `ConfirmationRequired`, `RateLimited`,
 * `InternalError`, `ServiceUnavailable`), each carrying a typed `reason` that says what happened. A
 * reached play limit and a reused token are both a `Conflict`, told apart by their reasons
 * (`PlayLimitReached`, `TokenAlreadyUsed`). Branch on the category with `Effect.catchTag("Conflict",
 * …)`, on the reason with `Effect.catchReason("Conflict", "PlayLimitReached", …)` or
 * `Effect.catchReasons("Conflict", { … })`.
 *
 * A reason is data: what a caller needs to act (the limit reached and when it resets, the other
 * campaign, the missing permission, the failing field paths). It also has a default `message` in
 * English and, where fields are at fault, `details` (`{ path, message }`); its category exposes both
 * as its own `message` and `details`. Status codes and the API's `{ error: { code, message,
 * details } }` body are computed by the HTTP adapter's table (`ApiError` in `@campaign-games/http`),
 * never here.
 *
 * A category can also be made from a message alone (`new Conflict({ reason: unspecified(message) })`): its reason is then
 * `Unspecified`. That is for failures made outside the engine (an embedder's own routes, an answer of
 * the API decoded by a typed client); every failure the engine makes has a typed reason.
 *
 * `StoreError` is apart: the failure of a storage adapter, passed through by the use cases.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as DrawErrors from "./draws/DrawErrors.ts"
import { Timestamp } from "./Fields.ts"
import * as MediaErrors from "./media/MediaErrors.ts"
import {
  Details,
  foundOr,
  InvalidFields,
  MissingAnyPermission,
  MissingPermission,
  ResourceKind,
  ResourceNotFound,
  ServiceError,
  withDetails,
  withMessage,
  plural,
  fieldsMessage,
  type Detail
} from "./Failure.ts"
import * as RewardErrors from "./rewards/RewardErrors.ts"

export {
  Detail,
  foundOr,
  InvalidFields,
  MissingAnyPermission,
  MissingPermission,
  ResourceKind,
  ResourceNotFound,
  StoreError
} from "./Failure.ts"

// -----------------------------------------------------------------------------
// Any category
// -----------------------------------------------------------------------------

/**
 * A failure known only by its message (and field details): made outside the engine, by an
 * embedder's own code or decoded from an answer of the API. Any category may carry it.
 */
export class Unspecified extends Schema.TaggedError<Unspecified>()("Unspecified", {
  message: Schema.String,
  details: Schema.optionalKey(Details)
}) {}

/** An `Unspecified` reason for `message` (and the failing fields `details`, when there are any). */
export const unspecified = (message: string, details?: ReadonlyArray<Detail> | undefined): Unspecified =>
  new Unspecified(details === undefined ? { message } : { message, details })

// -----------------------------------------------------------------------------
// InvalidRequest (400 invalid_request)
// -----------------------------------------------------------------------------

/**
 * The campaign's config lacks what activation (or a play) needs; `details` name each missing or
 * wrong key (`config.segments`), and are empty when the game cannot say which.
 */
export class ConfigIncomplete extends withMessage(
  Schema.TaggedError<ConfigIncomplete>()("ConfigIncomplete", { details: Details }),
  ({ details }) => (details.length === 0 ? "The campaign's config is incomplete" : fieldsMessage(details))
) {}

/**
 * The player's answer (the finish body) is not one the game accepts: a prediction's `optionId` that
 * is not an option, a score above the game's maximum. `path` names the body field.
 */
export class InvalidAnswer extends withDetails(
  Schema.TaggedError<InvalidAnswer>()("InvalidAnswer", { path: Schema.String, problem: Schema.String }),
  ({ path, problem }) => `${path}: ${problem}`,
  ({ path, problem }) => [{ path, message: problem }]
) {}

export const InvalidRequestReason = Schema.Union([
  InvalidFields,
  ConfigIncomplete,
  InvalidAnswer,
  ...DrawErrors.InvalidRequest,
  ...RewardErrors.InvalidRequest,
  ...MediaErrors.InvalidRequest,
  Unspecified
])
export type InvalidRequestReason = typeof InvalidRequestReason.Type

// -----------------------------------------------------------------------------
// Unauthorized (401 unauthorized)
// -----------------------------------------------------------------------------

/**
 * The message of every refused API key, whatever the reason: it does not tell a caller holding a
 * wrong key whether such a key exists.
 */
const refusedKey = "The API key is missing, malformed, wrong or revoked."

/** The API key is missing or not in the key format. */
export class KeyMalformed extends withMessage(Schema.TaggedError<KeyMalformed>()("KeyMalformed", {}), refusedKey) {}

/** No API key has this prefix, or its secret part is wrong. */
export class KeyUnknown extends withMessage(Schema.TaggedError<KeyUnknown>()("KeyUnknown", {}), refusedKey) {}

/** The API key was revoked (or its account is gone). */
export class KeyRevoked extends withMessage(Schema.TaggedError<KeyRevoked>()("KeyRevoked", {}), refusedKey) {}

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

/** The operator API's token is wrong. */
export class OperatorTokenWrong extends withMessage(
  Schema.TaggedError<OperatorTokenWrong>()("OperatorTokenWrong", {}),
  "Wrong operator token."
) {}

/** The operator API is disabled: the server has no operator token (`CG_ADMIN_TOKEN`). */
export class OperatorApiDisabled extends withMessage(
  Schema.TaggedError<OperatorApiDisabled>()("OperatorApiDisabled", {}),
  "The operator API is disabled (CG_ADMIN_TOKEN is not set)."
) {}

export const UnauthorizedReason = Schema.Union([
  KeyMalformed,
  KeyUnknown,
  KeyRevoked,
  TokenInvalid,
  TokenExpired,
  TokenResourceGone,
  OperatorTokenWrong,
  OperatorApiDisabled,
  Unspecified
])
export type UnauthorizedReason = typeof UnauthorizedReason.Type

// -----------------------------------------------------------------------------
// UpgradeRequired (402 upgrade_required)
// -----------------------------------------------------------------------------

/** The account's plan lacks a feature (`feature` is its flag, `featureName` its name for people). */
export class FeatureMissing extends withDetails(
  Schema.TaggedError<FeatureMissing>()("FeatureMissing", { feature: Schema.String, featureName: Schema.String }),
  ({ featureName }) => `Your plan does not include ${featureName}.`,
  ({ feature }) => [{ path: `features.${feature}`, message: "not included in the plan" }]
) {}

/** The account's plan does not include the game `gameSlug`. */
export class GameNotInPlan extends withDetails(
  Schema.TaggedError<GameNotInPlan>()("GameNotInPlan", { gameSlug: Schema.String }),
  ({ gameSlug }) => `Your plan does not include the game ${gameSlug}.`,
  ({ gameSlug }) => [{ path: "features.games", message: `${gameSlug} is not included in the plan` }]
) {}

/** One more would pass the plan's limit `limit` (`channels`, `playsPerMonth`, …) of `max`. */
export class LimitReached extends withDetails(
  Schema.TaggedError<LimitReached>()("LimitReached", { limit: Schema.String, max: Schema.Int }),
  ({ max, limit }) => `Your plan's limit of ${max} for ${limit} is reached.`,
  ({ limit, max }) => [{ path: `limits.${limit}`, message: `limit of ${max} reached` }]
) {}

export const UpgradeRequiredReason = Schema.Union([
  FeatureMissing,
  GameNotInPlan,
  LimitReached,
  ...DrawErrors.UpgradeRequired,
  ...RewardErrors.UpgradeRequired,
  ...MediaErrors.UpgradeRequired,
  Unspecified
])
export type UpgradeRequiredReason = typeof UpgradeRequiredReason.Type

// -----------------------------------------------------------------------------
// Forbidden (403 forbidden)
// -----------------------------------------------------------------------------

/**
 * A new key would get permissions its creator does not hold: each with its `index` in the
 * requested list.
 */
export class CannotGrantPermission extends withDetails(
  Schema.TaggedError<CannotGrantPermission>()("CannotGrantPermission", {
    permissions: Schema.Array(Schema.Struct({ index: Schema.Int, permission: Schema.String }))
  }),
  "A key can only be given permissions its creator holds.",
  ({ permissions }) =>
    permissions.map(({ index, permission }) => ({
      path: `permissions.${index}`,
      message: `the caller lacks ${permission}`
    }))
) {}

/** A token was asked for an `origin` (as sent) that is not on the account's allowed origins. */
export class OriginNotAllowed extends withDetails(
  Schema.TaggedError<OriginNotAllowed>()("OriginNotAllowed", { origin: Schema.String }),
  "The origin is not on the account's allowed origins.",
  () => [{ path: "origin", message: "not an allowed origin" }]
) {}

export const ForbiddenReason = Schema.Union([
  MissingPermission,
  MissingAnyPermission,
  CannotGrantPermission,
  OriginNotAllowed,
  Unspecified
])
export type ForbiddenReason = typeof ForbiddenReason.Type

// -----------------------------------------------------------------------------
// NotFound (404 not_found)
// -----------------------------------------------------------------------------

export const NotFoundReason = Schema.Union([
  ResourceNotFound,
  ...DrawErrors.NotFound,
  ...RewardErrors.NotFound,
  ...MediaErrors.NotFound,
  Unspecified
])
export type NotFoundReason = typeof NotFoundReason.Type

// -----------------------------------------------------------------------------
// Conflict (409 conflict)
// -----------------------------------------------------------------------------

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

/**
 * A Memory Match scored by the server refused a flip or a finish: the card is matched or already
 * face up, the time is up, pairs are left before the time is up, or the campaign scores on the
 * client (no board to flip).
 */
export class BoardRefused extends withMessage(
  Schema.TaggedError<BoardRefused>()("BoardRefused", {
    sessionId: Schema.String,
    because: Schema.Literals(["cardMatched", "cardFaceUp", "timeUp", "pairsLeft", "clientScored", "tooManyFlips"])
  }),
  ({ because }) =>
    because === "cardMatched"
      ? "This card is already matched."
      : because === "cardFaceUp"
        ? "This card is already face up."
        : because === "timeUp"
          ? "The time is up: no more cards can be turned."
          : because === "pairsLeft"
            ? "Pairs are left: the game can finish once every pair is matched or the time is up."
            : because === "tooManyFlips"
              ? "This board has had all the flips a game may make."
              : "This game is scored by the embed: it has no board on the server."
) {}

/** The campaign is archived: `command` (activate, archive, edit, resolve) needs it restored first. */
export class CampaignArchived extends Schema.TaggedError<CampaignArchived>()("CampaignArchived", {
  campaignId: Schema.String,
  command: Schema.Literals(["activate", "archive", "edit", "resolve"])
}) {
  override get message(): string {
    switch (this.command) {
      case "activate":
        return "An archived campaign cannot be activated; restore it first."
      case "archive":
        return "The campaign is already archived."
      default:
        return "An archived campaign cannot be edited; restore it first."
    }
  }
}

/** The campaign is already active (activation). */
export class CampaignAlreadyActive extends withMessage(
  Schema.TaggedError<CampaignAlreadyActive>()("CampaignAlreadyActive", { campaignId: Schema.String }),
  "The campaign is already active."
) {}

/** Only an active campaign can be paused; this one is `status`. */
export class CampaignNotActive extends Schema.TaggedError<CampaignNotActive>()("CampaignNotActive", {
  campaignId: Schema.String,
  status: Schema.String
}) {
  override get message(): string {
    return `Only an active campaign can be paused; this one is ${this.status}.`
  }
}

/** Only an archived campaign can be restored; this one is `status`. */
export class CampaignNotArchived extends Schema.TaggedError<CampaignNotArchived>()("CampaignNotArchived", {
  campaignId: Schema.String,
  status: Schema.String
}) {
  override get message(): string {
    return `Only an archived campaign can be restored; this one is ${this.status}.`
  }
}

/** Only a prediction campaign can be resolved; this one plays `gameSlug`. */
export class NotAPrediction extends withMessage(
  Schema.TaggedError<NotAPrediction>()("NotAPrediction", {
    campaignId: Schema.String,
    gameSlug: Schema.String
  }),
  "Only a prediction campaign can be resolved."
) {}

/** The prediction is already resolved, to `optionId`; it cannot be resolved to another option. */
export class AlreadyResolved extends withMessage(
  Schema.TaggedError<AlreadyResolved>()("AlreadyResolved", { campaignId: Schema.String, optionId: Schema.String }),
  ({ optionId }) => `The campaign is already resolved to ${optionId}.`
) {}

/** An activation with `handoverAt`: no campaign is live on the channel then to hand over from. */
export class NoCampaignToHandOver extends withMessage(
  Schema.TaggedError<NoCampaignToHandOver>()("NoCampaignToHandOver", {
    channelId: Schema.String,
    handoverAt: Timestamp
  }),
  "No campaign is live on the channel at handoverAt to hand over from."
) {}

/**
 * The campaign's live window would overlap the window of `campaignId`, active on the same channel
 * (one campaign is live on a channel at a time): pause it, or activate with `handoverAt`.
 */
export class LiveWindowOverlap extends withDetails(
  Schema.TaggedError<LiveWindowOverlap>()("LiveWindowOverlap", { campaignId: Schema.String }),
  ({ campaignId }) =>
    `The live window overlaps campaign ${campaignId}, active on the channel; pause it, or activate with handoverAt.`,
  ({ campaignId }) => [{ path: "liveFrom", message: `overlaps campaign ${campaignId}` }]
) {}

/** The campaign has been played (a session started), so it cannot be deleted; archive it. */
export class CampaignPlayed extends withMessage(
  Schema.TaggedError<CampaignPlayed>()("CampaignPlayed", { campaignId: Schema.String }),
  "A campaign that has been played cannot be deleted; archive it."
) {}

/** The channel still has `campaigns` campaigns, so it cannot be deleted; disable it instead. */
export class ChannelHasCampaigns extends withMessage(
  Schema.TaggedError<ChannelHasCampaigns>()("ChannelHasCampaigns", { channelId: Schema.String, campaigns: Schema.Int }),
  ({ campaigns }) => `The channel has ${plural(campaigns, "campaign")}; disable it instead (status: disabled).`
) {}

/** The account already allows `origin` (normalised). */
export class DuplicateOrigin extends withDetails(
  Schema.TaggedError<DuplicateOrigin>()("DuplicateOrigin", { origin: Schema.String }),
  ({ origin }) => `The origin ${origin} is already allowed`,
  () => [{ path: "origin", message: "is already on the account's list" }]
) {}

/** Only a failed or exhausted webhook delivery can be resent; this one is `status`. */
export class DeliveryNotResendable extends Schema.TaggedError<DeliveryNotResendable>()("DeliveryNotResendable", {
  deliveryId: Schema.String,
  status: Schema.String
}) {
  override get message(): string {
    return `Only a failed or exhausted delivery can be resent; this one is ${this.status}.`
  }
}

export const ConflictReason = Schema.Union([
  PlayLimitReached,
  TokenAlreadyUsed,
  PlayAlreadyFinished,
  GameUnavailable,
  BoardRefused,
  CampaignArchived,
  CampaignAlreadyActive,
  CampaignNotActive,
  CampaignNotArchived,
  NotAPrediction,
  AlreadyResolved,
  NoCampaignToHandOver,
  LiveWindowOverlap,
  CampaignPlayed,
  ChannelHasCampaigns,
  DuplicateOrigin,
  DeliveryNotResendable,
  ...DrawErrors.Conflict,
  ...RewardErrors.Conflict,
  ...MediaErrors.Conflict,
  Unspecified
])
export type ConflictReason = typeof ConflictReason.Type

// -----------------------------------------------------------------------------
// RateLimited (429 rate_limited)
// -----------------------------------------------------------------------------

/** More than `limit` requests per `window` (as written for people); retry after `retryAfterSeconds`. */
export class TooManyRequests extends withMessage(
  Schema.TaggedError<TooManyRequests>()("TooManyRequests", {
    limit: Schema.Int,
    window: Schema.String,
    retryAfterSeconds: Schema.Int
  }),
  ({ limit, window, retryAfterSeconds }) =>
    `Too many requests: at most ${limit} per ${window}. Retry after ${retryAfterSeconds} seconds.`
) {}

export const RateLimitedReason = Schema.Union([TooManyRequests, ...MediaErrors.RateLimited, Unspecified])
export type RateLimitedReason = typeof RateLimitedReason.Type

// -----------------------------------------------------------------------------
// The categories
// -----------------------------------------------------------------------------

/** Malformed request or invalid fields (`InvalidFields`, `ConfigIncomplete`, `InvalidAnswer`). */
export class InvalidRequest extends ServiceError(
  Schema.TaggedError<InvalidRequest>()("InvalidRequest", { reason: InvalidRequestReason })
) {}

/** A credential is missing, malformed, wrong, expired or revoked (API key, client token, operator token). */
export class Unauthorized extends ServiceError(
  Schema.TaggedError<Unauthorized>()("Unauthorized", { reason: UnauthorizedReason })
) {}

/** The account's plan lacks a feature or a game, or one of its limits is reached. */
export class UpgradeRequired extends ServiceError(
  Schema.TaggedError<UpgradeRequired>()("UpgradeRequired", { reason: UpgradeRequiredReason })
) {}

/** The key lacks a permission, or the action is not allowed (an origin not on the list). */
export class Forbidden extends ServiceError(
  Schema.TaggedError<Forbidden>()("Forbidden", { reason: ForbiddenReason })
) {}

/** Nothing with that id in the account (`ResourceNotFound` names the kind and the id). */
export class NotFound extends ServiceError(Schema.TaggedError<NotFound>()("NotFound", { reason: NotFoundReason })) {}

/** `NotFound` for the `resource` with this `id`. */
export const notFound = (resource: ResourceKind, id: string): NotFound =>
  new NotFound({ reason: new ResourceNotFound({ resource, id }) })

/** The value a lookup found, or `NotFound` for the `resource` with this `id` when it found none. */
export const orNotFound = (resource: ResourceKind, id: string) => foundOr(() => notFound(resource, id))

/** The request clashes with the current state; retrying it unchanged fails again. */
export class Conflict extends ServiceError(Schema.TaggedError<Conflict>()("Conflict", { reason: ConflictReason })) {}

/** Repeat with `confirm=true` (folder deletion). */
export const ConfirmationRequiredReason = Schema.Union([
  ...DrawErrors.ConfirmationRequired,
  ...RewardErrors.ConfirmationRequired,
  ...MediaErrors.ConfirmationRequired,
  Unspecified
])
export type ConfirmationRequiredReason = typeof ConfirmationRequiredReason.Type

export class ConfirmationRequired extends ServiceError(
  Schema.TaggedError<ConfirmationRequired>()("ConfirmationRequired", { reason: ConfirmationRequiredReason })
) {}

/** Too many requests: wait before trying again (`TooManyRequests` says how long). */
export class RateLimited extends ServiceError(
  Schema.TaggedError<RateLimited>()("RateLimited", { reason: RateLimitedReason })
) {}

/** A fault of the server; retry with backoff. */
export class InternalError extends ServiceError(
  Schema.TaggedError<InternalError>()("InternalError", { reason: Unspecified })
) {}

/** Briefly unavailable (for example the store); retry with backoff. */
export class ServiceUnavailable extends ServiceError(
  Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", { reason: Unspecified })
) {}

/** The ten categories. */
export type Category =
  | InvalidRequest
  | Unauthorized
  | UpgradeRequired
  | Forbidden
  | NotFound
  | Conflict
  | ConfirmationRequired
  | RateLimited
  | InternalError
  | ServiceUnavailable

/** Every reason a category may carry. */
export type Reason = Category["reason"]
