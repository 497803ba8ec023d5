/**
 * Channels: a place where games are embedded. One campaign is live on a channel at a time; when none
 * is, the channel shows its between-campaigns message. A channel may limit plays per player across
 * every campaign on it, in total and per day (a day starts at midnight in `playLimitTimezone`).
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { StoreError } from "../Errors.ts"
import { defined, HttpsUrl, names, pick, PlayLimit, Text, Timestamp, TimeZone } from "../Fields.ts"
import type { Page, Paged } from "../Pagination.ts"

export const ChannelStatus = Schema.Literals(["active", "disabled"])
export type ChannelStatus = typeof ChannelStatus.Type

/** What the channel shows when no campaign is live. */
export const BetweenCampaigns = Schema.Struct({
  title: Schema.optionalKey(Text(0, 120)),
  body: Schema.optionalKey(Text(0, 600)),
  imageUrl: Schema.optionalKey(HttpsUrl)
})
export type BetweenCampaigns = typeof BetweenCampaigns.Type

/** A channel as stored and as shown. */
export interface Channel {
  readonly id: string
  readonly accountId: string
  readonly name: string
  readonly status: ChannelStatus
  readonly betweenCampaigns: BetweenCampaigns
  readonly maxPlaysPerParticipant: number | null
  readonly maxPlaysPerParticipantPerDay: number | null
  readonly playLimitTimezone: string
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

/** What the plays read of a channel (`PlayContextRepo`): its status, message and play limits. */
export type PlayChannel = Pick<
  Channel,
  | "id"
  | "accountId"
  | "status"
  | "betweenCampaigns"
  | "maxPlaysPerParticipant"
  | "maxPlaysPerParticipantPerDay"
  | "playLimitTimezone"
>

/** A channel's `PlayChannel` fields. */
export const playView = (channel: Channel): PlayChannel => ({
  id: channel.id,
  accountId: channel.accountId,
  status: channel.status,
  betweenCampaigns: channel.betweenCampaigns,
  maxPlaysPerParticipant: channel.maxPlaysPerParticipant,
  maxPlaysPerParticipantPerDay: channel.maxPlaysPerParticipantPerDay,
  playLimitTimezone: channel.playLimitTimezone
})

export const Name = Text(1, 200)

/** The channel resource of the API. */
export const ChannelView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  status: ChannelStatus,
  betweenCampaigns: BetweenCampaigns,
  maxPlaysPerParticipant: Schema.NullOr(Schema.Int),
  maxPlaysPerParticipantPerDay: Schema.NullOr(Schema.Int),
  playLimitTimezone: Schema.String,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "Channel" })
export type ChannelView = typeof ChannelView.Type

const copyView = pick(names(ChannelView))

export const view = (channel: Channel): ChannelView => copyView(channel)

/** Body of `POST /v1/channels`. */
export const CreateChannel = Schema.Struct({
  name: Name,
  status: Schema.optionalKey(ChannelStatus),
  betweenCampaigns: Schema.optionalKey(Schema.NullOr(BetweenCampaigns)),
  maxPlaysPerParticipant: Schema.optionalKey(PlayLimit),
  maxPlaysPerParticipantPerDay: Schema.optionalKey(PlayLimit),
  playLimitTimezone: Schema.optionalKey(TimeZone)
}).annotate({ identifier: "CreateChannel" })
export type CreateChannel = typeof CreateChannel.Type

/** Body of `PATCH /v1/channels/{channelId}`: at least one field; `betweenCampaigns` is replaced whole. */
export const UpdateChannel = Schema.Struct({
  name: Schema.optionalKey(Name),
  status: Schema.optionalKey(ChannelStatus),
  betweenCampaigns: Schema.optionalKey(Schema.NullOr(BetweenCampaigns)),
  maxPlaysPerParticipant: Schema.optionalKey(PlayLimit),
  maxPlaysPerParticipantPerDay: Schema.optionalKey(PlayLimit),
  playLimitTimezone: Schema.optionalKey(TimeZone)
})
  .check(
    Schema.makeFilter((u: object) => Object.keys(u).length > 0 || "Expected at least one property to change", {
      expected: "at least one property"
    })
  )
  .annotate({ identifier: "UpdateChannel" })
export type UpdateChannel = typeof UpdateChannel.Type

/** A new channel from its create body (pure). */
export const make = (input: CreateChannel, ids: { id: string; accountId: string }, now: Timestamp): Channel => ({
  id: ids.id,
  accountId: ids.accountId,
  name: input.name,
  status: input.status ?? "active",
  betweenCampaigns: input.betweenCampaigns ?? {},
  maxPlaysPerParticipant: input.maxPlaysPerParticipant ?? null,
  maxPlaysPerParticipantPerDay: input.maxPlaysPerParticipantPerDay ?? null,
  playLimitTimezone: input.playLimitTimezone ?? "UTC",
  createdAt: now,
  updatedAt: now
})

/** The channel with a change applied (pure). */
export const update = (channel: Channel, patch: UpdateChannel, now: Timestamp): Channel => ({
  ...channel,
  ...defined(patch, ["name", "status", "maxPlaysPerParticipant", "maxPlaysPerParticipantPerDay", "playLimitTimezone"]),
  ...(patch.betweenCampaigns === undefined ? {} : { betweenCampaigns: patch.betweenCampaigns ?? {} }),
  updatedAt: now
})

/** Persistence of channels; every call is scoped to an account. */
export class ChannelRepo extends Context.Service<
  ChannelRepo,
  {
    readonly insert: (channel: Channel) => Effect.Effect<void, StoreError>
    readonly update: (channel: Channel) => Effect.Effect<void, StoreError>
    readonly findById: (accountId: string, id: string) => Effect.Effect<Option.Option<Channel>, StoreError>
    /** Channels of the account, newest first. */
    readonly list: (accountId: string, page: Page) => Effect.Effect<Paged<Channel>, StoreError>
    readonly count: (accountId: string) => Effect.Effect<number, StoreError>
    /** Deletes the channel; false when there was none. */
    readonly delete: (accountId: string, id: string) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/ChannelRepo") {}
