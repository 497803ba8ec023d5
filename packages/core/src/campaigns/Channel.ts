/**
 * Channels: a place where games are embedded. One campaign is live on a channel at a time; when none
 * is, the channel shows its between-campaigns message. A channel may limit plays per player across
 * every campaign on it, in total and per day (a day starts at midnight in `playLimitTimezone`).
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option, Schema, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import * as Fields from "../Fields.ts"
import * as FileRule from "./FileRule.ts"
import type { Page, Paged } from "../Pagination.ts"

export const ChannelStatus = Schema.Literals(["active", "disabled"])
export type ChannelStatus = typeof ChannelStatus.Type

/** What the channel shows when no campaign is live. */
export const BetweenCampaigns = Schema.Struct({
  title: Schema.optionalKey(Fields.Text(0, 120)),
  body: Schema.optionalKey(Fields.Text(0, 600)),
  imageUrl: Schema.optionalKey(FileRule.FileUrl)
})
export type BetweenCampaigns = typeof BetweenCampaigns.Type

/** The between-campaigns message's file (its image), for the file rule (`FileRule.check`). */
export const fileFields = (between: BetweenCampaigns): ReadonlyArray<FileRule.FileField> =>
  between.imageUrl === undefined ? [] : [{ path: "betweenCampaigns.imageUrl", url: between.imageUrl, kind: "image" }]

/**
 * A channel's fields as stored, written once: the channel's type, its API view (`ChannelView`),
 * what the plays read (`PlayChannel`) and its table's row (in `sql`) are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  status: ChannelStatus,
  betweenCampaigns: BetweenCampaigns,
  ...Fields.playLimits,
  createdAt: Fields.Timestamp,
  updatedAt: Fields.Timestamp
}

/** A channel as stored and as shown. */
export type Channel = Schema.Struct.Type<typeof fields>

/** The fields the plays read of a channel (`PlayContextRepo`): its status, message and play limits. */
export const playNames = ["id", "accountId", "status", "betweenCampaigns", ...Fields.playLimitNames] as const

/** What the plays read of a channel: its `playNames` fields. */
export type PlayChannel = Pick<Channel, (typeof playNames)[number]>

/** A channel's `PlayChannel` fields. */
export const playView: (channel: Channel) => PlayChannel = Fields.pick(playNames)

export const Name = Fields.Text(1, 200)

/** The channel resource of the API: the stored fields but the account. */
export const ChannelView = Schema.Struct(Struct.omit(fields, ["accountId"])).annotate({ identifier: "Channel" })
export type ChannelView = typeof ChannelView.Type

const copyView = Fields.pick(Fields.names(ChannelView))

export const view = (channel: Channel): ChannelView => copyView(channel)

/** Body of `POST /v1/channels`. */
export const CreateChannel = Schema.Struct({
  name: Name,
  status: Schema.optionalKey(ChannelStatus),
  betweenCampaigns: Schema.optionalKey(Schema.NullOr(BetweenCampaigns)),
  maxPlaysPerParticipant: Schema.optionalKey(Fields.PlayLimit),
  maxPlaysPerParticipantPerDay: Schema.optionalKey(Fields.PlayLimit),
  playLimitTimezone: Schema.optionalKey(Fields.TimeZone)
}).annotate({ identifier: "CreateChannel" })
export type CreateChannel = typeof CreateChannel.Type

/** Body of `PATCH /v1/channels/{channelId}`: at least one field; `betweenCampaigns` is replaced whole. */
export const UpdateChannel = Fields.Patch({
  name: Name,
  status: ChannelStatus,
  betweenCampaigns: Schema.NullOr(BetweenCampaigns),
  maxPlaysPerParticipant: Fields.PlayLimit,
  maxPlaysPerParticipantPerDay: Fields.PlayLimit,
  playLimitTimezone: Fields.TimeZone
}).annotate({ identifier: "UpdateChannel" })
export type UpdateChannel = typeof UpdateChannel.Type

/** A new channel from its create body (pure). */
export const make = (input: CreateChannel, ids: { id: string; accountId: string }, now: Fields.Timestamp): Channel => ({
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
export const update = (channel: Channel, patch: UpdateChannel, now: Fields.Timestamp): Channel => ({
  ...channel,
  ...Fields.defined(patch, [
    "name",
    "status",
    "maxPlaysPerParticipant",
    "maxPlaysPerParticipantPerDay",
    "playLimitTimezone"
  ]),
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
