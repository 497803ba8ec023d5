/**
 * The contract of `IdempotencyRepo`: a claim of a fresh key claims it; a later claim within the
 * window gets the stored record (without an answer while the first request runs, with it once
 * completed); a record older than the window is replaced; keys are scoped by account; `abandon`
 * forgets only an unfinished record; of concurrent claims of one key, exactly one claims it. The
 * store keeps the key hash, fingerprint and sealed answer it is given, as given (the HTTP layer
 * hashes and seals: core `Idempotency`).
 *
 * @since 0.1.0
 */
import { type Account, Idempotency } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Duration, Effect, Option } from "effect"
import { at, DAY, SECOND, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenTwoAccounts } from "../internal/Given.ts"

const record = (
  accountId: string,
  keyHash: string,
  fingerprint = "fp-1",
  createdAt = at(0)
): Idempotency.KeyRecord => ({
  accountId,
  keyHash,
  fingerprint,
  createdAt,
  answer: null
})

/** A sealed answer as the HTTP layer writes it: opaque text, kept byte for byte. */
const answer = { status: 201, contentType: "application/json", sealed: "v1:q83vASNFZ4mrze8BI0VniQ+/=" }

/** Registers the `IdempotencyRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Idempotency.IdempotencyRepo | Account.AccountRepo>): void => {
  it.effect("a fresh key is claimed; a repeat gets the record, with its answer once completed", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const account = yield* givenAccount()
      const key = uid("idem")
      assert.isTrue(Option.isNone(yield* repo.claim(record(account.id, key), at(-DAY))))
      const running = yield* repo.claim(record(account.id, key, "fp-2", at(SECOND)), at(-DAY))
      assert.deepStrictEqual(
        Option.map(running, (r) => [r.fingerprint, r.answer]),
        Option.some(["fp-1", null])
      )
      yield* repo.complete(account.id, key, answer)
      const done = Option.getOrThrow(yield* repo.claim(record(account.id, key), at(-DAY)))
      assert.deepStrictEqual(done.answer, answer)
      assert.strictEqual(done.fingerprint, "fp-1")
      assert.strictEqual(done.createdAt.epochMilliseconds, at(0).epochMilliseconds)
    })
  )

  it.effect("a record older than the window is replaced by the next claim", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const account = yield* givenAccount()
      const key = uid("idem")
      yield* repo.claim(record(account.id, key), at(-DAY))
      yield* repo.complete(account.id, key, answer)
      // At DAY + 1 s, the window starts at 1 s: the record made at 0 is out of it.
      assert.isTrue(Option.isNone(yield* repo.claim(record(account.id, key, "fp-2", at(DAY + SECOND)), at(SECOND))))
      const replaced = Option.getOrThrow(yield* repo.claim(record(account.id, key), at(SECOND)))
      assert.deepStrictEqual([replaced.fingerprint, replaced.answer], ["fp-2", null])
    })
  )

  it.effect("a claim without an answer holds its key for its lease, then a repeat claims it (its request died)", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const account = yield* givenAccount()
      const [dead, done] = [uid("idem"), uid("idem")]
      yield* repo.claim(record(account.id, dead), at(-DAY))
      yield* repo.claim(record(account.id, done), at(-DAY))
      yield* repo.complete(account.id, done, answer)
      const lease = Duration.toMillis(Idempotency.claimLease)
      // Within the lease the first request may still run: the repeat is told so.
      const running = yield* repo.claim(record(account.id, dead, "fp-1", at(lease - SECOND)), at(-DAY))
      assert.deepStrictEqual(
        Option.map(running, (r) => r.answer),
        Option.some(null)
      )
      // Past it, the repeat claims the key; a completed record is still replayed.
      assert.isTrue(Option.isNone(yield* repo.claim(record(account.id, dead, "fp-1", at(lease + SECOND)), at(-DAY))))
      const kept = Option.getOrThrow(yield* repo.claim(record(account.id, done, "fp-1", at(lease + SECOND)), at(-DAY)))
      assert.deepStrictEqual(kept.answer, answer)
    })
  )

  it.effect("keys are scoped by account", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const [a, b] = yield* givenTwoAccounts
      const key = uid("idem")
      assert.isTrue(Option.isNone(yield* repo.claim(record(a.id, key), at(-DAY))))
      assert.isTrue(Option.isNone(yield* repo.claim(record(b.id, key), at(-DAY))))
    })
  )

  it.effect("abandon forgets an unfinished record, never a completed one", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const account = yield* givenAccount()
      const [open, done] = [uid("idem"), uid("idem")]
      yield* repo.claim(record(account.id, open), at(-DAY))
      yield* repo.claim(record(account.id, done), at(-DAY))
      yield* repo.complete(account.id, done, answer)
      yield* repo.abandon(account.id, open)
      yield* repo.abandon(account.id, done)
      assert.isTrue(Option.isNone(yield* repo.claim(record(account.id, open), at(-DAY))), "claimable again")
      const kept = yield* repo.claim(record(account.id, done), at(-DAY))
      assert.deepStrictEqual(
        Option.map(kept, (r) => r.answer),
        Option.some(answer)
      )
    })
  )

  it.effect("of 10 concurrent claims of one key, exactly one claims it", () =>
    Effect.gen(function* () {
      const repo = yield* Idempotency.IdempotencyRepo
      const account = yield* givenAccount()
      const key = uid("idem")
      const results = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => repo.claim(record(account.id, key, `fp-${i}`), at(-DAY)),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Option.isNone).length, 1)
      const fingerprints = new Set(results.flatMap((r) => (Option.isSome(r) ? [r.value.fingerprint] : [])))
      assert.strictEqual(fingerprints.size, 1, "every other claim saw the winner's record")
    })
  )
}
