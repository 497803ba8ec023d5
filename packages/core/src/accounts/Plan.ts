/**
 * Plans: what an account may use (features) and how much (limits). An account has a plan and may
 * carry overrides of single features or limits; the effective values are the plan's with the
 * overrides on top. Missing a feature or a game, or reaching a limit, is a `PlanError` whose
 * reason names it (`FeatureMissing`, `GameNotInPlan`, `LimitReached`).
 *
 * @since 0.1.0
 */
import { Effect, Schema, Struct } from "effect"
import { FeatureMissing, GameNotInPlan, LimitReached, PlanError } from "./AccountErrors.ts"

export const PlanName = Schema.Literals(["free", "starter", "pro", "unlimited"])
export type PlanName = typeof PlanName.Type

export const featureFlags = ["webhooks", "rewards", "mediaLibrary", "apiKeys", "customBranding", "customCopy"] as const
export type FeatureFlag = (typeof featureFlags)[number]

export const limitNames = [
  "channels",
  "liveCampaigns",
  "webhookEndpoints",
  "activeApiKeys",
  "storedCouponCodes",
  "storageBytes",
  "playsPerMonth"
] as const
export type LimitName = (typeof limitNames)[number]

const Slug = Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/u))
const LimitValue = Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000_000_000 })))

/** Effective features of an account. */
export const Features = Schema.Struct({
  webhooks: Schema.Boolean,
  rewards: Schema.Boolean,
  mediaLibrary: Schema.Boolean,
  apiKeys: Schema.Boolean,
  customBranding: Schema.Boolean,
  customCopy: Schema.Boolean,
  games: Schema.Array(Slug).check(Schema.isMaxLength(100))
})
export type Features = typeof Features.Type

/** Effective limits of an account, one for each of `limitNames`; null means no limit. */
export const Limits = Schema.Struct(
  Object.fromEntries(limitNames.map((name) => [name, LimitValue])) as Record<LimitName, typeof LimitValue>
)
export type Limits = typeof Limits.Type

/** Overrides sent by the operator: any subset of features and limits. */
export const FeatureOverrides = Features.mapFields(Struct.map(Schema.optionalKey))
export type FeatureOverrides = typeof FeatureOverrides.Type

export const LimitOverrides = Limits.mapFields(Struct.map(Schema.optionalKey))
export type LimitOverrides = typeof LimitOverrides.Type

/** Every game the engine ships; plans that include all games list them all. */
export const allGames: ReadonlyArray<string> = ["spin-the-wheel", "quiz", "prediction", "memory-match"]

const GiB = 1024 * 1024 * 1024

/** Every feature and every game: the features of the pro and unlimited plans. */
const allFeatures: Features = {
  webhooks: true,
  rewards: true,
  mediaLibrary: true,
  apiKeys: true,
  customBranding: true,
  customCopy: true,
  games: allGames
}

/** The built-in plans. Numbers are ours to choose (the specification does not give them). */
export const plans: Readonly<Record<PlanName, { readonly features: Features; readonly limits: Limits }>> = {
  free: {
    features: {
      webhooks: false,
      rewards: false,
      mediaLibrary: false,
      apiKeys: false,
      customBranding: false,
      customCopy: false,
      games: ["spin-the-wheel", "quiz"]
    },
    limits: {
      channels: 1,
      liveCampaigns: 1,
      webhookEndpoints: 0,
      activeApiKeys: 1,
      storedCouponCodes: 0,
      storageBytes: 0,
      playsPerMonth: 1_000
    }
  },
  starter: {
    features: {
      webhooks: true,
      rewards: true,
      mediaLibrary: true,
      apiKeys: true,
      customBranding: true,
      customCopy: false,
      games: allGames
    },
    limits: {
      channels: 5,
      liveCampaigns: 5,
      webhookEndpoints: 3,
      activeApiKeys: 5,
      storedCouponCodes: 10_000,
      storageBytes: GiB,
      playsPerMonth: 100_000
    }
  },
  pro: {
    features: allFeatures,
    limits: {
      channels: 100,
      liveCampaigns: 100,
      webhookEndpoints: 25,
      activeApiKeys: 50,
      storedCouponCodes: 1_000_000,
      storageBytes: 10 * GiB,
      playsPerMonth: 10_000_000
    }
  },
  unlimited: {
    features: allFeatures,
    limits: {
      channels: null,
      liveCampaigns: null,
      webhookEndpoints: null,
      activeApiKeys: null,
      storedCouponCodes: null,
      storageBytes: null,
      playsPerMonth: null
    }
  }
}

/** The plan's features with the overrides on top. */
export const effectiveFeatures = (plan: PlanName, overrides: FeatureOverrides): Features => ({
  ...plans[plan].features,
  ...overrides
})

/** The plan's limits with the overrides on top. */
export const effectiveLimits = (plan: PlanName, overrides: LimitOverrides): Limits => ({
  ...plans[plan].limits,
  ...overrides
})

const featureLabels: Record<FeatureFlag, string> = {
  webhooks: "Webhooks",
  rewards: "Rewards",
  mediaLibrary: "Media library",
  apiKeys: "API keys",
  customBranding: "Custom branding",
  customCopy: "Custom copy"
}

/** Fails with `PlanError` (`FeatureMissing`) unless the feature is in the plan. */
export const requireFeature = (features: Features, feature: FeatureFlag): Effect.Effect<void, PlanError> =>
  features[feature]
    ? Effect.void
    : Effect.fail(new PlanError({ reason: new FeatureMissing({ feature, featureName: featureLabels[feature] }) }))

/** `requireGame` as a value: the failure when the game is not in the plan, else undefined. */
export const gameMissing = (features: Features, slug: string): PlanError | undefined =>
  features.games.includes(slug) ? undefined : new PlanError({ reason: new GameNotInPlan({ gameSlug: slug }) })

/** Fails with `PlanError` (`GameNotInPlan`) unless the game is in the plan. */
export const requireGame = (features: Features, slug: string): Effect.Effect<void, PlanError> => {
  const missing = gameMissing(features, slug)
  return missing === undefined ? Effect.void : Effect.fail(missing)
}

/** Whether `used + adding` stays within the limit (null = no limit). */
export const withinLimit = (limits: Limits, limit: LimitName, used: number, adding = 1): boolean => {
  const max = limits[limit]
  return max === null || used + adding <= max
}

/** Fails with `PlanError` (`LimitReached`) when `used + adding` would pass the limit. */
export const checkLimit = (
  limits: Limits,
  limit: LimitName,
  used: number,
  adding = 1
): Effect.Effect<void, PlanError> => {
  const reached = limitReached(limits, limit, used, adding)
  return reached === undefined ? Effect.void : Effect.fail(reached)
}

/** `checkLimit` as a value: the failure when `adding` more would pass the limit, else undefined. */
export const limitReached = (limits: Limits, limit: LimitName, used: number, adding = 1): PlanError | undefined => {
  const max = limits[limit]
  return max === null || used + adding <= max ? undefined : new PlanError({ reason: new LimitReached({ limit, max }) })
}
