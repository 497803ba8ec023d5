/**
 * The engine's own CPU per play call, in process: mint, start and finish through
 * `Server.toWebHandler` on the memory store (no network, no database), N players a round, 5 rounds
 * after a warm-up; prints µs of CPU a call (min and median of the rounds). What separates these
 * figures from `plays.ts --calls` on PostgreSQL is the driver, the statements and the sockets; what
 * they measure is routing, authentication, decoding, the use cases and encoding the answers, so a
 * change to any of those shows here within a few seconds (docs/performance.md). Run it on two trees,
 * alternating, to compare them:
 *
 *   node bench/play-overhead.ts 2000
 *   CG_BENCH_PROFILE=/tmp/prof node bench/play-overhead.ts   # and a V8 CPU profile of the rounds
 */
import { Session } from "node:inspector/promises"
import { writeFileSync } from "node:fs"
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { MemoryStore } from "@campaign-games/testing"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, Redacted, References } from "effect"
import { RateLimiter } from "effect/persistence"
import * as BenchServer from "./internal/Server.ts"

const dependencies = Layer.mergeAll(
  NodeEngine.layer(MemoryStore.layer, { dispatcher: false }),
  RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
  Layer.succeed(HttpConfig.HttpConfig, { adminToken: Redacted.make(BenchServer.ADMIN), publicUrl: "http://localhost" }),
  NodeHttpServer.layerHttpServices,
  Layer.succeed(References.TracerEnabled, false)
)
const { dispose, handler } = Server.toWebHandler(dependencies)
const N = Number(process.argv[2] ?? 2000)

const call: BenchServer.Call = async (method, path, key, body) => {
  const response = await handler(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        origin: BenchServer.ORIGIN
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
  )
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return JSON.parse(text)
}

const { apiKey } = await call("POST", "/admin/v1/accounts", BenchServer.ADMIN, { name: "bench", plan: "pro" })
const key = apiKey.key as string
await call("POST", "/v1/tenant/allowed-origins", key, { origin: BenchServer.ORIGIN })
const { channelId } = await BenchServer.liveWheel(call, key, "bench")
// 600 mints a minute per key: enough keys for every round.
const keys = await BenchServer.mintKeys(call, key, Math.ceil((6 * N + 100) / 550))
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

await round(Math.min(N, 1000))
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
const show = (name: "mint" | "start" | "finish") => {
  const sorted = rounds.map((r) => r[name]).sort((a, b) => a - b)
  return `${name} min ${sorted[0]!.toFixed(0)}, median ${sorted[2]!.toFixed(0)}`
}
console.log(`CPU µs a call (${N} players a round, 5 rounds): ${show("mint")}; ${show("start")}; ${show("finish")}`)
await dispose()
