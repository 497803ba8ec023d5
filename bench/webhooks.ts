/**
 * Webhook delivery benchmark: deliveries per second from the reference server (on a fresh
 * PostgreSQL database) to a loopback receiver in this process that answers 200 at once, the lag of
 * each delivery, and the CPU each delivery costs the server and PostgreSQL. `--events` plays each
 * append one `session_completed` event, fanned out to `--endpoints` endpoints (all subscribed to
 * `session_completed`, no filters), so there are events × endpoints deliveries. Run by hand, never
 * in CI:
 *
 *   node bench/webhooks.ts --events 5000 --endpoints 1 --runs 3
 *   node bench/webhooks.ts --events 5000 --endpoints 5 --runs 3
 *   node bench/webhooks.ts --events 5000 --endpoints 10 --dead 1
 *   node bench/webhooks.ts --mode steady --seconds 60 --endpoints 1
 *
 * `--dead 1` runs the healthy configuration first (the baseline; skip it with `--baseline <rate>`),
 * then the same with one of the endpoints never answering (the transport gives up after 10 s), and
 * prints the healthy endpoints' deliveries/s and their ratio to the baseline.
 *
 * Three ways of measuring (`--mode`):
 *
 * - `backlog` (default): the events are produced first, with every delivery row held back (a
 *   benchmark-only `BEFORE INSERT` trigger in the benchmark's own database sets its lease,
 *   `claimed_until`, to infinity, so the dispatcher cannot claim it), then released at once (trigger
 *   dropped, leases cleared in one statement, the dispatchers notified) and the table's statistics
 *   gathered (`ANALYZE`, as autovacuum does on a table in service). The rate is measured from the first request the
 *   receiver gets to the moment it has every delivery: the dispatcher's drain rate, undisturbed by
 *   the plays. The lag printed is from the release (receive time − release time).
 * - `live`: deliveries flow while the plays run; the rate is the same window (first request → every
 *   delivery received) and the lag is receive time − the body's `createdAt`.
 * - `steady`: plays run at full speed (`--concurrency` players, keep-alive connections) for
 *   `--seconds`, deliveries flowing; every `--every` seconds it prints the plays and deliveries of
 *   that window, how many events wait for their delivery, and the lag (receive time − the body's
 *   `createdAt`) of the deliveries received in it, then whether the lag stayed flat (the p99 of the
 *   last third of the windows against the first third's) and how long the last deliveries took once
 *   the plays stopped. `--events` is not used.
 *
 * CPU per delivery: the server's (its process, from `/proc`) and PostgreSQL's (the backends serving
 * the benchmark's database, from `/proc`; PostgreSQL's own background processes not included), over
 * the delivery window (backlog: from the release to the last delivery; live and steady: the whole
 * run, plays included), with the write-ahead log written meanwhile (by the whole server: other
 * databases' work counts too). The machine's other work shares the cores: compare runs made at
 * the same time, and repeat them (`--runs N` prints the median of each figure).
 *
 * Every run stops by itself: the delivery phase ends when everything expected was received or after
 * `--deadline` seconds (then the rate is what was received over the window and the run is marked
 * incomplete). Databases, server processes and the receiver are removed at the end.
 */
import * as Options from "./internal/Options.ts"
import * as Harness from "./webhook-harness.ts"

const options = Options.parse({
  events: 5000,
  endpoints: 10,
  dead: 0,
  mode: "backlog",
  concurrency: 32,
  deadline: 180,
  baseline: undefined,
  runs: 1,
  seconds: 60,
  every: 5,
  port: 18281
})
const { events, dead, mode, concurrency, runs, port } = options
const endpointCount = options.endpoints
const deadlineMs = options.deadline * 1000
const steadyMs = options.seconds * 1000
const everyMs = options.every * 1000
if (mode !== "backlog" && mode !== "live" && mode !== "steady") throw new Error("--mode backlog|live|steady")
if (dead !== 0 && dead !== 1) throw new Error("--dead 0|1")
if (dead === 1 && endpointCount < 2) throw new Error("--dead 1 needs --endpoints 2 or more")
if (dead === 1 && mode === "steady") throw new Error("--dead 1 is for --mode backlog or live")

interface RunResult {
  readonly label: string
  readonly rate: number
  readonly lagP50: number
  readonly lagP99: number
  /** Server CPU per delivery (µs). */
  readonly serverUs: number
  /** PostgreSQL backends' CPU per delivery (µs). */
  readonly databaseUs: number
  /** Write-ahead log per delivery (bytes). */
  readonly walPerDelivery: number
  readonly complete: boolean
}

const live = {
  db: undefined as Harness.BenchDatabase | undefined,
  instance: undefined as Harness.Instance | undefined,
  receiver: undefined as Harness.Receiver | undefined
}

