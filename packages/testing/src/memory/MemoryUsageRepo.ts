/**
 * `UsageRepo` in memory: an account's plays per month, zero until counted; counting needs the
 * account (a breach fails with `StoreError`).
 *
 * @since 0.1.0
 */
import { Usage } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { conflict } from "../internal/Rows.ts"
import { type MemoryDatabase, repository, usageKey } from "../MemoryDatabase.ts"

/** `UsageRepo` over the usage table of the database. */
export const layer: Layer.Layer<Usage.UsageRepo, never, MemoryDatabase> = repository(
  Usage.UsageRepo,
  ({ accounts, usage }) =>
    Usage.UsageRepo.of({
      plays: (accountId, month) => Effect.sync(() => usage.get(usageKey(accountId, month)) ?? 0),
      addPlay: Effect.fnUntraced(function* (accountId, month) {
        if (!accounts.has(accountId)) return yield* conflict(`No account ${accountId} for its usage.`)
        const key = usageKey(accountId, month)
        yield* usage.set(key, (usage.get(key) ?? 0) + 1)
      })
    })
)
