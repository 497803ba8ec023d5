/**
 * Plays benchmark: N complete plays (mint → start → finish) over HTTP against the reference server,
 * started here as a child process on PGlite or PostgreSQL, with a given concurrency. Prints plays
 * per second, p50/p99 latency per call and (on Linux) the CPU time one play costs the server, this
 * client and the database's backends: on a 2-core machine the three share the cores. Run by hand,
 * never in CI:
 *
 *   node bench/plays.ts --store postgres --plays 5000 --concurrency 32
 *   node bench/plays.ts --store pglite --plays 2000 --concurrency 16
 *   node bench/plays.ts --store memory   # no database: the HTTP layer and the core alone
 *   node bench/plays.ts --store postgres --limits   # the campaign and the channel set play limits
 *   node bench/plays.ts --store postgres --reward pool   # with a reward against the same campaign without
 *   node bench/plays.ts --calls --server-flags=--max-semi-space-size=4   # V8 flags for the server
 *   node bench/plays.ts --plays 30000 --webhook-endpoints 1   # deliveries flowing: their lag, window by window
 *
 * The client is `node:http` with keep-alive connections (one per concurrent player); `--client fetch`
 * uses the global `fetch` instead, which costs this process about three times as much CPU a call.
 *
 * `--reward pool` sets up two identical live wheels on two channels, one with a reward (one
 * `everyone` prize on a large pool of generated single-use codes, so every play is granted a
 * coupon) and one without, and measures them in turns (`--repeat` times each) in the same run:
 * plays per second of each turn, the ratio of their medians, and how long each generation of 1,000
 * codes took (the pool is made of them).
 *
 * `--webhook-endpoints N` subscribes N endpoints of the account to `session_completed` after the
 * warm-up, each a path of one loopback receiver in this process that answers 200 at once
 * (`webhook-harness.ts`; the server runs with `CG_ALLOW_PRIVATE_URLS=true`), so every play of the
 * measured run makes N deliveries while the plays run at full speed. Every `--every` seconds it
 * prints the window's plays and deliveries a second, the deliveries waiting and their lag (receive
 * time − the body's `createdAt`); after the plays, how long the last deliveries took, the whole
 * run's lag, whether the lag p99 stayed under 2 s and flat (`Harness.LagWindows`), and the CPU
 * figures include the deliveries' work. The exit code is 2 when it did not.
 *
 * `--store postgres` creates a fresh database on `CG_BENCH_POSTGRES` (default
 * postgres://postgres@127.0.0.1:5432) and drops it afterwards. With `CG_BENCH_PROFILE=<dir>` the
 * server runs with `--cpu-prof` and writes its CPU profile into that directory when it stops.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as BenchClient from "./bench-client.ts"
import * as Options from "./internal/Options.ts"
import * as BenchServer from "./internal/Server.ts"
import * as Harness from "./webhook-harness.ts"

const options = Options.parse({
  store: "postgres",
  plays: 3000,
  concurrency: 32,
  port: 18181,
  // Play limits on the campaign and the channel (never reached: each player plays once), so that
  // mint and start count the player's plays, and start does it under the player's lock.
  limits: false,
  client: "http",
  // `bare`: bench/bare-server.ts, node:http + pg doing only a play's minimal SQL (the yardstick).
  // `floor`: bench/floor-server.ts, the same work written with HttpApi + @effect/sql-pg.
  server: "engine",
  // Per call type instead of whole plays: every player mints, then every one starts, then every
  // one finishes, `--rounds` times; prints the server's CPU per call (min and median of the rounds).
  calls: false,
  rounds: 5,
  // `pool`: a campaign with a reward (an everyone prize on a large pool) against the same without.
  reward: "",
  repeat: 2,
  pool: 50000,
  // V8 flags for the server process, e.g. `--max-semi-space-size=4` (what `npm start` passes).
  "server-flags": "",
  // Endpoints subscribed to `session_completed` (a loopback receiver here): deliveries flow during the run.
  "webhook-endpoints": 0,
  // With --webhook-endpoints: seconds per window of the lag report.
  every: 5
})
const withReward = options.reward === "pool"
if (options.reward !== "" && !withReward) throw new Error(`--reward must be pool, not ${options.reward}`)
const { repeat, plays, concurrency, port } = options
const base = `http://127.0.0.1:${port}`
const bare = options.server === "bare" || options.server === "floor"
if (bare && options.store !== "postgres") throw new Error(`--server ${options.server} needs --store postgres`)
const admin = BenchServer.ADMIN
const webhookEndpoints = options["webhook-endpoints"]
if (webhookEndpoints > 0 && (bare || options.store === "memory" || options.calls || withReward)) {
  throw new Error("--webhook-endpoints needs the engine on PostgreSQL or PGlite, without --calls or --reward")
}

const env: Record<string, string> = { ...process.env, PORT: String(port), CG_ADMIN_TOKEN: admin } as Record<
  string,
  string
>
let dataDir: string | undefined
let database: string | undefined
const server = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
const memory = options.store === "memory"
if (options.store === "postgres") {
  database = `cg_bench_${Date.now()}`
  execFileSync("psql", [`${server}/postgres`, "-qc", `CREATE DATABASE ${database}`])
  env.DATABASE_URL = `${server}/${database}`
} else if (!memory) {
  dataDir = mkdtempSync(join(tmpdir(), "cg-bench-"))
  env.CG_DATA_DIR = dataDir
  delete env.DATABASE_URL
}
// The receiver listens on 127.0.0.1: the server must be allowed to send there.
if (webhookEndpoints > 0) env.CG_ALLOW_PRIVATE_URLS = "true"
const receiver = webhookEndpoints > 0 ? await Harness.startReceiver() : undefined

const serverProcess = BenchServer.spawnServer(
  bare ? `bench/${options.server}-server.ts` : memory ? "bench/memory-server.ts" : "examples/server/src/main.ts",
  env,
  ["ignore", "ignore", "inherit"],
  options["server-flags"].split(" ").filter((flag) => flag !== "")
)
const child = serverProcess.child
const cleanup = async () => {
  client.close()
  await receiver?.close()
  // SIGINT lets the runtime shut down in order, so that `--cpu-prof` writes its profile.
  await serverProcess.stop()
  if (database !== undefined) {
    try {
      execFileSync("psql", [`${server}/postgres`, "-qc", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`])
    } catch {
      // best effort
    }
  }
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
}

const callFetch = (method: string, path: string, key: string, body?: unknown) =>
  BenchClient.call(base, method, path, key, body)

const client = BenchClient.keepAlive(concurrency + 8)
const callHttp = (method: string, path: string, key: string, body?: unknown) =>
  client.call(base, method, path, key, body)

const call = options.client === "fetch" ? callFetch : callHttp

/** CPU time (user + system, ms) of processes, read from /proc; undefined where that is not possible. */
/** The process and its children (the workers of a clustered server). */
const tree = (pid: number): Array<number> => {
  try {
    const children = execFileSync("pgrep", ["-P", String(pid)])
      .toString()
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number)
    return [pid, ...children.flatMap(tree)]
  } catch {
    return [pid]
  }
}

