import { Validation } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"

describe("Validation.decode", () => {
  it.effect("lists every failing field, at most MAX_DETAILS of them, the last saying how many more", () =>
    Effect.gen(function* () {
      const decode = Validation.decode(Schema.Struct({ codes: Schema.Array(Schema.String) }))
      const many = yield* Effect.flip(decode({ codes: Array.from({ length: 5000 }, (_, i) => i) }))
      const fewFailure = yield* Effect.flip(decode({ codes: [1, "a", 2] }))
      assert.deepStrictEqual(
        fewFailure.details!.map((d) => d.path),
        ["codes.0", "codes.2"]
      )
      assert.strictEqual(many.details!.length, Validation.MAX_DETAILS)
      assert.strictEqual(many.details![0]!.path, "codes.0")
      const last = many.details![Validation.MAX_DETAILS - 1]!
      assert.strictEqual(last.path, `codes.${Validation.MAX_DETAILS - 1}`)
      assert.include(last.message, `and ${5000 - Validation.MAX_DETAILS} more invalid fields not listed`)
    })
  )
})
