/**
 * Handlers of the branding endpoints (`groups/Branding.ts`): read and replace the account-wide theme
 * through `Branding`, with the server's media library for the theme's file fields.
 *
 * @since 0.1.0
 */
import { Branding, FileRule } from "@campaign-games/core"
import { Effect } from "effect"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"
import * as Handle from "./Handle.ts"

export const BrandingHandlers = Handle.group(
  Api,
  "branding",
  Effect.all({ branding: Branding.Branding, media: FileRule.MediaLibrary }),
  (handlers, { branding, media }) =>
    handlers
      .handle("get", () => CurrentActor.use((actor) => branding.get(actor)).pipe(Effect.map((theme) => ({ theme }))))
      .handle("put", ({ payload }) =>
        CurrentActor.use((actor) => branding.put(actor, payload)).pipe(
          Effect.provideService(FileRule.MediaLibrary, media),
          Effect.map((theme) => ({ theme }))
        )
      )
)
