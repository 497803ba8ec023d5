/**
 * `PrivacyRepo` over effect/sql (migration `0012_privacy`).
 *
 * - **A player's rows** are found by `(account_id, participant_ref)` on sessions, entries, grants
 *   and draw winners, and, in events and deliveries' payloads, by the references their documents
 *   carry (`jsonb_path_query_array(payload, 'strict $.**.participantRef')`, indexed).
 * - **Erasure** is one statement: each table's rows are updated in a data-modifying `WITH` clause
 *   (each runs to completion whether the final `SELECT` reads it or not)
 *   (the recipients of a campaign's coupons are moved to the pseudonym's row, merged with it when
 *   it has one). In a document (a run's winners, an event, a delivery's payload), every JSON string
 *   equal to the reference becomes the pseudonym: the document's text with the reference's JSON
 *   string token (`to_jsonb(ref)::text`, quotes included, as the document's own text writes it)
 *   replaced by the pseudonym's.
 * - **Retention** (`expired`) reads the campaigns that ended before their account's retention, then
 *   the players of each (sessions and grants), the latest play of each player in the campaign.
 *
 * @since 0.1.0
 */
import { Privacy } from "@campaign-games/core"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { time } from "./internal/Values.ts"
import * as SqlRewardTables from "./SqlRewardTables.ts"

const session = Table.read(Tables.sessions)
const entry = Table.read(Tables.entries, { map: Tables.entryOf })
const grant = Table.read(SqlRewardTables.grants, { alias: "g" })
const delivery = Table.read(Tables.deliveries, { alias: "d" })

const erasureTable = Table.make({
  id: Schema.String,
  accountId: Schema.String,
  pseudonym: Schema.String,
  reason: Privacy.Reason,
  sessions: Schema.Number,
  entries: Schema.Number,
  grants: Schema.Number,
  drawWins: Schema.Number,
  deliveries: Schema.Number,
  createdAt: Tables.sessions.fields.startedAt
})
const erasure = Table.read(erasureTable)

const DrawWins = Schema.Array(Schema.Tuple([Schema.String, Schema.String, Schema.Number, Schema.String]))
const Counts = Schema.Tuple([Schema.Number, Schema.Number, Schema.Number, Schema.Number, Schema.Number])
const ExpiredRows = Schema.Array(Schema.Tuple([Schema.String, Schema.String, Schema.String]))

