/**
 * Webhook delivery benchmark: deliveries per second from the reference server (on a fresh
 * PostgreSQL database) to a loopback receiver in this process that answers 200 at once. `--events`
 * plays each append one `session_completed` event, fanned out to `--endpoints` endpoints (all
 * subscribed to `session_completed`, no filters), so there are events × endpoints deliveries. Run by
 * hand, never in CI:
 *
 *   node bench/webhooks.ts --events 5000 --endpoints 10 --dead 0
 *   node bench/webhooks.ts --events 5000 --endpoints 10 --dead 1
 *
 * `--dead 1` runs the healthy configuration first (the baseline; skip it with `--baseline <rate>`),
 * then the same with one of the endpoints never answering (the transport gives up after 10 s), and
 * prints the healthy endpoints' deliveries/s and their ratio to the baseline.
 *
 * Two ways of measuring (`--mode`):
 *
 * - `backlog` (default): the events are produced first, with every delivery row held back (a
 *   benchmark-only `BEFORE INSERT` trigger in the benchmark's own database sets its lease,
 *   `claimed_until`, to infinity, so the dispatcher cannot claim it), then released at once (trigger
 *   dropped, leases cleared in one statement). The rate is measured from the first request the
 *   receiver gets to the moment it has every delivery: the dispatcher's drain rate, undisturbed by
 *   the plays. The lag printed is from the release (receive time − release time).
 * - `live`: deliveries flow while the plays run; the rate is the same window (first request → every
 *   delivery received) and the lag is receive time − the body's `createdAt`.
 *
 * Every run stops by itself: the delivery phase ends when everything expected was received or after
 * `--deadline` seconds (then the rate is what was received over the window and the run is marked
 * incomplete). Databases, server processes and the receiver are removed at the end.
 */
import { parseArgs } from "node:util"
import * as Harness from "./webhook-harness.ts"

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "5000" },
    endpoints: { type: "string", default: "10" },
    dead: { type: "string", default: "0" },
    mode: { type: "string", default: "backlog" },
    concurrency: { type: "string", default: "32" },
    deadline: { type: "string", default: "180" },
    baseline: { type: "string" },
    port: { type: "string", default: "18281" }
  }
})
const events = Number(values.events)
const endpointCount = Number(values.endpoints)
const dead = Number(values.dead)
const mode = values.mode
const concurrency = Number(values.concurrency)
const deadlineMs = Number(values.deadline) * 1000
const port = Number(values.port)
if (mode !== "backlog" && mode !== "live") throw new Error("--mode backlog|live")
if (dead !== 0 && dead !== 1) throw new Error("--dead 0|1")
if (dead === 1 && endpointCount < 2) throw new Error("--dead 1 needs --endpoints 2 or more")

interface RunResult {
  readonly label: string
  readonly rate: number
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

const run = async (label: string, deadCount: number): Promise<RunResult> => {
  console.log(`\n== ${label}: events=${events} endpoints=${endpointCount} dead=${deadCount} mode=${mode}`)
  const paths = Array.from({ length: endpointCount }, (_, i) => `/e${i}`)
  const deadPaths = new Set(paths.slice(endpointCount - deadCount))
  const healthyPaths = paths.filter((p) => !deadPaths.has(p))
  const expected = events * healthyPaths.length

  const db = (live.db = await Harness.createDatabase("cg_bench_wh"))
  const receiver = (live.receiver = await Harness.startReceiver(deadPaths))
  const instance = (live.instance = await Harness.startInstance("server", port, db.url))
  const tenant = await Harness.setUpTenant(instance.base, events + 200)

  // Warm up (JIT, pools) before any endpoint exists: these plays make no deliveries.
  await Harness.runPool(200, concurrency, (i) => Harness.play(instance.base, tenant, -1 - i))

  if (mode === "backlog") await db.query(Harness.HOLD_SQL)
  for (const path of paths) await Harness.createEndpoint(instance.base, tenant.key, receiver.url(path))

  // Completion: every healthy delivery id seen once.
  let healthySeen = 0
  let completedAt = 0
  let resolveDone: () => void = () => {}
  const done = new Promise<void>((resolve) => (resolveDone = resolve))
  receiver.onReceived = (r) => {
    if (deadPaths.has(r.path) || receiver.byId.get(r.deliveryId) !== 1) return
    if (++healthySeen === expected) {
      completedAt = r.at
      resolveDone()
    }
  }

  const p0 = performance.now()
  const producedStart = Date.now()
  let phaseStart = producedStart
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
    phaseStart = Date.now()
    await db.query(Harness.RELEASE_SQL)
    console.log(`released the held deliveries in ${ms(Date.now() - phaseStart)}`)
  }

  const deadlineAt = phaseStart + deadlineMs
  await Promise.race([done, Harness.sleep(Math.max(0, deadlineAt - Date.now()))])
  const complete = healthySeen >= expected
  const endAt = complete ? completedAt : Date.now()

  const healthy = receiver.log.filter((r) => !deadPaths.has(r.path))
  const firstAt = healthy.reduce((min, r) => Math.min(min, r.at), Infinity)
  const seconds = (endAt - firstAt) / 1000
  const rate = healthySeen / seconds
  const duplicates = healthy.length - new Set(healthy.map((r) => r.deliveryId)).size

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
  console.log(
    `lag (${mode === "backlog" ? "receive − release" : "receive − event createdAt"}): ` +
      `p50 ${ms(Harness.percentile(lags, 0.5))}  p99 ${ms(Harness.percentile(lags, 0.99))}  max ${ms(lags[lags.length - 1] ?? NaN)}`
  )
  if (deadCount > 0) {
    console.log(`dead endpoint: ${receiver.deadRequests()} requests received (never answered) during the window`)
  }
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
  await teardown()
  return { label, rate, complete }
}

Harness.bounded(
  (dead === 1 && values.baseline === undefined ? 2 : 1) * (deadlineMs + 600_000),
  async () => {
    console.log(`PostgreSQL, reference server examples/server/src/main.ts, plays concurrency ${concurrency}`)
    if (dead === 0) {
      const result = await run("healthy", 0)
      return result.complete ? 0 : 2
    }
    const baseline =
      values.baseline === undefined
        ? await run("baseline (all healthy)", 0)
        : { label: "given", rate: Number(values.baseline), complete: true }
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
