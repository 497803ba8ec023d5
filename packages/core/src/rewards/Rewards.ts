/**
 * The use cases of rewards: read and set a campaign's reward, add, generate and withdraw its codes,
 * give a coupon by hand and list the grants. The rules are `Reward`'s, `RewardPage`'s, `Coupon`'s
 * and `Grant`'s; this service checks permissions and plans, gathers their inputs under the right
 * locks and persists.
 *
 * - **Permissions and plan.** Reading needs rewards.read; setting the reward rewards.write; codes
 *   rewards.codes.manage; a grant by hand rewards.grant. Setting the reward, adding or generating
 *   codes and granting by hand need the plan's Rewards feature (`PlanError`); withdrawing codes does not (a
 *   downgraded account can still take back its codes).
 * - **Setting** runs under the campaign's channel lock (the lock every change of a campaign takes),
 *   re-reading the campaign and the reward there: an archived campaign cannot be edited (`CampaignArchived`), the
 *   page's files are judged by the file rule, and the campaign's `grantOncePerParticipant` and
 *   `rewardValidForSeconds` are written with the reward (back to true and null when it is removed).
 * - **Codes** are added and generated under the account's codes lock, counting the account's codes
 *   in stock against the plan's stored coupon codes (`PlanError`, nothing added, when a request would pass
 *   it). A prize named by `tierId` must exist (`TierNotFound`); a `generated` prize stores no codes, and a
 *   `shared` prize holds one code that can still be given (`OneSharedCode`). Generated codes that collide with
 *   the campaign's are drawn again, until the quantity asked is made.
 * - **A grant by hand** gives the prize asked (default: the first), no other: `AlreadyGranted` when the player
 *   already has a coupon and the reward grants once, or when the prize has no code left. Its
 *   `reward_granted` event is appended to the outbox in the grant's transaction.
 * - **Logs**: each change made with codes (added, generated, withdrawn, granted by hand) is logged
 *   at Info with its counts and ids, never with a code.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as Plan from "../accounts/Plan.ts"
import * as Campaign from "../campaigns/Campaign.ts"
import * as FileRule from "../campaigns/FileRule.ts"
import * as CampaignSteps from "../campaigns/internal/CampaignSteps.ts"
import { type InvalidFields, type MissingPermission, type ResourceNotFound, StoreError } from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import type { CampaignsError } from "../campaigns/CampaignErrors.ts"
import { RewardsError } from "./RewardErrors.ts"
import * as Games from "../games/Games.ts"
import * as Ids from "../Ids.ts"
import type { Page, Paged } from "../Pagination.ts"
import { Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"
import { EventOutbox } from "../webhooks/Event.ts"
import * as Coupon from "./Coupon.ts"
import * as Grant from "./Grant.ts"
import * as Reward from "./Reward.ts"
import { CodesNotStored, NoReward, OneSharedCode, OutOfCodes, TierNotFound, AlreadyGranted } from "./RewardErrors.ts"
import * as RewardPage from "./RewardPage.ts"

/** How many rounds of codes a generation (or a grant's made code) draws before it gives up on collisions. */
const MAX_DRAWS = 5

/**
 * Plans a grant of the first of `prizes` with a code to give, writes it (`GrantRepo.grant`: all or
 * nothing; with a fresh code again when its made code was taken) and, when it gave a code, appends
 * its `reward_granted` event to the outbox: inside the caller's transaction (a grant by hand, a
 * draw's run).
 */
export const writeGrant = (
  target: Grant.For,
  reward: Pick<Reward.Reward, "grantOncePerParticipant" | "validForSeconds">,
  prizes: ReadonlyArray<Reward.Tier>,
  now: DateTime.Utc
): Effect.Effect<
  | { readonly _tag: "Granted"; readonly plan: Grant.Plan; readonly given: Grant.Given }
  | { readonly _tag: "AlreadyGranted" }
  | { readonly _tag: "OutOfCodes" },
  StoreError,
  Grant.GrantRepo | EventOutbox | Secrets
