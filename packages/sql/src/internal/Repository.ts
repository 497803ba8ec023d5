/**
 * How a repository module is made: its port's methods written over the `SqlClient` (`layer`), with
 * every failure of the database (`SqlError`) or of a row's decoding (`SchemaError`) reported as
 * core's `StoreError`, named after the operation (`"AccountRepo.insert failed: …"`) and keeping the
 * cause, so `Store.transaction` still sees a serialization failure or a deadlock under it. A port's
 * own failures (a duplicate origin's `Conflict`, a `StoreError` already made) pass as they are.
 *
 * @since 0.1.0
 */
import { Errors } from "@campaign-games/core"
import { type Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import * as Bounded from "./Bounded.ts"

/** A failure of the database or of decoding a row. */
export type Failure = SqlError.SqlError | Schema.SchemaError

const isFailure = (error: unknown): error is Failure => SqlError.isSqlError(error) || Schema.isSchemaError(error)

/** A storage failure of `operation`, as the ports report it. */
export const toStoreError =
  (operation: string) =>
  (error: Failure | Errors.StoreError): Errors.StoreError =>
    error instanceof Errors.StoreError
      ? error
      : new Errors.StoreError({ message: `${operation} failed: ${error.message}`, cause: error })

/**
 * `self` with its database and decoding failures reported as `StoreError`s of `operation`, and its
 * wait bounded (`Bounded`).
 */
const reported =
  (operation: string, bound: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, unknown, R>) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, unknown, R> =>
    bound(Effect.mapError(self, (error) => (isFailure(error) ? toStoreError(operation)(error) : error)))

/**
 * The methods of a port `S` as written over the `SqlClient`: each may also fail with a `Failure`
 * (which `layer` reports as a `StoreError`).
 */
export type Unreported<S> = {
  readonly [K in keyof S]: S[K] extends (...args: infer P) => Effect.Effect<infer A, infer E, infer R>
    ? (...args: P) => Effect.Effect<A, E | Failure, R>
    : S[K] extends Effect.Effect<infer A, infer E, infer R>
      ? Effect.Effect<A, E | Failure, R>
      : S[K]
}

/**
 * The layer of the port `tag` whose methods `make` writes over the `SqlClient`; their failures are
 * reported as `StoreError`s of `<port>.<method>` (the port's name is the last segment of its key).
 * Each call waits at most `Bounded.StoreTimeout` for the database (a `StoreError` past it).
 */
export const layer = <I, S extends object>(
  tag: Context.Service<I, S>,
  make: (sql: SqlClient.SqlClient) => Unreported<S>
): Layer.Layer<I, never, SqlClient.SqlClient> =>
  Layer.effect(
    tag,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const timeout = yield* Bounded.StoreTimeout
      const port = tag.key.slice(tag.key.lastIndexOf("/") + 1)
      const methods: Record<string, unknown> = {}
      for (const [name, method] of Object.entries(make(sql))) {
        const operation = `${port}.${name}`
        const report = reported(operation, Bounded.bounded(operation, timeout))
        methods[name] = Effect.isEffect(method)
          ? report(method)
          : (...args: ReadonlyArray<unknown>) =>
              report((method as (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>)(...args))
      }
      // Each method is the one `make` wrote, with `Failure`s reported as `StoreError`: `S`'s own.
      return methods as S
    })
  )
