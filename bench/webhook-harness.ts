/**
 * Shared pieces of the webhook benchmarks (`bench/webhooks.ts`, `bench/webhooks-kill.ts`, and
 * `bench/plays.ts --webhook-endpoints`): a fresh PostgreSQL database, reference-server child
 * processes (`examples/server/src/main.ts`) with their output in a log file, the
 * account/channel/campaign set-up through the API, plays (over keep-alive `node:http` connections,
 * as `plays.ts` plays), a loopback receiver (`node:http`) that answers 200 at once and counts what
 * it gets, the lag of its deliveries window by window while plays run (`LagWindows`), and the CPU
 * time of processes read from `/proc` (the server, and the PostgreSQL backends serving the
 * benchmark's database). Everything talks to 127.0.0.1 only. Not a test: run by hand.
 */
import { type ChildProcess, execFile } from "node:child_process"
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { call, keepAlive } from "./bench-client.ts"
import * as BenchServer from "./internal/Server.ts"

export const ADMIN = BenchServer.ADMIN
export const ORIGIN = BenchServer.ORIGIN
const PG = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

// ---------------------------------------------------------------------------------------------
// PostgreSQL (asynchronous psql, so that the receiver in this process is never blocked)
// ---------------------------------------------------------------------------------------------

const psqlRaw = (url: string, sql: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(
      "psql",
      [url, "-X", "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => (error === null ? resolve(stdout) : reject(new Error(`psql: ${stderr || error}`)))
    )
  )

export interface BenchDatabase {
  readonly name: string
  readonly url: string
  /** Runs SQL on the database; the rows as lines of `|`-separated fields. */
  readonly query: (sql: string) => Promise<Array<Array<string>>>
  /** The PostgreSQL backends (process ids) serving this database now (psql's own excluded). */
  readonly backends: () => Promise<Array<number>>
  /** Write-ahead log written by the whole server so far (bytes; other databases count too). */
  readonly walBytes: () => Promise<number>
  readonly drop: () => Promise<void>
}

/** CPU time (user + system, ms) of each process, read from `/proc`; a process gone counts as absent. */
export const cpuOf = (pids: ReadonlyArray<number>): Map<number, number> => {
  const out = new Map<number, number>()
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10) // USER_HZ is 100 on Linux
    } catch {
      // gone
    }
  }
  return out
}

