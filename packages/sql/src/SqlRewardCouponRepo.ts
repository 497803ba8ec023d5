/**
 * `CouponRepo` over effect/sql, on `reward_coupons`, each operation scoped by account.
 *
 * - `add` is one `INSERT … SELECT FROM unnest(…) ON CONFLICT (campaign_id, code) DO NOTHING
 *   RETURNING code`: the codes go as array parameters, so the statement's text is the same for one
 *   code or a thousand (one prepared statement), and the unique key decides which are new.
 * - `stored` counts on the partial index of the codes in stock that can still be given.
 * - `withdraw` deletes the codes never given, then, in a second statement (a fresh snapshot: a code
 *   given meanwhile is seen given), closes the others (`issue_limit = issued`); both wait for a code
 *   a grant holds, and re-check it once the grant is done.
 *
 * @since 0.1.0
 */
import { Coupon } from "@campaign-games/core"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Effect, Layer, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import { time } from "./internal/Values.ts"

/** A list of texts (or nulls) as one `text[]` parameter. */
const textArray = (values: ReadonlyArray<string | null>) => Result.getOrThrow(PgTypes.array(values, PgTypes.OID.text))

/** A list of integers (or nulls) as one `int4[]` parameter. */
const intArray = (values: ReadonlyArray<number | null>) => Result.getOrThrow(PgTypes.array(values, PgTypes.OID.int4))

/** `CouponRepo` over a migrated database. */
export const layer: Layer.Layer<Coupon.CouponRepo, never, SqlClient.SqlClient> = Repository.layer(
  Coupon.CouponRepo,
  (sql) => {
    /** The codes of a prize a withdrawal takes: all of them, or those named. */
    const named = (codes: ReadonlyArray<string> | undefined) =>
      codes === undefined ? sql`` : sql` AND code = ANY (${textArray(codes)}::text[])`
    return {
      add: (coupons: ReadonlyArray<Coupon.Coupon>) =>
        coupons.length === 0
          ? Effect.succeed([])
          : Effect.map(
              sql`INSERT INTO reward_coupons (id, account_id, campaign_id, tier_id, code, ref, name, issue_limit, issued,
              stock, created_at)
            SELECT c.id, c.account_id, c.campaign_id, c.tier_id, c.code, c.ref, c.name, c.issue_limit, c.issued,
              c.stock::boolean, c.created_at::timestamptz
            FROM unnest(${textArray(coupons.map((c) => c.id))}::text[], ${textArray(coupons.map((c) => c.accountId))}::text[],
              ${textArray(coupons.map((c) => c.campaignId))}::text[], ${textArray(coupons.map((c) => c.tierId))}::text[],
              ${textArray(coupons.map((c) => c.code))}::text[], ${textArray(coupons.map((c) => c.ref))}::text[],
              ${textArray(coupons.map((c) => c.name))}::text[], ${intArray(coupons.map((c) => c.issueLimit))}::int4[],
              ${intArray(coupons.map((c) => c.issued))}::int4[], ${textArray(coupons.map((c) => String(c.stock)))}::text[],
              ${textArray(coupons.map((c) => time(c.createdAt)))}::text[])
              AS c (id, account_id, campaign_id, tier_id, code, ref, name, issue_limit, issued, stock, created_at)
            ON CONFLICT (campaign_id, code) DO NOTHING
            RETURNING code`.values,
              (rows) => rows.map((row) => row[0] as string)
            ),
      stored: (accountId: string) =>
        Effect.map(
          sql`SELECT count(*)::int FROM reward_coupons
        WHERE account_id = ${accountId} AND stock AND (issue_limit IS NULL OR issued < issue_limit)`.values,
          Table.count
        ),
      withdraw: (accountId: string, campaignId: string, tierId: string, codes: ReadonlyArray<string> | undefined) =>
        Effect.gen(function* () {
          const deleted = yield* sql`DELETE FROM reward_coupons
          WHERE account_id = ${accountId} AND campaign_id = ${campaignId} AND tier_id = ${tierId}${named(codes)}
            AND issued = 0
          RETURNING id`
          const closed = yield* sql`UPDATE reward_coupons SET issue_limit = issued
          WHERE account_id = ${accountId} AND campaign_id = ${campaignId} AND tier_id = ${tierId}${named(codes)}
            AND (issue_limit IS NULL OR issued < issue_limit)
          RETURNING id`
          return deleted.length + closed.length
        })
    }
  }
)
