/**
 * Campaign use cases: create, read, list, change and delete campaigns, and move them through their
 * lifecycle (`Campaign` holds the pure rules; this service gathers their inputs under the right
 * locks and persists the result). Activation and every change to an active campaign take the
 * channel's lock, so two activations racing on one channel leave exactly one live; activation also
 * takes the account's lock for the live-campaign limit (account before channel, always).
 *
 * A new campaign gets the secret of its automatic draws' seeds (`DrawRepo`, never shown) and
 * publishes its commitment at once (`seedCommitment`, `draws/SeedChain`), in the transaction that
 * stores it: the seeds of its scheduled draw and winning moments are fixed before any entry. A
 * campaign made before draws existed gets them when it is next changed.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as Campaign from "./Campaign.ts"
import * as Channel from "./Channel.ts"
import * as CampaignSteps from "./internal/CampaignSteps.ts"
import * as DrawRun from "../draws/DrawRun.ts"
import * as SeedChain from "../draws/SeedChain.ts"
import * as Entry from "../play/Entry.ts"
import * as Session from "../play/Session.ts"
import type { InvalidFields, MissingPermission, ResourceNotFound, StoreError } from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import type { GameError } from "../games/GameErrors.ts"
import { CampaignPlayed, CampaignsError } from "./CampaignErrors.ts"
import * as FileRule from "./FileRule.ts"
import type * as Game from "../games/Game.ts"
import * as Games from "../games/Games.ts"
import * as Prediction from "../games/Prediction.ts"
import * as Ids from "../Ids.ts"
import * as Plan from "../accounts/Plan.ts"
import { Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"
import * as Theme from "./Theme.ts"
import { invalid } from "../Validation.ts"

type EditErrors = MissingPermission | ResourceNotFound | CampaignsError | InvalidFields | StoreError
type Errors = EditErrors | GameError | PlanError

export class Campaigns extends Context.Service<
  Campaigns,
  Actor.Reads<Campaign.Campaign, Campaign.ListFilter> & {
    readonly games: (actor: Actor.Actor) => Effect.Effect<ReadonlyArray<Games.CatalogueEntry>, MissingPermission>
    readonly create: Actor.Create<Campaign.Campaign, Campaign.CreateCampaign, InvalidFields | PlanError>
    readonly update: Actor.Update<
      Campaign.Campaign,
      Campaign.UpdateCampaign,
      CampaignsError | InvalidFields | GameError | PlanError
    >
    readonly delete: Actor.Delete<CampaignsError>
    readonly activate: (
      actor: Actor.Actor,
      id: string,
      input: Campaign.ActivateCampaign
    ) => Effect.Effect<Campaign.Campaign, Errors>
    readonly pause: (actor: Actor.Actor, id: string) => Effect.Effect<Campaign.Campaign, EditErrors>
    readonly archive: (actor: Actor.Actor, id: string) => Effect.Effect<Campaign.Campaign, EditErrors>
    readonly restore: (actor: Actor.Actor, id: string) => Effect.Effect<Campaign.Campaign, EditErrors>
    readonly resolve: (
      actor: Actor.Actor,
      id: string,
      input: Campaign.ResolveCampaign
    ) => Effect.Effect<Campaign.Campaign, EditErrors>
    /** The campaign live on a channel at `now` (the token mint's choice); no permission check. */
    readonly liveOn: (
      accountId: string,
      channelId: string,
      now: DateTime.Utc
    ) => Effect.Effect<Option.Option<Campaign.Campaign>, StoreError>
  }
