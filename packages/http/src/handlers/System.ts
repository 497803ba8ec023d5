/**
 * Handler of the unauthenticated system endpoint (`groups/System.ts`): the health check.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"

export const SystemHandlers = HttpApiBuilder.group(Api, "system", (handlers) =>
  Effect.succeed(handlers.handle("health", () => Effect.succeed({ status: "ok" as const })))
)
