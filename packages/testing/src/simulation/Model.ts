/**
 * What the simulation knows of its world as the run goes: the engine's ids of what the world
 * planned (accounts, channels, campaigns, endpoints), each campaign's state as the operators left
 * it (status, live window, resolution), and every play the players made (token, session, entry).
 * The actors write it as the engine answers them; the oracles read it to say what the engine must
 * answer next, and the end-of-run checks compare it with what the store holds.
 *
 * A campaign's state here is what was commanded (the window an activation asked for), never copied
 * from the engine's answer: the operators check the answer against it.
 *
 * @since 0.1.0
 */
import type { Actor } from "@campaign-games/core"
import type * as World from "./World.ts"

export interface AccountState {
  readonly plan: World.AccountPlan
  readonly id: string
  /** The owner's actor (every permission): the operators act with it. */
  readonly owner: Actor.Actor
  /** The backend's key (`tokens.mint` only): the players' tokens are minted with it. */
  readonly backendKey: string
  /** Plays started, by UTC month (`YYYY-MM`): the plan's plays per month. */
  readonly monthPlays: Map<string, number>
}

export interface ChannelState {
  readonly plan: World.ChannelPlan
  readonly id: string
  readonly campaigns: Array<CampaignState>
}

export type CampaignStatus = "planned" | "draft" | "active" | "paused" | "archived"

export interface CampaignState {
  readonly plan: World.CampaignPlan
  /** The engine's id ("" until created). */
  id: string
  status: CampaignStatus
  liveFrom: number | null
  liveUntil: number | null
  activatedAt: number | null
  resolvedOptionId: string | null
  /** Its finished plays, in the order they finished. */
  readonly finished: Array<Play>
}

export interface EndpointState {
  readonly plan: World.EndpointPlan
  readonly id: string
  readonly secret: string
  channelIds: ReadonlyArray<string>
  gameInstanceIds: ReadonlyArray<string>
}

/** A play: from its token to its entry. */
export interface Play {
  readonly player: number
  readonly channel: ChannelState
  /** The campaign the token was minted for. */
  readonly campaign: CampaignState
  readonly jti: string
  /** The token's expiry (epoch seconds). */
  readonly exp: number
  readonly mintedAt: number
  sessionId: string | null
  startedAt: number | null
  finished: Finished | null
}

export interface Finished {
  readonly entryId: string
  readonly at: number
  readonly score: number | null
  readonly predictionValue: { readonly optionId: string } | null
  readonly outcome: { readonly id: string; readonly label: string; readonly isWin: boolean } | null
  /** The endpoints its `session_completed` goes to, as the fan-out must choose them. */
  readonly endpoints: ReadonlyArray<EndpointState>
}

export interface Model {
  readonly world: World.World
  readonly accounts: Array<AccountState>
  readonly channels: Array<ChannelState>
  readonly endpoints: Array<EndpointState>
  readonly campaignsById: Map<string, CampaignState>
  readonly plays: Array<Play>
  /** Plays by session id. */
  readonly sessions: Map<string, Play>
}

/** The model of a world before anything was made. */
export const make = (world: World.World): Model => ({
  world,
  accounts: [],
  channels: [],
  endpoints: [],
  campaignsById: new Map(),
  plays: [],
  sessions: new Map()
})

/** The channel a campaign is on. */
export const channelOf = (model: Model, campaign: CampaignState): ChannelState =>
  model.channels.find((c) => c.campaigns.includes(campaign))!

/** The account a campaign is in. */
export const accountOf = (model: Model, campaign: CampaignState): AccountState =>
  model.accounts[channelOf(model, campaign).plan.account]!

/** The endpoints of the campaign's account that get its events of `type` (the fan-out's filter rule). */
export const endpointsFor = (
  model: Model,
  type: string,
  campaign: CampaignState,
  channel: ChannelState = channelOf(model, campaign)
): Array<EndpointState> =>
  model.endpoints.filter((e) => e.plan.account === channel.plan.account && subscribes(e, type, campaign, channel.id))

/** When a campaign's live window starts: `liveFrom`, else its activation. */
export const windowStart = (c: CampaignState): number | null => c.liveFrom ?? c.activatedAt

/** Whether a campaign is live at `at`: active, and `at` within its window. */
export const isLiveAt = (c: CampaignState, at: number): boolean => {
  if (c.status !== "active") return false
  const start = windowStart(c)
  return (start === null || start <= at) && (c.liveUntil === null || at < c.liveUntil)
}

/** The campaigns live on a channel at `at` (one at most, unless the engine let two overlap). */
export const liveOn = (channel: ChannelState, at: number): ReadonlyArray<CampaignState> =>
  channel.campaigns.filter((c) => isLiveAt(c, at))

/** Whether an endpoint gets the `session_completed` of a play of `campaign`: the fan-out's filter rule. */
export const subscribes = (
  endpoint: EndpointState,
  type: string,
  campaign: CampaignState,
  channelId: string
): boolean =>
  endpoint.plan.events.includes(type as World.EndpointPlan["events"][number]) &&
  ((endpoint.channelIds.length === 0 && endpoint.gameInstanceIds.length === 0) ||
    endpoint.gameInstanceIds.includes(campaign.id) ||
    endpoint.channelIds.includes(channelId))
