/**
 * What the play use cases read before they decide, each in one step of the store: the mint's
 * channel, origin check and candidate campaigns; the start's campaign, channel, account and branding.
 * Nothing here is cached: every call reads the store as it is now (the rules that need a lock, such
 * as play limits, still count under it; see `Plays`).
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option } from "effect"
import type { Account } from "./Account.ts"
import type { Campaign } from "./Campaign.ts"
import type { Channel } from "./Channel.ts"
import type { StoreError } from "./Errors.ts"
import type { Theme } from "./Theme.ts"

/** What a mint needs to know about a channel of the account. */
export interface MintContext {
  readonly channel: Channel
  /** Whether the origin is exactly on the account's allowed origins (`AllowedOriginRepo.exists`). */
  readonly originAllowed: boolean
  /**
   * The channel's active campaigns, newest first (then by id, descending): what
   * `CampaignRepo.listActiveOnChannel` returns.
   */
  readonly activeCampaigns: ReadonlyArray<Campaign>
}

/** What a start needs: each part is none when it is not in the account (or the account is gone). */
export interface StartContext {
  readonly campaign: Option.Option<Campaign>
  readonly channel: Option.Option<Channel>
  readonly account: Option.Option<Account>
  /** The account's branding (`BrandingRepo.get`). */
  readonly branding: Option.Option<Theme>
}

/** The reads of the play use cases, one step each, scoped by account. */
export class PlayContextRepo extends Context.Service<
  PlayContextRepo,
  {
    /** The channel with the origin check and its active campaigns; none when the account has no such channel. */
    readonly forMint: (
      accountId: string,
      channelId: string,
      origin: string
    ) => Effect.Effect<Option.Option<MintContext>, StoreError>
    readonly forStart: (
      accountId: string,
      campaignId: string,
      channelId: string
    ) => Effect.Effect<StartContext, StoreError>
  }
>()("@campaign-games/core/PlayContextRepo") {}
