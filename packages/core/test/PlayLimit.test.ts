/**
 * Play limits as a specification. The day window: given a zone and an instant, then the local day
 * containing it, as UTC instants, including DST days of 23 and 25 hours and zones whose DST changes
 * skip or repeat midnight. The rule: given the limits and the plays counted per scope, may one more
 * play start, and if not, what the player is told. Expected instants are written out by hand from the
 * zones' rules (tzdata 2026), not computed by the code under test.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Result } from "effect"
import type { PlaysError } from "../src/Errors.ts"
import * as PlayLimit from "../src/play/PlayLimit.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

const HOUR = 3_600_000
const utc = (iso: string): DateTime.Utc => DateTime.makeUnsafe(iso)
const iso = (t: DateTime.Utc): string => DateTime.formatIso(t)
const ms = (t: DateTime.Utc): number => DateTime.toEpochMillis(t)
const plusMs = (t: DateTime.Utc, n: number): DateTime.Utc => DateTime.makeUnsafe(ms(t) + n)
const hoursOf = (w: PlayLimit.Window): number => (ms(w.end) - ms(w.start)) / HOUR
/** The instant as read on a wall clock in `zone`, with its offset (`2026-09-06T01:00:00.000-03:00`). */
const local = (t: DateTime.Utc, zone: string): string =>
  DateTime.formatIsoZoned(DateTime.makeZonedUnsafe(t, { timeZone: zone })).replace(/\[.*\]$/u, "")
/** The local calendar date of the instant in `zone`. */
const localDate = (t: DateTime.Utc, zone: string): string => local(t, zone).slice(0, 10)
const windowIso = (w: PlayLimit.Window) => ({ start: iso(w.start), end: iso(w.end) })

// -----------------------------------------------------------------------------
// 1. Day windows, written out
// -----------------------------------------------------------------------------

interface Day {
  readonly name: string
  readonly zone: string
  /** An instant inside the day. */
  readonly now: string
  readonly start: string
  readonly end: string
  readonly hours: number
  /** The wall clock at `start` (midnight, or the end of a gap that skips it). */
  readonly startsAt: string
}

