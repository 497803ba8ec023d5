/**
 * The webhook part of the store contract on its own (the `EndpointRepo` and `DeliveryRepo` suites
 * of `contract/`), for an adapter of those two ports over a store that provides `Store` and
 * `AccountRepo` (`MemoryWebhookStore` over a `MemoryDatabase`, say). `StoreContract` runs the same
 * suites among every other.
 *
 * @since 0.1.0
 */
import type { Account, Store, StorePorts } from "@campaign-games/core"
import { layer, type Vitest } from "@effect/vitest"
import type { Layer } from "effect"
import { register, suites } from "./StoreContract.ts"

/** The services an adapter under test provides. */
export type Services = Store.Store | Account.AccountRepo | StorePorts.WebhookRepos

/**
 * Registers the webhook store contract tests under `name`, run against one build of `storeLayer`
 * shared by every test of the suite, on the live clock.
 */
export const suite = (name: string, storeLayer: Layer.Layer<Services, unknown>): void =>
  layer(storeLayer, { excludeTestServices: true, timeout: "120 seconds" })(name, tests)

/**
 * Registers the webhook store contract tests with `it`, for a file that shares its layer with tests
 * of its own. Run them on the live clock (`excludeTestServices`).
 */
export const tests = (it: Vitest.MethodsNonLive<Services>): void =>
  register(it, { EndpointRepo: suites.EndpointRepo, DeliveryRepo: suites.DeliveryRepo })
