/**
 * A game module: everything the engine needs to know about one game. Its config schema (checked
 * whenever a config is sent, and served as JSON Schema by `GET /v1/games`), when a config is complete
 * enough to activate, what the embed may see of it, the body a play finishes with and how that body
 * becomes a score, an outcome or a prediction, which files the config names, and which outcomes a
 * reward may match.
 *
 * A game is written as a typed `Definition` and turned into a `Game` with `make`. A `Game` takes
 * configs and finish bodies as `unknown`: a stored config is decoded again (pure, cheap) before the
 * game's own functions see it, so an old or hand-edited config can never reach them in a wrong shape.
 * Every function here is pure; randomness comes in as a number drawn from effect's `Random`.
 *
 * @since 0.1.0
 */
import { type JsonSchema, Result, Schema } from "effect"
import type { Detail, InvalidFields } from "../Failure.ts"
import { ConfigIncomplete, GameError, InvalidAnswer } from "./GameErrors.ts"
import { type FileField, undefinedKeyFields } from "../campaigns/FileRule.ts"
import { Text } from "../Fields.ts"
import { fromSchemaError, issueToDetails } from "../Validation.ts"

/** What a finished play produces: an instant outcome (the wheel), a score, or a prediction. */
export const ResultKind = Schema.Literals(["outcome", "score", "prediction"])
export type ResultKind = typeof ResultKind.Type

/** How a draw picks winners. */
export const WinnerAlgorithm = Schema.Literals(["random_uniform", "random_weighted", "score_highest"])
export type WinnerAlgorithm = typeof WinnerAlgorithm.Type

/** An instant result of a play, such as the wheel segment landed on. */
export const Outcome = Schema.Struct({
  id: Schema.String,
  label: Schema.String,
  isWin: Schema.Boolean
})
export type Outcome = typeof Outcome.Type

/** The option a player chose on a prediction campaign. */
export const PredictionValue = Schema.Struct({ optionId: Schema.String })
export type PredictionValue = typeof PredictionValue.Type

/** What a finish body turns into; each game fills the parts it keeps and leaves the rest null. */
export interface Finished {
  readonly score: number | null
  readonly outcome: Outcome | null
  readonly predictionValue: PredictionValue | null
}

/** A game config as stored: a JSON object whose keys the game defines. */
export type Config = { readonly [key: string]: unknown }

/** What the embed is sent of a config (no correct answers, no weights). */
export type PlayerView = { readonly [key: string]: unknown }

/** What the catalogue says of a game, the same in its `Definition` and its `Game`. */
export interface About {
  readonly slug: string
  readonly name: string
  readonly description: string
  readonly result: ResultKind
  readonly defaultWinnerAlgorithm: WinnerAlgorithm
  /** Keys of the player-facing wording a theme's `labels` may set for this game. */
  readonly labelKeys: ReadonlyArray<string>
}

/**
 * A game's rules over configs of type `C` (decoded by `configSchema` as `S`) and finish bodies of
 * type `B`: a `Definition` takes values already decoded, a `Game` takes `unknown` and decodes first.
 */
export interface Rules<S, C, B> {
  /** The config as sent: every top-level key optional, each present key fully checked. */
  readonly configSchema: Schema.Codec<S, unknown>
  /** The body of `POST /v1/play/sessions/{sessionId}/finish`. */
  readonly finishSchema: Schema.Codec<B, unknown>
  /**
   * What is missing or wrong before the campaign can be activated; empty when complete. Paths start
   * with `config.` (`config.segments`).
   */
  readonly complete: (config: C) => ReadonlyArray<Detail>
  /** What the embed may see of the config; a `Game` gives `{}` for a config that does not decode. */
  readonly playerView: (config: C) => PlayerView
  /**
   * Turns a finish body into the play's result. `random` is one number in [0, 1) drawn from effect's
   * `Random`. Fails with `InvalidFields` (a body of the wrong shape) or `GameError` (`InvalidAnswer`) naming the body field (`answers.2.questionId`, `score`).
   */
  readonly finish: (config: C, body: B, random: number) => Result.Result<Finished, InvalidFields | GameError>
  /**
   * The files the config names (`config.art.background`), with the kind each must be, for
   * `FileRule.check`. A `Definition` names those of the keys its game defines; a `Game` adds the files
   * under keys the game does not define (`FileRule.undefinedKeyFields`).
   */
  readonly fileFields: (config: C) => ReadonlyArray<FileField>
  /** Ids a reward's outcome match may name (wheel segment ids); empty for other games. */
  readonly outcomeIds: (config: C) => ReadonlyArray<string>
}

