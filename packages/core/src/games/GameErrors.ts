/**
 * The errors of the games' rules (`Game`, `MemoryBoard`): one `GameError` whose `reason` says what
 * a game refused: a config that lacks what the game needs, a player's answer it does not accept, a
 * flip or a finish a Memory Match board refuses. Plays and campaigns pass it through.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Details, fieldsMessage, ServiceError, withDetails, withMessage } from "../Failure.ts"

/**
 * The campaign's config lacks what activation (or a play) needs; `details` name each missing or
 * wrong key (`config.segments`), and are empty when the game cannot say which.
 */
export class ConfigIncomplete extends withMessage(
  Schema.TaggedError<ConfigIncomplete>()("ConfigIncomplete", { details: Details }),
  ({ details }) => (details.length === 0 ? "The campaign's config is incomplete" : fieldsMessage(details))
) {}

/**
 * The player's answer (the finish body) is not one the game accepts: a prediction's `optionId` that
 * is not an option, a score above the game's maximum. `path` names the body field.
 */
export class InvalidAnswer extends withDetails(
  Schema.TaggedError<InvalidAnswer>()("InvalidAnswer", { path: Schema.String, problem: Schema.String }),
  ({ path, problem }) => `${path}: ${problem}`,
  ({ path, problem }) => [{ path, message: problem }]
) {}

/**
 * A Memory Match scored by the server refused a flip or a finish: the card is matched or already
 * face up, the time is up, pairs are left before the time is up, or the campaign scores on the
 * client (no board to flip).
 */
export class BoardRefused extends withMessage(
  Schema.TaggedError<BoardRefused>()("BoardRefused", {
    sessionId: Schema.String,
    because: Schema.Literals(["cardMatched", "cardFaceUp", "timeUp", "pairsLeft", "clientScored", "tooManyFlips"])
  }),
  ({ because }) =>
    because === "cardMatched"
      ? "This card is already matched."
      : because === "cardFaceUp"
        ? "This card is already face up."
        : because === "timeUp"
          ? "The time is up: no more cards can be turned."
          : because === "pairsLeft"
            ? "Pairs are left: the game can finish once every pair is matched or the time is up."
            : because === "tooManyFlips"
              ? "This board has had all the flips a game may make."
              : "This game is scored by the embed: it has no board on the server."
) {}

/** What a game's rules can refuse. */
export const GameReason = Schema.Union([ConfigIncomplete, InvalidAnswer, BoardRefused])
export type GameReason = typeof GameReason.Type

/** A game refused: `reason` says why. */
export class GameError extends ServiceError(Schema.TaggedError<GameError>()("GameError", { reason: GameReason })) {}
