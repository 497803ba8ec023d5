/**
 * The bound on a wait for the database, on the client's side. PostgreSQL's own timeouts
 * (`statement_timeout`, `idle_in_transaction_session_timeout`) only help while the server can still
 * answer; a database that goes silent (packets dropped, a proxy that stops forwarding) answers
 * nothing, and a statement sent to it would wait for TCP to give up, minutes later. So every call
 * of a store port and every top-level transaction runs under `StoreTimeout`: when it has not
 * answered by then, the caller gets a `StoreError` (answered 503 `service_unavailable` at the HTTP
 * edge) at once.
 *
 * The caller does not wait for the abandoned call to stop: interrupting a statement on a silent
 * connection drains it first (up to the driver's own 5 s, after which the connection is retired), so
 * the interruption runs in the background and the caller's wait ends on the bound itself. A
 * statement pipelined with others on a shared connection (`Database.DEFAULT_MULTIPLEX`) is only
 * abandoned: the driver cannot cancel it without cancelling its neighbours, so it runs on to its
 * end on the server (`statement_timeout` at most). A
 * transaction abandoned this way commits nothing unless its `COMMIT` had already reached the server,
 * the ambiguity the `Idempotency-Key` of a play call settles.
 *
 * The bound is real time (a Node timer, not the fiber's `Clock`), so a test clock moved ahead in the
 * caller's fibers never trips it.
 *
 * @since 0.1.0
 */
import { Errors } from "@campaign-games/core"
import { Context, Duration, Effect } from "effect"

/** The default bound: a web service's answer should not wait longer on its database. */
export const DEFAULT_TIMEOUT = Duration.seconds(5)

/** How long one store call (a port method, or a top-level transaction) may wait for the database. */
export const StoreTimeout = Context.Reference<Duration.Duration>("@campaign-games/sql/StoreTimeout", {
  defaultValue: () => DEFAULT_TIMEOUT
})

/** The failure of a call over its bound. */
export const timedOut = (operation: string, timeout: Duration.Duration): Errors.StoreError =>
  new Errors.StoreError({
    message: `${operation} failed: the database did not answer within ${Duration.toMillis(timeout)} ms`
  })

/**
 * `self` bounded by `timeout`, slept on `clock`: past it, a `StoreError` of `operation`, and `self`
 * is interrupted in the background. An infinite `timeout` leaves `self` as it is.
 *
 * Every store call runs through this, so it is written for its cost (`bench/play-overhead.ts`,
 * docs/performance.md): `self` in a fiber of its own, watched with an observer, and the bound a Node
 * timer, where `Effect.raceFirst` would fork two more fibers and join them (about 6 µs a call with
 * it, 2 µs with the bound in a fiber of its own sleeping, less again with a timer: the fiber, its
 * async context and its sleep were about 6 µs of a play call in process). A call that completes at
 * once answers without any timer.
 */
export const bounded =
  (operation: string, timeout: Duration.Duration) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | Errors.StoreError, R> => {
    if (!Duration.isFinite(timeout)) return self
    const millis = Duration.toMillis(timeout)
    return Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(Effect.forkDetach(restore(self), { startImmediately: true }), (fiber) => {
        const done = fiber.pollUnsafe()
        if (done !== undefined) return done
        return restore(
          Effect.callback<A, E | Errors.StoreError>((resume) => {
            let settled = false
            const unobserve = fiber.addObserver((exit) => {
              if (settled) return
              settled = true
              clearTimeout(timer)
              resume(exit)
            })
            const timer = setTimeout(() => {
              if (settled) return
              settled = true
              unobserve()
              fiber.interruptUnsafe()
              resume(Effect.fail(timedOut(operation, timeout)))
            }, millis)
            // The caller interrupted: neither waits any longer.
            return Effect.sync(() => {
              settled = true
              unobserve()
              clearTimeout(timer)
              fiber.interruptUnsafe()
            })
          })
        )
      })
    )
  }
