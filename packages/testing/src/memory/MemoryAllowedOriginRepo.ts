/**
 * `AllowedOriginRepo` in memory: an origin is unique in its account (a duplicate fails with core's
 * `Conflict`, as SQL's unique index is read), ids are unique and an allowed origin needs its
 * account (a breach fails with `StoreError`); origins are compared exactly, listed oldest first
 * (then by id) and scoped by account.
 *
 * @since 0.1.0
 */
import { AllowedOrigin } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { conflict, inAccount, ofAccount, oldestFirst, paginate } from "../internal/Rows.ts"
import { type MemoryDatabase, originKey, repository } from "../MemoryDatabase.ts"

/** `AllowedOriginRepo` over the allowed origins table and its unique index. */
export const layer: Layer.Layer<AllowedOrigin.AllowedOriginRepo, never, MemoryDatabase> = repository(
  AllowedOrigin.AllowedOriginRepo,
  ({ accounts, allowedOrigins, allowedOriginKeys }) => {
    return AllowedOrigin.AllowedOriginRepo.of({
      insert: Effect.fnUntraced(function* (allowed) {
        if (allowedOriginKeys.has(originKey(allowed.accountId, allowed.origin))) {
          return yield* Effect.fail(AllowedOrigin.duplicate(allowed.origin))
        }
        if (allowedOrigins.has(allowed.id)) return yield* conflict(`An allowed origin ${allowed.id} already exists.`)
        if (!accounts.has(allowed.accountId)) {
          return yield* conflict(`No account ${allowed.accountId} for allowed origin ${allowed.id}.`)
        }
        yield* allowedOrigins.set(allowed.id, allowed)
        yield* allowedOriginKeys.set(originKey(allowed.accountId, allowed.origin), allowed.id)
      }),
      list: (accountId, page) =>
        Effect.sync(() => paginate(ofAccount(allowedOrigins.values(), accountId).sort(oldestFirst), page)),
      delete: Effect.fnUntraced(function* (accountId, id) {
        const allowed = inAccount(accountId, allowedOrigins.get(id))
        if (allowed === undefined) return false
        yield* allowedOriginKeys.delete(originKey(accountId, allowed.origin))
        return yield* allowedOrigins.delete(id)
      }),
      exists: (accountId, origin) => Effect.sync(() => allowedOriginKeys.has(originKey(accountId, origin)))
    })
  }
)
