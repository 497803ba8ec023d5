/**
 * Allowed-origin use cases: tokens are minted only for an origin on the account's list.
 * Managing the list needs `origins.manage`; reading it needs `settings.read` (DESIGN.md: listing
 * needs `settings.read`, so a key that may only add origins cannot read the account's list).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as AllowedOrigin from "./AllowedOrigin.ts"
import { type MissingPermission, type ResourceNotFound, type StoreError, notFound } from "../Failure.ts"
import type { PlaysError } from "./PlayErrors.ts"
import * as Ids from "../Ids.ts"
import type { Page, Paged } from "../Pagination.ts"

export class AllowedOrigins extends Context.Service<
  AllowedOrigins,
  {
    readonly create: (
      actor: Actor.Actor,
      input: AllowedOrigin.CreateAllowedOrigin
    ) => Effect.Effect<AllowedOrigin.AllowedOrigin, MissingPermission | PlaysError | StoreError>
    readonly list: (
      actor: Actor.Actor,
      page: Page
    ) => Effect.Effect<Paged<AllowedOrigin.AllowedOrigin>, MissingPermission | StoreError>
    readonly delete: (
      actor: Actor.Actor,
      id: string
    ) => Effect.Effect<void, MissingPermission | ResourceNotFound | StoreError>
  }
>()("@campaign-games/core/AllowedOrigins") {
  static readonly layer = Layer.effect(
    AllowedOrigins,
    Effect.gen(function* () {
      const repo = yield* AllowedOrigin.AllowedOriginRepo

      const create = Effect.fn("AllowedOrigins.create")(function* (
        actor: Actor.Actor,
        input: AllowedOrigin.CreateAllowedOrigin
      ) {
        yield* Actor.require(actor, "origins.manage")
        const origin: AllowedOrigin.AllowedOrigin = {
          id: yield* Ids.make(Ids.Prefix.origin),
          accountId: actor.account.id,
          origin: input.origin,
          createdAt: yield* DateTime.now
        }
        yield* repo.insert(origin)
        return origin
      })

      const list = Effect.fn("AllowedOrigins.list")(function* (actor: Actor.Actor, page: Page) {
        yield* Actor.require(actor, "settings.read")
        return yield* repo.list(actor.account.id, page)
      })

      const remove = Effect.fn("AllowedOrigins.delete")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "origins.manage")
        if (!(yield* repo.delete(actor.account.id, id))) {
          return yield* notFound("allowedOrigin", id)
        }
      })

      return AllowedOrigins.of({ create, list, delete: remove })
    })
  )
}
