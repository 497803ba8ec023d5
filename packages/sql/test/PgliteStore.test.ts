import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Account, Event, Store, Webhook } from "@campaign-games/core"
import { Database, PgliteClient, SqlStore } from "@campaign-games/sql"
import { StoreContract } from "@campaign-games/testing/contract"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { assert, describe, it, layer } from "@effect/vitest"
import { DateTime, Deferred, Effect, Fiber, Layer, Option } from "effect"
import { SqlClient, type SqlError, Statement } from "effect/sql"

const suffix = () => globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 12)

/** A table of its own for a test. */
const probeTable = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const name = `probe_${suffix()}`
  yield* sql.unsafe(
    `CREATE TABLE ${name} (id text PRIMARY KEY, n integer NOT NULL CHECK (n >= 0), doc jsonb, tags text[], at timestamptz(3))`
  )
  return name
})

const reasonOf = (error: SqlError.SqlError) => error.reason._tag

/** A statement that fails with the SQLSTATE of `condition`. */
const raise = (condition: string) => `DO $$ BEGIN RAISE EXCEPTION '${condition}' USING ERRCODE = '${condition}'; END $$`

// One in-memory PGlite (about 3 s and up to 1 GB to start) for every test of this block: the store
// contract (every port, webhooks included) and the tests of the SQL adapter itself.
layer(Database.layerPglite(), { excludeTestServices: true, timeout: "120 seconds" })(
  "PGlite (one in-memory instance)",
  (it) => {
    describe("store contract", () => StoreContract.tests(it))

    describe("SqlWebhookStore on PGlite", () => {
      it.effect("the migrations create the webhook tables and the indexes the queries need", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const tables = yield* sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name LIKE 'webhook\\_%' ORDER BY table_name`
          assert.deepStrictEqual(
            tables.map((t) => t.name),
            ["webhook_deliveries", "webhook_endpoints"]
          )
          const indexes = yield* sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = 'public' AND tablename LIKE 'webhook\\_%' ORDER BY indexname`
          assert.deepStrictEqual(
            indexes.map((i) => i.name),
            [
              "webhook_deliveries_account_created_idx",
              "webhook_deliveries_due_idx",
              "webhook_deliveries_endpoint_created_idx",
              "webhook_deliveries_participant_refs_idx",
              "webhook_deliveries_pkey",
              "webhook_endpoints_account_created_idx",
              "webhook_endpoints_account_id_id_key",
              "webhook_endpoints_pkey"
            ]
          )
        })
      )

      it.effect(
        "claimDue finds its rows through the partial index of due deliveries (the plan of the statement it sends)",
        () =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            // Every statement the adapter sends, compiled as the driver gets it: text and parameters.
            const sent: Array<readonly [string, ReadonlyArray<unknown>]> = []
            const capture: Statement.Transformer = (statement) =>
              Effect.sync(() => {
                sent.push(statement.compile())
                return statement
              })
            const now = DateTime.makeUnsafe("2026-03-03T04:05:06.789Z")
            yield* Webhook.DeliveryRepo.use((repo) => repo.claimDue(now, DateTime.add(now, { seconds: 30 }), 50)).pipe(
              Effect.provideService(Statement.CurrentTransformer, capture)
            )
            assert.strictEqual(sent.length, 1, "a claim is one statement")
            const [text, params] = sent[0]!
            assert.include(text, "FOR UPDATE SKIP LOCKED")
            const plan = yield* sql`SET enable_seqscan = off`.pipe(
              Effect.andThen(sql.unsafe<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, params)),
              Effect.ensuring(Effect.orDie(sql`RESET enable_seqscan`))
            )
            assert.include(plan.map((row) => row["QUERY PLAN"]).join("\n"), "webhook_deliveries_due_idx")
          })
      )
    })

    describe("PgliteClient, SqlStore and Migrations on PGlite", () => {
      it.effect("binds parameters and decodes values of every column type", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const table = yield* probeTable
          const doc = { a: 1, nested: { list: [1, "two", null] }, quote: 'it\'s "quoted"' }
          yield* sql`INSERT INTO ${sql(table)} ${sql.insert({
            id: "a",
            n: 2_000_000_000,
            doc: JSON.stringify(doc),
            tags: ["x", "y,z", 'q"uote'],
            at: "2026-01-02T03:04:05.678Z"
          })}`
          yield* sql`INSERT INTO ${sql(table)} (id, n, doc, tags, at) VALUES (${"b"}, ${0}, ${PgTypes.jsonb([])}, ${[]}, ${null})`
          const rows = yield* sql<{
            id: string
            n: number
            doc: unknown
            tags: Array<string>
            at: Date | null
          }>`SELECT id, n, doc, tags, at FROM ${sql(table)} WHERE id IN ${sql.in(["a", "b"])} ORDER BY id`
          assert.deepStrictEqual(
            rows.map((row) => ({ ...row, at: row.at?.toISOString() ?? null })),
            [
              { id: "a", n: 2_000_000_000, doc, tags: ["x", "y,z", 'q"uote'], at: "2026-01-02T03:04:05.678Z" },
              { id: "b", n: 0, doc: [], tags: [], at: null }
            ]
          )
          const values = yield* sql`SELECT ${1}::int + ${2}::int AS three, ${true}::boolean AS yes`.values
          assert.deepStrictEqual(values, [[3, true]])
        })
      )

      it.effect("classifies errors by SQLSTATE", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const table = yield* probeTable
          yield* sql`INSERT INTO ${sql(table)} (id, n) VALUES (${"dup"}, ${1})`

          const unique = yield* Effect.flip(sql`INSERT INTO ${sql(table)} (id, n) VALUES (${"dup"}, ${2})`)
          assert.strictEqual(reasonOf(unique), "UniqueViolation")
          if (unique.reason._tag === "UniqueViolation") assert.strictEqual(unique.reason.constraint, `${table}_pkey`)
          const check = yield* Effect.flip(sql`INSERT INTO ${sql(table)} (id, n) VALUES (${"neg"}, ${-1})`)
          assert.strictEqual(reasonOf(check), "ConstraintError")
          const syntax = yield* Effect.flip(sql.unsafe("SELEC 1"))
          assert.strictEqual(reasonOf(syntax), "SqlSyntaxError")
          const serialization = yield* Effect.flip(sql.unsafe(raise("serialization_failure")))
          assert.strictEqual(reasonOf(serialization), "SerializationError")
          const deadlock = yield* Effect.flip(sql.unsafe(raise("deadlock_detected")))
          assert.strictEqual(reasonOf(deadlock), "DeadlockError")
        })
      )

      it.effect("transactions commit, roll back, and nest as savepoints", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const table = yield* probeTable
          const insert = (id: string) => sql`INSERT INTO ${sql(table)} (id, n) VALUES (${id}, ${1})`
          const ids = Effect.map(sql<{ id: string }>`SELECT id FROM ${sql(table)} ORDER BY id`, (rows) =>
            rows.map((row) => row.id)
          )

          yield* sql.withTransaction(Effect.andThen(insert("a"), insert("b")))
          yield* Effect.flip(sql.withTransaction(Effect.andThen(insert("c"), Effect.fail("no" as const))))
          yield* sql.withTransaction(
            Effect.gen(function* () {
              yield* insert("d")
              yield* Effect.flip(sql.withTransaction(Effect.andThen(insert("e"), Effect.fail("inner" as const))))
              yield* sql.withTransaction(insert("f"))
            })
          )
          assert.deepStrictEqual(yield* ids, ["a", "b", "d", "f"])
        })
      )

      it.effect("a transaction owns the session: other fibers' statements wait for its end", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const table = yield* probeTable
          const written = yield* Deferred.make<void>()
          const transaction = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`INSERT INTO ${sql(table)} (id, n) VALUES (${"uncommitted"}, ${1})`
                yield* Deferred.succeed(written, undefined)
                yield* Effect.sleep(50)
                return yield* Effect.fail("rolled back" as const)
              })
            )
            .pipe(Effect.flip, Effect.forkChild)
          yield* Deferred.await(written)
          const seen = yield* sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql(table)}`
          assert.deepStrictEqual(seen, [{ count: 0 }], "the statement ran after the rollback, not inside it")
          assert.strictEqual(yield* Fiber.join(transaction), "rolled back")
        })
      )

      it.effect("a COMMIT of an aborted transaction fails instead of passing for a commit", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const table = yield* probeTable
          const error = yield* Effect.flip(
            sql.withTransaction(
              Effect.gen(function* () {
                yield* sql`INSERT INTO ${sql(table)} (id, n) VALUES (${"x"}, ${1})`
                yield* Effect.ignore(sql.unsafe("SELEC 1"))
              })
            )
          )
          assert.strictEqual(error._tag, "SqlError")
          const rows = yield* sql`SELECT id FROM ${sql(table)}`
          assert.deepStrictEqual(rows, [], "nothing was committed and the session is usable")
        })
      )

      it.effect("Store.transaction runs a transaction again after a serialization failure or a deadlock", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const store = yield* Store.Store
          const table = yield* probeTable
          let attempts = 0
          const result = yield* store.transaction(
            Effect.gen(function* () {
              attempts++
              yield* sql`INSERT INTO ${sql(table)} (id, n) VALUES (${`attempt-${attempts}`}, ${attempts})`
              if (attempts === 1) yield* sql.unsafe(raise("serialization_failure"))
              if (attempts === 2) yield* sql.unsafe(raise("deadlock_detected"))
              return attempts
            })
          )
          assert.strictEqual(result, 3)
          const rows = yield* sql<{ id: string }>`SELECT id FROM ${sql(table)}`
          assert.deepStrictEqual(rows, [{ id: "attempt-3" }], "only the last attempt's writes are kept")
        })
      )

      it.effect("Store.transaction gives up after a few attempts, and only retries whole transactions", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const store = yield* Store.Store
          let attempts = 0
          const error = yield* Effect.flip(
            store.transaction(
              Effect.andThen(
                Effect.sync(() => attempts++),
                sql.unsafe(raise("serialization_failure"))
              )
            )
          )
          assert.strictEqual(error._tag, "StoreError")
          assert.strictEqual(attempts, SqlStore.MAX_ATTEMPTS)

          let inner = 0
          const nested = yield* Effect.flip(
            store.transaction(
              store.transaction(
                Effect.andThen(
                  Effect.sync(() => inner++),
                  sql.unsafe(raise("unique_violation"))
                )
              )
            )
          )
          assert.strictEqual(nested._tag, "StoreError", "a SqlError leaving a transaction is a StoreError")
          assert.strictEqual(inner, 1, "other failures are not retried")
        })
      )

      it.effect("EventOutbox.append writes every column of the events table", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const outbox = yield* Event.EventOutbox
          const createdAt = DateTime.makeUnsafe(Date.UTC(2026, 4, 6, 7, 8, 9, 123))
          const data = { gameInstanceId: "gi_1", score: null, outcome: { id: "a", label: "« A »", isWin: true } }
          const event: Event.Event = {
            id: `evt_${suffix()}`,
            accountId: `acc_${suffix()}`,
            type: "session_completed",
            campaignId: "gi_1",
            channelId: "ch_1",
            data,
            createdAt
          }
          yield* outbox.append(event)
          yield* outbox.append({ ...event, id: `${event.id}_bare`, campaignId: null, channelId: null, data: {} })
          const rows = yield* sql<{
            id: string
            account_id: string
            type: string
            game_instance_id: string | null
            channel_id: string | null
            payload: unknown
            created_at: Date
          }>`SELECT id, account_id, type, game_instance_id, channel_id, payload, created_at FROM events
            WHERE id IN ${sql.in([event.id, `${event.id}_bare`])} ORDER BY id`
          assert.deepStrictEqual(
            rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
            [
              {
                id: event.id,
                account_id: event.accountId,
                type: "session_completed",
                game_instance_id: "gi_1",
                channel_id: "ch_1",
                payload: data,
                created_at: "2026-05-06T07:08:09.123Z"
              },
              {
                id: `${event.id}_bare`,
                account_id: event.accountId,
                type: "session_completed",
                game_instance_id: null,
                channel_id: null,
                payload: {},
                created_at: "2026-05-06T07:08:09.123Z"
              }
            ]
          )
          const kind = yield* sql<{ kind: string }>`SELECT jsonb_typeof(payload) AS kind FROM events
            WHERE id = ${event.id}`
          assert.deepStrictEqual(kind, [{ kind: "object" }], "data is stored as a jsonb object, not a string")
        })
      )

      it.effect("the migrations create the tables and indexes the queries need", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const expected = [
            "account_usage",
            "accounts",
            "allowed_origins",
            "api_keys",
            "branding",
            "campaigns",
            "channels",
            "entries",
            "events",
            "server_secrets",
            "sessions"
          ]
          const tables = yield* sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name IN ${sql.in(expected)}
            ORDER BY table_name`
          assert.deepStrictEqual(
            tables.map((t) => t.name),
            expected
          )
          const indexes = yield* sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = 'public' ORDER BY indexname`
          const names = indexes.map((i) => i.name)
          for (const index of [
            "api_keys_key_prefix_key",
            "api_keys_account_active_idx",
            "channels_account_created_idx",
            "events_account_created_idx",
            "sessions_jti_key",
            "sessions_player_started_idx",
            "sessions_campaign_started_idx",
            "entries_session_id_key",
            "entries_campaign_created_idx",
            "entries_campaign_score_idx",
            "account_usage_pkey",
            "server_secrets_pkey",
            "allowed_origins_account_origin_key",
            "allowed_origins_account_created_idx"
          ]) {
            assert.include(names, index)
          }
        })
      )
    })
  }
)

describe("PGlite data directory", () => {
  it.live(
    "keeps its data across a restart; closing the scope closes PGlite",
    () =>
      Effect.gen(function* () {
        const dataDir = yield* Effect.acquireRelease(
          Effect.promise(() => mkdtemp(join(tmpdir(), "cg-pglite-"))),
          (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
        )
        const account: Account.Account = {
          id: `acc_${suffix()}`,
          name: "Persisted",
          plan: "free",
          featureOverrides: { games: ["quiz"] },
          limitOverrides: {},
          createdAt: DateTime.makeUnsafe(Date.UTC(2026, 0, 1, 0, 0, 0, 1)),
          updatedAt: DateTime.makeUnsafe(Date.UTC(2026, 0, 1, 0, 0, 0, 2))
        }
        const dir = join(dataDir, "nested", "pglite")
        const first = yield* Effect.scoped(
          Effect.gen(function* () {
            const context = yield* Layer.build(Database.layerPglite({ dataDir: dir }))
            return yield* Effect.gen(function* () {
              const accounts = yield* Account.AccountRepo
              assert.isTrue(yield* accounts.isEmpty, "a new database holds no account")
              yield* accounts.insert(account)
              assert.isFalse(yield* accounts.isEmpty)
              return (yield* PgliteClient.PgliteClient).pglite
            }).pipe(Effect.provideContext(context))
          })
        )
        assert.isTrue(first.closed)

        const found = yield* Effect.scoped(
          Effect.flatMap(Layer.build(Database.layerPglite({ dataDir: dir })), (context) =>
            Account.AccountRepo.use((repo) => repo.findById(account.id)).pipe(Effect.provideContext(context))
          )
        )
        assert.isTrue(Option.isSome(found))
        if (Option.isSome(found)) assert.strictEqual(found.value.name, "Persisted")
      }),
    120_000
  )
})
