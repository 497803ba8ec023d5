/**
 * `IdempotencyRepo` in memory: the records of one store build in a map keyed by account and key,
 * each method running alone (a semaphore), so concurrent claims of one key let exactly one claim
 * it. Records are kept outside the store's transactions, as the SQL adapter's are written in
 * statements of their own. Records hold what they are given: the key's hash and the sealed answer.
 *
 * @since 0.1.0
 */
import { Idempotency } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option, Semaphore } from "effect"

const keyOf = (accountId: string, keyHash: string): string => `${accountId}\u0000${keyHash}`

/** Whether `stored` still holds its key against a claim made at `now` (core `Idempotency.claim`). */
const holds = (stored: Idempotency.KeyRecord, now: DateTime.Utc, since: DateTime.Utc): boolean =>
  !DateTime.isLessThan(stored.createdAt, since) &&
  !(stored.answer === null && DateTime.isLessThan(stored.createdAt, Idempotency.leaseSince(now)))

/** `IdempotencyRepo` over a map of its own. */
export const layer: Layer.Layer<Idempotency.IdempotencyRepo> = Layer.effect(
  Idempotency.IdempotencyRepo,
  Effect.gen(function* () {
    const records = new Map<string, Idempotency.KeyRecord>()
    const serial = yield* Semaphore.make(1)
    return Idempotency.IdempotencyRepo.of({
      claim: (record, since) =>
        Effect.sync(() => {
          const id = keyOf(record.accountId, record.keyHash)
          const stored = records.get(id)
          if (stored !== undefined && holds(stored, record.createdAt, since)) {
            return Option.some(stored)
          }
          records.set(id, { ...record, answer: null })
          return Option.none()
        }).pipe(serial.withPermit),
      complete: (accountId, keyHash, answer) =>
        Effect.sync(() => {
          const id = keyOf(accountId, keyHash)
          const stored = records.get(id)
          if (stored !== undefined) records.set(id, { ...stored, answer })
        }).pipe(serial.withPermit),
      abandon: (accountId, keyHash) =>
        Effect.sync(() => {
          const id = keyOf(accountId, keyHash)
          if (records.get(id)?.answer === null) records.delete(id)
        }).pipe(serial.withPermit)
    })
  })
)
