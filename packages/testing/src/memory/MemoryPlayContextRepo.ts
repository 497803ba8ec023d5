/**
 * `PlayContextRepo` in memory: the reads a mint and a start decide with (a start's with the
 * campaign's reward), each scoped by account and
 * reading the same rows as the repositories they stand for (the channel's active campaigns in
 * `listActiveOnChannel`'s order, the month's plays as `UsageRepo.plays` counts them). An open start
 * (`isOpenStart`) is written with its read, through `SessionRepo.insertPlay`, in one memory
 * transaction; one that must be counted, by `PlayContext.startCounted` (as every store does).
 *
 * @since 0.1.0
 */
import { Account, Campaign, Channel, PlayContext, Session, Store } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { inAccount, newestFirst, ofAccount } from "../internal/Rows.ts"
import { MemoryDatabase, originKey, usageKey } from "../MemoryDatabase.ts"

/** `PlayContextRepo` over the tables of the database, starting plays through `SessionRepo`. */
export const layer: Layer.Layer<
  PlayContext.PlayContextRepo,
  never,
  MemoryDatabase | Session.SessionRepo | Store.Store
> = Layer.effect(
  PlayContext.PlayContextRepo,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    const { accounts, apiKeys, branding, channels, campaigns, allowedOriginKeys, usage, rewards } = database.tables
    const sessions = yield* Session.SessionRepo
    const counted = PlayContext.startCounted(yield* Store.Store, sessions)

    const found = <A extends { readonly accountId: string }>(accountId: string, row: A | undefined) =>
      Option.fromNullishOr(inAccount(accountId, row))
    const account = (accountId: string) => Option.map(Option.fromNullishOr(accounts.get(accountId)), Account.playView)

    return PlayContext.PlayContextRepo.of({
      forMint: ({ accountId, channelId, keyId, month, origin }) =>
        Effect.sync(() => {
          const key = keyId === null ? undefined : inAccount(accountId, apiKeys.get(keyId))
          return {
            account: account(accountId),
            keyActive: accounts.has(accountId) && (keyId === null || (key !== undefined && key.revokedAt === null)),
            channel: Option.map(found(accountId, channels.get(channelId)), (channel) => ({
              channel: Channel.playView(channel),
              originAllowed: allowedOriginKeys.has(originKey(accountId, origin)),
              activeCampaigns: ofAccount(
                campaigns.values(),
                accountId,
                (campaign) => campaign.channelId === channelId && campaign.status === "active"
              )
                .sort(newestFirst)
                .map(Campaign.mintView),
              monthPlays: usage.get(usageKey(accountId, month)) ?? 0
            }))
          }
        }),
      // The read and, for an open start, `startPlay`, in one memory transaction; a start that must
      // be counted, after it (`startCounted` runs its own transaction under the player's lock).
      start: (request) =>
        Effect.gen(function* () {
          const { session, month } = request
          const read = yield* database.transaction(
            Effect.gen(function* () {
              const { accountId } = session
              const campaign = found(accountId, campaigns.get(session.campaignId))
              const channel = found(accountId, channels.get(session.channelId))
              const open =
                Option.isSome(campaign) &&
                Option.isSome(channel) &&
                PlayContext.isOpenStart(campaign.value, channel.value)
              return {
                campaign: Option.map(campaign, Campaign.playView),
                channel: Option.map(channel, Channel.playView),
                account: account(accountId),
                branding: Option.fromNullishOr(branding.get(accountId)),
                reward: Option.flatMap(campaign, (c) => Option.fromNullishOr(rewards.get(c.id))),
                started: open
                  ? yield* sessions.startPlay(session, month, PlayContext.playsPerMonthOf(account(accountId)))
                  : undefined
              }
            })
          )
          const { campaign, channel, started, ...rest } = read
          const playsPerMonth = PlayContext.playsPerMonthOf(rest.account)
          const result: PlayContext.StartResult =
            started !== undefined
              ? PlayContext.startResultOf(started, session, playsPerMonth)
              : Option.isSome(campaign) &&
                  Option.isSome(channel) &&
                  PlayContext.mustCount(campaign.value, channel.value)
                ? yield* counted(request, campaign.value, channel.value, playsPerMonth)
                : { _tag: "NotStarted" }
          return { ...rest, campaign, channel, result }
        })
    })
  })
)