/**
 * A game written against its own config and finish body types. A game whose config names no files
 * leaves out `fileFields`, one whose plays have no outcome leaves out `outcomeIds`: none, for both.
 */
export interface Definition<C extends Config, B>
  extends
    About,
    Omit<Rules<C, C, B>, "fileFields" | "outcomeIds">,
    Partial<Pick<Rules<C, C, B>, "fileFields" | "outcomeIds">> {}

/** A game of the catalogue. Configs and finish bodies are taken as `unknown` and decoded first. */
export interface Game extends About, Rules<Config, unknown, unknown> {
  /** The config decoded once, for the calls below to take in place of it (`DecodedConfig`). */
  readonly decodeConfig: (config: unknown) => DecodedConfig
  /** `configSchema` as a JSON Schema (draft 2020-12), as served by `GET /v1/games`. */
  readonly configJsonSchema: JsonSchema.JsonSchema
}

const parseOptions = { errors: "all", onExcessProperty: "ignore" } as const

/** A finish body is strict, as every body is: a field the game does not know is refused by name. */
const bodyParseOptions = { errors: "all", onExcessProperty: "error" } as const

/** The JSON Schema (draft 2020-12) of a schema, as one self-contained object. */
export const toJsonSchema = (schema: Schema.Top): JsonSchema.JsonSchema => {
  const document = Schema.toJsonSchemaDocument(schema)
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...document.schema,
    ...(Object.keys(document.definitions).length > 0 ? { $defs: document.definitions } : {})
  }
}

const DecodedTypeId = "~@campaign-games/core/Game/DecodedConfig" as const

/**
 * A config as a game decoded it (`Game.decodeConfig`): the game's calls take it in place of the raw
 * config and skip decoding it again (a finish from a campaign the instance remembers).
 */
export interface DecodedConfig {
  readonly [DecodedTypeId]: typeof DecodedTypeId
  /** The game that decoded it: another game decodes the raw config as usual. */
  readonly slug: string
  readonly result: Result.Result<unknown, Schema.SchemaError>
  /** The config as it was before decoding (the keys the game does not define are only here). */
  readonly raw: unknown
}

const isDecodedConfig = (input: unknown): input is DecodedConfig =>
  typeof input === "object" && input !== null && DecodedTypeId in input

