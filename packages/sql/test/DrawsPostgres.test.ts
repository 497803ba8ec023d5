/**
 * Draws on PostgreSQL with real concurrency: several server instances (pools) on one database.
 * A scheduled draw is made once at its time however many instances wake for it (under a test
 * clock), and once after a restart that missed its time; two instances paying the same winning
 * moment make one run; and draws made while plays are being written (in slow transactions) all
 * verify afterwards, because each waits for the entries being written and bounds what it considers.
 */
import {
  Account,
  Actor,
  type Campaign,
  Campaigns,
  Channel,
  Draws,
  DrawsEngine,
  Entry,
  FileRule,
  Secrets,
  Store
} from "@campaign-games/core"
import { Database } from "@campaign-games/sql"
import { assert, describe } from "@effect/vitest"
import { Fixtures } from "@campaign-games/testing"
import { type Context, DateTime, Effect, Fiber, Layer, Ref } from "effect"
import { TestClock } from "effect/testing"
import * as Postgres from "./support/Postgres.ts"

const { live, on, underTestClock } = Postgres

const T0 = Date.UTC(2026, 6, 1, 10, 0, 0, 0)
const HOUR = 3_600_000

/** The draws of one instance over a database's store: its use cases and worker, its campaigns. */
const instance = (database: Context.Context<Database.Services>, background: boolean) =>
  Campaigns.Campaigns.layer.pipe(
    Layer.provideMerge(DrawsEngine.layer({ background })),
    Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
    Layer.provideMerge(FileRule.MediaLibrary.layerNone),
    Layer.provideMerge(Layer.succeedContext(database))
  )

type Instance = Layer.Success<ReturnType<typeof instance>>

/** A fresh database with `count` pools on it (server instances' stores). */
const pools = (count: number) => Postgres.instances(count, Postgres.store(6))

/** Two instances on a fresh database, neither running the draw worker in the background. */
const twoInstances = Effect.gen(function* () {
  const [sa, sb] = yield* pools(2)
  return { a: yield* Layer.build(instance(sa, false)), b: yield* Layer.build(instance(sb, false)) }
})

