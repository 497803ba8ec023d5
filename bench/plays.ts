/**
 * Plays benchmark: N complete plays (mint → start → finish) over HTTP against the reference server,
 * started here as a child process on PGlite or PostgreSQL, with a given concurrency. Prints plays
 * per second and p50/p99 latency per call. Run by hand, never in CI:
 *
 *   node bench/plays.ts --store postgres --plays 5000 --concurrency 32
 *   node bench/plays.ts --store pglite --plays 2000 --concurrency 16
 *
 * `--store postgres` creates a fresh database on `CG_BENCH_POSTGRES` (default
 * postgres://postgres@127.0.0.1:5432) and drops it afterwards.
 */
import { execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    store: { type: "string", default: "postgres" },
    plays: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "32" },
    port: { type: "string", default: "18181" }
  }
})
const plays = Number(values.plays)
const concurrency = Number(values.concurrency)
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`
const admin = "bench-admin-token"

const env: Record<string, string> = { ...process.env, PORT: String(port), CG_ADMIN_TOKEN: admin } as Record<
  string,
  string
>
let dataDir: string | undefined
let database: string | undefined
const server = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
if (values.store === "postgres") {
  database = `cg_bench_${Date.now()}`
  execFileSync("psql", [`${server}/postgres`, "-qc", `CREATE DATABASE ${database}`])
  env.DATABASE_URL = `${server}/${database}`
} else {
  dataDir = mkdtempSync(join(tmpdir(), "cg-bench-"))
  env.CG_DATA_DIR = dataDir
  delete env.DATABASE_URL
}

const child = spawn(process.execPath, ["examples/server/src/main.ts"], { env, stdio: ["ignore", "ignore", "inherit"] })
const cleanup = () => {
  child.kill("SIGTERM")
  if (database !== undefined) {
    try {
      execFileSync("psql", [`${server}/postgres`, "-qc", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`])
    } catch {
      // best effort
    }
  }
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
}

const call = async (method: string, path: string, key: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const json = (await response.json()) as any
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

const percentile = (sorted: Array<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

try {
  const started = Date.now()
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() - started > 60_000) throw new Error("server did not start")
    await new Promise((r) => setTimeout(r, 100))
  }
  const { apiKey } = await call("POST", "/admin/v1/accounts", admin, { name: "bench", plan: "unlimited" })
  const key = apiKey.key as string
  const origin = "https://bench.example.com"
  await call("POST", "/v1/tenant/allowed-origins", key, { origin })
  const { channel } = await call("POST", "/v1/channels", key, { name: "bench" })
  const { gameInstance } = await call("POST", "/v1/game-instances", key, {
    gameSlug: "spin-the-wheel",
    name: "bench",
    channelId: channel.id,
    config: {
      segments: [
        { id: "w", label: "Win", isWin: true },
        { id: "l", label: "Lose", isWin: false }
      ]
    }
  })
  await call("POST", `/v1/game-instances/${gameInstance.id}/activate`, key, {})
  // The mint allows 600 calls a minute per key (the specification's limit): spread the load over keys.
  const mintKeys: Array<string> = []
  for (let i = 0; i < Math.ceil((plays + 200) / 550); i++) {
    const created = await call("POST", "/v1/tenant/api-keys", key, { name: `bench-${i}`, permissions: ["tokens.mint"] })
    mintKeys.push(created.apiKey.key)
  }

  const latencies = { mint: [] as Array<number>, start: [] as Array<number>, finish: [] as Array<number> }
  const timed = async <A>(bucket: Array<number>, f: () => Promise<A>) => {
    const t0 = performance.now()
    const a = await f()
    bucket.push(performance.now() - t0)
    return a
  }
  let next = 0
  const play = async (i: number) => {
    const minted = await timed(latencies.mint, () =>
      call("POST", "/v1/auth/session-tokens", mintKeys[Math.abs(i) % mintKeys.length]!, {
        channelId: channel.id,
        participantRef: `p${i}`,
        origin
      })
    )
    const { session } = await timed(latencies.start, () => call("POST", "/v1/play/sessions", minted.clientToken))
    await timed(latencies.finish, () => call("POST", `/v1/play/sessions/${session.id}/finish`, minted.clientToken, {}))
  }
  // Warm up (JIT, pools), then measure.
  await Promise.all(Array.from({ length: Math.min(200, plays) }, (_, i) => play(-1 - i)))
  latencies.mint.length = latencies.start.length = latencies.finish.length = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < plays) await play(next++)
    })
  )
  const seconds = (performance.now() - t0) / 1000
  console.log(`store=${values.store} plays=${plays} concurrency=${concurrency}`)
  console.log(`plays/s: ${(plays / seconds).toFixed(0)} (${seconds.toFixed(1)} s)`)
  for (const [name, values] of Object.entries(latencies)) {
    const sorted = [...values].sort((a, b) => a - b)
    console.log(
      `${name.padEnd(6)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms`
    )
  }
} finally {
  cleanup()
}
