/**
 * Grants: one coupon given to one player, by rule at the end of a play (`rule`), to a draw's winner
 * (`draw`) or by hand (`manual`). A grant is planned by the core (`Plan`: the prizes to give from,
 * in order, and the code a `generated` prize would make) and written by the store in one step, all
 * or nothing (`GrantRepo.grant`, or within a finish's `PlayFinishRepo.complete`):
 *
 * 1. with `once` (the reward's `grantOncePerParticipant`), a player who already received a coupon of
 *    the campaign gets none (`AlreadyGranted`); every grant records its player
 *    (`reward_recipients`), so the rule holds across the three sources and across instances (of two
 *    concurrent first grants of one player, one writes: a unique key);
 * 2. the first prize of the plan that has a code to give gives it: a `pool` or `shared` prize one
 *    of its codes whose issue limit is not reached (which one is the store's choice), counted at
 *    once (`issued`), under the code's row lock, so a code is never given past its limit; a `generated` prize the plan's fresh
 *    code, unique in the campaign (a collision is `CodeTaken`, nothing written: plan another code);
 * 3. no prize has a code: `OutOfCodes`, nothing written.
 *
 * The grant keeps the prize's title and description and the code's ref and name as they were at
 * grant time; its `expiresAt` is the grant time plus the reward's `validForSeconds` (or null). The
 * `reward_granted` event carries the specification's data (`eventData`), never the code: the webhook
 * dispatcher adds `coupon.code` at send time for endpoints with `includeCouponCodes`
 * (`Webhook.CouponCodes`, which `RewardsEngine` fills from `GrantRepo.code`).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, type Option, Schema } from "effect"
import type { StoreError } from "../Failure.ts"
import { Text, type Timestamp, Timestamp as TimestampSchema, TimestampOrNull } from "../Fields.ts"
import type * as Game from "../games/Game.ts"
import type { Page, Paged } from "../Pagination.ts"
import type { Event } from "../webhooks/Event.ts"
import type { Delivery } from "../webhooks/Webhook.ts"
import * as Ids from "../Ids.ts"
import type { Secrets } from "../Secrets.ts"
import { generate, mask, prizeRowFields } from "./Coupon.ts"
import { type CodeStrategy, expiresAt, type Reward, type Tier } from "./Reward.ts"

export const Source = Schema.Literals(["rule", "draw", "manual"])
export type Source = typeof Source.Type

/** A prize as a grant keeps it: its title and description at grant time. */
export const Prize = Schema.Struct({ title: Schema.String, description: Schema.NullOr(Schema.String) }).annotate({
  identifier: "GrantPrize"
})
export type Prize = typeof Prize.Type

/** A grant's fields as stored, written once (its type and its table's row in `sql`). */
export const fields = {
  ...prizeRowFields,
  couponId: Schema.String,
  participantRef: Schema.String,
  source: Source,
  sessionId: Schema.NullOr(Schema.String),
  runId: Schema.NullOr(Schema.String),
  winnerId: Schema.NullOr(Schema.String),
  prize: Prize,
  couponRef: Schema.NullOr(Schema.String),
  couponName: Schema.NullOr(Schema.String),
  expiresAt: TimestampOrNull,
  createdAt: TimestampSchema
}

/** A grant as stored. */
export type Grant = Schema.Struct.Type<typeof fields>

/** A grant as a list reads it: with its code's last four characters only (`GrantRepo.list`). */
export interface Listed extends Grant {
  readonly codeEnd: string
}

/**
 * A grant as the API shows it: `code` masked to its last four characters (lists, the answer of a
 * grant by hand). The full code goes only to the player (the finish's `reward.grant`) and to webhook
 * endpoints with `includeCouponCodes`.
 */
export const GrantView = Schema.Struct({
  id: Schema.String,
  participantRef: Schema.String,
  code: Schema.String,
  source: Source,
  tierId: Schema.String,
  prize: Prize,
  couponRef: Schema.NullOr(Schema.String),
  couponName: Schema.NullOr(Schema.String),
  sessionId: Schema.NullOr(Schema.String),
  runId: Schema.NullOr(Schema.String),
  winnerId: Schema.NullOr(Schema.String),
  expiresAt: TimestampOrNull,
  createdAt: TimestampSchema
}).annotate({ identifier: "RewardGrant" })
export type GrantView = typeof GrantView.Type

