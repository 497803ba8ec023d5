/**
 * The error reasons of the media library (files, folders, uploads, imports), by category. `Errors` joins each list into its
 * category's `reason` union (`Errors.ConflictReason`, …), and the HTTP adapter's table
 * (`ApiError`) must say how each is answered. Reasons are made with `Reason.ts` (never `Errors`,
 * which imports this module).
 *
 * @since 0.1.0
 */

/** Reasons of `InvalidRequest` (400). */
export const InvalidRequest = [] as const

/** Reasons of `UpgradeRequired` (402). */
export const UpgradeRequired = [] as const

/** Reasons of `NotFound` (404). */
export const NotFound = [] as const

/** Reasons of `Conflict` (409). */
export const Conflict = [] as const

/** Reasons of `ConfirmationRequired` (409 confirmation_required). */
export const ConfirmationRequired = [] as const

/** Every reason of this module. */
export type Reason = (
  typeof InvalidRequest | typeof UpgradeRequired | typeof NotFound | typeof Conflict | typeof ConfirmationRequired
)[number]["Type"]
