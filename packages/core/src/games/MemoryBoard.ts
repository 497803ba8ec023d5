/**
 * A Memory Match board scored by the server (`scoring: server`, the default): the server deals the
 * cards at the start from effect's `Random`, reveals one card a flip, records every flip with its
 * time, and scores the play from them at the finish. The player's view never holds the faces of
 * cards it has not turned, so a score cannot be invented.
 *
 * What a flip sequence means: flips go in turns of two. The first flip of a turn reveals a card;
 * the second reveals another and, when both show the same face, matches the pair (they stay face
 * up); when not, both turn face down again. A matched card cannot be flipped (`BoardRefused`), nor the card
 * that is face up as the first of a turn (`BoardRefused`). `matchedPairs` counts the pairs matched so far,
 * `flips` the flips made so far (this one included). The clock runs from the session's start; no
 * flip is taken from `timeLimitSeconds` on, nor past `MAX_FLIPS` flips (`BoardRefused`).
 *
 * The score (`score`): with `P` pairs, `F` flips, `t` the time of the flip that matched the last
 * pair and `L` the time limit (both in milliseconds from the start) and par `p = min(L, 2 × P s)`
 * (one second a flip of a perfect game):
 * `round(maxScore × (2P / F) × speed)`, where `speed` is 1 when `t ≤ p` and falls linearly from
 * 1 at `p` to 0.5 at `L` otherwise. A perfect game (2 × pairs flips, within par) scores `maxScore`;
 * each extra flip and each second past par scores less. A finish after the time limit with pairs
 * left scores 0; before it, with pairs left, it is refused (`BoardRefused`).
 *
 * Every function but `deal` is pure: the time is an argument.
 *
 * @since 0.1.0
 */
import { Context, type DateTime, type Effect, type Option, Random, Result } from "effect"
import type { InvalidFields, StoreError } from "../Failure.ts"
import { BoardRefused, GameError, InvalidAnswer } from "./GameErrors.ts"

/** One flip: the card's position and when it was turned, in milliseconds from the session's start. */
export interface Flip {
  readonly position: number
  readonly at: number
}

/** A dealt board, as stored (`MemoryBoardRepo`): never sent to the player. */
export interface Board {
  readonly sessionId: string
  readonly accountId: string
  /** When the session started: the clock of the flips runs from it. */
  readonly startedAt: DateTime.Utc
  /** The face of each card, by position: `2 × pairs` cards, each face `0 … pairs − 1` twice. */
  readonly faces: ReadonlyArray<number>
  /** The config's time limit and top score when the board was dealt (a later edit does not change them). */
  readonly timeLimitSeconds: number
  readonly maxScore: number
  /** Every flip made, in order. */
  readonly flips: ReadonlyArray<Flip>
}

/** What the player is answered for a flip. */
export interface Revealed {
  readonly position: number
  readonly face: number
  readonly matchedPairs: number
  readonly flips: number
}

/** What the start sends of a board: the cards face down, by position. */
export interface PlayerBoard {
  readonly cards: ReadonlyArray<{ readonly position: number }>
}

/** `pairs` pairs of faces, shuffled with effect's `Random` (so a seeded simulation deals the same boards). */
export const deal = (pairs: number): Effect.Effect<ReadonlyArray<number>> =>
  Random.shuffle(Array.from({ length: pairs * 2 }, (_, i) => Math.floor(i / 2)))

/** The cards of a board of `cards` cards, face down. */
export const playerBoard = (cards: number): PlayerBoard => ({
  cards: Array.from({ length: cards }, (_, position) => ({ position }))
})

/** The state the flips leave: the matched positions, the card face up as a turn's first, the last match's time. */
export const stateOf = (faces: ReadonlyArray<number>, flips: ReadonlyArray<Flip>) => {
  const matched = new Set<number>()
  let faceUp: number | undefined
  let lastMatchAt = 0
  for (const { at, position } of flips) {
    if (faceUp === undefined) {
      faceUp = position
      continue
    }
    if (faces[faceUp] === faces[position]) {
      matched.add(faceUp).add(position)
      lastMatchAt = at
    }
    faceUp = undefined
  }
  return { matched, faceUp, matchedPairs: matched.size / 2, lastMatchAt }
}

