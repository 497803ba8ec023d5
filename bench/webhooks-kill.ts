/**
 * Webhook delivery across a crash: two reference-server instances (A and B, two child processes on
 * two ports) on one fresh PostgreSQL database, both running the delivery worker, and one loopback
 * receiver that answers 200 at once and counts requests per `X-Service-Delivery-Id`. Run by hand,
 * never in CI:
 *
 *   node bench/webhooks-kill.ts                 # kill -9 A after ~300 deliveries
 *   node bench/webhooks-kill.ts --no-kill       # both stay up: exactly one request per attempt
 *   node bench/webhooks-kill.ts --signal TERM   # SIGTERM instead: A drains and releases its claims
 *
 * `--events` plays (default 1000) go to A and B alternately (a play that fails because A is dead is
 * played again on B), each appending one `session_completed` event, fanned out to `--endpoints`
 * endpoints (default 1). As soon as the receiver has seen `--kill-at` requests (default 300) A gets
 * SIGKILL. B keeps running until every delivery is `success` (status totals read through B's API,
 * `GET /v1/tenant/webhooks/deliveries?status=…`) or until `--deadline` seconds (default 180) after
 * the first play: deliveries A had claimed are sent again by B once their 60 s lease passes.
 *
 * `--produce backlog` (default) produces every event first with the delivery rows held back (the
 * benchmark-only trigger of `webhook-harness.ts`), then releases them at once: both workers then
 * drain the backlog in batches of up to 200, so at the kill A holds claimed deliveries not yet sent
 * or not yet recorded, which B must send after their 60 s lease. `--produce live` lets deliveries
 * flow during the plays: A is then killed in the middle of the plays (its open transactions abort,
 * their plays are played again on B), but the workers keep up with the plays and A rarely holds
 * a claim at that instant.
 *
 * `--signal TERM` stops A gracefully instead of `kill -9`: A finishes its requests in flight,
 * interrupts its sends and releases its claims, so B sends them at once. The run then also passes
 * only when every delivery is `success` within `--term-within` seconds (default 10) of the signal,
 * far below the 60 s lease, and prints how long after the signal the last delivery was sent and
 * when A exited.
 *
 * `--slow <ms>` makes the receiver answer each request after that delay instead of at once (still
 * within the 10 s timeout): with a backlog on one endpoint, an instance's batch then outlasts the
 * 60 s lease, e.g. `--no-kill --events 250 --slow 8000`.
 *
 * Prints events, deliveries, received requests, distinct delivery ids received, duplicates, lost
 * deliveries (in the database, never received), the final statuses and the elapsed time. Exit code
 * 0 only when nothing was lost and every delivery is `success` (with `--no-kill`, also when the
 * received requests equal the sum of `attemptCount` and every id came exactly once); 1 otherwise.
 */
import * as Options from "./internal/Options.ts"
import * as Harness from "./webhook-harness.ts"

const options = Options.parse({
  events: 1000,
  endpoints: 1,
  "kill-at": 300,
  "no-kill": false,
  signal: "KILL",
  "term-within": 10,
  produce: "backlog",
  slow: 0,
  deadline: 180,
  concurrency: 16,
  "port-a": 18291,
  "port-b": 18292
})
const { events, concurrency, produce, signal } = options
const endpointCount = options.endpoints
const killAt = options["kill-at"]
const noKill = options["no-kill"]
const deadlineMs = options.deadline * 1000
if (produce !== "backlog" && produce !== "live") throw new Error("--produce backlog|live")
if (signal !== "KILL" && signal !== "TERM") throw new Error("--signal KILL|TERM")
const termWithinMs = options["term-within"] * 1000
const signalName = signal === "TERM" ? "kill -TERM" : "kill -9"

const live = {
  db: undefined as Harness.BenchDatabase | undefined,
  a: undefined as Harness.Instance | undefined,
  b: undefined as Harness.Instance | undefined,
  receiver: undefined as Harness.Receiver | undefined
}

const teardown = async () => {
  await Promise.all([live.a?.stop(), live.b?.stop()])
  await live.receiver?.close()
  await live.db?.drop()
}

