/**
 * Handlers of the branding endpoints (`groups/Branding.ts`): read and replace the account-wide theme
 * through `Branding`, with the server's media library for the theme's file fields.
 *
 * @since 0.1.0
 */
import { Branding, FileRule } from "@campaign-games/core"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"
import * as Handle from "./Handle.ts"

export const BrandingHandlers = Handle.strict(
  HttpApiBuilder.group(
    Api,
    "branding",
    Effect.fnUntraced(function* (handlers) {
      const branding = yield* Branding.Branding
      const media = yield* FileRule.MediaLibrary
      return handlers
        .handle("get", () => CurrentActor.use((actor) => branding.get(actor)).pipe(Effect.map((theme) => ({ theme }))))
        .handle("put", ({ payload }) =>
          CurrentActor.use((actor) => branding.put(actor, payload)).pipe(
            Effect.provideService(FileRule.MediaLibrary, media),
            Effect.map((theme) => ({ theme }))
          )
        )
    })
  )
)