>()("@campaign-games/core/Campaigns") {
  static readonly layer = Layer.effect(
    Campaigns,
    Effect.gen(function* () {
      const store = yield* Store
      const { repo, find, locked } = yield* CampaignSteps.make
      const channels = yield* Channel.ChannelRepo
      const media = yield* FileRule.MediaLibrary
      const sessions = yield* Session.SessionRepo
      const entries = yield* Entry.EntryRepo
      const draws = yield* DrawRun.DrawRepo
      const secrets = yield* Secrets
      const gameOf = (campaign: Campaign.Campaign): Game.Game => Games.bySlug(campaign.gameSlug)!

      /**
       * The campaign with the commitment of a fresh seed secret published, and the write of that
       * secret (after the campaign's own, in the same transaction); nothing for a campaign that has one.
       */
      const commit = Effect.fnUntraced(function* (campaign: Campaign.Campaign) {
        if (campaign.seedCommitment !== null) return { campaign, storeSecret: Effect.void }
        const secret = yield* secrets.randomToken(32)
        return {
          campaign: { ...campaign, seedCommitment: SeedChain.commitment(secret) },
          storeSecret: draws.insertSecret({
            accountId: campaign.accountId,
            campaignId: campaign.id,
            secret,
            createdAt: campaign.updatedAt
          })
        }
      })

      /**
       * The file rule over the campaign's config and theme, or only those of them an edit sends
       * (`sent`): a file deleted from the library since stops showing, and an edit that leaves the
       * config and theme as they are (a new name) is not refused for it.
       */
      const checkFiles = (
        campaign: Campaign.Campaign,
        game: Game.Game,
        sent: { readonly config: boolean; readonly theme: boolean } = { config: true, theme: true }
      ) =>
        FileRule.check(campaign.accountId, [
          ...(sent.config ? game.fileFields(campaign.config) : []),
          ...(sent.theme && campaign.theme !== null ? Theme.fileFields(campaign.theme) : [])
        ]).pipe(Effect.provideService(FileRule.MediaLibrary, media))

      const checkSettings = (
        campaign: Campaign.Campaign,
        game: Game.Game,
        sent?: { readonly config: boolean; readonly theme: boolean }
      ) => {
        const details = Campaign.check(campaign, game)
        return details.length > 0 ? Effect.fail(invalid(details)) : checkFiles(campaign, game, sent)
      }

      const games = Effect.fn("Campaigns.games")(function* (actor: Actor.Actor) {
        yield* Actor.require(actor, "campaigns.read")
        return Games.catalogue()
      })

      const create = Effect.fn("Campaigns.create")(function* (actor: Actor.Actor, input: Campaign.CreateCampaign) {
        yield* Actor.require(actor, "campaigns.write")
        if (input.liveFrom !== undefined || input.liveUntil !== undefined)
          yield* Actor.require(actor, "channels.manage")
        const game = Games.bySlug(input.gameSlug)
        if (game === undefined) {
          return yield* invalid([{ path: "gameSlug", message: `no game ${input.gameSlug}; see GET /v1/games` }])
        }
        yield* Plan.requireGame(Actor.features(actor), game.slug)
        const channel = yield* channels.findById(actor.account.id, input.channelId)
        if (Option.isNone(channel)) {
          return yield* invalid([{ path: "channelId", message: `no channel ${input.channelId} in the account` }])
        }
        const campaign = Campaign.make(
          input,
          game,
          { id: yield* Ids.make(Ids.Prefix.campaign), accountId: actor.account.id },
          yield* DateTime.now
        )
        yield* checkSettings(campaign, game)
        const committed = yield* commit(campaign)
        yield* store.transaction(Effect.andThen(repo.insert(committed.campaign), committed.storeSecret))
        return committed.campaign
      })

      const get = Actor.guarded("Campaigns.get", "campaigns.read", find)

      const list = Actor.guarded("Campaigns.list", "campaigns.read", repo.list)

      const update = Effect.fn("Campaigns.update")(function* (
        actor: Actor.Actor,
        id: string,
        patch: Campaign.UpdateCampaign
      ) {
        yield* Actor.require(actor, "campaigns.write")
        if (patch.config !== undefined) yield* Actor.require(actor, "config.write")
        const movesWindow = patch.liveFrom !== undefined || patch.liveUntil !== undefined
        if (movesWindow) yield* Actor.require(actor, "channels.manage")
        return yield* locked(
          actor.account.id,
          id,
          (current, now) =>
            Effect.gen(function* () {
              yield* Effect.fromResult(Campaign.transition(current, { _tag: "Edit" }, now))
              const edited = Campaign.apply(current, patch, now)
              const game = gameOf(edited)
              yield* checkSettings(edited, game, {
                config: patch.config !== undefined,
                theme: patch.theme !== undefined
              })
              if (edited.status === "active") {
                const others = yield* repo.listActiveOnChannel(actor.account.id, edited.channelId)
                yield* Effect.fromResult(Campaign.checkEdit(edited, { game, others, now }))
                // An active campaign whose window had ended, given a later end: it goes live again,
                // so it passes what an activation checks (the plan's game and live campaigns).
                if (!Campaign.countsAsLive(current, now) && Campaign.countsAsLive(edited, now)) {
                  yield* Plan.requireGame(Actor.features(actor), game.slug)
                  yield* checkLiveLimit(actor, edited.id, now)
                }
              }
              const { campaign: next, storeSecret } = yield* commit(edited)
              yield* repo.update(next)
              yield* storeSecret
              return next
            }),
          // The live-campaign count is the account's: read under its lock when the window moves.
          { accountLock: movesWindow }
        )
      })

      /** `PlanError` when the account's other campaigns live at `now` already fill its plan's limit. */
      const checkLiveLimit = Effect.fnUntraced(function* (actor: Actor.Actor, campaignId: string, now: DateTime.Utc) {
        const live = (yield* repo.listActive(actor.account.id)).filter(
          (c) => c.id !== campaignId && Campaign.countsAsLive(c, now)
        ).length
        yield* Plan.checkLimit(Actor.limits(actor), "liveCampaigns", live)
      })

      const remove = Effect.fn("Campaigns.delete")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "campaigns.delete")
        yield* locked(actor.account.id, id, (campaign) =>
          Effect.gen(function* () {
            if (yield* sessions.anyForCampaign(actor.account.id, campaign.id)) {
              return yield* new CampaignsError({ reason: new CampaignPlayed({ campaignId: campaign.id }) })
            }
            yield* repo.delete(actor.account.id, campaign.id)
          })
        )
      })

      const activate = Effect.fn("Campaigns.activate")(function* (
        actor: Actor.Actor,
        id: string,
        input: Campaign.ActivateCampaign
      ) {
        yield* Actor.require(actor, "campaigns.activate")
        if (input.handoverAt !== undefined) yield* Actor.require(actor, "channels.manage")
        return yield* locked(
          actor.account.id,
          id,
          (current, now) =>
            Effect.gen(function* () {
              const game = gameOf(current)
              // The game is a plan feature: one taken out of the plan since the campaign was made
              // does not go live again (`PlanError`), though the campaign stays readable and editable.
              yield* Plan.requireGame(Actor.features(actor), game.slug)
              const others = (yield* repo.listActiveOnChannel(actor.account.id, current.channelId)).filter(
                (o) => o.id !== current.id
              )
              const { campaign, ended } = yield* Effect.fromResult(
                Campaign.activate(current, { game, others, handoverAt: input.handoverAt, now })
              )
              if (ended === undefined) {
                yield* checkLiveLimit(actor, campaign.id, now)
              } else {
                yield* repo.update(ended)
              }
              yield* repo.update(campaign)
              return campaign
            }),
          { accountLock: true }
        )
      })

      const simple = (name: string, command: Campaign.Command) =>
        Effect.fn(name)(function* (actor: Actor.Actor, id: string) {
          yield* Actor.require(actor, "campaigns.activate")
          return yield* locked(actor.account.id, id, (current, now) =>
            Effect.gen(function* () {
              const next = yield* Effect.fromResult(Campaign.transition(current, command, now))
              yield* repo.update(next)
              return next
            })
          )
        })

      const resolve = Effect.fn("Campaigns.resolve")(function* (
        actor: Actor.Actor,
        id: string,
        input: Campaign.ResolveCampaign
      ) {
        yield* Actor.require(actor, "campaigns.resolve")
        return yield* locked(actor.account.id, id, (current, now) =>
          Effect.gen(function* () {
            const optionIds = current.gameSlug === Prediction.slug ? Prediction.optionIds(current.config) : []
            const next = yield* Effect.fromResult(
              Campaign.transition(current, { _tag: "Resolve", optionId: input.optionId, optionIds }, now)
            )
            if (next !== current) {
              yield* repo.update(next)
              yield* entries.resolvePredictions(actor.account.id, next.id, input.optionId)
            }
            return next
          })
        )
      })

      const liveOn = (accountId: string, channelId: string, now: DateTime.Utc) =>
        repo
          .listActiveOnChannel(accountId, channelId)
          .pipe(Effect.map((campaigns) => Option.fromNullishOr(Campaign.liveAt(campaigns, now))))

      return Campaigns.of({
        games,
        create,
        get,
        list,
        update,
        delete: remove,
        activate,
        pause: simple("Campaigns.pause", { _tag: "Pause" }),
        archive: simple("Campaigns.archive", { _tag: "Archive" }),
        restore: simple("Campaigns.restore", { _tag: "Restore" }),
        resolve,
        liveOn
      })
    })
  )
}
