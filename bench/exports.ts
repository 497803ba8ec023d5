/**
 * Statistics and exports benchmark: a campaign of 1,000,000 entries (by default) on PostgreSQL,
 * served by the reference server (`examples/server/src/main.ts`) as a child process. Run by hand,
 * never in CI:
 *
 *   node bench/exports.ts                          # 1,000,000 plays of 200,000 players over 30 days
 *   node bench/exports.ts --entries 200000 --players 50000 --runs 5
 *
 * It makes a fresh database, starts the server on it, creates an account with a live quiz campaign
 * through the API, then writes the plays straight into the tables in a few `INSERT … SELECT`s (one
 * session and one entry per play, one play every `30 days / entries`, scores 0–4) and `ANALYZE`s
 * them (then rolls them up by slot in a few statements, as migration `0017_stats_rollup` does for the
 * rows it finds). Then, against the server over HTTP:
 *
 * - **export**: `GET …/entries/export` read to the end (the body counted and dropped as it arrives),
 *   its rows a second, and the server's resident memory (from `/proc`, sampled every 20 ms) before
 *   and at its peak: the growth is what streaming costs;
 * - **abort**: an export whose client goes away after the first chunk; the server's database
 *   backends are looked at a second later (no query of the export still running);
 * - **stats**: `GET …/stats` (day buckets over the whole campaign, then hour buckets over its last
 *   week), the median wall time of `--runs` calls after one warm-up.
 *
 * The database and the server are dropped at the end.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { rollUpAll } from "../packages/sql/src/migrations/0017_stats_rollup.ts"
import * as BenchClient from "./bench-client.ts"
import * as Options from "./internal/Options.ts"
import * as BenchServer from "./internal/Server.ts"

const options = Options.parse({
  entries: 1_000_000,
  players: 200_000,
  runs: 5,
  port: 18291,
  // Keeps the database at the end (its name is printed), to look at the plans.
  keep: false
})

const PG = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
const database = `cg_bench_exports_${Date.now()}`
const base = `http://127.0.0.1:${options.port}`
const MB = 1024 * 1024
const DAYS = 30

const psql = (db: string, command: string) => execFileSync("psql", [`${PG}/${db}`, "-qAtc", command]).toString()

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

const sampler = (pid: number) => {
  let peak = rssOf(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20)
  return { stop: () => (clearInterval(timer), (peak = Math.max(peak, rssOf(pid))), peak) }
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

psql("postgres", `CREATE DATABASE ${database}`)
const server = BenchServer.spawnServer(
  "examples/server/src/main.ts",
  {
    ...process.env,
    PORT: String(options.port),
    CG_ADMIN_TOKEN: BenchServer.ADMIN,
    DATABASE_URL: `${PG}/${database}`
  } as Record<string, string>,
  // The server's log lines with `CG_BENCH_SERVER_LOGS=1`.
  ["ignore", process.env.CG_BENCH_SERVER_LOGS === "1" ? "inherit" : "ignore", "inherit"],
  // V8 flags for the server (`CG_BENCH_SERVER_FLAGS="--trace-gc"`), to see where its memory goes.
  (process.env.CG_BENCH_SERVER_FLAGS ?? "").split(" ").filter((flag) => flag !== "")
)

const cleanup = async () => {
  await server.stop()
  if (options.keep) return console.log(`kept the database ${database}`)
  try {
    psql("postgres", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  } catch {
    // best effort
  }
}

try {
  if ((await BenchServer.waitUntilUp(base, server)) !== "up") throw new Error("the server did not start")
  const pid = server.child.pid!
  const call = (method: string, path: string, key: string, body?: unknown) =>
    BenchClient.call(base, method, path, key, body)
  const { account, apiKey } = await call("POST", "/admin/v1/accounts", BenchServer.ADMIN, {
    name: "Exports bench",
    plan: "unlimited"
  })
  const key = apiKey.key as string
  const { channel } = await call("POST", "/v1/channels", key, { name: "Bench" })
  const { gameInstance } = await call("POST", "/v1/game-instances", key, {
    gameSlug: "quiz",
    name: "Bench",
    channelId: channel.id,
    playLimitTimezone: "Europe/Paris",
    config: {
      questions: [
        {
          id: "q1",
          text: "2+2?",
          options: [
            { id: "a", text: "4" },
            { id: "b", text: "5" }
          ],
          correctOptionId: "a"
        }
      ]
    }
  })
  await call("POST", `/v1/game-instances/${gameInstance.id}/activate`, key, {})
  const campaignId = gameInstance.id as string

  const end = Date.now() - 60_000
  const start = end - DAYS * 86_400_000
  const step = (DAYS * 86_400_000) / options.entries
  const write = performance.now()
  const at = `to_timestamp((${start}::float8 + g::float8 * ${step}::float8) / 1000.0)`
  // Written straight into the tables, then rolled up in a few set-based statements as migration
  // `0017_stats_rollup` does for the rows it finds (the server's roll-up, a slot at a time, is for
  // the plays it serves; it does not look at slots already rolled up).
  psql(
    database,
    `INSERT INTO sessions (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
     SELECT 'ses_b' || lpad(g::text, 9, '0'), '${account.id}', '${campaignId}', '${channel.id}',
       'player-' || (g % ${options.players}), 'https://bench.example.com', 'jti_b' || g, ${at}, ${at} + interval '20 seconds'
     FROM generate_series(1, ${options.entries}) g`
  )
  psql(
    database,
    `INSERT INTO entries (id, account_id, campaign_id, channel_id, session_id, participant_ref, score,
       prediction_option_id, outcome, weight, eligible, created_at)
     SELECT 'ent_b' || lpad(g::text, 9, '0'), '${account.id}', '${campaignId}', '${channel.id}',
       'ses_b' || lpad(g::text, 9, '0'), 'player-' || (g % ${options.players}), (g % 5)::float8, NULL, NULL, 1, true,
       ${at} + interval '20 seconds'
     FROM generate_series(1, ${options.entries}) g`
  )
  for (const statement of rollUpAll) psql(database, statement)
  psql(database, "VACUUM ANALYZE sessions")
  psql(database, "VACUUM ANALYZE entries")
  console.log(
    `${options.entries} entries of ${options.players} players over ${DAYS} days written in ${((performance.now() - write) / 1000).toFixed(1)} s`
  )

  // A call first: a keep-alive connection left idle while the rows were written may have been closed
  // by the server, and the first request on it fails.
  await fetch(`${base}/health`).then(
    (r) => r.arrayBuffer(),
    () => undefined
  )
  await fetch(`${base}/health`).then((r) => r.arrayBuffer())

  // Export, read to the end.
  const rssBefore = rssOf(pid)
  const sample = sampler(pid)
  const t0 = performance.now()
  const response = await fetch(`${base}/v1/game-instances/${campaignId}/entries/export`, {
    headers: { authorization: `Bearer ${key}` }
  })
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`)
  let bytes = 0
  let lines = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++
  }
  const seconds = (performance.now() - t0) / 1000
  const peak = sample.stop()
  const rows = lines - 1
  console.log(
    `export: ${rows} rows, ${(bytes / MB).toFixed(1)} MiB in ${seconds.toFixed(2)} s: ${Math.round(rows / seconds)} rows/s; server RSS ${(rssBefore / MB).toFixed(0)} MiB before, ${(peak / MB).toFixed(0)} MiB at its peak: +${((peak - rssBefore) / MB).toFixed(1)} MiB`
  )
  if (rows !== options.entries) console.log(`  (expected ${options.entries} rows)`)

  // Export abandoned by its client after the first chunk.
  const controller = new AbortController()
  const aborted = await fetch(`${base}/v1/game-instances/${campaignId}/entries/export`, {
    headers: { authorization: `Bearer ${key}` },
    signal: controller.signal
  })
  const reader = aborted.body!.getReader()
  await reader.read()
  controller.abort()
  const running = () =>
    psql(
      database,
      `SELECT count(*) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid() AND state = 'active' AND query LIKE '%FROM entries%'`
    ).trim()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after1 = running()
  await new Promise((resolve) => setTimeout(resolve, 4000))
  console.log(
    `abort: export queries still running after the client went away: ${after1} a second later, ${running()} five seconds later`
  )

  // Stats.
  const time = async (path: string) => {
    await call("GET", path, key)
    const times: Array<number> = []
    let last: any
    for (let i = 0; i < options.runs; i++) {
      const s = performance.now()
      last = await call("GET", path, key)
      times.push(performance.now() - s)
    }
    return { ms: median(times), stats: last.stats }
  }
  const days = await time(`/v1/game-instances/${campaignId}/stats`)
  console.log(
    `stats (day, whole campaign: ${days.stats.series.length} buckets, ${days.stats.totals.starts} starts, ${days.stats.totals.players} players): median ${days.ms.toFixed(0)} ms of ${options.runs}`
  )
  const weekAgo = new Date(end - 7 * 86_400_000).toISOString()
  const hours = await time(`/v1/game-instances/${campaignId}/stats?interval=hour&from=${encodeURIComponent(weekAgo)}`)
  console.log(
    `stats (hour, last week: ${hours.stats.series.length} buckets, ${hours.stats.totals.starts} starts): median ${hours.ms.toFixed(0)} ms of ${options.runs}`
  )
} finally {
  await cleanup()
}
