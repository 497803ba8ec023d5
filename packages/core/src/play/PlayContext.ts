/**
 * The play path's ports: what a mint reads, how a play starts, and how it completes. The core asks
 * for "start this play" and "complete this play" and decides with pure rules (`Mint`,
 * `PlayLimit`); how many statements an adapter spends on each, and whether it reads before it
 * writes, is the adapter's business, within the semantics written on each method.
 *
 * - `PlayContextRepo.forMint` reads what a mint decides from, as it is now.
 * - `PlayContextRepo.start` writes a session and counts its play only when the campaign and channel
 *   are playable, the plan's plays of the month are not used up (counted atomically with the
 *   account's other starts, so pre-minted tokens cannot pass it) and no play limit is passed, the limits counted under the player's lock
 *   (`startCounted`, shared by every adapter), so concurrent starts never pass them. A start that
 *   needs no count (`isOpenStart`) may be written with its read in one step.
 * - `PlayFinishRepo.complete` writes a finished play (the session's claim, its entry, its event and
 *   the event's deliveries, and the grant of a coupon with its own event and deliveries when the
 *   campaign's reward gives one) all or nothing, only while what the finish decided from
 *   (`FinishBasis`: the token, the campaign's game, config and resolution, its reward's revision,
 *   the account's endpoints) still holds. The basis may come from a read (`read`) or from what the
 *   instance remembers (`InstanceCache`): the write checks it either way, so nothing a rule depends
 *   on is taken from memory unchecked.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Option, Result } from "effect"
import type { PlayAccount } from "../accounts/Account.ts"
import { type MintCampaign, type PlayCampaign, takesPlays } from "../campaigns/Campaign.ts"
import type { PlayChannel } from "../campaigns/Channel.ts"
import type { Entry } from "./Entry.ts"
import type * as Grant from "../rewards/Grant.ts"
import type { Reward } from "../rewards/Reward.ts"
import { anyLimit, type Days, decide, scopesOf } from "./PlayLimit.ts"
import type { SessionRepo, StartPlay } from "./Session.ts"
import { LockKey, type Store } from "../Store.ts"
import type { StoreError } from "../Failure.ts"
import { LimitReached, PlanError } from "../accounts/AccountErrors.ts"
import type { PlaysError } from "./PlayErrors.ts"
import { limits } from "../accounts/Account.ts"
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
  readonly activeCampaigns: ReadonlyArray<MintCampaign>
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
  /** The campaign's reward (`RewardRepo.find`); none without one, or without the campaign. */
  readonly reward: Option.Option<Reward>
}

/** A start as the core asks for it. */
export interface StartRequest {
  /** The session to write (from the token's claims), started now. */
  readonly session: Session
  /** The month whose usage counts the play (`Usage.monthOf` of the start). */
  readonly month: string
  /** The player's days around `now` in the campaign's and the channel's play-limit time zones. */
  readonly days: (campaign: PlayCampaign, channel: PlayChannel, now: DateTime.Utc) => Effect.Effect<Days>
}

/** How a start ended. */
export type StartResult =
  /** The session was written and its play counted. */
  | { readonly _tag: "Started"; readonly session: Session }
  /** A play limit is reached: nothing was written (`PlayLimit.decide`'s failure). */
  | { readonly _tag: "LimitReached"; readonly failure: PlaysError }
  /** The plan's plays of the month are used up: nothing was written (`monthFull`). */
  | { readonly _tag: "MonthFull"; readonly failure: PlanError }
  /** Nothing was written: the campaign or the channel is gone or not playable, or the jti was used. */
  | { readonly _tag: "NotStarted" }

/** What `start` read, and how it ended. */
export interface StartOutcome extends StartContext {
  readonly result: StartResult
}

/** The account's plays a month (`Plan.Limits.playsPerMonth`: null for none, or when the account is gone). */
export const playsPerMonthOf = (account: Option.Option<PlayAccount>): number | null =>
  Option.isSome(account) ? limits(account.value).playsPerMonth : null

