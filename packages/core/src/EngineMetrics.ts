/**
 * The engine's own metrics, as effect `Metric`s: what the operator of a server watches besides
 * the HTTP layer's request counts. Plays by step (`Plays` counts a mint, a start and a finish when
 * it succeeds), webhook attempts by what they ended as, and how late an attempt went out after it
 * was due (`WebhookDispatcher`). The store's gauges (`StoreGauges`: deliveries waiting, the
 * database pool) are read when the metrics are scraped.
 *
 * The metrics live in effect's `Metric.MetricRegistry` of the running program (the process's
 * default registry unless the application provides another); exporting them (Prometheus text at
 * `/metrics`, OTLP) is the HTTP adapter's business. No label carries an id, a reference or a
 * secret: only the small fixed sets below. Updating one costs a map lookup.
 *
 * @since 0.1.0
 */
import { Effect, Metric } from "effect"

/** The steps of a play that are counted. */
export type PlayStep = "mint" | "start" | "finish"

/** What a webhook attempt ended as (the delivery's status after it). */
export type AttemptStatus = "success" | "failed" | "exhausted"

// One metric per label value, each made with its attributes: an update then costs a map lookup,
// where `Metric.withAttributes` would build a context and a key at every update.
const counters = <const L extends string>(
  id: string,
  description: string,
  label: string,
  values: ReadonlyArray<L>
): Record<L, Metric.Counter<number>> =>
  Object.fromEntries(
    values.map((value) => [
      value,
      Metric.counter(id, { description, incremental: true, attributes: { [label]: value } })
    ])
  ) as Record<L, Metric.Counter<number>>

const playSteps = counters(
  "campaign_games_plays_total",
  "Plays by step: client tokens minted, sessions started, sessions finished.",
  "step",
  ["mint", "start", "finish"]
)

const attemptStatuses = counters(
  "campaign_games_webhook_deliveries_total",
  "Webhook delivery attempts by outcome: success, failed (to be retried) or exhausted (no retry left).",
  "status",
  ["success", "failed", "exhausted"]
)

/** Bucket bounds of the webhook lag histogram, in seconds: 10 ms to 1 hour. */
export const LAG_BOUNDARIES: ReadonlyArray<number> = [
  0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600
]

const lag = Metric.histogram("campaign_games_webhook_lag_seconds", {
  description: "How long after it was due (created, or its retry time) a webhook attempt was sent.",
  boundaries: LAG_BOUNDARIES
})

/** The gauge of deliveries waiting to be sent (pending, or failed with a retry to come). */
export const webhookPending = Metric.gauge("campaign_games_webhook_pending", {
  description: "Webhook deliveries waiting to be sent: pending, or failed with a retry to come."
})

const poolDescription =
  "Database connections of this instance's pool by state: in_use (running a statement or in a transaction), idle, waiting (blocked on a lock)."

/** The gauges of the database pool's connections by state (`in_use`, `idle`, `waiting`). */
export const dbPoolConnections = {
  inUse: Metric.gauge("campaign_games_db_pool_connections", {
    description: poolDescription,
    attributes: { state: "in_use" }
  }),
  idle: Metric.gauge("campaign_games_db_pool_connections", {
    description: poolDescription,
    attributes: { state: "idle" }
  }),
  waiting: Metric.gauge("campaign_games_db_pool_connections", {
    description: poolDescription,
    attributes: { state: "waiting" }
  })
}

/** Counts one successful step of a play. */
export const playCounted = (step: PlayStep): Effect.Effect<void> => Metric.update(playSteps[step], 1)

/** Counts one webhook attempt by its outcome, with how late it was sent (`lagSeconds`, never negative). */
export const attemptCounted = (status: AttemptStatus, lagSeconds: number): Effect.Effect<void> =>
  Effect.andThen(Metric.update(attemptStatuses[status], 1), Metric.update(lag, Math.max(0, lagSeconds)))

/**
 * Registers every series of this module with its zero (a metric is otherwise registered at its
 * first update), so that a scrape lists them all from the start: no plays yet reads 0, not absent.
 */
export const register: Effect.Effect<void> = Effect.forEach(
  [...Object.values(playSteps), ...Object.values(attemptStatuses), lag, webhookPending],
  (metric: Metric.Metric<never, unknown>) => Metric.value(metric),
  { discard: true }
)
