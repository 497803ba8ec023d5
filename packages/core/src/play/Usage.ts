/**
 * Monthly usage: plays (sessions started) per account and calendar month (UTC), for the plan's
 * `playsPerMonth` limit. Counted as sessions start, read at mint.
 *
 * @since 0.1.0
 */
import { Context, DateTime, type Effect } from "effect"
import type { StoreError } from "../Failure.ts"

/** The month of an instant, `YYYY-MM` in UTC. */
export const monthOf = (at: DateTime.Utc): string => {
  const date = new Date(DateTime.toEpochMillis(at))
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + 1
  // Years 0–9999 as ISO 8601 writes them (the only ones a play happens in).
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}`
}

export class UsageRepo extends Context.Service<
  UsageRepo,
  {
    readonly plays: (accountId: string, month: string) => Effect.Effect<number, StoreError>
    readonly addPlay: (accountId: string, month: string) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/UsageRepo") {}