/** CPU (ms) the processes spent between two readings (a process first seen at the end counts from 0). */
export const cpuSpent = (before: Map<number, number>, after: Map<number, number>): number => {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

export const createDatabase = async (prefix: string): Promise<BenchDatabase> => {
  const name = `${prefix}_${Date.now()}_${process.pid}`
  await psqlRaw(`${PG}/postgres`, `CREATE DATABASE ${name}`)
  const url = `${PG}/${name}`
  let dropped = false
  return {
    name,
    url,
    query: async (sql) =>
      (await psqlRaw(url, sql))
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.split("|")),
    backends: async () =>
      (
        await psqlRaw(
          `${PG}/postgres`,
          `SELECT pid FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`
        )
      )
        .split("\n")
        .filter((line) => line !== "")
        .map(Number),
    walBytes: async () =>
      Number((await psqlRaw(`${PG}/postgres`, "SELECT pg_current_wal_lsn() - '0/0'::pg_lsn")).trim()),
    drop: async () => {
      if (dropped) return
      dropped = true
      try {
        await psqlRaw(`${PG}/postgres`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } catch (error) {
        console.error(`could not drop database ${name}: ${String(error)}`)
      }
    }
  }
}

/**
 * Holds back every delivery row inserted from now on (benchmark databases only): a `BEFORE INSERT`
 * trigger sets its lease (`claimed_until`) to infinity, so no dispatcher claims it.
 */
export const HOLD_SQL = `
  CREATE FUNCTION bench_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.claimed_until := 'infinity'; RETURN NEW; END $$;
  CREATE TRIGGER bench_hold BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION bench_hold();`

/**
 * Gathers the statistics of the delivery table, as autovacuum does on a table in service (run it
 * after `RELEASE_SQL`): the table of a fresh benchmark database was filled seconds ago and has none,
 * or ones where every row is held, and without true ones PostgreSQL's planner takes the backlog for
 * a few rows and sorts all of it for every claim.
 */
export const ANALYZE_SQL = "ANALYZE webhook_deliveries"

/**
 * Releases what `HOLD_SQL` held, in one transaction: every held delivery becomes claimable at once,
 * and the dispatchers are told so (the notice new deliveries give).
 */
export const RELEASE_SQL = `BEGIN;
  DROP TRIGGER bench_hold ON webhook_deliveries;
  UPDATE webhook_deliveries SET claimed_until = NULL WHERE claimed_until = 'infinity';
  NOTIFY webhook_deliveries;
  COMMIT;`

// ---------------------------------------------------------------------------------------------
// Server instances
// ---------------------------------------------------------------------------------------------

export interface Instance {
  readonly name: string
  readonly base: string
  readonly child: ChildProcess
  readonly logPath: string
  readonly exited: Promise<void>
  /** Stops it (SIGINT, then SIGKILL after 10 s). */
  readonly stop: () => Promise<void>
  /** `kill -9`. */
  readonly kill9: () => void
  /** `kill -TERM`: a graceful stop (the server drains and releases its webhook claims). */
  readonly term: () => void
}

/** The instances' log directory, made when the first instance starts (a script may start none). */
let logDir: string | undefined

export const startInstance = async (name: string, port: number, databaseUrl: string): Promise<Instance> => {
  logDir ??= mkdtempSync(join(tmpdir(), "cg-bench-webhooks-"))
  const logPath = join(logDir, `${name}.log`)
  const fd = openSync(logPath, "a")
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    CG_ADMIN_TOKEN: ADMIN,
    CG_ALLOW_PRIVATE_URLS: "true"
  } as Record<string, string>
  delete env.REDIS_URL
  const server = BenchServer.spawnServer("examples/server/src/main.ts", env, ["ignore", fd, fd])
  closeSync(fd)
  const { child, gone } = server
  const instance: Instance = {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    logPath,
    exited: server.exited,
    stop: server.stop,
    kill9: () => {
      if (!gone()) child.kill("SIGKILL")
    },
    term: () => {
      if (!gone()) child.kill("SIGTERM")
    }
  }
  const up = await BenchServer.waitUntilUp(instance.base, server)
  if (up === "exited") throw new Error(`${name} exited at start; see ${logPath}:\n${readLog(instance)}`)
  if (up === "timeout") throw new Error(`${name} did not start; see ${logPath}`)
  return instance
}

export const readLog = (instance: Instance): string => {
  try {
    return readFileSync(instance.logPath, "utf8")
  } catch {
    return ""
  }
}

/** Lines of an instance's output that are warnings or errors (the dispatcher logs its troubles so). */
export const logTroubles = (instance: Instance): Array<string> =>
  readLog(instance)
    .split("\n")
    .filter((line) => /level=(WARN|ERROR|FATAL)|\bWARN\b|\bERROR\b|Error/.test(line))

export const removeLogs = () => {
  if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true })
  logDir = undefined
}

// ---------------------------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------------------------

export { call }

export interface Tenant {
  readonly key: string
  readonly channelId: string
  readonly campaignId: string
  readonly mintKeys: ReadonlyArray<string>
}

/** An account on the unlimited plan, an allowed origin, a channel, a live wheel, and `tokens.mint` keys. */
export const setUpTenant = async (base: string, plays: number): Promise<Tenant> => {
  const { apiKey } = await call(base, "POST", "/admin/v1/accounts", ADMIN, { name: "bench", plan: "unlimited" })
  const key = apiKey.key as string
  await call(base, "POST", "/v1/tenant/allowed-origins", key, { origin: ORIGIN })
  const callBase: BenchServer.Call = (method, path, as, body) => call(base, method, path, as, body)
  const { channelId, campaignId } = await BenchServer.liveWheel(callBase, key, "bench")
  const mintKeys = await BenchServer.mintKeys(callBase, key, Math.ceil((plays + 200) / 500))
  return { key, channelId, campaignId, mintKeys }
}

