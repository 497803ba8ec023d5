/**
 * Playing: allowed origins, the client-token mint (backend, API key), the embed's play API (client
 * token) and the entries of a campaign.
 *
 * @since 0.1.0
 */
import {
  AllowedOrigin,
  Channel,
  ClientToken,
  Entry,
  Fields,
  Game,
  Grant,
  Pagination,
  RewardPage,
  Theme
} from "@campaign-games/core"
import { Schema } from "effect"
import {
  HttpApiEndpoint,
  HttpApiGroup,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpApiSecurity,
  OpenApi
} from "effect/http-api"
import { Context } from "effect"
import * as ApiError from "../ApiError.ts"
import { CommonErrors, KeyCheckedByOperation, RequiredPermissions } from "../Security.ts"
import { StrictInput } from "../StrictInput.ts"
import * as Endpoint from "./Endpoint.ts"

export class AllowedOriginsApi extends Endpoint.keyed(
  HttpApiGroup.make("allowedOrigins")
    .add(
      Endpoint.permitted(
        Endpoint.create(
          "create",
          "/",
          AllowedOrigin.CreateAllowedOrigin,
          "allowedOrigin",
          AllowedOrigin.AllowedOriginView,
          ApiError.Conflict
        ),
        ["origins.manage"],
        "Add an allowed origin",
        "Permission origins.manage. `https://host[:port]` (no path), `android:<application id>` or `ios:<bundle id>`; up to 300 characters; a duplicate is 409."
      ),
      Endpoint.list(
        "list",
        "/",
        Pagination.query(Pagination.Defaults.allowedOrigins),
        "allowedOrigins",
        AllowedOrigin.AllowedOriginView
      ).annotateMerge(Endpoint.describe("List allowed origins", "Oldest first. Permission settings.read.")),
      Endpoint.permitted(
        Endpoint.deleteById("delete", "/:originId", "originId"),
        ["origins.manage"],
        "Remove an allowed origin",
        "Permission origins.manage."
      )
    )
    .prefix("/v1/tenant/allowed-origins"),
  "Allowed origins",
  "The sites and apps allowed to embed games (checked when a client token is minted)."
) {}

const TokenMinted = Schema.Struct({
  clientToken: Schema.String,
  expiresAt: Fields.Timestamp,
  jti: Schema.String
}).pipe(HttpApiSchema.status(201))

const NothingLive = Schema.Struct({
  clientToken: Schema.Null,
  betweenCampaigns: Channel.BetweenCampaigns
}).pipe(HttpApiSchema.status(200))

export class TokensApi extends Endpoint.keyed(
  HttpApiGroup.make("tokens").add(
    HttpApiEndpoint.post("mint", "/v1/auth/session-tokens", {
      payload: ClientToken.MintRequest,
      success: [TokenMinted, NothingLive],
      error: [ApiError.NotFound, ApiError.Conflict, ApiError.UpgradeRequired]
    })
      .pipe(Endpoint.rateLimited(Endpoint.perMinute("tokens.mint", 600)))
      .annotate(RequiredPermissions, ["tokens.mint"])
      .annotate(KeyCheckedByOperation, true)
      .annotateMerge(
        Endpoint.describe(
          "Mint a client token",
          "Permission tokens.mint; 600 a minute per key. 201 with a client token for the campaign live on the channel now; 200 with `clientToken: null` and the channel's between-campaigns message when nothing is live (or the channel is disabled). 404 unknown channel; 403 origin not allowed; 409 the player has used all plays; 402 the plan's plays a month, or the live campaign's game taken out of the plan."
        )
      )
  ),
  "Client tokens",
  "Short-lived tokens your backend mints for one player to play once."
) {}

/** The raw client token of a play call. */
export class ClientTokenCredential extends Context.Service<ClientTokenCredential, string>()(
  "@campaign-games/http/ClientTokenCredential"
) {}

