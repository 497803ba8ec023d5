/**
 * Erasure benchmark on PostgreSQL: players with `--entries` entries each (1,000 by default) across
 * `--campaigns` campaigns (10), each entry with its session, its `session_completed` event and a
 * webhook delivery of it, among `--others` entries of other players (100,000) in the same
 * campaigns, are erased one after the other through the use case (`Participants.erase`: the
 * pseudonym, one transaction over every table, the record). Run by hand, never in CI:
 *
 *   node bench/erase.ts                      # PostgreSQL at CG_BENCH_POSTGRES (default postgres://postgres@127.0.0.1:5432)
 *   node bench/erase.ts --entries 1000 --campaigns 10 --others 100000 --players 5
 *
 * Prints each erasure's wall time and counts, and the median. The rows are written with
 * `generate_series` into a fresh database, dropped at the end.
 */
import { Accounts, Actor, Campaigns, Channels, FileRule, Participants, Secrets } from "@campaign-games/core"
import { Database } from "@campaign-games/sql"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Options from "./internal/Options.ts"

const options = Options.parse({ entries: 1000, campaigns: 10, others: 100_000, players: 5 })
const SERVER = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
const WHEEL = {
  segments: [
    { id: "w", label: "Win", isWin: true },
    { id: "l", label: "Lose", isWin: false }
  ]
}

const engine = (url: string) =>
  Layer.mergeAll(
    Accounts.Accounts.layer,
    Channels.Channels.layer,
    Campaigns.Campaigns.layer,
    Participants.Participants.layer
  ).pipe(
    Layer.provideMerge(Layer.mergeAll(Secrets.Secrets.layerWebCrypto, FileRule.MediaLibrary.layerNone)),
    Layer.provideMerge(Database.layerPostgres({ url, poolSize: 4 }))
  )

/** `count` entries (with sessions, events and deliveries) of `player(i)` spread over `campaigns`. */
const writePlays = (
  sql: SqlClient.SqlClient,
  accountId: string,
  channelId: string,
  endpointId: string,
  campaigns: ReadonlyArray<string>,
  prefix: string,
  count: number,
  player: string
) =>
  Effect.gen(function* () {
    const ids = sql`(${campaigns})::text[]`
    yield* sql`INSERT INTO sessions (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
      SELECT ${prefix} || 's' || i, ${accountId}, (${ids})[1 + i % ${campaigns.length}], ${channelId}, ${sql.literal(player)},
        'https://shop.example.com', ${prefix} || 'j' || i, now() - make_interval(secs => i), now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) i`
    yield* sql`INSERT INTO entries (id, account_id, campaign_id, channel_id, session_id, participant_ref, score, weight, eligible, created_at)
      SELECT ${prefix} || 'e' || i, ${accountId}, (${ids})[1 + i % ${campaigns.length}], ${channelId}, ${prefix} || 's' || i,
        ${sql.literal(player)}, NULL, 1, true, now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) i`
    yield* sql`INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
      SELECT ${prefix} || 'v' || i, ${accountId}, 'session_completed', (${ids})[1 + i % ${campaigns.length}], ${channelId},
        jsonb_build_object('gameInstanceId', (${ids})[1 + i % ${campaigns.length}], 'sessionId', ${prefix} || 's' || i,
          'participantRef', ${sql.literal(player)}, 'score', NULL, 'outcome', NULL),
        now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) i`
    yield* sql`INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, attempt_count, created_at)
      SELECT ${prefix} || 'd' || i, ${accountId}, ${endpointId}, v.id, 'session_completed',
        jsonb_build_object('type', 'session_completed', 'createdAt', v.created_at, 'data', v.payload), 'success', 1, v.created_at
      FROM generate_series(1, ${count}) i JOIN events v ON v.id = ${prefix} || 'v' || i`
  })

const program = Effect.gen(function* () {
  const url = yield* Database.testDatabase(SERVER)
  yield* Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { account } = yield* (yield* Accounts.Accounts).create({ name: "Bench", plan: "pro" })
    const actor = Actor.system(account)
    const channel = yield* (yield* Channels.Channels).create(actor, { name: "Main" })
    const campaigns: Array<string> = []
    for (let c = 0; c < options.campaigns; c++) {
      const made = yield* (yield* Campaigns.Campaigns).create(actor, {
        gameSlug: "spin-the-wheel",
        name: `Campaign ${c}`,
        channelId: channel.id,
        config: WHEEL
      })
      campaigns.push(made.id)
    }
    yield* sql`INSERT INTO webhook_endpoints (id, account_id, url, events, game_instance_ids, channel_ids, include_coupon_codes, status, secret, created_at, updated_at)
      VALUES ('we_bench', ${account.id}, 'https://hooks.example.com/x', ARRAY['session_completed'], '{}', '{}', false, 'active', 'secret', now(), now())`
    // Other players: one entry each, `others` in all.
    yield* writePlays(
      sql,
      account.id,
      channel.id,
      "we_bench",
      campaigns,
      "o",
      options.others,
      "'other' || i || '@example.com'"
    )
    const players = Array.from({ length: options.players }, (_, p) => `player${p}@example.com`)
    for (const [p, player] of players.entries()) {
      yield* writePlays(sql, account.id, channel.id, "we_bench", campaigns, `p${p}`, options.entries, `'${player}'`)
    }
    yield* sql`ANALYZE`
    console.log(
      `${options.players} players × ${options.entries} entries over ${options.campaigns} campaigns, among ${options.others} other entries (each with its session, event and delivery)`
    )
    const participants = yield* Participants.Participants
    const times: Array<number> = []
    for (const player of players) {
      const began = performance.now()
      const erasure = yield* participants.erase(actor, player)
      const took = performance.now() - began
      times.push(took)
      console.log(
        `erase ${player}: ${took.toFixed(1)} ms (sessions ${erasure.sessions}, entries ${erasure.entries}, deliveries ${erasure.deliveries})`
      )
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(
      `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`
    )
  }).pipe(Effect.provide(engine(url)))
})

Effect.runPromise(Effect.scoped(program)).catch((error) => {
  console.error(error)
  process.exit(1)
})
