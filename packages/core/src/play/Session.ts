/**
 * Play sessions: one per client token (its `jti` is unique), started by the embed and finished once.
 * Sessions are what play limits count: a play is used when it starts.
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { StoreError } from "../Failure.ts"
import { type Timestamp, Timestamp as TimestampSchema, TimestampOrNull } from "../Fields.ts"

/** A session's fields as stored, written once: the session's type and its table's row (in `sql`). */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  participantRef: Schema.String,
  origin: Schema.String,
  jti: Schema.String,
  startedAt: TimestampSchema,
  finishedAt: TimestampOrNull
}

export type Session = Schema.Struct.Type<typeof fields>

/** Sessions a player started, as play limits count them. */
export interface PlayerCounts {
  readonly campaignTotal: number
  readonly campaignToday: number
  readonly channelTotal: number
  readonly channelToday: number
}

export interface CountQuery {
  readonly channelId: string
  readonly campaignId: string
  readonly participantRef: string
  /** The campaign's current day, in its play-limit time zone: `[start, end)`. */
  readonly campaignDay: { readonly start: Timestamp; readonly end: Timestamp }
  /** The channel's current day, in its play-limit time zone. */
  readonly channelDay: { readonly start: Timestamp; readonly end: Timestamp }
}

/** How `SessionRepo.startPlay` ended. */
export type StartPlay = "Started" | "TokenUsed" | "MonthFull"

/** Persistence of sessions. */
export class SessionRepo extends Context.Service<
  SessionRepo,
  {
    /** Inserts a session; false when a session with the same `jti` exists (the token was used). */
    readonly insert: (session: Session) => Effect.Effect<boolean, StoreError>
    /**
     * Inserts a session and adds one play to its account's plays of `month` (what `UsageRepo.plays`
     * reads), in one step: both or neither, inside a transaction or not. False (nothing written)
     * when a session with the same `jti` exists.
     */
    readonly insertPlay: (session: Session, month: string) => Effect.Effect<boolean, StoreError>
    /**
     * `insertPlay` within the plan's plays a month: writes the session and counts its play only
     * while the account's plays of `month` are fewer than `playsPerMonth` (null: no limit), decided
     * atomically with concurrent starts of the account on any instance (of two starts for the last
     * play, one is written). `TokenUsed` or `MonthFull`, with nothing written, otherwise.
     */
    readonly startPlay: (
      session: Session,
      month: string,
      playsPerMonth: number | null
    ) => Effect.Effect<StartPlay, StoreError>
    readonly findById: (id: string) => Effect.Effect<Option.Option<Session>, StoreError>
    /** Marks the session finished at `at`; false when it was already finished (or does not exist). */
    readonly finish: (id: string, at: Timestamp) => Effect.Effect<boolean, StoreError>
    readonly counts: (query: CountQuery) => Effect.Effect<PlayerCounts, StoreError>
    /** Whether any session of the campaign was started. */
    readonly anyForCampaign: (accountId: string, campaignId: string) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/SessionRepo") {}
