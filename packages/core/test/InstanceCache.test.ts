/**
 * What a server instance remembers between requests (`InstanceCache`), held to the claims of the
 * module's table: each remembered value answers as the rule it stands for would, or is checked
 * before anything is written from it.
 *
 * - `dayWindows`: the day window from the cache equals `PlayLimit.dayWindow` at every instant tried
 *   (every 7 minutes, and the millisecond before, over three days around each DST change) in zones
 *   whose offsets or changes are not whole hours, and in whole-hour ones: every instant of a UTC
 *   quarter hour has the same local day.
 * - `apiKeys`: a key revoked on another server still passes `authenticateRecent` for at most
 *   `RECENT_KEY_TTL` after this instance read it; `authenticate` never answers from memory, and a
 *   revocation through this instance forgets every recent read at once.
 * - `campaigns` and `endpoints`: once an instance has read them, a finish is written without reading
 *   first; a campaign edited in between is read again, and the play is scored with the new config.
 */
import { MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Duration, Effect, Layer, Ref } from "effect"
import { TestClock } from "effect/testing"
import * as Accounts from "../src/accounts/Accounts.ts"
import * as Actor from "../src/accounts/Actor.ts"
import * as ApiKey from "../src/accounts/ApiKey.ts"
import * as ApiKeys from "../src/accounts/ApiKeys.ts"
import * as Campaigns from "../src/campaigns/Campaigns.ts"
import * as Channels from "../src/campaigns/Channels.ts"
import * as FileRule from "../src/campaigns/FileRule.ts"
import type { AccountsError, StoreError } from "../src/Errors.ts"
import * as InstanceCache from "../src/InstanceCache.ts"
import * as AllowedOrigins from "../src/play/AllowedOrigins.ts"
import * as ClientTokenSigner from "../src/play/ClientTokenSigner.ts"
import { PlayFinishRepo } from "../src/play/PlayContext.ts"
import * as PlayLimit from "../src/play/PlayLimit.ts"
import * as Plays from "../src/play/Plays.ts"
import * as Secrets from "../src/Secrets.ts"
import * as Given from "./support/Given.ts"

const ms = (iso: string): number => DateTime.toEpochMillis(DateTime.makeUnsafe(iso))
const iso = (t: number): string => DateTime.formatIso(DateTime.makeUnsafe(t))
const windowIso = (w: PlayLimit.Window) => ({ start: DateTime.formatIso(w.start), end: DateTime.formatIso(w.end) })

// -----------------------------------------------------------------------------
// 1. dayWindows: the cached day is the computed day, at every instant
// -----------------------------------------------------------------------------

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const STEP = 7 * MINUTE
const SPAN_DAYS = 3

interface Days {
  readonly zone: string
  /** The middle day (UTC midnight); the scan runs from the UTC midnight before it to the one two days after. */
  readonly day: string
  /** What happens on that day (tzdata 2026). */
  readonly what: string
}

/** Each scan as "zone middle-day": what happens on that day. */
const scans: ReadonlyArray<Days> = Object.entries({
  "UTC 2026-03-01": "ordinary days",
  // The same instants as UTC's, in the same cache.
  "Asia/Kathmandu 2026-03-01": "+05:45, ordinary days",
  "Pacific/Chatham 2026-04-05": "+13:45 → +12:45 at 03:45 local",
  "Pacific/Chatham 2026-09-27": "+12:45 → +13:45 at 02:45 local",
  "Australia/Lord_Howe 2026-04-05": "+11:00 → +10:30 at 02:00 local",
  "Australia/Lord_Howe 2026-10-04": "+10:30 → +11:00 at 02:00 local",
  "America/St_Johns 2026-03-08": "-03:30 → -02:30 at 02:00 local",
  "America/St_Johns 2026-11-01": "-02:30 → -03:30 at 02:00 local",
  "Europe/London 2026-03-29": "+00:00 → +01:00 at 01:00 local",
  "Europe/London 2026-10-25": "+01:00 → +00:00 at 02:00 local",
  "America/Sao_Paulo 2026-03-01": "-03:00, ordinary days since DST ended in 2019",
  "America/Sao_Paulo 2018-11-04": "-03:00 → -02:00 at midnight (the day starts at 01:00)",
  "America/Sao_Paulo 2019-02-17": "-02:00 → -03:00 at midnight (the hour before it twice)"
}).map(([scan, what]) => {
  const [zone = "", day = ""] = scan.split(" ")
  return { zone, day, what }
})

/** The day windows on a memory store (the cache reads API keys from its `ApiKeyRepo`), one cache for every scan. */
const cacheLayer = InstanceCache.InstanceCache.layer.pipe(Layer.provide(MemoryStore.layer))

