/**
 * Runs the reference server from the environment:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | port to listen on |
 * | HOST | 127.0.0.1 | address to listen on |
 * | CG_DATA_DIR | ./.data | the embedded store's directory (PGlite) |
 * | DATABASE_URL | | PostgreSQL instead of the embedded store (migrations run at start) |
 * | CG_DB_POOL_SIZE | 10 | PostgreSQL connections per instance |
 * | CG_DB_MULTIPLEX | 32 | statements one PostgreSQL connection carries at once, pipelined (1: one at a time) |
 * | CG_DB_TIMEOUT_MS | 5000 | the longest a store call waits for PostgreSQL before a 503 (0: no bound) |
 * | CG_DB_CONNECT_TIMEOUT_MS | 3000 | opening a PostgreSQL connection, authentication included |
 * | CG_DB_STATEMENT_TIMEOUT_MS | 30000 | PostgreSQL's `statement_timeout` on each connection |
 * | CG_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS | 10000 | PostgreSQL's `idle_in_transaction_session_timeout` |
 * | CG_DB_KEEPALIVE_MS | 10000 | idle time before TCP keepalive probes on a PostgreSQL connection (0: off) |
 * | REDIS_URL | | shares rate-limit counts between instances |
 * | CG_REDIS_TIMEOUT_MS | 500 | the longest a rate-limit count waits for Redis before this instance counts in memory |
 * | CG_ADMIN_TOKEN | | enables the operator API; at least 32 characters (the server refuses to start otherwise) |
 * | CG_PUBLIC_URL | http://HOST:PORT | base of upload and file URLs |
 * | CG_ALLOW_PRIVATE_URLS | false | lets webhooks and imports use http: and private addresses (development only) |
 * | CG_S3_BUCKET | | media files in this S3-compatible bucket instead of `<CG_DATA_DIR>/media` (several instances need it) |
 * | CG_S3_ENDPOINT | | the S3 API's address (MinIO, …); AWS's when unset |
 * | CG_S3_REGION | us-east-1 | the bucket's region |
 * | CG_S3_FORCE_PATH_STYLE | false | path-style bucket addressing (MinIO and most S3-compatible servers) |
 * | CG_S3_PUBLIC_URL | | serve files by redirecting to `<this>/<key>` (a CDN) instead of presigned GETs |
 * | CG_METRICS_TOKEN | | `/metrics` asks for `Authorization: Bearer <this>`; unset, it serves loopback callers only |
 * | CG_LOG_FORMAT | text | `json`: one JSON line per request and every log line as JSON |
 * | OTEL_EXPORTER_OTLP_ENDPOINT | | send traces over OTLP/HTTP to `<this>/v1/traces`; unset, no spans are made |
 * | OTEL_EXPORTER_OTLP_TRACES_ENDPOINT | | the full URL to post traces to, in place of `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces` |
 * | OTEL_EXPORTER_OTLP_HEADERS | | `name=value,…` headers sent with the traces (a vendor's API key) |
 * | OTEL_SERVICE_NAME | campaign-games | the service name on the traces |
 *
 * S3 credentials come from the AWS SDK's usual chain (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
 * shared files, roles).
 *
 * On first start with an empty store it creates the account `default` and prints its owner key once.
 *
 * @since 0.1.0
 */
import { Accounts } from "@campaign-games/core"
import { DiskBlobStore, HttpConfig, NodeEngine, NodeMedia, Observability, Tracing } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { NodeRuntime } from "@effect/platform-node"
import { Config, Console, Effect, Layer, Option, Redacted, References } from "effect"
import * as App from "./App.ts"

// The process is the server's own: its disk media streams may collect as they go (V8's --expose-gc).
DiskBlobStore.enableEarlyCollection()

const ServerConfig = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(8080)),
  host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
  dataDir: Config.String("CG_DATA_DIR").pipe(Config.withDefault("./.data")),
  databaseUrl: Config.option(Config.String("DATABASE_URL")),
  poolSize: Config.Int("CG_DB_POOL_SIZE").pipe(Config.withDefault(Database.DEFAULT_POOL_SIZE)),
  multiplex: Config.Int("CG_DB_MULTIPLEX").pipe(Config.withDefault(Database.DEFAULT_MULTIPLEX)),
  timeouts: Config.all({
    storeMs: Config.Int("CG_DB_TIMEOUT_MS").pipe(Config.withDefault(Database.DEFAULT_TIMEOUTS.storeMs)),
    connectMs: Config.Int("CG_DB_CONNECT_TIMEOUT_MS").pipe(Config.withDefault(Database.DEFAULT_TIMEOUTS.connectMs)),
    statementMs: Config.Int("CG_DB_STATEMENT_TIMEOUT_MS").pipe(
      Config.withDefault(Database.DEFAULT_TIMEOUTS.statementMs)
    ),
    idleInTransactionMs: Config.Int("CG_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS").pipe(
      Config.withDefault(Database.DEFAULT_TIMEOUTS.idleInTransactionMs)
    ),
    keepAliveMs: Config.Int("CG_DB_KEEPALIVE_MS").pipe(Config.withDefault(Database.DEFAULT_TIMEOUTS.keepAliveMs))
  }),
  redisUrl: Config.option(Config.String("REDIS_URL")),
  redisTimeoutMs: Config.Int("CG_REDIS_TIMEOUT_MS").pipe(Config.withDefault(500)),
  adminToken: Config.option(Config.Redacted("CG_ADMIN_TOKEN")),
  publicUrl: Config.option(Config.String("CG_PUBLIC_URL")),
  allowPrivateUrls: Config.Boolean("CG_ALLOW_PRIVATE_URLS").pipe(Config.withDefault(false)),
  metricsToken: Config.option(Config.Redacted("CG_METRICS_TOKEN")),
  logFormat: Config.Literals(["text", "json"], "CG_LOG_FORMAT").pipe(Config.withDefault("text" as const)),
  otlpEndpoint: Config.option(Config.String("OTEL_EXPORTER_OTLP_ENDPOINT")),
  otlpTracesEndpoint: Config.option(Config.String("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")),
  otlpHeaders: Config.String("OTEL_EXPORTER_OTLP_HEADERS").pipe(Config.withDefault("")),
  serviceName: Config.String("OTEL_SERVICE_NAME").pipe(Config.withDefault("campaign-games")),
  s3: Config.all({
    bucket: Config.String("CG_S3_BUCKET").pipe(Config.withDefault("")),
    endpoint: Config.String("CG_S3_ENDPOINT").pipe(Config.withDefault("")),
    region: Config.String("CG_S3_REGION").pipe(Config.withDefault("")),
    forcePathStyle: Config.Boolean("CG_S3_FORCE_PATH_STYLE").pipe(Config.withDefault(false)),
    publicUrl: Config.String("CG_S3_PUBLIC_URL").pipe(Config.withDefault(""))
  })
})

