/**
 * The columns of every table the repositories read, each written once as a field record (`Table`):
 * the field names are the domain's, the columns their snake_case, the schemas those of the values
 * as the driver returns them (`Values`). The plays' narrower reads (`playAccounts`,
 * `playChannels`, `playCampaigns`, `targets`) are picks of them.
 *
 * Tables no repository reads rows of (`events`, `account_usage`, `server_secrets`) have none.
 *
 * @since 0.1.0
 */
import { Permission } from "@campaign-games/core/accounts/Permission"
import * as Plan from "@campaign-games/core/accounts/Plan"
import { CampaignStatus, Prize, SelectionConfigView, Trigger } from "@campaign-games/core/campaigns/Campaign"
import { BetweenCampaigns, ChannelStatus } from "@campaign-games/core/campaigns/Channel"
import { Theme } from "@campaign-games/core/campaigns/Theme"
import { Outcome, WinnerAlgorithm } from "@campaign-games/core/games/Game"
import type { Entry } from "@campaign-games/core/play/Entry"
import { EventType } from "@campaign-games/core/webhooks/Event"
import { DeliveryStatus, DeliveryView, EndpointStatus } from "@campaign-games/core/webhooks/Webhook"
import { Schema } from "effect"
import * as Table from "./Table.ts"
import { Time, TimeOrNull } from "./Values.ts"

/** `accounts`. */
export const accounts = Table.make({
  id: Schema.String,
  name: Schema.String,
  plan: Plan.PlanName,
  featureOverrides: Plan.FeatureOverrides,
  limitOverrides: Plan.LimitOverrides,
  createdAt: Time,
  updatedAt: Time
})

/** `api_keys`. */
export const apiKeys = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  keyPrefix: Schema.String,
  keyHash: Schema.String,
  permissions: Schema.Array(Permission),
  createdAt: Time,
  revokedAt: TimeOrNull
})

/** `channels`. */
export const channels = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  status: ChannelStatus,
  betweenCampaigns: BetweenCampaigns,
  maxPlaysPerParticipant: Schema.NullOr(Schema.Int),
  maxPlaysPerParticipantPerDay: Schema.NullOr(Schema.Int),
  playLimitTimezone: Schema.String,
  createdAt: Time,
  updatedAt: Time
})

/** `campaigns`: the winner-selection settings are a document whose window times are ISO 8601 strings. */
export const campaigns = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  channelId: Schema.String,
  gameSlug: Schema.String,
  name: Schema.String,
  status: CampaignStatus,
  config: Schema.Record(Schema.String, Schema.Unknown),
  prize: Schema.NullOr(Prize),
  theme: Schema.NullOr(Theme),
  grantOncePerParticipant: Schema.Boolean,
  rewardValidForSeconds: Schema.NullOr(Schema.Int),
  winnerSelectionTrigger: Trigger,
  winnerSelectionAlgorithm: WinnerAlgorithm,
  winnerSelectionConfig: SelectionConfigView,
  scheduleAt: TimeOrNull,
  resolvedOptionId: Schema.NullOr(Schema.String),
  resolvedAt: TimeOrNull,
  maxPlaysPerParticipant: Schema.NullOr(Schema.Int),
  maxPlaysPerParticipantPerDay: Schema.NullOr(Schema.Int),
  playLimitTimezone: Schema.String,
  liveFrom: TimeOrNull,
  liveUntil: TimeOrNull,
  activatedAt: TimeOrNull,
  createdAt: Time,
  updatedAt: Time
})

/** `branding`: an account's theme. */
export const branding = Table.make({ theme: Theme })

/** `sessions`. */
export const sessions = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  participantRef: Schema.String,
  origin: Schema.String,
  jti: Schema.String,
  startedAt: Time,
  finishedAt: TimeOrNull
})

/** `entries`: a prediction is stored as its option id (`entryOf` makes the domain's entry). */
export const entries = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  sessionId: Schema.NullOr(Schema.String),
  participantRef: Schema.String,
  score: Schema.NullOr(Schema.Number),
  predictionOptionId: Schema.NullOr(Schema.String),
  outcome: Schema.NullOr(Outcome),
  weight: Schema.Number,
  eligible: Schema.Boolean,
  createdAt: Time
})

/** An entry as the domain has it, from its row. */
export const entryOf = ({ predictionOptionId, ...row }: typeof entries.Row.Type): Entry => ({
  ...row,
  predictionValue: predictionOptionId === null ? null : { optionId: predictionOptionId }
})

/** `allowed_origins`. */
export const allowedOrigins = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  origin: Schema.String,
  createdAt: Time
})

/** `webhook_endpoints`. */
export const endpoints = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  gameInstanceIds: Schema.Array(Schema.String),
  channelIds: Schema.Array(Schema.String),
  includeCouponCodes: Schema.Boolean,
  status: EndpointStatus,
  secret: Schema.String,
  createdAt: Time,
  updatedAt: Time
})

/** `webhook_deliveries` (but the lease, `claimed_until`): the payload is the document delivered. */
export const deliveries = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  endpointId: Schema.String,
  eventId: Schema.String,
  eventType: EventType,
  payload: DeliveryView.fields.payload,
  status: DeliveryStatus,
  attemptCount: Schema.Int,
  lastAttemptedAt: TimeOrNull,
  nextRetryAt: TimeOrNull,
  responseStatus: Schema.NullOr(Schema.Int),
  note: Schema.NullOr(Schema.String),
  createdAt: Time
})

// The plays' narrower reads: what a mint, a start and a finish decide with (`PlayContextRepo`,
// `PlayFinishRepo`).

/** The play-limit fields of a channel and of a campaign. */
const playLimits = ["maxPlaysPerParticipant", "maxPlaysPerParticipantPerDay", "playLimitTimezone"] as const

/** An account's `PlayAccount` fields. */
export const playAccounts = Table.pick(accounts, ["id", "plan", "featureOverrides", "limitOverrides"])

/** A channel's `PlayChannel` fields. */
export const playChannels = Table.pick(channels, ["id", "accountId", "status", "betweenCampaigns", ...playLimits])

/** A campaign's `PlayCampaign` fields. */
export const playCampaigns = Table.pick(campaigns, [
  "id",
  "accountId",
  "channelId",
  "gameSlug",
  "status",
  "config",
  "theme",
  "resolvedOptionId",
  ...playLimits,
  "liveFrom",
  "liveUntil",
  "activatedAt"
])

/** An endpoint as a finish's fan-out reads it (`Webhook.Target`). */
export const targets = Table.pick(endpoints, ["id", "status", "events", "gameInstanceIds", "channelIds"])
