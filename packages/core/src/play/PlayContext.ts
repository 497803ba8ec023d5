/**
 * What the play use cases read before they decide, each in one step of the store: the mint's
 * account, key check, channel, origin check and candidate campaigns; the start's campaign, channel, account and branding;
 * the finish's session, campaign and webhook endpoints. The store caches nothing: every call reads
 * it as it is now (the rules that need a lock, such as play limits, still count under it; see
 * `Plays`).
 *
 * The start's read also writes the start when nothing needs counting (`isOpenStart`: campaign and
 * channel active, no play limit on either): the session and the month's usage in the same step, so
 * the common start costs the store one step and no transaction. A limited start is written by
 * `Plays` under the player's lock instead.
 *
 * `PlayFinishRepo` also writes a finished play in one step: the session's claim, its entry, its
 * event and the event's deliveries, all or nothing, and nothing when the session was finished
 * already. A finish costs the store two steps and no transaction, or one (`completeKnown`) when the
 * instance still knows the campaign and endpoints it decides with: that step checks they are still
 * so as it writes.
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option } from "effect"
import type { PlayAccount } from "../accounts/Account.ts"
import type { PlayCampaign } from "../campaigns/Campaign.ts"
import type { PlayChannel } from "../campaigns/Channel.ts"
import type { Entry } from "./Entry.ts"
import { anyLimit } from "./PlayLimit.ts"
import type { StoreError } from "../Errors.ts"
import type { Event, EventType } from "../webhooks/Event.ts"
import type { Timestamp } from "../Fields.ts"
import type { Session } from "./Session.ts"
import type { Theme } from "../campaigns/Theme.ts"
import type { Delivery, Target } from "../webhooks/Webhook.ts"

/** What a mint asks the store about. */
export interface MintLookup {
  readonly accountId: string
  /**
   * The API key the mint was asked with (null for a system actor): whether it is still active is
   * read with the rest, so a key authenticated from a recent read (`ApiKeys.authenticateRecent`)
   * is checked as it is now.
   */
  readonly keyId: string | null
  readonly channelId: string
  /** The normalized origin ("" for a malformed one, never on the list). */
  readonly origin: string
  /** The month whose plays are counted (`YYYY-MM`). */
  readonly month: string
}

/** What `forMint` read. */
export interface MintRead {
  /** The account as it is now (its plan and overrides); none when it is gone. */
  readonly account: Option.Option<PlayAccount>
  /** Whether `keyId` is an unrevoked key of the account now (true when it is null). */
  readonly keyActive: boolean
  /** The channel's part; none when the account has no such channel. */
  readonly channel: Option.Option<MintContext>
}

/** What a mint needs to know about a channel of the account. */
export interface MintContext {
  readonly channel: PlayChannel
  /** Whether the origin is exactly on the account's allowed origins (`AllowedOriginRepo.exists`). */
  readonly originAllowed: boolean
  /**
   * The channel's active campaigns, newest first (then by id, descending): what
   * `CampaignRepo.listActiveOnChannel` returns.
   */
  readonly activeCampaigns: ReadonlyArray<PlayCampaign>
  /** The account's plays of the month asked for (what `UsageRepo.plays` returns). */
  readonly monthPlays: number
}

/** What a start needs: each part is none when it is not in the account (or the account is gone). */
export interface StartContext {
  readonly campaign: Option.Option<PlayCampaign>
  readonly channel: Option.Option<PlayChannel>
  readonly account: Option.Option<PlayAccount>
  /** The account's branding (`BrandingRepo.get`). */
  readonly branding: Option.Option<Theme>
}

/** What `startOpen` read, and whether it wrote the start. */
export interface OpenStart extends StartContext {
  /**
   * Whether the session was inserted and its play counted (`SessionRepo.insertPlay`): only when
   * the campaign and the channel are the account's and `isOpenStart`, and the session's jti is unused.
   */
  readonly started: boolean
}