const program = Effect.gen(function* () {
  const config = yield* ServerConfig
  const tokenRefused = HttpConfig.checkAdminToken(Option.getOrUndefined(Option.map(config.adminToken, Redacted.value)))
  if (tokenRefused !== undefined) {
    // Refused before anything opens: no port, no store. The message never repeats the token.
    yield* Console.error(`Campaign Games will not start: ${tokenRefused}`)
    return yield* Effect.sync(() => {
      process.exitCode = 1
    })
  }
  const store = Database.layer({
    databaseUrl: Option.getOrUndefined(config.databaseUrl),
    dataDir: config.dataDir,
    poolSize: config.poolSize,
    multiplex: config.multiplex,
    timeouts: config.timeouts
  })
  const publicUrl = Option.getOrElse(config.publicUrl, () => `http://${config.host}:${config.port}`)
  const bootstrap = Layer.effectDiscard(
    Effect.gen(function* () {
      const accounts = yield* Accounts.Accounts
      const created = yield* accounts.bootstrap
      if (Option.isSome(created)) {
        // Printed once, to the terminal only (never through the logger): the owner key of `default`.
        yield* Console.log(
          `Created account "default" (${created.value.account.id}).\nIts owner API key, shown only now:\n\n  ${created.value.apiKey.key}\n`
        )
      }
    })
  )
  const server = App.serve({
    host: config.host,
    port: config.port,
    adminToken: Option.getOrUndefined(config.adminToken),
    publicUrl,
    redisUrl: Option.getOrUndefined(config.redisUrl),
    logFormat: config.logFormat,
    metricsToken: Option.getOrUndefined(config.metricsToken),
    redisTimeoutMs: config.redisTimeoutMs
  })
  const media = NodeMedia.fromEnv(
    {
      CG_S3_BUCKET: config.s3.bucket,
      CG_S3_ENDPOINT: config.s3.endpoint,
      CG_S3_REGION: config.s3.region,
      CG_S3_FORCE_PATH_STYLE: String(config.s3.forcePathStyle),
      CG_S3_PUBLIC_URL: config.s3.publicUrl
    },
    { publicUrl, dataDir: config.dataDir }
  )
  // Traces only with a collector to send them to; otherwise no span is made at all.
  const tracesEndpoint = Option.getOrUndefined(config.otlpTracesEndpoint)
  const tracing = Option.match(
    Option.orElse(config.otlpEndpoint, () => config.otlpTracesEndpoint),
    {
      onNone: () => Layer.succeed(References.TracerEnabled, false),
      onSome: (endpoint) =>
        Tracing.layerOtlp({
          endpoint,
          tracesEndpoint,
          headers: Tracing.parseHeaders(config.otlpHeaders),
          serviceName: config.serviceName
        })
    }
  )
  const logs = config.logFormat === "json" ? Observability.layerJsonLogger() : Layer.empty
  yield* Layer.launch(
    Layer.mergeAll(server, bootstrap).pipe(
      Layer.provide(NodeEngine.layer(store, { allowPrivateUrls: config.allowPrivateUrls, media })),
      Layer.provide([tracing, logs]),
      Layer.tap(() =>
        Console.log(
          `Campaign Games listening on http://${config.host}:${config.port} (${Option.isSome(config.databaseUrl) ? "PostgreSQL" : `embedded store in ${config.dataDir}`}; media files ${media.storage._tag === "S3" ? `in the bucket ${media.storage.bucket}` : `in ${media.storage.directory}`}); docs at /docs`
        )
      )
    )
  )
})

// Without OTEL_EXPORTER_OTLP_ENDPOINT the server makes no spans: span bookkeeping (a span per
// `Effect.fn` call and per SQL statement) would be work nobody reads. `program` turns it on for the
// server's layers when a collector is configured.
NodeRuntime.runMain(program.pipe(Effect.provideService(References.TracerEnabled, false)))