const teardown = async () => {
  await live.instance?.stop()
  live.instance = undefined
  await live.receiver?.close()
  live.receiver = undefined
  await live.db?.drop()
  live.db = undefined
}

const ms = (n: number) => `${n.toFixed(0)} ms`
const us = (n: number) => `${n.toFixed(0)} µs`
const median = (xs: ReadonlyArray<number>) =>
  Harness.percentile(
    [...xs].sort((a, b) => a - b),
    0.5
  )

/** CPU of the server and of the database's backends, from `/proc`. */
const cpuReading = (instance: Harness.Instance, backends: ReadonlyArray<number>) => ({
  server: Harness.cpuOf([instance.child.pid!]),
  database: Harness.cpuOf(backends)
})

/** The fresh database, receiver, server and tenant of one run, with its endpoints' paths. */
const setUp = async (deadCount: number, plays: number) => {
  const paths = Array.from({ length: endpointCount }, (_, i) => `/e${i}`)
  const deadPaths = new Set(paths.slice(endpointCount - deadCount))
  const db = (live.db = await Harness.createDatabase("cg_bench_wh"))
  const receiver = (live.receiver = await Harness.startReceiver(deadPaths))
  const instance = (live.instance = await Harness.startInstance("server", port, db.url))
  const tenant = await Harness.setUpTenant(instance.base, plays + 200)
  // Warm up (JIT, pools) before any endpoint exists: these plays make no deliveries.
  await Harness.runPool(200, concurrency, (i) => Harness.play(instance.base, tenant, -1 - i))
  return { paths, deadPaths, db, receiver, instance, tenant }
}

const printEnd = async (
  db: Harness.BenchDatabase,
  instance: Harness.Instance,
  receiver: Harness.Receiver,
  paths: ReadonlyArray<string>,
  deadPaths: ReadonlySet<string>
) => {
  const perPath = paths.map((p) => `${p}${deadPaths.has(p) ? "(dead)" : ""}=${receiver.byPath.get(p) ?? 0}`)
  console.log(`requests per path: ${perPath.join(" ")}`)
  await Harness.sleep(1000) // the last answers are recorded just after the receiver has them
  const statuses = await db.query(
    "SELECT status, count(*), sum(attempt_count) FROM webhook_deliveries GROUP BY status ORDER BY status"
  )
  console.log(`deliveries in the database: ${statuses.map(([s, c, a]) => `${s}=${c} (attempts ${a})`).join(", ")}`)
  const troubles = Harness.logTroubles(instance)
  if (troubles.length > 0) {
    console.log(`server warnings/errors: ${troubles.length}; first: ${troubles.slice(0, 3).join(" | ")}`)
  }
}

