/**
 * The deterministic simulation of the whole engine: `Engine.layer` over a store (memory, or the SQL
 * store on PGlite), under effect's `TestClock` and a seeded `Random`, with deterministic platform
 * ports (`Platform`: secrets from the seed, the world's host resolver, simulated webhook receivers),
 * driven by a planned world (`World`) of thousands of players across time zones over weeks.
 *
 * A run plans the world from the seed, builds the engine (its background loops off: the dispatcher
 * is driven by rounds), lets each part start (the operators set the accounts up at the first
 * instant), then runs the agenda step by step, moving the test clock to each step's instant, and
 * ends with each part's checks against the store and the report (`Report`). Everything the engine
 * decides comes from the seed: the same seed gives the same event log and the same report, on every
 * store; another seed another.
 *
 * The parts (`Sim.Part`) are the actors (`actors/`: operators, players, draws, rewards, the
 * dispatcher's rounds) and the invariant modules (`invariants/`: play limits, deliveries, entries,
 * draws, rewards).
 *
 * @since 0.1.0
 */
import {
  Accounts,
  AllowedOrigins,
  ApiKeys,
  Campaigns,
  Channels,
  Engine,
  type Errors,
  Participants,
  Plays,
  PrivacyEngine,
  type StorePorts,
  Webhook,
  WebhookDispatcher,
  Webhooks
} from "@campaign-games/core"
import { Draws } from "@campaign-games/core/draws/Draws"
import { DrawWorker } from "@campaign-games/core/draws/DrawsEngine"
import { Rewards } from "@campaign-games/core/rewards/Rewards"
import { Effect, Layer, Random, References, Scheduler } from "effect"
import { TestClock } from "effect/testing"
import * as Dispatcher from "./actors/Dispatcher.ts"
import * as DrawsActor from "./actors/Draws.ts"
import * as Operators from "./actors/Operators.ts"
import * as Players from "./actors/Players.ts"
import * as Retention from "./actors/Retention.ts"
import * as RewardsActor from "./actors/Rewards.ts"
import * as Agenda from "./Agenda.ts"
import * as EventLog from "./EventLog.ts"
import * as Deliveries from "./invariants/Deliveries.ts"
import * as DrawsInvariants from "./invariants/Draws.ts"
import * as Entries from "./invariants/Entries.ts"
import * as PlayLimits from "./invariants/PlayLimits.ts"
import * as RewardsInvariants from "./invariants/Rewards.ts"
import * as Invariants from "./Invariants.ts"
import * as Model from "./Model.ts"
import * as Platform from "./Platform.ts"
import * as Receivers from "./Receivers.ts"
import type { Report, Timings } from "./Report.ts"
import * as Rng from "./Rng.ts"
import * as Sim from "./Sim.ts"
import * as World from "./World.ts"

export interface Progress {
  /** How far the clock is from the start to the end, 0 to 1. */
  readonly fraction: number
  /** The clock (epoch milliseconds). */
  readonly at: number
  readonly steps: number
}

export interface Options extends World.Options {
  /** Told every few thousand steps how far the run is. */
  readonly onProgress?: ((progress: Progress) => void) | undefined
  /** Keep the event log's lines (to compare runs line by line); only its hash otherwise. */
  readonly keepLog?: boolean | undefined
  /**
   * Give campaigns rewards (default true). Off, a run's engine draws the same randomness on every
   * store: the SQL store draws a random starting code for each grant and the memory store does
   * not (docs/simulation.md), so a run with rewards is exact on each store but not the same on both.
   */
  readonly rewards?: boolean | undefined
}

export interface Result {
  readonly report: Report
  readonly timings: Timings
  /** The event log's lines, when kept. */
  readonly log: ReadonlyArray<string>
}

/** How many steps between two progress reports. */
const PROGRESS_EVERY = 500

/** The parts of a run, in the order they start and finish. */
const partsOf = (options: Options) => {
  const limits = PlayLimits.make()
  const deliveries = Deliveries.make()
  const draws = DrawsActor.make()
  const rewards = RewardsActor.make()
  const withRewards = options.rewards !== false
  return [
    limits.part,
    deliveries.part,
    Entries.part,
    DrawsInvariants.make(draws.plans),
    ...(withRewards ? [RewardsInvariants.make(rewards.plans)] : []),
    // Before the operators: they create the first campaigns as they start.
    draws,
    ...(withRewards ? [rewards] : []),
    Operators.make(deliveries),
    Players.make(limits),
    Dispatcher.make(deliveries),
    Retention.make()
  ]
}

/** The engine over `store`, with the simulation's platform ports; no background loop. */
const engineOver = <E, R>(
  store: Layer.Layer<StorePorts.StoreServices, E, R>,
  secrets: Rng.Stream,
  receivers: Receivers.Receivers
) =>
  Engine.layer({ dispatcher: false, workers: false }).pipe(
    Layer.provideMerge(Platform.layer(secrets, receivers.transport)),
    Layer.provideMerge(store)
  )

