/**
 * The stack's floor for the plays benchmark: the bare server's work (`bare-server.ts`: the same
 * tables, the same minimal SQL, no rules) written with the stack the reference server is built on,
 * that is an `HttpApi` served by `@effect/platform-node` and `@effect/sql-pg`, with schema-checked
 * bodies and nothing else (no API keys, no signed tokens, no middleware, no core). `node
 * bench/plays.ts --server floor` runs it with the same client: what the stack alone costs a play, to
 * compare with `--server bare` (the issue's yardstick) and the engine.
 *
 *   mint:   one indexed read (the channel's live campaign)
 *   start:  BEGIN; advisory lock on the player; count the player's sessions; insert the session; COMMIT
 *   finish: BEGIN; claim the session; insert the entry; insert the event; COMMIT
 *
 * Environment: PORT, DATABASE_URL (a database of its own: it creates its tables there).
 */
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Option, Redacted, References, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiError, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { SqlClient } from "effect/sql"

const MintRequest = Schema.Struct({
  channelId: Schema.String,
  participantRef: Schema.String,
  origin: Schema.String
})
const Minted = Schema.Struct({ clientToken: Schema.String, jti: Schema.String }).pipe(HttpApiSchema.status(201))
const NothingLive = Schema.Struct({ clientToken: Schema.Null })
const Started = Schema.Struct({ session: Schema.Struct({ id: Schema.String }) }).pipe(HttpApiSchema.status(201))
const Finished = Schema.Struct({
  entry: Schema.Struct({ id: Schema.String, outcome: Schema.Struct({ segmentId: Schema.String }) })
})

class Plays extends HttpApiGroup.make("plays").add(
  HttpApiEndpoint.post("mint", "/v1/auth/session-tokens", { payload: MintRequest, success: [Minted, NothingLive] }),
  HttpApiEndpoint.post("start", "/v1/play/sessions", { success: Started, error: HttpApiError.Conflict }),
  HttpApiEndpoint.post("finish", "/v1/play/sessions/:sessionId/finish", {
    params: { sessionId: Schema.String },
    payload: Schema.Struct({}),
    success: Finished,
    error: HttpApiError.Conflict
  }),
  HttpApiEndpoint.get("health", "/health", { success: Schema.Struct({ status: Schema.String }) })
) {}
class Api extends HttpApi.make("floor").add(Plays) {}

const Claims = Schema.fromJsonString(Schema.Struct({ gid: Schema.String, sub: Schema.String }))
const decodeClaims = Schema.decodeUnknownEffect(Claims)

