/**
 * Games: the module every game implements (config, player view, finish, result) and the catalogue of the games the engine ships.
 *
 * @since 0.1.0
 */
export * as Game from "./Game.ts"
export * as Games from "./Games.ts"
export * as MemoryBoard from "./MemoryBoard.ts"
export * as MemoryMatch from "./MemoryMatch.ts"
export * as Prediction from "./Prediction.ts"
export * as Quiz from "./Quiz.ts"
export * as SpinTheWheel from "./SpinTheWheel.ts"
export * as GameErrors from "./GameErrors.ts"
