import { Database, SqlWebhookStore } from "@campaign-games/sql"
import { StoreContractWebhooks } from "@campaign-games/testing"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

// One in-memory PGlite (about 3 s and up to 1 GB to start) for every test of this file.
layer(SqlWebhookStore.layer.pipe(Layer.provideMerge(Database.layerPglite())), {
  excludeTestServices: true,
  timeout: "120 seconds"
})("PGlite webhook store (one in-memory instance)", (it) => {
  describe("webhook store contract", () => StoreContractWebhooks.tests(it))

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
          "webhook_deliveries_pkey",
          "webhook_endpoints_account_created_idx",
          "webhook_endpoints_account_id_id_key",
          "webhook_endpoints_pkey"
        ]
      )
    })
  )

  it.effect("claimDue finds its rows through the partial index of due deliveries", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`SET enable_seqscan = off`
      const plan = yield* sql<{ "QUERY PLAN": string }>`EXPLAIN SELECT id FROM webhook_deliveries
        WHERE status IN ('pending', 'failed') AND next_retry_at <= now()
        ORDER BY next_retry_at LIMIT 50 FOR UPDATE SKIP LOCKED`
      yield* sql`RESET enable_seqscan`
      assert.include(plan.map((row) => row["QUERY PLAN"]).join("\n"), "webhook_deliveries_due_idx")
    })
  )
})
