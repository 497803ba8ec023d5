/**
 * `RewardRepo` over effect/sql, on the `rewards` table (and the counts of `reward_coupons` and
 * `reward_grants`): one statement per operation, each scoped by account. `put` is an upsert on the
 * campaign's key; `stock` counts a campaign's codes and grants per prize in one statement (two
 * grouped scans joined), for the reward's answer and the rules of a PUT.
 *
 * @since 0.1.0
 */
import { Reward } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import { json, jsonOrNull, time } from "./internal/Values.ts"
import * as SqlRewardTables from "./SqlRewardTables.ts"

const reward = Table.read(SqlRewardTables.rewards)

/** `RewardRepo` over a migrated database. */
export const layer: Layer.Layer<Reward.RewardRepo, never, SqlClient.SqlClient> = Repository.layer(
  Reward.RewardRepo,
  (sql) => ({
    find: (accountId: string, campaignId: string) =>
      Effect.flatMap(
        sql`SELECT ${reward.select} FROM rewards WHERE account_id = ${accountId} AND campaign_id = ${campaignId}`
          .values,
        reward.first
      ),
    listByAccount: (accountId: string) =>
      Effect.flatMap(
        sql`SELECT ${reward.select} FROM rewards WHERE account_id = ${accountId} ORDER BY campaign_id`.values,
        reward.decode
      ),
    put: (r: Reward.Reward) =>
      Effect.asVoid(sql`INSERT INTO rewards (campaign_id, account_id, revision, tiers, grant_once_per_participant,
      valid_for_seconds, page, created_at, updated_at)
    VALUES (${r.campaignId}, ${r.accountId}, ${r.revision}, ${json(r.tiers)}::jsonb, ${r.grantOncePerParticipant},
      ${r.validForSeconds}, ${jsonOrNull(r.page)}::jsonb, ${time(r.createdAt)}, ${time(r.updatedAt)})
    ON CONFLICT (campaign_id) DO UPDATE SET revision = EXCLUDED.revision, tiers = EXCLUDED.tiers,
      grant_once_per_participant = EXCLUDED.grant_once_per_participant, valid_for_seconds = EXCLUDED.valid_for_seconds,
      page = EXCLUDED.page, updated_at = EXCLUDED.updated_at
    WHERE rewards.account_id = EXCLUDED.account_id`),
    delete: (accountId: string, campaignId: string) =>
      Effect.map(
        sql`DELETE FROM rewards WHERE account_id = ${accountId} AND campaign_id = ${campaignId} RETURNING campaign_id`,
        (rows) => rows.length > 0
      ),
    stock: (accountId: string, campaignId: string) =>
      Effect.map(
        sql`SELECT coalesce(c.tier_id, g.tier_id), coalesce(c.coupons, 0), c.remaining, coalesce(c.unlimited, false),
        coalesce(g.granted, 0)
      FROM (
        SELECT tier_id, count(*)::float8 AS coupons, coalesce(sum(issue_limit - issued), 0)::float8 AS remaining,
          bool_or(issue_limit IS NULL) AS unlimited
        FROM reward_coupons WHERE account_id = ${accountId} AND campaign_id = ${campaignId} GROUP BY tier_id
      ) c
      FULL JOIN (
        SELECT tier_id, count(*)::float8 AS granted
        FROM reward_grants WHERE account_id = ${accountId} AND campaign_id = ${campaignId} GROUP BY tier_id
      ) g ON g.tier_id = c.tier_id`.values,
        (rows) =>
          new Map(
            rows.map((row): [string, Reward.Stock] => [
              row[0] as string,
              {
                coupons: Number(row[1]),
                remaining: row[3] === true ? null : Number(row[2] ?? 0),
                granted: Number(row[4])
              }
            ])
          )
      )
  })
)
