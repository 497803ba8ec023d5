/**
 * The world a run plays in, planned in full from the seed before the first step (a pure function
 * of the options and the `world` stream): accounts with their channels in several time zones, the
 * campaigns each channel runs one after another (all four games, handed over or with a gap between
 * them, some paused for a while, predictions resolved, ended ones archived), the webhook endpoints
 * and how their receivers behave over time (steady, flaky, down for hours then recovered, answering
 * 410 for days then fixed), and the players with the instants they come to play.
 *
 * Everything here is plain data: the actors turn it into calls to the engine as the agenda reaches
 * each instant, and the oracles check the engine's answers against it. Names are the world's own
 * (`acme/ch1/c2`): the engine's ids are known only once it made them.
 *
 * @since 0.1.0
 */
import type * as Rng from "./Rng.ts"
import { WHEEL_ART, WHEEL_SOUNDS } from "../internal/Fixtures.ts"
import { offsetAt, utcMonth } from "./LocalTime.ts"

export const SECOND = 1_000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** What a run is asked for. */
export interface Options {
  /** The seed every random choice of the run derives from. */
  readonly seed: string
  readonly players: number
  readonly days: number
  /** The first instant (epoch milliseconds); default 2026-03-08T00:00:00Z. */
  readonly start?: number | undefined
  /**
   * How often new deliveries are sent (the dispatcher's rounds for first attempts); retries run at
   * their exact instants whatever this is. Default 30 minutes.
   */
  readonly dispatchEvery?: number | undefined
}

/**
 * The default first instant: 8 March 2026, so a 30-day run crosses the daylight-saving changes of
 * North America (8 March), Europe (29 March), Chile, Australia and Chatham (4 and 5 April), and the
 * turn of a month (the plan's plays per month start again on 1 April).
 */
export const DEFAULT_START = Date.UTC(2026, 2, 8)

export const DEFAULT_DISPATCH_EVERY = 30 * MINUTE

/** Zones with whole, half and quarter hour offsets, both hemispheres' daylight saving, and none. */
export const TIME_ZONES = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "America/Santiago",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Chatham"
] as const

export type GameSlug = "spin-the-wheel" | "quiz" | "prediction" | "memory-match"
export const GAMES: ReadonlyArray<GameSlug> = ["spin-the-wheel", "quiz", "prediction", "memory-match"]

export interface Segment {
  readonly id: string
  readonly label: string
  readonly isWin: boolean
  readonly weight: number
}

export interface Question {
  readonly id: string
  readonly text: string
  readonly options: ReadonlyArray<{ readonly id: string; readonly text: string }>
  readonly correctOptionId: string
  readonly points: number
}

/** A game's settings, as sent in the campaign's `config`, with what the oracles score against. */
export type GamePlan =
  | { readonly slug: "spin-the-wheel"; readonly segments: ReadonlyArray<Segment> }
  | { readonly slug: "quiz"; readonly questions: ReadonlyArray<Question> }
  | {
      readonly slug: "prediction"
      readonly question: string
      readonly options: ReadonlyArray<{ readonly id: string; readonly label: string }>
    }
  | {
      readonly slug: "memory-match"
      readonly pairs: number
      readonly timeLimitSeconds: number
      readonly maxScore: number
    }

/** The campaign's `config` as the engine takes it. */
export const configOf = (game: GamePlan): Record<string, unknown> => {
  switch (game.slug) {
    case "spin-the-wheel":
      return { segments: game.segments, art: WHEEL_ART, sounds: WHEEL_SOUNDS }
    case "quiz":
      return { questions: game.questions }
    case "prediction":
      return { question: game.question, options: game.options }
    case "memory-match":
      return { pairs: game.pairs, timeLimitSeconds: game.timeLimitSeconds, maxScore: game.maxScore }
  }
}

export interface Limits {
  readonly total: number | null
  readonly perDay: number | null
  readonly timeZone: string
}

