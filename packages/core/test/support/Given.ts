/**
 * The world the use-case tests of plays and draws start from, made through the use cases as a user
 * makes it: an account (acting as the system) with an allowed origin and a channel, and wheel
 * campaigns created on the channel and activated.
 */
import * as Accounts from "../../src/accounts/Accounts.ts"
import * as Actor from "../../src/accounts/Actor.ts"
import type * as Plan from "../../src/accounts/Plan.ts"
import type * as Campaign from "../../src/campaigns/Campaign.ts"
import * as Campaigns from "../../src/campaigns/Campaigns.ts"
import type * as Channel from "../../src/campaigns/Channel.ts"
import * as Channels from "../../src/campaigns/Channels.ts"
import * as AllowedOrigins from "../../src/play/AllowedOrigins.ts"
import { Effect } from "effect"

/** The origin every account of these tests allows. */
export const ORIGIN = "https://shop.example"

/** An account "Acme" (its system actor, with `limits`) with `ORIGIN` allowed, and a channel "Main" (with `channel`). */
export const account = Effect.fnUntraced(function* (
  options: { readonly limits?: Plan.LimitOverrides; readonly channel?: Partial<Channel.CreateChannel> } = {}
) {
  const { account } = yield* (yield* Accounts.Accounts).create({
    name: "Acme",
    ...(options.limits === undefined ? {} : { limits: options.limits })
  })
  const actor = Actor.system(account)
  yield* (yield* AllowedOrigins.AllowedOrigins).create(actor, { origin: ORIGIN })
  const channel = yield* (yield* Channels.Channels).create(actor, { name: "Main", ...options.channel })
  return { actor, channel }
})

/**
 * A spin-the-wheel campaign created on the channel from `input`, then activated with `activation`
 * (or left a draft when `activation` is `"draft"`).
 */
export const launch = Effect.fnUntraced(function* (
  actor: Actor.Actor,
  channelId: string,
  input: Omit<Campaign.CreateCampaign, "gameSlug" | "channelId"> & Partial<Campaign.CreateCampaign>,
  activation: Campaign.ActivateCampaign | "draft" = {}
) {
  const campaigns = yield* Campaigns.Campaigns
  const draft = yield* campaigns.create(actor, { gameSlug: "spin-the-wheel", channelId, ...input })
  return activation === "draft" ? draft : yield* campaigns.activate(actor, draft.id, activation)
})
