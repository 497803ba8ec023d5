/**
 * Handlers of the rewards endpoints (`groups/Rewards.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"

export const RewardsHandlers = HttpApiBuilder.group(Api, "rewards", (handlers) => Effect.succeed(handlers))
