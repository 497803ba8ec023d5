import { Account } from "@campaign-games/core"
import { MemoryStore } from "@campaign-games/testing"
import { StoreContract } from "@campaign-games/testing/contract"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"

StoreContract.suite("MemoryStore", MemoryStore.layer)

describe("MemoryStore.layer", () => {
  it.effect("starts empty on every build", () =>
    Effect.gen(function* () {
      const insertOne = Effect.gen(function* () {
        const accounts = yield* Account.AccountRepo
        const empty = yield* accounts.isEmpty
        const now = DateTime.makeUnsafe(0)
        yield* accounts.insert({
          id: "acc_1",
          name: "First",
          plan: "free",
          featureOverrides: {},
          limitOverrides: {},
          createdAt: now,
          updatedAt: now
        })
        return [empty, yield* accounts.isEmpty]
      })
      assert.deepStrictEqual(yield* Effect.provide(insertOne, MemoryStore.layer), [true, false])
      assert.deepStrictEqual(yield* Effect.provide(insertOne, MemoryStore.layer), [true, false])
    })
  )
})
