/**
 * The mint decision as a specification: given what the store read for a mint (the key, the account,
 * the channel with its origin check, its active campaigns newest first, and the month's plays), and
 * the origin as sent and normalized, at `now`, then the backend gets a token for one campaign, the
 * channel's between-campaigns message, or one failure. The order of the checks is what an integrator
 * sees when several things are wrong at once: 401 before 404 before 403, a channel with nothing to
 * play (a resolved prediction's among them) before the plan's monthly plays (402). Every `MintRead`
 * is written by hand.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option, Result } from "effect"
import type { PlayAccount } from "../src/accounts/Account.ts"
import type { PlayCampaign } from "../src/campaigns/Campaign.ts"
import type { PlayChannel } from "../src/campaigns/Channel.ts"
import * as Mint from "../src/play/Mint.ts"
import type { MintRead } from "../src/play/PlayContext.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

const utc = (iso: string): DateTime.Utc => DateTime.makeUnsafe(iso)

const NOW = "2026-05-10T12:00:00.000Z"
const ACCOUNT_ID = "acc_acme"
const CHANNEL_ID = "chn_main"

const account = (fields: Partial<PlayAccount> = {}): PlayAccount => ({
  id: ACCOUNT_ID,
  plan: "pro",
  featureOverrides: {},
  limitOverrides: {},
  ...fields
})

const BETWEEN = { title: "Back soon", body: "Our next game starts on Monday." }

const channel = (fields: Partial<PlayChannel> = {}): PlayChannel => ({
  id: CHANNEL_ID,
  accountId: ACCOUNT_ID,
  status: "active",
  betweenCampaigns: BETWEEN,
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  ...fields
})

/** An active wheel on the channel, activated a week before `NOW`, with no live window and no play limit. */
const campaign = (id: string, fields: Partial<PlayCampaign> = {}): PlayCampaign => ({
  id,
  accountId: ACCOUNT_ID,
  channelId: CHANNEL_ID,
  gameSlug: "spin-the-wheel",
  status: "active",
  config: {},
  theme: null,
  resolvedOptionId: null,
  winnerSelectionTrigger: "manual",
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  liveFrom: null,
  liveUntil: null,
  activatedAt: utc("2026-05-03T12:00:00.000Z"),
  ...fields
})

const SPRING = campaign("gi_spring")

interface Given {
  readonly keyActive?: boolean
  /** The account now; null when it is gone. */
  readonly account?: PlayAccount | null
  /** The channel now; null when the account has no such channel. */
  readonly channel?: PlayChannel | null
  readonly originAllowed?: boolean
  /** The channel's active campaigns, newest first. */
  readonly campaigns?: ReadonlyArray<PlayCampaign>
  readonly monthPlays?: number
}

/** What the store read: by default an active key of a pro account, its channel, the origin allowed, `SPRING` live. */
const read = (given: Given = {}): MintRead => ({
  keyActive: given.keyActive ?? true,
  account: given.account === null ? Option.none() : Option.some(given.account ?? account()),
  channel:
    given.channel === null
      ? Option.none()
      : Option.some({
          channel: given.channel ?? channel(),
          originAllowed: given.originAllowed ?? true,
          activeCampaigns: given.campaigns ?? [SPRING],
          monthPlays: given.monthPlays ?? 0
        })
})

/** An origin as the backend sent it, and its normal form. */
const SENT: Mint.Request = {
  channelId: CHANNEL_ID,
  origin: "https://Shop.Example:443",
  normalizedOrigin: "https://shop.example"
}
const MALFORMED: Mint.Request = { channelId: CHANNEL_ID, origin: "shop example", normalizedOrigin: undefined }

/** The decision as data: the failure and its reason (a shared failure is its own), the minted campaign, or the message. */
const outcome = (result: Result.Result<Mint.Decision, Mint.Failure>): object => {
  if (Result.isFailure(result)) {
    const failure = result.failure
    return { fails: failure._tag, reason: "reason" in failure ? { ...failure.reason } : { ...failure } }
  }
  const decision = result.success
  return decision._tag === "Mint"
    ? {
        mint: decision.campaign.id,
        channel: decision.channel.id,
        origin: decision.origin,
        countPlays: decision.countPlays
      }
    : { betweenCampaigns: decision.betweenCampaigns }
}

const mints = (campaignId: string, countPlays = false) => ({
  mint: campaignId,
  channel: CHANNEL_ID,
  origin: "https://shop.example",
  countPlays
})
const keyRevoked = { fails: "PlaysError", reason: { _tag: "KeyRevoked" } }
const noChannel = {
  fails: "ResourceNotFound",
  reason: { _tag: "ResourceNotFound", resource: "channel", id: CHANNEL_ID }
}
const originRefused = (origin: string) => ({ fails: "PlaysError", reason: { _tag: "OriginNotAllowed", origin } })
const betweenCampaigns = { betweenCampaigns: BETWEEN }
const monthUsedUp = (max: number) => ({
  fails: "PlanError",
  reason: { _tag: "LimitReached", limit: "playsPerMonth", max }
})