const days: ReadonlyArray<Day> = [
  {
    name: "an ordinary UTC day",
    zone: "UTC",
    now: "2026-03-01T12:00:00.000Z",
    start: "2026-03-01T00:00:00.000Z",
    end: "2026-03-02T00:00:00.000Z",
    hours: 24,
    startsAt: "2026-03-01T00:00:00.000+00:00"
  },
  {
    name: "a winter day in Paris (+01:00), half an hour after local midnight",
    zone: "Europe/Paris",
    now: "2026-01-15T23:30:00.000Z",
    start: "2026-01-15T23:00:00.000Z",
    end: "2026-01-16T23:00:00.000Z",
    hours: 24,
    startsAt: "2026-01-16T00:00:00.000+01:00"
  },
  {
    name: "the Paris DST start (29 March 2026: 23 hours)",
    zone: "Europe/Paris",
    now: "2026-03-29T12:00:00.000Z",
    start: "2026-03-28T23:00:00.000Z",
    end: "2026-03-29T22:00:00.000Z",
    hours: 23,
    startsAt: "2026-03-29T00:00:00.000+01:00"
  },
  {
    name: "the Paris DST end (25 October 2026: 25 hours)",
    zone: "Europe/Paris",
    now: "2026-10-25T12:00:00.000Z",
    start: "2026-10-24T22:00:00.000Z",
    end: "2026-10-25T23:00:00.000Z",
    hours: 25,
    startsAt: "2026-10-25T00:00:00.000+02:00"
  },
  {
    name: "a summer day in New York (-04:00), one millisecond before local midnight",
    zone: "America/New_York",
    now: "2026-07-01T03:59:59.999Z",
    start: "2026-06-30T04:00:00.000Z",
    end: "2026-07-01T04:00:00.000Z",
    hours: 24,
    startsAt: "2026-06-30T00:00:00.000-04:00"
  },
  {
    name: "the New York DST start (8 March 2026: 23 hours)",
    zone: "America/New_York",
    now: "2026-03-08T12:00:00.000Z",
    start: "2026-03-08T05:00:00.000Z",
    end: "2026-03-09T04:00:00.000Z",
    hours: 23,
    startsAt: "2026-03-08T00:00:00.000-05:00"
  },
  {
    name: "the New York DST end (1 November 2026: 25 hours)",
    zone: "America/New_York",
    now: "2026-11-01T12:00:00.000Z",
    start: "2026-11-01T04:00:00.000Z",
    end: "2026-11-02T05:00:00.000Z",
    hours: 25,
    startsAt: "2026-11-01T00:00:00.000-04:00"
  },
  {
    name: "a day in Kolkata (+05:30)",
    zone: "Asia/Kolkata",
    now: "2026-03-01T18:29:59.999Z",
    start: "2026-02-28T18:30:00.000Z",
    end: "2026-03-01T18:30:00.000Z",
    hours: 24,
    startsAt: "2026-03-01T00:00:00.000+05:30"
  },
  {
    name: "a day in Kathmandu (+05:45)",
    zone: "Asia/Kathmandu",
    now: "2026-03-01T18:15:00.000Z",
    start: "2026-03-01T18:15:00.000Z",
    end: "2026-03-02T18:15:00.000Z",
    hours: 24,
    startsAt: "2026-03-02T00:00:00.000+05:45"
  },
  {
    name: "a winter day in Auckland (+12:00), the UTC date still the day before",
    zone: "Pacific/Auckland",
    now: "2026-06-30T20:00:00.000Z",
    start: "2026-06-30T12:00:00.000Z",
    end: "2026-07-01T12:00:00.000Z",
    hours: 24,
    startsAt: "2026-07-01T00:00:00.000+12:00"
  },
  {
    name: "the Auckland DST start (27 September 2026: 23 hours)",
    zone: "Pacific/Auckland",
    now: "2026-09-27T00:00:00.000Z",
    start: "2026-09-26T12:00:00.000Z",
    end: "2026-09-27T11:00:00.000Z",
    hours: 23,
    startsAt: "2026-09-27T00:00:00.000+12:00"
  },
  {
    name: "the Auckland DST end (5 April 2026: 25 hours)",
    zone: "Pacific/Auckland",
    now: "2026-04-05T00:00:00.000Z",
    start: "2026-04-04T11:00:00.000Z",
    end: "2026-04-05T12:00:00.000Z",
    hours: 25,
    startsAt: "2026-04-05T00:00:00.000+13:00"
  },
  {
    name: "the Chatham DST start (+12:45 to +13:45, 27 September 2026: 23 hours)",
    zone: "Pacific/Chatham",
    now: "2026-09-27T00:00:00.000Z",
    start: "2026-09-26T11:15:00.000Z",
    end: "2026-09-27T10:15:00.000Z",
    hours: 23,
    startsAt: "2026-09-27T00:00:00.000+12:45"
  },
  {
    name: "the Chatham DST end (5 April 2026: 25 hours)",
    zone: "Pacific/Chatham",
    now: "2026-04-05T00:00:00.000Z",
    start: "2026-04-04T10:15:00.000Z",
    end: "2026-04-05T11:15:00.000Z",
    hours: 25,
    startsAt: "2026-04-05T00:00:00.000+13:45"
  },
  {
    name: "Santiago, 6 September 2026: midnight is skipped, the day starts at 01:00 (23 hours)",
    zone: "America/Santiago",
    now: "2026-09-06T12:00:00.000Z",
    start: "2026-09-06T04:00:00.000Z",
    end: "2026-09-07T03:00:00.000Z",
    hours: 23,
    startsAt: "2026-09-06T01:00:00.000-03:00"
  },
  {
    name: "Santiago, 4 April 2026: the last hour before midnight is repeated (25 hours)",
    zone: "America/Santiago",
    now: "2026-04-05T03:30:00.000Z",
    start: "2026-04-04T03:00:00.000Z",
    end: "2026-04-05T04:00:00.000Z",
    hours: 25,
    startsAt: "2026-04-04T00:00:00.000-03:00"
  },
  {
    name: "Santiago, 5 April 2026: the day after the change",
    zone: "America/Santiago",
    now: "2026-04-05T04:00:00.000Z",
    start: "2026-04-05T04:00:00.000Z",
    end: "2026-04-06T04:00:00.000Z",
    hours: 24,
    startsAt: "2026-04-05T00:00:00.000-04:00"
  },
  {
    name: "Havana, 8 March 2026: midnight is skipped (23 hours)",
    zone: "America/Havana",
    now: "2026-03-08T12:00:00.000Z",
    start: "2026-03-08T05:00:00.000Z",
    end: "2026-03-09T04:00:00.000Z",
    hours: 23,
    startsAt: "2026-03-08T01:00:00.000-04:00"
  },
  {
    name: "Havana, 1 November 2026: midnight happens twice, the day starts at the first (25 hours)",
    zone: "America/Havana",
    now: "2026-11-01T05:00:00.000Z",
    start: "2026-11-01T04:00:00.000Z",
    end: "2026-11-02T05:00:00.000Z",
    hours: 25,
    startsAt: "2026-11-01T00:00:00.000-04:00"
  },
  {
    name: "Beirut, 29 March 2026: midnight is skipped (23 hours)",
    zone: "Asia/Beirut",
    now: "2026-03-29T12:00:00.000Z",
    start: "2026-03-28T22:00:00.000Z",
    end: "2026-03-29T21:00:00.000Z",
    hours: 23,
    startsAt: "2026-03-29T01:00:00.000+03:00"
  },
  {
    name: "Beirut, 24 October 2026: the clock goes back from midnight to 23:00 (25 hours)",
    zone: "Asia/Beirut",
    now: "2026-10-24T12:00:00.000Z",
    start: "2026-10-23T21:00:00.000Z",
    end: "2026-10-24T22:00:00.000Z",
    hours: 25,
    startsAt: "2026-10-24T00:00:00.000+03:00"
  },
  {
    name: "Apia, 29 December 2011: the next day, 30 December, never happened",
    zone: "Pacific/Apia",
    now: "2011-12-29T12:00:00.000Z",
    start: "2011-12-29T10:00:00.000Z",
    end: "2011-12-30T10:00:00.000Z",
    hours: 24,
    startsAt: "2011-12-29T00:00:00.000-10:00"
  }
]