it.layer(cacheLayer)("InstanceCache.dayWindowAt", (it) => {
  it.effect.each(scans)("$zone around $day ($what): the cached day is PlayLimit.dayWindow's", ({ day, zone }) =>
    Effect.gen(function* () {
      const cache = yield* InstanceCache.InstanceCache
      const from = ms(`${day}T00:00:00.000Z`) - DAY
      const mismatches: Array<string> = []
      const windows = new Set<string>()
      for (let t = from; t < from + SPAN_DAYS * DAY; t += STEP) {
        // The instant on the grid, and the last millisecond before it (the end of a quarter hour, every 105 minutes).
        for (const instant of [t - 1, t]) {
          const now = DateTime.makeUnsafe(instant)
          const cached = windowIso(yield* InstanceCache.dayWindowAt(cache, now, zone))
          const computed = windowIso(PlayLimit.dayWindow(now, zone))
          windows.add(computed.start)
          if (cached.start !== computed.start || cached.end !== computed.end) {
            mismatches.push(`${iso(instant)}: cached ${cached.start}, computed ${computed.start}`)
          }
        }
      }
      assert.deepStrictEqual(mismatches.slice(0, 5), [], `${mismatches.length} instants differ`)
      // The scan crosses local midnights: it covers at least three local days.
      assert.isAtLeast(windows.size, SPAN_DAYS)
    })
  )
})

// -----------------------------------------------------------------------------
// The use cases on a memory store, with the finish's reads counted
// -----------------------------------------------------------------------------

/** How many times a finish read its session, campaign and endpoints (`PlayFinishRepo.read`). */
class FinishReads extends Context.Service<FinishReads, Ref.Ref<number>>()("test/InstanceCache/FinishReads") {
  static readonly layer = Layer.effect(FinishReads, Ref.make(0))
}

/** The store's `PlayFinishRepo`, counting its reads in `FinishReads`. */
const countingFinishReads = Layer.effect(
  PlayFinishRepo,
  Effect.gen(function* () {
    const inner = yield* PlayFinishRepo
    const reads = yield* FinishReads
    return PlayFinishRepo.of({
      ...inner,
      read: (sessionId, eventType) =>
        Effect.andThen(
          Ref.update(reads, (n) => n + 1),
          inner.read(sessionId, eventType)
        )
    })
  })
)

/** One server instance: its use cases and its `InstanceCache`, over a fresh memory store. */
const instance = Layer.mergeAll(
  Accounts.Accounts.layer,
  ApiKeys.ApiKeys.layer,
  Channels.Channels.layer,
  Campaigns.Campaigns.layer,
  AllowedOrigins.AllowedOrigins.layer,
  Plays.Plays.layer.pipe(Layer.provide(countingFinishReads))
).pipe(
  Layer.provideMerge(FinishReads.layer),
  Layer.provideMerge(ClientTokenSigner.layerSecret("instance-cache-test-secret")),
  Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
  Layer.provideMerge(FileRule.MediaLibrary.layerNone),
  Layer.provideMerge(InstanceCache.InstanceCache.layer),
  Layer.provideMerge(MemoryStore.layer)
)

const finishReads = Effect.flatMap(Effect.service(FinishReads), Ref.get)

/** An account (system actor) created now. */
const makeAccount = Effect.map(
  Effect.flatMap(Effect.service(Accounts.Accounts), (accounts) => accounts.create({ name: "Acme" })),
  ({ account }) => Actor.system(account)
)

// -----------------------------------------------------------------------------
// 2. apiKeys: a recent read of a key, for at most RECENT_KEY_TTL
// -----------------------------------------------------------------------------

/** "passes", or the reason `authenticate` or `authenticateRecent` refuses the key with. */
const verdict = (authenticated: Effect.Effect<Actor.Actor, AccountsError | StoreError>) =>
  authenticated.pipe(
    Effect.match({
      onFailure: (error) => (error._tag === "AccountsError" ? error.reason._tag : error._tag),
      onSuccess: () => "passes"
    })
  )

/** An account with a key this instance has just read (`authenticateRecent`), at noon on 10 March 2026. */
const givenKeyReadRecently = Effect.gen(function* () {
  yield* TestClock.setTime(ms("2026-03-10T12:00:00.000Z"))
  const owner = yield* makeAccount
  const keys = yield* ApiKeys.ApiKeys
  const created = yield* keys.create(owner, { name: "backend", permissions: ["tokens.mint"] })
  assert.strictEqual(yield* verdict(keys.authenticateRecent(created.key)), "passes")
  return { owner, keys, created }
})

/** Another server revokes the key: in the store, not through this instance's `ApiKeys`. */
const revokeElsewhere = (owner: Actor.Actor, keyId: string) =>
  Effect.gen(function* () {
    assert.isTrue(yield* (yield* ApiKey.ApiKeyRepo).revoke(owner.account.id, keyId, yield* DateTime.now))
  })