/** A backlog or live run: `events` plays, then every delivery received (or the deadline). */
const run = async (label: string, deadCount: number): Promise<RunResult> => {
  console.log(`\n== ${label}: events=${events} endpoints=${endpointCount} dead=${deadCount} mode=${mode}`)
  const { paths, deadPaths, db, receiver, instance, tenant } = await setUp(deadCount, events)
  const expected = events * (paths.length - deadPaths.size)

  if (mode === "backlog") await db.query(Harness.HOLD_SQL)
  for (const path of paths) await Harness.createEndpoint(instance.base, tenant.key, receiver.url(path))

  // Completion: every healthy delivery id seen once; the CPU read at that moment.
  let healthySeen = 0
  let completedAt = 0
  let backends = await db.backends()
  let cpuStart = cpuReading(instance, backends)
  let cpuEnd = cpuStart
  let resolveDone: () => void = () => {}
  const done = new Promise<void>((resolve) => (resolveDone = resolve))
  receiver.onReceived = (r) => {
    if (deadPaths.has(r.path) || receiver.byId.get(r.deliveryId) !== 1) return
    if (++healthySeen === expected) {
      completedAt = r.at
      cpuEnd = cpuReading(instance, backends)
      resolveDone()
    }
  }

  const p0 = performance.now()
  let phaseStart = Date.now()
  let walStart = await db.walBytes()
  let failedPlays = 0
  await Harness.runPool(events, concurrency, (i) =>
    Harness.play(instance.base, tenant, i).catch((error) => {
      failedPlays++
      if (failedPlays <= 3) console.error(`play ${i} failed: ${String(error)}`)
    })
  )
  const produceSeconds = (performance.now() - p0) / 1000
  const [[deliveryRows]] = (await db.query("SELECT count(*) FROM webhook_deliveries")) as [[string]]
  console.log(
    `produced ${events - failedPlays} events (${failedPlays} plays failed) in ${produceSeconds.toFixed(1)} s: ` +
      `${((events - failedPlays) / produceSeconds).toFixed(0)} events/s, ${deliveryRows} delivery rows`
  )
  if (mode === "backlog") {
    backends = await db.backends()
    walStart = await db.walBytes()
    cpuStart = cpuReading(instance, backends)
    phaseStart = Date.now()
    await db.query(Harness.RELEASE_SQL)
    const releasedIn = Date.now() - phaseStart
    await db.query(Harness.ANALYZE_SQL)
    console.log(
      `released the held deliveries in ${ms(releasedIn)}, analysed the table in ${ms(Date.now() - phaseStart - releasedIn)}`
    )
  }

  const deadlineAt = phaseStart + deadlineMs
  await Promise.race([done, Harness.sleep(Math.max(0, deadlineAt - Date.now()))])
  const complete = healthySeen >= expected
  const endAt = complete ? completedAt : Date.now()
  if (!complete) cpuEnd = cpuReading(instance, backends)
  // Backends that opened during the window count from 0.
  const lateBackends = (await db.backends()).filter((pid) => !backends.includes(pid))
  for (const [pid, cpu] of Harness.cpuOf(lateBackends)) cpuEnd.database.set(pid, cpu)
  const wal = (await db.walBytes()) - walStart

  const healthy = receiver.log.filter((r) => !deadPaths.has(r.path))
  const firstAt = healthy.reduce((min, r) => Math.min(min, r.at), Infinity)
  const seconds = (endAt - firstAt) / 1000
  const rate = healthySeen / seconds
  const duplicates = healthy.length - new Set(healthy.map((r) => r.deliveryId)).size
  const delivered = Math.max(1, healthySeen)
  const serverUs = (Harness.cpuSpent(cpuStart.server, cpuEnd.server) * 1000) / delivered
  const databaseUs = (Harness.cpuSpent(cpuStart.database, cpuEnd.database) * 1000) / delivered

  console.log(
    `${complete ? "complete" : `INCOMPLETE after the ${deadlineMs / 1000} s deadline`}: ` +
      `${healthySeen}/${expected} healthy deliveries received, ${duplicates} duplicate requests`
  )
  console.log(
    `delivery window: first request ${ms(firstAt - phaseStart)} after ${mode === "backlog" ? "the release" : "production began"}, ` +
      `${seconds.toFixed(1)} s to ${complete ? "the last delivery" : "the deadline"}`
  )
  console.log(`deliveries/s (healthy endpoints): ${rate.toFixed(0)}`)
  const lags = healthy
    .map((r) => (mode === "backlog" ? r.at - phaseStart : r.at - r.eventAt))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b)
  const lagP50 = Harness.percentile(lags, 0.5)
  const lagP99 = Harness.percentile(lags, 0.99)
  console.log(
    `lag (${mode === "backlog" ? "receive − release" : "receive − event createdAt"}): ` +
      `p50 ${ms(lagP50)}  p99 ${ms(lagP99)}  max ${ms(lags[lags.length - 1] ?? NaN)}`
  )
  console.log(
    `CPU per delivery${mode === "backlog" ? "" : " (plays included)"}: server ${us(serverUs)}, ` +
      `PostgreSQL ${us(databaseUs)} (${backends.length + lateBackends.length} backends); ` +
      `WAL ${(wal / delivered).toFixed(0)} bytes per delivery`
  )
  if (deadCount > 0) {
    console.log(`dead endpoint: ${receiver.deadRequests()} requests received (never answered) during the window`)
  }
  await printEnd(db, instance, receiver, paths, deadPaths)
  await teardown()
  return { label, rate, lagP50, lagP99, serverUs, databaseUs, walPerDelivery: wal / delivered, complete }
}

/**
 * A steady run: plays at full speed for `--seconds` with deliveries flowing, the lag reported per
 * window of `--every` seconds; then the time the last deliveries took.
 */
