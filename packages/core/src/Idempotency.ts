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
 * @since 0.1.0
 */
import { Context, DateTime, Duration, type Effect, type Option } from "effect"
import type { StoreError } from "./Errors.ts"
import type { Timestamp } from "./Fields.ts"

/** How long a key's answer is replayed. */
export const window = Duration.hours(24)

/** The longest key accepted (characters). */
export const MAX_KEY_LENGTH = 255

/** The kept answer of the first request with a key. */
export interface Answer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/** A key's record: the first request's fingerprint, and its answer once it has one. */
export interface KeyRecord {
  readonly accountId: string
  readonly key: string
  /** What identifies the request: the same key with another fingerprint is refused. */
  readonly fingerprint: string
  readonly createdAt: Timestamp
  /** Null while the first request runs. */
  readonly answer: Answer | null
}

/** What a request with a key does, given the record the store already holds for the key. */
export type Decision =
  { readonly _tag: "Replay"; readonly answer: Answer } | { readonly _tag: "Mismatch" } | { readonly _tag: "InProgress" }

/** The decision for a repeat of `fingerprint` over the `existing` record of its key. */
export const decide = (existing: KeyRecord, fingerprint: string): Decision =>
  existing.fingerprint !== fingerprint
    ? { _tag: "Mismatch" }
    : existing.answer === null
      ? { _tag: "InProgress" }
      : { _tag: "Replay", answer: existing.answer }

/** The oldest creation time of a record still in force at `now`. */
export const inForceSince = (now: Timestamp): Timestamp => DateTime.subtractDuration(now, window)

export class IdempotencyRepo extends Context.Service<
  IdempotencyRepo,
  {
    /**
     * Claims the key of `record` (whose `answer` is null) for its account, unless a record of the
     * key created at or after `since` exists: then that record, and nothing is written. An older
     * record is replaced. Atomic: of concurrent claims of one key, exactly one claims it.
     */
    readonly claim: (record: KeyRecord, since: Timestamp) => Effect.Effect<Option.Option<KeyRecord>, StoreError>
    /** Keeps the answer of the claimed key. */
    readonly complete: (accountId: string, key: string, answer: Answer) => Effect.Effect<void, StoreError>
    /** Forgets a claimed key that has no answer (the request failed in a way worth retrying). */
    readonly abandon: (accountId: string, key: string) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/IdempotencyRepo") {}
