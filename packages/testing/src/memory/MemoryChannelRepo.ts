/**
 * `ChannelRepo` in memory: ids are unique, a channel needs its account, and a channel with
 * campaigns cannot be deleted (a breach fails with `StoreError`, as the foreign keys do in SQL);
 * every query is scoped by account; channels are listed newest first (then by id, descending); an
 * update keeps the stored `createdAt`.
 *
 * @since 0.1.0
 */
import { Channel } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import {
  accountRows,
  conflict,
  insertNew,
  newestFirst,
  ofAccount,
  paginate,
  updateInAccount
} from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `ChannelRepo` over the channels table (and the campaigns that refer to a channel). */
export const layer: Layer.Layer<Channel.ChannelRepo, never, MemoryDatabase> = repository(
  Channel.ChannelRepo,
  ({ accounts, channels, campaigns }) => {
    const hasCampaigns = (channelId: string): boolean => {
      for (const campaign of campaigns.values()) if (campaign.channelId === channelId) return true
      return false
    }
    const { find, findById } = accountRows(channels)

    return Channel.ChannelRepo.of({
      insert: Effect.fnUntraced(function* (channel) {
        if (!accounts.has(channel.accountId)) {
          return yield* conflict(`No account ${channel.accountId} for channel ${channel.id}.`)
        }
        yield* insertNew(channels, channel.id, channel, "A channel")
      }),
      update: (channel) => updateInAccount(channels, channel),
      findById,
      list: (accountId, page) =>
        Effect.sync(() => paginate(ofAccount(channels.values(), accountId).sort(newestFirst), page)),
      count: (accountId) => Effect.sync(() => ofAccount(channels.values(), accountId).length),
      delete: (accountId, id) =>
        Effect.suspend(() => {
          if (find(accountId, id) === undefined) return Effect.succeed(false)
          if (hasCampaigns(id)) return conflict(`The channel ${id} has campaigns.`)
          return channels.delete(id)
        })
    })
  }
)
