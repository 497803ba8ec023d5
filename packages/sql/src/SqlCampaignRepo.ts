/**
 * `CampaignRepo` over effect/sql, on the `campaigns` table: one statement per operation (a list
 * whose page is empty past the first one costs a second, to count), each scoped by account. The
 * game's config, the prize, the theme and the winner-selection settings are `jsonb` documents; the
 * settings' window times are ISO 8601 strings in it (or null). A played campaign cannot be deleted:
 * its sessions' key to it refuses; deleting one never played deletes its draws' secret and runs
 * (their keys cascade). `seed_commitment` is the published commitment of its draws' seeds.
 *
 * @since 0.1.0
 */
import { Campaign, type Pagination } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as AccountTable from "./internal/AccountTable.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json, jsonOrNull, time, timeOrNull } from "./internal/Values.ts"

const campaign = Table.read(Tables.campaigns)

/** The winner-selection settings as stored: window times as ISO 8601 strings or null. */
const selectionConfig = (config: Campaign.Campaign["winnerSelectionConfig"]): string =>
  json({
    maxWinners: config.maxWinners,
    tieBreak: config.tieBreak,
    windowStart: timeOrNull(config.windowStart),
    windowEnd: timeOrNull(config.windowEnd)
  })

/** `CampaignRepo` over a migrated database. */
export const layer: Layer.Layer<Campaign.CampaignRepo, never, SqlClient.SqlClient> = Repository.layer(
  Campaign.CampaignRepo,
  (sql) => {
    const byAccount = AccountTable.make(sql, "campaigns", campaign)

    const matching = (accountId: string, filter: Campaign.ListFilter) =>
      byAccount.where(accountId, [
        ...AccountTable.ifGiven(filter.channelId, (channelId) => sql`channel_id = ${channelId}`),
        ...AccountTable.ifGiven(filter.status, (status) => sql`status = ${status}`)
      ])

    /** The account's active campaigns matching `and`, newest first. */
    const active = (accountId: string, and: Statement.Fragment) =>
      Effect.flatMap(
        sql`SELECT ${campaign.select} FROM campaigns
        WHERE account_id = ${accountId} AND status = 'active'${and}
        ORDER BY created_at DESC, id DESC`.values,
        campaign.decode
      )

    return {
      insert: Effect.fnUntraced(function* (c: Campaign.Campaign) {
        yield* sql`INSERT INTO campaigns
        (id, account_id, channel_id, game_slug, name, status, config, prize, theme,
          grant_once_per_participant, reward_valid_for_seconds, winner_selection_trigger,
          winner_selection_algorithm, winner_selection_config, schedule_at, seed_commitment, resolved_option_id,
          resolved_at,
          max_plays_per_participant, max_plays_per_participant_per_day, play_limit_timezone,
          live_from, live_until, activated_at, created_at, updated_at)
        VALUES (${c.id}, ${c.accountId}, ${c.channelId}, ${c.gameSlug}, ${c.name}, ${c.status},
          ${json(c.config)}, ${jsonOrNull(c.prize)}, ${jsonOrNull(c.theme)},
          ${c.grantOncePerParticipant}, ${c.rewardValidForSeconds}, ${c.winnerSelectionTrigger},
          ${c.winnerSelectionAlgorithm}, ${selectionConfig(c.winnerSelectionConfig)},
          ${timeOrNull(c.scheduleAt)}, ${c.seedCommitment}, ${c.resolvedOptionId}, ${timeOrNull(c.resolvedAt)},
          ${c.maxPlaysPerParticipant}, ${c.maxPlaysPerParticipantPerDay}, ${c.playLimitTimezone},
          ${timeOrNull(c.liveFrom)}, ${timeOrNull(c.liveUntil)}, ${timeOrNull(c.activatedAt)},
          ${time(c.createdAt)}, ${time(c.updatedAt)})`
      }),
      update: Effect.fnUntraced(function* (c: Campaign.Campaign) {
        yield* sql`UPDATE campaigns SET channel_id = ${c.channelId}, game_slug = ${c.gameSlug}, name = ${c.name},
          status = ${c.status}, config = ${json(c.config)}, prize = ${jsonOrNull(c.prize)},
          theme = ${jsonOrNull(c.theme)}, grant_once_per_participant = ${c.grantOncePerParticipant},
          reward_valid_for_seconds = ${c.rewardValidForSeconds},
          winner_selection_trigger = ${c.winnerSelectionTrigger},
          winner_selection_algorithm = ${c.winnerSelectionAlgorithm},
          winner_selection_config = ${selectionConfig(c.winnerSelectionConfig)},
          schedule_at = ${timeOrNull(c.scheduleAt)}, seed_commitment = ${c.seedCommitment},
          resolved_option_id = ${c.resolvedOptionId},
          resolved_at = ${timeOrNull(c.resolvedAt)}, max_plays_per_participant = ${c.maxPlaysPerParticipant},
          max_plays_per_participant_per_day = ${c.maxPlaysPerParticipantPerDay},
          play_limit_timezone = ${c.playLimitTimezone}, live_from = ${timeOrNull(c.liveFrom)},
          live_until = ${timeOrNull(c.liveUntil)}, activated_at = ${timeOrNull(c.activatedAt)},
          updated_at = ${time(c.updatedAt)}
        WHERE account_id = ${c.accountId} AND id = ${c.id}`
      }),
      findById: byAccount.findById,
      list: (accountId: string, filter: Campaign.ListFilter, page: Pagination.Page) =>
        byAccount.page(matching(accountId, filter), "created_at DESC, id DESC", page),
      listActive: (accountId: string) => active(accountId, sql``),
      listActiveOnChannel: (accountId: string, channelId: string) =>
        active(accountId, sql` AND channel_id = ${channelId}`),
      countOnChannel: (accountId: string, channelId: string) => byAccount.count(matching(accountId, { channelId })),
      delete: byAccount.deleteById
    }
  }
)
