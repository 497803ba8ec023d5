/**
 * Handlers of the API-key endpoints (`groups/ApiKeys.ts`): create, list and revoke the account's keys
 * through `ApiKeys`, as the calling key's actor.
 *
 * @since 0.1.0
 */
import { ApiKey, ApiKeys, Pagination } from "@campaign-games/core"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"

export const ApiKeysHandlers = HttpApiBuilder.group(
  Api,
  "apiKeys",
  Effect.fnUntraced(function* (handlers) {
    const keys = yield* ApiKeys.ApiKeys
    return handlers
      .handle("create", ({ payload }) =>
        CurrentActor.use((actor) => keys.create(actor, payload)).pipe(Effect.map((apiKey) => ({ apiKey })))
      )
      .handle("list", ({ query }) =>
        CurrentActor.use((actor) => keys.list(actor, Pagination.page(query, Pagination.Defaults.apiKeys.default))).pipe(
          Effect.map(({ items, total }) => ({ apiKeys: items.map(ApiKey.view), total }))
        )
      )
      .handle("revoke", ({ params }) =>
        CurrentActor.use((actor) => keys.revoke(actor, params.keyId)).pipe(
          Effect.as({ deleted: true, id: params.keyId })
        )
      )
  })
)
