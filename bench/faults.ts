/**
 * Plays while PostgreSQL and Redis falter: two reference-server instances (A and B, child processes)
 * on one fresh PostgreSQL database and one Redis, each reached through a `FaultProxy`
 * (`@campaign-games/testing`) that cuts (resets) or silences (holds, forwards nothing) the
 * connection. `--players` players (default 16, half on each instance) play whole plays (mint, start,
 * finish; start and finish with an `Idempotency-Key`, retried with it on a 503, a network error or a
 * 409 "still running", as the embed does)
 * without pause through these phases:
 *
 *   baseline        --baseline s (10)
 *   redis-cut       --redis-cut s (10): every Redis connection reset, new ones refused
 *   redis-recovery  --recovery s (10)
 *   redis-silenced  --redis-silence s (10)
 *   redis-silence-recovery --recovery s
 *   pg-silenced     --pg-silence s (30): PostgreSQL silenced, then restored
 *   pg-recovery     --recovery s
 *   pg-cut          --pg-cut s (8): every PostgreSQL connection reset, new ones refused
 *   pg-cut-recovery --recovery s
 *
 * Run by hand, never in CI: `node bench/faults.ts` (PostgreSQL at `CG_BENCH_POSTGRES`, default
 * postgres://postgres@127.0.0.1:5432; Redis at `REDIS_URL`, default redis://127.0.0.1:6379).
 *
 * Prints, per phase and instance: requests, 2xx, 503s (in the error shape), other answers, network
 * errors, hangs (requests over `--bound` ms, default the server's 5,000 ms store bound plus 1,000 of
 * slack), the slowest request, whole plays per second; and per restore, how long until each
 * instance finished a play again. Then whether every play acknowledged with a 200 is stored.
 * Exit code 0 when: no hang in any phase, every acknowledged play stored, plays back within 5 s of
 * each restore on both instances, and during the Redis cut each instance's plays per second at
 * least 95% of its baseline's (the phase just before the cut); 1 otherwise. "other" answers are
 * listed by status and call after the table.
 */
import { randomUUID } from "node:crypto"
import { FaultProxy } from "@campaign-games/testing"
import { Effect } from "effect"
import * as BenchServer from "./internal/Server.ts"
import * as Options from "./internal/Options.ts"
import * as Harness from "./webhook-harness.ts"

const options = Options.parse({
  players: 16,
  baseline: 10,
  "pg-silence": 30,
  "pg-cut": 8,
  "redis-cut": 10,
  "redis-silence": 10,
  recovery: 10,
  bound: 6000,
  "port-a": 18391,
  "port-b": 18392
})

const PG = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
const REDIS =
  process.env.REDIS_URL === undefined || process.env.REDIS_URL === "" ? "redis://127.0.0.1:6379" : process.env.REDIS_URL
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface Sample {
  readonly instance: "A" | "B"
  readonly kind: "mint" | "start" | "finish"
  readonly at: number
  readonly ms: number
  /** 0 for a network error. */
  readonly status: number
  readonly shaped: boolean
  /** What an error answer said (its first detail's message, else its message). */
  readonly said?: string | undefined
}

const hostPort = (url: string, port: number) => {
  const parsed = new URL(url)
  return { host: parsed.hostname, port: Number(parsed.port === "" ? port : parsed.port) }
}