/** The start refused because the account's `max` plays of the month are used up (`PlanError`, as at mint). */
export const monthFull = (max: number): StartResult => ({
  _tag: "MonthFull",
  failure: new PlanError({ reason: new LimitReached({ limit: "playsPerMonth", max }) })
})

/** A `SessionRepo.startPlay` outcome as the start's result. */
export const startResultOf = (started: StartPlay, session: Session, playsPerMonth: number | null): StartResult =>
  started === "Started"
    ? { _tag: "Started", session }
    : started === "MonthFull" && playsPerMonth !== null
      ? monthFull(playsPerMonth)
      : { _tag: "NotStarted" }

/**
 * Whether a start may be written at all: the campaign and the channel are active, and the campaign
 * still takes plays (`takesPlays`: not a resolved prediction). The core refuses the others.
 */
const playable = (campaign: PlayCampaign, channel: PlayChannel): boolean =>
  campaign.status === "active" && channel.status === "active" && takesPlays(campaign)

/**
 * Whether a start needs no count, so the store may write it with its read (`start`): playable, and
 * neither the campaign nor the channel sets a play limit.
 */
export const isOpenStart = (campaign: PlayCampaign, channel: PlayChannel): boolean =>
  playable(campaign, channel) && !hasPlayLimit(campaign, channel)

/** Whether the campaign or the channel sets any play limit (so a play must be counted). */
export const hasPlayLimit = anyLimit

/**
 * The start of a play that must be counted, as every adapter runs it: in one transaction, under the
 * player's lock on the channel (`LockKey.player`), counts the player's plays in the campaign's and
 * the channel's current days (`SessionRepo.counts`), decides with `PlayLimit.decide` and, when it
 * admits one more, writes the session started now and its play in the request's month, within the
 * account's `playsPerMonth` (`SessionRepo.startPlay`). The lock is what makes concurrent starts of
 * one player count one another; `startPlay`'s own atomic count, concurrent starts of one account.
 */
export const startCounted =
  (store: Store["Service"], sessions: SessionRepo["Service"]) =>
  (
    request: StartRequest,
    campaign: PlayCampaign,
    channel: PlayChannel,
    playsPerMonth: number | null
  ): Effect.Effect<StartResult, StoreError> =>
    store.transaction(
      Effect.gen(function* () {
        const { participantRef } = request.session
        yield* store.lock(LockKey.player(channel.id, participantRef))
        const now = yield* DateTime.now
        const days = yield* request.days(campaign, channel, now)
        const counts = yield* sessions.counts({
          channelId: channel.id,
          campaignId: campaign.id,
          participantRef,
          ...days
        })
        const decided = decide(scopesOf(campaign, channel, counts, days))
        if (Result.isFailure(decided)) return { _tag: "LimitReached", failure: decided.failure } satisfies StartResult
        const session: Session = { ...request.session, startedAt: now }
        return startResultOf(yield* sessions.startPlay(session, request.month, playsPerMonth), session, playsPerMonth)
      })
    )

/** Whether a start not written with its read must be counted (`startCounted`): playable, and limited. */
export const mustCount = (campaign: PlayCampaign, channel: PlayChannel): boolean =>
  playable(campaign, channel) && anyLimit(campaign, channel)

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
     * Starts a play: reads the session's campaign and channel (by its `campaignId` and
     * `channelId`), its account and the account's branding, each in `session.accountId`; and writes
     * the session and its play in `month`'s usage, as `SessionRepo.startPlay` does within the
     * account's `playsPerMonth` (`MonthFull` past it), only when the campaign and the channel are
     * active, the jti is unused and, where either sets a play limit,
     * `PlayLimit.decide` admits one more play over the player's plays counted under the player's
     * lock (`startCounted`). Of concurrent starts of one player, each counts those before it.
     */
    readonly start: (request: StartRequest) => Effect.Effect<StartOutcome, StoreError>
  }
>()("@campaign-games/core/PlayContextRepo") {}

