/**
 * The engine's own CPU per play call, in process: mint, start and finish through
 * `Server.toWebHandler` on the memory store (no network, no database), N players a round, 5 rounds
 * after a warm-up; prints µs of CPU a call (min and median of the rounds). What separates these
 * figures from `plays.ts --calls` on PostgreSQL is the driver, the statements and the sockets; what
 * they measure is routing, authentication, decoding, the use cases and encoding the answers, so a
 * change to any of those shows here within a few seconds (docs/performance.md). Run it on two trees,
 * alternating, to compare them. On the memory store it also holds the calls to their budget
 * (`BUDGET`, docs/performance.md): the minimum of the rounds above it exits with code 2.
 *
 *   node --conditions=@campaign-games/source bench/play-overhead.ts 2000
 *   node --conditions=@campaign-games/source bench/play-overhead.ts 2000 postgres   # on a fresh PostgreSQL database (CG_BENCH_POSTGRES):
 *                                               # the SQL path's cost is the difference to the memory store
 *   CG_BENCH_PROFILE=/tmp/prof node --conditions=@campaign-games/source bench/play-overhead.ts   # and a V8 CPU profile of the rounds
 */
import { Session } from "node:inspector/promises"
import { writeFileSync } from "node:fs"
import { Server } from "@campaign-games/http"
import * as InProcess from "./internal/InProcess.ts"
import * as BenchServer from "./internal/Server.ts"

const N = Number(process.argv[2] ?? 2000)
const onPostgres = process.argv[3] === "postgres"
const { dependencies, drop } = InProcess.engine(onPostgres ? "postgres" : "memory", "cg_overhead")
const { dispose, handler } = Server.toWebHandler(dependencies)

const call = BenchServer.inProcess(handler)

const { channelId, key } = await BenchServer.benchAccount(call)
// 600 mints a minute per key: enough keys for every round.
const WARM_UP_ROUNDS = 3
const keys = await BenchServer.mintKeys(call, key, Math.ceil((5 * N + WARM_UP_ROUNDS * Math.min(N, 1000) + 100) / 550))
let minted = 0

/** One round: N mints, then N starts, then N finishes; the CPU µs a call of each. */
const round = async (n: number) => {
  const cpu = () => {
    const u = process.cpuUsage()
    return u.user + u.system
  }
  let t = cpu()
  const tokens: Array<string> = []
  for (let i = 0; i < n; i++) {
    const { clientToken } = await call("POST", "/v1/auth/session-tokens", keys[Math.floor(minted++ / 550)]!, {
      channelId,
      participantRef: `player-${minted}`,
      origin: BenchServer.ORIGIN
    })
    tokens.push(clientToken)
  }
  const mint = (cpu() - t) / n
  t = cpu()
  const sessions: Array<string> = []
  for (const token of tokens) sessions.push((await call("POST", "/v1/play/sessions", token)).session.id)
  const start = (cpu() - t) / n
  t = cpu()
  for (let i = 0; i < n; i++) await call("POST", `/v1/play/sessions/${sessions[i]}/finish`, tokens[i]!, {})
  const finish = (cpu() - t) / n
  return { mint, start, finish }
}

// Warm-up: V8 compiles the calls' paths over the first few thousand calls; the rounds measure the steady state.
for (let r = 0; r < WARM_UP_ROUNDS; r++) await round(Math.min(N, 1000))
const profile = process.env.CG_BENCH_PROFILE
const inspector = profile === undefined ? undefined : new Session()
if (inspector !== undefined) {
  inspector.connect()
  await inspector.post("Profiler.enable")
  await inspector.post("Profiler.start")
}
const rounds: Array<{ mint: number; start: number; finish: number }> = []
for (let r = 0; r < 5; r++) rounds.push(await round(N))
if (inspector !== undefined) {
  const { profile: result } = await inspector.post("Profiler.stop")
  writeFileSync(`${profile}/play-overhead.cpuprofile`, JSON.stringify(result))
}
/**
 * CPU µs a call on the memory store in process (the rounds' minimum), set in docs/performance.md
 * from the figures of 29 November 2026 with about 15 % of room: what the engine's own work may cost
 * before a change has to say why.
 */
const BUDGET = { mint: 220, start: 260, finish: 220 } as const

const show = (name: "mint" | "start" | "finish") => {
  const sorted = rounds.map((r) => r[name]).sort((a, b) => a - b)
  return `${name} min ${sorted[0]!.toFixed(0)}, median ${sorted[2]!.toFixed(0)}`
}
console.log(
  `${onPostgres ? "postgres" : "memory"}: CPU µs a call (${N} players a round, 5 rounds): ${show("mint")}; ${show("start")}; ${show("finish")}`
)
if (!onPostgres) {
  const over = (["mint", "start", "finish"] as const).filter(
    (name) => Math.min(...rounds.map((r) => r[name])) > BUDGET[name]
  )
  console.log(
    over.length === 0
      ? `within the budget (mint ${BUDGET.mint}, start ${BUDGET.start}, finish ${BUDGET.finish} µs)`
      : `over the budget: ${over.map((name) => `${name} (${BUDGET[name]} µs)`).join(", ")}`
  )
  if (over.length > 0) process.exitCode = 2
}
await dispose()
drop()