/** One campaign of a channel, and what happens to it. */
export interface CampaignPlan {
  readonly key: string
  readonly channel: number
  /** Its place on the channel (0 for the first). */
  readonly index: number
  readonly game: GamePlan
  readonly limits: Limits
  /**
   * How it comes live: `first` (activated at the start), `handover` (activated at `announceAt` with
   * `handoverAt: start`: the campaign before ends then), `gap` (at `announceAt` the campaign before
   * is given `liveUntil: previousEnd`, and this one `liveFrom: start`).
   */
  readonly transition: "first" | "handover" | "gap"
  /** When it is created and activated. */
  readonly announceAt: number
  /** When it comes live. */
  readonly start: number
  /** When it stops being live (the next one's handover or gap); null when it runs past the end. */
  readonly end: number | null
  /** Paused for a while (`pause`, then `activate` again). */
  readonly pause: { readonly from: number; readonly to: number } | null
  /** A prediction resolved at an instant, to an option. */
  readonly resolve: { readonly at: number; readonly optionId: string } | null
  readonly archiveAt: number | null
}

export interface ChannelPlan {
  readonly key: string
  readonly account: number
  readonly name: string
  readonly limits: Limits
  readonly betweenCampaigns: { readonly title: string; readonly body: string }
  /** How many of the account's players come here, relatively. */
  readonly popularity: number
  readonly campaigns: ReadonlyArray<CampaignPlan>
}

export interface AccountPlan {
  readonly key: string
  readonly name: string
  readonly origin: string
  /** The plan's plays per month, when the world sets one low enough to be reached. */
  readonly playsPerMonth: number | null
  readonly channels: ReadonlyArray<number>
}

/** How a receiver answers over time. */
export type Behaviour =
  /** Answers 2xx, a few 500s. */
  | { readonly kind: "steady" }
  /** Fails a share of tries (5xx, 429, 408, timeouts, refused connections), a few for good (400). */
  | { readonly kind: "flaky"; readonly failure: number }
  /** Down (timeouts, unreachable, 502) during its windows, else steady. */
  | { readonly kind: "outage"; readonly windows: ReadonlyArray<{ readonly from: number; readonly to: number }> }
  /** Answers 410 (final) during its window, else steady. */
  | { readonly kind: "gone"; readonly windows: ReadonlyArray<{ readonly from: number; readonly to: number }> }

/** Which events of which campaigns an endpoint subscribes to. */
export type Filter =
  | { readonly kind: "channels"; readonly channels: ReadonlyArray<number> }
  /** The campaigns of a channel running one of these games, added (PATCH) as each is created. */
  | { readonly kind: "campaigns"; readonly channel: number; readonly games: ReadonlyArray<GameSlug> }

export interface EndpointPlan {
  readonly key: string
  readonly account: number
  readonly url: string
  readonly events: ReadonlyArray<"session_completed" | "winner_selected" | "reward_granted">
  readonly filter: Filter
  readonly behaviour: Behaviour
  /** After each window of trouble, the operator resends what was exhausted since it began. */
  readonly resends: ReadonlyArray<{ readonly at: number; readonly since: number }>
}

export interface PlayerPlan {
  readonly ref: string
  readonly account: number
  readonly channels: ReadonlyArray<number>
  readonly timeZone: string
  /** How well they play (quiz answers, memory scores), 0.3 to 0.95. */
  readonly skill: number
}

/** A player coming to play on a channel at an instant. */
export interface Attempt {
  readonly at: number
  readonly player: number
  readonly channel: number
  /**
   * When set, the player starts the play this long after the mint, whatever else happens: the
   * visits planned just before a pause or the end of a campaign, whose plays start after it.
   */
  readonly startAfter?: number | undefined
}

export interface World {
  readonly seed: string
  readonly start: number
  readonly end: number
  readonly dispatchEvery: number
  readonly accounts: ReadonlyArray<AccountPlan>
  readonly channels: ReadonlyArray<ChannelPlan>
  readonly endpoints: ReadonlyArray<EndpointPlan>
  /** An endpoint whose host resolves to a private address: its creation must be refused. */
  readonly refusedEndpointUrl: string
  readonly players: ReadonlyArray<PlayerPlan>
  /** Every attempt, in time order. */
  readonly attempts: ReadonlyArray<Attempt>
}

/** Every campaign of the world, channel by channel. */
export const campaignsOf = (world: World): ReadonlyArray<CampaignPlan> => world.channels.flatMap((c) => c.campaigns)

// ---------------------------------------------------------------------------------------------
// Planning
// ---------------------------------------------------------------------------------------------

const ACCOUNTS = [
  { key: "acme", name: "Acme Retail", share: 0.5, channels: ["Homepage", "Checkout", "Newsletter"] },
  { key: "globex", name: "Globex Media", share: 0.35, channels: ["Sports", "Weekend", "Late show"] },
  { key: "initech", name: "Initech Games", share: 0.15, channels: ["Arcade", "Lobby"] }
] as const

