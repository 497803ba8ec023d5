/**
 * Idempotency keys, with Stripe's semantics: a request that creates something may carry a key of
 * its client's choosing; the first request with the key acts and its answer is kept; a repeat with
 * the same key and the same request within `window` (24 hours) gets that answer again instead of
 * acting twice; a repeat with another request is refused; a repeat while the first still runs is
 * refused too, so two concurrent requests with one key act once. Keys are scoped by account.
 *
 * The records live in the store (`IdempotencyRepo`), so a key holds across server instances; the
 * HTTP layer decides what a request's fingerprint is and which answers are kept.
 *
 * What the store holds opens nothing without the key. Kept answers carry secrets shown once (a new
 * API key, an endpoint's `whsec_` secret, generated or granted coupon codes), and a key is the
 * client's secret too: so a record holds the key only as a hash (`keyHash`), the request only as a
 * fingerprint keyed by the key, and the answer's body only sealed (`SealedAnswer`) under a key derived
 * from the Idempotency-Key and the account. Only a request presenting the same key can find the
 * record and open its answer; someone who reads the store cannot (short of guessing the key). The
 * HTTP layer hashes, keys and seals (`IdempotencyKeys`); the store keeps what it is given.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Duration, type Effect, type Option } from "effect"
import type { StoreError } from "./Failure.ts"
import type { Timestamp } from "./Fields.ts"
import { constantTimeEqual } from "./Secrets.ts"

/** How long a key's answer is replayed. */
export const window = Duration.hours(24)

/** The longest key accepted (characters). */
export const MAX_KEY_LENGTH = 255

/** The answer of the first request with a key, as its client got it. Never stored as such. */
export interface Answer {
  readonly status: number
  readonly contentType: string
  /** The headers a replay gives again besides the content type (the rate limit's), by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** An answer as kept: its status and content type, and its body sealed under the request's key. */
export interface SealedAnswer {
  readonly status: number
  readonly contentType: string
  /** The headers and the body, encrypted and authenticated (with the status and content type); opaque text. */
  readonly sealed: string
}

/** A key's record: the first request's fingerprint, and its sealed answer once it has one. */
export interface KeyRecord {
  readonly accountId: string
  /** A one-way hash of the key (and the account): the key itself is never stored. */
  readonly keyHash: string
  /** What identifies the request, keyed by the key: the same key with another fingerprint is refused. */
  readonly fingerprint: string
  readonly createdAt: Timestamp
  /** Null while the first request runs. */
  readonly answer: SealedAnswer | null
}

/** What a request with a key does, given the record the store already holds for the key. */
export type Decision =
  | { readonly _tag: "Replay"; readonly answer: SealedAnswer }
  | { readonly _tag: "Mismatch" }
  | { readonly _tag: "InProgress" }

/** The decision for a repeat of `fingerprint` over the `existing` record of its key. */
export const decide = (existing: KeyRecord, fingerprint: string): Decision =>
  !constantTimeEqual(existing.fingerprint, fingerprint)
    ? { _tag: "Mismatch" }
    : existing.answer === null
      ? { _tag: "InProgress" }
      : { _tag: "Replay", answer: existing.answer }

/** The oldest creation time of a record still in force at `now`. */
export const inForceSince = (now: Timestamp): Timestamp => DateTime.subtractDuration(now, window)

/**
 * How long a claim without an answer holds its key. A request whose process died (`kill -9`)
 * neither answers nor forgets its key; past this lease a repeat claims the key again, instead of
 * being told for the rest of the window that the first request still runs. Longer than a request
 * can run: each store call is bounded (seconds) and a statement by the store's own timeout.
 */
export const claimLease = Duration.minutes(2)

/** The oldest creation time of a claim without an answer that still holds its key, for a claim made at `now`. */
export const leaseSince = (now: Timestamp): Timestamp => DateTime.subtractDuration(now, claimLease)

export class IdempotencyRepo extends Context.Service<
  IdempotencyRepo,
  {
    /**
     * Claims the key hash of `record` (whose `answer` is null) for its account, unless a record of
     * the hash created at or after `since` exists: then that record, and nothing is written. An
     * older record is replaced, and so is one without an answer created before
     * `leaseSince(record.createdAt)` (its request died). Atomic: of concurrent claims of one key,
     * exactly one claims it.
     */
    readonly claim: (record: KeyRecord, since: Timestamp) => Effect.Effect<Option.Option<KeyRecord>, StoreError>
    /** Keeps the sealed answer of the claimed key hash, as given. */
    readonly complete: (accountId: string, keyHash: string, answer: SealedAnswer) => Effect.Effect<void, StoreError>
    /** Forgets a claimed key hash that has no answer (the request failed in a way worth retrying). */
    readonly abandon: (accountId: string, keyHash: string) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/IdempotencyRepo") {}