/** An endpoint subscribed to `session_completed`, no filters. */
export const createEndpoint = async (base: string, key: string, url: string): Promise<string> => {
  const { endpoint } = await call(base, "POST", "/v1/tenant/webhooks/endpoints", key, {
    url,
    events: ["session_completed"]
  })
  return endpoint.id as string
}

/** Keep-alive connections for the plays (one per concurrent player, as `plays.ts` has). */
const playClient = keepAlive(256)

/**
 * `method path` on the server at `base` over a keep-alive `node:http` connection (about a third of
 * the CPU a `fetch` costs this process), with `Authorization: Bearer <key>`; the JSON answer, or a
 * rejection for any status from 300 up.
 */
export const callKeepAlive = playClient.call

/** Closes the plays' keep-alive connections. */
export const closePlayConnections = playClient.close

/** One whole play (mint → start → finish): one `session_completed` event. */
export const play = async (base: string, tenant: Tenant, i: number) => {
  const minted = await callKeepAlive(
    base,
    "POST",
    "/v1/auth/session-tokens",
    tenant.mintKeys[Math.abs(i) % tenant.mintKeys.length]!,
    { channelId: tenant.channelId, participantRef: `p${i}`, origin: ORIGIN }
  )
  const { session } = await callKeepAlive(base, "POST", "/v1/play/sessions", minted.clientToken)
  await callKeepAlive(base, "POST", `/v1/play/sessions/${session.id}/finish`, minted.clientToken, {})
}

/** Runs `count` jobs with `concurrency` workers. */
export const runPool = async (count: number, concurrency: number, job: (i: number) => Promise<void>) => {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await job(next++)
    })
  )
}

// ---------------------------------------------------------------------------------------------
// The receiver
// ---------------------------------------------------------------------------------------------

export interface Received {
  /** `Date.now()` when the whole request was read. */
  readonly at: number
  readonly path: string
  readonly deliveryId: string
  /** The body's `createdAt` (epoch ms), NaN when absent. */
  readonly eventAt: number
}

export interface Receiver {
  readonly port: number
  readonly url: (path: string) => string
  /** Requests per path (dead paths count at arrival). */
  readonly byPath: Map<string, number>
  /** Answered requests per `X-Service-Delivery-Id`. */
  readonly byId: Map<string, number>
  /** Every answered request, in order. */
  readonly log: Array<Received>
  /** Requests on dead paths, never answered. */
  readonly deadRequests: () => number
  /** Called after each answered request. */
  onReceived: (r: Received) => void
  readonly close: () => Promise<void>
}

/**
 * A loopback HTTP server: 200 at once (or after `delayMs`) on every path but `dead` ones, which
 * never answer. A request counts when its body has been read.
 */