> =>
  Effect.gen(function* () {
    const grants = yield* Grant.GrantRepo
    const outbox = yield* EventOutbox
    let plan = yield* Grant.plan(target, reward, prizes, now)
    for (let tries = 1; ; tries++) {
      const written = yield* grants.grant(plan)
      if (written._tag === "CodeTaken") {
        if (tries >= MAX_DRAWS) return yield* new StoreError({ message: "No fresh coupon code could be made." })
        plan = yield* Grant.withNewCode(plan)
        continue
      }
      if (written._tag !== "Granted") return written
      yield* outbox.append(Grant.event(plan, written.given, yield* Ids.make(Ids.Prefix.event)))
      return { _tag: "Granted", plan, given: written.given } as const
    }
  })

/**
 * The log line of a change to an account's codes or grants by an API key: what changed, never a code
 * (codes are secrets: they appear in no log line).
 */
const audit = (message: string, actor: Actor.Actor, campaignId: string, fields: Record<string, unknown>) =>
  Effect.logInfo(message).pipe(
    Effect.annotateLogs({ accountId: actor.account.id, keyId: actor.keyId, campaignId, ...fields })
  )

/**
 * The issue limit of a code added to a prize's stock: as sent, else once, or any number of times
 * for a shared prize's code.
 */
const issueLimitOf = (tier: Reward.Tier, sent: number | null | undefined): number | null =>
  sent === undefined ? (tier.codeStrategy === "shared" ? null : 1) : sent

/** The lock of an account's codes: held while they are counted against the plan and added. */
export const codesLock = (accountId: string) => `reward-codes:${accountId}`

type Reads = MissingPermission | ResourceNotFound | StoreError
type Writes = Reads | PlanError | RewardsError | CampaignsError | InvalidFields

export interface Added {
  readonly added: number
  readonly duplicates: number
}

export interface Generated {
  readonly generated: number
  readonly codes: ReadonlyArray<string>
}

export class Rewards extends Context.Service<
  Rewards,
  {
    /** The campaign's reward with its prizes' counts, or null. */
    readonly get: (actor: Actor.Actor, campaignId: string) => Effect.Effect<Reward.RewardView | null, Reads>
    /** Sets (or, with null, removes) the campaign's reward; answers it as `get` would. */
    readonly set: (
      actor: Actor.Actor,
      campaignId: string,
      input: Reward.SetReward
    ) => Effect.Effect<Reward.RewardView | null, Writes>
    readonly upload: (
      actor: Actor.Actor,
      campaignId: string,
      input: Coupon.UploadCoupons
    ) => Effect.Effect<Added, Writes>
    readonly generate: (
      actor: Actor.Actor,
      campaignId: string,
      input: Coupon.GenerateCoupons
    ) => Effect.Effect<Generated, Writes>
    /** Withdraws what codes have not given yet; how many codes it changed. */
    readonly withdraw: (
      actor: Actor.Actor,
      campaignId: string,
      input: Coupon.WithdrawCoupons
    ) => Effect.Effect<number, Reads | RewardsError>
    /** Gives a coupon by hand; the grant with its code in full. */
    readonly grant: (
      actor: Actor.Actor,
      campaignId: string,
      input: Grant.ManualGrant
    ) => Effect.Effect<Grant.GrantView, Writes>
    /** The campaign's grants, newest first, codes masked. */
    readonly grants: (
      actor: Actor.Actor,
      campaignId: string,
      page: Page
    ) => Effect.Effect<Paged<Grant.GrantView>, Reads>
  }
