/**
 * The `/v1` API as routes: the API definition with its handlers, authentication, rate limiting,
 * the error boundary with the request ids, metrics and log lines (`Observability`), `/metrics`
 * (`MetricsEndpoint`), the OpenAPI document at `/v1/openapi.json`, the docs page at `/docs` and the
 * readiness check at `/ready` (`Readiness`); `Idempotency-Key` on POSTs (`IdempotencyKeys`).
 * Serve `Server.routes` with `HttpRouter.serve`, or mount it in any server that speaks the Web
 * `Request → Response` contract with `Server.toWebHandler`.
 *
 * @since 0.1.0
 */
import { Actor, ApiKeys, Secrets } from "@campaign-games/core"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { Api } from "./Api.ts"
import * as ApiError from "./ApiError.ts"
import * as HttpConfig from "./HttpConfig.ts"
import * as IdempotencyKeys from "./IdempotencyKeys.ts"
import * as MediaRoutes from "./MediaRoutes.ts"
import * as MetricsEndpoint from "./MetricsEndpoint.ts"
import * as Observability from "./Observability.ts"
import * as PlayLane from "./PlayLane.ts"
import { AdminHandlers } from "./handlers/Admin.ts"
import { ApiKeysHandlers } from "./handlers/ApiKeys.ts"
import { BrandingHandlers } from "./handlers/Branding.ts"
import { CampaignsHandlers, GamesHandlers } from "./handlers/Campaigns.ts"
import { ChannelsHandlers } from "./handlers/Channels.ts"
import { DrawsHandlers } from "./handlers/Draws.ts"
import { MediaHandlers } from "./handlers/Media.ts"
import {
  AllowedOriginsHandlers,
  ClientTokenAuthLayer,
  EntriesHandlers,
  PlayHandlers,
  TokensHandlers
} from "./handlers/Plays.ts"
import { PrivacyHandlers } from "./handlers/Privacy.ts"
import { RewardsHandlers } from "./handlers/Rewards.ts"
import { StatsHandlers } from "./handlers/Stats.ts"
import { SystemHandlers } from "./handlers/System.ts"
import { WebhooksHandlers } from "./handlers/Webhooks.ts"
import * as RateLimit from "./RateLimit.ts"
import * as Readiness from "./Readiness.ts"
import {
  AdminAuth,
  ApiKeyAuth,
  CommonErrors,
  CurrentActor,
  KeyCheckedByOperation,
  PermissionCheck,
  RequiredPermissions
} from "./Security.ts"
/* eslint-disable @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883) */
import type {
  Accounts,
  AllowedOrigins,
  BlobStore,
  Branding,
  Campaigns,
  Channels,
  ClientToken,
  Draws,
  FileRule,
  Idempotency,
  Media,
  MediaFolders,
  Participants,
  Plays,
  Rewards,
  Store,
  Stats,
  StoreGauges,
  Webhooks
} from "@campaign-games/core"
/* eslint-enable @typescript-eslint/no-unused-vars */

const ApiKeyAuthLayer = Layer.effect(
  ApiKeyAuth,
  Effect.gen(function* () {
    const keys = yield* ApiKeys.ApiKeys
    return ApiKeyAuth.of({
      bearer: (httpEffect, { credential, endpoint }) =>
        (Context.getOrUndefined(endpoint.annotations, KeyCheckedByOperation) === true
          ? keys.authenticateRecent
          : keys.authenticate)(Redacted.value(credential)).pipe(
          Effect.tap((actor) => Observability.setAccount(actor.account.id)),
          Effect.flatMap((actor) => Effect.provideService(httpEffect, CurrentActor, actor))
        )
    })
  })
)

// Called once per endpoint when the routes are built: the annotation is read here.
const PermissionCheckLayer = Layer.succeed(PermissionCheck, (httpEffect, { endpoint }) => {
  const required = Context.getOrUndefined(endpoint.annotations, RequiredPermissions)
  if (required === undefined || required.length === 0) return httpEffect
  return CurrentActor.use((actor) => Effect.andThen(Actor.require(actor, ...required), httpEffect))
})

