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
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

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

/** The answer of a mint with a campaign live (201). */
export const TokenMinted = Schema.Struct({
  clientToken: Schema.String,
  expiresAt: Fields.Timestamp,
  jti: Schema.String
}).pipe(HttpApiSchema.status(201))

/** The answer of a mint with nothing live (200). */
export const NothingLive = Schema.Struct({
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

/** The board of a Memory Match scored by the server, as the start sends it: the cards face down. */
const IntBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }))

export const MemoryBoardView = Schema.Struct({
  cards: Schema.Array(Schema.Struct({ position: IntBetween(0, 63) }))
}).annotate({ identifier: "MemoryBoard" })

/** The body of a flip: the position of the card to turn (the board's size bounds it further). */
export const FlipRequest = Schema.Struct({ position: IntBetween(0, 63) })

/** A turned card: its face, the pairs matched and the flips made so far. */
export const FlipView = Schema.Struct({
  position: IntBetween(0, 63),
  face: IntBetween(0, 31),
  matchedPairs: IntBetween(0, 32),
  flips: IntBetween(1, 1_000_000)
}).annotate({ identifier: "Flip" })

/** The answer of a start (201). */
export const StartedView = Schema.Struct({
  session: SessionView,
  game: Schema.Struct({
    slug: Schema.String,
    config: Schema.Record(Schema.String, Schema.Unknown),
    theme: Theme.Theme,
    labels: Schema.Record(Schema.String, Schema.String),
    board: Schema.optionalKey(MemoryBoardView)
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
      error: [ApiError.Unauthorized, ApiError.Conflict, ApiError.UpgradeRequired]
    }).annotateMerge(
      Endpoint.describe(
        "Start a play",
        "Authorization: Bearer <client token>. Starts the play the token was minted for: once (a used token is 409; expired, forged or malformed 401); play limits are checked again. The start counts the month's play: past the plan's `playsPerMonth` it is 402 (`upgrade_required` naming `limits.playsPerMonth`, as at mint), also for a token minted before the month filled up. Answers the player's view of the game: no correct answers, no wheel weights."
      )
    ),
    HttpApiEndpoint.post("flip", "/:sessionId/flips", {
      params: { sessionId: Schema.String },
      payload: FlipRequest,
      success: FlipView,
      error: [ApiError.Unauthorized, ApiError.NotFound, ApiError.Conflict]
    }).annotateMerge(
      Endpoint.describe(
        "Turn a Memory Match card",
        "Authorization: Bearer <client token>. For a Memory Match scored by the server (`scoring: server`): reveals the card at `position` (0 to 2 × pairs − 1) and records the flip and its time (from the session's start). Flips go in turns of two: the first reveals a card, the second another, matching the pair when both show the same `face` (0 to pairs − 1). Answers the face, the pairs matched so far and the flips made so far. 400 naming `position` off the board; 409 for a matched card or the turn's face-up card, after the finish, past `timeLimitSeconds`, or for a campaign scored by the client; 404 for a session that is not the token's."
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
        "Authorization: Bearer <client token>. The game's finish body (wheel `{}`, quiz `{ answers }`, prediction `{ optionId }`, memory-match `{}` or `{ score }`); the server decides the outcome or score. Memory Match with `scoring: server` takes `{}` and scores the flips it revealed (a `score` is 400): before `timeLimitSeconds` every pair must be matched (409 otherwise), after it pairs left score 0; with `scoring: client` it takes `{ score }` (0 to maxScore). A second finish is 409. `reward` is null when the campaign has no reward; else `grant` is the coupon the play earned (the first prize the play meets that still has a code; its code in full, for the player) or null (no prize met, the prizes ran out, or the player already has one and the reward grants once), and `page` the reward page with the blocks whose `when` fits: `win` when a coupon was given, `not_win` when not."
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
