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

const plays = Metric.counter("campaign_games_plays_total", {
  description: "Plays by step: client tokens minted, sessions started, sessions finished.",
  incremental: true
})

const playSteps: Record<PlayStep, Metric.Metric<number, Metric.CounterState<number>>> = {
  mint: Metric.withAttributes(plays, { step: "mint" }),
  start: Metric.withAttributes(plays, { step: "start" }),
  finish: Metric.withAttributes(plays, { step: "finish" })
}

const deliveries = Metric.counter("campaign_games_webhook_deliveries_total", {
  description: "Webhook delivery attempts by outcome: success, failed (to be retried) or exhausted (no retry left).",
  incremental: true
})

const attemptStatuses: Record<AttemptStatus, Metric.Metric<number, Metric.CounterState<number>>> = {
  success: Metric.withAttributes(deliveries, { status: "success" }),
  failed: Metric.withAttributes(deliveries, { status: "failed" }),
  exhausted: Metric.withAttributes(deliveries, { status: "exhausted" })
}

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

/** The gauge of the database pool's connections by state (`in_use`, `idle`, `waiting`). */
export const dbPoolConnections = Metric.gauge("campaign_games_db_pool_connections", {
  description:
    "Database connections of this instance's pool by state: in_use (running a statement or in a transaction), idle, waiting (blocked on a lock)."
})

/** Counts one successful step of a play. */
export const playCounted = (step: PlayStep): Effect.Effect<void> => Metric.update(playSteps[step], 1)

/** Counts one webhook attempt by its outcome, with how late it was sent (`lagSeconds`, never negative). */
export const attemptCounted = (status: AttemptStatus, lagSeconds: number): Effect.Effect<void> =>
  Effect.andThen(Metric.update(attemptStatuses[status], 1), Metric.update(lag, Math.max(0, lagSeconds)))