const POPULARITY = [0.6, 0.25, 0.15]

const WHEEL_LABELS = ["10% off", "Free shipping", "Try again", "A mug", "Stickers", "Next time"]
const TEAMS = ["Lions", "Tigers", "Bears", "Wolves", "Eagles"]

/** An instant rounded down to the second (plans read better; the engine keeps milliseconds). */
const toSecond = (t: number) => Math.floor(t / SECOND) * SECOND

const planGame = (rng: Rng.Stream, slug: GameSlug): GamePlan => {
  switch (slug) {
    case "spin-the-wheel": {
      const count = rng.int(3, 6)
      const segments = Array.from({ length: count }, (_, i) => ({
        id: `s${i + 1}`,
        label: WHEEL_LABELS[i]!,
        isWin: i % 2 === 0,
        weight: rng.int(1, 5)
      }))
      return { slug, segments }
    }
    case "quiz": {
      const questions = Array.from({ length: 5 }, (_, i) => {
        const options = ["a", "b", "c"].map((id) => ({ id, text: `Answer ${id.toUpperCase()}` }))
        return {
          id: `q${i + 1}`,
          text: `Question ${i + 1}?`,
          options,
          correctOptionId: rng.pick(options).id,
          points: rng.int(1, 3)
        }
      })
      return { slug, questions }
    }
    case "prediction": {
      const count = rng.int(3, 5)
      return {
        slug,
        question: "Who wins the final?",
        options: TEAMS.slice(0, count).map((label, i) => ({ id: `o${i + 1}`, label }))
      }
    }
    case "memory-match":
      return { slug, pairs: 8, timeLimitSeconds: 90, maxScore: 1000 }
  }
}

const planLimits = (rng: Rng.Stream, timeZone: string, campaign: boolean): Limits => ({
  total: rng.weighted<number | null>(
    campaign
      ? [
          [null, 4],
          [2, 2],
          [3, 2],
          [5, 2]
        ]
      : [
          [null, 3],
          [6, 1],
          [10, 1]
        ]
  ),
  perDay: rng.weighted<number | null>(
    campaign
      ? [
          [null, 3],
          [1, 2],
          [2, 3],
          [3, 2]
        ]
      : [
          [null, 2],
          [2, 1],
          [4, 2]
        ]
  ),
  timeZone
})

/** The campaigns of one channel from `start` to `end`: one after another, games in turn. */
const planCampaigns = (
  rng: Rng.Stream,
  key: string,
  channel: number,
  channelZone: string,
  start: number,
  end: number
): Array<CampaignPlan> => {
  const span = end - start
  // Campaigns last a fifth to a half of the run (two to six days over a month), at least 4 hours.
  const shortest = Math.max(4 * HOUR, span / 5)
  const longest = Math.max(6 * HOUR, span / 2)
  const campaigns: Array<CampaignPlan> = []
  let from = start
  let announceAt = start
  let transition: CampaignPlan["transition"] = "first"
  for (let index = 0; ; index++) {
    const game = planGame(rng, GAMES[(channel + index) % GAMES.length]!)
    const limits = planLimits(rng, rng.chance(0.5) ? channelZone : rng.pick(TIME_ZONES), true)
    const boundary = toSecond(from + rng.between(shortest, longest))
    const gap = rng.chance(0.3)
    const following = gap ? toSecond(boundary + rng.between(HOUR, 12 * HOUR)) : boundary
    // The last campaign runs to the end (a next one would not come live before it).
    const last = boundary >= end - Math.min(6 * HOUR, span / 10) || following >= end
    const stop = last ? null : boundary
    const nextStart = last ? null : following
    // The next one is announced between 1 and 36 hours before it comes live (after this one started).
    const nextAnnounce =
      stop === null
        ? end
        : toSecond(Math.max(from + HOUR, stop - rng.between(HOUR, Math.min(36 * HOUR, (stop - from) / 2))))
    const room = nextAnnounce - HOUR - (from + HOUR)
    const pause =
      room > 6 * HOUR && rng.chance(0.25)
        ? (() => {
            const pauseFrom = toSecond(from + HOUR + rng.between(0, room - 5 * HOUR))
            return { from: pauseFrom, to: toSecond(pauseFrom + rng.between(HOUR, 5 * HOUR)) }
          })()
        : null
    const resolve =
      game.slug !== "prediction"
        ? null
        : (() => {
            const optionId = rng.pick(game.options).id
            const liveUntil = stop ?? end
            const after = stop !== null && rng.chance(0.6) ? toSecond(stop + rng.between(HOUR, 20 * HOUR)) : null
            if (after !== null && after < end) return { at: after, optionId }
            const during = toSecond(from + rng.between(0.3, 0.8) * (liveUntil - from))
            return during < end ? { at: during, optionId } : null
          })()
    const archiveAt = stop === null ? null : toSecond(stop + rng.between(26 * HOUR, 40 * HOUR))
    campaigns.push({
      key: `${key}/c${index + 1}`,
      channel,
      index,
      game,
      limits,
      transition,
      announceAt,
      start: from,
      end: stop,
      pause,
      resolve,
      archiveAt: archiveAt !== null && archiveAt < end ? archiveAt : null
    })
    if (stop === null || nextStart === null) break
    transition = gap ? "gap" : "handover"
    announceAt = nextAnnounce
    from = nextStart
  }
  return campaigns
}

