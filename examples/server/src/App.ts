/**
 * The reference server's composition: core use cases over a store, the `/v1` routes, rate limiting
 * (memory, or Redis shared between instances), served by Node's HTTP server. `main.ts` runs it from
 * the environment; tests run the same composition on a free port with the store they choose.
 *
 * @since 0.1.0
 */

import { createServer } from "node:http"
import type {
  Account,
  AllowedOrigin,
  ApiKey,
  Campaign,
  Channel,
  ClientToken,
  Entry,
  Event,
  PlayContext,
  Session,
  Store,
  Usage,
  Webhook
} from "@campaign-games/core"
import {
  Accounts,
  AllowedOrigins,
  ApiKeys,
  Branding,
  Campaigns,
  Channels,
  FileRule,
  Plays,
  WebhookDispatcher,
  Webhooks
} from "@campaign-games/core"
import { ClientTokenSigner, HttpConfig, Server } from "@campaign-games/http"
import { NodeHttpServer, NodeRedis } from "@effect/platform-node"
import { Effect, Layer, type Redacted } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { RateLimiter } from "effect/persistence"
import * as NodeHostResolver from "./NodeHostResolver.ts"
import * as NodeSecrets from "./NodeSecrets.ts"
import * as NodeWebhookTransport from "./NodeWebhookTransport.ts"

/** The store the app runs on: the transaction port and every repository. */
export type StoreServices =
  | Store.Store
  | Account.AccountRepo
  | ApiKey.ApiKeyRepo
  | Channel.ChannelRepo
  | Campaign.CampaignRepo
  | Branding.BrandingRepo
  | AllowedOrigin.AllowedOriginRepo
  | Session.SessionRepo
  | Entry.EntryRepo
  | Event.EventOutbox
  | Usage.UsageRepo
  | ClientToken.ServerSecretRepo
  | PlayContext.PlayContextRepo
  | PlayContext.PlayFinishRepo
  | Webhook.EndpointRepo
  | Webhook.DeliveryRepo

export interface AppOptions {
  readonly adminToken: Redacted.Redacted<string> | undefined
  readonly publicUrl: string
  /** Shares rate-limit counts between instances; process memory when undefined. */
  readonly redisUrl?: string | undefined
}

export interface CoreOptions {
  /** `CG_ALLOW_PRIVATE_URLS`: webhook endpoints may use http: and private addresses. */
  readonly allowPrivateUrls?: boolean | undefined
  /** Runs the webhook delivery worker in this instance (default true). */
  readonly dispatcher?: boolean | undefined
}

/**
 * The core use cases over a store, with the webhook fan-out wrapping the store's outbox and the
 * delivery worker running in the background.
 */
export const core = <E, R>(store: Layer.Layer<StoreServices, E, R>, options: CoreOptions = {}) =>
  Layer.mergeAll(
    Webhooks.Webhooks.layer.pipe(
      Layer.provide(Layer.succeed(Webhooks.WebhookPolicy, { allowPrivateUrls: options.allowPrivateUrls === true }))
    ),
    options.dispatcher === false
      ? Layer.empty
      : WebhookDispatcher.WebhookDispatcher.layer().pipe(
          Layer.provide(NodeWebhookTransport.layer({ allowPrivate: options.allowPrivateUrls === true }))
        ),
    Accounts.Accounts.layer,
    ApiKeys.ApiKeys.layer,
    Channels.Channels.layer.pipe(Layer.provide(Campaigns.Campaigns.layerChannelDeletionGuard)),
    Campaigns.Campaigns.layer.pipe(Layer.provide(Plays.Plays.layerPlayedCheck)),
    Branding.Branding.layer,
    AllowedOrigins.AllowedOrigins.layer,
    Plays.Plays.layer
  ).pipe(
    Layer.provideMerge(Webhooks.Webhooks.layerFanOut),
    Layer.provideMerge(NodeHostResolver.layer),
    Layer.provideMerge(ClientTokenSigner.layer),
    Layer.provideMerge(NodeSecrets.layer),
    Layer.provideMerge(FileRule.MediaLibrary.layerNone),
    Layer.provideMerge(store)
  )

/** A `RateLimiter` on Redis when a URL is given, else in process memory. */
export const rateLimiter = (redisUrl: string | undefined) =>
  RateLimiter.layer.pipe(
    Layer.provide(
      redisUrl === undefined
        ? RateLimiter.layerStoreMemory
        : RateLimiter.layerStoreRedis({ prefix: "cg:ratelimit:" }).pipe(
            Layer.provide(NodeRedis.layer({ url: redisUrl }))
          )
    )
  )

/** The routes with everything they need but the core use cases (see `core`). */
export const routes = (options: AppOptions) =>
  Server.routes.pipe(
    Layer.provide(rateLimiter(options.redisUrl)),
    Layer.provide(
      Layer.succeed(HttpConfig.HttpConfig, { adminToken: options.adminToken, publicUrl: options.publicUrl })
    )
  )

/**
 * Serves an application layer of routes with Node's HTTP server on `host:port` (port 0 picks a free
 * one). The routes are built first and the port opens only once their handler is attached: Node
 * leaves a request that arrives before a `request` listener exists unanswered (until its
 * `requestTimeout`, 5 minutes), so a server restarted under load must not accept connections early.
 */
export const serveRoutes = <E, R>(
  routes: Layer.Layer<never, E, R>,
  options: { readonly host: string; readonly port: number }
) =>
  Layer.unwrap(
    Effect.map(HttpRouter.toHttpEffect(routes), (handler) =>
      HttpServer.serve(handler).pipe(
        Layer.provideMerge(NodeHttpServer.layerServer(createServer, { port: options.port, host: options.host }))
      )
    )
  ).pipe(Layer.provideMerge(NodeHttpServer.layerHttpServices))

/**
 * The routes served by Node's HTTP server on `host:port` (port 0 picks a free one). Provide `core`
 * last, so the port opens only once the store is ready.
 */
export const serve = (options: AppOptions & { readonly host: string; readonly port: number }) =>
  serveRoutes(routes(options), options)
