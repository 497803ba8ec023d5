/**
 * API key use cases: authenticate a presented key, create keys (only with permissions the creator
 * holds; plan feature API keys; active-key limit), list active keys, revoke.
 *
 * @since 0.1.0
 */
import { Cache, Context, DateTime, Duration, Effect, Exit, Layer, Option } from "effect"
import * as Account from "./Account.ts"
import { newKey } from "./Accounts.ts"
import * as Actor from "./Actor.ts"
import * as ApiKey from "./ApiKey.ts"
import { Forbidden, NotFound, type StoreError, Unauthorized, type UpgradeRequired } from "../Errors.ts"
import type { Page, Paged } from "../Pagination.ts"
import * as Plan from "./Plan.ts"
import { constantTimeEqual, Secrets } from "../Secrets.ts"
import { LockKey, Store } from "../Store.ts"

/** How long `authenticateRecent` may answer from a read of a key. */
export const RECENT_KEY_TTL = Duration.minutes(1)
/** How many keys `authenticateRecent` remembers (least recently used go first). */
const RECENT_KEYS = 10_000

export class ApiKeys extends Context.Service<
  ApiKeys,
  {
    /** The actor behind a presented key; 401 when missing, malformed, unknown or revoked. */
    readonly authenticate: (presented: string) => Effect.Effect<Actor.Actor, Unauthorized | StoreError>
    /**
     * `authenticate` from this process's read of the key in the last `RECENT_KEY_TTL`, when there
     * is one (no store access): a key revoked since by another server still passes here. Only for
     * operations that check the key as it is now in their own read (`Plays.mint`); a revocation
     * through this service forgets every recent read at once.
     */
    readonly authenticateRecent: (presented: string) => Effect.Effect<Actor.Actor, Unauthorized | StoreError>
    readonly create: (
      actor: Actor.Actor,
      input: ApiKey.CreateApiKey
    ) => Effect.Effect<ApiKey.CreatedApiKey, Forbidden | UpgradeRequired | StoreError>
    readonly list: (actor: Actor.Actor, page: Page) => Effect.Effect<Paged<ApiKey.ApiKey>, Forbidden | StoreError>
    readonly revoke: (actor: Actor.Actor, id: string) => Effect.Effect<void, Forbidden | NotFound | StoreError>
  }
>()("@campaign-games/core/ApiKeys") {
  static readonly layer = Layer.effect(
    ApiKeys,
    Effect.gen(function* () {
      const store = yield* Store
      const keys = yield* ApiKey.ApiKeyRepo
      const secrets = yield* Secrets
      const unauthorized = new Unauthorized({ message: "The API key is missing, malformed, wrong or revoked." })

      const authenticateWith = (
        find: (keyPrefix: string) => Effect.Effect<Option.Option<ApiKey.KeyWithAccount>, StoreError>
      ) =>
        Effect.fnUntraced(function* (presented: string) {
          const parsed = ApiKey.parse(presented)
          if (parsed === undefined) return yield* unauthorized
          const found = yield* find(parsed.keyPrefix)
          const hash = yield* secrets.sha256Hex(presented)
          if (Option.isNone(found)) return yield* unauthorized
          const { key, account } = found.value
          if (!constantTimeEqual(hash, key.keyHash) || key.revokedAt !== null) return yield* unauthorized
          return { account, keyId: key.id, permissions: new Set(key.permissions) } satisfies Actor.Actor
        })
      const authenticate = authenticateWith(keys.findByPrefix)

      // Recent reads by prefix; a key that was not found is not kept (it may be one being created).
      const recent = yield* Cache.makeWith(keys.findByPrefix, {
        capacity: RECENT_KEYS,
        timeToLive: (exit) => (Exit.isSuccess(exit) && Option.isSome(exit.value) ? RECENT_KEY_TTL : Duration.zero)
      })
      const authenticateRecent = authenticateWith((keyPrefix) => Cache.get(recent, keyPrefix))

      const create = Effect.fn("ApiKeys.create")(function* (actor: Actor.Actor, input: ApiKey.CreateApiKey) {
        yield* Actor.require(actor, "keys.manage")
        yield* Plan.requireFeature(Actor.features(actor), "apiKeys")
        const notHeld = input.permissions.flatMap((p, i) => (actor.permissions.has(p) ? [] : [{ p, i }]))
        if (notHeld.length > 0) {
          return yield* new Forbidden({
            message: "A key can only be given permissions its creator holds.",
            details: notHeld.map(({ p, i }) => ({ path: `permissions.${i}`, message: `the caller lacks ${p}` }))
          })
        }
        const now = yield* DateTime.now
        const permissions = [...new Set(input.permissions)]
        const { key, created } = yield* newKey(secrets, actor.account.id, input.name, permissions, now)
        yield* store.transaction(
          Effect.gen(function* () {
            yield* store.lock(LockKey.account(actor.account.id))
            yield* Plan.checkLimit(
              Account.limits(actor.account),
              "activeApiKeys",
              yield* keys.countActive(actor.account.id)
            )
            yield* keys.insert(key)
          })
        )
        return created
      })

      const list = Effect.fn("ApiKeys.list")(function* (actor: Actor.Actor, page: Page) {
        yield* Actor.requireAny(actor, "keys.manage", "settings.read")
        return yield* keys.listActive(actor.account.id, page)
      })

      const revoke = Effect.fn("ApiKeys.revoke")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "keys.manage")
        const revoked = yield* keys.revoke(actor.account.id, id, yield* DateTime.now)
        if (!revoked) return yield* new NotFound({ message: `No active API key ${id}.` })
        yield* Cache.invalidateAll(recent)
      })

      return ApiKeys.of({ authenticate, authenticateRecent, create, list, revoke })
    })
  )
}