describe("InstanceCache.apiKeys", () => {
  it.effect(
    "a key revoked on another server passes authenticateRecent for RECENT_KEY_TTL after its read, then never",
    () =>
      Effect.gen(function* () {
        const { created, keys, owner } = yield* givenKeyReadRecently
        yield* revokeElsewhere(owner, created.id)
        assert.strictEqual(yield* verdict(keys.authenticate(created.key)), "KeyRevoked", "no cache: refused at once")

        yield* TestClock.adjust(Duration.subtract(InstanceCache.RECENT_KEY_TTL, Duration.millis(1)))
        assert.strictEqual(yield* verdict(keys.authenticateRecent(created.key)), "passes", "stale, within the TTL")
        yield* TestClock.adjust(Duration.millis(1))
        assert.strictEqual(yield* verdict(keys.authenticateRecent(created.key)), "KeyRevoked", "read again at the TTL")
      }).pipe(Effect.provide(instance))
  )

  it.effect("a revocation through this instance refuses the key's recent reads at once", () =>
    Effect.gen(function* () {
      const { created, keys, owner } = yield* givenKeyReadRecently
      yield* keys.revoke(owner, created.id)
      assert.strictEqual(yield* verdict(keys.authenticateRecent(created.key)), "KeyRevoked")
    }).pipe(Effect.provide(instance))
  )

  it.effect("a revocation through this instance forgets every recent read, other keys' too", () =>
    Effect.gen(function* () {
      const { created, keys, owner } = yield* givenKeyReadRecently
      const other = yield* keys.create(owner, { name: "other", permissions: ["tokens.mint"] })
      yield* revokeElsewhere(owner, created.id)
      yield* keys.revoke(owner, other.id)
      assert.strictEqual(yield* verdict(keys.authenticateRecent(created.key)), "KeyRevoked")
    }).pipe(Effect.provide(instance))
  )
})

// -----------------------------------------------------------------------------
// 3. campaigns and endpoints: a finish written from what the instance knows
// -----------------------------------------------------------------------------

const { ORIGIN } = Given

const CAPITALS = [
  { id: "paris", text: "Paris" },
  { id: "lyon", text: "Lyon" }
]
/** A one-question quiz: the right answer earns the question's points. */
const quiz = (points: number) => ({
  questions: [{ id: "capital", text: "The capital of France?", options: CAPITALS, correctOptionId: "paris", points }]
})
const RIGHT_ANSWER = { answers: [{ questionId: "capital", optionId: "paris" }] }

/** An account with `ORIGIN` allowed, a channel, and a live quiz on it. */
const makeQuizWorld = Effect.gen(function* () {
  const { actor, channel } = yield* Given.account()
  const campaign = yield* Given.launch(actor, channel.id, { gameSlug: "quiz", name: "Spring quiz", config: quiz(1) })
  return { actor, channelId: channel.id, campaign }
})
type QuizWorld = Effect.Success<typeof makeQuizWorld>

/** The backend mints a token for `participantRef` and the embed starts the play. */
const startPlay = Effect.fnUntraced(function* (world: QuizWorld, participantRef: string) {
  const plays = yield* Plays.Plays
  const minted = yield* plays.mint(world.actor, { channelId: world.channelId, participantRef, origin: ORIGIN })
  if (minted._tag !== "Token") return assert.fail(`expected a token, got ${minted._tag}`)
  const { session } = yield* plays.start(minted.clientToken)
  return { token: minted.clientToken, sessionId: session.id }
})

/** The embed finishes the play with the right answer. */
const finishPlay = (play: { readonly token: string; readonly sessionId: string }) =>
  Effect.flatMap(Effect.service(Plays.Plays), (plays) => plays.finish(play.token, play.sessionId, RIGHT_ANSWER))

describe("InstanceCache.campaigns and endpoints", () => {
  it.effect("after a start and a finish on this instance, the next finish is written without reading first", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(ms("2026-06-01T09:00:00.000Z"))
      const world = yield* makeQuizWorld
      const alice = yield* finishPlay(yield* startPlay(world, "alice"))
      assert.strictEqual(yield* finishReads, 1, "the first finish reads the account's endpoints")

      yield* TestClock.adjust(Duration.seconds(1))
      const bob = yield* finishPlay(yield* startPlay(world, "bob"))
      assert.strictEqual(yield* finishReads, 1, "bob's finish decides from what the instance knows")
      const written = yield* (yield* Plays.Plays).entries(
        world.actor,
        world.campaign.id,
        { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
        { limit: 10, offset: 0 }
      )
      assert.deepStrictEqual(
        written.items.map((e) => [e.id, e.participantRef, e.score]),
        [
          [alice.entry.id, "alice", 1],
          [bob.entry.id, "bob", 1]
        ]
      )
    }).pipe(Effect.provide(instance))
  )

  it.effect(
    "a campaign edited between a start and its finish is read again, and the play scored by the new config",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(ms("2026-06-01T09:00:00.000Z"))
        const world = yield* makeQuizWorld
        yield* finishPlay(yield* startPlay(world, "alice"))
        const bob = yield* startPlay(world, "bob")

        // The question is now worth 10 points (a PATCH while bob plays).
        yield* (yield* Campaigns.Campaigns).update(world.actor, world.campaign.id, { config: quiz(10) })
        const finished = yield* finishPlay(bob)
        assert.strictEqual(finished.entry.score, 10)
        assert.strictEqual(yield* finishReads, 2, "the known campaign was refused, so the finish read it")
      }).pipe(Effect.provide(instance))
  )
})
