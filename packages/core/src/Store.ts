/**
 * The `Store` port: the transaction combinator the rules of the engine rely on. Repositories
 * (`AccountRepo`, `ChannelRepo`, …) sit beside the concept they store; every call made by the effect
 * given to `transaction` runs in the same transaction.
 *
 * Semantics every adapter keeps:
 * - `transaction(self)` commits when `self` succeeds and keeps nothing when it fails or is
 *   interrupted. A transaction inside another joins it.
 * - `lock(key)` inside a transaction takes an exclusive lock on `key` held until the transaction
 *   ends, across every server instance on the same database. Rules that must hold under
 *   concurrency (plan limits, play limits, one live campaign per channel, coupon stock) take the
 *   lock of what they count before counting.
 * - Transient conflicts (serialization failures, deadlocks) are retried by the adapter.
 *
 * @since 0.1.0
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "./Errors.ts"

export class Store extends Context.Service<
  Store,
  {
    readonly transaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E | StoreError, R>
    readonly lock: (key: string) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/Store") {}

/** Lock keys, so every module names the same lock the same way. */
export const LockKey = {
  account: (accountId: string) => `account:${accountId}`,
  channel: (channelId: string) => `channel:${channelId}`,
  player: (scopeId: string, participantRef: string) => `player:${scopeId}:${participantRef}`
} as const
