/**
 * Spin the Wheel: the player spins, the server picks the segment. Each segment has a chance
 * proportional to its `weight` (default 1) and says whether landing on it is a win. The result is an
 * instant outcome `{ id, label, isWin }`, which reward tiers can match (`won`, or a segment by id).
 *
 * Config: `segments` (2 to 24, ids unique), `art.background` and `art.pointer` (images),
 * `sounds.spin`, `sounds.win`, `sounds.lose` (sounds). Complete (activatable) when all six are set:
 * the segments, both images and the three sounds. A finish needs only the segments (the art and the
 * sounds are the embed's). Finish body: `{}`. The embed sees the segments' ids and labels only: no weights, no win flags.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import type { InvalidFields } from "../Failure.ts"
import type { GameError } from "./GameErrors.ts"
import type { FileField } from "../campaigns/FileRule.ts"
import { FileUrl } from "../campaigns/FileRule.ts"
import { defined, Text } from "../Fields.ts"
import * as Game from "./Game.ts"

export const slug = "spin-the-wheel"

/** One slice of the wheel. `weight` is its relative chance (default 1). */
export const Segment = Schema.Struct({
  id: Game.Id,
  label: Text(1, 60),
  isWin: Schema.Boolean,
  weight: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(1_000_000)))
})
export type Segment = typeof Segment.Type

export const Segments = Game.UniqueIdList(Segment, 2, 24)

export const Art = Schema.Struct({
  background: Schema.optionalKey(FileUrl),
  pointer: Schema.optionalKey(FileUrl)
})

export const Sounds = Schema.Struct({
  spin: Schema.optionalKey(FileUrl),
  win: Schema.optionalKey(FileUrl),
  lose: Schema.optionalKey(FileUrl)
})

/**
 * The two images and three sounds a wheel needs to be activated, at example addresses (https, judged
 * by extension): the media of the OpenAPI document's example wheel, and of the examples' and the
 * benchmarks' wheels.
 */
export const exampleMedia = {
  art: {
    background: "https://cdn.example.com/wheel/background.png",
    pointer: "https://cdn.example.com/wheel/pointer.png"
  },
  sounds: {
    spin: "https://cdn.example.com/wheel/spin.mp3",
    win: "https://cdn.example.com/wheel/win.mp3",
    lose: "https://cdn.example.com/wheel/lose.mp3"
  }
} as const satisfies Pick<Config, "art" | "sounds">

/** The wheel's config as sent; every key optional until activation. */
export const Config = Schema.Struct({
  segments: Schema.optionalKey(Segments),
  art: Schema.optionalKey(Art),
  sounds: Schema.optionalKey(Sounds)
})
export type Config = typeof Config.Type

/**
 * The finish body: nothing (`{}`), the server spins. Any field is refused by name, as an unknown
 * field of any body is (an empty struct would take any object).
 */
export const FinishBody = Schema.Record(Schema.String, Schema.Unknown).check(
  Schema.makeFilter((body: { readonly [key: string]: unknown }) =>
    Object.keys(body).map((key) => ({ path: [key], issue: "Unexpected key: the wheel's finish body is {}" }))
  )
)
export type FinishBody = typeof FinishBody.Type

export const labelKeys = [
  "title",
  "intro",
  "spinButton",
  "spinning",
  "winTitle",
  "winBody",
  "loseTitle",
  "loseBody"
] as const

/** The segment a random number in [0, 1) lands on, each with a chance proportional to its weight. */
export const pick = (segments: ReadonlyArray<Segment>, random: number): Segment => {
  const total = segments.reduce((sum, s) => sum + (s.weight ?? 1), 0)
  const target = random * total
  let cumulative = 0
  for (const segment of segments) {
    cumulative += segment.weight ?? 1
    if (target < cumulative) return segment
  }
  return segments[segments.length - 1]!
}

/** What activation needs: the segments, the art and the sounds. */
export const requiredKeys = [
  "segments",
  "art.background",
  "art.pointer",
  "sounds.spin",
  "sounds.win",
  "sounds.lose"
] as const

const complete = (config: Config) => Game.missingKeys(config, requiredKeys)

/**
 * The server spins with the segments alone: a config that lacks only art or sounds (which only the
 * embed shows) still finishes, and one without segments fails naming just them.
 */
const finish = (
  config: Config,
  _body: FinishBody,
  random: number
): Result.Result<Game.Finished, InvalidFields | GameError> => {
  if (config.segments === undefined || config.segments.length === 0)
    return Result.fail(Game.incomplete(Game.missingKeys(config, ["segments"])))
  const segment = pick(config.segments, random)
  return Result.succeed({
    score: null,
    outcome: { id: segment.id, label: segment.label, isWin: segment.isWin },
    predictionValue: null
  })
}

const fileFields = (config: Config): ReadonlyArray<FileField> => {
  const fields: Array<FileField> = []
  if (config.art?.background !== undefined)
    fields.push({ path: "config.art.background", url: config.art.background, kind: "image" })
  if (config.art?.pointer !== undefined)
    fields.push({ path: "config.art.pointer", url: config.art.pointer, kind: "image" })
  for (const key of ["spin", "win", "lose"] as const) {
    const url = config.sounds?.[key]
    if (url !== undefined) fields.push({ path: `config.sounds.${key}`, url, kind: "sound" })
  }
  return fields
}

export const definition: Game.Definition<Config, FinishBody> = {
  slug,
  name: "Spin the Wheel",
  description: "The player spins a wheel of 2 to 24 segments; the server picks where it stops, by weight.",
  result: "outcome",
  defaultWinnerAlgorithm: "random_uniform",
  labelKeys,
  configSchema: Config,
  finishSchema: FinishBody,
  playerView: (config) => ({
    segments: (config.segments ?? []).map((s) => ({ id: s.id, label: s.label })),
    ...defined(config, ["art", "sounds"])
  }),
  complete,
  finish,
  fileFields,
  outcomeIds: (config) => (config.segments ?? []).map((s) => s.id)
}

export const game: Game.Game = Game.make(definition)
