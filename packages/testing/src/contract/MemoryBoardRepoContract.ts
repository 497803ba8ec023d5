/**
 * The contract of `MemoryBoardRepo`: a board round-trips with its session's jti and finish, a
 * session has one board (and needs to exist: `StoreError`), and `addFlip` is a compare-and-set on
 * the number of flips that refuses a finished session: of concurrent flips at one count, one is
 * recorded.
 *
 * @since 0.1.0
 */
import { type Account, type Campaign, type Channel, MemoryBoard, Session } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect, Option } from "effect"
import { assertFails } from "../internal/Assertions.ts"
import { at, makeSession } from "../internal/Fixtures.ts"
import { givenCampaign } from "../internal/Given.ts"

/** A stored session with a dealt board of four pairs and no flips. */
const givenBoard = Effect.gen(function* () {
  const campaign = yield* givenCampaign()
  const session = makeSession(campaign, { startedAt: at(1_000) })
  assert.isTrue(yield* (yield* Session.SessionRepo).insert(session))
  const board: MemoryBoard.Board = {
    sessionId: session.id,
    accountId: session.accountId,
    startedAt: session.startedAt,
    faces: [3, 1, 0, 2, 2, 0, 1, 3],
    timeLimitSeconds: 45,
    maxScore: 1234,
    flips: []
  }
  assert.isTrue(yield* (yield* MemoryBoard.MemoryBoardRepo).insert(board))
  return { session, board }
})

/** Registers the `MemoryBoardRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    | MemoryBoard.MemoryBoardRepo
    | Session.SessionRepo
    | Campaign.CampaignRepo
    | Channel.ChannelRepo
    | Account.AccountRepo
  >
): void => {
  it.effect("a board round-trips with its session's jti; one per session; none for a session without", () =>
    Effect.gen(function* () {
      const boards = yield* MemoryBoard.MemoryBoardRepo
      const { board, session } = yield* givenBoard
      const found = Option.getOrThrow(yield* boards.find(session.id))
      assert.deepStrictEqual(found, { board, jti: session.jti, finished: false })
      assert.isFalse(yield* boards.insert({ ...board, faces: [0, 0, 1, 1, 2, 2, 3, 3] }))
      assert.deepStrictEqual(Option.getOrThrow(yield* boards.find(session.id)).board.faces, board.faces)
      assert.isTrue(Option.isNone(yield* boards.find("ses_none")))
      yield* assertFails(boards.insert({ ...board, sessionId: "ses_missing" }), "StoreError")
    })
  )

  it.effect("addFlip appends at the expected count only, in order, and not once the session is finished", () =>
    Effect.gen(function* () {
      const boards = yield* MemoryBoard.MemoryBoardRepo
      const { session } = yield* givenBoard
      assert.isTrue(yield* boards.addFlip(session.id, 0, { position: 5, at: 1_250 }))
      assert.isFalse(yield* boards.addFlip(session.id, 0, { position: 6, at: 1_300 }))
      assert.isTrue(yield* boards.addFlip(session.id, 1, { position: 2, at: 59_999 }))
      assert.deepStrictEqual(Option.getOrThrow(yield* boards.find(session.id)).board.flips, [
        { position: 5, at: 1_250 },
        { position: 2, at: 59_999 }
      ])
      assert.isTrue(yield* (yield* Session.SessionRepo).finish(session.id, at(70_000)))
      assert.isTrue(Option.getOrThrow(yield* boards.find(session.id)).finished)
      assert.isFalse(yield* boards.addFlip(session.id, 2, { position: 0, at: 70_001 }))
      assert.isFalse(yield* boards.addFlip("ses_none", 0, { position: 0, at: 1 }))
    })
  )

  it.effect("of concurrent flips at one count, exactly one is recorded", () =>
    Effect.gen(function* () {
      const boards = yield* MemoryBoard.MemoryBoardRepo
      const { session } = yield* givenBoard
      const results = yield* Effect.forEach(
        Array.from({ length: 8 }, (_, position) => position),
        (position) => boards.addFlip(session.id, 0, { position, at: 2_000 }),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Boolean).length, 1)
      assert.strictEqual(Option.getOrThrow(yield* boards.find(session.id)).board.flips.length, 1)
    })
  )
}
