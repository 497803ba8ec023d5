/**
 * API keys of the account: create (shown once), list (never the secret), revoke.
 *
 * @since 0.1.0
 */
import { ApiKey, Fields, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import { ApiKeyAuth, CommonErrors } from "../Security.ts"
import { StrictInput } from "../StrictInput.ts"
import * as Endpoint from "./Endpoint.ts"

export class ApiKeysApi extends HttpApiGroup.make("apiKeys")
  .add(
    Endpoint.permitted(
      HttpApiEndpoint.post("create", "/", {
        payload: ApiKey.CreateApiKey,
        success: Schema.Struct({ apiKey: ApiKey.CreatedApiKey })

          .pipe(HttpApiSchema.status(201)),
        error: ApiError.UpgradeRequired
      }),
      ["keys.manage"],
      "Create an API key",
      "Permission keys.manage; plan feature API keys; plan limit active keys. A key can only be given permissions the caller holds. `key` appears only in this response."
    ),
    HttpApiEndpoint.get("list", "/", {
      query: Pagination.query(Pagination.Defaults.apiKeys),
      success: Schema.Struct({ apiKeys: Schema.Array(ApiKey.ApiKeyView), total: Fields.Count })
    }).annotateMerge(
      Endpoint.describe("List API keys", "Active keys, oldest first. Permission keys.manage or settings.read.")
    ),
    Endpoint.permitted(
      HttpApiEndpoint.delete("revoke", "/:keyId", {
        params: { keyId: Schema.String },
        success: Endpoint.Deleted,
        error: ApiError.NotFound
      }),
      ["keys.manage"],
      "Revoke an API key",
      "Revokes the key: it answers 401 from then on. Permission keys.manage."
    )
  )
  .middleware(StrictInput)
  .middleware(CommonErrors)
  .middleware(ApiKeyAuth)
  .prefix("/v1/tenant/api-keys")
  .annotateMerge(
    OpenApi.annotations({ title: "API keys", description: "Keys for your backend: each holds a set of permissions." })
  ) {}
