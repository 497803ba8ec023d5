/**
 * The engine a draw needs, shared by the verifier's test and `bench/draws.ts`: the use cases
 * (accounts, channels, campaigns and draws; no background worker, no media library) over a store,
 * and a campaign on a fresh account to draw from.
 */
import type * as Account from "@campaign-games/core/accounts/Account"
import { Accounts } from "@campaign-games/core/accounts/Accounts"
import * as Actor from "@campaign-games/core/accounts/Actor"
import type * as Campaign from "@campaign-games/core/campaigns/Campaign"
import * as Campaigns from "@campaign-games/core/campaigns/Campaigns"
import { Channels } from "@campaign-games/core/campaigns/Channels"
import * as FileRule from "@campaign-games/core/campaigns/FileRule"
import * as DrawsEngine from "@campaign-games/core/draws/DrawsEngine"
import * as Secrets from "@campaign-games/core/Secrets"
import { Effect, Layer } from "effect"

/** The use cases a draw needs over `store` (which they also give). */
export const engine = <E>(store: Layer.Layer<any, E>) =>
  Layer.mergeAll(Accounts.layer, Channels.layer, Campaigns.Campaigns.layer).pipe(
    Layer.provideMerge(DrawsEngine.layer({ background: false })),
    Layer.provideMerge(Layer.mergeAll(Secrets.Secrets.layerWebCrypto, FileRule.MediaLibrary.layerNone, store))
  )

/**
 * A fresh account made with `account`, a channel named `channel` and a campaign on it made with
 * `campaign`: the four, with the account's system actor.
 */
export const freshCampaign = (
  account: Account.CreateAccount,
  channel: string,
  campaign: Omit<Campaign.CreateCampaign, "channelId">
) =>
  Effect.gen(function* () {
    const created = (yield* (yield* Accounts).create(account)).account
    const actor = Actor.system(created)
    const made = yield* (yield* Channels).create(actor, { name: channel })
    return {
      account: created,
      actor,
      channel: made,
      campaign: yield* (yield* Campaigns.Campaigns).create(actor, { ...campaign, channelId: made.id })
    }
  })
