/**
 * The set of ports a store provides: the `Store` transaction port and every repository the use
 * cases read and write through. Written once here and used by every store (`SqlStore`,
 * `MemoryStore`), the store contract suites and the engine's composition (`Engine`), so adding a
 * repository is one line here and a type error in every store that lacks it.
 *
 * @since 0.1.0
 */
import type { AccountRepo } from "./accounts/Account.ts"
import type { ApiKeyRepo } from "./accounts/ApiKey.ts"
import type { BrandingRepo } from "./campaigns/Branding.ts"
import type { CampaignRepo } from "./campaigns/Campaign.ts"
import type { ChannelRepo } from "./campaigns/Channel.ts"
import type * as DrawsEngine from "./draws/DrawsEngine.ts"
import type { IdempotencyRepo } from "./Idempotency.ts"
import type * as MediaEngine from "./media/MediaEngine.ts"
import type { AllowedOriginRepo } from "./play/AllowedOrigin.ts"
import type { ServerSecretRepo } from "./play/ClientToken.ts"
import type { EntryRepo } from "./play/Entry.ts"
import type { PlayContextRepo, PlayFinishRepo } from "./play/PlayContext.ts"
import type { SessionRepo } from "./play/Session.ts"
import type { MemoryBoardRepo } from "./games/MemoryBoard.ts"
import type { UsageRepo } from "./play/Usage.ts"
import type * as PrivacyEngine from "./privacy/PrivacyEngine.ts"
import type * as RewardsEngine from "./rewards/RewardsEngine.ts"
import type { StatsRepo } from "./stats/Stats.ts"
import type { Store } from "./Store.ts"
import type { StoreGauges } from "./StoreGauges.ts"
import type { EventOutbox } from "./webhooks/Event.ts"
import type { DeliveryNotices, DeliveryRepo, EndpointRepo } from "./webhooks/Webhook.ts"

/** The repositories of accounts, campaigns and plays (what a store provides besides webhooks). */
export type Repos =
  | AccountRepo
  | ApiKeyRepo
  | ChannelRepo
  | CampaignRepo
  | BrandingRepo
  | AllowedOriginRepo
  | SessionRepo
  | MemoryBoardRepo
  | EntryRepo
  | EventOutbox
  | UsageRepo
  | ServerSecretRepo
  | PlayContextRepo
  | PlayFinishRepo
  | IdempotencyRepo
  | DrawsEngine.Repos
  | RewardsEngine.Repos
  | MediaEngine.Repos
  | PrivacyEngine.Repos
  | StatsRepo

/**
 * The repositories of webhook endpoints and deliveries, and the store's notices of new deliveries
 * (`DeliveryNotices`: what wakes the dispatchers of every instance).
 */
export type WebhookRepos = EndpointRepo | DeliveryRepo | DeliveryNotices

/** Every port a store provides: the transaction port, every repository and the gauges it reports. */
export type StoreServices = Store | Repos | WebhookRepos | StoreGauges