describe("PlayLimit.dayWindow", () => {
  it.effect.each(days)("$name", (day) =>
    Effect.gen(function* () {
      const window = PlayLimit.dayWindow(utc(day.now), day.zone)
      assert.deepStrictEqual(windowIso(window), { start: day.start, end: day.end })
      assert.strictEqual(hoursOf(window), day.hours)
      assert.strictEqual(local(window.start, day.zone), day.startsAt)
    })
  )

  it.effect.each(days)("$zone: every instant of the day gives the same window ($start)", (day) =>
    Effect.gen(function* () {
      const expected = { start: day.start, end: day.end }
      const start = utc(day.start)
      const end = utc(day.end)
      for (const t of [start, plusMs(start, 1), plusMs(start, HOUR), plusMs(end, -HOUR), plusMs(end, -1)]) {
        assert.deepStrictEqual(windowIso(PlayLimit.dayWindow(t, day.zone)), expected, iso(t))
      }
    })
  )

  it.effect.each(days)("$zone: just before local midnight and at it are different days ($end)", (day) =>
    Effect.gen(function* () {
      const end = utc(day.end)
      const before = PlayLimit.dayWindow(plusMs(end, -1), day.zone)
      const at = PlayLimit.dayWindow(end, day.zone)
      assert.strictEqual(iso(before.end), day.end)
      assert.strictEqual(iso(at.start), day.end)
      assert.notStrictEqual(localDate(plusMs(end, -1), day.zone), localDate(end, day.zone))
    })
  )

  it.effect("the Apia day after 29 December 2011 is 31 December", () =>
    Effect.gen(function* () {
      const next = PlayLimit.dayWindow(utc("2011-12-30T10:00:00.000Z"), "Pacific/Apia")
      assert.strictEqual(local(next.start, "Pacific/Apia"), "2011-12-31T00:00:00.000+14:00")
      assert.deepStrictEqual(windowIso(next), { start: "2011-12-30T10:00:00.000Z", end: "2011-12-31T10:00:00.000Z" })
    })
  )

  it.effect("an unknown zone counts as UTC", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(windowIso(PlayLimit.dayWindow(utc("2026-03-01T12:00:00.000Z"), "Mars/Olympus_Mons")), {
        start: "2026-03-01T00:00:00.000Z",
        end: "2026-03-02T00:00:00.000Z"
      })
    })
  )
})