/** Builds a catalogue `Game` from a typed definition. */
export const make = <C extends Config, B>(definition: Definition<C, B>): Game => {
  const decode = Schema.decodeUnknownResult(definition.configSchema)
  // A config this game decoded before (`decodeConfig`: a campaign `InstanceCache` keeps carries
  // its config decoded), or one to decode now.
  const decodeConfig = (input: unknown, options: typeof parseOptions) =>
    isDecodedConfig(input) && input.slug === definition.slug
      ? (input.result as ReturnType<typeof decode>)
      : decode(input, options)
  const decodeBody = Schema.decodeUnknownResult(definition.finishSchema)
  const withConfig =
    <A>(orElse: A, f: (config: C) => A) =>
    (input: unknown): A => {
      const config = decodeConfig(input, parseOptions)
      return Result.isSuccess(config) ? f(config.success) : orElse
    }
  return {
    decodeConfig: (input) => ({
      [DecodedTypeId]: DecodedTypeId,
      slug: definition.slug,
      result: decode(input, parseOptions),
      raw: input
    }),
    slug: definition.slug,
    name: definition.name,
    description: definition.description,
    result: definition.result,
    defaultWinnerAlgorithm: definition.defaultWinnerAlgorithm,
    labelKeys: definition.labelKeys,
    configSchema: definition.configSchema,
    configJsonSchema: toJsonSchema(definition.configSchema),
    finishSchema: definition.finishSchema,
    complete: (input) => {
      const config = decodeConfig(input, parseOptions)
      return Result.isSuccess(config)
        ? definition.complete(config.success)
        : issueToDetails(config.failure.issue, "config")
    },
    playerView: withConfig<PlayerView>({}, definition.playerView),
    fileFields: (input) => {
      const config = decodeConfig(input, parseOptions)
      if (Result.isFailure(config)) return []
      const raw = isDecodedConfig(input) ? input.raw : input
      return [...(definition.fileFields ?? none)(config.success), ...undefinedKeyFields(raw, config.success)]
    },
    outcomeIds: withConfig<ReadonlyArray<string>>([], definition.outcomeIds ?? none),
    finish: (input, rawBody, random) => {
      const config = decodeConfig(input, parseOptions)
      if (Result.isFailure(config)) return Result.fail(fromSchemaError(config.failure, "config"))
      const body = decodeBody(rawBody, bodyParseOptions)
      if (Result.isFailure(body)) return Result.fail(fromSchemaError(body.failure))
      return definition.finish(config.success, body.success, clampUnit(random))
    }
  }
}

/** What a game that leaves out `fileFields` or `outcomeIds` names: nothing. */
const none = (): ReadonlyArray<never> => []

/** Keeps a random number in [0, 1) whatever the caller passed. */
const clampUnit = (n: number): number => (Number.isFinite(n) ? Math.min(Math.max(n, 0), 1 - Number.EPSILON) : 0)

// -----------------------------------------------------------------------------
// Helpers for game modules
// -----------------------------------------------------------------------------

/** An id inside a config (segment, question, option): 1 to 64 characters. */
export const Id = Text(1, 64)

/**
 * A check on an array of objects with an `id`: a repeated id fails at the path of the repeat
 * (`segments.3.id`).
 */
export const uniqueIds = <A extends { readonly id: string }>() =>
  Schema.makeFilter<ReadonlyArray<A>>(
    (items) => {
      const seen = new Set<string>()
      const issues: Array<Schema.FilterIssue> = []
      items.forEach((item, i) => {
        if (seen.has(item.id)) issues.push({ path: [i, "id"], issue: `Duplicate id ${JSON.stringify(item.id)}` })
        seen.add(item.id)
      })
      return issues
    },
    { expected: "items with unique ids" }
  )

/** An array of `min` to `max` items whose ids are unique (wheel segments, questions, options). */
export const UniqueIdList = <S extends Schema.Top & { readonly Type: { readonly id: string } }>(
  item: S,
  min: number,
  max: number
) => Schema.Array(item).check(Schema.isMinLength(min), Schema.isMaxLength(max), uniqueIds<S["Type"]>())

/**
 * The details for the required keys a config lacks, one per key (`config.segments: is required…`).
 * A key is a dotted path into nested objects (`art.background`); it is missing when any object on
 * the way is.
 */
export const missingKeys = (config: Config, keys: ReadonlyArray<string>): ReadonlyArray<Detail> =>
  keys
    .filter((key) => valueAt(config, key) === undefined)
    .map((key) => ({ path: `config.${key}`, message: "is required to activate the campaign" }))

/** The value at a dotted path (`art.background`) of a config, `undefined` when any step is missing. */
const valueAt = (config: Config, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        typeof value === "object" && value !== null && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined,
      config
    )

/**
 * The failure of a config that lacks what the game needs (`ConfigIncomplete`): an activation, or a
 * finish on a config that should have been complete once active. `details` come from `complete`.
 */
export const incomplete = (details: ReadonlyArray<Detail>): GameError =>
  new GameError({ reason: new ConfigIncomplete({ details }) })

/** The failure of a finish body the game refuses (`InvalidAnswer`): `path` names its field. */
export const invalidAnswer = (path: string, problem: string): GameError =>
  new GameError({ reason: new InvalidAnswer({ path, problem }) })