// -----------------------------------------------------------------------------
// The table
// -----------------------------------------------------------------------------

interface Case {
  readonly name: string
  readonly read: MintRead
  readonly request?: Mint.Request
  readonly now?: string
  readonly then: object
}

const table: ReadonlyArray<Case> = [
  // The key and the account, as they are now
  { name: "an active key, the origin allowed, a campaign live", read: read(), then: mints(SPRING.id) },
  { name: "a key revoked since it was read", read: read({ keyActive: false }), then: keyRevoked },
  { name: "an account gone since its key was read", read: read({ account: null }), then: keyRevoked },
  {
    name: "a revoked key asking for an unknown channel with a malformed origin: 401 first",
    read: read({ keyActive: false, channel: null }),
    request: MALFORMED,
    then: keyRevoked
  },

  // The channel, then the origin
  { name: "no such channel in the account", read: read({ channel: null }), then: noChannel },
  {
    name: "no such channel and a malformed origin: 404 before 403",
    read: read({ channel: null }),
    request: MALFORMED,
    then: noChannel
  },
  {
    name: "a malformed origin (never on the list)",
    read: read({ originAllowed: false }),
    request: MALFORMED,
    then: originRefused("shop example")
  },
  {
    name: "a malformed origin, even if the read says it is allowed",
    read: read({ originAllowed: true }),
    request: MALFORMED,
    then: originRefused("shop example")
  },
  {
    name: "an origin not on the list, told as sent",
    read: read({ originAllowed: false }),
    then: originRefused("https://Shop.Example:443")
  },
  {
    name: "an origin not on the list, on a disabled channel with the month used up: 403 first",
    read: read({
      originAllowed: false,
      channel: channel({ status: "disabled" }),
      account: account({ plan: "free" }),
      monthPlays: 1_000
    }),
    then: originRefused("https://Shop.Example:443")
  },

  // Nothing to play: the channel's message
  {
    name: "a disabled channel, although a campaign is live",
    read: read({ channel: channel({ status: "disabled" }) }),
    then: betweenCampaigns
  },
  { name: "no active campaign on the channel", read: read({ campaigns: [] }), then: betweenCampaigns },
  {
    name: "the only campaign's window has not started",
    read: read({ campaigns: [campaign("gi_summer", { liveFrom: utc("2026-05-10T12:00:00.001Z") })] }),
    then: betweenCampaigns
  },
  {
    name: "the only campaign's window starts now",
    read: read({ campaigns: [campaign("gi_summer", { liveFrom: utc(NOW) })] }),
    then: mints("gi_summer")
  },
  {
    name: "the only campaign's window ended now (its end is excluded)",
    read: read({ campaigns: [campaign("gi_winter", { liveUntil: utc(NOW) })] }),
    then: betweenCampaigns
  },
  {
    name: "the only campaign's window ends in a millisecond",
    read: read({ campaigns: [campaign("gi_winter", { liveUntil: utc("2026-05-10T12:00:00.001Z") })] }),
    then: mints("gi_winter")
  },
  {
    name: "the live campaign is a prediction already resolved (its answer is out)",
    read: read({ campaigns: [campaign("gi_final", { gameSlug: "prediction", resolvedOptionId: "home" })] }),
    then: betweenCampaigns
  },
  {
    name: "the live campaign is a prediction not resolved yet",
    read: read({ campaigns: [campaign("gi_final", { gameSlug: "prediction" })] }),
    then: mints("gi_final")
  },
  {
    name: "a resolved prediction, with the month's plays used up: the message first",
    read: read({
      campaigns: [campaign("gi_final", { gameSlug: "prediction", resolvedOptionId: "home" })],
      account: account({ plan: "free" }),
      monthPlays: 1_000
    }),
    then: betweenCampaigns
  },
  {
    name: "a disabled channel, with the month's plays used up",
    read: read({ channel: channel({ status: "disabled" }), account: account({ plan: "free" }), monthPlays: 1_000 }),
    then: betweenCampaigns
  },
  {
    name: "a window not started yet, with the month's plays used up",
    read: read({
      campaigns: [campaign("gi_summer", { liveFrom: utc("2026-06-01T00:00:00.000Z") })],
      account: account({ plan: "free" }),
      monthPlays: 1_000
    }),
    then: betweenCampaigns
  },

  // The plan's plays of the month
  {
    name: "the free plan's 1,000 plays of the month used up",
    read: read({ account: account({ plan: "free" }), monthPlays: 1_000 }),
    then: monthUsedUp(1_000)
  },
  {
    name: "the free plan with one play of the month left",
    read: read({ account: account({ plan: "free" }), monthPlays: 999 }),
    then: mints(SPRING.id)
  },
  {
    name: "an account's override below its plan, used up",
    read: read({ account: account({ limitOverrides: { playsPerMonth: 5 } }), monthPlays: 5 }),
    then: monthUsedUp(5)
  },
  {
    name: "an account's override lifting its plan's limit",
    read: read({ account: account({ plan: "free", limitOverrides: { playsPerMonth: null } }), monthPlays: 50_000 }),
    then: mints(SPRING.id)
  },
  {
    name: "the unlimited plan, however many plays",
    read: read({ account: account({ plan: "unlimited" }), monthPlays: 1_000_000_000 }),
    then: mints(SPRING.id)
  },

  // The game is a plan feature
  {
    name: "the live campaign's game taken out of the plan",
    read: read({ account: account({ featureOverrides: { games: ["quiz"] } }) }),
    then: { fails: "PlanError", reason: { _tag: "GameNotInPlan", gameSlug: SPRING.gameSlug } }
  },
  {
    name: "the live campaign's game in the account's games",
    read: read({ account: account({ featureOverrides: { games: [SPRING.gameSlug] } }) }),
    then: mints(SPRING.id)
  },

  // Which campaign: the newest live one
  {
    name: "two campaigns live: the newest",
    read: read({ campaigns: [campaign("gi_summer"), SPRING] }),
    then: mints("gi_summer")
  },
  {
    name: "the newest one's window not started yet: the older one live now",
    read: read({ campaigns: [campaign("gi_summer", { liveFrom: utc("2026-06-01T00:00:00.000Z") }), SPRING] }),
    then: mints(SPRING.id)
  },
  {
    name: "a handover at noon, a millisecond before it: the older campaign",
    read: read({
      campaigns: [campaign("gi_summer", { liveFrom: utc(NOW) }), campaign(SPRING.id, { liveUntil: utc(NOW) })]
    }),
    now: "2026-05-10T11:59:59.999Z",
    then: mints(SPRING.id)
  },
  {
    name: "a handover at noon, at noon: the newer campaign",
    read: read({
      campaigns: [campaign("gi_summer", { liveFrom: utc(NOW) }), campaign(SPRING.id, { liveUntil: utc(NOW) })]
    }),
    then: mints("gi_summer")
  },
  {
    name: "a paused campaign among the active ones is never live",
    read: read({ campaigns: [campaign("gi_summer", { status: "paused" }), SPRING] }),
    then: mints(SPRING.id)
  },

  // Whether the player's plays must be counted
  {
    name: "a campaign with a total play limit: plays counted",
    read: read({ campaigns: [campaign(SPRING.id, { maxPlaysPerParticipant: 3 })] }),
    then: mints(SPRING.id, true)
  },
  {
    name: "a campaign with a daily play limit: plays counted",
    read: read({ campaigns: [campaign(SPRING.id, { maxPlaysPerParticipantPerDay: 1 })] }),
    then: mints(SPRING.id, true)
  },
  {
    name: "a channel with a total play limit: plays counted",
    read: read({ channel: channel({ maxPlaysPerParticipant: 10 }) }),
    then: mints(SPRING.id, true)
  },
  {
    name: "a channel with a daily play limit: plays counted",
    read: read({ channel: channel({ maxPlaysPerParticipantPerDay: 2 }) }),
    then: mints(SPRING.id, true)
  },
  {
    name: "a limit on an older campaign not live now: nothing counted",
    read: read({ campaigns: [campaign("gi_summer"), campaign(SPRING.id, { maxPlaysPerParticipant: 1 })] }),
    then: mints("gi_summer", false)
  }
]

describe("Mint.decide", () => {
  it.effect.each(table)("given $name, then the mint answers as specified", (c) =>
    Effect.sync(() => {
      assert.deepStrictEqual(outcome(Mint.decide(c.read, c.request ?? SENT, utc(c.now ?? NOW))), c.then)
    })
  )

  it.effect("a mint carries the live campaign and the channel exactly as read", () =>
    Effect.sync(() => {
      const live = campaign("gi_summer", { maxPlaysPerParticipantPerDay: 2, playLimitTimezone: "Europe/Paris" })
      const main = channel({ playLimitTimezone: "Asia/Kathmandu" })
      const decision = Result.getOrThrow(
        Mint.decide(read({ channel: main, campaigns: [live, SPRING] }), SENT, utc(NOW))
      )
      assert.deepStrictEqual(decision, {
        _tag: "Mint",
        campaign: live,
        channel: main,
        origin: "https://shop.example",
        countPlays: true
      })
    })
  )
})
