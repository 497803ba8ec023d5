/**
 * `StoreGauges` over effect/sql.
 *
 * - `webhookPending` counts `webhook_deliveries` in `pending` or `failed` (the partial index of
 *   due deliveries holds exactly those rows).
 * - `pool` (PostgreSQL only) reads `pg_stat_activity` for the backends of this instance's pool,
 *   which `Database.layerPostgres` names with an `application_name` of its own
 *   (`campaign-games/<random>`): `idle` backends are free, the others (running a statement, or in
 *   a transaction) are in use, and those of them waiting on a lock (`wait_event_type = 'Lock'`)
 *   are `waiting`. The backend that runs this read is left out. PGlite (one session) has no pool.
 *
 * @since 0.1.0
 */
import { StoreGauges } from "@campaign-games/core"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"

interface PoolRow {
  readonly inUse: number | string
  readonly idle: number | string
  readonly waiting: number | string
}

/** `StoreGauges` over the `SqlClient` (and the `PgClient`'s application name on PostgreSQL). */
export const layer: Layer.Layer<StoreGauges.StoreGauges, never, SqlClient.SqlClient> = Layer.effect(
  StoreGauges.StoreGauges,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const pg = yield* Effect.serviceOption(PgClient.PgClient)
    const applicationName = Option.flatMapNullishOr(pg, (client) => client.config.applicationName)

    const pending = sql<{ readonly n: number | string }>`
      SELECT count(*) AS n FROM webhook_deliveries WHERE status IN ('pending', 'failed')`.pipe(
      Effect.map((rows) => Number(rows[0]?.n ?? 0))
    )

    const pool = Option.match(applicationName, {
      onNone: () => Effect.succeed(null),
      onSome: (name) =>
        sql<PoolRow>`
          SELECT count(*) FILTER (WHERE state <> 'idle') AS "inUse",
                 count(*) FILTER (WHERE state = 'idle') AS idle,
                 count(*) FILTER (WHERE state <> 'idle' AND wait_event_type = 'Lock') AS waiting
          FROM pg_stat_activity
          WHERE application_name = ${name} AND pid <> pg_backend_pid()`.pipe(
          Effect.map((rows) => {
            const row = rows[0]
            return {
              inUse: Number(row?.inUse ?? 0),
              idle: Number(row?.idle ?? 0),
              waiting: Number(row?.waiting ?? 0)
            }
          })
        )
    })

    return StoreGauges.StoreGauges.of({
      read: Effect.all({ webhookPending: pending, pool }).pipe(
        Effect.mapError(Repository.toStoreError("StoreGauges.read"))
      )
    })
  })
)
