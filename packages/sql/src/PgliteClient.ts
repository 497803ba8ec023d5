/**
 * An effect/sql `SqlClient` over PGlite, the WebAssembly build of PostgreSQL that runs inside the
 * Node process (`@effect/sql-pglite` does not run on effect 4.1, so this is our own thin client).
 * It speaks the same SQL dialect as `@effect/sql-pg` (it uses that package's statement compiler),
 * so repositories and migrations run unchanged on both.
 *
 * PGlite has one session. A semaphore gives it to one fiber at a time: a statement holds it while it
 * runs, a transaction holds it from `BEGIN` to `COMMIT`/`ROLLBACK`, so statements of other fibers
 * never land inside someone else's transaction. Nested transactions are savepoints, as effect/sql
 * makes them. Errors carry PostgreSQL's SQLSTATE and are classified into `SqlError` reasons
 * (`UniqueViolation`, `SerializationError`, …) exactly as `@effect/sql-pg` does.
 *
 * Costs: a fresh in-memory instance takes about 3 s and 0.5–1.3 GB to start; reopening a data
 * directory about 1 s. Share one instance (one layer build) per process or test file.
 *
 * @since 0.1.0
 */

import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { PGlite, type PGliteOptions, type Results } from "@electric-sql/pglite"
import { Context, Effect, Layer, type Scope, Semaphore, Stream } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient, type SqlConnection, SqlError } from "effect/sql"

/** A `SqlClient` over PGlite, with the PGlite instance for what SQL cannot do (dumps, extensions). */
export interface PgliteClient extends SqlClient.SqlClient {
  readonly pglite: PGlite
  /**
   * Listens on `channel` (`LISTEN`) for the life of the scope, calling `onNotify` with each
   * notification's payload once its transaction has committed. `LISTEN` and `UNLISTEN` take the
   * session like a statement, so they never land inside another fiber's transaction.
   */
  readonly listen: (
    channel: string,
    onNotify: (payload: string) => void
  ) => Effect.Effect<void, SqlError.SqlError, Scope.Scope>
}

export const PgliteClient = Context.Service<PgliteClient>("@campaign-games/sql/PgliteClient")

export interface PgliteClientConfig {
  /** Directory of the database files; in memory when undefined. */
  readonly dataDir?: string | undefined
  /** Extra PGlite options (`relaxedDurability`, `debug`, …). */
  readonly options?: Omit<PGliteOptions, "dataDir"> | undefined
}

/** Maps a PGlite (or any PostgreSQL) error to a `SqlError` with the reason of its SQLSTATE. */
export const classifyError = (cause: unknown, operation: string): SqlError.SqlError => {
  const code = readString(cause, "code")
  const message = readString(cause, "message") ?? "PGlite statement failed"
  const props = { cause, message, operation }
  const reason = (() => {
    if (code === undefined) return new SqlError.UnknownError(props)
    if (code.startsWith("08")) return new SqlError.ConnectionError(props)
    if (code.startsWith("28")) return new SqlError.AuthenticationError(props)
    if (code === "42501") return new SqlError.AuthorizationError(props)
    if (code.startsWith("42")) return new SqlError.SqlSyntaxError(props)
    if (code === "23505") {
      return new SqlError.UniqueViolation({ ...props, constraint: readString(cause, "constraint") ?? "unknown" })
    }
    if (code.startsWith("23")) return new SqlError.ConstraintError(props)
    if (code === "40P01") return new SqlError.DeadlockError(props)
    if (code === "40001") return new SqlError.SerializationError(props)
    if (code === "55P03") return new SqlError.LockTimeoutError(props)
    if (code === "57014") return new SqlError.StatementTimeoutError(props)
    return new SqlError.UnknownError(props)
  })()
  return new SqlError.SqlError({ reason })
}