// -----------------------------------------------------------------------------
// 2. Day windows, 800 consecutive days per zone
// -----------------------------------------------------------------------------

const CONSECUTIVE_DAYS = 800

/** Zones and how many 23- and 25-hour days they have in the 800 days from 1 January 2025. */
const zones: ReadonlyArray<{ readonly zone: string; readonly short: number; readonly long: number }> = [
  { zone: "UTC", short: 0, long: 0 },
  { zone: "Europe/Paris", short: 2, long: 2 },
  { zone: "America/New_York", short: 2, long: 2 },
  { zone: "Asia/Kolkata", short: 0, long: 0 },
  { zone: "Asia/Kathmandu", short: 0, long: 0 },
  { zone: "Pacific/Auckland", short: 2, long: 2 },
  { zone: "Pacific/Chatham", short: 2, long: 2 },
  { zone: "America/Santiago", short: 2, long: 2 },
  { zone: "America/Havana", short: 2, long: 2 },
  { zone: "Asia/Beirut", short: 2, long: 2 }
]

describe(`PlayLimit.dayWindow over ${CONSECUTIVE_DAYS} consecutive days`, () => {
  it.effect.each(zones)(
    "$zone: contiguous days, each from the first instant of its local date",
    ({ zone, short, long }) =>
      Effect.gen(function* () {
        let window = PlayLimit.dayWindow(utc("2025-01-01T12:00:00.000Z"), zone)
        const lengths = new Map<number, number>()
        for (let i = 0; i < CONSECUTIVE_DAYS; i++) {
          const date = localDate(window.start, zone)
          // The first instant of the day is on that date; the one before it is on the day before.
          assert.notStrictEqual(localDate(plusMs(window.start, -1), zone), date, `${zone} ${date}`)
          assert.strictEqual(localDate(plusMs(window.end, -1), zone), date, `${zone} ${date}`)
          // Every instant inside gives the same window (here: the middle of the day).
          const middle = plusMs(window.start, Math.floor((ms(window.end) - ms(window.start)) / 2))
          assert.deepStrictEqual(windowIso(PlayLimit.dayWindow(middle, zone)), windowIso(window), `${zone} ${date}`)
          lengths.set(hoursOf(window), (lengths.get(hoursOf(window)) ?? 0) + 1)

          const next = PlayLimit.dayWindow(window.end, zone)
          assert.strictEqual(iso(next.start), iso(window.end), `${zone}: the day after ${date} starts where it ends`)
          window = next
        }
        assert.deepStrictEqual(Object.fromEntries(lengths), {
          24: CONSECUTIVE_DAYS - short - long,
          ...(short > 0 ? { 23: short } : {}),
          ...(long > 0 ? { 25: long } : {})
        })
      })
  )
})

