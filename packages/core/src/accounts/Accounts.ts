/**
 * Account use cases for the service operator: create an account (with its owner key holding every
 * permission), change its plan, features or limits, and the first-start bootstrap that creates the
 * `default` account when the store is empty.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Account from "./Account.ts"
import * as ApiKey from "./ApiKey.ts"
import { type ResourceNotFound, type StoreError, orNotFound } from "../Failure.ts"
import { defined } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import * as Permission from "./Permission.ts"
import { Secrets } from "../Secrets.ts"
import { Store, withLock } from "../Store.ts"

export interface CreatedAccount {
  readonly account: Account.Account
  readonly apiKey: ApiKey.CreatedApiKey
}

export class Accounts extends Context.Service<
  Accounts,
  {
    readonly create: (input: Account.CreateAccount) => Effect.Effect<CreatedAccount, StoreError>
    readonly update: (
      id: string,
      input: Account.UpdateAccount
    ) => Effect.Effect<Account.Account, ResourceNotFound | StoreError>
    readonly get: (id: string) => Effect.Effect<Account.Account, ResourceNotFound | StoreError>
    /** Creates the `default` account when the store holds none; returns it with its owner key. */
    readonly bootstrap: Effect.Effect<Option.Option<CreatedAccount>, StoreError>
  }
>()("@campaign-games/core/Accounts") {
  static readonly layer = Layer.effect(
    Accounts,
    Effect.gen(function* () {
      const store = yield* Store
      const accounts = yield* Account.AccountRepo
      const keys = yield* ApiKey.ApiKeyRepo
      const secrets = yield* Secrets

      const create = Effect.fn("Accounts.create")(function* (input: Account.CreateAccount) {
        const now = yield* DateTime.now
        const account: Account.Account = {
          id: yield* Ids.make(Ids.Prefix.account),
          name: input.name,
          plan: input.plan ?? "pro",
          featureOverrides: input.features ?? {},
          limitOverrides: input.limits ?? {},
          createdAt: now,
          updatedAt: now
        }
        const { key, created } = yield* newKey(secrets, account.id, "Owner key", Permission.all, now)
        yield* store.transaction(Effect.andThen(accounts.insert(account), keys.insert(key)))
        return { account, apiKey: created }
      })

      const get = Effect.fn("Accounts.get")(function* (id: string) {
        return yield* accounts.findById(id).pipe(orNotFound("account", id))
      })

      const update = Effect.fn("Accounts.update")(function* (id: string, input: Account.UpdateAccount) {
        return yield* store.transaction(
          Effect.gen(function* () {
            const current = yield* get(id)
            const next: Account.Account = {
              ...current,
              ...defined(input, ["name", "plan"]),
              featureOverrides: { ...current.featureOverrides, ...input.features },
              limitOverrides: { ...current.limitOverrides, ...input.limits },
              updatedAt: yield* DateTime.now
            }
            yield* accounts.update(next)
            return next
          })
        )
      })

      const bootstrap = withLock(
        store,
        "bootstrap",
        Effect.gen(function* () {
          if (!(yield* accounts.isEmpty)) return Option.none()
          return Option.some(yield* create({ name: "default" }))
        })
      ).pipe(Effect.withSpan("Accounts.bootstrap"))

      return Accounts.of({ create, update, get, bootstrap })
    })
  )
}

/** Makes a new key record and the one-time view holding the full key. */
export const newKey = Effect.fnUntraced(function* (
  secrets: Secrets["Service"],
  accountId: string,
  name: string,
  permissions: ReadonlyArray<Permission.Permission>,
  now: DateTime.Utc
) {
  const keyPrefix = (yield* secrets.randomToken(8)).slice(0, ApiKey.KEY_PREFIX_LENGTH)
  const secret = (yield* secrets.randomToken(33)).slice(0, ApiKey.SECRET_LENGTH)
  const full = ApiKey.format(keyPrefix, secret)
  const key: ApiKey.ApiKey = {
    id: yield* Ids.make(Ids.Prefix.apiKey),
    accountId,
    name,
    keyPrefix,
    keyHash: yield* secrets.sha256Hex(full),
    permissions: [...permissions],
    createdAt: now,
    revokedAt: null
  }
  const created: ApiKey.CreatedApiKey = { ...ApiKey.view(key), key: full }
  return { key, created }
})
