/**
 * The Campaign Games API as one Web-standard handler (`Request → Promise<Response>`): every route of
 * `@campaign-games/http` (`/v1`, the operator API under `/admin/v1`, `/docs`, `/ready`, `/health`)
 * over the engine on Node (`NodeEngine.layer`) and a store, built with `Server.toWebHandler`. Any
 * server that speaks the Fetch API's types mounts it: Hono (here), Express or Fastify through their
 * Fetch adapters, Next.js route handlers, Bun, Deno.
 *
 * Besides the engine, the routes ask for a `RateLimiter` (here in process memory), `HttpConfig` and
 * the HTTP platform's services (`HttpPlatform`, `FileSystem`, `Path`, `Etag`: Node's, for file
 * answers).
 *
 * The handler starts building the engine at once (store, migrations, background workers);
 * `whenReady` resolves once `/ready` answers 200, so the application opens its port only then.
 * `dispose` stops the workers and closes the store.
 *
 * @since 0.1.0
 */
import { Accounts, type StorePorts } from "@campaign-games/core"
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Option, Redacted } from "effect"
import { RateLimiter } from "effect/persistence"

export interface Options<E> {
  /** The store: `Database.layer(…)` from `@campaign-games/sql` (PostgreSQL or PGlite), or any store layer. */
  readonly store: Layer.Layer<StorePorts.StoreServices, E>
  /** The base of upload and file URLs: where this application is reached. */
  readonly publicUrl: string
  /** Enables the operator API (`/admin/v1`) with `Authorization: Bearer <adminToken>`. */
  readonly adminToken?: string | undefined
  /**
   * Called once when the store holds no account: the `default` account was created, with its owner
   * key (shown only now). Without it no account is created at start.
   */
  readonly onFirstStart?: ((created: { readonly accountId: string; readonly ownerKey: string }) => void) | undefined
}

export interface Api {
  /** Answers any request for one of the API's routes (`App.apiPaths`). */
  readonly handler: (request: Request) => Promise<Response>
  /** Resolves when the store answers and is migrated (`/ready` is 200); rejects if the engine failed to start. */
  readonly whenReady: () => Promise<void>
  /** Stops the engine's workers and closes the store. */
  readonly dispose: () => Promise<void>
}

/** Rate-limit counts in this process's memory (use `RateLimitStore.layerRedis` to share them). */
const rateLimiter = RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory))

/** Creates the `default` account on an empty store and hands its owner key to `onFirstStart`. */
const bootstrap = (onFirstStart: NonNullable<Options<never>["onFirstStart"]>) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const created = yield* (yield* Accounts.Accounts).bootstrap
      if (Option.isSome(created)) {
        onFirstStart({ accountId: created.value.account.id, ownerKey: created.value.apiKey.key })
      }
    })
  )

/** The API's handler over `options.store`, with the engine on Node and rate limits in memory. */
export const make = <E>(options: Options<E>): Api => {
  const config = Layer.succeed(HttpConfig.HttpConfig, {
    adminToken: options.adminToken === undefined ? undefined : Redacted.make(options.adminToken),
    publicUrl: options.publicUrl
  })
  const dependencies = Layer.mergeAll(
    rateLimiter,
    config,
    NodeHttpServer.layerHttpServices,
    options.onFirstStart === undefined ? Layer.empty : bootstrap(options.onFirstStart)
  ).pipe(Layer.provideMerge(NodeEngine.layer(options.store)))
  const { handler, dispose } = Server.toWebHandler(dependencies)
  const whenReady = async () => {
    const response = await handler(new Request(new URL("/ready", options.publicUrl)))
    if (response.status !== 200)
      throw new Error(`the Campaign Games API is not ready: /ready answered ${response.status}`)
  }
  return { handler: (request) => handler(request), whenReady, dispose }
}
