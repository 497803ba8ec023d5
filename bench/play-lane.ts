/**
 * The play calls through the lane (`PlayLane`, what the reference server runs for a mint, a start
 * and a finish) in process, `--concurrency` calls at a time, on a fresh PostgreSQL database
 * (`CG_BENCH_POSTGRES`) or the memory store: no HTTP, so what it measures is the engine's work and
 * the SQL path (the statement through effect/sql and the driver, the socket, the rows). Each round
 * mints for N players, then starts, then finishes; prints the CPU µs a call of each (median of 5
 * rounds after 3 of warm-up). The difference between the two stores is the SQL path's cost
 * (docs/performance.md). Run by hand, never in CI:
 *
 *   node --conditions=@campaign-games/source bench/play-lane.ts --players 2000 --concurrency 32
 *   node --conditions=@campaign-games/source bench/play-lane.ts --store memory
 */
import { Server } from "@campaign-games/http"
import { Layer, ManagedRuntime } from "effect"
import * as PlayLane from "../packages/http/src/PlayLane.ts"
import * as InProcess from "./internal/InProcess.ts"
import * as Options from "./internal/Options.ts"
import * as BenchServer from "./internal/Server.ts"

const options = Options.parse({ store: "postgres", players: 2000, concurrency: 32 })
const { concurrency, players } = options
const onPostgres = options.store === "postgres"
if (!onPostgres && options.store !== "memory") throw new Error(`--store must be postgres or memory`)
const { dependencies, drop } = InProcess.engine(onPostgres ? "postgres" : "memory", "cg_lane")
// One engine: the API (for the setup) and the lane share its context, so they share its store.
const runtime = ManagedRuntime.make(dependencies)
const { dispose, handler } = Server.toWebHandler(Layer.succeedContext(await runtime.context()))
const call = BenchServer.inProcess(handler)
const { channelId, key } = await BenchServer.benchAccount(call)
const ROUNDS = 8
const WARM_UP_ROUNDS = 3
// 600 mints a minute per key: enough keys for every round.
const keys = await BenchServer.mintKeys(call, key, Math.ceil((ROUNDS * players) / 550) + 1)
const lane = await runtime.runPromise(PlayLane.make)

const serve = async (served: PlayLane.Call, body: unknown) => {
  const answer = await runtime.runPromise(lane.serve(served, body === undefined ? undefined : { value: body }))
  if (answer === undefined || answer.status >= 300) throw new Error(`${served._tag}: ${answer?.status} ${answer?.body}`)
  return JSON.parse(answer.body)
}

/** `f` of every item, `concurrency` at a time, in order. */
const each = async <A, B>(items: ReadonlyArray<A>, f: (item: A) => Promise<B>): Promise<Array<B>> => {
  const out: Array<B> = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await f(items[i]!)
      }
    })
  )
  return out
}

const cpu = () => {
  const used = process.cpuUsage()
  return used.user + used.system
}
/** `f`'s result and the CPU µs a call it took (of `players` calls). */
const measured = async <A>(f: () => Promise<A>) => {
  const t = cpu()
  const out = await f()
  return { out, perCall: (cpu() - t) / players }
}

const figures = { mint: [] as Array<number>, start: [] as Array<number>, finish: [] as Array<number> }
let minted = 0
for (let round = 0; round < ROUNDS; round++) {
  const who = Array.from({ length: players }, () => minted++)
  const mint = await measured(() =>
    each(who, (i) =>
      serve(
        { _tag: "mint", credential: keys[Math.floor(i / 550)]!, sessionId: "", body: "json" },
        { channelId, participantRef: `p-${i}`, origin: BenchServer.ORIGIN }
      )
    )
  )
  const tokens = mint.out.map((minted) => minted.clientToken as string)
  const start = await measured(() =>
    each(tokens, (token) => serve({ _tag: "start", credential: token, sessionId: "", body: "none" }, undefined))
  )
  const sessions = tokens.map((token, i) => [token, start.out[i].session.id as string] as const)
  const finish = await measured(() =>
    each(sessions, ([token, id]) => serve({ _tag: "finish", credential: token, sessionId: id, body: "json" }, {}))
  )
  if (round >= WARM_UP_ROUNDS) {
    figures.mint.push(mint.perCall)
    figures.start.push(start.perCall)
    figures.finish.push(finish.perCall)
  }
}
const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0)
console.log(
  `${options.store}: the lane in process, ${players} players a round, ${concurrency} at a time, CPU µs a call (median of ${ROUNDS - WARM_UP_ROUNDS} rounds): mint ${median(figures.mint)}, start ${median(figures.start)}, finish ${median(figures.finish)}`
)
await runtime.dispose()
await dispose()
drop()
