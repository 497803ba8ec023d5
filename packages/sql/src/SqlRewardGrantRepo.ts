/**
 * `GrantRepo` over effect/sql, on `reward_grants` (with `reward_coupons` for the codes and
 * `entries` for a draw's winners' outcomes), each operation scoped by account.
 *
 * - `grant` is the one statement of `SqlRewardGrantStatement`. Inside a transaction (a draw's run, a grant by
 *   hand) it runs in a savepoint, so a broken unique key (`AlreadyGranted` of a concurrent grant,
 *   `CodeTaken`) undoes the grant alone and the caller's transaction goes on.
 * - `list` reads the grants with their codes' last four characters only (`right(code, 4)`): a full
 *   code never leaves the database for a list.
 * - `code` is the one read of a full code, for the dispatcher's `Webhook.CouponCodes`.
 *
 * @since 0.1.0
 */
import { Game, Grant, type Pagination } from "@campaign-games/core"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Effect, Layer, Option, Result, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import { againOnConflict } from "./internal/Conflicts.ts"
import * as SqlRewardGrantStatement from "./SqlRewardGrantStatement.ts"
import * as SqlRewardTables from "./SqlRewardTables.ts"

/** A grant as lists read it: with its code's last four characters (`code_end`). */
export const listed = Table.read(Table.make({ ...SqlRewardTables.grants.fields, codeEnd: Schema.String }), {
  alias: "g"
})
const decodeOutcome = Schema.decodeUnknownExit(Game.Outcome)

/** `GrantRepo` over a migrated database. */
export const layer: Layer.Layer<Grant.GrantRepo, never, SqlClient.SqlClient> = Repository.layer(
  Grant.GrantRepo,
  (sql) => {
    const count = (accountId: string, campaignId: string) =>
      Effect.map(
        sql`SELECT count(*)::int FROM reward_grants WHERE account_id = ${accountId} AND campaign_id = ${campaignId}`
          .values,
        Table.count
      )
    return {
      grant: (plan: Grant.Plan) =>
        Effect.gen(function* () {
          const open = yield* Effect.serviceOption(sql.transactionService)
          const start = yield* SqlRewardGrantStatement.randomStart
          const statement = sql`WITH ${SqlRewardGrantStatement.ctes(sql, plan, start)}
SELECT ${SqlRewardGrantStatement.result(sql)} FROM (SELECT 1) AS one LEFT JOIN given g ON TRUE`.values
          // In a transaction, a savepoint holds a broken key (the caller's transaction runs again on a
          // deadlock); alone, the statement runs again when PostgreSQL broke a deadlock (`Conflicts`).
          return yield* (Option.isSome(open) ? sql.withTransaction(statement) : againOnConflict(statement)).pipe(
            Effect.map((rows): Grant.Written => SqlRewardGrantStatement.outcome(plan, rows[0]!)),
            Effect.catchIf(
              (error) => SqlRewardGrantStatement.conflictOf(error) !== undefined,
              (error): Effect.Effect<Grant.Written> =>
                Effect.succeed({ _tag: SqlRewardGrantStatement.conflictOf(error)! })
            )
          )
        }),
      list: (accountId: string, campaignId: string, page: Pagination.Page) =>
        Effect.flatMap(
          sql`SELECT ${listed.select}, count(*) OVER ()::int FROM (
          SELECT g.*, right(c.code, 4) AS code_end FROM reward_grants g JOIN reward_coupons c ON c.id = g.coupon_id
          WHERE g.account_id = ${accountId} AND g.campaign_id = ${campaignId}
        ) g
        ORDER BY g.created_at DESC, g.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`.values,
          Table.page(listed, page, count(accountId, campaignId))
        ),
      code: (accountId: string, grantId: string) =>
        Effect.map(
          sql`SELECT c.code FROM reward_grants g JOIN reward_coupons c ON c.id = g.coupon_id
        WHERE g.account_id = ${accountId} AND g.id = ${grantId}`.values,
          (rows) => Option.fromNullishOr(rows[0]?.[0] as string | undefined)
        ),
      outcomes: (accountId: string, entryIds: ReadonlyArray<string>) =>
        entryIds.length === 0
          ? Effect.succeed(new Map())
          : Effect.map(
              sql`SELECT id, outcome FROM entries
            WHERE account_id = ${accountId} AND id = ANY (${Result.getOrThrow(PgTypes.array(entryIds, PgTypes.OID.text))}::text[])
              AND outcome IS NOT NULL`.values,
              (rows) => {
                const out = new Map<string, Game.Outcome>()
                for (const [id, outcome] of rows) {
                  const decoded = decodeOutcome(outcome)
                  if (decoded._tag === "Success") out.set(id as string, decoded.value)
                }
                return out
              }
            )
    }
  }
)
