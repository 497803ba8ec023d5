/**
 * Memory Match: the player turns cards to find `pairs` pairs within `timeLimitSeconds`. Draws
 * default to the highest scores.
 *
 * Config: `pairs` (4 to 32), `timeLimitSeconds` (10 to 600), `maxScore` (1 to 1000000), all integers,
 * and `scoring`: `server` (the default) or `client`; complete when the three numbers are set.
 * - `scoring: server`: the server deals the board at the start and reveals one card a flip
 *   (`MemoryBoard`); the finish body is `{}` (a `score` is refused by name) and the server scores
 *   the flips it revealed, so a player cannot invent a score.
 * - `scoring: client`: the embed (or a board run elsewhere) plays and reports `{ score }`, an
 *   integer from 0 to `maxScore`, which the server trusts.
 *
 * The embed sees the whole config (it holds no secret), with `scoring` always set.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import type { InvalidFields } from "../Failure.ts"
import type { GameError } from "./GameErrors.ts"
import { defined } from "../Fields.ts"
import * as Game from "./Game.ts"

export const slug = "memory-match"

const IntBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }))

/** The memory match's config as sent; every key optional until activation. */
export const Config = Schema.Struct({
  pairs: Schema.optionalKey(IntBetween(4, 32)),
  timeLimitSeconds: Schema.optionalKey(IntBetween(10, 600)),
  maxScore: Schema.optionalKey(IntBetween(1, 1_000_000)),
  scoring: Schema.optionalKey(Schema.Literals(["server", "client"]))
})
export type Config = typeof Config.Type

/**
 * The finish body: `{}` when the server scores; `{ score }`, the score reached (at most the config's
 * `maxScore`), when the client does.
 */
export const FinishBody = Schema.Struct({ score: Schema.optionalKey(IntBetween(0, 1_000_000)) })
export type FinishBody = typeof FinishBody.Type

export const labelKeys = [
  "title",
  "intro",
  "startButton",
  "timeLeft",
  "movesCounter",
  "winTitle",
  "timeUpTitle",
  "scoreBody"
] as const

const complete = (config: Config) => Game.missingKeys(config, ["pairs", "timeLimitSeconds", "maxScore"])

/** Whether the server scores the plays of `config` (`scoring: server`, the default). */
export const serverScored = (config: Config): boolean => config.scoring !== "client"

/**
 * The finish of a play: with server scoring, the body must be `{}` and the score is left null here
 * (`Plays` scores the board: `MemoryBoard.finish`); with client scoring, the body's score.
 */
const finish = (config: Config, body: FinishBody): Result.Result<Game.Finished, InvalidFields | GameError> => {
  if (config.maxScore === undefined) return Result.fail(Game.incomplete(complete(config)))
  if (serverScored(config)) {
    return body.score === undefined
      ? Result.succeed({ score: null, outcome: null, predictionValue: null })
      : Result.fail(Game.invalidAnswer("score", "is not accepted: the server scores this game from its flips"))
  }
  if (body.score === undefined) return Result.fail(Game.invalidAnswer("score", "is required"))
  return body.score <= config.maxScore
    ? Result.succeed({ score: body.score, outcome: null, predictionValue: null })
    : Result.fail(Game.invalidAnswer("score", `must be at most ${config.maxScore}`))
}

export const definition: Game.Definition<Config, FinishBody> = {
  slug,
  name: "Memory Match",
  description:
    "The player finds pairs of cards against the clock; the server deals the cards and scores the flips (or, with `scoring: client`, the embed reports the score).",
  result: "score",
  defaultWinnerAlgorithm: "score_highest",
  labelKeys,
  configSchema: Config,
  finishSchema: FinishBody,
  playerView: (config) => ({
    ...defined(config, ["pairs", "timeLimitSeconds", "maxScore"]),
    scoring: serverScored(config) ? "server" : "client"
  }),
  complete,
  finish
}

export const game: Game.Game = Game.make(definition)
