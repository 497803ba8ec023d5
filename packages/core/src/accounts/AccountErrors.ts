/**
 * The errors of accounts and their API keys (`ApiKeys`, `Accounts`): one `AccountsError` whose
 * `reason` says what happened (a refused key, permissions a new key cannot be given), and the
 * plan's own `PlanError` (a feature, a game or a limit the account's plan lacks), which every
 * subsystem that checks the plan passes through. A missing account or key is the shared
 * `ResourceNotFound`, a missing permission the shared `MissingPermission` (`Failure`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ServiceError, withDetails, withMessage } from "../Failure.ts"

/**
 * The message of every refused API key, whatever the reason: it does not tell a caller holding a
 * wrong key whether such a key exists.
 */
const refusedKey = "The API key is missing, malformed, wrong or revoked."

/** The API key is missing or not in the key format. */
export class KeyMalformed extends withMessage(Schema.TaggedError<KeyMalformed>()("KeyMalformed", {}), refusedKey) {}

/** No API key has this prefix, or its secret part is wrong. */
export class KeyUnknown extends withMessage(Schema.TaggedError<KeyUnknown>()("KeyUnknown", {}), refusedKey) {}

/** The API key was revoked (or its account is gone). */
export class KeyRevoked extends withMessage(Schema.TaggedError<KeyRevoked>()("KeyRevoked", {}), refusedKey) {}

/**
 * A new key would get permissions its creator does not hold: each with its `index` in the
 * requested list.
 */
export class CannotGrantPermission extends withDetails(
  Schema.TaggedError<CannotGrantPermission>()("CannotGrantPermission", {
    permissions: Schema.Array(Schema.Struct({ index: Schema.Int, permission: Schema.String }))
  }),
  "A key can only be given permissions its creator holds.",
  ({ permissions }) =>
    permissions.map(({ index, permission }) => ({
      path: `permissions.${index}`,
      message: `the caller lacks ${permission}`
    }))
) {}

/** What can go wrong in the accounts and API keys use cases. */
export const AccountsReason = Schema.Union([KeyMalformed, KeyUnknown, KeyRevoked, CannotGrantPermission])
export type AccountsReason = typeof AccountsReason.Type

/** The error of the accounts subsystem: `reason` says what happened. */
export class AccountsError extends ServiceError(
  Schema.TaggedError<AccountsError>()("AccountsError", { reason: AccountsReason })
) {}

/** The account's plan lacks a feature (`feature` is its flag, `featureName` its name for people). */
export class FeatureMissing extends withDetails(
  Schema.TaggedError<FeatureMissing>()("FeatureMissing", { feature: Schema.String, featureName: Schema.String }),
  ({ featureName }) => `Your plan does not include ${featureName}.`,
  ({ feature }) => [{ path: `features.${feature}`, message: "not included in the plan" }]
) {}

/** The account's plan does not include the game `gameSlug`. */
export class GameNotInPlan extends withDetails(
  Schema.TaggedError<GameNotInPlan>()("GameNotInPlan", { gameSlug: Schema.String }),
  ({ gameSlug }) => `Your plan does not include the game ${gameSlug}.`,
  ({ gameSlug }) => [{ path: "features.games", message: `${gameSlug} is not included in the plan` }]
) {}

/** One more would pass the plan's limit `limit` (`channels`, `playsPerMonth`, …) of `max`. */
export class LimitReached extends withDetails(
  Schema.TaggedError<LimitReached>()("LimitReached", { limit: Schema.String, max: Schema.Int }),
  ({ max, limit }) => `Your plan's limit of ${max} for ${limit} is reached.`,
  ({ limit, max }) => [{ path: `limits.${limit}`, message: `limit of ${max} reached` }]
) {}

/** What the account's plan can refuse. */
export const PlanReason = Schema.Union([FeatureMissing, GameNotInPlan, LimitReached])
export type PlanReason = typeof PlanReason.Type

/** The plan refused: `reason` names the feature, the game or the limit. */
export class PlanError extends ServiceError(Schema.TaggedError<PlanError>()("PlanError", { reason: PlanReason })) {}
