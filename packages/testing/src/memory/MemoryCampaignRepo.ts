/**
 * `CampaignRepo` in memory: ids are unique, a campaign needs its account and a channel of that
 * account (on insert and on update), and a played campaign (one a session or an entry refers to)
 * cannot be deleted: a breach fails with `StoreError`, as the foreign keys do in SQL; deleting one
 * never played deletes its draws' secret and runs, as their keys cascade. Every query is
 * scoped by account; campaigns are listed newest first (then by id, descending); an update keeps
 * the stored account and `createdAt`.
 *
 * @since 0.1.0
 */
import { Campaign } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import {
  accountRows,
  conflict,
  inAccount,
  insertNew,
  keeps,
  newestFirst,
  ofAccount,
  paginate
} from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `CampaignRepo` over the campaigns table (and the rows that refer to a campaign). */
export const layer: Layer.Layer<Campaign.CampaignRepo, never, MemoryDatabase> = repository(
  Campaign.CampaignRepo,
  ({ accounts, channels, campaigns, sessions, entries, drawSecrets, drawRuns }) => {
    /** Whether a session or an entry refers to the campaign (their campaign key). */
    const isPlayed = (campaignId: string): boolean => {
      for (const session of sessions.values()) if (session.campaignId === campaignId) return true
      for (const entry of entries.values()) if (entry.campaignId === campaignId) return true
      return false
    }

    /** The account's campaigns that pass `keep`, newest first. */
    const listed = (accountId: string, keep: (campaign: Campaign.Campaign) => boolean) =>
      ofAccount(campaigns.values(), accountId, keep).sort(newestFirst)

    const matches = (filter: Campaign.ListFilter) => (campaign: Campaign.Campaign) =>
      keeps(filter.channelId, campaign.channelId) && keeps(filter.status, campaign.status)

    const { find, findById } = accountRows(campaigns)

    /** Whether the channel exists in the account (the campaign's channel key). */
    const hasChannel = (accountId: string, channelId: string): boolean =>
      inAccount(accountId, channels.get(channelId)) !== undefined

    return Campaign.CampaignRepo.of({
      insert: Effect.fnUntraced(function* (campaign) {
        if (!accounts.has(campaign.accountId)) {
          return yield* conflict(`No account ${campaign.accountId} for campaign ${campaign.id}.`)
        }
        if (!hasChannel(campaign.accountId, campaign.channelId)) {
          return yield* conflict(`No channel ${campaign.channelId} in account ${campaign.accountId}.`)
        }
        yield* insertNew(campaigns, campaign.id, campaign, "A campaign")
      }),
      update: Effect.fnUntraced(function* (campaign) {
        const stored = find(campaign.accountId, campaign.id)
        if (stored === undefined) return
        if (!hasChannel(stored.accountId, campaign.channelId)) {
          return yield* conflict(`No channel ${campaign.channelId} in account ${stored.accountId}.`)
        }
        yield* campaigns.set(campaign.id, { ...campaign, accountId: stored.accountId, createdAt: stored.createdAt })
      }),
      findById,
      list: (accountId, filter, page) => Effect.sync(() => paginate(listed(accountId, matches(filter)), page)),
      listActive: (accountId) => Effect.sync(() => listed(accountId, (c) => c.status === "active")),
      listActiveOnChannel: (accountId, channelId) =>
        Effect.sync(() => listed(accountId, (c) => c.channelId === channelId && c.status === "active")),
      countOnChannel: (accountId, channelId) =>
        Effect.sync(() => listed(accountId, (c) => c.channelId === channelId).length),
      delete: (accountId, id) =>
        Effect.suspend(() => {
          if (find(accountId, id) === undefined) return Effect.succeed(false)
          if (isPlayed(id)) return conflict(`The campaign ${id} has sessions or entries.`)
          return Effect.gen(function* () {
            // Its draws' secret and runs go with it, as their keys cascade in SQL.
            yield* drawSecrets.delete(id)
            for (const run of Array.from(drawRuns.values())) {
              if (run.campaignId === id) yield* drawRuns.delete(run.id)
            }
            return yield* campaigns.delete(id)
          })
        })
    })
  }
)
