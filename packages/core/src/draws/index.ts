/**
 * Draws: winner selection over a campaign's entries (uniform, weighted, highest score), its
 * triggers, run records anyone can verify, and the `winner_selected` event.
 *
 * @since 0.1.0
 */
export * as DrawErrors from "./DrawErrors.ts"
export * as DrawsEngine from "./DrawsEngine.ts"
export * as WinnerGrants from "./WinnerGrants.ts"