/**
 * Whether a start needs no count, so the store may write it with its read (`startOpen`): the
 * campaign and the channel are active and neither sets a play limit.
 */
export const isOpenStart = (campaign: PlayCampaign, channel: PlayChannel): boolean =>
  campaign.status === "active" && channel.status === "active" && !hasPlayLimit(campaign, channel)

/** Whether the campaign or the channel sets any play limit (so a play must be counted). */
export const hasPlayLimit = anyLimit

/** The reads of the play use cases, one step each, scoped by account. */
export class PlayContextRepo extends Context.Service<
  PlayContextRepo,
  {
    /**
     * The account and whether the key is active, with the channel, the origin check, the
     * channel's active campaigns and the account's plays of the month.
     */
    readonly forMint: (lookup: MintLookup) => Effect.Effect<MintRead, StoreError>
    /**
     * The session's campaign and channel (by its `campaignId` and `channelId`), its account and
     * the account's branding, each in `session.accountId`; and, in the same step, the session and
     * its play in `month`'s usage, as `SessionRepo.insertPlay` writes them, when the start is
     * `isOpenStart` (all or nothing).
     */
    readonly startOpen: (session: Session, month: string) => Effect.Effect<OpenStart, StoreError>
  }
>()("@campaign-games/core/PlayContextRepo") {}

/** What a finish needs: the session with its campaign, and where its event may go. */
export interface FinishContext {
  readonly session: Session
  readonly campaign: PlayCampaign
  /**
   * The account's active webhook endpoints subscribed to the event type, oldest first (what
   * `EndpointRepo.activeFor` returns); `Webhook.fanOut` applies their other filters.
   */
  readonly endpoints: ReadonlyArray<Target>
}

/** A finished play, as `PlayFinishRepo.complete` writes it. */
export interface Completion {
  readonly sessionId: string
  readonly finishedAt: Timestamp
  readonly entry: Entry
  /** Appended to the outbox as `EventOutbox.append` would. */
  readonly event: Event
  /** Stored as `DeliveryRepo.insertMany` would. */
  readonly deliveries: ReadonlyArray<Delivery>
}

/**
 * What a finish decided with, as this instance read it before (the campaign at a start or a finish,
 * the endpoints at a finish): `PlayFinishRepo.completeKnown` writes only while it still holds.
 */
export interface KnownFinish {
  /** The token's: the session must be this jti's. */
  readonly jti: string
  readonly campaign: PlayCampaign
  /** The account's active endpoints of the event's type, oldest first, as `read` gave them. */
  readonly endpoints: ReadonlyArray<Target>
}

/** The finish's read and its one write. */
export class PlayFinishRepo extends Context.Service<
  PlayFinishRepo,
  {
    /** The session (whatever its account) with its campaign and endpoints; none when there is no such session. */
    readonly read: (sessionId: string, eventType: EventType) => Effect.Effect<Option.Option<FinishContext>, StoreError>
    /**
     * Marks the session finished at `finishedAt` unless it already is and, only then, writes the
     * entry, the event and the deliveries: in one step, all or nothing (inside a transaction or
     * not). False, with nothing written, when the session does not exist or was finished already;
     * of two concurrent completions of one session, one gets true.
     */
    readonly complete: (completion: Completion) => Effect.Effect<boolean, StoreError>
    /**
     * `complete` without a read before it: only when, at the write, the session is unfinished and is
     * `known.jti`'s, in the entry's account, campaign and channel and for its participantRef; the
     * campaign's `gameSlug`, `config` and `resolvedOptionId` are `known.campaign`'s; and the
     * account's active endpoints of the event's type are `known.endpoints` (same ids, events and
     * filters, same order). False, with nothing written, otherwise: the caller reads and decides.
     */
    readonly completeKnown: (completion: Completion, known: KnownFinish) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/PlayFinishRepo") {}
