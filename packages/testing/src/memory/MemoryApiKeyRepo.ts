/**
 * `ApiKeyRepo` in memory: ids and key prefixes are unique and a key needs its account (a breach
 * fails with `StoreError`); every query but `findByPrefix` is scoped by account; active keys are
 * listed oldest first (then by id) and a revoke answers whether it revoked an active key.
 *
 * @since 0.1.0
 */
import { ApiKey } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { conflict, inAccount, ofAccount, oldestFirst, paginate } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `ApiKeyRepo` over the keys and key-prefix tables of the database. */
export const layer: Layer.Layer<ApiKey.ApiKeyRepo, never, MemoryDatabase> = repository(
  ApiKey.ApiKeyRepo,
  ({ accounts, apiKeys, apiKeyPrefixes }) => {
    const isActive = (key: ApiKey.ApiKey) => key.revokedAt === null
    const active = (accountId: string) => ofAccount(apiKeys.values(), accountId, isActive)
    const findActive = (accountId: string, id: string): ApiKey.ApiKey | undefined => {
      const key = inAccount(accountId, apiKeys.get(id))
      return key !== undefined && isActive(key) ? key : undefined
    }

    return ApiKey.ApiKeyRepo.of({
      insert: Effect.fnUntraced(function* (key) {
        if (!accounts.has(key.accountId)) return yield* conflict(`No account ${key.accountId} for key ${key.id}.`)
        if (apiKeys.has(key.id)) return yield* conflict(`An API key ${key.id} already exists.`)
        if (apiKeyPrefixes.has(key.keyPrefix)) return yield* conflict(`The key prefix ${key.keyPrefix} is taken.`)
        yield* apiKeys.set(key.id, key)
        yield* apiKeyPrefixes.set(key.keyPrefix, key.id)
      }),
      findByPrefix: (keyPrefix) =>
        Effect.sync(() => {
          const id = apiKeyPrefixes.get(keyPrefix)
          const key = id === undefined ? undefined : apiKeys.get(id)
          const account = key === undefined ? undefined : accounts.get(key.accountId)
          return key === undefined || account === undefined ? Option.none() : Option.some({ key, account })
        }),
      findActive: (accountId, id) => Effect.sync(() => Option.fromNullishOr(findActive(accountId, id))),
      listActive: (accountId, page) => Effect.sync(() => paginate(active(accountId).sort(oldestFirst), page)),
      countActive: (accountId) => Effect.sync(() => active(accountId).length),
      revoke: Effect.fnUntraced(function* (accountId, id, at) {
        const key = findActive(accountId, id)
        if (key === undefined) return false
        yield* apiKeys.set(id, { ...key, revokedAt: at })
        return true
      })
    })
  }
)
