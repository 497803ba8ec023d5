/**
 * The database of a server: PostgreSQL when a URL is given (`@effect/sql-pg`, a pool of
 * connections), otherwise PGlite persisted under the data directory. Either way the migrations run
 * before anything else, then every store port (`SqlStore.layer`: core's `StorePorts`) is provided
 * together with the `SqlClient` (for later modules' repositories).
 *
 * Connection pools and PGlite are built on the live clock even when the caller runs under a test
 * clock: a pool's idle timers replayed by a test clock moved far ahead would spin.
 *
 * `testDatabase` / `layerTestPostgres` give each test file its own database on a shared PostgreSQL
 * server (created fresh, dropped when the scope closes), so test files run in parallel.
 *
 * @since 0.1.0
 */

import { randomBytes } from "node:crypto"
import { mkdir } from "node:fs/promises"
import { join, resolve } from "node:path"
import type { StorePorts } from "@campaign-games/core"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Clock, Duration, Effect, Layer, Redacted, type Scope } from "effect"
import { Reactivity } from "effect/reactivity"
import { type Migrator, type SqlClient, SqlError } from "effect/sql"
import * as Bounded from "./internal/Bounded.ts"
import * as Migrations from "./Migrations.ts"
import * as PgliteClient from "./PgliteClient.ts"
import * as SqlStore from "./SqlStore.ts"

/** What every database layer provides: the `SqlClient` and every store port (`StorePorts`). */
export type Services = SqlClient.SqlClient | StorePorts.StoreServices

/** How building a database layer can fail. */
export type Error = SqlError.SqlError | Migrator.MigrationError

/** Default number of PostgreSQL connections per pool. */
export const DEFAULT_POOL_SIZE = 10

/**
 * How many statements one connection carries at once by default (`layerPostgres`'s `multiplex`):
 * statements that are not part of a transaction (a play's three, most reads) share a connection,
 * each pipelined behind the others with its own `Sync`, so that a connection's backend answers a
 * batch of them per wake-up and an instance needs few connections. A transaction, a stream and a
 * `LISTEN` still take a connection of their own. Measured (docs/performance.md, "Pipelined
 * statements"): PostgreSQL's CPU a play about halved against one statement a connection at a time,
 * and more plays a second.
 *
 * What it costs: a statement waits behind those sent before it on its connection, so one slow
 * statement delays the up to 31 others pipelined with it (each still bounded by `statement_timeout`
 * and the store bound); and a statement abandoned by its caller (the store bound, an interrupted
 * request) cannot be cancelled without cancelling its neighbours, so it runs on to its end on the
 * server. `1` sends one statement a connection at a time, as a pool without pipelining does.
 */
export const DEFAULT_MULTIPLEX = 32

/**
 * How long the server waits on PostgreSQL, each in milliseconds (`docs/operations-faults.md`).
 * Zero (or less) disables a bound.
 */
export interface Timeouts {
  /** The client-side bound on one store call or top-level transaction (default 5,000). */
  readonly storeMs?: number | undefined
  /** Opening a connection, authentication included (default 3,000). */
  readonly connectMs?: number | undefined
  /** PostgreSQL's `statement_timeout` on every connection (default 30,000). */
  readonly statementMs?: number | undefined
  /** PostgreSQL's `idle_in_transaction_session_timeout` on every connection (default 10,000). */
  readonly idleInTransactionMs?: number | undefined
  /** Idle time of a connection before TCP keepalive probes start (default 10,000). */
  readonly keepAliveMs?: number | undefined
}

/** The defaults of `Timeouts`: a web service's. */
export const DEFAULT_TIMEOUTS = {
  storeMs: Duration.toMillis(Bounded.DEFAULT_TIMEOUT),
  connectMs: 3_000,
  statementMs: 30_000,
  idleInTransactionMs: 10_000,
  keepAliveMs: 10_000
} as const satisfies Required<Timeouts>