// -----------------------------------------------------------------------------
// 3. Remaining plays
// -----------------------------------------------------------------------------

describe("PlayLimit.remaining", () => {
  const table: ReadonlyArray<{
    readonly name: string
    readonly limits: PlayLimit.Limits
    readonly counts: PlayLimit.Counts
    readonly remaining: number | null
  }> = [
    { name: "no limits", limits: { total: null, perDay: null }, counts: { total: 99, today: 9 }, remaining: null },
    { name: "a total only", limits: { total: 5, perDay: null }, counts: { total: 3, today: 3 }, remaining: 2 },
    { name: "a daily limit only", limits: { total: null, perDay: 2 }, counts: { total: 40, today: 1 }, remaining: 1 },
    {
      name: "the daily limit is smaller",
      limits: { total: 10, perDay: 3 },
      counts: { total: 2, today: 2 },
      remaining: 1
    },
    { name: "the total is smaller", limits: { total: 10, perDay: 3 }, counts: { total: 9, today: 0 }, remaining: 1 },
    { name: "all used", limits: { total: 3, perDay: 3 }, counts: { total: 3, today: 3 }, remaining: 0 },
    {
      name: "over the limit (lowered after the plays): zero, never negative",
      limits: { total: 2, perDay: 1 },
      counts: { total: 5, today: 4 },
      remaining: 0
    }
  ]
  it.effect.each(table)("$name → $remaining", ({ counts, limits, remaining }) =>
    Effect.gen(function* () {
      assert.strictEqual(PlayLimit.remaining(limits, counts), remaining)
    })
  )

  it.effect("limitsOf reads a channel's or campaign's fields", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(PlayLimit.limitsOf({ maxPlaysPerParticipant: 10, maxPlaysPerParticipantPerDay: null }), {
        total: 10,
        perDay: null
      })
    })
  )
})

// -----------------------------------------------------------------------------
// 4. The rule
// -----------------------------------------------------------------------------

const NONE: PlayLimit.Limits = { total: null, perDay: null }
const ZERO: PlayLimit.Counts = { total: 0, today: 0 }

type Outcome = { readonly allowed: true } | { readonly message: string; readonly paths: ReadonlyArray<string> }

const outcome = (result: Result.Result<void, PlaysError>): Outcome =>
  Result.isSuccess(result)
    ? { allowed: true }
    : { message: result.failure.message, paths: (result.failure.details ?? []).map((d) => d.path) }

const allowed: Outcome = { allowed: true }
const refusedTotal = (...paths: Array<string>): Outcome => ({ message: "You have used all your plays.", paths })
const refusedToday = (...paths: Array<string>): Outcome => ({
  message: "You have used all your plays for today.",
  paths
})

interface Rule {
  readonly name: string
  readonly scopes: ReadonlyArray<PlayLimit.ScopeState>
  readonly then: Outcome
}

/** For each scope and each limit: one play short of the limit is allowed, at the limit refused. */
const perLimit: ReadonlyArray<Rule> = (["campaign", "channel"] as const).flatMap((scope) =>
  [1, 3, 10_000].flatMap((limit): ReadonlyArray<Rule> => [
    {
      name: `${scope} total ${limit}, ${limit - 1} played`,
      scopes: [{ scope, limits: { total: limit, perDay: null }, counts: { total: limit - 1, today: 0 } }],
      then: allowed
    },
    {
      name: `${scope} total ${limit}, ${limit} played`,
      scopes: [{ scope, limits: { total: limit, perDay: null }, counts: { total: limit, today: 0 } }],
      then: refusedTotal(`${scope}.maxPlaysPerParticipant`)
    },
    {
      name: `${scope} ${limit} a day, ${limit - 1} played today (more before)`,
      scopes: [{ scope, limits: { total: null, perDay: limit }, counts: { total: limit + 7, today: limit - 1 } }],
      then: allowed
    },
    {
      name: `${scope} ${limit} a day, ${limit} played today`,
      scopes: [{ scope, limits: { total: null, perDay: limit }, counts: { total: limit, today: limit } }],
      then: refusedToday(`${scope}.maxPlaysPerParticipantPerDay`)
    }
  ])
)