const cpuMs = (pids: ReadonlyArray<number>, which: "all" | "system" = "all"): number | undefined => {
  try {
    let ticks = 0
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      ticks += (which === "all" ? Number(fields[11]) : 0) + Number(fields[12])
    }
    return ticks * 10 // USER_HZ is 100 on Linux
  } catch {
    return undefined
  }
}

/** The PostgreSQL backends serving the bench's database (its pool, open after the warm-up). */
const backendPids = (): Array<number> => {
  if (database === undefined) return []
  try {
    const out = execFileSync("psql", [
      `${server}/postgres`,
      "-Atc",
      `SELECT pid FROM pg_stat_activity WHERE datname = '${database}'`
    ])
    return out.toString().trim().split("\n").filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** How long each generation of 1,000 codes took (ms, as the client saw it), with `--reward pool`. */
const generations: Array<number> = []

/**
 * The pool of the rewarded campaign: `size` single-use codes generated 1,000 at a time (10 a minute
 * per key: a key of rewards.codes.manage for every 10).
 */
const fillPool = async (key: string, campaignId: string, size: number) => {
  let manager = ""
  for (let made = 0, i = 0; made < size; made += 1000, i++) {
    if (i % 10 === 0) {
      manager = (
        await call("POST", "/v1/tenant/api-keys", key, { name: `codes-${i}`, permissions: ["rewards.codes.manage"] })
      ).apiKey.key
    }
    const t0 = performance.now()
    const { generated } = await call("POST", `/v1/game-instances/${campaignId}/reward-coupons/generate`, manager, {
      quantity: Math.min(1000, size - made)
    })
    if (generated === 1000) generations.push(performance.now() - t0)
  }
}

/** The real server: an account, an allowed origin, a channel with a live wheel (and, with a reward, a second one), and mint keys. */
const setupEngine = async () => {
  // The mint allows 600 calls a minute per key (the specification's limit): spread the load over keys.
  const calls = options.calls ? plays * options.rounds : withReward ? 2 * repeat * plays + 200 : plays
  const keyCount = Math.ceil((calls + 200) / 550)
  const accountLimits = {
    ...(withReward ? { storedCouponCodes: null } : {}),
    // The pro plan's 50 active keys hold the mint keys of about 27,000 plays (and the owner's); past that, no limit.
    ...(keyCount >= 50 ? { activeApiKeys: null } : {})
  }
  const { apiKey } = await call("POST", "/admin/v1/accounts", admin, {
    name: "bench",
    plan: "pro",
    ...(Object.keys(accountLimits).length > 0 ? { limits: accountLimits } : {})
  })
  const key = apiKey.key as string
  const origin = BenchServer.ORIGIN
  await call("POST", "/v1/tenant/allowed-origins", key, { origin })
  const limits = options.limits ? { maxPlaysPerParticipant: 100, maxPlaysPerParticipantPerDay: 10 } : {}
  /** A channel with a live wheel; with `reward`, the wheel's reward is set first. */
  const liveWheel = async (name: string, reward?: unknown) => {
    const { channelId, campaignId } = await BenchServer.liveWheel(call, key, name, { limits, reward })
    return { channel: { id: channelId }, campaignId }
  }
  const plain = await liveWheel("bench")
  const rewarded = withReward
    ? await liveWheel("bench-reward", {
        tiers: [{ match: { when: "everyone" }, display: { title: "10% off" }, codeStrategy: "pool" }],
        page: {
          blocks: [
            { id: "t", type: "heading", text: "Thanks for playing" },
            { id: "c", type: "coupon", when: "win" }
          ]
        }
      })
    : undefined
  if (rewarded !== undefined) {
    // Every play of the rewarded campaign takes a code: the pool outlasts the warm-up and the turns.
    await fillPool(key, rewarded.campaignId, Math.max(options.pool, 200 + repeat * plays))
  }
  const mintKeys = await BenchServer.mintKeys(call, key, keyCount)
  return { key, channel: plain.channel, rewardChannel: rewarded?.channel, origin, mintKeys }
}

/** The bare and floor servers seed their one live campaign themselves and check no key. */
const setupBare = async () => ({
  key: "bare",
  channel: { id: "ch_bare" },
  rewardChannel: undefined,
  origin: BenchServer.ORIGIN,
  mintKeys: ["bare"]
})

const percentile = (sorted: Array<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

try {
  const up = await BenchServer.waitUntilUp(base, serverProcess)
  if (up === "exited") {
    throw new Error(`the server exited before it was up (${child.exitCode ?? child.signalCode}); see its output above`)
  }
  if (up === "timeout") throw new Error("server did not start")
  if (withReward && bare) throw new Error("--reward needs the engine (--server engine)")
  const setup = bare ? setupBare : setupEngine
  const { key, channel, origin, mintKeys, rewardChannel } = await setup()

  /** `--calls`: the server's (and the database's) CPU per mint, start and finish, over `--rounds` rounds of `--plays` players. */
  const measureCalls = async () => {
    const perCall: Record<"mint" | "start" | "finish", Array<number>> = { mint: [], start: [], finish: [] }
    const dbPerCall: Record<"mint" | "start" | "finish", Array<number>> = { mint: [], start: [], finish: [] }
    const phase = async <A>(name: keyof typeof perCall, count: number, f: (i: number) => Promise<A>) => {
      const out: Array<A> = []
      let i = 0
      const backends = backendPids()
      const dbBefore = cpuMs(backends)
      const before = cpuMs(tree(child.pid!))!
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (i < count) {
            const k = i++
            out[k] = await f(k)
          }
        })
      )
      perCall[name].push(((cpuMs(tree(child.pid!))! - before) * 1000) / count)
      const dbAfter = cpuMs(backends)
      if (dbBefore !== undefined && dbAfter !== undefined && backends.length > 0)
        dbPerCall[name].push(((dbAfter - dbBefore) * 1000) / count)
      return out
    }
    for (let round = 0; round < options.rounds; round++) {
      const minted = await phase("mint", plays, (i) =>
        call("POST", "/v1/auth/session-tokens", mintKeys[i % mintKeys.length]!, {
          channelId: channel.id,
          participantRef: `r${round}p${i}`,
          origin
        })
      )
      const started = await phase("start", plays, (i) => call("POST", "/v1/play/sessions", minted[i].clientToken))
      await phase("finish", plays, (i) =>
        call("POST", `/v1/play/sessions/${started[i].session.id}/finish`, minted[i].clientToken, {})
      )
    }
    console.log(`server=${options.server} store=${options.store} players=${plays} rounds=${options.rounds}`)
    for (const [name, samples] of Object.entries(perCall)) {
      const sorted = [...samples].sort((a, b) => a - b)
      const db = [...dbPerCall[name as keyof typeof dbPerCall]].sort((a, b) => a - b)
      console.log(
        `${name.padEnd(6)} server CPU µs a call: min ${sorted[0]!.toFixed(0)}, median ${percentile(sorted, 0.5).toFixed(0)}` +
          (db.length === 0 ? "" : `; database: min ${db[0]!.toFixed(0)}, median ${percentile(db, 0.5).toFixed(0)}`)
      )
    }
  }

  const latencies = { mint: [] as Array<number>, start: [] as Array<number>, finish: [] as Array<number> }
  const timed = async <A>(bucket: Array<number>, f: () => Promise<A>) => {
    const t0 = performance.now()
    const a = await f()
    bucket.push(performance.now() - t0)
    return a
  }
  let next = 0
  /** Finishes that were granted a coupon (with `--reward pool`, every play of the rewarded campaign). */
  let granted = 0
  let minted = 0
  const play = async (i: number, on: { readonly id: string } = channel, who = `p${i}`) => {
    const token = await timed(latencies.mint, () =>
      call("POST", "/v1/auth/session-tokens", mintKeys[minted++ % mintKeys.length]!, {
        channelId: on.id,
        participantRef: who,
        origin
      })
    )
    const { session } = await timed(latencies.start, () => call("POST", "/v1/play/sessions", token.clientToken))
    const finished = await timed(latencies.finish, () =>
      call("POST", `/v1/play/sessions/${session.id}/finish`, token.clientToken, {})
    )
    if (finished.reward?.grant) granted++
  }
  // Warm up (JIT, pools), then measure.
  await Promise.all(Array.from({ length: Math.min(200, plays) }, (_, i) => play(-1 - i)))
  if (rewardChannel !== undefined) {
    await Promise.all(Array.from({ length: 100 }, (_, i) => play(-1 - i, rewardChannel, `warm-${i}`)))
    if (granted !== 100) throw new Error(`the warm-up of the rewarded campaign granted ${granted} coupons, not 100`)
  }
  // After the warm-up, so that only the measured plays make deliveries.
  for (let i = 0; i < webhookEndpoints; i++) await Harness.createEndpoint(base, key, receiver!.url(`/e${i}`))
  /**
   * `plays` plays on a channel with `concurrency` players at a time: plays per second, and the CPU
   * one play cost the server and the database's backends (ms; steadier than the rate on a shared
   * machine).
   */
  const turn = async (on: { readonly id: string }, label: string) => {
    let index = 0
    const backends = backendPids()
    const server0 = cpuMs(tree(child.pid!)) ?? 0
    const database0 = cpuMs(backends) ?? 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (index < plays) {
          const i = index++
          await play(i, on, `${label}-${i}`)
        }
      })
    )
    const rate = plays / ((performance.now() - t0) / 1000)
    const server = ((cpuMs(tree(child.pid!)) ?? 0) - server0) / plays
    const database = ((cpuMs(backends) ?? 0) - database0) / plays
    return { rate, server, database }
  }
  if (rewardChannel !== undefined) {
    // In turns, the same number of plays each, so both see the same machine (and its noise).
    const rates: Record<"without" | "with", Array<{ rate: number; server: number; database: number }>> = {
      without: [],
      with: []
    }
    for (let r = 0; r < repeat; r++) {
      rates.without.push(await turn(channel, `a${r}`))
      granted = 0
      rates.with.push(await turn(rewardChannel, `b${r}`))
      if (granted !== plays) throw new Error(`a turn of the rewarded campaign granted ${granted} coupons, not ${plays}`)
    }
    const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const sortedGenerations = [...generations].sort((a, b) => a - b)
    const show = (name: string, turns: Array<{ rate: number; server: number; database: number }>) =>
      console.log(
        `${name}: plays/s ${turns.map((t) => t.rate.toFixed(0)).join(", ")}; CPU ms a play: server ${turns.map((t) => t.server.toFixed(2)).join(", ")}, database ${turns.map((t) => t.database.toFixed(2)).join(", ")}`
      )
    console.log(
      `server=engine store=${options.store} plays=${plays} concurrency=${concurrency} reward=pool repeat=${repeat}`
    )
    show("without a reward", rates.without)
    show("with a reward (every play granted a pool code)", rates.with)
    const ratio = (pick: (t: { rate: number; server: number; database: number }) => number) =>
      (median(rates.with.map(pick)) / median(rates.without.map(pick))).toFixed(2)
    console.log(
      `ratio of the medians (with / without): plays/s ${ratio((t) => t.rate)}; CPU a play: server ${ratio((t) => t.server)}, database ${ratio((t) => t.database)}`
    )
    console.log(
      `generating 1,000 codes (${generations.length} times, ms as the client saw it): min ${sortedGenerations[0]?.toFixed(0)}, median ${percentile(sortedGenerations, 0.5).toFixed(0)}, max ${sortedGenerations.at(-1)?.toFixed(0)}`
    )
    process.exitCode = 0
  } else if (options.calls) {
    await measureCalls()
    process.exitCode = 0
  } else {
    latencies.mint.length = latencies.start.length = latencies.finish.length = 0
    const backends = backendPids()
    const cpu0 = {
      server: cpuMs(tree(child.pid!)),
      serverSystem: cpuMs(tree(child.pid!), "system"),
      database: cpuMs(backends),
      client: process.cpuUsage()
    }
    const lag = receiver === undefined ? undefined : new Harness.LagWindows(receiver, webhookEndpoints)
    let played = 0
    const ticker = lag === undefined ? undefined : setInterval(() => lag.close(played), options.every * 1000)
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < plays) {
          await play(next++)
          played++
        }
      })
    )
    const seconds = (performance.now() - t0) / 1000
    const playsEndAt = Date.now()
    clearInterval(ticker)
    lag?.close(played)
    const client = process.cpuUsage(cpu0.client)
    const serverCpu = cpuMs(tree(child.pid!))
    const serverSystem = cpuMs(tree(child.pid!), "system")
    const db = cpuMs(backends)
    console.log(
      `server=${options.server} store=${options.store} plays=${plays} concurrency=${concurrency} client=${options.client}${options.limits ? " limits" : ""}` +
        (webhookEndpoints > 0 ? ` webhook-endpoints=${webhookEndpoints} (CPU figures include the deliveries)` : "")
    )
    console.log(`plays/s: ${(plays / seconds).toFixed(0)} (${seconds.toFixed(1)} s)`)
    const perPlay = (ms: number | undefined, from: number | undefined) =>
      ms === undefined || from === undefined ? "?" : ((ms - from) / plays).toFixed(2)
    console.log(
      `CPU ms a play: server ${perPlay(serverCpu, cpu0.server)} (system ${perPlay(serverSystem, cpu0.serverSystem)}), client ${((client.user + client.system) / 1000 / plays).toFixed(2)}` +
        (database === undefined
          ? memory
            ? " (no database)"
            : " (PGlite runs in the server)"
          : `, database ${perPlay(db, cpu0.database)} (${backends.length} backends)`)
    )
    for (const [name, values] of Object.entries(latencies)) {
      const sorted = [...values].sort((a, b) => a - b)
      console.log(
        `${name.padEnd(6)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms`
      )
    }
    if (lag !== undefined) {
      const drainedAt = await lag.drain(played, playsEndAt, 60_000)
      process.exitCode = lag.summary(played, playsEndAt, drainedAt) ? 0 : 2
    }
  }
} finally {
  await cleanup()
}
