/**
 * Handlers of the media endpoints (`groups/Media.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"

export const MediaHandlers = HttpApiBuilder.group(Api, "media", (handlers) => Effect.succeed(handlers))