const steady = async (): Promise<RunResult> => {
  // Enough mint keys for 1,500 plays a second (600 mints a minute per key).
  const budget = Math.ceil((steadyMs / 1000) * 1500)
  console.log(
    `\n== steady: ${steadyMs / 1000} s of plays at full speed (${concurrency} players), endpoints=${endpointCount}`
  )
  const { paths, deadPaths, db, receiver, instance, tenant } = await setUp(0, budget)
  for (const path of paths) await Harness.createEndpoint(instance.base, tenant.key, receiver.url(path))

  const backends = await db.backends()
  const walStart = await db.walBytes()
  const cpuStart = cpuReading(instance, backends)
  const t0 = Date.now()
  let played = 0
  let failedPlays = 0
  let stop = false
  const windows = new Harness.LagWindows(receiver, endpointCount)
  const report = () => windows.close(played)
  const ticker = setInterval(report, everyMs)
  const stopper = setTimeout(() => (stop = true), steadyMs)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop) {
        const i = next++
        try {
          await Harness.play(instance.base, tenant, i)
          played++
        } catch (error) {
          failedPlays++
          if (failedPlays <= 3) console.error(`play ${i} failed: ${String(error)}`)
        }
      }
    })
  )
  clearTimeout(stopper)
  clearInterval(ticker)
  report()
  const playsEndAt = Date.now()
  const expected = played * endpointCount
  const drainedAt = await windows.drain(played, playsEndAt, deadlineMs)
  const cpuEnd = cpuReading(instance, backends)
  const lateBackends = (await db.backends()).filter((pid) => !backends.includes(pid))
  for (const [pid, cpu] of Harness.cpuOf(lateBackends)) cpuEnd.database.set(pid, cpu)
  const wal = (await db.walBytes()) - walStart

  const complete = receiver.log.length >= expected
  const lags = Harness.lagsOf(receiver.log)
  const lagP50 = Harness.percentile(lags, 0.5)
  const lagP99 = Harness.percentile(lags, 0.99)
  const delivered = Math.max(1, receiver.log.length)
  const serverUs = (Harness.cpuSpent(cpuStart.server, cpuEnd.server) * 1000) / delivered
  const databaseUs = (Harness.cpuSpent(cpuStart.database, cpuEnd.database) * 1000) / delivered
  console.log(
    `\n${played} plays (${failedPlays} failed) in ${((playsEndAt - t0) / 1000).toFixed(1)} s: ` +
      `${(played / ((playsEndAt - t0) / 1000)).toFixed(0)} plays/s`
  )
  windows.summary(played, playsEndAt, drainedAt)
  console.log(
    `CPU per play and its delivery: server ${us(serverUs)}, PostgreSQL ${us(databaseUs)} ` +
      `(${backends.length + lateBackends.length} backends); WAL ${(wal / delivered).toFixed(0)} bytes`
  )
  await printEnd(db, instance, receiver, paths, deadPaths)
  await teardown()
  const rate = receiver.log.length / ((drainedAt - t0) / 1000)
  return { label: "steady", rate, lagP50, lagP99, serverUs, databaseUs, walPerDelivery: wal / delivered, complete }
}

/** Runs `once` `runs` times and prints the median of each figure when there are several. */
const repeated = async (once: () => Promise<RunResult>): Promise<RunResult> => {
  const results: Array<RunResult> = []
  for (let i = 0; i < runs; i++) results.push(await once())
  if (runs === 1) return results[0]!
  const pick = (f: (r: RunResult) => number) => median(results.map(f))
  const summary: RunResult = {
    label: `median of ${runs}`,
    rate: pick((r) => r.rate),
    lagP50: pick((r) => r.lagP50),
    lagP99: pick((r) => r.lagP99),
    serverUs: pick((r) => r.serverUs),
    databaseUs: pick((r) => r.databaseUs),
    walPerDelivery: pick((r) => r.walPerDelivery),
    complete: results.every((r) => r.complete)
  }
  console.log(`\nruns: ${results.map((r) => r.rate.toFixed(0)).join(", ")} deliveries/s`)
  console.log(
    `${summary.label}: ${summary.rate.toFixed(0)} deliveries/s, lag p50 ${ms(summary.lagP50)} p99 ${ms(summary.lagP99)}, ` +
      `CPU per delivery: server ${us(summary.serverUs)}, PostgreSQL ${us(summary.databaseUs)}; ` +
      `WAL ${summary.walPerDelivery.toFixed(0)} bytes per delivery`
  )
  return summary
}

Harness.bounded(
  runs *
    (dead === 1 && options.baseline === undefined ? 2 : 1) *
    (deadlineMs + (mode === "steady" ? steadyMs : 0) + 600_000),
  async () => {
    console.log(`PostgreSQL, reference server examples/server/src/main.ts, plays concurrency ${concurrency}`)
    if (mode === "steady") return (await repeated(steady)).complete ? 0 : 2
    if (dead === 0) return (await repeated(() => run("healthy", 0))).complete ? 0 : 2
    const baseline =
      options.baseline === undefined
        ? await run("baseline (all healthy)", 0)
        : { label: "given", rate: Number(options.baseline), complete: true }
    const withDead = await run("one dead endpoint", 1)
    console.log(
      `\nhealthy ${endpointCount - 1} endpoints: ${withDead.rate.toFixed(0)} deliveries/s with one dead endpoint vs ` +
        `${baseline.rate.toFixed(0)} deliveries/s with none: ratio ${(withDead.rate / baseline.rate).toFixed(3)}` +
        `${withDead.complete ? "" : " (dead run incomplete at the deadline)"}`
    )
    return baseline.complete && withDead.complete ? 0 : 2
  },
  teardown
)