const AdminAuthLayer = Layer.effect(
  AdminAuth,
  Effect.gen(function* () {
    const config = yield* HttpConfig.HttpConfig
    const throttle = yield* RateLimit.OperatorThrottle
    const expected = config.adminToken === undefined ? undefined : Redacted.value(config.adminToken)
    if (expected !== undefined && expected.length < HttpConfig.MIN_ADMIN_TOKEN_LENGTH) {
      // Embedders that build the routes themselves meet the same rule as `npm start`.
      return yield* Effect.die(new Error(HttpConfig.adminTokenTooShortMessage(expected.length)))
    }
    const unauthorized = expected === undefined ? new ApiError.OperatorApiDisabled() : new ApiError.OperatorTokenWrong()
    return AdminAuth.of({
      bearer: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const caller = Option.getOrElse(request.remoteAddress, () => "unknown")
          if (expected !== undefined && Secrets.constantTimeEqual(Redacted.value(credential), expected)) {
            yield* throttle.check(caller)
            return yield* httpEffect
          }
          yield* throttle.fail(caller)
          return yield* Effect.fail(unauthorized)
        })
    })
  })
)

const CommonErrorsLayer = Layer.succeed(CommonErrors, (httpEffect) => httpEffect)

/**
 * Every route of the API, ready for `HttpRouter.serve`. Serve it with the engine in the server's
 * context (provided around the server, or with `Layer.provideMerge`, as `toWebHandler` and the
 * reference server do): the play calls' lane (`PlayLane`) runs the use cases in the request's own
 * context, so a reference given only to the routes with `Layer.provide` (an embedder's `Tracer`,
 * `References.TracerEnabled`, effect/sql's `CurrentTransformer`) would hold for the rest of the API
 * but not for the plays.
 */
export const routes = Layer.mergeAll(
  Layer.mergeAll(
    HttpApiBuilder.layer(Api, { openapiPath: "/v1/openapi.json" }),
    HttpApiScalar.layer(Api, { path: "/docs" }),
    Readiness.layer,
    MediaRoutes.layer,
    MetricsEndpoint.layer
  ).pipe(Layer.provide(Observability.routeLayer)),
  Observability.layer,
  IdempotencyKeys.layer,
  PlayLane.layer
).pipe(
  Layer.provide([
    SystemHandlers,
    AdminHandlers,
    ApiKeysHandlers,
    ChannelsHandlers,
    GamesHandlers,
    CampaignsHandlers,
    BrandingHandlers,
    AllowedOriginsHandlers,
    TokensHandlers,
    PlayHandlers,
    EntriesHandlers,
    WebhooksHandlers,
    DrawsHandlers,
    RewardsHandlers,
    MediaHandlers,
    PrivacyHandlers,
    StatsHandlers
  ]),
  Layer.provide([
    ApiKeyAuthLayer,
    PermissionCheckLayer,
    AdminAuthLayer,
    ClientTokenAuthLayer,
    CommonErrorsLayer,
    RateLimit.layer
  ]),
  Layer.provide(RateLimit.layerOperatorThrottle)
)

/** What `routes` needs from the embedding application. */
export type RoutesRequirements = typeof routes extends Layer.Layer<infer _A, infer _E, infer R> ? R : never

/** What the embedding application gives `toWebHandler`: all `routes` needs but the router it joins. */
export type WebHandlerRequirements = Exclude<RoutesRequirements, HttpRouter.HttpRouter>

/**
 * A Web-standard handler (`Request → Promise<Response>`) for mounting the API inside another
 * server (Express, Fastify, Hono, Next.js route handlers). `dependencies` provides what `routes`
 * needs: the engine (`NodeEngine.layer(store)`), a `RateLimiter`, `HttpConfig` and the HTTP
 * platform's services (`HttpPlatform`, `FileSystem`, `Path`, `Etag.Generator`:
 * `NodeHttpServer.layerHttpServices` on Node). The router is `toWebHandler`'s own. The dependencies
 * are the requests' context too (`Layer.provideMerge`), so what they set (a `Tracer`, a reference)
 * holds for every call, the play calls' lane included.
 */
export const toWebHandler = <E>(dependencies: Layer.Layer<WebHandlerRequirements, E>) =>
  HttpRouter.toWebHandler(routes.pipe(Layer.provideMerge(dependencies)), { disableLogger: true })
