/**
 * The whole engine as one layer: every use case, wired the way the specification behaves, over a
 * store's ports and three platform ports. An application embedding the core (a backend calling the
 * services, or the reference server putting HTTP routes over them) builds this one layer and never
 * composes the use cases by hand, so no rule is lost on the way:
 *
 * - deleting a campaign once it was played, or a channel that still has campaigns, is a `CampaignsError`
 *   (`Campaigns` and `Channels` read the sessions and campaigns themselves: nothing to wire);
 * - every event appended to the store's outbox also becomes one delivery per matching endpoint, in
 *   the same transaction (`Webhooks.layerFanOut` wraps the outbox), and the delivery worker
 *   (`WebhookDispatcher`) runs as a fiber for the life of the layer;
 * - client tokens are signed with the store's shared key (`ClientTokenSigner.layer`), and media
 *   addresses are judged by the media library (`MediaEngine.mediaLibrary`);
 * - draws, rewards and the media library are each one layer of their own (`DrawsEngine`,
 *   `RewardsEngine`, `MediaEngine`), merged here; they fill the ports the rest calls
 *   (`AfterFinish`, `WinnerGrants`, `MediaLibrary`).
 *
 * What it asks for is what differs between platforms and stores (`Requirements`): a store's ports
 * (`StorePorts.StoreServices`: memory, PGlite, PostgreSQL) and `Secrets`, `Webhook.HostResolver`
 * and `Webhook.WebhookTransport`. `NodeEngine.layer(store)` in `@campaign-games/http` gives the
 * Node ones.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import { Accounts } from "./accounts/Accounts.ts"
import { ApiKeys } from "./accounts/ApiKeys.ts"
import { Branding } from "./campaigns/Branding.ts"
import { Campaigns } from "./campaigns/Campaigns.ts"
import { Channels } from "./campaigns/Channels.ts"
import type { MediaLibrary } from "./campaigns/FileRule.ts"
import * as DrawsEngine from "./draws/DrawsEngine.ts"
import { InstanceCache } from "./InstanceCache.ts"
import * as MediaEngine from "./media/MediaEngine.ts"
import { AllowedOrigins } from "./play/AllowedOrigins.ts"
import type { TokenSigner } from "./play/ClientToken.ts"
import * as ClientTokenSigner from "./play/ClientTokenSigner.ts"
import { Plays } from "./play/Plays.ts"
import * as PrivacyEngine from "./privacy/PrivacyEngine.ts"
import * as RewardsEngine from "./rewards/RewardsEngine.ts"
import type { Secrets } from "./Secrets.ts"
import { StoreError } from "./Failure.ts"
import { layerWorker as statsWorker, Stats } from "./stats/Stats.ts"
import type { StoreServices } from "./StorePorts.ts"
import type { EventOutbox } from "./webhooks/Event.ts"
import type { HostResolver, WebhookTransport } from "./webhooks/Webhook.ts"
import { WebhookDispatcher } from "./webhooks/WebhookDispatcher.ts"
import { WebhookPolicy, Webhooks } from "./webhooks/Webhooks.ts"

export interface Options {
  /**
   * Webhook endpoints may use `http:` and loopback or private addresses (`CG_ALLOW_PRIVATE_URLS`):
   * development and tests only. Default false. The transport is the platform's: give it the same
   * choice (`NodeEngine.layer` does).
   */
  readonly allowPrivateUrls?: boolean | undefined
  /**
   * Runs the webhook delivery worker in the background of this instance (default true). With
   * false, `WebhookDispatcher` is still provided, without its loop: `runOnce` sends what is due
   * (an instance that only serves requests while others deliver, a test that drives deliveries).
   */
  readonly dispatcher?: boolean | undefined
  /**
   * Runs the other background workers on this instance (default true): scheduled draws, media
   * imports from URLs, the retention of participants' data and the statistics' roll-up. Each job is claimed once across every instance on one store; with false,
   * this instance only serves requests.
   */
  readonly workers?: boolean | undefined
}

/** The use cases an application calls. */
export type UseCases =
  | Accounts
  | ApiKeys
  | Channels
  | Campaigns
  | Branding
  | AllowedOrigins
  | Plays
  | Webhooks
  | DrawsEngine.UseCases
  | RewardsEngine.UseCases
  | MediaEngine.UseCases
  | PrivacyEngine.UseCases
  | Stats

/**
 * What `layer` provides: the use cases, the delivery worker, and the ports the engine fills itself
 * (the outbox wrapped by the webhook fan-out, the client-token signer, the media library). The
 * `Webhooks.WebhookPolicy` reference it sets is in the context too (references are not listed in
 * a layer's type).
 */
export type Services =
  | UseCases
  | DrawsEngine.Services
  | RewardsEngine.Services
  | MediaEngine.Services
  | PrivacyEngine.Services
  | WebhookDispatcher
  | EventOutbox
  | TokenSigner
  | MediaLibrary
  | InstanceCache

/** The ports a platform adapter provides (`NodeEngine` in `@campaign-games/http` on Node). */
export type PlatformPorts =
  | Secrets
  | HostResolver
  | WebhookTransport
  | DrawsEngine.Requirements
  | RewardsEngine.Requirements
  | MediaEngine.Requirements

/** What `layer` requires: a store's ports and the platform's. */
export type Requirements = StoreServices | PlatformPorts

/**
 * The whole engine over a store's ports and the platform's (`Requirements`). Provide the store
 * with `Layer.provideMerge` so the application also sees the repositories: the engine's outbox
 * (with the webhook fan-out) takes precedence over the store's own. Fails only when the store does
 * (reading the token-signing key).
 */
export const layer = (options: Options = {}): Layer.Layer<Services, StoreError, Requirements> => {
  const policy = Layer.succeed(WebhookPolicy, { allowPrivateUrls: options.allowPrivateUrls === true })
  const workers = { background: options.workers !== false }
  // The subsystems' use cases and the ports they fill for the others (`AfterFinish` for `Plays`,
  // `WinnerGrants` for draws, the media library's file rule).
  // The scheduled-draw worker starts when the draws' layer is built: it is given the rewards' layer
  // (built once: the same value) so that its runs grant through the rewards' `WinnerGrants`.
  const rewards = RewardsEngine.layer(workers)
  const subsystems = Layer.mergeAll(
    DrawsEngine.layer(workers).pipe(Layer.provide(rewards)),
    rewards,
    MediaEngine.layer(workers),
    PrivacyEngine.layer(workers)
  )
  return Layer.mergeAll(
    Accounts.layer,
    ApiKeys.layer,
    Channels.layer,
    Campaigns.layer,
    Branding.layer,
    AllowedOrigins.layer,
    Plays.layer,
    Webhooks.layer,
    Stats.layer,
    statsWorker(workers),
    options.dispatcher === false ? WebhookDispatcher.layerNoLoop() : WebhookDispatcher.layer()
  ).pipe(
    Layer.provideMerge(subsystems),
    Layer.provideMerge(Webhooks.layerFanOut),
    Layer.provideMerge(ClientTokenSigner.layer),
    Layer.provideMerge(InstanceCache.layer),
    Layer.provideMerge(MediaEngine.mediaLibrary),
    Layer.provideMerge(policy)
  )
}