const combined: ReadonlyArray<Rule> = [
  { name: "no scopes", scopes: [], then: allowed },
  {
    name: "no limits anywhere, many plays",
    scopes: [
      { scope: "campaign", limits: NONE, counts: { total: 1_000_000, today: 50_000 } },
      { scope: "channel", limits: NONE, counts: { total: 1_000_000, today: 50_000 } }
    ],
    then: allowed
  },
  {
    name: "both scopes short of every limit",
    scopes: [
      { scope: "campaign", limits: { total: 5, perDay: 2 }, counts: { total: 4, today: 1 } },
      { scope: "channel", limits: { total: 10, perDay: 3 }, counts: { total: 9, today: 2 } }
    ],
    then: allowed
  },
  {
    name: "the campaign allows, the channel's daily limit is reached",
    scopes: [
      { scope: "campaign", limits: { total: 5, perDay: null }, counts: { total: 1, today: 1 } },
      { scope: "channel", limits: { total: null, perDay: 3 }, counts: { total: 3, today: 3 } }
    ],
    then: refusedToday("channel.maxPlaysPerParticipantPerDay")
  },
  {
    name: "the channel allows, the campaign's total is reached",
    scopes: [
      { scope: "campaign", limits: { total: 2, perDay: null }, counts: { total: 2, today: 0 } },
      { scope: "channel", limits: NONE, counts: ZERO }
    ],
    then: refusedTotal("campaign.maxPlaysPerParticipant")
  },
  {
    name: "a total and a daily limit reached: the player is told of the total",
    scopes: [
      { scope: "campaign", limits: { total: null, perDay: 1 }, counts: { total: 1, today: 1 } },
      { scope: "channel", limits: { total: 1, perDay: null }, counts: { total: 1, today: 1 } }
    ],
    then: refusedTotal("channel.maxPlaysPerParticipant", "campaign.maxPlaysPerParticipantPerDay")
  },
  {
    name: "both limits of one scope reached",
    scopes: [{ scope: "campaign", limits: { total: 3, perDay: 3 }, counts: { total: 3, today: 3 } }],
    then: refusedTotal("campaign.maxPlaysPerParticipant", "campaign.maxPlaysPerParticipantPerDay")
  },
  {
    name: "over a limit lowered after the plays",
    scopes: [{ scope: "channel", limits: { total: null, perDay: 2 }, counts: { total: 5, today: 5 } }],
    then: refusedToday("channel.maxPlaysPerParticipantPerDay")
  }
]

describe("PlayLimit.decide", () => {
  it.effect.each([...perLimit, ...combined])("$name", ({ scopes, then }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(outcome(PlayLimit.decide(scopes)), then)
    })
  )

  it.effect("a refusal is a PlaysError whose details say which limit, for the player", () =>
    Effect.gen(function* () {
      const result = PlayLimit.decide([
        { scope: "campaign", limits: { total: null, perDay: 3 }, counts: { total: 3, today: 3 } }
      ])
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result)) {
        assert.strictEqual(result.failure._tag, "PlaysError")
        assert.deepStrictEqual(result.failure.details, [
          {
            path: "campaign.maxPlaysPerParticipantPerDay",
            message: "the limit of 3 plays per player per day on this campaign is reached"
          }
        ])
      }
    })
  )
})

