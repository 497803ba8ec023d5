/**
 * Draws: winner selection over a campaign's entries (uniform, weighted, highest score), its
 * triggers, run records anyone can verify, and the `winner_selected` event.
 *
 * @since 0.1.0
 */
export * as Draw from "./Draw.ts"
export * as DrawAudit from "./DrawAudit.ts"
export * as DrawErrors from "./DrawErrors.ts"
export * as DrawHash from "./DrawHash.ts"
export * as DrawRun from "./DrawRun.ts"
export * as Draws from "./Draws.ts"
export * as DrawsEngine from "./DrawsEngine.ts"
export * as SeedChain from "./SeedChain.ts"
export * as WinnerGrants from "./WinnerGrants.ts"
export * as WinningMoments from "./WinningMoments.ts"
export { verifyDraw } from "./DrawAudit.ts"
