/**
 * The errors of campaigns and channels (`Campaigns`, `Channels`, `Branding`): one `CampaignsError`
 * whose `reason` says which rule of a campaign's life refused the command (archived, already
 * active, windows overlapping, played and so not deletable, …). A missing campaign or channel is
 * the shared `ResourceNotFound`; a game's refusal of the config passes through as `GameError`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Timestamp } from "../Fields.ts"
import { plural, ServiceError, withDetails, withMessage } from "../Failure.ts"

/** The campaign is archived: `command` (activate, archive, edit, resolve) needs it restored first. */
export class CampaignArchived extends withMessage(
  Schema.TaggedError<CampaignArchived>()("CampaignArchived", {
    campaignId: Schema.String,
    command: Schema.Literals(["activate", "archive", "edit", "resolve"])
  }),
  ({ command }) => {
    switch (command) {
      case "activate":
        return "An archived campaign cannot be activated; restore it first."
      case "archive":
        return "The campaign is already archived."
      default:
        return "An archived campaign cannot be edited; restore it first."
    }
  }
) {}

/** The campaign is already active (activation). */
export class CampaignAlreadyActive extends withMessage(
  Schema.TaggedError<CampaignAlreadyActive>()("CampaignAlreadyActive", { campaignId: Schema.String }),
  "The campaign is already active."
) {}

/** Only an active campaign can be paused; this one is `status`. */
export class CampaignNotActive extends withMessage(
  Schema.TaggedError<CampaignNotActive>()("CampaignNotActive", {
    campaignId: Schema.String,
    status: Schema.String
  }),
  ({ status }) => `Only an active campaign can be paused; this one is ${status}.`
) {}

/** Only an archived campaign can be restored; this one is `status`. */
export class CampaignNotArchived extends withMessage(
  Schema.TaggedError<CampaignNotArchived>()("CampaignNotArchived", {
    campaignId: Schema.String,
    status: Schema.String
  }),
  ({ status }) => `Only an archived campaign can be restored; this one is ${status}.`
) {}

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

/** What can go wrong in the campaign and channel use cases. */
export const CampaignsReason = Schema.Union([
  CampaignArchived,
  CampaignAlreadyActive,
  CampaignNotActive,
  CampaignNotArchived,
  NotAPrediction,
  AlreadyResolved,
  NoCampaignToHandOver,
  LiveWindowOverlap,
  CampaignPlayed,
  ChannelHasCampaigns
])
export type CampaignsReason = typeof CampaignsReason.Type

/** The error of the campaigns subsystem: `reason` says what happened. */
export class CampaignsError extends ServiceError(
  Schema.TaggedError<CampaignsError>()("CampaignsError", { reason: CampaignsReason })
) {}
