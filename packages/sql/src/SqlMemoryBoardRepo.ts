/**
 * `MemoryBoardRepo` over effect/sql, on the `memory_boards` table (migration `0014_memory_match`).
 * A board is read with its session's jti and finish in one statement. A flip is appended by one
 * `UPDATE` that checks the number of flips and the session's finish: two concurrent flips of a
 * board (on any instance) queue on the row lock, and the second, checked again against the row the
 * first wrote, updates nothing (the core reads and decides again).
 *
 * @since 0.1.0
 */
import { MemoryBoard } from "@campaign-games/core"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import { json, time, Time } from "./internal/Values.ts"

const Row = Schema.Struct({
  session_id: Schema.String,
  account_id: Schema.String,
  started_at: Time,
  faces: Schema.Array(Schema.Int),
  time_limit_seconds: Schema.Int,
  max_score: Schema.Int,
  flips: Schema.Array(Schema.Tuple([Schema.Int, Schema.Int])),
  jti: Schema.String,
  finished: Schema.Boolean
})
const decodeRow = Schema.decodeUnknownEffect(Row)

/** `MemoryBoardRepo` over a migrated database. */
export const layer: Layer.Layer<MemoryBoard.MemoryBoardRepo, never, SqlClient.SqlClient> = Repository.layer(
  MemoryBoard.MemoryBoardRepo,
  (sql) => ({
    insert: (board: MemoryBoard.Board) =>
      Effect.map(
        sql`INSERT INTO memory_boards (session_id, account_id, started_at, faces, time_limit_seconds, max_score, flips)
          VALUES (${board.sessionId}, ${board.accountId}, ${time(board.startedAt)}, ${json(board.faces)}::jsonb,
            ${board.timeLimitSeconds}, ${board.maxScore}, ${json(board.flips.map((f) => [f.position, f.at]))}::jsonb)
          ON CONFLICT (session_id) DO NOTHING RETURNING 1`,
        (rows) => rows.length > 0
      ),
    find: Effect.fnUntraced(function* (sessionId: string) {
      const rows = yield* sql`SELECT b.session_id, b.account_id, b.started_at, b.faces, b.time_limit_seconds,
          b.max_score, b.flips, s.jti, s.finished_at IS NOT NULL AS finished
        FROM memory_boards b JOIN sessions s ON s.id = b.session_id
        WHERE b.session_id = ${sessionId}`
      if (rows[0] === undefined) return Option.none()
      const row = yield* decodeRow(rows[0])
      return Option.some({
        board: {
          sessionId: row.session_id,
          accountId: row.account_id,
          startedAt: row.started_at,
          faces: row.faces,
          timeLimitSeconds: row.time_limit_seconds,
          maxScore: row.max_score,
          flips: row.flips.map(([position, at]) => ({ position, at }))
        },
        jti: row.jti,
        finished: row.finished
      })
    }),
    addFlip: (sessionId: string, flipsBefore: number, flip: { readonly position: number; readonly at: number }) =>
      Effect.map(
        sql`UPDATE memory_boards b SET flips = b.flips || ${json([[flip.position, flip.at]])}::jsonb
          WHERE b.session_id = ${sessionId} AND jsonb_array_length(b.flips) = ${flipsBefore}
          AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = b.session_id AND s.finished_at IS NULL)
          RETURNING 1`,
        (rows) => rows.length > 0
      )
  })
)
