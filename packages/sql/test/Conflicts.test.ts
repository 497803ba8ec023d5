/**
 * A statement PostgreSQL aborted in a deadlock or a serialization failure runs again, at most five
 * times in all; any other failure is not run again.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Ref } from "effect"
import * as Conflicts from "../src/internal/Conflicts.ts"
import { classifyError } from "../src/PgliteClient.ts"

/** A statement that fails with SQLSTATE `code` on its first `failures` runs, then answers its run count. */
const flaky = (runs: Ref.Ref<number>, failures: number, code: string) =>
  Effect.flatMap(
    Ref.updateAndGet(runs, (n) => n + 1),
    (n) => (n <= failures ? Effect.fail(classifyError({ code, message: "aborted" }, "query")) : Effect.succeed(n))
  )

describe("Conflicts.againOnConflict", () => {
  it.effect("runs a statement aborted in a deadlock or a serialization failure again", () =>
    Effect.gen(function* () {
      for (const code of ["40P01", "40001"]) {
        const runs = yield* Ref.make(0)
        assert.strictEqual(yield* Conflicts.againOnConflict(flaky(runs, 2, code)), 3, code)
      }
    })
  )

  it.effect("gives up after five runs, and never runs another failure again", () =>
    Effect.gen(function* () {
      const stuck = yield* Ref.make(0)
      const exit = yield* Effect.exit(Conflicts.againOnConflict(flaky(stuck, 99, "40P01")))
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(yield* Ref.get(stuck), Conflicts.MAX_STATEMENT_RUNS)
      const unique = yield* Ref.make(0)
      yield* Effect.exit(Conflicts.againOnConflict(flaky(unique, 99, "23505")))
      assert.strictEqual(yield* Ref.get(unique), 1)
    })
  )
})
