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
import { Context, Effect, type Option } from "effect"
import type { StoreError } from "./Failure.ts"
import type { Page, Paged } from "./Pagination.ts"

export class Store extends Context.Service<
  Store,
  {
    readonly transaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E | StoreError, R>
    readonly lock: (key: string) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/Store") {}

/**
 * The calls a repository of a resource kept per account has (campaigns, folders, files, webhook
 * endpoints): each reads only within the account it names, so an id of another account is not
 * found. `update` writes a stored row again and answers what its port says (`Updated`: nothing, or
 * whether the account has such a row); `list` answers a page of the account's rows matching `Query`,
 * in the order its port says.
 */
export interface AccountRows<A, Query, Updated = void> {
  readonly insert: (row: A) => Effect.Effect<void, StoreError>
  readonly update: (row: A) => Effect.Effect<Updated, StoreError>
  readonly findById: (accountId: string, id: string) => Effect.Effect<Option.Option<A>, StoreError>
  readonly list: (accountId: string, query: Query, page: Page) => Effect.Effect<Paged<A>, StoreError>
}

/**
 * Runs `self` in a transaction that first takes the lock `key`: how a rule that must hold under
 * concurrency starts.
 */
export const withLock = <A, E, R>(store: Store["Service"], key: string, self: Effect.Effect<A, E, R>) =>
  store.transaction(Effect.andThen(store.lock(key), self))

/** Lock keys, so every module names the same lock the same way. */
export const LockKey = {
  account: (accountId: string) => `account:${accountId}`,
  channel: (channelId: string) => `channel:${channelId}`,
  player: (scopeId: string, participantRef: string) => `player:${scopeId}:${participantRef}`
} as const
