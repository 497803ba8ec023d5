/**
 * The games catalogue: every game the engine ships, looked up by slug, and the records
 * `GET /v1/games` serves. A new game is one module under `games/` and one line in `all`.
 *
 * @since 0.1.0
 */
import type { JsonSchema } from "effect"
import type { Game, ResultKind, WinnerAlgorithm } from "./Game.ts"
import * as MemoryMatch from "./MemoryMatch.ts"
import * as Prediction from "./Prediction.ts"
import * as Quiz from "./Quiz.ts"
import * as SpinTheWheel from "./SpinTheWheel.ts"

/** Every game, in catalogue order. */
export const all: ReadonlyArray<Game> = [SpinTheWheel.game, Quiz.game, Prediction.game, MemoryMatch.game]

const bySlugMap: ReadonlyMap<string, Game> = new Map(all.map((game) => [game.slug, game]))

/** The game with this slug, if the engine has it. */
export const bySlug = (slug: string): Game | undefined => bySlugMap.get(slug)

/** Every label key of every game, for account branding (which applies to all games). */
export const allLabelKeys: ReadonlyArray<string> = [...new Set(all.flatMap((game) => game.labelKeys))]

/** A game as listed by `GET /v1/games`. */
export interface CatalogueEntry {
  readonly slug: string
  readonly name: string
  readonly description: string
  readonly defaultWinnerAlgorithm: WinnerAlgorithm
  readonly labelKeys: ReadonlyArray<string>
  readonly result: ResultKind
  /** The JSON Schema (draft 2020-12) of the game's config. */
  readonly configSchema: JsonSchema.JsonSchema
}

/** The catalogue record of a game. */
export const catalogueEntry = (game: Game): CatalogueEntry => ({
  slug: game.slug,
  name: game.name,
  description: game.description,
  defaultWinnerAlgorithm: game.defaultWinnerAlgorithm,
  labelKeys: game.labelKeys,
  result: game.result,
  configSchema: game.configJsonSchema
})

/** The whole catalogue, as `GET /v1/games` serves it. */
export const catalogue = (): ReadonlyArray<CatalogueEntry> => all.map(catalogueEntry)
