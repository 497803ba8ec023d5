/**
 * The actor of a call: the account it acts for, the key it presented, and the permissions it holds.
 * Use cases take an actor and check permissions themselves, so embedding backends get the same
 * rules as the HTTP API. `Actor.system(account)` holds every permission. The steps many use cases
 * share are here too: a permission then a read in the actor's account (`guarded`), and an insert
 * counted by a plan limit (`insertWithinLimit`); so are the types of the reads a resource's use
 * cases offer (`Create`, `Reads`, `List`, `Update`, `Delete`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as Account from "./Account.ts"
import { MissingAnyPermission, MissingPermission, type ResourceNotFound, type StoreError } from "../Failure.ts"
import type { Page, Paged } from "../Pagination.ts"
import * as Permission from "./Permission.ts"
import * as Plan from "./Plan.ts"
import { LockKey, type Store, withLock } from "../Store.ts"

export interface Actor {
  readonly account: Account.Account
  /** The API key used, or null for a system actor (an embedding backend, the operator). */
  readonly keyId: string | null
  readonly permissions: ReadonlySet<Permission.Permission>
}

/** An actor with every permission on `account`. */
export const system = (account: Account.Account): Actor => ({
  account,
  keyId: null,
  permissions: new Set(Permission.all)
})

/** Whether the actor holds every named permission. */
export const has = (actor: Actor, ...permissions: ReadonlyArray<Permission.Permission>): boolean =>
  permissions.every((p) => actor.permissions.has(p))

/** Fails with `MissingPermission` (naming the missing) unless the actor holds every named permission. */
export const require = (actor: Actor, ...permissions: ReadonlyArray<Permission.Permission>) => {
  const missing = permissions.filter((p) => !actor.permissions.has(p))
  return missing.length === 0 ? Effect.void : Effect.fail(new MissingPermission({ permissions: missing }))
}

/**
 * A use case named `name` that needs `permission` and then runs `run` within the actor's account
 * (most often a read through a port): `run` takes the account's id and the use case's other
 * arguments, as in `guarded("Channels.list", "campaigns.read", channels.list)`.
 */
export const guarded = <Args extends ReadonlyArray<unknown>, A, E, R>(
  name: string,
  permission: Permission.Permission,
  run: (accountId: string, ...args: Args) => Effect.Effect<A, E, R>
) =>
  Effect.fn(name)(function* (actor: Actor, ...args: Args) {
    yield* require(actor, permission)
    return yield* run(actor.account.id, ...args)
  })

/**
 * A use case making a resource `A` in the actor's account from `Input`; `E` is what else it can
 * fail with.
 */
export type Create<A, Input, E = never> = (
  actor: Actor,
  input: Input
) => Effect.Effect<A, MissingPermission | E | StoreError>

/**
 * A use case answering a page of the actor's account's resources `A` that match `Query`; `E` is
 * what else the query can fail with (a folder it names that does not exist).
 */
export type List<A, Query, E = never> = (
  actor: Actor,
  query: Query,
  page: Page
) => Effect.Effect<Paged<A>, MissingPermission | E | StoreError>

/**
 * The reads of a resource's use cases: `get` one by id (`Missing` when the account has none), and
 * `list` a page.
 */
export interface Reads<A, Query, ListError = never, Missing = ResourceNotFound> {
  readonly get: (actor: Actor, id: string) => Effect.Effect<A, MissingPermission | Missing | StoreError>
  readonly list: List<A, Query, ListError>
}

/**
 * A use case changing the account's resource `A` with this id by `Patch` (`Missing` when it has
 * none).
 */
export type Update<A, Patch, E = never, Missing = ResourceNotFound> = (
  actor: Actor,
  id: string,
  patch: Patch
) => Effect.Effect<A, MissingPermission | Missing | E | StoreError>

/** A use case deleting the account's resource with this id (`Missing` when it has none). */
export type Delete<E = never, Missing = ResourceNotFound> = (
  actor: Actor,
  id: string
) => Effect.Effect<void, MissingPermission | Missing | E | StoreError>

export const features = (actor: Actor): Plan.Features => Account.features(actor.account)
export const limits = (actor: Actor): Plan.Limits => Account.limits(actor.account)

/**
 * Adds one more of what the plan limit `limit` counts to the actor's account, in a transaction
 * holding the account's lock: `count` reads how many there are under it, and `insert` runs only
 * when one more stays within the limit (else `PlanError`, `LimitReached`).
 */
export const insertWithinLimit = <E1, E2>(
  store: Store["Service"],
  actor: Actor,
  limit: Plan.LimitName,
  count: (accountId: string) => Effect.Effect<number, E1>,
  insert: Effect.Effect<void, E2>
) =>
  withLock(
    store,
    LockKey.account(actor.account.id),
    Effect.gen(function* () {
      yield* Plan.checkLimit(limits(actor), limit, yield* count(actor.account.id))
      yield* insert
    })
  )

/** Fails with `MissingAnyPermission` unless the actor holds at least one of the named permissions. */
export const requireAny = (actor: Actor, ...permissions: ReadonlyArray<Permission.Permission>) =>
  permissions.some((p) => actor.permissions.has(p))
    ? Effect.void
    : Effect.fail(new MissingAnyPermission({ permissions }))