/** Bearer client-token authentication for the play API (verified by the core use case). */
export class ClientTokenAuth extends HttpApiMiddleware.Service<ClientTokenAuth, { provides: ClientTokenCredential }>()(
  "@campaign-games/http/ClientTokenAuth",
  { security: { clientToken: HttpApiSecurity.bearer }, error: [ApiError.Unauthorized, ApiError.StoreUnavailable] }
) {}

/**
 * What the player of a campaign with a reward is sent at the end of a play: the coupon the play
 * earned (its code in full; null when none) and the reward page with the blocks that fit that result.
 */
export const FinishReward = Schema.Struct({
  grant: Schema.NullOr(Grant.PlayerGrant),
  page: Schema.NullOr(RewardPage.PlayerPage)
}).annotate({ identifier: "FinishReward" })

export const SessionView = Schema.Struct({
  id: Schema.String,
  gameInstanceId: Schema.String,
  gameSlug: Schema.String,
  participantRef: Schema.String,
  startedAt: Fields.Timestamp
})

/** The answer of a start (201). */
export const StartedView = Schema.Struct({
  session: SessionView,
  game: Schema.Struct({
    slug: Schema.String,
    config: Schema.Record(Schema.String, Schema.Unknown),
    theme: Theme.Theme,
    labels: Schema.Record(Schema.String, Schema.String)
  })
})

/** The answer of a finish (200). */
export const FinishedView = Schema.Struct({
  entry: Entry.EntryView,
  outcome: Schema.NullOr(Game.Outcome),
  reward: Schema.NullOr(FinishReward)
})

export class PlayApi extends HttpApiGroup.make("play")
  .add(
    HttpApiEndpoint.post("start", "/", {
      payload: Endpoint.noBody,
      success: StartedView.pipe(HttpApiSchema.status(201)),
      error: [ApiError.Unauthorized, ApiError.Conflict]
    }).annotateMerge(
      Endpoint.describe(
        "Start a play",
        "Authorization: Bearer <client token>. Starts the play the token was minted for: once (a used token is 409; expired, forged or malformed 401); play limits are checked again. Answers the player's view of the game: no correct answers, no wheel weights."
      )
    ),
    HttpApiEndpoint.post("finish", "/:sessionId/finish", {
      params: { sessionId: Schema.String },
      payload: [Schema.Record(Schema.String, Schema.Unknown), Schema.Null],
      success: FinishedView,
      error: [ApiError.Unauthorized, ApiError.NotFound, ApiError.Conflict]
    }).annotateMerge(
      Endpoint.describe(
        "Finish a play",
        "Authorization: Bearer <client token>. The game's finish body (wheel `{}`, quiz `{ answers }`, prediction `{ optionId }`, memory-match `{ score }`); the server decides the outcome or score. A second finish is 409. `reward` is null when the campaign has no reward; else `grant` is the coupon the play earned (the first prize the play meets that still has a code; its code in full, for the player) or null (no prize met, the prizes ran out, or the player already has one and the reward grants once), and `page` the reward page with the blocks whose `when` fits: `win` when a coupon was given, `not_win` when not."
      )
    )
  )
  .middleware(StrictInput)
  .middleware(CommonErrors)
  .middleware(ClientTokenAuth)
  .prefix("/v1/play/sessions")
  .annotateMerge(
    OpenApi.annotations({ title: "Play (embed)", description: "The embed's calls, authenticated by a client token." })
  ) {}

export class EntriesApi extends Endpoint.keyed(
  HttpApiGroup.make("entries").add(
    Endpoint.permitted(
      HttpApiEndpoint.get("list", "/v1/game-instances/:id/entries", {
        params: Endpoint.idParam("id"),
        query: { ...Entry.ListQuery, ...Pagination.query(Pagination.Defaults.entries) },
        success: Endpoint.page("entries", Entry.EntryView),
        error: ApiError.NotFound
      }),
      ["results.read"],
      "List a campaign's entries",
      "Permission results.read. limit 1–500 (default 500), offset, search (part of participantRef, any case), sort createdAt|score|participantRef (entries without a score last), dir asc|desc (default desc), eligible true|false."
    )
  ),
  "Entries",
  "The results of plays, for draws and reporting."
) {}
