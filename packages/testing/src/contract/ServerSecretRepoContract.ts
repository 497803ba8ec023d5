/**
 * The contract of `ServerSecretRepo`: `getOrCreate` keeps the first value of a named secret, and
 * concurrent first calls all get one and the same value.
 *
 * @since 0.1.0
 */
import { ClientToken } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { uid } from "../internal/Fixtures.ts"

/** Registers the `ServerSecretRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<ClientToken.ServerSecretRepo>): void => {
  it.effect("getOrCreate keeps the first value of a secret", () =>
    Effect.gen(function* () {
      const secrets = yield* ClientToken.ServerSecretRepo
      const name = uid("secret")
      assert.strictEqual(yield* secrets.getOrCreate(name, "first"), "first")
      assert.strictEqual(yield* secrets.getOrCreate(name, "second"), "first")
      const other = uid("secret")
      assert.strictEqual(yield* secrets.getOrCreate(other, "other"), "other")
      assert.strictEqual(yield* secrets.getOrCreate(name, "third"), "first")
    })
  )

  it.effect("concurrent first calls of getOrCreate all get the same value", () =>
    Effect.gen(function* () {
      const secrets = yield* ClientToken.ServerSecretRepo
      const raced = uid("secret")
      const values = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => secrets.getOrCreate(raced, `candidate-${i}`),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(new Set(values).size, 1, `every caller got the same value: ${values.join(", ")}`)
      assert.strictEqual(yield* secrets.getOrCreate(raced, "late"), values[0])
    })
  )
}