/** What a finish needs: the session with its campaign and its reward, and where its events may go. */
export interface FinishContext {
  readonly session: Session
  readonly campaign: PlayCampaign
  /**
   * The account's active webhook endpoints subscribed to the event type, oldest first (what
   * `EndpointRepo.activeFor` returns); `Webhook.fanOut` applies their other filters.
   */
  readonly endpoints: ReadonlyArray<Target>
  /** The campaign's reward (`RewardRepo.find`); none without one. */
  readonly reward: Option.Option<Reward>
  /**
   * With a reward, the account's active endpoints subscribed to `reward_granted`, oldest first
   * (`EndpointRepo.activeFor`); empty without a reward (they are not read then).
   */
  readonly grantEndpoints: ReadonlyArray<Target>
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
  /**
   * The coupon the play earns, when the campaign's reward gives one: written as
   * `GrantRepo.grant` writes its plan, with its `reward_granted` event and deliveries made for the
   * prize and code it gave (`Grant.InFinish`). The play is written whether or not a code is given.
   */
  readonly grant?: Grant.InFinish | undefined
}

/**
 * What a finish decided from, as read (`PlayFinishRepo.read`) or remembered (`InstanceCache`):
 * `PlayFinishRepo.complete` writes only while it still holds.
 */
export interface FinishBasis {
  /** The token's: the session must be this jti's. */
  readonly jti: string
  readonly campaign: PlayCampaign
  /** The account's active endpoints of the event's type, oldest first, as `read` gave them. */
  readonly endpoints: ReadonlyArray<Target>
  /** The campaign's reward as read (only its `revision` is checked), or null when it had none. */
  readonly reward: Reward | null
  /** The account's active endpoints of `reward_granted`, as `read` gave them (checked with a grant only). */
  readonly grantEndpoints: ReadonlyArray<Target>
}

/**
 * Whether two JSON documents are equal as PostgreSQL's `jsonb` compares them (object keys in any
 * order): how `complete` compares a campaign's `config`, and its endpoints' filters, with the basis's.
 */
export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  }
  const ka = Object.keys(a)
  const record = b as Record<string, unknown>
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(record, k) && sameJson((a as Record<string, unknown>)[k], record[k]))
  )
}

/** How `complete` ended. */
export type CompleteResult =
  /** Written: the play, and the grant's outcome when the completion carried one (else null). */
  | { readonly _tag: "Completed"; readonly grant: Grant.Outcome | null }
  /** Nothing written: the session is finished or not the basis's, or the basis no longer holds. */
  | { readonly _tag: "Stale" }
  /**
   * Nothing written: the grant raced another grant of the player (`AlreadyGranted`: complete
   * without it) or its made code is taken (`CodeTaken`: plan another).
   */
  | { readonly _tag: "GrantConflict"; readonly conflict: "AlreadyGranted" | "CodeTaken" }

/** The finish's read and its one write. */
export class PlayFinishRepo extends Context.Service<
  PlayFinishRepo,
  {
    /** The session (whatever its account) with its campaign and endpoints; none when there is no such session. */
    readonly read: (sessionId: string, eventType: EventType) => Effect.Effect<Option.Option<FinishContext>, StoreError>
    /**
     * Marks the session finished at `finishedAt` and writes the entry, the event and the
     * deliveries, and the completion's grant (as `GrantRepo.grant` writes it, with its event and
     * deliveries when it gives a code), in one step, all or nothing (inside a transaction or not),
     * only when, at the write, the session is unfinished and is `basis.jti`'s, in the entry's
     * account, campaign and channel and for its participantRef; the campaign's `gameSlug`, `config`
     * and `resolvedOptionId` are `basis.campaign`'s; the campaign's reward has `basis.reward`'s
     * revision (or none, for null); and the account's active endpoints of the event's type are
     * `basis.endpoints` (same ids, events and filters, same order), and with a grant those of
     * `reward_granted` are `basis.grantEndpoints`. `Stale`, with nothing written, otherwise (the
     * caller reads and decides again); of two concurrent completions of one session, one completes.
     */
    readonly complete: (completion: Completion, basis: FinishBasis) => Effect.Effect<CompleteResult, StoreError>
  }
>()("@campaign-games/core/PlayFinishRepo") {}