/** A grant as the API shows it, with `code` as given (full, or already masked). */
export const view = (grant: Grant, code: string): GrantView => ({
  id: grant.id,
  participantRef: grant.participantRef,
  code,
  source: grant.source,
  tierId: grant.tierId,
  prize: grant.prize,
  couponRef: grant.couponRef,
  couponName: grant.couponName,
  sessionId: grant.sessionId,
  runId: grant.runId,
  winnerId: grant.winnerId,
  expiresAt: grant.expiresAt,
  createdAt: grant.createdAt
})

/** A listed grant as the API shows it: its code masked to its last four characters. */
export const listedView = (grant: Listed): GrantView => view(grant, mask(grant.codeEnd))

/** Body of `POST …/reward-grants`: the player, and the prize (default: the first). */
export const ManualGrant = Schema.Struct({
  participantRef: Text(1, 200),
  tierId: Schema.optionalKey(Text(1, 64))
}).annotate({ identifier: "ManualGrant" })
export type ManualGrant = typeof ManualGrant.Type

/** The grant a play's player is sent at the end of a play (`reward.grant` of the finish). */
export const PlayerGrant = Schema.Struct({
  id: Schema.String,
  tierId: Schema.String,
  code: Schema.String,
  couponName: Schema.NullOr(Schema.String),
  expiresAt: TimestampOrNull,
  prize: Prize
}).annotate({ identifier: "PlayerGrant" })
export type PlayerGrant = typeof PlayerGrant.Type

// ---------------------------------------------------------------------------------------------
// Planning and writing a grant
// ---------------------------------------------------------------------------------------------

/** A prize a plan may give from. */
export interface PlannedPrize {
  readonly tierId: string
  readonly codeStrategy: CodeStrategy
  readonly prize: Prize
}

/** A grant to write: to whom, from which prizes (the first with a code gives it), when. */
export interface Plan {
  readonly id: string
  readonly accountId: string
  readonly campaignId: string
  readonly channelId: string
  readonly participantRef: string
  readonly source: Source
  readonly sessionId: string | null
  readonly runId: string | null
  readonly winnerId: string | null
  /** The reward's `grantOncePerParticipant`. */
  readonly once: boolean
  /** In priority order; at most one `generated`, last. */
  readonly prizes: ReadonlyArray<PlannedPrize>
  /** The code the plan's `generated` prize makes (null without one). */
  readonly made: { readonly couponId: string; readonly code: string } | null
  readonly expiresAt: Timestamp | null
  readonly createdAt: Timestamp
}

/** The code a grant gave: of which prize, its row, and its ref and name. */
export interface Given {
  readonly tierId: string
  readonly couponId: string
  readonly code: string
  readonly couponRef: string | null
  readonly couponName: string | null
}

/** How a planned grant ended; only `Granted` wrote anything. */
export type Outcome =
  | { readonly _tag: "Granted"; readonly given: Given }
  | { readonly _tag: "AlreadyGranted" }
  | { readonly _tag: "OutOfCodes" }

/** How `GrantRepo.grant` ended: an outcome, or the made code is taken (nothing written; plan another). */
export type Written = Outcome | { readonly _tag: "CodeTaken" }

/** Who a grant is for, and why: what `plan` needs besides the reward and the prizes. */
export interface For {
  readonly accountId: string
  readonly campaignId: string
  readonly channelId: string
  readonly participantRef: string
  readonly source: Source
  readonly sessionId?: string | undefined
  readonly runId?: string | undefined
  readonly winnerId?: string | undefined
}

/** A prize as a grant plans it. */
export const planned = (tier: Tier): PlannedPrize => ({
  tierId: tier.id,
  codeStrategy: tier.codeStrategy,
  prize: { title: tier.display.title, description: tier.display.description ?? null }
})

/** A fresh code for a `generated` prize (a coupon id and a code from `Coupon.generate`). */
const makeCode = Effect.gen(function* () {
  const [code] = yield* generate("", 1)
  return { couponId: yield* Ids.make(Ids.Prefix.coupon), code: code! }
})

/**
 * The plan of a grant at `now` from `prizes` (in priority order: `Reward.prizesFor`, or the one
 * prize asked for), under `reward`'s rules: a fresh grant id, and a fresh code when a prize is
 * `generated`.
 */
export const plan = (
  target: For,
  reward: Pick<Reward, "grantOncePerParticipant" | "validForSeconds">,
  prizes: ReadonlyArray<Tier>,
  now: Timestamp
): Effect.Effect<Plan, never, Secrets> =>
  Effect.gen(function* () {
    return {
      id: yield* Ids.make(Ids.Prefix.grant),
      accountId: target.accountId,
      campaignId: target.campaignId,
      channelId: target.channelId,
      participantRef: target.participantRef,
      source: target.source,
      sessionId: target.sessionId ?? null,
      runId: target.runId ?? null,
      winnerId: target.winnerId ?? null,
      once: reward.grantOncePerParticipant,
      prizes: prizes.map(planned),
      made: prizes.some((p) => p.codeStrategy === "generated") ? yield* makeCode : null,
      expiresAt: expiresAt(reward, now),
      createdAt: now
    } satisfies Plan
  })

