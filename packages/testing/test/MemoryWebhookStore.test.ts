import { Account, Store, Webhook } from "@campaign-games/core"
import { MemoryStore, MemoryWebhookStore } from "@campaign-games/testing"
import { StoreContractWebhooks } from "@campaign-games/testing/contract"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer } from "effect"

StoreContractWebhooks.suite("MemoryWebhookStore", MemoryWebhookStore.layer.pipe(Layer.provideMerge(MemoryStore.layer)))

describe("MemoryStore.layer", () => {
  it.effect("provides the webhook repositories over its own database and accounts, empty on every build", () =>
    Effect.gen(function* () {
      const now = DateTime.makeUnsafe(0)
      const scenario = Effect.gen(function* () {
        const store = yield* Store.Store
        const endpoints = yield* Webhook.EndpointRepo
        const empty = yield* endpoints.count("acc_1")
        yield* Account.AccountRepo.use((accounts) =>
          accounts.insert({
            id: "acc_1",
            name: "First",
            plan: "pro",
            featureOverrides: {},
            limitOverrides: {},
            createdAt: now,
            updatedAt: now
          })
        )
        const endpoint = {
          id: "we_1",
          accountId: "acc_1",
          url: "https://hooks.example.com",
          events: ["session_completed"],
          gameInstanceIds: [],
          channelIds: [],
          includeCouponCodes: false,
          status: "active",
          secret: "whsec_1",
          createdAt: now,
          updatedAt: now
        } as const
        yield* endpoints.insert(endpoint)
        yield* Effect.flip(
          store.transaction(Effect.andThen(endpoints.insert({ ...endpoint, id: "we_2" }), Effect.fail("no")))
        )
        return [empty, yield* endpoints.count("acc_1")]
      })
      assert.deepStrictEqual(yield* Effect.provide(scenario, MemoryStore.layer), [0, 1])
      assert.deepStrictEqual(yield* Effect.provide(scenario, MemoryStore.layer), [0, 1])
    })
  )
})