const readString = (u: unknown, key: string): string | undefined => {
  if (typeof u !== "object" || u === null || !(key in u)) return undefined
  const value = (u as Record<string, unknown>)[key]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

/** What effect/sql applies to the rows a query returns, when it transforms them (its column-name transforms). */
type TransformRows = <A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>

/**
 * Parameters as PGlite takes them. PGlite serialises by the parameter types PostgreSQL infers, so
 * plain values pass as they are; typed parameters of `@effect/sql-pg` (`PgTypes.jsonb(…)`, what
 * `PgClient.json` makes) pass their value, JSON ones as text.
 */
const toPgliteParams = (params: ReadonlyArray<unknown>): Array<unknown> =>
  params.map((param) => {
    if (!PgTypes.isParameter(param)) return param
    if (param.value === null || param.value === undefined) return null
    return param.oid === PgTypes.OID.jsonb || param.oid === PgTypes.OID.json ? JSON.stringify(param.value) : param.value
  })

class PgliteConnection implements SqlConnection.Connection {
  readonly pglite: PGlite
  constructor(pglite: PGlite) {
    this.pglite = pglite
  }

  private query(
    sql: string,
    params: ReadonlyArray<unknown>,
    operation: string,
    rowMode?: "array"
  ): Effect.Effect<Results<Record<string, unknown>>, SqlError.SqlError> {
    return Effect.tryPromise({
      try: () =>
        this.pglite.query<Record<string, unknown>>(
          sql,
          toPgliteParams(params),
          rowMode === undefined ? undefined : { rowMode }
        ),
      catch: (cause) => classifyError(cause, operation)
    })
  }

  private rows(
    sql: string,
    params: ReadonlyArray<unknown>,
    transformRows: TransformRows | undefined,
    operation: string
  ) {
    return Effect.map(this.query(sql, params, operation), (result) =>
      transformRows === undefined ? result.rows : transformRows(result.rows)
    )
  }

  execute(sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows | undefined) {
    return this.rows(sql, params, transformRows, "execute")
  }
  executeRaw(sql: string, params: ReadonlyArray<unknown>) {
    return this.query(sql, params, "executeRaw")
  }
  executeUnprepared(sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows | undefined) {
    return this.rows(sql, params, transformRows, "executeUnprepared")
  }
  executeValues(sql: string, params: ReadonlyArray<unknown>) {
    return Effect.map(
      this.query(sql, params, "executeValues", "array"),
      (result) => result.rows as unknown as ReadonlyArray<ReadonlyArray<unknown>>
    )
  }
  executeValuesUnprepared(sql: string, params: ReadonlyArray<unknown>) {
    return this.executeValues(sql, params)
  }
  executeStream(sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows | undefined) {
    return Stream.fromArrayEffect(this.rows(sql, params, transformRows, "executeStream"))
  }
}

/** PostgreSQL answers `ROLLBACK` to a `COMMIT` of an aborted transaction: that is a failure. */
const commit = (conn: SqlConnection.Connection): Effect.Effect<void, SqlError.SqlError> =>
  Effect.flatMap(conn.executeRaw("COMMIT", []), (result) =>
    (result as Results).command === "ROLLBACK"
      ? Effect.fail(
          new SqlError.SqlError({
            reason: new SqlError.UnknownError({
              cause: new Error("COMMIT rolled back an aborted transaction"),
              message: "PgliteClient: COMMIT rolled back an aborted transaction",
              operation: "commit"
            })
          })
        )
      : Effect.void
  )

/** Opens PGlite (closed with the scope) and builds the client over it. */
export const make = Effect.fnUntraced(function* (
  config: PgliteClientConfig = {}
): Effect.fn.Return<PgliteClient, SqlError.SqlError, Scope.Scope | Reactivity.Reactivity> {
  const pglite = yield* Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const db = new PGlite({
          ...config.options,
          ...(config.dataDir === undefined ? {} : { dataDir: config.dataDir })
        })
        await db.waitReady
        return db
      },
      catch: (cause) => classifyError(cause, "connect")
    }),
    (db) => Effect.promise(() => db.close()).pipe(Effect.timeoutOption("10 seconds"), Effect.ignore)
  )
  const connection = new PgliteConnection(pglite)
  const session = Semaphore.makeUnsafe(1)
  const acquirers = SqlClient.makeSqliteAcquirers({
    connection: Effect.succeed(connection),
    semaphore: session,
    isTransaction: (conn) => conn.pglite.isInTransaction()
  })
  const client = yield* SqlClient.make({
    acquirer: acquirers.acquirer,
    borrower: acquirers.borrower,
    transactionAcquirer: acquirers.transactionAcquirer,
    onCommitFailure: acquirers.onCommitFailure,
    isTransaction: acquirers.isTransaction,
    commit,
    releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
    compiler: PgClient.makeCompiler(),
    driver: "pglite",
    spanAttributes: [
      ["db.system.name", "postgresql"],
      ["db.namespace", config.dataDir ?? "memory"]
    ]
  })
  const listen = (channel: string, onNotify: (payload: string) => void) =>
    Effect.acquireRelease(
      session.withPermit(
        Effect.tryPromise({
          try: () => pglite.listen(channel, onNotify),
          catch: (cause) => classifyError(cause, "listen")
        })
      ),
      (unlisten) => Effect.ignore(session.withPermit(Effect.tryPromise(() => unlisten())))
    ).pipe(Effect.asVoid)
  return Object.assign(client, { pglite, listen })
})

/** `SqlClient` (and `PgliteClient`) over a PGlite in `dataDir`, or in memory when it is undefined. */
export const layer = (
  config: PgliteClientConfig = {}
): Layer.Layer<PgliteClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.effectContext(
    Effect.map(make(config), (client) =>
      Context.make(PgliteClient, client).pipe(Context.add(SqlClient.SqlClient, client))
    )
  ).pipe(Layer.provide(Reactivity.layer))
