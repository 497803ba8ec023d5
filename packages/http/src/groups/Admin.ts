/**
 * The operator API (the service operator, not an organisation): create accounts with their owner
 * key and change their plan, features and limits. Authenticated with `CG_ADMIN_TOKEN`.
 *
 * @since 0.1.0
 */
import { Account, ApiKey } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import { AdminAuth, CommonErrors } from "../Security.ts"
import { StrictInput } from "../StrictInput.ts"
import * as Endpoint from "./Endpoint.ts"

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("createAccount", "/accounts", {
      payload: Account.CreateAccount,
      success: Schema.Struct({ account: Account.AccountView, apiKey: ApiKey.CreatedApiKey }).pipe(
        HttpApiSchema.status(201)
      )
    }).annotateMerge(
      Endpoint.describe("Create an account", "Answers the account and its owner API key (the key appears only here).")
    ),
    HttpApiEndpoint.patch("updateAccount", "/accounts/:accountId", {
      params: { accountId: Schema.String },
      payload: Account.UpdateAccount,
      success: Schema.Struct({ account: Account.AccountView }),
      error: ApiError.NotFound
    }).annotateMerge(Endpoint.describe("Update an account", "Fields left out keep their value."))
  )
  .middleware(StrictInput)
  .middleware(CommonErrors)
  .middleware(AdminAuth)
  .prefix("/admin/v1")
  .annotateMerge(
    OpenApi.annotations({
      title: "Operator",
      description:
        "For the service operator: `Authorization: Bearer <CG_ADMIN_TOKEN>` (at least 32 characters, else the server does not start). " +
        "Failed calls (absent or wrong token) are limited to 10 a minute per caller address; past that every operator call from the address answers 429 with `Retry-After`, the right token included."
    })
  ) {}