>()("@campaign-games/core/Rewards") {
  static readonly layer = Layer.effect(
    Rewards,
    Effect.gen(function* () {
      const store = yield* Store
      const { repo: campaigns, find: findCampaign, guarded, locked } = yield* CampaignSteps.make
      const rewards = yield* Reward.RewardRepo
      const coupons = yield* Coupon.CouponRepo
      const grantRepo = yield* Grant.GrantRepo
      const outbox = yield* EventOutbox
      const media = yield* FileRule.MediaLibrary
      const secrets = yield* Secrets

      /** The campaign's reward, or `NoReward`. */
      const rewardOf = (accountId: string, campaignId: string) =>
        Effect.flatMap(rewards.find(accountId, campaignId), (found) =>
          Option.isSome(found)
            ? Effect.succeed(found.value)
            : Effect.fail(new RewardsError({ reason: new NoReward({ campaignId }) }))
        )

      /** The prize asked for (default: the first), or `TierNotFound`. */
      const tierOf = (reward: Reward.Reward, tierId: string | undefined) => {
        const tier = tierId === undefined ? reward.tiers[0] : reward.tiers.find((t) => t.id === tierId)
        return tier === undefined
          ? Effect.fail(
              new RewardsError({ reason: new TierNotFound({ campaignId: reward.campaignId, tierId: tierId ?? "" }) })
            )
          : Effect.succeed(tier)
      }

      const viewOf = (reward: Reward.Reward) =>
        Effect.map(rewards.stock(reward.accountId, reward.campaignId), (stock) => Reward.view(reward, stock))

      const get = guarded("Rewards.get", "rewards.read", (campaign) =>
        Effect.flatMap(rewards.find(campaign.accountId, campaign.id), (found) =>
          Option.isNone(found) ? Effect.succeed(null) : viewOf(found.value)
        )
      )

      const set = Effect.fn("Rewards.set")(function* (actor: Actor.Actor, campaignId: string, input: Reward.SetReward) {
        yield* Actor.require(actor, "rewards.write")
        yield* Plan.requireFeature(Actor.features(actor), "rewards")
        const accountId = actor.account.id
        const newIds = yield* Effect.forEach(input?.tiers ?? [], () => Ids.make(Ids.Prefix.tier))
        return yield* locked(accountId, campaignId, (campaign, now) =>
          Effect.gen(function* () {
            yield* Effect.fromResult(Campaign.transition(campaign, { _tag: "Edit" }, now))
            const current = Option.getOrNull(yield* rewards.find(accountId, campaignId))
            const next = yield* Effect.fromResult(
              Reward.decide(input, {
                campaignId,
                accountId,
                game: Games.bySlug(campaign.gameSlug)!,
                config: campaign.config,
                current,
                stock: yield* rewards.stock(accountId, campaignId),
                newIds,
                now
              })
            )
            if (next?.page) {
              yield* FileRule.check(accountId, RewardPage.fileFields(next.page)).pipe(
                Effect.provideService(FileRule.MediaLibrary, media)
              )
            }
            if (next === null) yield* rewards.delete(accountId, campaignId)
            else yield* rewards.put(next)
            const grantOncePerParticipant = next?.grantOncePerParticipant ?? true
            const rewardValidForSeconds = next?.validForSeconds ?? null
            if (
              campaign.grantOncePerParticipant !== grantOncePerParticipant ||
              campaign.rewardValidForSeconds !== rewardValidForSeconds
            ) {
              yield* campaigns.update({ ...campaign, grantOncePerParticipant, rewardValidForSeconds, updatedAt: now })
            }
            return next === null ? null : yield* viewOf(next)
          })
        )
      })

      /**
       * A change to a prize's stored codes (an upload, a generation): needs `rewards.codes.manage` and
       * the Rewards feature, then runs `f` with the campaign's reward and the prize asked for, holding
       * the account's codes lock.
       */
      const withCodes = <A, E>(
        actor: Actor.Actor,
        campaignId: string,
        tierId: string | undefined,
        f: (reward: Reward.Reward, tier: Reward.Tier, now: DateTime.Utc) => Effect.Effect<A, E>
      ) =>
        Actor.require(actor, "rewards.codes.manage").pipe(
          Effect.andThen(Plan.requireFeature(Actor.features(actor), "rewards")),
          Effect.andThen(
            store.transaction(
              Effect.gen(function* () {
                yield* findCampaign(actor.account.id, campaignId)
                yield* store.lock(codesLock(actor.account.id))
                const reward = yield* rewardOf(actor.account.id, campaignId)
                const tier = yield* tierOf(reward, tierId)
                if (tier.codeStrategy === "generated") {
                  return yield* new RewardsError({ reason: new CodesNotStored({ tierId: tier.id }) })
                }
                return yield* f(reward, tier, yield* DateTime.now)
              })
            )
          )
        )

      /** A code added to the prize's stock (uploaded or generated), given to nobody yet. */
      const stockCode = (
        actor: Actor.Actor,
        campaignId: string,
        tier: Reward.Tier,
        now: DateTime.Utc,
        code: Pick<Coupon.Coupon, "code" | "ref" | "name" | "issueLimit">
      ) =>
        Effect.map(Ids.make(Ids.Prefix.coupon), (id): Coupon.Coupon => ({
          id,
          accountId: actor.account.id,
          campaignId,
          tierId: tier.id,
          code: code.code,
          ref: code.ref,
          name: code.name,
          issueLimit: code.issueLimit,
          issued: 0,
          stock: true,
          createdAt: now
        }))

      /** `PlanError` when `adding` more codes would pass the plan's stored coupon codes. */
      const checkStored = (actor: Actor.Actor, adding: number) =>
        Effect.flatMap(coupons.stored(actor.account.id), (stored) =>
          Plan.checkLimit(Actor.limits(actor), "storedCouponCodes", stored, adding)
        )

      const upload = Effect.fn("Rewards.upload")(function* (
        actor: Actor.Actor,
        campaignId: string,
        input: Coupon.UploadCoupons
      ) {
        return yield* withCodes(actor, campaignId, input.tierId, (reward, tier, now) =>
          Effect.gen(function* () {
            // The first of each code sent is the one offered; the repeats are duplicates.
            const firsts = new Map<string, Coupon.CouponInput>()
            for (const c of input.codes) if (!firsts.has(c.code)) firsts.set(c.code, c)
            const fresh = [...firsts.values()]
            yield* checkSharedOf(actor, reward, tier, fresh.length)
            const rows = yield* Effect.forEach(fresh, (c) =>
              stockCode(actor, campaignId, tier, now, {
                code: c.code,
                ref: c.ref ?? null,
                name: c.name ?? null,
                issueLimit: issueLimitOf(tier, c.issueLimit)
              })
            )
            const stored = yield* coupons.stored(actor.account.id)
            const added = (yield* coupons.add(rows)).length
            // Counted once added (duplicates take no room): over the limit, the transaction adds nothing.
            yield* Plan.checkLimit(Actor.limits(actor), "storedCouponCodes", stored, added)
            yield* audit("coupon codes added", actor, campaignId, {
              tierId: tier.id,
              added,
              duplicates: input.codes.length - added
            })
            return { added, duplicates: input.codes.length - added } satisfies Added
          })
        )
      })

      const generate = Effect.fn("Rewards.generate")(function* (
        actor: Actor.Actor,
        campaignId: string,
        input: Coupon.GenerateCoupons
      ) {
        const quantity = input.quantity ?? 1
        const prefix = input.prefix ?? ""
        return yield* withCodes(actor, campaignId, input.tierId, (reward, tier, now) =>
          Effect.gen(function* () {
            yield* checkSharedOf(actor, reward, tier, quantity)
            yield* checkStored(actor, quantity)
            const issueLimit = issueLimitOf(tier, input.issueLimit)
            const made: Array<string> = []
            for (let draw = 1; made.length < quantity; draw++) {
              if (draw > MAX_DRAWS) return yield* new StoreError({ message: "Generated codes kept colliding." })
              const codes = yield* Coupon.generate(prefix, quantity - made.length).pipe(
                Effect.provideService(Secrets, secrets)
              )
              const rows = yield* Effect.forEach(codes, (code) =>
                stockCode(actor, campaignId, tier, now, { code, ref: null, name: null, issueLimit })
              )
              made.push(...(yield* coupons.add(rows)))
            }
            yield* audit("coupon codes generated", actor, campaignId, {
              tierId: tier.id,
              generated: made.length,
              issueLimit
            })
            return { generated: made.length, codes: made } satisfies Generated
          })
        )
      })

      const withdraw = Effect.fn("Rewards.withdraw")(function* (
        actor: Actor.Actor,
        campaignId: string,
        input: Coupon.WithdrawCoupons
      ) {
        yield* Actor.require(actor, "rewards.codes.manage")
        return yield* store.transaction(
          Effect.gen(function* () {
            yield* findCampaign(actor.account.id, campaignId)
            const reward = yield* rewardOf(actor.account.id, campaignId)
            const tier = yield* tierOf(reward, input.tierId)
            const withdrawn = yield* coupons.withdraw(actor.account.id, campaignId, tier.id, input.codes)
            yield* audit("coupon codes withdrawn", actor, campaignId, { tierId: tier.id, withdrawn })
            return withdrawn
          })
        )
      })

      const grant = Effect.fn("Rewards.grant")(function* (
        actor: Actor.Actor,
        campaignId: string,
        input: Grant.ManualGrant
      ) {
        yield* Actor.require(actor, "rewards.grant")
        yield* Plan.requireFeature(Actor.features(actor), "rewards")
        return yield* store.transaction(
          Effect.gen(function* () {
            const campaign = yield* findCampaign(actor.account.id, campaignId)
            const reward = yield* rewardOf(actor.account.id, campaignId)
            const tier = yield* tierOf(reward, input.tierId)
            const target: Grant.For = {
              accountId: actor.account.id,
              campaignId,
              channelId: campaign.channelId,
              participantRef: input.participantRef,
              source: "manual"
            }
            const outcome = yield* writeGrant(target, reward, [tier], yield* DateTime.now).pipe(
              Effect.provideService(Grant.GrantRepo, grantRepo),
              Effect.provideService(EventOutbox, outbox),
              Effect.provideService(Secrets, secrets)
            )
            switch (outcome._tag) {
              case "AlreadyGranted":
                return yield* new RewardsError({
                  reason: new AlreadyGranted({ campaignId, participantRef: input.participantRef })
                })
              case "OutOfCodes":
                return yield* new RewardsError({ reason: new OutOfCodes({ tierId: tier.id }) })
              case "Granted":
                // The grant's id names the player: a participant reference is personal data, never logged.
                yield* audit("coupon granted by hand", actor, campaignId, {
                  grantId: outcome.plan.id,
                  tierId: outcome.given.tierId
                })
                // A grant shows its code masked to its last four characters, as the specification's
                // Reward grant does; the code itself reaches the player's systems through a webhook
                // endpoint with includeCouponCodes (rewards.codes.manage).
                return Grant.view(Grant.granted(outcome.plan, outcome.given), Coupon.mask(outcome.given.code))
            }
          })
        )
      })

      const grants = guarded("Rewards.grants", "rewards.read", (campaign, page: Page) =>
        Effect.map(grantRepo.list(campaign.accountId, campaign.id, page), (listed) => ({
          items: listed.items.map(Grant.listedView),
          total: listed.total
        }))
      )

      /** A shared prize takes one code, and only while it holds none that can be given (`OneSharedCode` otherwise). */
      const checkSharedOf = (actor: Actor.Actor, reward: Reward.Reward, tier: Reward.Tier, count: number) =>
        Effect.gen(function* () {
          if (tier.codeStrategy !== "shared") return
          if (count !== 1)
            return yield* new RewardsError({ reason: new OneSharedCode({ tierId: tier.id, because: "count" }) })
          const stock = (yield* rewards.stock(actor.account.id, reward.campaignId)).get(tier.id)
          if (stock !== undefined && Reward.holdsCodes(stock)) {
            return yield* new RewardsError({ reason: new OneSharedCode({ tierId: tier.id, because: "held" }) })
          }
        })

      return Rewards.of({ get, set, upload, generate, withdraw, grant, grants })
    })
  )
}