/** A wheel of two segments, one winning. */
const WHEEL = {
  segments: [
    { id: "w", label: "Win", isWin: true },
    { id: "l", label: "Lose", isWin: false }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
}

/** An account and channel, and a wheel campaign made (and activated) by the engine with `input`. */
const givenCampaign = (input: Partial<Parameters<Campaigns.Campaigns["Service"]["create"]>[1]>) =>
  Effect.gen(function* () {
    const account = Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
    yield* (yield* Account.AccountRepo).insert(account)
    const channel = Fixtures.makeChannel(account.id)
    yield* (yield* Channel.ChannelRepo).insert(channel)
    const actor = Actor.system(account)
    const campaigns = yield* Campaigns.Campaigns
    const wheel = { gameSlug: "spin-the-wheel", name: "Draw", channelId: channel.id, config: WHEEL }
    const draft = yield* campaigns.create(actor, { ...wheel, ...input })
    return { actor, campaign: yield* campaigns.activate(actor, draft.id, {}) }
  })

let counter = 0
/** An entry of the campaign as a finished play writes it. */
const entryOf = (campaign: Campaign.Campaign, at: number): Entry.Entry => {
  counter++
  return Fixtures.makeEntry(campaign, {
    participantRef: `player ${counter % 37}`,
    weight: 1 + (counter % 3),
    createdAt: DateTime.makeUnsafe(at)
  })
}

/** Waits, on the real clock, until `condition` holds (up to 10 s). */
const eventually = <E, R>(condition: Effect.Effect<boolean, E, R>) =>
  Effect.gen(function* () {
    for (let i = 0; i < 200; i++) {
      if (yield* condition) return true
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
    }
    return false
  })

const runCount = (actor: Actor.Actor, campaignId: string) =>
  Effect.flatMap(Effect.service(Draws.Draws), (draws) =>
    Effect.map(draws.runs(actor, campaignId, { limit: 200, offset: 0 }), (page) => page.total)
  )

describe.runIf(Postgres.available)("draws on PostgreSQL, several instances", () => {
  underTestClock(
    "under a test clock, a scheduled draw is made once at scheduleAt by three instances waking for it",
    function* () {
      yield* TestClock.setTime(T0)
      const stores = yield* pools(3)
      const instances = yield* Effect.forEach(stores, (store) => Layer.build(instance(store, true)))
      const [a, b, c] = instances as [Context.Context<Instance>, Context.Context<Instance>, Context.Context<Instance>]
      const { actor, campaign } = yield* on(a)(
        givenCampaign({ winnerSelectionTrigger: "auto_on_schedule", scheduleAt: DateTime.makeUnsafe(T0 + HOUR) })
      )
      for (let i = 0; i < 20; i++) yield* on(b)(Entry.EntryRepo.use((repo) => repo.insert(entryOf(campaign, T0 + i))))
      yield* TestClock.adjust(HOUR - 1_000)
      assert.isTrue(yield* on(a)(eventually(Effect.map(runCount(actor, campaign.id), (n) => n === 0))))
      yield* TestClock.adjust("1 second")
      assert.isTrue(yield* on(c)(eventually(Effect.map(runCount(actor, campaign.id), (n) => n === 1))), "made")
      // Every instance wakes again, and is asked again at once, all together.
      yield* TestClock.adjust("3 seconds")
      yield* Effect.all(
        instances.flatMap((context) =>
          Array.from({ length: 4 }, () =>
            on(context)(Effect.flatMap(Effect.service(DrawsEngine.DrawWorker), (w) => w.runDue))
          )
        ),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(yield* on(b)(runCount(actor, campaign.id)), 1, "once")
      const run = (yield* on(b)(
        Effect.flatMap(Effect.service(Draws.Draws), (d) => d.runs(actor, campaign.id, { limit: 1, offset: 0 }))
      )).items[0]!
      assert.strictEqual(run.trigger, "auto_on_schedule")
      assert.strictEqual(run.entriesConsidered, 20)
      assert.isTrue(
        (yield* on(c)(Effect.flatMap(Effect.service(Draws.Draws), (d) => d.verify(actor, campaign.id, run.id))))
          .verified
      )
    }
  )

  underTestClock(
    "a scheduled time missed while no instance ran is made once by the instances starting again",
    function* () {
      yield* TestClock.setTime(T0)
      const stores = yield* pools(3)
      const made = yield* Effect.scoped(
        Effect.flatMap(Layer.build(instance(stores[0]!, false)), (first) =>
          on(first)(
            givenCampaign({ winnerSelectionTrigger: "auto_on_schedule", scheduleAt: DateTime.makeUnsafe(T0 + HOUR) })
          )
        )
      )
      // Down from before scheduleAt until hours after it.
      yield* TestClock.adjust(5 * HOUR)
      const restarted = yield* Effect.all(
        [Layer.build(instance(stores[1]!, true)), Layer.build(instance(stores[2]!, true))],
        { concurrency: "unbounded" }
      )
      assert.isTrue(
        yield* on(restarted[0])(eventually(Effect.map(runCount(made.actor, made.campaign.id), (n) => n === 1)))
      )
      yield* TestClock.adjust("5 seconds")
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 300)))
      assert.strictEqual(yield* on(restarted[1])(runCount(made.actor, made.campaign.id)), 1)
    }
  )

  live("two instances paying the same winning moment make one run", function* () {
    const { a, b } = yield* twoInstances
    const now = Date.now()
    // One moment in a window of 100 days ending in a minute: it has passed (all but surely).
    const { actor, campaign } = yield* on(a)(
      givenCampaign({
        winnerSelectionTrigger: "auto_on_session_end",
        winnerSelectionConfig: {
          maxWinners: 1,
          windowStart: DateTime.makeUnsafe(now - 100 * 24 * HOUR),
          windowEnd: DateTime.makeUnsafe(now + 60_000)
        }
      })
    )
    const entry = entryOf(campaign, now)
    yield* on(a)(Entry.EntryRepo.use((repo) => repo.insert(entry)))
    const play = { campaign: { ...campaign }, entry }
    const paid = yield* Effect.all(
      Array.from({ length: 10 }, (_, i) =>
        on(Postgres.alternate(a, b)(i))(Effect.flatMap(Effect.service(Draws.Draws), (d) => d.afterPlay(play)))
      ),
      { concurrency: "unbounded" }
    )
    assert.strictEqual(
      paid.reduce((sum, n) => sum + n, 0),
      1,
      "one of them made the run"
    )
    assert.strictEqual(yield* on(b)(runCount(actor, campaign.id)), 1)
  })

  live(
    "draws made while plays are written in slow transactions on another instance all verify afterwards",
    function* () {
      const { a, b } = yield* twoInstances
      const { actor, campaign } = yield* on(a)(givenCampaign({ winnerSelectionConfig: { maxWinners: 3 } }))
      const writing = yield* Ref.make(true)
      // Plays on instance A: each entry written in a transaction that stays open a while.
      const writer = (n: number) =>
        on(a)(
          Effect.gen(function* () {
            const store = yield* Store.Store
            const entries = yield* Entry.EntryRepo
            while (yield* Ref.get(writing)) {
              yield* store.transaction(
                Effect.gen(function* () {
                  yield* entries.insert(entryOf(campaign, Date.now() - n))
                  yield* Effect.sleep(15)
                })
              )
            }
          })
        )
      const writers = yield* Effect.forEach([0, 1, 2, 3], (n) => Effect.forkChild(writer(n)))
      yield* Effect.sleep(100)
      const runs = yield* Effect.forEach(
        Array.from({ length: 12 }, (_, i) => i),
        (i) =>
          on(Postgres.alternate(b, a)(i))(
            Effect.flatMap(Effect.service(Draws.Draws), (d) => d.trigger(actor, campaign.id))
          ),
        { concurrency: 3 }
      )
      yield* Ref.set(writing, false)
      yield* Fiber.joinAll(writers)
      assert.lengthOf(runs, 12)
      const considered = runs.map((r) => r.entriesConsidered)
      assert.isAbove(Math.max(...considered), Math.min(...considered), "entries kept coming between the runs")
      for (const run of runs) {
        const verified = yield* on(b)(
          Effect.flatMap(Effect.service(Draws.Draws), (d) => d.verify(actor, campaign.id, run.id))
        )
        assert.isTrue(verified.verified, `run ${run.sequence} (${run.entriesConsidered} entries) verifies`)
      }
      assert.strictEqual(yield* on(a)(runCount(actor, campaign.id)), 12)
    }
  )
})
