/**
 * The engine a draw needs, shared by the verifier's test and `bench/draws.ts`: the use cases
 * (accounts, channels, campaigns and draws; no background worker, no media library) over a store,
 * and a campaign on a fresh account to draw from.
 */
import {
  type Account,
  Accounts,
  Actor,
  type Campaign,
  Campaigns,
  Channels,
  DrawsEngine,
  FileRule,
  Secrets
} from "@campaign-games/core"
import { Effect, Layer } from "effect"

/** The use cases a draw needs over `store` (which they also give). */
export const engine = <E>(store: Layer.Layer<any, E>) =>
  Layer.mergeAll(Accounts.Accounts.layer, Channels.Channels.layer, Campaigns.Campaigns.layer).pipe(
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
    const created = (yield* (yield* Accounts.Accounts).create(account)).account
    const actor = Actor.system(created)
    const made = yield* (yield* Channels.Channels).create(actor, { name: channel })
    return {
      account: created,
      actor,
      channel: made,
      campaign: yield* (yield* Campaigns.Campaigns).create(actor, { ...campaign, channelId: made.id })
    }
  })
