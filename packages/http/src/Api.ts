/**
 * The HttpApi definition of the Campaign Games `/v1` API and the operator API: definitions only,
 * no server code. The served OpenAPI document (`/v1/openapi.json`) and docs page (`/docs`) are
 * generated from it, and `HttpApiClient.make(Api)` gives a typed client.
 *
 * @since 0.1.0
 */
import { HttpApi, OpenApi } from "effect/http-api"
import * as OpenApiDocument from "./OpenApiDocument.ts"
import { AdminApi } from "./groups/Admin.ts"
import { ApiKeysApi } from "./groups/ApiKeys.ts"
import { BrandingApi } from "./groups/Branding.ts"
import { CampaignsApi, GamesApi } from "./groups/Campaigns.ts"
import { ChannelsApi } from "./groups/Channels.ts"
import { DrawsApi } from "./groups/Draws.ts"
import { MediaApi } from "./groups/Media.ts"
import { AllowedOriginsApi, EntriesApi, PlayApi, TokensApi } from "./groups/Plays.ts"
import { PrivacyApi } from "./groups/Privacy.ts"
import { RewardsApi } from "./groups/Rewards.ts"
import { StatsApi } from "./groups/Stats.ts"
import { WebhooksApi } from "./groups/Webhooks.ts"
import { SystemApi } from "./groups/System.ts"

export class Api extends HttpApi.make("campaign-games")
  .add(SystemApi)
  .add(AdminApi)
  .add(ApiKeysApi)
  .add(ChannelsApi)
  .add(GamesApi)
  .add(CampaignsApi)
  .add(BrandingApi)
  .add(AllowedOriginsApi)
  .add(TokensApi)
  .add(PlayApi)
  .add(EntriesApi)
  .add(WebhooksApi)
  .add(DrawsApi)
  .add(RewardsApi)
  .add(MediaApi)
  .add(PrivacyApi)
  .add(StatsApi)
  .annotate(HttpApi.ParseOptions, { errors: "all", onExcessProperty: "ignore" })
  // Bodies are strict, as Stripe's: a field the operation does not know is a 400 naming it.
  .annotate(HttpApi.PayloadParseOptions, { errors: "all", onExcessProperty: "error" })
  .annotateMerge(
    OpenApi.annotations({
      title: "Campaign Games API",
      version: "1.0.0",
      description:
        "Promotional games (spin the wheel, quizzes, predictions, score games) for your own sites and apps. Every error answers `{ error: { code, message, details? } }`. See docs/api-decisions.md for the choices the specification leaves open.",
      license: { name: "MIT", identifier: "MIT" },
      servers: OpenApiDocument.servers,
      transform: OpenApiDocument.finish
    })
  ) {}