/** The store-call bound of `timeouts` (infinite when 0). */
const storeTimeout = (timeouts: Timeouts): Duration.Duration => {
  const ms = timeouts.storeMs ?? DEFAULT_TIMEOUTS.storeMs
  return ms <= 0 ? Duration.infinity : Duration.millis(ms)
}

/** The pool settings of `timeouts`: connect timeout, keepalive and the server-side timeouts. */
const poolTimeouts = (timeouts: Timeouts) => {
  const connectMs = timeouts.connectMs ?? DEFAULT_TIMEOUTS.connectMs
  const keepAliveMs = timeouts.keepAliveMs ?? DEFAULT_TIMEOUTS.keepAliveMs
  return {
    connectTimeout: connectMs <= 0 ? Duration.infinity : Duration.millis(connectMs),
    ...(keepAliveMs <= 0 ? {} : { keepAlive: Duration.millis(Math.max(1_000, keepAliveMs)) }),
    startupParameters: {
      statement_timeout: String(Math.max(0, timeouts.statementMs ?? DEFAULT_TIMEOUTS.statementMs)),
      idle_in_transaction_session_timeout: String(
        Math.max(0, timeouts.idleInTransactionMs ?? DEFAULT_TIMEOUTS.idleInTransactionMs)
      )
    }
  }
}

/** The pool settings of `multiplex` statements a connection: pipelined when more than one. */
const multiplexing = (multiplex: number | undefined) => {
  const statements = Math.max(1, Math.floor(multiplex ?? DEFAULT_MULTIPLEX))
  return statements > 1 ? { multiplex: true, multiplexConcurrency: statements } : { multiplex: false }
}

const liveClock = Layer.succeed(Clock.Clock)(Clock.Clock.defaultValue())

/**
 * Migrates the database of `client`, then builds the store over it, each store call bounded by
 * `timeout` (`Bounded`). PGlite runs in this process and cannot go silent: unbounded, so that a
 * store under load answers slowly rather than not at all.
 */
const storeOver = <C, E>(
  client: Layer.Layer<C | SqlClient.SqlClient, E>,
  timeout: Duration.Duration = Duration.infinity
): Layer.Layer<Services | C, E | Error> =>
  SqlStore.layer.pipe(
    Layer.provideMerge(Migrations.layer.pipe(Layer.provideMerge(client))),
    Layer.provide(Layer.succeed(Bounded.StoreTimeout)(timeout)),
    Layer.provide(liveClock)
  )

/**
 * PostgreSQL at `url`, with a pool of `poolSize` connections (default 10), each carrying up to
 * `multiplex` statements at once (default `DEFAULT_MULTIPLEX`; 1: one at a time), and the waits of
 * `timeouts` (defaults `DEFAULT_TIMEOUTS`).
 */
export const layerPostgres = (options: {
  readonly url: string
  readonly poolSize?: number | undefined
  readonly multiplex?: number | undefined
  readonly timeouts?: Timeouts | undefined
}): Layer.Layer<Services, Error> =>
  storeOver(
    PgClient.layer({
      url: Redacted.make(options.url),
      maxConnections: options.poolSize ?? DEFAULT_POOL_SIZE,
      ...multiplexing(options.multiplex),
      // This pool's own name, so its connections can be told from other instances' in
      // `pg_stat_activity` (`SqlStoreGauges`: the pool gauge).
      applicationName: `campaign-games/${randomBytes(6).toString("hex")}`,
      ...poolTimeouts(options.timeouts ?? {})
    }),
    storeTimeout(options.timeouts ?? {})
  )

/**
 * PGlite with its files in `dataDir` (created when missing), or in memory when `dataDir` is
 * undefined. Costs about 3 s (in memory) or 1 s (reopening) and up to 1.3 GB: build it once.
 */