const PlaysLive = HttpApiBuilder.group(
  Api,
  "plays",
  Effect.fnUntraced(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    yield* Effect.forEach(
      [
        `CREATE TABLE IF NOT EXISTS bare_campaigns (id text PRIMARY KEY, channel_id text NOT NULL, status text NOT NULL)`,
        `CREATE INDEX IF NOT EXISTS bare_campaigns_channel ON bare_campaigns (channel_id, status)`,
        `CREATE TABLE IF NOT EXISTS bare_sessions (id text PRIMARY KEY, campaign_id text NOT NULL,
          participant_ref text NOT NULL, created_at timestamptz NOT NULL, finished_at timestamptz)`,
        `CREATE INDEX IF NOT EXISTS bare_sessions_player ON bare_sessions (campaign_id, participant_ref)`,
        `CREATE TABLE IF NOT EXISTS bare_entries (id text PRIMARY KEY, session_id text NOT NULL,
          campaign_id text NOT NULL, participant_ref text NOT NULL, outcome jsonb NOT NULL, created_at timestamptz NOT NULL)`,
        `CREATE TABLE IF NOT EXISTS bare_events (id text PRIMARY KEY, type text NOT NULL, data jsonb NOT NULL,
          created_at timestamptz NOT NULL)`,
        `INSERT INTO bare_campaigns VALUES ('gi_bare', 'ch_bare', 'live') ON CONFLICT DO NOTHING`
      ],
      (statement) => sql.unsafe(statement),
      { discard: true }
    )
    return handlers
      .handle("health", () => Effect.succeed({ status: "ok" }))
      .handle("mint", ({ payload }) =>
        Effect.gen(function* () {
          const rows =
            yield* sql`SELECT id FROM bare_campaigns WHERE channel_id = ${payload.channelId} AND status = 'live'`
          const row = rows[0]
          if (row === undefined) return { clientToken: null }
          const token = Buffer.from(JSON.stringify({ gid: row["id"], sub: payload.participantRef })).toString(
            "base64url"
          )
          return { clientToken: token, jti: randomUUID() }
        }).pipe(Effect.orDie)
      )
      .handle("start", ({ request }) =>
        Effect.gen(function* () {
          const bearer = (request.headers["authorization"] ?? "").slice("Bearer ".length)
          const claims = yield* decodeClaims(Buffer.from(bearer, "base64url").toString("utf8"))
          const session = yield* sql.withTransaction(
            Effect.gen(function* () {
              yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`${claims.gid}:${claims.sub}`}))`
              const counted =
                yield* sql`SELECT count(*)::int AS n FROM bare_sessions WHERE campaign_id = ${claims.gid} AND participant_ref = ${claims.sub}`
              if (Number(counted[0]!["n"]) >= 100) return Option.none()
              const id = `ps_${randomUUID()}`
              yield* sql`INSERT INTO bare_sessions VALUES (${id}, ${claims.gid}, ${claims.sub}, now(), NULL)`
              return Option.some({ id })
            })
          )
          return Option.isSome(session) ? { session: session.value } : yield* new HttpApiError.Conflict()
        }).pipe(Effect.catchTag(["SqlError", "SchemaError"], Effect.die))
      )
      .handle("finish", ({ params }) =>
        Effect.gen(function* () {
          const entry = yield* sql.withTransaction(
            Effect.gen(function* () {
              const rows = yield* sql`UPDATE bare_sessions SET finished_at = now()
                WHERE id = ${params.sessionId} AND finished_at IS NULL RETURNING campaign_id, participant_ref`
              const row = rows[0]
              if (row === undefined) return Option.none()
              const id = `en_${randomUUID()}`
              const outcome = { segmentId: Math.random() < 0.5 ? "w" : "l" }
              yield* sql`INSERT INTO bare_entries VALUES (${id}, ${params.sessionId}, ${row["campaign_id"] as string},
                ${row["participant_ref"] as string}, ${JSON.stringify(outcome)}, now())`
              yield* sql`INSERT INTO bare_events VALUES (${`ev_${randomUUID()}`}, 'session_completed',
                ${JSON.stringify({ entryId: id, sessionId: params.sessionId, outcome })}, now())`
              return Option.some({ id, outcome })
            })
          )
          return Option.isSome(entry) ? { entry: entry.value } : yield* new HttpApiError.Conflict()
        }).pipe(Effect.catchTag("SqlError", Effect.die))
      )
  })
)

const port = Number(process.env.PORT ?? 18181)
// The routes are built (tables created, campaign seeded) before the port opens: Node leaves a request
// that arrives before the handler is attached unanswered.
const routes = HttpApiBuilder.layer(Api).pipe(
  Layer.provide(PlaysLive),
  Layer.provide(PgClient.layer({ url: Redacted.make(process.env.DATABASE_URL ?? ""), maxConnections: 10 }))
)
const server = Layer.unwrap(
  Effect.map(HttpRouter.toHttpEffect(routes), (handler) =>
    HttpServer.serve(handler).pipe(
      Layer.provideMerge(NodeHttpServer.layerServer(createServer, { port, host: "127.0.0.1" }))
    )
  )
).pipe(Layer.provide(NodeHttpServer.layerHttpServices))

NodeRuntime.runMain(Layer.launch(server).pipe(Effect.provideService(References.TracerEnabled, false)))
