/**
 * After an erasure nothing of the reference is left anywhere in the database (PostgreSQL): a player
 * plays, gets coupons (by rule and by hand), wins a draw and is the subject of webhook deliveries;
 * then, erased, every text, JSON, array and bytes column of every table is read and must not hold
 * the reference in clear (any case), as the hex of its UTF-8, in base64 (standard or URL alphabet,
 * at any alignment) or URL-encoded. Before the erasure the same scan finds it, so the scan can fail.
 */
import { Buffer } from "node:buffer"
import { verifyDraw } from "@campaign-games/core"
import { MemoryStore } from "@campaign-games/testing"
import { assert, describe, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { make, storeLayer, storeName, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const REF = "Zoë O'Brien+VIP@example.com"

class Sql extends Context.Service<Sql, SqlClient.SqlClient>()("test/PrivacyScanSql") {}

const serverAndSql = Layer.unwrap(
  Effect.gen(function* () {
    const store = yield* Layer.build(storeLayer() as Layer.Layer<MemoryStore.Services | SqlClient.SqlClient, unknown>)
    return Layer.merge(make(Layer.succeedContext(store)), Layer.succeed(Sql, Context.get(store, SqlClient.SqlClient)))
  })
)

/** The ways a reference could sit in a column, each a substring to look for (and whether case matters). */
const encodings = (
  ref: string
): ReadonlyArray<{ readonly name: string; readonly needle: string; readonly exact: boolean }> => {
  const bytes = Buffer.from(ref, "utf8")
  const base64 = (alphabet: "base64" | "base64url") =>
    [0, 1, 2].map((shift) => {
      const text = Buffer.concat([Buffer.alloc(shift), bytes])
        .toString(alphabet)
        .replace(/=+$/u, "")
      // Drop the characters the shifted-in bytes or the padding touch: what remains appears whatever surrounds it.
      return text.slice(Math.ceil((shift * 4) / 3) + 1, text.length - 3)
    })
  return [
    { name: "clear", needle: ref.toLowerCase(), exact: false },
    { name: "hex", needle: bytes.toString("hex"), exact: false },
    { name: "URL-encoded", needle: encodeURIComponent(ref).toLowerCase(), exact: false },
    { name: "form-encoded", needle: new URLSearchParams({ x: ref }).toString().slice(2).toLowerCase(), exact: false },
    ...base64("base64").map((needle, i) => ({ name: `base64 (shift ${i})`, needle, exact: true })),
    ...base64("base64url").map((needle, i) => ({ name: `base64url (shift ${i})`, needle, exact: true }))
  ]
}

/** Every column of every table that holds text (text, varchar, JSON, arrays, bytes) and where each encoding of `ref` is found. */
const scan = (sql: SqlClient.SqlClient, ref: string) =>
  Effect.gen(function* () {
    const columns = yield* sql`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea', 'USER-DEFINED')
      ORDER BY table_name, column_name`.values
    assert.isAbove(columns.length, 50)
    const found: Array<string> = []
    for (const [table, column] of columns as ReadonlyArray<[string, string]>) {
      const value = sql`${sql(table)}.${sql(column)}::text`
      for (const { name, needle, exact } of encodings(ref)) {
        const [row] = yield* sql`SELECT count(*)::int FROM ${sql(table)}
          WHERE strpos(${exact ? value : sql`lower(${value})`}, ${needle}) > 0`.values
        if (Number(row![0]) > 0) found.push(`${table}.${column} (${name})`)
      }
    }
    return found
  })

describe.runIf(storeName() === "postgres")("erasure on PostgreSQL", () => {
  layer(serverAndSql, { excludeTestServices: true, timeout: "180 seconds" })("every column", (it) => {
    it.effect("no text or JSON column of any table holds the erased reference, in clear or encoded", () =>
      Effect.gen(function* () {
        const { request, account } = yield* TestServer
        const sql = yield* Sql
        const { key } = yield* account()
        const call = Steps.caller(request, key)
        yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
        const receiver = yield* Receiver.make
        const hook = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
          url: receiver.url("/all"),
          events: ["session_completed", "reward_granted", "winner_selected"],
          includeCouponCodes: true
        })
        assert.strictEqual(hook.status, 201, hook.text)
        const { channel, created } = yield* Steps.channelWithCampaign(call, {
          name: "Scan",
          config: Steps.WHEEL,
          prize: { label: "A bicycle" },
          winnerSelectionConfig: { maxWinners: 5 }
        })
        const campaign = created.body.gameInstance
        const base = `/v1/game-instances/${campaign.id}`
        const reward = yield* call("PUT", `${base}/reward`, {
          grantOncePerParticipant: false,
          tiers: [
            {
              match: { when: "everyone" },
              display: { title: "Thanks", description: "A code" },
              codeStrategy: "generated"
            }
          ]
        })
        assert.strictEqual(reward.status, 200, reward.text)
        assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
        for (const player of [REF, REF, "other@example.com"]) {
          const { finished } = yield* Steps.play(request, {
            key,
            channelId: channel.id,
            participantRef: player,
            origin: ORIGIN
          })
          assert.strictEqual(finished.status, 200, finished.text)
        }
        const manual = yield* call("POST", `${base}/reward-grants`, { participantRef: REF })
        assert.strictEqual(manual.status, 201, manual.text)
        const run = (yield* call("POST", `${base}/winner-selection/trigger`, {})).body.run
        assert.isTrue(run.winners.some((w: { participantRef: string }) => w.participantRef === REF))
        // Plays, rule grants, the manual grant, the draw: every event delivered.
        yield* receiver.waitFor(7, "/all")

        const before = yield* scan(sql, REF)
        for (const place of [
          "sessions.participant_ref",
          "entries.participant_ref",
          "reward_grants.participant_ref",
          "draw_winners.participant_ref",
          "draw_runs.winners",
          "events.payload",
          "webhook_deliveries.payload"
        ]) {
          assert.include(before, `${place} (clear)`, "the scan finds the reference before the erasure")
        }

        const erased = yield* call("POST", "/v1/participants/erase", { participantRef: REF })
        assert.strictEqual(erased.status, 200, erased.text)
        const e = erased.body.erasure
        assert.deepStrictEqual([e.sessions, e.entries, e.drawWins], [2, 2, 1])
        assert.isAtLeast(e.grants, 3)
        assert.isAtLeast(e.deliveries, 6)
        assert.deepStrictEqual(yield* scan(sql, REF), [], "nothing of the reference is left")

        const verified = yield* call("POST", `${base}/winner-selection/runs/${run.id}/verify`)
        assert.isTrue(verified.body.verified)
        assert.isTrue(verifyDraw((yield* call("GET", `${base}/winner-selection/runs/${run.id}/audit`)).body).verified)
        const exported = (yield* call("POST", "/v1/participants/export", { participantRef: e.pseudonym })).body
          .participant
        assert.strictEqual(exported.grants.length, e.grants)
        assert.match(exported.grants[0].code, /^[A-Z0-9-]{6,}$/iu, "the export carries full codes")
      })
    )
  })
})
