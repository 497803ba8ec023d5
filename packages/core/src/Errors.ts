/**
 * Every error of the engine in one place, for embedders who would rather not learn which folder
 * each lives in. Each subsystem's service fails with its own error, in effect's style
 * (`RateLimiterError` and its `reason`): `DrawsError`, `PlaysError`, `RewardsError`, … each carrying
 * only its subsystem's reasons, so an operation's type says what can go wrong. What every subsystem
 * may meet fails on its own and is passed through as it is (`Failure`): `ResourceNotFound`,
 * `MissingPermission`, `MissingAnyPermission`, `InvalidFields` and `StoreError`; so are the plan's
 * `PlanError` and a game's `GameError`, which several subsystems check.
 *
 * Branch on a subsystem's reason with `Effect.catchReason("PlaysError", "PlayLimitReached", …)` or
 * `Effect.catchReasons("PlaysError", { … })`, on a shared failure with `Effect.catchTag`. What the
 * HTTP API answers to each (status, code, words) is `ApiError`'s table in `@campaign-games/http`.
 *
 * @since 0.1.0
 */
import type { AccountsError, PlanError } from "./accounts/AccountErrors.ts"
import type { CampaignsError } from "./campaigns/CampaignErrors.ts"
import type { DrawsError } from "./draws/DrawErrors.ts"
import type { InvalidFields, MissingAnyPermission, MissingPermission, ResourceNotFound } from "./Failure.ts"
import type { GameError } from "./games/GameErrors.ts"
import type { MediaError } from "./media/MediaErrors.ts"
import type { PlaysError } from "./play/PlayErrors.ts"
import type { RewardsError } from "./rewards/RewardErrors.ts"
import type { WebhooksError } from "./webhooks/WebhookErrors.ts"

export * from "./accounts/AccountErrors.ts"
export * from "./campaigns/CampaignErrors.ts"
export * from "./draws/DrawErrors.ts"
export {
  Detail,
  Details,
  InvalidFields,
  MissingAnyPermission,
  MissingPermission,
  type PermissionDenied,
  ResourceKind,
  ResourceNotFound,
  StoreError
} from "./Failure.ts"
export * from "./games/GameErrors.ts"
export * from "./media/MediaErrors.ts"
export * from "./play/PlayErrors.ts"
export * from "./rewards/RewardErrors.ts"
export * from "./webhooks/WebhookErrors.ts"

/** The error of each subsystem, each with its `reason`. */
export type ServiceFailure =
  | AccountsError
  | PlanError
  | CampaignsError
  | DrawsError
  | GameError
  | MediaError
  | PlaysError
  | RewardsError
  | WebhooksError

/** The failures every subsystem may meet, each its own reason. */
export type SharedFailure = InvalidFields | ResourceNotFound | MissingPermission | MissingAnyPermission

/** Every failure a use case of the engine can end with, but a store's. */
export type Failure = ServiceFailure | SharedFailure

/** What a failure says happened: a subsystem error's reason, or a shared failure itself. */
export type Reason = ServiceFailure["reason"] | SharedFailure

/** What `failure` says happened (`Reason`). */
export const reasonOf = (failure: Failure): Reason => ("reason" in failure ? failure.reason : failure)