const main = (pg: FaultProxy.FaultProxy, redis: FaultProxy.FaultProxy) => async (): Promise<number> => {
  const db = await Harness.createDatabase("cg_bench_faults")
  const instances: Array<{ name: "A" | "B"; base: string; server: BenchServer.ServerProcess }> = []
  const cleanup = async () => {
    await Promise.all(instances.map((i) => i.server.stop()))
    await db.drop()
  }
  try {
    for (const [name, port] of [
      ["A", options["port-a"]],
      ["B", options["port-b"]]
    ] as const) {
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: pg.urlFor(db.url),
        REDIS_URL: redis.urlFor(REDIS),
        CG_ADMIN_TOKEN: BenchServer.ADMIN
      } as Record<string, string>
      const server = BenchServer.spawnServer("examples/server/src/main.ts", env, ["ignore", "ignore", "inherit"])
      const base = `http://127.0.0.1:${port}`
      if ((await BenchServer.waitUntilUp(base, server)) !== "up") throw new Error(`${name} did not start`)
      instances.push({ name, base, server })
    }
    const tenant = await Harness.setUpTenant(instances[0]!.base, 60_000)

    const samples: Array<Sample> = []
    const acknowledged: Array<string> = []
    let stop = false
    let player = 0

    const request = async (
      instance: (typeof instances)[number],
      kind: Sample["kind"],
      path: string,
      key: string,
      body?: unknown,
      idempotencyKey?: string
    ) => {
      const at = Date.now()
      const headers: Record<string, string> = { authorization: `Bearer ${key}`, "content-type": "application/json" }
      if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey
      try {
        const response = await fetch(`${instance.base}${path}`, {
          method: "POST",
          headers,
          body: body === undefined ? null : JSON.stringify(body),
          signal: AbortSignal.timeout(120_000)
        })
        const text = await response.text()
        const json = text === "" ? null : JSON.parse(text)
        const shaped = response.status < 300 || typeof json?.error?.code === "string"
        const said: string | undefined = json?.error?.details?.[0]?.message ?? json?.error?.message
        samples.push({ instance: instance.name, kind, at, ms: Date.now() - at, status: response.status, shaped, said })
        return { status: response.status, json }
      } catch {
        samples.push({ instance: instance.name, kind, at, ms: Date.now() - at, status: 0, shaped: false })
        return { status: 0, json: null }
      }
    }

    /** A 409 telling that the first request with the key has not answered yet: retry later. */
    const stillRunning = (answer: { status: number; json: any }) =>
      answer.status === 409 &&
      answer.json?.error?.details?.[0]?.path === "headers.idempotency-key" &&
      answer.json?.error?.details?.[0]?.message === "a request with this key is still running"

    /**
     * A play call with its key, retried with it on a 503, a network error or a 409 saying the key's
     * first request still runs (as the embed does).
     */
    const playCall = async (
      instance: (typeof instances)[number],
      kind: "start" | "finish",
      path: string,
      token: string,
      body?: unknown
    ) => {
      const idempotencyKey = randomUUID()
      for (;;) {
        const answer = await request(instance, kind, path, token, body, idempotencyKey)
        if ((answer.status !== 503 && answer.status !== 0 && !stillRunning(answer)) || stop) return answer
        await sleep(200)
      }
    }

    const worker = async (w: number) => {
      const instance = instances[w % 2]!
      while (!stop) {
        const minted = await request(
          instance,
          "mint",
          "/v1/auth/session-tokens",
          tenant.mintKeys[w % tenant.mintKeys.length]!,
          { channelId: tenant.channelId, participantRef: `p${player++}`, origin: BenchServer.ORIGIN }
        )
        if (minted.status !== 201) {
          if (minted.status === 503 || minted.status === 0) await sleep(200)
          continue
        }
        const token = minted.json.clientToken as string
        const started = await playCall(instance, "start", "/v1/play/sessions", token)
        if (started.status !== 201) continue
        const id = started.json.session.id as string
        const finished = await playCall(instance, "finish", `/v1/play/sessions/${id}/finish`, token, {})
        if (finished.status === 200) acknowledged.push(id)
      }
    }

    const phases: Array<{ name: string; from: number; to: number; restoredAt?: number }> = []
    const phase = async (name: string, seconds: number, before?: () => Promise<void>) => {
      if (before !== undefined) await before()
      const from = Date.now()
      await sleep(seconds * 1000)
      phases.push({ name, from, to: Date.now() })
    }
    const restore = (proxy: FaultProxy.FaultProxy) => async () => {
      await Effect.runPromise(proxy.restore)
    }

    const workers = Promise.all(Array.from({ length: options.players }, (_, w) => worker(w)))
    await phase("baseline", options.baseline)
    await phase("redis-cut", options["redis-cut"], () => Effect.runPromise(redis.cut))
    await phase("redis-recovery", options.recovery, restore(redis))
    await phase("redis-silenced", options["redis-silence"], () => Effect.runPromise(redis.silence))
    await phase("redis-silence-recovery", options.recovery, restore(redis))
    await phase("pg-silenced", options["pg-silence"], () => Effect.runPromise(pg.silence))
    await phase("pg-recovery", options.recovery, restore(pg))
    await phase("pg-cut", options["pg-cut"], () => Effect.runPromise(pg.cut))
    await phase("pg-cut-recovery", options.recovery, restore(pg))
    stop = true
    await workers

    let pass = true
    const plays = (instance: "A" | "B", from: number, to: number) =>
      samples.filter(
        (s) =>
          s.instance === instance && s.kind === "finish" && s.status === 200 && s.at + s.ms >= from && s.at + s.ms < to
      ).length /
      ((to - from) / 1000)
    console.log(
      "phase                    inst  requests     2xx    503  other  neterr  hangs  slowest_ms  plays/s  back_after_ms"
    )
    for (const p of phases) {
      for (const instance of ["A", "B"] as const) {
        // A request belongs to the phase it ended in.
        const inPhase = samples.filter((s) => s.instance === instance && s.at + s.ms >= p.from && s.at + s.ms < p.to)
        const ok = inPhase.filter((s) => s.status >= 200 && s.status < 300).length
        const unavailable = inPhase.filter((s) => s.status === 503).length
        const unshaped = inPhase.filter((s) => s.status === 503 && !s.shaped).length
        const neterr = inPhase.filter((s) => s.status === 0).length
        const other = inPhase.length - ok - unavailable - neterr
        const hangs = inPhase.filter((s) => s.ms > options.bound).length
        const slowest = inPhase.reduce((m, s) => Math.max(m, s.ms), 0)
        const rate = plays(instance, p.from, p.to)
        // After a restore: how long until this instance finished a play started after it.
        let back = ""
        if (p.name.endsWith("recovery")) {
          const first = samples
            .filter((s) => s.instance === instance && s.kind === "finish" && s.status === 200 && s.at >= p.from)
            .reduce((m, s) => Math.min(m, s.at + s.ms), Number.POSITIVE_INFINITY)
          const after = first - p.from
          back = Number.isFinite(after) ? String(after) : "never"
          if (!Number.isFinite(after) || after > 5_000) pass = false
        }
        if (hangs > 0 || unshaped > 0) pass = false
        console.log(
          `${p.name.padEnd(24)} ${instance.padEnd(4)} ${String(inPhase.length).padStart(9)} ${String(ok).padStart(7)} ${String(unavailable).padStart(6)} ${String(other).padStart(6)} ${String(neterr).padStart(7)} ${String(hangs).padStart(6)} ${String(slowest).padStart(11)} ${rate.toFixed(1).padStart(8)} ${back.padStart(14)}`
        )
      }
    }
    const others = new Map<string, number>()
    for (const s of samples)
      if (s.status !== 0 && s.status !== 503 && (s.status < 200 || s.status >= 300)) {
        const name = `${s.kind} ${s.status} (${s.said ?? ""})`
        others.set(name, (others.get(name) ?? 0) + 1)
      }
    console.log(
      `other answers: ${others.size === 0 ? "none" : Array.from(others, ([k, n]) => `${k} ×${n}`).join(", ")}`
    )
    const baseline = phases.find((p) => p.name === "baseline")!
    const redisCut = phases.find((p) => p.name === "redis-cut")!
    for (const instance of ["A", "B"] as const) {
      const before = plays(instance, baseline.from, baseline.to)
      const during = plays(instance, redisCut.from, redisCut.to)
      const ratio = during / before
      console.log(
        `redis cut, ${instance}: ${during.toFixed(1)} plays/s against ${before.toFixed(1)} before (${(ratio * 100).toFixed(0)}%)`
      )
      if (ratio < 0.95) pass = false
    }
    const stored = new Set(
      (await db.query("SELECT id FROM sessions WHERE finished_at IS NOT NULL")).map((row) => row[0])
    )
    const missing = acknowledged.filter((id) => !stored.has(id))
    console.log(
      `acknowledged plays: ${acknowledged.length}; stored finished sessions: ${stored.size}; acknowledged and missing: ${missing.length}`
    )
    if (missing.length > 0) pass = false
    console.log(pass ? "PASS" : "FAIL")
    return pass ? 0 : 1
  } finally {
    await cleanup()
  }
}

const program = Effect.scoped(
  Effect.gen(function* () {
    const pg = yield* FaultProxy.make(hostPort(PG, 5432))
    const redis = yield* FaultProxy.make(hostPort(REDIS, 6379))
    return yield* Effect.promise(main(pg, redis))
  })
)

Effect.runPromise(program).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
