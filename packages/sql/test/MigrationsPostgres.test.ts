/**
 * Migrations that change rows already stored, on PostgreSQL (`DATABASE_URL`; skipped without it):
 * a database migrated to an earlier version holds rows of its time, then the later migrations run
 * over them as an upgrade runs them.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { assert, describe } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { Migrator, SqlClient } from "effect/sql"
import { Database, Migrations } from "@campaign-games/sql"
import * as Postgres from "./support/Postgres.ts"

/** The migrations up to and including `last`, in their order. */
const upTo = (last: string) =>
  Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name <= last))

const migrate = (migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>>) =>
  Migrator.make({})({ loader: Migrator.fromRecord(migrations) })

describe.runIf(Postgres.available)("migrations over stored rows (PostgreSQL)", () => {
  Postgres.live("0011 deletes the idempotency answers kept in plain text before answers were sealed", function* () {
    const url = yield* Database.testDatabase(Postgres.databaseUrl)
    const client = yield* Layer.build(PgClient.layer({ url: Redacted.make(url), maxConnections: 2 }))
    yield* Effect.gen(function* () {
      yield* migrate(upTo("0010_webhook_dispatch"))
      const sql = yield* SqlClient.SqlClient
      yield* sql`INSERT INTO accounts ${sql.insert({
        id: "acc_1",
        name: "Acme",
        plan: "pro",
        created_at: new Date(),
        updated_at: new Date()
      })}`
      yield* sql`INSERT INTO idempotency_keys ${sql.insert({
        account_id: "acc_1",
        key: "retry-1",
        fingerprint: "f",
        created_at: new Date(),
        status: 201,
        content_type: "application/json",
        body: `{"apiKey":{"key":"cg_live_secret"}}`
      })}`
      const ran = yield* migrate(Migrations.migrations)
      assert.deepStrictEqual(
        ran.map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`),
        Object.keys(Migrations.migrations).filter((name) => name > "0010_webhook_dispatch")
      )
      const rows = yield* sql<{ readonly count: string }>`SELECT count(*)::text AS count FROM idempotency_keys`
      assert.strictEqual(rows[0]?.count, "0")
    }).pipe(Effect.provideContext(client))
  })
})
