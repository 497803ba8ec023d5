/**
 * Memory Match: the player turns cards to find `pairs` pairs within `timeLimitSeconds`. The embed
 * plays the game and reports a score, which the server bounds by the config's `maxScore`. Draws
 * default to the highest scores.
 *
 * Config: `pairs` (4 to 32), `timeLimitSeconds` (10 to 600), `maxScore` (1 to 1000000), all integers;
 * complete when all three are set. Finish body: `{ score }`, an integer from 0 to `maxScore`. The embed
 * sees the whole config (it holds no secret).
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import type { InvalidRequest } from "../Errors.ts"
import { defined } from "../Fields.ts"
import * as Game from "./Game.ts"

export const slug = "memory-match"

const IntBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }))

/** The memory match's config as sent; every key optional until activation. */
export const Config = Schema.Struct({
  pairs: Schema.optionalKey(IntBetween(4, 32)),
  timeLimitSeconds: Schema.optionalKey(IntBetween(10, 600)),
  maxScore: Schema.optionalKey(IntBetween(1, 1_000_000))
})
export type Config = typeof Config.Type

/** The finish body: the score reached, at most the config's `maxScore`. */
export const FinishBody = Schema.Struct({ score: IntBetween(0, 1_000_000) })
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

const finish = (config: Config, body: FinishBody): Result.Result<Game.Finished, InvalidRequest> => {
  if (config.maxScore === undefined) return Result.fail(Game.incomplete(complete(config)))
  return body.score <= config.maxScore
    ? Result.succeed({ score: body.score, outcome: null, predictionValue: null })
    : Result.fail(Game.invalidAnswer("score", `must be at most ${config.maxScore}`))
}

export const definition: Game.Definition<Config, FinishBody> = {
  slug,
  name: "Memory Match",
  description: "The player finds pairs of cards against the clock; the embed reports the score.",
  result: "score",
  defaultWinnerAlgorithm: "score_highest",
  labelKeys,
  configSchema: Config,
  finishSchema: FinishBody,
  playerView: (config) => defined(config, ["pairs", "timeLimitSeconds", "maxScore"]),
  complete,
  finish
}

export const game: Game.Game = Game.make(definition)
