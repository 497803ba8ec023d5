/**
 * Migration `0011_sealed_idempotency`: the answers kept for `Idempotency-Key` replays are stored
 * sealed from this version on (the key as a derived hash, the answer under AES-256-GCM with a key
 * derived from the client's `Idempotency-Key`: `IdempotencyKeys` of `@campaign-games/http`), so a
 * reader of the database cannot see the secrets some answers show once (a new API key, a webhook
 * secret, coupon codes). The rows written before held the key and the answer in plain text; no
 * request finds them any more (the lookup is by the derived hash), so they are deleted here rather
 * than left to expire. A retry within 24 hours of the upgrade of a request made before it acts
 * again, as a request with a new key would. Never edit it once shipped: add another.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(`DELETE FROM idempotency_keys`)
