/**
 * `AccountRepo` in memory: ids are unique (a breach fails with `StoreError`, as the primary key
 * does in SQL) and an update keeps the stored `createdAt`.
 *
 * @since 0.1.0
 */
import { Account } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { insertNew } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `AccountRepo` over the accounts table of the database. */
export const layer: Layer.Layer<Account.AccountRepo, never, MemoryDatabase> = repository(
  Account.AccountRepo,
  ({ accounts }) =>
    Account.AccountRepo.of({
      insert: (account) => insertNew(accounts, account.id, account, "An account"),
      update: Effect.fnUntraced(function* (account) {
        const stored = accounts.get(account.id)
        if (stored === undefined) return
        yield* accounts.set(account.id, { ...account, createdAt: stored.createdAt })
      }),
      findById: (id) => Effect.sync(() => Option.fromNullishOr(accounts.get(id))),
      isEmpty: Effect.sync(() => accounts.size() === 0)
    })
)
