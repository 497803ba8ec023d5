/**
 * `MemoryBoardRepo` in memory: a board per session (its session must exist: a breach fails with
 * `StoreError`), read with the session's jti and finish; `addFlip` appends only at the expected
 * count of flips and while the session is unfinished.
 *
 * @since 0.1.0
 */
import { MemoryBoard } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { conflict } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `MemoryBoardRepo` over the boards and sessions tables of the database. */
export const layer: Layer.Layer<MemoryBoard.MemoryBoardRepo, never, MemoryDatabase> = repository(
  MemoryBoard.MemoryBoardRepo,
  ({ memoryBoards, sessions }) =>
    MemoryBoard.MemoryBoardRepo.of({
      insert: Effect.fnUntraced(function* (board) {
        if (!sessions.has(board.sessionId)) return yield* conflict(`No session ${board.sessionId} for its board.`)
        if (memoryBoards.has(board.sessionId)) return false
        yield* memoryBoards.set(board.sessionId, board)
        return true
      }),
      find: (sessionId) =>
        Effect.sync(() => {
          const board = memoryBoards.get(sessionId)
          const session = sessions.get(sessionId)
          return board === undefined || session === undefined
            ? Option.none()
            : Option.some({ board, jti: session.jti, finished: session.finishedAt !== null })
        }),
      addFlip: Effect.fnUntraced(function* (sessionId, flipsBefore, flip) {
        const board = memoryBoards.get(sessionId)
        const session = sessions.get(sessionId)
        if (board === undefined || session === undefined || session.finishedAt !== null) return false
        if (board.flips.length !== flipsBefore) return false
        yield* memoryBoards.set(sessionId, { ...board, flips: [...board.flips, flip] })
        return true
      })
    })
)
