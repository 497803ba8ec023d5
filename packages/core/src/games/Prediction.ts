/**
 * Prediction: the player picks one of 2 to 20 options ("who wins the final?"). The play records the
 * chosen option; once the campaign is resolved, entries that chose the resolved option become
 * eligible to win the draw.
 *
 * Config: `question`, `options` (ids unique). Complete when both are set. Finish body:
 * `{ optionId }`, one of the options (else `InvalidAnswer`). The embed sees the question and the
 * options; `optionIds` gives the ids a resolution may name.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import type { InvalidFields } from "../Failure.ts"
import type { GameError } from "./GameErrors.ts"
import { Text } from "../Fields.ts"
import * as Game from "./Game.ts"

export const slug = "prediction"

export const PredictionOption = Schema.Struct({
  id: Game.Id,
  label: Text(1, 120)
})
export type PredictionOption = typeof PredictionOption.Type

export const Options = Game.UniqueIdList(PredictionOption, 2, 20)

/** The prediction's config as sent; every key optional until activation. */
export const Config = Schema.Struct({
  question: Schema.optionalKey(Text(1, 300)),
  options: Schema.optionalKey(Options)
})
export type Config = typeof Config.Type

/** The finish body: the option chosen. */
export const FinishBody = Schema.Struct({ optionId: Game.Id })
export type FinishBody = typeof FinishBody.Type

export const labelKeys = ["title", "intro", "choosePrompt", "submitButton", "confirmTitle", "confirmBody"] as const

const complete = (config: Config) => Game.missingKeys(config, ["question", "options"])

const decodeConfig = Schema.decodeUnknownResult(Config)

/**
 * The ids of a prediction's options (what `resolve` may name), read through the config's schema as
 * every stored config is; none while the config has no options or does not decode.
 */
export const optionIds = (config: unknown): ReadonlyArray<string> => {
  const decoded = decodeConfig(config, { onExcessProperty: "ignore" })
  return Result.isSuccess(decoded) ? (decoded.success.options ?? []).map((o) => o.id) : []
}

const finish = (config: Config, body: FinishBody): Result.Result<Game.Finished, InvalidFields | GameError> => {
  if (config.options === undefined) return Result.fail(Game.incomplete(complete(config)))
  return config.options.some((o) => o.id === body.optionId)
    ? Result.succeed({ score: null, outcome: null, predictionValue: { optionId: body.optionId } })
    : Result.fail(Game.invalidAnswer("optionId", "is not an option of this prediction"))
}

export const definition: Game.Definition<Config, FinishBody> = {
  slug,
  name: "Prediction",
  description: "The player predicts which of 2 to 20 options will happen; the campaign is resolved later.",
  result: "prediction",
  defaultWinnerAlgorithm: "random_uniform",
  labelKeys,
  configSchema: Config,
  finishSchema: FinishBody,
  playerView: (config) => ({
    ...(config.question === undefined ? {} : { question: config.question }),
    options: (config.options ?? []).map((o) => ({ id: o.id, label: o.label }))
  }),
  complete,
  finish
}

export const game: Game.Game = Game.make(definition)
