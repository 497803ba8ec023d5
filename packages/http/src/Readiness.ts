/**
 * The readiness check, `GET /ready`, for load balancers and orchestrators. `/health` (the API's
 * system group) says only that the process lives; `/ready` says whether this instance can serve:
 * 200 `{ "status": "ready" }` when a transaction on the store opens and commits within
 * `timeout`, else 503 `{ "status": "unavailable" }`. The store is migrated before the routes are
 * built and the port opens only after that (`examples/server` `App.serveRoutes`), so a server
 * still migrating refuses the connection, which a balancer treats like a 503. Outside the `/v1`
 * API: no key, no rate limit, not in the OpenAPI document.
 *
 * The check answers within `timeout` even when the database is silent: the transaction runs in a
 * fiber of its own, and past `timeout` the route answers 503 and interrupts it in the background
 * rather than wait for a statement on a silent connection to drain.
 *
 * @since 0.1.0
 */
import { Store } from "@campaign-games/core"
import { Duration, Effect, Exit, Fiber } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"

/** How long the store has to answer before the instance is reported unavailable. */
export const timeout = Duration.seconds(2)

/** The `/ready` route. */
export const layer = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const store = yield* Store.Store
    const reached = Effect.flatMap(Effect.forkDetach(store.transaction(Effect.void)), (fiber) =>
      Effect.raceFirst(Effect.map(Fiber.await(fiber), Exit.isSuccess), Effect.as(Effect.sleep(timeout), false)).pipe(
        Effect.ensuring(Effect.asVoid(Effect.forkDetach(Fiber.interrupt(fiber))))
      )
    )
    yield* router.add(
      "GET",
      "/ready",
      Effect.map(reached, (ok) =>
        HttpServerResponse.jsonUnsafe(
          { status: ok ? "ready" : "unavailable" },
          { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } }
        )
      )
    )
  })
)
