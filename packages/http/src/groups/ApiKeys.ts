/**
 * API keys of the account: create (shown once), list (never the secret), revoke.
 *
 * @since 0.1.0
 */
import { ApiKey, Pagination } from "@campaign-games/core"
import { HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

export class ApiKeysApi extends Endpoint.keyed(
  HttpApiGroup.make("apiKeys")
    .add(
      Endpoint.permitted(
        Endpoint.create("create", "/", ApiKey.CreateApiKey, "apiKey", ApiKey.CreatedApiKey, ApiError.UpgradeRequired),
        ["keys.manage"],
        "Create an API key",
        "Permission keys.manage; plan feature API keys; plan limit active keys. A key can only be given permissions the caller holds. `key` appears only in this response."
      ),
      Endpoint.list(
        "list",
        "/",
        Pagination.query(Pagination.Defaults.apiKeys),
        "apiKeys",
        ApiKey.ApiKeyView
      ).annotateMerge(
        Endpoint.describe("List API keys", "Active keys, oldest first. Permission keys.manage or settings.read.")
      ),
      Endpoint.permitted(
        Endpoint.deleteById("revoke", "/:keyId", "keyId"),
        ["keys.manage"],
        "Revoke an API key",
        "Revokes the key: it answers 401 from then on. Permission keys.manage."
      )
    )
    .prefix("/v1/tenant/api-keys"),
  "API keys",
  "Keys for your backend: each holds a set of permissions."
) {}