/**
 * Runs the simulation on a fresh store built from `store` (build it empty: `MemoryStore.layer`,
 * `Database.layerPglite()`); the report, the timings and (when kept) the event log.
 */
export const run = <E, R>(
  options: Options,
  store: Layer.Layer<StorePorts.StoreServices, E, R>
): Effect.Effect<Result, E | Errors.StoreError, R> =>
  Effect.gen(function* () {
    const began = performance.now()
    const seed = options.seed
    const world = World.plan(options, yield* Rng.stream(seed, "world"))
    const driver = yield* Rng.stream(seed, "driver")
    const secrets = yield* Rng.stream(seed, "secrets")
    const receivers = Receivers.make(seed)

    return yield* Effect.gen(function* () {
      yield* TestClock.setTime(world.start)
      let now = world.start
      const engine: Sim.Engine = {
        accounts: yield* Accounts.Accounts,
        apiKeys: yield* ApiKeys.ApiKeys,
        allowedOrigins: yield* AllowedOrigins.AllowedOrigins,
        channels: yield* Channels.Channels,
        campaigns: yield* Campaigns.Campaigns,
        plays: yield* Plays.Plays,
        webhooks: yield* Webhooks.Webhooks,
        dispatcher: yield* WebhookDispatcher.WebhookDispatcher,
        deliveries: yield* Webhook.DeliveryRepo,
        draws: yield* Draws,
        drawWorker: yield* DrawWorker,
        rewards: yield* Rewards,
        participants: yield* Participants.Participants,
        retention: yield* PrivacyEngine.RetentionWorker
      }
      const log = EventLog.make({ keep: options.keepLog === true })
      const sim: Sim.Sim = {
        world,
        model: Model.make(world),
        engine,
        agenda: Agenda.make<never>(),
        log,
        invariants: Invariants.make(),
        counters: Sim.makeCounters(),
        driver,
        receivers,
        now: () => now,
        ...Sim.makeObservations()
      }
      log.append(
        "world",
        JSON.stringify(seed),
        options.players,
        options.days,
        EventLog.iso(world.start),
        world.dispatchEvery,
        ...(options.rewards === false ? ["no-rewards"] : [])
      )
      const parts = partsOf(options)
      for (const part of parts) {
        sim.invariants.declare(part.invariants ?? {})
        yield* part.start(sim)
      }
      const setupMs = performance.now() - began

      const byActor = new Map<string, { steps: number; ms: number }>()
      let steps = 0
      const span = world.end - world.start
      const running = performance.now()
      while (true) {
        const step = sim.agenda.take()
        if (step === undefined) break
        if (step.at > now) {
          yield* TestClock.setTime(step.at)
          now = step.at
          sim.counters.add("clock.moves")
        }
        const t0 = performance.now()
        yield* step.run
        // The after-play draws a finish forked are done before the next step: left running they
        // would take the engine's `Random` in an order that depends on the store's I/O.
        yield* engine.drawWorker.settled
        const spent = byActor.get(step.actor) ?? { steps: 0, ms: 0 }
        spent.steps++
        spent.ms += performance.now() - t0
        byActor.set(step.actor, spent)
        if (++steps % PROGRESS_EVERY === 0) {
          options.onProgress?.({ fraction: Math.min(1, (now - world.start) / span), at: now, steps })
        }
      }
      const runMs = performance.now() - running
      options.onProgress?.({ fraction: 1, at: now, steps })

      const checking = performance.now()
      for (const part of parts) if (part.finish !== undefined) yield* part.finish(sim)
      const checksMs = performance.now() - checking

      const counts = Object.fromEntries([...sim.counters.all()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      const report: Report = {
        seed,
        players: options.players,
        days: options.days,
        start: EventLog.iso(world.start),
        end: EventLog.iso(world.end),
        dispatchEveryMinutes: world.dispatchEvery / World.MINUTE,
        world: {
          accounts: world.accounts.length,
          channels: world.channels.length,
          campaigns: World.campaignsOf(world).length,
          endpoints: world.endpoints.length,
          visits: world.attempts.length
        },
        counts,
        invariants: sim.invariants.tallies(),
        violations: sim.invariants.violations(),
        eventLog: { lines: log.lines(), sha256: log.digest() }
      }
      const timings: Timings = {
        totalMs: performance.now() - began,
        setupMs,
        runMs,
        checksMs,
        steps,
        byActor: Object.fromEntries(byActor)
      }
      return { report, timings, log: log.kept() } satisfies Result
    }).pipe(
      Effect.provide(engineOver(store, secrets, receivers)),
      Effect.provide(TestClock.layer()),
      Random.withSeed(`${seed}/engine`),
      // The engine's Info lines (codes added, generated) would bury the run's own output.
      Effect.provideService(References.MinimumLogLevel, "Warn"),
      // Fibers hand over through microtasks, not the event loop: the test clock's every move forks
      // and awaits a fiber, and a macrotask per move costs more than most steps.
      Effect.provideService(Scheduler.Scheduler, new Scheduler.MixedScheduler("sync"))
    )
  })