/** `PrivacyRepo` over a migrated database. */
export const layer: Layer.Layer<Privacy.PrivacyRepo, never, SqlClient.SqlClient> = Repository.layer(
  Privacy.PrivacyRepo,
  (sql) => {
    /** The references a payload carries, as its index reads them. */
    const refsOf = (column: string) => sql`jsonb_path_query_array(${sql.literal(column)}, 'strict $.**.participantRef')`
    const carries = (column: string, ref: string) => sql`${refsOf(column)} @> jsonb_build_array(${ref}::text)`
    const replaced = (column: string, ref: string, pseudonym: string) =>
      sql`replace(${sql.literal(column)}::text, to_jsonb(${ref}::text)::text, to_jsonb(${pseudonym}::text)::text)::jsonb`

    return {
      participant: Effect.fnUntraced(function* (accountId: string, ref: string) {
        const sessions = yield* session.decode(
          yield* sql`SELECT ${session.select} FROM sessions WHERE account_id = ${accountId} AND participant_ref = ${ref}
            ORDER BY started_at, id`.values
        )
        const entries = yield* entry.decode(
          yield* sql`SELECT ${entry.select} FROM entries WHERE account_id = ${accountId} AND participant_ref = ${ref}
            ORDER BY created_at, id`.values
        )
        const grantRows = yield* sql`SELECT ${grant.select}, c.code FROM reward_grants g
            JOIN reward_coupons c ON c.id = g.coupon_id
          WHERE g.account_id = ${accountId} AND g.participant_ref = ${ref}
          ORDER BY g.created_at, g.id`.values
        const decodedGrants = yield* grant.decode(grantRows)
        const grants = decodedGrants.map((g, i) => ({ grant: g, code: String(grantRows[i]![grant.end]) }))
        const wins = yield* Schema.decodeUnknownEffect(DrawWins)(
          yield* sql`SELECT w.run_id, w.campaign_id, w.rank, w.entry_id FROM draw_winners w
            JOIN draw_runs r ON r.id = w.run_id
          WHERE w.account_id = ${accountId} AND w.participant_ref = ${ref}
          ORDER BY r.created_at, r.id, w.rank`.values
        )
        const deliveries = yield* delivery.decode(
          yield* sql`SELECT ${delivery.select} FROM webhook_deliveries d
          WHERE d.account_id = ${accountId} AND ${carries("d.payload", ref)}
          ORDER BY d.created_at, d.id`.values
        )
        return {
          sessions,
          entries,
          grants,
          drawWins: wins.map(([runId, campaignId, rank, entryId]) => ({ runId, campaignId, rank, entryId })),
          deliveries
        }
      }),
      erase: Effect.fnUntraced(function* (target: Privacy.Target) {
        const { accountId, participantRef: ref, pseudonym, campaignId } = target
        const inCampaign = (column: string): ReadonlyArray<Statement.Fragment> =>
          campaignId === null ? [] : [sql`${sql.literal(column)} = ${campaignId}`]
        const player = (prefix: string) =>
          sql.and([
            sql`${sql.literal(`${prefix}account_id`)} = ${accountId}`,
            sql`${sql.literal(`${prefix}participant_ref`)} = ${ref}`,
            ...inCampaign(`${prefix}campaign_id`)
          ])
        const [row] = yield* sql`WITH
  s AS (UPDATE sessions SET participant_ref = ${pseudonym} WHERE ${player("")} RETURNING 1),
  e AS (UPDATE entries SET participant_ref = ${pseudonym} WHERE ${player("")} RETURNING 1),
  g AS (UPDATE reward_grants SET participant_ref = ${pseudonym} WHERE ${player("")} RETURNING 1),
  old_recipients AS (
    DELETE FROM reward_recipients rr USING campaigns c
    WHERE c.id = rr.campaign_id AND c.account_id = ${accountId} AND rr.participant_ref = ${ref}
      ${campaignId === null ? sql`` : sql`AND rr.campaign_id = ${campaignId}`}
    RETURNING rr.campaign_id, rr.grants
  ),
  new_recipients AS (
    INSERT INTO reward_recipients (campaign_id, participant_ref, grants)
    SELECT campaign_id, ${pseudonym}, grants FROM old_recipients
    ON CONFLICT (campaign_id, participant_ref) DO UPDATE SET grants = reward_recipients.grants + excluded.grants
    RETURNING 1
  ),
  w AS (UPDATE draw_winners SET participant_ref = ${pseudonym} WHERE ${player("")} RETURNING run_id),
  r AS (
    UPDATE draw_runs SET winners = ${replaced("winners", ref, pseudonym)}
    WHERE id IN (SELECT run_id FROM w) RETURNING 1
  ),
  ev AS (
    UPDATE events SET payload = ${replaced("payload", ref, pseudonym)}
    WHERE ${sql.and([sql`account_id = ${accountId}`, carries("payload", ref), ...inCampaign("game_instance_id")])}
    RETURNING 1
  ),
  d AS (
    UPDATE webhook_deliveries d SET payload = ${replaced("payload", ref, pseudonym)}
    WHERE ${sql.and([
      sql`d.account_id = ${accountId}`,
      carries("d.payload", ref),
      ...(campaignId === null
        ? []
        : [sql`EXISTS (SELECT 1 FROM events x WHERE x.id = d.event_id AND x.game_instance_id = ${campaignId})`])
    ])}
    RETURNING 1
  )
SELECT (SELECT count(*) FROM s)::int, (SELECT count(*) FROM e)::int, (SELECT count(*) FROM g)::int,
  (SELECT count(*) FROM w)::int, (SELECT count(*) FROM d)::int`.values
        const [sessions, entries, grants, drawWins, deliveries] = yield* Schema.decodeUnknownEffect(Counts)(row)
        return { sessions, entries, grants, drawWins, deliveries }
      }),
      pseudonymInUse: Effect.fnUntraced(function* (
        accountId: string,
        ref: string,
        pseudonym: string,
        campaignId: string | null
      ) {
        const inCampaign = campaignId === null ? sql`` : sql`AND campaign_id = ${campaignId}`
        const [row] = yield* sql`WITH raw AS (
    SELECT campaign_id FROM sessions WHERE account_id = ${accountId} AND participant_ref = ${ref} ${inCampaign}
    UNION SELECT campaign_id FROM entries WHERE account_id = ${accountId} AND participant_ref = ${ref} ${inCampaign}
    UNION SELECT campaign_id FROM reward_grants WHERE account_id = ${accountId} AND participant_ref = ${ref} ${inCampaign}
    UNION SELECT campaign_id FROM draw_winners WHERE account_id = ${accountId} AND participant_ref = ${ref} ${inCampaign}
  )
SELECT EXISTS (
  SELECT 1 FROM raw WHERE
    EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = ${accountId} AND s.participant_ref = ${pseudonym} AND s.campaign_id = raw.campaign_id)
    OR EXISTS (SELECT 1 FROM entries x WHERE x.account_id = ${accountId} AND x.participant_ref = ${pseudonym} AND x.campaign_id = raw.campaign_id)
    OR EXISTS (SELECT 1 FROM reward_grants g WHERE g.account_id = ${accountId} AND g.participant_ref = ${pseudonym} AND g.campaign_id = raw.campaign_id)
    OR EXISTS (SELECT 1 FROM draw_winners w WHERE w.account_id = ${accountId} AND w.participant_ref = ${pseudonym} AND w.campaign_id = raw.campaign_id)
)`.values
        return row?.[0] === true
      }),
      insertErasure: Effect.fnUntraced(function* (e: Privacy.Erasure) {
        yield* sql`INSERT INTO privacy_erasures
            (id, account_id, pseudonym, reason, sessions, entries, grants, draw_wins, deliveries, created_at)
          VALUES (${e.id}, ${e.accountId}, ${e.pseudonym}, ${e.reason}, ${e.sessions}, ${e.entries}, ${e.grants},
            ${e.drawWins}, ${e.deliveries}, ${time(e.createdAt)})`
      }),
      listErasures: (accountId, page) =>
        Effect.flatMap(
          sql`SELECT ${erasure.select}, count(*) OVER ()::int FROM privacy_erasures
            WHERE account_id = ${accountId}
            ORDER BY created_at DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset}`.values,
          Table.page(
            erasure,
            page,
            Effect.map(
              sql`SELECT count(*)::int FROM privacy_erasures WHERE account_id = ${accountId}`.values,
              Table.count
            )
          )
        ),
      retentionDays: (accountId) =>
        Effect.map(sql`SELECT retention_days FROM privacy_settings WHERE account_id = ${accountId}`.values, (rows) =>
          Option.map(Option.fromNullishOr(rows[0]?.[0]), Number)
        ),
      setRetentionDays: Effect.fnUntraced(function* (accountId, days, now) {
        yield* sql`INSERT INTO privacy_settings (account_id, retention_days, updated_at)
          VALUES (${accountId}, ${days}, ${time(now)})
          ON CONFLICT (account_id) DO UPDATE SET retention_days = excluded.retention_days, updated_at = excluded.updated_at`
      }),
      expired: Effect.fnUntraced(function* (now, limit) {
        const rows = yield* sql`WITH ended AS (
    SELECT id, account_id, ended_at, retention_days FROM (
      SELECT c.id, c.account_id,
        CASE WHEN c.status = 'archived' THEN least(c.updated_at, coalesce(c.live_until, c.updated_at))
          ELSE c.live_until END AS ended_at,
        coalesce(p.retention_days, ${Privacy.RETENTION_DEFAULT_DAYS}) AS retention_days
      FROM campaigns c LEFT JOIN privacy_settings p ON p.account_id = c.account_id
    ) c
    WHERE ended_at IS NOT NULL AND ended_at < ${time(now)}::timestamptz - make_interval(days => retention_days)
  ), plays AS (
    SELECT s.account_id, s.campaign_id, s.participant_ref, s.started_at AS at
    FROM sessions s JOIN ended ON ended.id = s.campaign_id
    UNION ALL
    SELECT g.account_id, g.campaign_id, g.participant_ref, g.created_at
    FROM reward_grants g JOIN ended ON ended.id = g.campaign_id
  )
SELECT p.account_id, p.campaign_id, p.participant_ref
FROM plays p JOIN ended ON ended.id = p.campaign_id
WHERE p.participant_ref !~ '^erased_[0-9a-f]{24}$'
GROUP BY p.account_id, p.campaign_id, p.participant_ref, ended.ended_at, ended.retention_days
HAVING greatest(max(p.at), ended.ended_at) < ${time(now)}::timestamptz - make_interval(days => ended.retention_days)
ORDER BY p.account_id, p.campaign_id, p.participant_ref
LIMIT ${limit}`.values
        const decoded = yield* Schema.decodeUnknownEffect(ExpiredRows)(rows)
        return decoded.map(([accountId, campaignId, participantRef]) => ({ accountId, campaignId, participantRef }))
      })
    }
  }
)
