/**
 * The actor of a call: the account it acts for, the key it presented, and the permissions it holds.
 * Use cases take an actor and check permissions themselves, so embedding backends get the same
 * rules as the HTTP API. `Actor.system(account)` holds every permission.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as Account from "./Account.ts"
import { Forbidden, MissingAnyPermission, MissingPermission } from "../Errors.ts"
import * as Permission from "./Permission.ts"
import type * as Plan from "./Plan.ts"

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

/** Fails with `Forbidden` (`MissingPermission`, naming the missing) unless the actor holds every named permission. */
export const require = (actor: Actor, ...permissions: ReadonlyArray<Permission.Permission>) => {
  const missing = permissions.filter((p) => !actor.permissions.has(p))
  return missing.length === 0
    ? Effect.void
    : Effect.fail(new Forbidden({ reason: new MissingPermission({ permissions: missing }) }))
}

export const features = (actor: Actor): Plan.Features => Account.features(actor.account)
export const limits = (actor: Actor): Plan.Limits => Account.limits(actor.account)

/** Fails with `Forbidden` (`MissingAnyPermission`) unless the actor holds at least one of the named permissions. */
export const requireAny = (actor: Actor, ...permissions: ReadonlyArray<Permission.Permission>) =>
  permissions.some((p) => actor.permissions.has(p))
    ? Effect.void
    : Effect.fail(new Forbidden({ reason: new MissingAnyPermission({ permissions }) }))
