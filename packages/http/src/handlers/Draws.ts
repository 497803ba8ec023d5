/**
 * Handlers of the draws endpoints (`groups/Draws.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"

export const DrawsHandlers = HttpApiBuilder.group(Api, "draws", (handlers) => Effect.succeed(handlers))
