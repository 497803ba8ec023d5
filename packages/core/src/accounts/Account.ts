/**
 * Accounts: the organisation that owns channels, campaigns, keys and everything else. Created by
 * the service operator (`/admin/v1/accounts`), with a plan and optional feature and limit overrides.
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option, Schema, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import { names, pick, Text, Timestamp } from "../Fields.ts"
import * as Plan from "./Plan.ts"

/**
 * An account's fields as stored, written once: the account's type, its API view (`AccountView`),
 * what the plays read (`PlayAccount`) and its table's row (in `sql`) are made of this record.
 */
export const fields = {
  id: Schema.String,
  name: Schema.String,
  plan: Plan.PlanName,
  featureOverrides: Plan.FeatureOverrides,
  limitOverrides: Plan.LimitOverrides,
  createdAt: Timestamp,
  updatedAt: Timestamp
}

/** A stored account. */
export type Account = Schema.Struct.Type<typeof fields>

/** The fields the plays read of an account (`PlayContextRepo`): its plan and overrides. */
export const playNames = ["id", "plan", "featureOverrides", "limitOverrides"] as const

/** What the plays read of an account: its `playNames` fields. */
export type PlayAccount = Pick<Account, (typeof playNames)[number]>

/** An account's `PlayAccount` fields. */
export const playView: (account: Account) => PlayAccount = pick(playNames)

/** The plan's features with the account's overrides. */
export const features = (account: Pick<Account, "plan" | "featureOverrides">): Plan.Features =>
  Plan.effectiveFeatures(account.plan, account.featureOverrides)

/** The plan's limits with the account's overrides. */
export const limits = (account: Pick<Account, "plan" | "limitOverrides">): Plan.Limits =>
  Plan.effectiveLimits(account.plan, account.limitOverrides)

/** The account as the operator API shows it: effective features and limits. */
export const AccountView = Schema.Struct({
  ...Struct.pick(fields, ["id", "name", "plan"]),
  features: Plan.Features,
  limits: Plan.Limits,
  ...Struct.pick(fields, ["createdAt", "updatedAt"])
})
export type AccountView = typeof AccountView.Type

const copyView = pick(names(AccountView, "features", "limits"))

export const view = (account: Account): AccountView => ({
  ...copyView(account),
  features: features(account),
  limits: limits(account)
})

export const Name = Text(1, 200)

/** Body of `POST /admin/v1/accounts`. */
export const CreateAccount = Schema.Struct({
  name: Name,
  plan: Schema.optionalKey(Plan.PlanName),
  features: Schema.optionalKey(Plan.FeatureOverrides),
  limits: Schema.optionalKey(Plan.LimitOverrides)
})
export type CreateAccount = typeof CreateAccount.Type

/** Body of `PATCH /admin/v1/accounts/{accountId}`: overrides sent are merged into the stored ones. */
export const UpdateAccount = Schema.Struct({
  name: Schema.optionalKey(Name),
  plan: Schema.optionalKey(Plan.PlanName),
  features: Schema.optionalKey(Plan.FeatureOverrides),
  limits: Schema.optionalKey(Plan.LimitOverrides)
})
export type UpdateAccount = typeof UpdateAccount.Type

/** Persistence of accounts. */
export class AccountRepo extends Context.Service<
  AccountRepo,
  {
    readonly insert: (account: Account) => Effect.Effect<void, StoreError>
    readonly update: (account: Account) => Effect.Effect<void, StoreError>
    readonly findById: (id: string) => Effect.Effect<Option.Option<Account>, StoreError>
    /** Whether any account exists (first-start bootstrap). */
    readonly isEmpty: Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/AccountRepo") {}
