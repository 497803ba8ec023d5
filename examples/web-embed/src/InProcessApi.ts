/**
 * The Campaign Games API inside the demo's backend process: every route of `@campaign-games/http`
 * as one Web-standard handler (`Server.toWebHandler`) over the engine on Node (`NodeEngine.layer`)
 * and a store, called with `Request`s and no network hop. The operator API is on, with a token made
 * here and kept in memory: the demo uses it once, to create its account.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import type { StorePorts } from "@campaign-games/core"
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, Redacted } from "effect"
import { RateLimiter } from "effect/persistence"
import type { Api } from "./Demo.ts"

export interface InProcessApi {
  readonly handler: Api
  /** The operator token of this process's API (random, never written anywhere). */
  readonly adminToken: string
  /** Resolves once the store answers and is migrated (`/ready` is 200); rejects if the engine failed to start. */
  readonly whenReady: () => Promise<void>
  /** Stops the engine's workers and closes the store. */
  readonly dispose: () => Promise<void>
}

/** The API over `store`, with rate limits in this process's memory. */
export const make = <E>(options: {
  readonly store: Layer.Layer<StorePorts.StoreServices, E>
  /** Where the backend is reached: the base of media URLs. */
  readonly publicUrl: string
}): InProcessApi => {
  const adminToken = randomBytes(24).toString("base64url")
  const dependencies = Layer.mergeAll(
    RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
    Layer.succeed(HttpConfig.HttpConfig, { adminToken: Redacted.make(adminToken), publicUrl: options.publicUrl }),
    NodeHttpServer.layerHttpServices
  ).pipe(Layer.provideMerge(NodeEngine.layer(options.store)))
  const { handler, dispose } = Server.toWebHandler(dependencies)
  const whenReady = async () => {
    const { status } = await handler(new Request(new URL("/ready", options.publicUrl)))
    if (status !== 200) throw new Error(`the Campaign Games API is not ready: /ready answered ${status}`)
  }
  return { handler: (request) => handler(request), adminToken, whenReady, dispose }
}
