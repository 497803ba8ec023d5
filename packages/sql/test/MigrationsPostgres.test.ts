/**
 * Migrations that change rows already stored, on PostgreSQL (`DATABASE_URL`; skipped without it):
 * a database migrated to an earlier version holds rows of its time, then the later migrations run
 * over them as an upgrade runs them.
 */
import {
  Actor,
  Campaigns,
  Draw,
  DrawRun,
  Draws,
  DrawsEngine,
  FileRule,
  Participants,
  Secrets
} from "@campaign-games/core"
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import { ChannelRepo } from "@campaign-games/core/campaigns/Channel"
import { EntryRepo } from "@campaign-games/core/play/Entry"
import { Database, Migrations, SqlStore } from "@campaign-games/sql"
import { makeAccount, makeChannel, makeEntry, WHEEL_ART, WHEEL_SOUNDS } from "@campaign-games/testing/internal/Fixtures"
import * as PgClient from "@effect/sql-pg/PgClient"
import { assert, describe } from "@effect/vitest"
import { DateTime, Effect, Layer, Redacted } from "effect"
import { Migrator, SqlClient } from "effect/sql"
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

  Postgres.live(
    "0012 lists a cg-draw/1 run again under cg-draw/2 (a run whose entries no longer give its hash stays); it verifies after its players are erased",
    function* () {
      const url = yield* Database.testDatabase(Postgres.databaseUrl)
      const client = yield* Layer.build(PgClient.layer({ url: Redacted.make(url), maxConnections: 4 }))
      const engine = Layer.mergeAll(Campaigns.Campaigns.layer, Participants.Participants.layer).pipe(
        Layer.provideMerge(DrawsEngine.layer({ background: false })),
        Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
        Layer.provideMerge(FileRule.MediaLibrary.layerNone),
        Layer.provideMerge(SqlStore.layer),
        Layer.provideMerge(Layer.succeedContext(client))
      )
      yield* Effect.gen(function* () {
        yield* migrate(upTo("0011_sealed_idempotency"))
        const sql = yield* SqlClient.SqlClient
        const account = makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
        yield* (yield* AccountRepo).insert(account)
        const actor = Actor.system(account)
        const campaigns = yield* Campaigns.Campaigns
        const made = []
        for (const name of ["Kept", "Tampered"]) {
          const channel = makeChannel(account.id)
          yield* (yield* ChannelRepo).insert(channel)
          const draft = yield* campaigns.create(actor, {
            gameSlug: "spin-the-wheel",
            name,
            channelId: channel.id,
            config: {
              segments: [
                { id: "w", label: "Win", isWin: true },
                { id: "l", label: "Lose", isWin: false }
              ],
              art: WHEEL_ART,
              sounds: WHEEL_SOUNDS
            },
            winnerSelectionConfig: { maxWinners: 2 }
          })
          made.push(yield* campaigns.activate(actor, draft.id, {}))
        }
        const now = yield* DateTime.now
        const runs = []
        for (const campaign of made) {
          const entries = Array.from({ length: 8 }, (_, i) =>
            makeEntry(campaign, {
              participantRef: `p${i % 5}@example.com`,
              weight: 1 + i,
              createdAt: DateTime.makeUnsafe(now.epochMilliseconds - 60_000 + i)
            })
          )
          for (const entry of entries) yield* (yield* EntryRepo).insert(entry)
          const run = yield* (yield* Draws.Draws).trigger(actor, campaign.id)
          // As a run made before cg-draw/2 was: its hash over the listing that names the participants.
          const v1 = Draw.run(
            entries.map((e) => ({ ...e, createdAt: e.createdAt.epochMilliseconds })),
            DrawRun.drawRules(run),
            run.seed,
            new Set(),
            Draw.ALGORITHM_VERSION_1
          ).entriesHash
          yield* sql`UPDATE draw_runs SET algorithm_version = ${Draw.ALGORITHM_VERSION_1}, entries_hash = ${v1}
            WHERE id = ${run.id}`
          runs.push({ run, v1, entries })
        }
        // The second run's entries changed after it was drawn: its hash no longer holds.
        yield* sql`UPDATE entries SET weight = 99 WHERE id = ${runs[1]!.entries[0]!.id}`

        yield* migrate(Migrations.migrations)
        const rows = yield* sql`SELECT id, algorithm_version, entries_hash, entries_hash_v1 FROM draw_runs ORDER BY id`
          .values
        const byId = new Map(rows.map((row) => [String(row[0]), row.slice(1).map(String)]))
        assert.deepStrictEqual(byId.get(runs[0]!.run.id), [
          Draw.ALGORITHM_VERSION,
          runs[0]!.run.entriesHash,
          runs[0]!.v1
        ])
        assert.deepStrictEqual(byId.get(runs[1]!.run.id), [Draw.ALGORITHM_VERSION_1, runs[1]!.v1, "null"])

        const draws = yield* Draws.Draws
        const kept = runs[0]!.run
        assert.isTrue((yield* draws.verify(actor, kept.campaignId, kept.id)).verified)
        const participants = yield* Participants.Participants
        for (let p = 0; p < 5; p++) yield* participants.erase(actor, `p${p}@example.com`)
        assert.isTrue((yield* draws.verify(actor, kept.campaignId, kept.id)).verified, "verifies after the erasure")
        assert.isFalse((yield* draws.verify(actor, runs[1]!.run.campaignId, runs[1]!.run.id)).verified)
      }).pipe(Effect.provide(engine))
    }
  )
})
