/**
 * Channel use cases: create (plan limit on the number of channels, held under concurrency by the
 * account lock), list, get, change, and delete.
 *
 * Deleting a channel is refused (`CampaignsError`, `ChannelHasCampaigns`) while any campaign exists on it: played campaigns keep their
 * channel for good, so a channel that is no longer wanted is disabled (`status: disabled`) instead.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as Campaign from "./Campaign.ts"
import * as Channel from "./Channel.ts"
import * as FileRule from "./FileRule.ts"
import {
  type InvalidFields,
  type MissingPermission,
  type ResourceNotFound,
  type StoreError,
  orNotFound
} from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import { CampaignsError, ChannelHasCampaigns } from "./CampaignErrors.ts"
import * as Ids from "../Ids.ts"
import type { Page, Paged } from "../Pagination.ts"
import { LockKey, Store, withLock } from "../Store.ts"

export class Channels extends Context.Service<
  Channels,
  {
    readonly create: Actor.Create<Channel.Channel, Channel.CreateChannel, InvalidFields | PlanError>
    readonly list: (
      actor: Actor.Actor,
      page: Page
    ) => Effect.Effect<Paged<Channel.Channel>, MissingPermission | StoreError>
    readonly get: (
      actor: Actor.Actor,
      id: string
    ) => Effect.Effect<Channel.Channel, MissingPermission | ResourceNotFound | StoreError>
    readonly update: Actor.Update<Channel.Channel, Channel.UpdateChannel, InvalidFields>
    readonly delete: Actor.Delete<CampaignsError>
  }
>()("@campaign-games/core/Channels") {
  static readonly layer = Layer.effect(
    Channels,
    Effect.gen(function* () {
      const store = yield* Store
      const channels = yield* Channel.ChannelRepo
      const campaigns = yield* Campaign.CampaignRepo
      // The engine's media library (`Engine.layer` provides it); composed by hand without one, file
      // addresses are judged by their extension (`MediaLibrary.layerNone`).
      const media = Option.getOrElse(
        yield* Effect.serviceOption(FileRule.MediaLibrary),
        (): FileRule.MediaLibrary["Service"] => ({ lookup: () => Effect.succeedNone })
      )
      const find = (accountId: string, id: string) => channels.findById(accountId, id).pipe(orNotFound("channel", id))
      /** The between-campaigns image judged by the file rule (`InvalidFields` naming the field). */
      const checkFiles = (channel: Channel.Channel) =>
        FileRule.check(channel.accountId, Channel.fileFields(channel.betweenCampaigns)).pipe(
          Effect.provideService(FileRule.MediaLibrary, media)
        )

      const create = Effect.fn("Channels.create")(function* (actor: Actor.Actor, input: Channel.CreateChannel) {
        yield* Actor.require(actor, "channels.manage")
        const channel = Channel.make(
          input,
          { id: yield* Ids.make(Ids.Prefix.channel), accountId: actor.account.id },
          yield* DateTime.now
        )
        yield* checkFiles(channel)
        yield* Actor.insertWithinLimit(store, actor, "channels", channels.count, channels.insert(channel))
        return channel
      })

      const list = Actor.guarded("Channels.list", "campaigns.read", channels.list)

      const get = Actor.guarded("Channels.get", "campaigns.read", find)

      const update = Effect.fn("Channels.update")(function* (
        actor: Actor.Actor,
        id: string,
        patch: Channel.UpdateChannel
      ) {
        yield* Actor.require(actor, "channels.manage")
        return yield* withLock(
          store,
          LockKey.channel(id),
          Effect.gen(function* () {
            const next = Channel.update(yield* find(actor.account.id, id), patch, yield* DateTime.now)
            if (patch.betweenCampaigns !== undefined) yield* checkFiles(next)
            yield* channels.update(next)
            return next
          })
        )
      })

      const remove = Effect.fn("Channels.delete")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "channels.manage")
        yield* withLock(
          store,
          LockKey.channel(id),
          Effect.gen(function* () {
            yield* find(actor.account.id, id)
            const count = yield* campaigns.countOnChannel(actor.account.id, id)
            if (count > 0)
              return yield* new CampaignsError({ reason: new ChannelHasCampaigns({ channelId: id, campaigns: count }) })
            yield* channels.delete(actor.account.id, id)
          })
        )
      })

      return Channels.of({ create, list, get, update, delete: remove })
    })
  )
}
