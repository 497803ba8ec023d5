/**
 * The Memory Match board scored by the server, as a specification: given a dealt board and its
 * flips, what a flip answers, what a finish scores (the formula of docs/api-decisions.md, checked
 * against figures written out by hand) and what is refused.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Random, Result } from "effect"
import * as MemoryBoard from "../src/games/MemoryBoard.ts"

/** Four pairs: faces by position. */
const FACES = [0, 1, 2, 3, 0, 1, 2, 3]

const boardOf = (flips: ReadonlyArray<[number, number]>, faces = FACES): MemoryBoard.Board => ({
  sessionId: "ses_1",
  accountId: "acc_1",
  startedAt: DateTime.makeUnsafe(0),
  faces,
  timeLimitSeconds: 60,
  maxScore: 1000,
  flips: flips.map(([position, at]) => ({ position, at }))
})

/** A perfect game: each pair turned in one turn, one flip every `every` ms. */
const perfect = (every: number) =>
  [0, 4, 1, 5, 2, 6, 3, 7].map((position, i): [number, number] => [position, (i + 1) * every])

const reasonOf = (result: Result.Result<unknown, object>) =>
  Result.isFailure(result) && "reason" in result.failure
    ? [(result.failure.reason as { readonly _tag: string })._tag, (result.failure.reason as any).because]
    : []

describe("MemoryBoard", () => {
  it.effect("deals pairs × 2 cards, each face twice, the same for the same seed", () =>
    Effect.gen(function* () {
      const faces = yield* MemoryBoard.deal(8)
      assert.deepStrictEqual(
        [...faces].sort((a, b) => a - b),
        Array.from({ length: 16 }, (_, i) => Math.floor(i / 2))
      )
      const again = yield* MemoryBoard.deal(8).pipe(Random.withSeed("seed"))
      assert.deepStrictEqual(yield* MemoryBoard.deal(8).pipe(Random.withSeed("seed")), again)
    })
  )

  it("a flip answers the face, the pairs matched and the flips made; a turn of two matches a pair", () => {
    const first = Result.getOrThrow(MemoryBoard.flip(boardOf([]), 0, 100))
    assert.deepStrictEqual(first.revealed, { position: 0, face: 0, matchedPairs: 0, flips: 1 })
    assert.deepStrictEqual(first.flip, { position: 0, at: 100 })
    const miss = Result.getOrThrow(MemoryBoard.flip(boardOf([[0, 100]]), 1, 200))
    assert.deepStrictEqual(miss.revealed, { position: 1, face: 1, matchedPairs: 0, flips: 2 })
    const match = Result.getOrThrow(
      MemoryBoard.flip(
        boardOf([
          [0, 100],
          [1, 200],
          [0, 300]
        ]),
        4,
        400
      )
    )
    assert.deepStrictEqual(match.revealed, { position: 4, face: 0, matchedPairs: 1, flips: 4 })
  })

  it("refuses a position off the board (400 naming position), a matched or face-up card, and the time up (409)", () => {
    const board = boardOf([
      [0, 100],
      [4, 200],
      [1, 300]
    ])
    for (const position of [-1, 8, 1.5]) {
      const refused = MemoryBoard.flip(board, position, 400)
      assert.isTrue(Result.isFailure(refused))
      if (Result.isFailure(refused)) assert.strictEqual(refused.failure.details?.[0]?.path, "position")
    }
    assert.deepStrictEqual(reasonOf(MemoryBoard.flip(board, 0, 400)), ["BoardRefused", "cardMatched"])
    assert.deepStrictEqual(reasonOf(MemoryBoard.flip(board, 4, 400)), ["BoardRefused", "cardMatched"])
    assert.deepStrictEqual(reasonOf(MemoryBoard.flip(board, 1, 400)), ["BoardRefused", "cardFaceUp"])
    assert.deepStrictEqual(reasonOf(MemoryBoard.flip(board, 5, 60_000)), ["BoardRefused", "timeUp"])
    assert.isTrue(Result.isSuccess(MemoryBoard.flip(board, 5, 59_999)))
    const worn = boardOf(Array.from({ length: MemoryBoard.MAX_FLIPS }, (_, i): [number, number] => [i % 2, i]))
    assert.deepStrictEqual(reasonOf(MemoryBoard.flip(worn, 2, 50_000)), ["BoardRefused", "tooManyFlips"])
  })

  it("a perfect game within par scores maxScore; extra flips and time past par score less", () => {
    // Par: min(60 s, 2 × 4 pairs × 1 s) = 8 s.
    assert.strictEqual(Result.getOrThrow(MemoryBoard.finish(boardOf(perfect(1000)), 8_000)), 1000)
    // 8 flips, the last match at 34 s: speed 1 − 0.5 × (34 − 8) / (60 − 8) = 0.75.
    assert.strictEqual(Result.getOrThrow(MemoryBoard.finish(boardOf(perfect(4250)), 40_000)), 750)
    // 10 flips (one missed turn), within par: 1000 × 8 / 10.
    const missed: Array<[number, number]> = [
      [0, 100],
      [1, 200],
      ...perfect(500).map(([p, t]): [number, number] => [p, t + 200])
    ]
    assert.strictEqual(Result.getOrThrow(MemoryBoard.finish(boardOf(missed), 5_000)), 800)
    // At the limit: half.
    assert.strictEqual(MemoryBoard.score(boardOf(perfect(7500))), 500)
  })

  it("a finish with pairs left is refused before the limit and scores 0 from it on", () => {
    const half = boardOf(perfect(1000).slice(0, 4))
    assert.deepStrictEqual(reasonOf(MemoryBoard.finish(half, 59_999)), ["BoardRefused", "pairsLeft"])
    assert.deepStrictEqual(reasonOf(MemoryBoard.finish(boardOf([]), 0)), ["BoardRefused", "pairsLeft"])
    assert.strictEqual(Result.getOrThrow(MemoryBoard.finish(half, 60_000)), 0)
  })
})