export const layerPglite = (
  options: { readonly dataDir?: string | undefined } = {}
): Layer.Layer<Services | PgliteClient.PgliteClient, Error> => {
  const dataDir = options.dataDir
  if (dataDir === undefined) return storeOver(PgliteClient.layer())
  const directory = resolve(dataDir)
  const created = Effect.tryPromise({
    try: () => mkdir(directory, { recursive: true }),
    catch: (cause) =>
      new SqlError.SqlError({
        reason: new SqlError.ConnectionError({
          cause,
          message: `Cannot create the data directory ${directory}`,
          operation: "connect"
        })
      })
  })
  return storeOver(Layer.unwrap(Effect.as(created, PgliteClient.layer({ dataDir: directory }))))
}

/**
 * The server's database: PostgreSQL when `databaseUrl` is set, otherwise PGlite persisted in
 * `<dataDir>/pglite` (the data directory also holds other files, such as media).
 */
export const layer = (options: {
  readonly databaseUrl?: string | undefined
  readonly dataDir: string
  readonly poolSize?: number | undefined
  readonly multiplex?: number | undefined
  readonly timeouts?: Timeouts | undefined
}): Layer.Layer<Services, Error> =>
  options.databaseUrl !== undefined && options.databaseUrl !== ""
    ? layerPostgres({
        url: options.databaseUrl,
        poolSize: options.poolSize,
        multiplex: options.multiplex,
        timeouts: options.timeouts
      })
    : layerPglite({ dataDir: join(options.dataDir, "pglite") })

const randomName = (): string => {
  const bytes = new Uint8Array(8)
  globalThis.crypto.getRandomValues(bytes)
  return `cg_test_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`
}

/** Runs one statement on the server at `url` over a connection of its own. */
const runOn = (url: string, statement: string): Effect.Effect<void, SqlError.SqlError> =>
  Effect.scoped(
    Effect.flatMap(PgClient.make({ url: Redacted.make(url), maxConnections: 1 }), (client) => client.unsafe(statement))
  ).pipe(
    Effect.asVoid,
    Effect.provide(Reactivity.layer),
    Effect.provideService(Clock.Clock, Clock.Clock.defaultValue())
  )

/** The rows (positional) of one query on the database at `url`, over a connection of its own (tests, benches). */
export const rows = (
  url: string,
  statement: string
): Effect.Effect<ReadonlyArray<ReadonlyArray<unknown>>, SqlError.SqlError> =>
  Effect.scoped(
    Effect.flatMap(
      PgClient.make({ url: Redacted.make(url), maxConnections: 1 }),
      (client) => client.unsafe(statement).values
    )
  ).pipe(Effect.provide(Reactivity.layer), Effect.provideService(Clock.Clock, Clock.Clock.defaultValue()))

/**
 * Creates a fresh database (`cg_test_<random>`) on the PostgreSQL server of `databaseUrl` and
 * returns its URL; drops it (`WITH (FORCE)`) when the scope closes.
 */
export const testDatabase = (databaseUrl: string): Effect.Effect<string, SqlError.SqlError, Scope.Scope> =>
  Effect.gen(function* () {
    const name = randomName()
    yield* Effect.acquireRelease(runOn(databaseUrl, `CREATE DATABASE ${name}`), () =>
      Effect.ignore(runOn(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    )
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    return url.toString()
  })

/**
 * A migrated store on a fresh database of the PostgreSQL server at `databaseUrl`, dropped when the
 * layer is released: one per test file lets test files run in parallel on one server.
 */
export const layerTestPostgres = (
  databaseUrl: string,
  options: {
    readonly poolSize?: number | undefined
    readonly multiplex?: number | undefined
    readonly timeouts?: Timeouts | undefined
  } = {}
): Layer.Layer<Services, Error> =>
  Layer.unwrap(
    Effect.map(testDatabase(databaseUrl), (url) =>
      layerPostgres({ url, poolSize: options.poolSize, multiplex: options.multiplex, timeouts: options.timeouts })
    )
  )
