/**
 * API key use cases: authenticate a presented key, create keys (only with permissions the creator
 * holds; plan feature API keys; active-key limit), list active keys, revoke.
 *
 * @since 0.1.0
 */
import { Cache, Context, DateTime, Effect, Layer, Option } from "effect"
import { newKey } from "./Accounts.ts"
import * as Actor from "./Actor.ts"
import * as ApiKey from "./ApiKey.ts"
import { type PermissionDenied, type StoreError, notFound } from "../Failure.ts"
import {
  AccountsError,
  CannotGrantPermission,
  KeyMalformed,
  KeyRevoked,
  KeyUnknown,
  type PlanError
} from "./AccountErrors.ts"
import { InstanceCache, RECENT_KEY_TTL } from "../InstanceCache.ts"
import type { Page, Paged } from "../Pagination.ts"
import * as Plan from "./Plan.ts"
import { constantTimeEqual, Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"

/** How long `authenticateRecent` may answer from a read of a key (`InstanceCache.apiKeys`). */
export { RECENT_KEY_TTL }

export class ApiKeys extends Context.Service<
  ApiKeys,
  {
    /**
     * The actor behind a presented key; `AccountsError` when it is missing or malformed
     * (`KeyMalformed`), unknown or wrong (`KeyUnknown`), or revoked (`KeyRevoked`).
     */
    readonly authenticate: (presented: string) => Effect.Effect<Actor.Actor, AccountsError | StoreError>
    /**
     * `authenticate` from this process's read of the key in the last `RECENT_KEY_TTL`, when there
     * is one (no store access): a key revoked since by another server still passes here. Only for
     * operations that check the key as it is now in their own read (`Plays.mint`); a revocation
     * through this service forgets every recent read at once.
     */
    readonly authenticateRecent: (presented: string) => Effect.Effect<Actor.Actor, AccountsError | StoreError>
    readonly create: Actor.Create<ApiKey.CreatedApiKey, ApiKey.CreateApiKey, AccountsError | PlanError>
    readonly list: (
      actor: Actor.Actor,
      page: Page
    ) => Effect.Effect<Paged<ApiKey.ApiKey>, PermissionDenied | StoreError>
    readonly revoke: Actor.Delete
  }
>()("@campaign-games/core/ApiKeys") {
  static readonly layer = Layer.effect(
    ApiKeys,
    Effect.gen(function* () {
      const store = yield* Store
      const keys = yield* ApiKey.ApiKeyRepo
      const secrets = yield* Secrets
      const malformed = new AccountsError({ reason: new KeyMalformed() })
      const unknown = new AccountsError({ reason: new KeyUnknown() })
      const revoked = new AccountsError({ reason: new KeyRevoked() })

      const authenticateWith = (
        find: (keyPrefix: string) => Effect.Effect<Option.Option<ApiKey.KeyWithAccount>, StoreError>
      ) =>
        Effect.fnUntraced(function* (presented: string) {
          const parsed = ApiKey.parse(presented)
          if (parsed === undefined) return yield* malformed
          const found = yield* find(parsed.keyPrefix)
          const hash = yield* secrets.sha256Hex(presented)
          if (Option.isNone(found)) return yield* unknown
          const { key, account } = found.value
          if (!constantTimeEqual(hash, key.keyHash)) return yield* unknown
          if (key.revokedAt !== null) return yield* revoked
          return { account, keyId: key.id, permissions: new Set(key.permissions) } satisfies Actor.Actor
        })
      const authenticate = authenticateWith(keys.findByPrefix)

      // Recent reads by prefix (`InstanceCache.apiKeys`).
      const recent = (yield* InstanceCache).apiKeys
      const authenticateRecent = authenticateWith((keyPrefix) => Cache.get(recent, keyPrefix))

      const create = Effect.fn("ApiKeys.create")(function* (actor: Actor.Actor, input: ApiKey.CreateApiKey) {
        yield* Actor.require(actor, "keys.manage")
        yield* Plan.requireFeature(Actor.features(actor), "apiKeys")
        const notHeld = input.permissions.flatMap((p, i) => (actor.permissions.has(p) ? [] : [{ p, i }]))
        if (notHeld.length > 0) {
          const permissions = notHeld.map(({ i, p }) => ({ index: i, permission: p }))
          return yield* new AccountsError({ reason: new CannotGrantPermission({ permissions }) })
        }
        const now = yield* DateTime.now
        const permissions = [...new Set(input.permissions)]
        const { key, created } = yield* newKey(secrets, actor.account.id, input.name, permissions, now)
        yield* Actor.insertWithinLimit(store, actor, "activeApiKeys", keys.countActive, keys.insert(key))
        return created
      })

      const list = Effect.fn("ApiKeys.list")(function* (actor: Actor.Actor, page: Page) {
        yield* Actor.requireAny(actor, "keys.manage", "settings.read")
        return yield* keys.listActive(actor.account.id, page)
      })

      const revoke = Effect.fn("ApiKeys.revoke")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "keys.manage")
        const done = yield* keys.revoke(actor.account.id, id, yield* DateTime.now)
        if (!done) return yield* notFound("apiKey", id)
        yield* Cache.invalidateAll(recent)
      })

      return ApiKeys.of({ authenticate, authenticateRecent, create, list, revoke })
    })
  )
}