const STATUSES = ["pending", "failed", "exhausted", "success"] as const
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const main = async (): Promise<number> => {
  console.log(
    `PostgreSQL, two instances of examples/server/src/main.ts; events=${events} endpoints=${endpointCount} ` +
      `produce=${produce}; ${noKill ? "no kill" : `${signalName} A after ${killAt} received requests`}; deadline ${deadlineMs / 1000} s`
  )
  const db = (live.db = await Harness.createDatabase("cg_bench_whkill"))
  const receiver = (live.receiver = await Harness.startReceiver(new Set(), options.slow))
  // A first (it runs the migrations), then B on the same database.
  const a = (live.a = await Harness.startInstance("A", options["port-a"], db.url))
  const b = (live.b = await Harness.startInstance("B", options["port-b"], db.url))
  const tenant = await Harness.setUpTenant(a.base, events + 200)
  if (produce === "backlog") await db.query(Harness.HOLD_SQL)
  for (let i = 0; i < endpointCount; i++) await Harness.createEndpoint(a.base, tenant.key, receiver.url(`/e${i}`))

  const t0 = Date.now()
  let killedAt = 0
  let receivedAtKill = 0
  let exitedAt = 0
  const stopA = () => {
    if (signal === "TERM") a.term()
    else a.kill9()
    killedAt = Date.now()
    receivedAtKill = receiver.log.length
    void a.exited.then(() => (exitedAt = Date.now()))
  }
  receiver.onReceived = () => {
    if (noKill || killedAt !== 0 || receiver.log.length < killAt) return
    stopA()
    console.log(
      `${signalName} A (pid ${a.child.pid}) at ${secs(killedAt - t0)}, after ${receivedAtKill} received requests`
    )
  }

  let playsOnA = 0
  let playsOnB = 0
  let replayed = 0
  let failed = 0
  await Harness.runPool(events, concurrency, async (i) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const onA = i % 2 === 0 && killedAt === 0 && attempt === 0
      try {
        await Harness.play(onA ? a.base : b.base, tenant, i)
        if (onA) playsOnA++
        else playsOnB++
        return
      } catch (error) {
        if (attempt === 0) replayed++
        if (attempt === 2) {
          failed++
          console.error(`play ${i} failed: ${String(error)}`)
        }
      }
    }
  })
  const producedAt = Date.now()
  console.log(
    `plays done in ${secs(producedAt - t0)}: ${playsOnA} on A, ${playsOnB} on B, ${replayed} played again on B, ${failed} failed`
  )
  if (produce === "backlog") {
    await db.query(Harness.RELEASE_SQL)
    await db.query(Harness.ANALYZE_SQL)
    console.log(`released the held deliveries at ${secs(Date.now() - t0)}`)
  }
  const waitKill = Date.now()
  while (!noKill && killedAt === 0 && receiver.log.length < killAt && Date.now() - waitKill < 30_000)
    await Harness.sleep(50)
  if (!noKill && killedAt === 0) {
    console.log(`the receiver had only ${receiver.log.length} requests when the plays ended: stopping A now`)
    stopA()
  }

  // Wait on B's API until every delivery is `success`, or the deadline.
  const totals = async (): Promise<Record<(typeof STATUSES)[number], number>> => {
    const entries = await Promise.all(
      STATUSES.map(async (status) => {
        const page = await Harness.call(
          b.base,
          "GET",
          `/v1/tenant/webhooks/deliveries?status=${status}&limit=1`,
          tenant.key
        )
        return [status, page.total as number] as const
      })
    )
    return Object.fromEntries(entries) as Record<(typeof STATUSES)[number], number>
  }
  let last = await totals()
  let lastPrint = 0
  while (Date.now() - t0 < deadlineMs) {
    if (last.pending + last.failed + last.exhausted === 0 && last.success > 0) break
    if (Date.now() - lastPrint > 10_000) {
      lastPrint = Date.now()
      console.log(
        `  ${secs(Date.now() - t0)}: ${STATUSES.map((s) => `${s}=${last[s]}`).join(" ")}, received ${receiver.log.length}`
      )
    }
    await Harness.sleep(250)
    last = await totals()
  }
  const finishedAt = Date.now()
  await Harness.sleep(500) // let any request still in flight arrive

  // The deliveries as stored, against what the receiver got.
  const rows = await db.query(
    "SELECT id, status, attempt_count, event_id, (extract(epoch FROM last_attempted_at) * 1000)::bigint FROM webhook_deliveries"
  )
  const deliveries = rows.map(([id, status, attempts, eventId, lastAttempt]) => ({
    id: id!,
    status: status!,
    attempts: Number(attempts),
    eventId: eventId!,
    lastAttemptAt: lastAttempt === undefined || lastAttempt === "" ? NaN : Number(lastAttempt)
  }))
  const [[eventCount]] = (await db.query("SELECT count(*) FROM events WHERE type = 'session_completed'")) as [[string]]
  const statusCount = new Map<string, number>()
  for (const d of deliveries) statusCount.set(d.status, (statusCount.get(d.status) ?? 0) + 1)
  const attemptSum = deliveries.reduce((sum, d) => sum + d.attempts, 0)
  const received = receiver.log.length
  const distinct = receiver.byId.size
  const duplicated = [...receiver.byId.values()].filter((n) => n > 1)
  const extraRequests = duplicated.reduce((sum, n) => sum + n - 1, 0)
  const lost = deliveries.filter((d) => !receiver.byId.has(d.id))
  const known = new Set(deliveries.map((d) => d.id))
  const unknown = [...receiver.byId.keys()].filter((id) => !known.has(id))
  const allSuccess = deliveries.length > 0 && deliveries.every((d) => d.status === "success")
  // Deliveries whose last attempt came long after the kill: those A had claimed, sent by B after the lease.
  const afterLease = killedAt === 0 ? [] : deliveries.filter((d) => d.lastAttemptAt > killedAt + 30_000)

  console.log("")
  console.log(`events (session_completed): ${eventCount}`)
  console.log(`deliveries:                 ${deliveries.length} (events × ${endpointCount} endpoints)`)
  console.log(`received requests:          ${received}`)
  console.log(
    `distinct delivery ids:      ${distinct}${unknown.length > 0 ? ` (${unknown.length} not in the database!)` : ""}`
  )
  console.log(
    `duplicates:                 ${duplicated.length} ids received more than once (${extraRequests} extra requests)`
  )
  console.log(
    `lost:                       ${lost.length}${
      lost.length > 0
        ? ` e.g. ${lost
            .slice(0, 3)
            .map((d) => `${d.id}:${d.status}`)
            .join(", ")}`
        : ""
    }`
  )
  console.log(`final statuses:             ${[...statusCount].map(([s, n]) => `${s}=${n}`).join(" ")}`)
  console.log(`sum of attemptCount:        ${attemptSum}`)
  console.log(
    `elapsed:                    ${secs(finishedAt - t0)} from the first play to ${allSuccess ? "all success" : "the deadline"}` +
      (killedAt === 0 ? "" : `; killed at ${secs(killedAt - t0)} (${receivedAtKill} received then)`) +
      (killedAt === 0
        ? ""
        : `; ${afterLease.length} deliveries last attempted more than 30 s after the kill (A's claims, sent by B after the lease)` +
          (afterLease.length === 0
            ? ""
            : `, ${secs(Math.min(...afterLease.map((d) => d.lastAttemptAt)) - killedAt)}–${secs(Math.max(...afterLease.map((d) => d.lastAttemptAt)) - killedAt)} after the kill`))
  )
  for (const instance of noKill ? [a, b] : [b]) {
    const troubles = Harness.logTroubles(instance)
    if (troubles.length > 0) {
      console.log(`${instance.name} warnings/errors: ${troubles.length}; first: ${troubles.slice(0, 3).join(" | ")}`)
    }
  }

  let ok = lost.length === 0 && allSuccess && unknown.length === 0
  if (signal === "TERM" && killedAt !== 0) {
    const lastSent = Math.max(...deliveries.map((d) => d.lastAttemptAt))
    const inTime = allSuccess && finishedAt - killedAt <= termWithinMs
    console.log(
      `after SIGTERM:              A exited ${exitedAt === 0 ? "not yet" : `${secs(exitedAt - killedAt)} after the signal`}; ` +
        `last delivery sent ${secs(lastSent - killedAt)} after it; all success seen ${secs(finishedAt - killedAt)} after it ` +
        `(${inTime ? "within" : "NOT within"} ${termWithinMs / 1000} s)`
    )
    ok = ok && inTime
  }
  if (noKill) {
    const onePerAttempt = received === attemptSum
    const eachOnce = duplicated.length === 0
    console.log(
      `no kill: received requests ${onePerAttempt ? "=" : "≠"} sum of attemptCount (${received} vs ${attemptSum}); ` +
        `${eachOnce ? "every id once" : `${duplicated.length} ids more than once`}`
    )
    ok = ok && onePerAttempt && eachOnce
  }
  console.log(ok ? "OK" : "FAILED")
  return ok ? 0 : 1
}

Harness.bounded(deadlineMs + 300_000, main, teardown)