/** The instants a player comes to play: on some local days, a few times between 7:00 and 23:30. */
const planAttempts = (
  rng: Rng.Stream,
  player: number,
  plan: PlayerPlan,
  channelWeights: ReadonlyArray<readonly [number, number]>,
  start: number,
  end: number,
  days: number
): Array<Attempt> => {
  const activity = rng.weighted([
    [0.015, 0.45],
    [0.04, 0.35],
    [0.12, 0.15],
    [0.3, 0.05]
  ])
  const attempts: Array<Attempt> = []
  for (let day = 0; day <= days; day++) {
    if (!rng.chance(activity)) continue
    const midnight = start + day * DAY - offsetAt(plan.timeZone, start + day * DAY + 12 * HOUR)
    let count = 1
    while (count < 6 && rng.chance(0.5)) count++
    const channel = rng.weighted(channelWeights)
    for (let i = 0; i < count; i++) {
      const at = Math.floor(midnight + rng.between(7 * HOUR, 23.5 * HOUR))
      if (at >= start + MINUTE && at < end) attempts.push({ at, player, channel })
    }
  }
  return attempts
}

const byTime = (a: Attempt, b: Attempt) => a.at - b.at || a.player - b.player

/** The whole world of a run: a pure function of the options and the `world` stream. */
export const plan = (options: Options, rng: Rng.Stream): World => {
  const start = options.start ?? DEFAULT_START
  const end = start + options.days * DAY
  const channels: Array<ChannelPlan> = []
  const accounts: Array<AccountPlan> = []
  ACCOUNTS.forEach((account, a) => {
    const indices: Array<number> = []
    account.channels.forEach((name, c) => {
      const index = channels.length
      const key = `${account.key}/ch${c + 1}`
      const timeZone = rng.pick(TIME_ZONES)
      indices.push(index)
      channels.push({
        key,
        account: a,
        name,
        limits: planLimits(rng, timeZone, false),
        betweenCampaigns: { title: `${name}: back soon`, body: `The next game on ${name} starts shortly.` },
        popularity: POPULARITY[c]!,
        campaigns: planCampaigns(rng, key, index, timeZone, start, end)
      })
    })
    accounts.push({
      key: account.key,
      name: account.name,
      origin: `https://www.${account.key}.example`,
      playsPerMonth: null,
      channels: indices
    })
  })

  const players: Array<PlayerPlan> = []
  const attempts: Array<Attempt> = []
  const shares = ACCOUNTS.map((a, i) => [i, a.share] as const)
  for (let p = 0; p < options.players; p++) {
    const account = rng.weighted(shares)
    const own = accounts[account]!.channels
    const home = rng.weighted(own.map((c) => [c, channels[c]!.popularity] as const))
    const second = rng.chance(0.2) ? rng.pick(own.filter((c) => c !== home)) : undefined
    const homeZone = channels[home]!.limits.timeZone
    const player: PlayerPlan = {
      ref: `player-${String(p + 1).padStart(5, "0")}`,
      account,
      channels: second === undefined ? [home] : [home, second],
      timeZone: rng.chance(0.7) ? homeZone : rng.pick(TIME_ZONES),
      skill: rng.between(0.3, 0.95)
    }
    players.push(player)
    const weights = player.channels.map((c, i) => [c, i === 0 ? 0.8 : 0.2] as const)
    attempts.push(...planAttempts(rng, p, player, weights, start, end, options.days))
  }
  // A few visits just before each pause and each end of a campaign, whose plays start after it: a
  // token minted before a pause meets a paused campaign; one minted before a handover still plays
  // the campaign it was minted for.
  const byChannel = channels.map((_, c) => players.flatMap((p, i) => (p.channels.includes(c) ? [i] : [])))
  channels.forEach((channel, c) => {
    if (byChannel[c]!.length === 0) return
    for (const campaign of channel.campaigns) {
      const edges = [campaign.pause?.from, campaign.end].filter((t): t is number => t !== undefined && t !== null)
      for (const edge of edges) {
        for (const before of [45 * SECOND, 20 * SECOND, 5 * SECOND]) {
          const at = edge - before
          if (at < start + MINUTE || at >= end) continue
          attempts.push({
            at,
            player: rng.pick(byChannel[c]!),
            channel: c,
            startAfter: before + rng.int(30, 90) * SECOND
          })
        }
      }
    }
  })
  attempts.sort(byTime)

  // The last account's plan allows fewer plays a month than its players come for, so the limit is
  // reached within the first month (and plays start again with the next month, if the run gets there).
  const limited = accounts.length - 1
  const month = utcMonth(start)
  const comingThisMonth = attempts.filter(
    (t) => players[t.player]!.account === limited && utcMonth(t.at) === month
  ).length
  accounts[limited] = { ...accounts[limited]!, playsPerMonth: Math.max(3, Math.floor(comingThisMonth * 0.45)) }

  const span = end - start
  const window = (from: number, length: number) => ({ from: toSecond(from), to: toSecond(from + length) })
  const outages = [0.2, 0.55, 0.8].map((at) =>
    window(start + span * at + rng.between(0, span / 20), rng.between(2 * HOUR, 8 * HOUR))
  )
  const gone = [window(start + span * rng.between(0.3, 0.45), rng.between(span / 15, span / 8))]
  const resendsAfter = (windows: ReadonlyArray<{ readonly from: number; readonly to: number }>) =>
    windows
      .map((w) => ({ at: toSecond(w.to + rng.between(20 * MINUTE, 90 * MINUTE)), since: w.from }))
      .filter((r) => r.at < end)
  const [acme, globex, initech] = [0, 1, 2].map((a) => accounts[a]!.channels)
  /** An endpoint of Globex's third channel in trouble (`kind`) during `windows`, resent after each. */
  const inTrouble = (
    { key, url, events }: Pick<EndpointPlan, "key" | "url" | "events">,
    kind: "outage" | "gone",
    windows: ReadonlyArray<{ readonly from: number; readonly to: number }>
  ): EndpointPlan => ({
    key,
    account: 1,
    url,
    events,
    filter: { kind: "channels", channels: [globex![2]!] },
    behaviour: { kind, windows },
    resends: resendsAfter(windows)
  })
  const endpoints: Array<EndpointPlan> = [
    {
      key: "acme/steady",
      account: 0,
      url: "https://hooks.acme.sim.invalid/campaign-games",
      events: ["session_completed", "winner_selected", "reward_granted"],
      filter: { kind: "channels", channels: [acme![2]!] },
      behaviour: { kind: "steady" },
      resends: []
    },
    {
      key: "acme/flaky",
      account: 0,
      url: "https://crm.acme.sim.invalid/webhooks",
      events: ["session_completed"],
      filter: { kind: "campaigns", channel: acme![1]!, games: ["quiz", "prediction", "memory-match"] },
      behaviour: { kind: "flaky", failure: 0.25 },
      resends: []
    },
    inTrouble(
      {
        key: "globex/outage",
        url: "https://events.globex.sim.invalid/in",
        events: ["session_completed", "winner_selected"]
      },
      "outage",
      outages
    ),
    inTrouble(
      { key: "globex/gone", url: "https://legacy.globex.sim.invalid/hook", events: ["session_completed"] },
      "gone",
      gone
    ),
    {
      key: "initech/results",
      account: 2,
      url: "https://results.initech.sim.invalid/hook",
      events: ["winner_selected", "reward_granted"],
      filter: { kind: "channels", channels: [...initech!] },
      behaviour: { kind: "steady" },
      resends: []
    }
  ]

  return {
    seed: options.seed,
    start,
    end,
    dispatchEvery: options.dispatchEvery ?? DEFAULT_DISPATCH_EVERY,
    accounts,
    channels,
    endpoints,
    refusedEndpointUrl: "https://intranet.sim.invalid/hooks",
    players,
    attempts
  }
}
