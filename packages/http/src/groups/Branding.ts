/**
 * Account branding: the account-wide theme.
 *
 * @since 0.1.0
 */
import { Theme } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as Endpoint from "./Endpoint.ts"

const Reply = Schema.Struct({ theme: Theme.Theme })

export class BrandingApi extends Endpoint.keyed(
  HttpApiGroup.make("branding")
    .add(
      HttpApiEndpoint.get("get", "/", { success: Reply }).annotateMerge(
        Endpoint.describe("Get the branding", "Permission settings.read (or branding.write). `{}` when none is set.")
      ),
      Endpoint.permitted(
        HttpApiEndpoint.put("put", "/", { payload: Theme.Theme, success: Reply }),
        ["branding.write"],
        "Replace the branding",
        "Permission branding.write. Replaces the branding: fields left out are cleared. Label keys may be any game's. Without the custom branding or custom copy plan features the theme is kept, but players see the default look or wording."
      )
    )
    .prefix("/v1/tenant/branding"),
  "Branding",
  "The account's default theme and wording, which campaigns inherit."
) {}