/** The plan with another fresh code, after its code was taken (`CodeTaken`). */
export const withNewCode = (plan: Plan): Effect.Effect<Plan, never, Secrets> =>
  Effect.map(makeCode, (made) => ({ ...plan, made }))

/** The prize of a plan by id (the first when there is none such: never, for a given code). */
export const prizeOf = (plan: Plan, tierId: string): Prize =>
  (plan.prizes.find((p) => p.tierId === tierId) ?? plan.prizes[0]!).prize

/** The grant a plan writes once it gave `given`. */
export const granted = (plan: Plan, given: Given): Grant => ({
  id: plan.id,
  accountId: plan.accountId,
  campaignId: plan.campaignId,
  tierId: given.tierId,
  couponId: given.couponId,
  participantRef: plan.participantRef,
  source: plan.source,
  sessionId: plan.sessionId,
  runId: plan.runId,
  winnerId: plan.winnerId,
  prize: prizeOf(plan, given.tierId),
  couponRef: given.couponRef,
  couponName: given.couponName,
  expiresAt: plan.expiresAt,
  createdAt: plan.createdAt
})

/**
 * The data of the `reward_granted` event of a grant: the specification's fields (`sessionId` for a
 * rule, `runId` and `winnerId` for a draw), never the code.
 */
export const eventData = (plan: Plan, given: Pick<Given, "tierId" | "couponRef" | "couponName">): Event["data"] => ({
  gameInstanceId: plan.campaignId,
  channelId: plan.channelId,
  grantId: plan.id,
  participantRef: plan.participantRef,
  source: plan.source,
  ...(plan.source === "rule" ? { sessionId: plan.sessionId } : {}),
  ...(plan.source === "draw" ? { runId: plan.runId, winnerId: plan.winnerId } : {}),
  tierId: given.tierId,
  prize: prizeOf(plan, given.tierId),
  coupon: { ref: given.couponRef, name: given.couponName },
  expiresAt: plan.expiresAt === null ? null : DateTime.formatIso(plan.expiresAt)
})

/** The `reward_granted` event of a grant (`eventId` its id), as appended to the outbox. */
export const event = (
  plan: Plan,
  given: Pick<Given, "tierId" | "couponRef" | "couponName">,
  eventId: string
): Event => ({
  id: eventId,
  accountId: plan.accountId,
  type: "reward_granted",
  campaignId: plan.campaignId,
  channelId: plan.channelId,
  data: eventData(plan, given),
  createdAt: plan.createdAt
})

/**
 * A grant planned within a finish (`Completion.grant`): its event and deliveries are made for the
 * plan's first prize with no coupon ref or name, and the store writes them with the prize and the
 * code it gave (`eventData` of the given code), in the finish's one write.
 */
export interface InFinish {
  readonly plan: Plan
  readonly event: Event
  readonly deliveries: ReadonlyArray<Delivery>
}

/** The grant the player is sent at the end of a play. */
export const playerGrant = (plan: Plan, given: Given): PlayerGrant => ({
  id: plan.id,
  tierId: given.tierId,
  code: given.code,
  couponName: given.couponName,
  expiresAt: plan.expiresAt,
  prize: prizeOf(plan, given.tierId)
})

/** Persistence of grants; every call is scoped to an account. */
export class GrantRepo extends Context.Service<
  GrantRepo,
  {
    /** Writes a planned grant, all or nothing (see the module's steps); inside a transaction or not. */
    readonly grant: (plan: Plan) => Effect.Effect<Written, StoreError>
    /** The campaign's grants, newest first (then by id, descending), with their codes' last four characters. */
    readonly list: (accountId: string, campaignId: string, page: Page) => Effect.Effect<Paged<Listed>, StoreError>
    /** The code a grant gave, in full (the dispatcher's `Webhook.CouponCodes`). */
    readonly code: (accountId: string, grantId: string) => Effect.Effect<Option.Option<string>, StoreError>
    /** The outcome of each of the account's entries named (a draw's winners); entries without one are absent. */
    readonly outcomes: (
      accountId: string,
      entryIds: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyMap<string, Game.Outcome>, StoreError>
  }
>()("@campaign-games/core/GrantRepo") {}
