/**
 * What every actor and invariant module of a run shares: the world and its model, the agenda, the
 * event log, the invariants, the report's counters, the driver's random stream, the engine's use
 * cases, and the observations actors publish for the invariant modules (a play finished, a webhook
 * request checked, …).
 *
 * A run is a set of **actors** (modules under `actors/`: they schedule steps on the agenda and call
 * the engine as a user would) and **invariant modules** (under `invariants/`: they declare what
 * must hold, check it from the observations as the run goes, and once more at the end against
 * what the store holds). Adding a part of the engine to the simulation is one actor and one
 * invariant module, listed in `Simulation.ts`.
 *
 * @since 0.1.0
 */
import type {
  Accounts,
  AllowedOrigins,
  ApiKeys,
  Campaigns,
  Channels,
  Participants,
  Plays,
  PrivacyEngine,
  Webhook,
  WebhookDispatcher,
  Webhooks
} from "@campaign-games/core"
import type * as DrawRun from "@campaign-games/core/draws/DrawRun"
import type { Draws } from "@campaign-games/core/draws/Draws"
import type { DrawWorker } from "@campaign-games/core/draws/DrawsEngine"
import type * as Grant from "@campaign-games/core/rewards/Grant"
import type { Rewards } from "@campaign-games/core/rewards/Rewards"
import type { Effect } from "effect"
import type * as Agenda from "./Agenda.ts"
import type * as EventLog from "./EventLog.ts"
import type * as Invariants from "./Invariants.ts"
import type * as Model from "./Model.ts"
import type * as Receivers from "./Receivers.ts"
import type * as Rng from "./Rng.ts"
import type * as World from "./World.ts"

/** The engine's services the actors call, taken once from the engine's layer. */
export interface Engine {
  readonly accounts: Accounts.Accounts["Service"]
  readonly apiKeys: ApiKeys.ApiKeys["Service"]
  readonly allowedOrigins: AllowedOrigins.AllowedOrigins["Service"]
  readonly channels: Channels.Channels["Service"]
  readonly campaigns: Campaigns.Campaigns["Service"]
  readonly plays: Plays.Plays["Service"]
  readonly webhooks: Webhooks.Webhooks["Service"]
  readonly dispatcher: WebhookDispatcher.WebhookDispatcher["Service"]
  /** The store's deliveries, to read one record (the API lists them; the checks read by id). */
  readonly deliveries: Webhook.DeliveryRepo["Service"]
  readonly draws: Draws["Service"]
  /** The draws' worker: the scheduled draws due now, the after-play draws in flight. */
  readonly drawWorker: DrawWorker["Service"]
  readonly rewards: Rewards["Service"]
  /** Participants' data (export, erasure, retention settings) and the retention worker's pass. */
  readonly participants: Participants.Participants["Service"]
  readonly retention: PrivacyEngine.RetentionWorker["Service"]
}

/** What actors tell the invariant modules, by kind. */
export interface Observed {
  /** A play finished: its entry was written. */
  readonly finished: Model.Play
  /** A campaign was resolved to an option. */
  readonly resolved: Model.CampaignState
  /** An operator resent an endpoint's exhausted deliveries: they are due now. */
  readonly resent: { readonly endpoint: Model.EndpointState; readonly count: number }
  /** An operator created a campaign (its engine id is known). */
  readonly created: Model.CampaignState
  /** A draw run was read back: its `winner_selected` goes to `endpoints` (when it has winners). */
  readonly drawn: {
    readonly campaign: Model.CampaignState
    readonly run: DrawRun.Run
    readonly endpoints: ReadonlyArray<Model.EndpointState>
  }
  /**
   * The actor called `DrawWorker.runDue` at a scheduled draw's instant (`again`: a minute later) and
   * read back `fresh` new runs of the campaign.
   */
  /** A grant was read back (code masked): its `reward_granted` goes to `endpoints`. */
  readonly granted: {
    readonly campaign: Model.CampaignState
    readonly grant: Grant.GrantView
    readonly endpoints: ReadonlyArray<Model.EndpointState>
  }
  readonly scheduled: { readonly campaign: Model.CampaignState; readonly again: boolean; readonly fresh: number }
}

/** The report's counters, by name (`plays.minted`, `deliveries.attempts`, …). */
export interface Counters {
  readonly add: (name: string, by?: number) => void
  readonly get: (name: string) => number
  readonly all: () => ReadonlyMap<string, number>
}

export interface Sim {
  readonly world: World.World
  readonly model: Model.Model
  readonly engine: Engine
  readonly agenda: Agenda.Agenda<never>
  readonly log: EventLog.EventLog
  readonly invariants: Invariants.Invariants
  readonly counters: Counters
  /** The players' and operators' choices as the run goes (one stream, in the agenda's order). */
  readonly driver: Rng.Stream
  readonly receivers: Receivers.Receivers
  /** The instant the agenda is at (the test clock's). */
  readonly now: () => number
  readonly observe: <K extends keyof Observed>(kind: K, listener: (value: Observed[K]) => void) => void
  readonly publish: <K extends keyof Observed>(kind: K, value: Observed[K]) => void
}

/**
 * A part of the simulation: `invariants`, the invariants it checks (each name with what it holds),
 * declared just before it starts; `start` (once the run is set up) subscribes to observations and
 * schedules its first steps; `finish` (once the agenda ran out) makes its end-of-run checks.
 */
export interface Part {
  readonly name: string
  readonly invariants?: Readonly<Record<string, string>> | undefined
  readonly start: (sim: Sim) => Effect.Effect<void>
  readonly finish?: ((sim: Sim) => Effect.Effect<void>) | undefined
}

/** Counters starting at zero. */
export const makeCounters = (): Counters => {
  const counts = new Map<string, number>()
  return {
    add: (name, by = 1) => void counts.set(name, (counts.get(name) ?? 0) + by),
    get: (name) => counts.get(name) ?? 0,
    all: () => counts
  }
}

/** Observations with no listener yet. */
export const makeObservations = (): Pick<Sim, "observe" | "publish"> => {
  const listeners = new Map<string, Array<(value: never) => void>>()
  return {
    observe: (kind, listener) => {
      const list = listeners.get(kind) ?? []
      list.push(listener as (value: never) => void)
      listeners.set(kind, list)
    },
    publish: (kind, value) => {
      for (const listener of listeners.get(kind) ?? []) (listener as (v: typeof value) => void)(value)
    }
  }
}