describe("PlayLimit.decide: the reason, PlayLimitReached", () => {
  // 2026-07-15 10:00 UTC: the local day ends at 12:00 UTC in Pacific/Auckland (+12:00), and at
  // 04:00 UTC the next day in America/New_York (-04:00).
  const now = utc("2026-07-15T10:00:00.000Z")
  const auckland = PlayLimit.dayWindow(now, "Pacific/Auckland")
  const newYork = PlayLimit.dayWindow(now, "America/New_York")

  /** The refusal's reason: the limits reached, and when the player may play again. */
  const reason = (scopes: ReadonlyArray<PlayLimit.ScopeState>) => {
    const result = PlayLimit.decide(scopes)
    if (Result.isSuccess(result)) return assert.fail("expected a refusal")
    const reason = result.failure.reason
    if (reason._tag !== "PlayLimitReached") return assert.fail(`expected PlayLimitReached, got ${reason._tag}`)
    return {
      first: [reason.scope, reason.period, reason.limit],
      reached: reason.reached,
      resetsAt: reason.resetsAt === null ? null : iso(reason.resetsAt)
    }
  }

  it.effect("a daily limit resets at the end of its scope's local day", () =>
    Effect.gen(function* () {
      assert.strictEqual(iso(auckland.end), "2026-07-15T12:00:00.000Z")
      assert.deepStrictEqual(
        reason([
          { scope: "channel", limits: { total: null, perDay: 3 }, counts: { total: 3, today: 3 }, day: auckland }
        ]),
        {
          first: ["channel", "perDay", 3],
          reached: [{ scope: "channel", period: "perDay", limit: 3 }],
          resetsAt: "2026-07-15T12:00:00.000Z"
        }
      )
    })
  )

  it.effect("two daily limits in two zones: the player plays again once both have reset", () =>
    Effect.gen(function* () {
      assert.strictEqual(iso(newYork.end), "2026-07-16T04:00:00.000Z")
      assert.deepStrictEqual(
        reason([
          { scope: "campaign", limits: { total: null, perDay: 1 }, counts: { total: 1, today: 1 }, day: newYork },
          { scope: "channel", limits: { total: null, perDay: 2 }, counts: { total: 2, today: 2 }, day: auckland }
        ]),
        {
          first: ["campaign", "perDay", 1],
          reached: [
            { scope: "campaign", period: "perDay", limit: 1 },
            { scope: "channel", period: "perDay", limit: 2 }
          ],
          resetsAt: "2026-07-16T04:00:00.000Z"
        }
      )
    })
  )

  it.effect("a total limit never resets, even with a daily one reached too; totals come first", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        reason([
          { scope: "campaign", limits: { total: null, perDay: 1 }, counts: { total: 1, today: 1 }, day: auckland },
          { scope: "channel", limits: { total: 1, perDay: null }, counts: { total: 1, today: 1 }, day: auckland }
        ]),
        {
          first: ["channel", "total", 1],
          reached: [
            { scope: "channel", period: "total", limit: 1 },
            { scope: "campaign", period: "perDay", limit: 1 }
          ],
          resetsAt: null
        }
      )
    })
  )

  it.effect("without the day window, a daily limit's reset is not known (null)", () =>
    Effect.gen(function* () {
      assert.isNull(
        reason([{ scope: "campaign", limits: { total: null, perDay: 1 }, counts: { total: 0, today: 1 } }]).resetsAt
      )
      // Not even when the other scope's day is known: the player may have to wait for either.
      assert.isNull(
        reason([
          { scope: "campaign", limits: { total: null, perDay: 1 }, counts: { total: 0, today: 1 } },
          { scope: "channel", limits: { total: null, perDay: 2 }, counts: { total: 2, today: 2 }, day: auckland }
        ]).resetsAt
      )
    })
  )

  it.effect("an unknown zone name (which the schema never lets in) counts as UTC", () =>
    Effect.gen(function* () {
      const day = PlayLimit.dayWindow(now, "Not/A_Zone")
      assert.deepStrictEqual([iso(day.start), iso(day.end)], ["2026-07-15T00:00:00.000Z", "2026-07-16T00:00:00.000Z"])
    })
  )
})