export const startReceiver = async (dead: ReadonlySet<string> = new Set(), delayMs = 0): Promise<Receiver> => {
  const byPath = new Map<string, number>()
  const byId = new Map<string, number>()
  const log: Array<Received> = []
  let dead_ = 0
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/"
    if (dead.has(path)) {
      dead_++
      byPath.set(path, (byPath.get(path) ?? 0) + 1)
      req.resume() // read and never answer: the sender's 10 s timeout ends it
      return
    }
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const at = Date.now()
      const answer = () => res.writeHead(200, { "content-type": "text/plain", "content-length": "2" }).end("ok")
      if (delayMs > 0) setTimeout(answer, delayMs)
      else answer()
      const deliveryId = String(req.headers["x-service-delivery-id"] ?? "")
      let eventAt = NaN
      try {
        eventAt = Date.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")).createdAt)
      } catch {
        // not JSON
      }
      byPath.set(path, (byPath.get(path) ?? 0) + 1)
      byId.set(deliveryId, (byId.get(deliveryId) ?? 0) + 1)
      const r: Received = { at, path, deliveryId, eventAt }
      log.push(r)
      receiver.onReceived(r)
    })
  }
  const server: Server = createServer({ keepAliveTimeout: 30_000 }, handler)
  server.headersTimeout = 60_000
  server.requestTimeout = 0
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  const receiver: Receiver = {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    byPath,
    byId,
    log,
    deadRequests: () => dead_,
    onReceived: () => {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return receiver
}

// ---------------------------------------------------------------------------------------------
// The lag while plays run
// ---------------------------------------------------------------------------------------------

/** The lags of received deliveries (receive time − the body's `createdAt`, ms), ascending. */
export const lagsOf = (received: ReadonlyArray<Received>): Array<number> =>
  received
    .map((r) => r.at - r.eventAt)
    .filter(Number.isFinite)
    .sort((a, b) => a - b)

const ms = (n: number) => `${n.toFixed(0)} ms`

/** The lag p99 a run must stay under (the "done when"). */
export const LAG_P99_BOUND_MS = 2_000

/** One window of a run with deliveries flowing. */
export interface LagWindow {
  /** Plays a second in the window. */
  readonly plays: number
  /** Deliveries received a second in the window. */
  readonly deliveries: number
  /** Deliveries expected so far and not yet received, at the window's end. */
  readonly waiting: number
  /** Lag of the deliveries received in the window (ms). */
  readonly p50: number
  readonly p99: number
  readonly max: number
}

/**
 * Follows the deliveries `receiver` gets while plays run, `endpoints` deliveries a play (each of the
 * account's endpoints subscribed to `session_completed`): `close(played)` ends the window since the
 * last one (`played`: plays finished so far), prints a line for it and keeps it; after the plays,
 * `drain` waits for the last deliveries and `summary` prints the whole run's figures and whether
 * the lag stayed flat (`bench/plays.ts --webhook-endpoints`).
 */
export class LagWindows {
  readonly windows: Array<LagWindow> = []
  private readonly startedAt = Date.now()
  private windowStart = this.startedAt
  private playedBefore = 0
  private receivedBefore = 0

  readonly receiver: Receiver
  readonly endpoints: number

  constructor(receiver: Receiver, endpoints: number) {
    this.receiver = receiver
    this.endpoints = endpoints
  }

  /** Ends the window since the last one, with `played` plays finished so far; prints and keeps it. */
  close(played: number): LagWindow {
    const at = Date.now()
    const log = this.receiver.log
    const lags = lagsOf(log.slice(this.receivedBefore))
    const seconds = Math.max(0.001, (at - this.windowStart) / 1000)
    const window: LagWindow = {
      plays: (played - this.playedBefore) / seconds,
      deliveries: (log.length - this.receivedBefore) / seconds,
      waiting: played * this.endpoints - log.length,
      p50: percentile(lags, 0.5),
      p99: percentile(lags, 0.99),
      max: lags[lags.length - 1] ?? NaN
    }
    this.windows.push(window)
    console.log(
      `${((at - this.startedAt) / 1000).toFixed(0).padStart(4)} s: ${window.plays.toFixed(0).padStart(5)} plays/s, ` +
        `${window.deliveries.toFixed(0).padStart(5)} deliveries/s, ${String(window.waiting).padStart(6)} waiting; ` +
        `lag p50 ${ms(window.p50)}  p99 ${ms(window.p99)}  max ${ms(window.max)}`
    )
    this.windowStart = at
    this.playedBefore = played
    this.receivedBefore = log.length
    return window
  }

  /**
   * Waits until the deliveries of `played` plays arrived, or `deadlineMs` passed; when the last one
   * came (`playsEndAt` when it came before the plays ended).
   */
  async drain(played: number, playsEndAt: number, deadlineMs: number): Promise<number> {
    const from = Date.now()
    while (this.receiver.log.length < played * this.endpoints && Date.now() - from < deadlineMs) await sleep(20)
    return Math.max(playsEndAt, this.receiver.log[this.receiver.log.length - 1]?.at ?? playsEndAt)
  }

  /**
   * The lag stayed flat when the median p99 of the last third of the windows (the final, partial one
   * left out) is at most twice the first third's, or 250 ms above it.
   */
  flatness(): { readonly firstP99: number; readonly lastP99: number; readonly flat: boolean } {
    const median = (xs: ReadonlyArray<number>) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.5
      )
    const third = Math.max(1, Math.floor(this.windows.length / 3))
    const firstP99 = median(this.windows.slice(0, third).map((w) => w.p99))
    const lastP99 = median(this.windows.slice(-third - 1, -1).map((w) => w.p99))
    return { firstP99, lastP99, flat: lastP99 <= Math.max(2 * firstP99, firstP99 + 250) }
  }

  /**
   * Prints the run's deliveries (received, duplicates, how long after the plays stopped the last one
   * came), the whole run's lag, the highest window p99 against `LAG_P99_BOUND_MS`, and flatness.
   * Whether every expected delivery came, the lag p99 stayed under the bound and flat.
   */
  summary(played: number, playsEndAt: number, drainedAt: number): boolean {
    const log = this.receiver.log
    const expected = played * this.endpoints
    const lags = lagsOf(log)
    const p99 = percentile(lags, 0.99)
    const highest = Math.max(...this.windows.map((w) => (Number.isFinite(w.p99) ? w.p99 : 0)))
    const { firstP99, lastP99, flat } = this.flatness()
    const under = p99 < LAG_P99_BOUND_MS && highest < LAG_P99_BOUND_MS
    console.log(
      `webhooks: ${log.length}/${expected} deliveries received (${this.endpoints} endpoint${this.endpoints === 1 ? "" : "s"}), ` +
        `${log.length - this.receiver.byId.size} duplicate requests; ` +
        `the last ${((drainedAt - playsEndAt) / 1000).toFixed(2)} s after the plays stopped`
    )
    console.log(
      `lag (receive − event createdAt), whole run: p50 ${ms(percentile(lags, 0.5))}  p99 ${ms(p99)}  ` +
        `max ${ms(lags[lags.length - 1] ?? NaN)}; highest window p99 ${ms(highest)}: ` +
        `${under ? "under" : "NOT under"} ${LAG_P99_BOUND_MS / 1000} s`
    )
    console.log(
      `lag p99 per window: first third median ${ms(firstP99)}, last third median ${ms(lastP99)}: ` +
        `${flat ? "flat" : "GROWING"}`
    )
    return log.length >= expected && under && flat
  }
}

// ---------------------------------------------------------------------------------------------
// Bounded runs
// ---------------------------------------------------------------------------------------------

/**
 * Runs `main` with `cleanup` always run after it, also on SIGINT/SIGTERM and when `hardLimitMs`
 * passes (then the exit code is 3). `main` returns the exit code.
 */
export const bounded = (hardLimitMs: number, main: () => Promise<number>, cleanup: () => Promise<void>) => {
  let cleaning: Promise<void> | undefined
  const clean = () =>
    (cleaning ??= cleanup().finally(() => {
      closePlayConnections()
      removeLogs()
    }))
  const abort = (why: string, code: number) => {
    console.error(why)
    void clean().finally(() => process.exit(code))
  }
  const timer = setTimeout(() => abort(`hard time limit of ${hardLimitMs / 1000} s reached: stopping`, 3), hardLimitMs)
  timer.unref()
  process.once("SIGINT", () => abort("interrupted", 130))
  process.once("SIGTERM", () => abort("terminated", 143))
  main()
    .catch((error) => {
      console.error(error)
      return 1
    })
    .then(async (code) => {
      clearTimeout(timer)
      await clean()
      process.exit(code)
    })
}
