/**
 * Account branding: the account-wide theme under every campaign's own theme. `PUT` replaces it
 * whole (fields left out are cleared); label keys may be any game's keys. Files are checked by the
 * file rule. What players see also depends on the plan (`Theme.effectiveTheme`).
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Option } from "effect"
import * as Actor from "../accounts/Actor.ts"
import type { InvalidFields, PermissionDenied, StoreError } from "../Failure.ts"
import * as FileRule from "./FileRule.ts"
import * as Games from "../games/Games.ts"
import * as Theme from "./Theme.ts"
import { invalid } from "../Validation.ts"

/** Persistence of each account's branding. */
export class BrandingRepo extends Context.Service<
  BrandingRepo,
  {
    readonly get: (accountId: string) => Effect.Effect<Option.Option<Theme.Theme>, StoreError>
    readonly put: (accountId: string, theme: Theme.Theme) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/BrandingRepo") {}

export class Branding extends Context.Service<
  Branding,
  {
    readonly get: (actor: Actor.Actor) => Effect.Effect<Theme.Theme, PermissionDenied | StoreError>
    readonly put: (
      actor: Actor.Actor,
      theme: Theme.Theme
    ) => Effect.Effect<Theme.Theme, PermissionDenied | InvalidFields | StoreError, FileRule.MediaLibrary>
    /** The account's branding for the player's view (no permission check: the engine's own use). */
    readonly forAccount: (accountId: string) => Effect.Effect<Theme.Theme, StoreError>
  }
>()("@campaign-games/core/Branding") {
  static readonly layer = Layer.effect(
    Branding,
    Effect.gen(function* () {
      const repo = yield* BrandingRepo
      const forAccount = (accountId: string) =>
        repo.get(accountId).pipe(Effect.map(Option.getOrElse((): Theme.Theme => ({}))))

      const get = Effect.fn("Branding.get")(function* (actor: Actor.Actor) {
        yield* Actor.requireAny(actor, "settings.read", "branding.write")
        return yield* forAccount(actor.account.id)
      })

      const put = Effect.fn("Branding.put")(function* (actor: Actor.Actor, theme: Theme.Theme) {
        yield* Actor.require(actor, "branding.write")
        const labels = Theme.checkLabels(theme.labels, Games.allLabelKeys, "")
        if (labels.length > 0) return yield* invalid(labels)
        yield* FileRule.check(actor.account.id, Theme.fileFields(theme, ""))
        yield* repo.put(actor.account.id, theme)
        return theme
      })

      return Branding.of({ get, put, forAccount })
    })
  )
}
