/**
 * Participants' data: a player's export and erasure, the record of erasures, the retention period
 * and its worker.
 *
 * @since 0.1.0
 */
export * as Participants from "./Participants.ts"
export * as Privacy from "./Privacy.ts"
export * as PrivacyEngine from "./PrivacyEngine.ts"
