/**
 * Handlers of the API-key endpoints (`groups/ApiKeys.ts`): create, list and revoke the account's keys
 * through `ApiKeys`, as the calling key's actor.
 *
 * @since 0.1.0
 */
import { ApiKey, ApiKeys, Pagination } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

export const ApiKeysHandlers = Handle.group(Api, "apiKeys", ApiKeys.ApiKeys, (handlers, keys) =>
  handlers
    .handle("create", ({ payload }) =>
      Handle.asActor(
        (actor) => keys.create(actor, payload),
        (apiKey) => ({ apiKey })
      )
    )
    .handle("list", ({ query }) =>
      Handle.list(query, Pagination.Defaults.apiKeys, "apiKeys", ApiKey.view, (actor, page) => keys.list(actor, page))
    )
    .handle("revoke", ({ params }) => Handle.deleteAsActor((actor) => keys.revoke(actor, params.keyId), params.keyId))
)