/** The flips a board takes at most (a game of 32 pairs needs 64; a board's row stays small). */
export const MAX_FLIPS = 1000

const refused = (sessionId: string, because: BoardRefused["because"]) =>
  new GameError({ reason: new BoardRefused({ sessionId, because }) })

/**
 * The flip of `position` at `at` (milliseconds from the start): the flip to record and the answer,
 * or `InvalidAnswer` naming `position` (not a card of the board), or `BoardRefused` (matched, face up, time up).
 */
export const flip = (
  board: Board,
  position: number,
  at: number
): Result.Result<{ readonly flip: Flip; readonly revealed: Revealed }, InvalidFields | GameError> => {
  const cards = board.faces.length
  if (!Number.isInteger(position) || position < 0 || position >= cards) {
    return Result.fail(
      new GameError({
        reason: new InvalidAnswer({ path: "position", problem: `must be a card's position, from 0 to ${cards - 1}` })
      })
    )
  }
  if (at >= board.timeLimitSeconds * 1000) return Result.fail(refused(board.sessionId, "timeUp"))
  if (board.flips.length >= MAX_FLIPS) return Result.fail(refused(board.sessionId, "tooManyFlips"))
  const state = stateOf(board.faces, board.flips)
  if (state.matched.has(position)) return Result.fail(refused(board.sessionId, "cardMatched"))
  if (state.faceUp === position) return Result.fail(refused(board.sessionId, "cardFaceUp"))
  const made: Flip = { position, at }
  const matchedPairs =
    state.faceUp !== undefined && board.faces[state.faceUp] === board.faces[position]
      ? state.matchedPairs + 1
      : state.matchedPairs
  return Result.succeed({
    flip: made,
    revealed: { position, face: board.faces[position]!, matchedPairs, flips: board.flips.length + 1 }
  })
}

/** The score of a board whose pairs are all matched (the module's header gives the formula). */
export const score = (board: Board): number => {
  const pairs = board.faces.length / 2
  const flips = Math.max(board.flips.length, pairs * 2)
  const limit = board.timeLimitSeconds * 1000
  const par = Math.min(limit, pairs * 2 * 1000)
  const t = stateOf(board.faces, board.flips).lastMatchAt
  const speed = t <= par || limit <= par ? 1 : 1 - (0.5 * Math.min(t - par, limit - par)) / (limit - par)
  return Math.min(board.maxScore, Math.max(0, Math.round(board.maxScore * ((pairs * 2) / flips) * speed)))
}

/**
 * The score of a finish at `at` (milliseconds from the start): every pair matched scores by
 * `score`; pairs left score 0 once the time is up, and are refused (`BoardRefused`) before.
 */
export const finish = (board: Board, at: number): Result.Result<number, GameError> => {
  const { matchedPairs } = stateOf(board.faces, board.flips)
  if (matchedPairs * 2 === board.faces.length) return Result.succeed(score(board))
  return at >= board.timeLimitSeconds * 1000 ? Result.succeed(0) : Result.fail(refused(board.sessionId, "pairsLeft"))
}

/** A board as `MemoryBoardRepo.find` reads it: with its session's token and whether it is finished. */
export interface BoardRead {
  readonly board: Board
  /** The jti of the token that started the session. */
  readonly jti: string
  readonly finished: boolean
}

/**
 * Persistence of the boards. `addFlip` is a compare-and-set on the number of flips, so of two
 * concurrent flips of one board (on any instance) one is recorded and the other reads and decides
 * again: a flip is always decided from every flip before it.
 */
export class MemoryBoardRepo extends Context.Service<
  MemoryBoardRepo,
  {
    /** Stores a dealt board with no flips; its session must exist. False when the session has one already. */
    readonly insert: (board: Board) => Effect.Effect<boolean, StoreError>
    /** The session's board; none when the session has none (or there is no such session). */
    readonly find: (sessionId: string) => Effect.Effect<Option.Option<BoardRead>, StoreError>
    /**
     * Records `flip` after the board's flips only while it has exactly `flipsBefore` of them and its
     * session is unfinished; false, with nothing written, otherwise.
     */
    readonly addFlip: (sessionId: string, flipsBefore: number, flip: Flip) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/MemoryBoardRepo") {}
