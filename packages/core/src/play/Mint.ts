/**
 * The mint decision: given what the store read for a mint (`PlayContextRepo.forMint`) and `now`,
 * whether the backend gets a client token, and for which campaign, or the channel's
 * between-campaigns message, or which failure. A pure function, so every case is a test of
 * inputs and one answer.
 *
 * In order: the key must still be active and its account still there (`KeyRevoked`: the key may
 * have been authenticated from a recent read of it); the channel must be the account's (`ResourceNotFound`); the
 * origin must be on the account's list (`OriginNotAllowed`, also for a malformed one, after the channel); a disabled
 * channel, one with no campaign live now, or one whose live campaign takes no more plays (a resolved
 * prediction: `Campaign.takesPlays`), answers its between-campaigns message; the live campaign's
 * game must be in the account's plan (`GameNotInPlan`: the game is a plan feature); the plan's
 * plays of the month must not be used up (`LimitReached`). Play limits are decided after it, over the
 * player's counted plays (`PlayLimit.decide`), when the live campaign or the channel sets one.
 *
 * @since 0.1.0
 */
import type { DateTime } from "effect"
import { Result } from "effect"
import * as Account from "../accounts/Account.ts"
import * as Plan from "../accounts/Plan.ts"
import * as Campaign from "../campaigns/Campaign.ts"
import type * as Channel from "../campaigns/Channel.ts"
import { type MissingPermission, ResourceNotFound } from "../Failure.ts"
import { KeyRevoked, type PlanError } from "../accounts/AccountErrors.ts"
import { OriginNotAllowed, PlaysError } from "./PlayErrors.ts"
import type { MintRead } from "./PlayContext.ts"
import { anyLimit } from "./PlayLimit.ts"

/** What a mint asked for, as the decision needs it. */
export interface Request {
  readonly channelId: string
  /** The origin as sent. */
  readonly origin: string
  /** Its normal form (`AllowedOrigin.normalize`); undefined when it is not an origin. */
  readonly normalizedOrigin: string | undefined
}

/** What the mint does. */
export type Decision =
  | {
      readonly _tag: "Mint"
      readonly campaign: Campaign.MintCampaign
      readonly channel: Channel.PlayChannel
      readonly origin: string
      /** Whether the player's plays must be counted against play limits before the token is signed. */
      readonly countPlays: boolean
    }
  | { readonly _tag: "BetweenCampaigns"; readonly betweenCampaigns: Channel.BetweenCampaigns }

export type Failure = PlaysError | ResourceNotFound | MissingPermission | PlanError

/** The mint's answer to `read` at `now` (see the module's header for the order of the checks). */
export const decide = (read: MintRead, request: Request, now: DateTime.Utc): Result.Result<Decision, Failure> => {
  if (!read.keyActive || read.account._tag === "None") {
    return Result.fail(new PlaysError({ reason: new KeyRevoked() }))
  }
  if (read.channel._tag === "None") {
    return Result.fail(new ResourceNotFound({ resource: "channel", id: request.channelId }))
  }
  const { activeCampaigns, channel, monthPlays, originAllowed } = read.channel.value
  const origin = request.normalizedOrigin
  if (origin === undefined || !originAllowed) {
    return Result.fail(new PlaysError({ reason: new OriginNotAllowed({ origin: request.origin }) }))
  }
  const live = channel.status === "active" ? Campaign.liveAt(activeCampaigns, now) : undefined
  // A resolved prediction stays live on its channel (no other campaign takes it over), but its
  // answer is out: the players get the channel's message, as between campaigns.
  if (live === undefined || !Campaign.takesPlays(live))
    return Result.succeed({ _tag: "BetweenCampaigns", betweenCampaigns: channel.betweenCampaigns })
  // The game is a plan feature: a campaign of a game taken out of the plan plays no more.
  const noGame = Plan.gameMissing(Account.features(read.account.value), live.gameSlug)
  if (noGame !== undefined) return Result.fail(noGame)
  const monthFull = Plan.limitReached(Account.limits(read.account.value), "playsPerMonth", monthPlays)
  if (monthFull !== undefined) return Result.fail(monthFull)
  return Result.succeed({ _tag: "Mint", campaign: live, channel, origin, countPlays: anyLimit(live, channel) })
}
