/**
 * `SessionRepo` over effect/sql, on the `sessions` table. A session's `jti` is unique: a second
 * session of one client token is not inserted (`ON CONFLICT (jti) DO NOTHING`, and `insert`
 * answers false). `insertPlay` inserts the session and counts its play in the month's usage in one
 * statement (`SqlUsageRepo.countInserted` over the inserted row).
 *
 * Reads by session id and the play-limit counts are not scoped by account: session ids are
 * unguessable and channel ids unique.
 *
 * @since 0.1.0
 */
import { Session } from "@campaign-games/core"
import { type DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient, type SqlError, type Statement } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { time, timeOrNull } from "./internal/Values.ts"
import * as SqlUsageRepo from "./SqlUsageRepo.ts"

const session = Table.read(Tables.sessions)

const decodeCounts = Schema.decodeUnknownExit(
  Schema.Struct({
    campaignTotal: Schema.Number,
    campaignToday: Schema.Number,
    channelTotal: Schema.Number,
    channelToday: Schema.Number
  })
)

/** `SessionRepo` over a migrated database. */
export const layer: Layer.Layer<Session.SessionRepo, never, SqlClient.SqlClient> = Repository.layer(
  Session.SessionRepo,
  (sql) => {
    /** The `INSERT` of a session; none when its jti has one already. */
    const insert = (s: Session.Session) =>
      sql`INSERT INTO sessions
        (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
      VALUES (${s.id}, ${s.accountId}, ${s.campaignId}, ${s.channelId}, ${s.participantRef}, ${s.origin},
        ${s.jti}, ${time(s.startedAt)}, ${timeOrNull(s.finishedAt)})
      ON CONFLICT (jti) DO NOTHING`

    /** The `INSERT` of a session for each row of the `WITH` query `from`; none when its jti has one already. */
    const insertFrom = (s: Session.Session, from: Statement.Fragment) => sql`INSERT INTO sessions
        (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
      SELECT ${s.id}::text, ${s.accountId}::text, ${s.campaignId}::text, ${s.channelId}::text,
        ${s.participantRef}::text, ${s.origin}::text, ${s.jti}::text, ${time(s.startedAt)}::timestamptz, NULL
      FROM ${from}
      ON CONFLICT (jti) DO NOTHING
      RETURNING account_id`

    /** A start counted in shard 0 under its row lock (`SqlUsageRepo.gate`), after `closeMonth`. */
    const startNear = (s: Session.Session, month: string, playsPerMonth: number) =>
      Effect.map(
        sql`WITH unused AS (
          SELECT ${s.accountId}::text AS account_id, NOT EXISTS (SELECT 1 FROM sessions WHERE jti = ${s.jti}) AS unused
        ), ${SqlUsageRepo.gate(
          sql,
          month,
          sql`FROM unused WHERE unused AND ${SqlUsageRepo.monthPlays(sql, s.accountId, month)} < ${playsPerMonth}::float8`
        )},
        inserted AS (${insertFrom(s, sql`gate`)})
        SELECT (SELECT unused FROM unused), EXISTS (SELECT 1 FROM gate), EXISTS (SELECT 1 FROM inserted)`.values,
        ([row]): Session.StartPlay =>
          row?.[2] === true ? "Started" : row?.[0] === true && row[1] !== true ? "MonthFull" : "TokenUsed"
      )

    return {
      insert: (s: Session.Session) => Effect.map(sql`${insert(s)} RETURNING id`, (rows) => rows.length > 0),
      insertPlay: (s: Session.Session, month: string) =>
        Effect.map(
          sql`WITH inserted AS (${insert(s)} RETURNING account_id), ${SqlUsageRepo.countInserted(sql, month)}
          SELECT 1 FROM inserted`,
          (rows) => rows.length > 0
        ),
      startPlay: (s: Session.Session, month: string, playsPerMonth: number | null) =>
        playsPerMonth === null
          ? Effect.map(
              sql`WITH inserted AS (${insert(s)} RETURNING account_id), ${SqlUsageRepo.countInserted(sql, month)}
              SELECT 1 FROM inserted`,
              (rows): Session.StartPlay => (rows.length > 0 ? "Started" : "TokenUsed")
            )
          : Effect.flatMap(
              // Far from the month's limit: counted in the connection's shard (`SqlUsageRepo`).
              sql`WITH unused AS (
                SELECT ${s.accountId}::text AS account_id, NOT EXISTS (SELECT 1 FROM sessions WHERE jti = ${s.jti}) AS unused,
                  ${SqlUsageRepo.isFar(sql, SqlUsageRepo.monthPlays(sql, s.accountId, month), sql`${playsPerMonth}::float8`)} AS far
              ), ${SqlUsageRepo.countFar(sql, month, sql`FROM unused WHERE unused AND far`)},
              inserted AS (${insertFrom(s, sql`far`)})
              SELECT (SELECT unused FROM unused), (SELECT far FROM unused), EXISTS (SELECT 1 FROM far), EXISTS (SELECT 1 FROM inserted)`
                .values,
              ([row]): Effect.Effect<Session.StartPlay, SqlError.SqlError> =>
                row?.[3] === true
                  ? Effect.succeed("Started")
                  : row?.[0] === true && (row[1] !== true || row[2] !== true)
                    ? // Near the limit, or marked near meanwhile: the month's rows marked and locked (in
                      // the start's transaction), then counted in shard 0.
                      Effect.andThen(
                        SqlUsageRepo.closeMonth(sql, s.accountId, month),
                        startNear(s, month, playsPerMonth)
                      )
                    : Effect.succeed("TokenUsed")
            ),
      findById: (id: string) =>
        Effect.flatMap(sql`SELECT ${session.select} FROM sessions WHERE id = ${id}`.values, session.first),
      finish: (id: string, at: DateTime.Utc) =>
        Effect.map(
          sql`UPDATE sessions SET finished_at = ${time(at)} WHERE id = ${id} AND finished_at IS NULL RETURNING id`,
          (rows) => rows.length > 0
        ),
      counts: (q: Session.CountQuery) =>
        Effect.flatMap(
          sql`SELECT
            count(*) FILTER (WHERE campaign_id = ${q.campaignId})::int AS "campaignTotal",
            count(*) FILTER (WHERE campaign_id = ${q.campaignId}
              AND started_at >= ${time(q.campaignDay.start)} AND started_at < ${time(q.campaignDay.end)}
            )::int AS "campaignToday",
            count(*)::int AS "channelTotal",
            count(*) FILTER (
              WHERE started_at >= ${time(q.channelDay.start)} AND started_at < ${time(q.channelDay.end)}
            )::int AS "channelToday"
          FROM sessions
          WHERE channel_id = ${q.channelId} AND participant_ref = ${q.participantRef}`,
          // An aggregate without GROUP BY answers one row.
          ([row]) => decodeCounts(row)
        ),
      anyForCampaign: (accountId: string, campaignId: string) =>
        Effect.map(
          sql`SELECT EXISTS (SELECT 1 FROM sessions WHERE campaign_id = ${campaignId} AND account_id = ${accountId})`
            .values,
          (rows) => rows[0]?.[0] === true
        )
    }
  }
)
