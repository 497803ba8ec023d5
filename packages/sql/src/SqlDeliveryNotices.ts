/**
 * `DeliveryNotices` over the database: `LISTEN webhook_deliveries`. A statement that inserts
 * deliveries notifies that channel (the trigger of migration `0010_webhook_dispatch`), and so do
 * `SqlDeliveryRepo.resend` and `resendExhausted`; PostgreSQL delivers each notice once its
 * transaction commits, to every listening session of every instance.
 *
 * - **PostgreSQL** (`@effect/sql-pg`): a connection of its own per listener, outside the pool (a
 *   listening session is held for good and must not take one of the pool's), named
 *   `campaign-games webhook notices` in `pg_stat_activity`. When it breaks (a restart of the
 *   server, a network failure), a warning is logged, the dispatcher polls meanwhile, and it
 *   connects again after 2 s, again and again.
 * - **PGlite**: its `listen` on the one session (`PgliteClient.listen`), which lives as long as the
 *   store; should `LISTEN` fail, a warning is logged and the dispatcher polls.
 * - **Any other `SqlClient`**: no notices (the dispatcher polls).
 *
 * After (re)starting to listen it calls `onNotice` once: deliveries may have come in while it was
 * not listening. Listening uses the clock the layer was built with (the store's live clock), so a
 * test clock never holds up a reconnection.
 *
 * @since 0.1.0
 */
import { Webhook } from "@campaign-games/core"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgConnection from "@effect/sql-pg/PgConnection"
import { Clock, Duration, Effect, Layer, Option, Queue, type Scope } from "effect"
import type { SqlClient } from "effect/sql"
import * as PgliteClient from "./PgliteClient.ts"

/** The channel of the notices (the trigger of migration `0010_webhook_dispatch` names it too). */
export const CHANNEL = "webhook_deliveries"

/** How long to wait before listening again after the listening connection broke. */
const RECONNECT = Duration.seconds(2)

/** Listens on a PostgreSQL connection of its own, connecting again whenever it breaks. */
const listenPostgres = (pg: PgClient.PgClient, onNotice: () => void): Effect.Effect<void, never, Scope.Scope> =>
  Effect.scoped(
    Effect.gen(function* () {
      const connection = yield* PgConnection.make({ ...pg.config, applicationName: "campaign-games webhook notices" })
      const notices = yield* connection.listen(CHANNEL)
      onNotice()
      while (true) {
        yield* Queue.takeAll(notices)
        onNotice()
      }
    })
  ).pipe(
    Effect.catch((error) =>
      Effect.logWarning("webhook notices: not listening; deliveries are found by polling meanwhile", error.message)
    ),
    Effect.andThen(Effect.sleep(RECONNECT)),
    Effect.forever,
    Effect.forkScoped,
    Effect.asVoid
  )

/** Listens on PGlite's session. */
const listenPglite = (
  client: PgliteClient.PgliteClient,
  onNotice: () => void
): Effect.Effect<void, never, Scope.Scope> =>
  client
    .listen(CHANNEL, () => onNotice())
    .pipe(
      Effect.andThen(Effect.sync(onNotice)),
      Effect.catch((error) =>
        Effect.logWarning("webhook notices: not listening; deliveries are found by polling", error.message)
      )
    )

/** `DeliveryNotices` over the database's `SqlClient`: PostgreSQL, PGlite, or none. */
export const layer: Layer.Layer<Webhook.DeliveryNotices, never, SqlClient.SqlClient> = Layer.effect(
  Webhook.DeliveryNotices,
  Effect.gen(function* () {
    const clock = yield* Clock.Clock
    const pg = yield* Effect.serviceOption(PgClient.PgClient)
    const pglite = yield* Effect.serviceOption(PgliteClient.PgliteClient)
    const onClock = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, Clock.Clock, clock)
    if (Option.isSome(pg)) {
      return Webhook.DeliveryNotices.of({ listen: (onNotice) => onClock(listenPostgres(pg.value, onNotice)) })
    }
    if (Option.isSome(pglite)) {
      return Webhook.DeliveryNotices.of({ listen: (onNotice) => onClock(listenPglite(pglite.value, onNotice)) })
    }
    return Webhook.DeliveryNotices.of({ listen: () => Effect.void })
  })
)
