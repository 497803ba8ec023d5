/**
 * What one PostgreSQL takes from a fleet: the statements of a complete play (mint, start, finish),
 * exactly as the engine sends them, driven straight at the database from many connections with no
 * server in between, so that the database, not the servers, is the limit (docs/performance.md,
 * "PostgreSQL's side").
 *
 * How: the engine runs once in this process over a fresh database (an account, an allowed origin, a
 * live wheel), and records the SQL of one play as it goes out (effect/sql's `CurrentTransformer`:
 * text and parameters). Then `--connections` `pg` clients replay that play for `--seconds`, each
 * play with fresh ids (session, token, entry, event) and a new player, as named prepared statements
 * (as the engine's driver sends them). It prints plays a second, the database backends' CPU per play
 * (from /proc) and this client's, and checks that every replayed start wrote its session and every
 * finish its entry.
 *
 *   node --conditions=@campaign-games/source bench/pg-plays.ts                                     # 16 connections, 10 s, plan pro
 *   node --conditions=@campaign-games/source bench/pg-plays.ts --connections 4,8,16,32 --seconds 8 # a sweep
 *   node --conditions=@campaign-games/source bench/pg-plays.ts --plan unlimited                     # no plays-a-month limit to count under
 *   node --conditions=@campaign-games/source bench/pg-plays.ts --accounts 4                         # the plays spread over 4 accounts
 *   node --conditions=@campaign-games/source bench/pg-plays.ts --pipeline 32 --players 64 --connections 10 # as the engine sends them
 *
 * (The condition resolves the packages to their sources; without it they resolve to their builds,
 * `npm run build`.)
 *
 * `--plan pro` (10,000,000 plays a month) checks the month's plays at each start and, this far from
 * the limit, counts them in the connections' shards (`SqlUsageRepo`); `--plan unlimited` only
 * counts. `--accounts N` replays the play of N accounts (each its own campaign), round robin.
 *
 * `--pipeline M` replays through the engine's own driver instead (`@effect/sql-pg`, the statements
 * unnamed in the text, prepared by the driver): `--players` plays at once over a pool of at most
 * `--connections` connections, each connection carrying up to M statements at once pipelined into
 * one write (`Database.DEFAULT_MULTIPLEX`; 1: one at a time). The connections figure printed is the
 * backends the pool opened.
 */
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { NodeHttpServer } from "@effect/platform-node"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, ManagedRuntime, Redacted, References } from "effect"
import { Reactivity } from "effect/reactivity"
import { RateLimiter } from "effect/persistence"
import { Statement } from "effect/sql"
import pg from "pg"
import * as BenchServer from "./internal/Server.ts"
import * as Options from "./internal/Options.ts"

const options = Options.parse({
  connections: "16",
  seconds: 10,
  plan: "pro",
  accounts: 1,
  // With a number: the engine's own driver (`@effect/sql-pg`), `--players` plays at once over a
  // pool of at most `--connections` connections, each carrying up to this many statements at once,
  // pipelined, as the engine sends them (`Database.DEFAULT_MULTIPLEX`); 1 sends one at a time.
  pipeline: 0,
  players: 32
})
const server = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
const database = `cg_pgplays_${Date.now()}`
const psql = (db: string, command: string) =>
  execFileSync("psql", [`${server}/${db}`, "-Atc", command])
    .toString()
    .trim()
psql("postgres", `CREATE DATABASE ${database}`)

/** The statements of the play being recorded: SQL text and parameters, in order. */
const recorded: Array<readonly [string, ReadonlyArray<unknown>]> = []
let recording = false
const recorder: Statement.Transformer = (statement) => {
  if (recording) recorded.push(statement.compile() as readonly [string, ReadonlyArray<unknown>])
  return Effect.succeed(statement)
}

const { dispose, handler } = Server.toWebHandler(
  Layer.mergeAll(
    NodeEngine.layer(Database.layerPostgres({ url: `${server}/${database}` }), { dispatcher: false }),
    RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
    Layer.succeed(HttpConfig.HttpConfig, {
      adminToken: Redacted.make(BenchServer.ADMIN),
      publicUrl: "http://localhost"
    }),
    NodeHttpServer.layerHttpServices,
    Layer.succeed(References.TracerEnabled, false),
    Layer.succeed(Statement.CurrentTransformer, recorder)
  )
)

const call = BenchServer.inProcess(handler)

/** One recorded play: its three statements, and the values that must be new in each replay. */
interface Recorded {
  readonly statements: ReadonlyArray<readonly [string, ReadonlyArray<unknown>]>
  readonly fresh: ReadonlyArray<string>
}

/** An account with a live wheel, and one play of it recorded. */
const recordPlay = async (n: number): Promise<Recorded> => {
  const { apiKey } = await call("POST", "/admin/v1/accounts", BenchServer.ADMIN, {
    name: `fleet-${n}`,
    plan: options.plan
  })
  const key = apiKey.key as string
  await call("POST", "/v1/tenant/allowed-origins", key, { origin: BenchServer.ORIGIN })
  const { channelId } = await BenchServer.liveWheel(call, key, `fleet-${n}`)
  // A first play warms the engine's caches, so that the recorded one is a steady-state play.
  for (let warm = 0; ; warm++) {
    recording = warm === 1
    const participantRef = `fleet-player-${n}-${warm}`
    const minted = await call("POST", "/v1/auth/session-tokens", key, {
      channelId,
      participantRef,
      origin: BenchServer.ORIGIN
    })
    const { session } = await call("POST", "/v1/play/sessions", minted.clientToken)
    const { entry } = await call("POST", `/v1/play/sessions/${session.id}/finish`, minted.clientToken, {})
    if (!recording) continue
    recording = false
    const statements = recorded.splice(0)
    if (statements.length !== 3) throw new Error(`expected 3 statements a play, recorded ${statements.length}`)
    // The finish's event id is made in the finish: any evt_ id among its parameters.
    const event = statements[2]![1].find((p): p is string => typeof p === "string" && /^evt_[0-9a-z]+$/.test(p))
    return { statements, fresh: [minted.jti, session.id, entry.id, event!, participantRef] }
  }
}

const plays: Array<Recorded> = []
for (let n = 0; n < options.accounts; n++) plays.push(await recordPlay(n))
await dispose()

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
const freshId = (old: string) => {
  const bytes = randomBytes(24)
  let id = ""
  for (const b of bytes) id += ALPHABET[b % 36]
  return `${old.slice(0, old.indexOf("_") + 1)}${id}`
}

/** The play's statements with every value of `fresh` replaced by a new one, wherever it appears. */
const replay = (play: Recorded): Array<readonly [string, Array<unknown>]> => {
  const renamed = play.fresh.map((old) => [old, freshId(old)] as const)
  return play.statements.map(([text, params]) => [
    text,
    params.map((p) => (typeof p === "string" ? renamed.reduce((s, [a, b]) => s.replaceAll(a, b), p) : p))
  ])
}

const backends = (): Array<number> =>
  psql("postgres", `SELECT pid FROM pg_stat_activity WHERE datname = '${database}'`)
    .split("\n")
    .filter(Boolean)
    .map(Number)
const cpuMs = (pids: ReadonlyArray<number>) => {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

/** Sends one statement of a play (the `i`th) and answers its rows, as arrays. */
type Send = (text: string, values: ReadonlyArray<unknown>, i: number) => Promise<ReadonlyArray<ReadonlyArray<unknown>>>

/**
 * Each of `players` replaying plays for `seconds`, one after another: plays a second, and the CPU a
 * play of the database's backends `pids` and of this process.
 */
const replayFor = async (players: ReadonlyArray<Send>, pids: ReadonlyArray<number>) => {
  let done = 0
  let refused = 0
  let next = 0
  const deadline = performance.now() + options.seconds * 1000
  const cpu0 = cpuMs(pids)
  const client0 = process.cpuUsage()
  const t0 = performance.now()
  await Promise.all(
    players.map(async (send) => {
      while (performance.now() < deadline) {
        const statements = replay(plays[next++ % plays.length]!)
        let ok = true
        for (const [i, [text, values]] of statements.entries()) {
          const rows = await send(text, values, i)
          // The start's last columns say whether it wrote the session; the finish answers the claimed id.
          if (i === 1 && rows[0]?.at(-3) !== true) ok = false
          if (i === 2 && rows.length !== 1) ok = false
        }
        if (ok) done++
        else refused++
      }
    })
  )
  const seconds = (performance.now() - t0) / 1000
  const db = cpuMs(pids) - cpu0
  const used = process.cpuUsage(client0)
  return {
    connections: pids.length,
    plays: done,
    refused,
    perSecond: done / seconds,
    db: db / done,
    client: (used.user + used.system) / 1000 / done
  }
}

/** `connections` `pg` clients replaying plays for `seconds`, as named prepared statements. */
const run = async (connections: number) => {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: `${server}/${database}` })
      await client.connect()
      return client
    })
  )
  try {
    return await replayFor(
      clients.map((client, c) => async (text, values, i) => {
        const result = await client.query({
          name: `play_${c}_${i}_${text.length}`,
          text,
          values: [...values],
          rowMode: "array"
        })
        return result.rows
      }),
      backends()
    )
  } finally {
    await Promise.all(clients.map((client) => client.end()))
  }
}

/**
 * `options.players` players replaying plays for `seconds` through `@effect/sql-pg` (the engine's
 * driver), over a pool of at most `connections` connections carrying `options.pipeline` statements
 * each at once.
 */
const runPipelined = async (connections: number) => {
  const multiplex = Math.max(1, options.pipeline)
  const runtime = ManagedRuntime.make(
    PgClient.layer({
      url: Redacted.make(`${server}/${database}`),
      maxConnections: connections,
      ...(multiplex > 1 ? { multiplex: true, multiplexConcurrency: multiplex } : {})
    }).pipe(Layer.provide(Reactivity.layer))
  )
  try {
    const sql = await runtime.runPromise(Effect.service(PgClient.PgClient))
    const send: Send = (text, values) => runtime.runPromise(sql.unsafe(text, values).values)
    const players = Array.from({ length: options.players }, () => send)
    // A first round opens the pool's connections, so that their backends are counted.
    await Promise.all(players.map(() => send("SELECT 1", [], 0)))
    return await replayFor(players, backends())
  } finally {
    await runtime.dispose()
  }
}

try {
  console.log(
    `plan=${options.plan} accounts=${options.accounts} seconds=${options.seconds}; one play = 3 statements${options.pipeline > 0 ? `; @effect/sql-pg, ${options.players} players, ${options.pipeline} statements a connection at once` : ""}`
  )
  for (const connections of String(options.connections).split(",").map(Number)) {
    const r = options.pipeline > 0 ? await runPipelined(connections) : await run(connections)
    console.log(
      `connections ${String(r.connections).padStart(3)}: ${r.perSecond.toFixed(0).padStart(5)} plays/s, database CPU ${r.db.toFixed(3)} ms a play (${(1000 / r.db).toFixed(0)} plays/s a database core), client ${r.client.toFixed(3)} ms${r.refused > 0 ? `, ${r.refused} refused` : ""}`
    )
  }
} finally {
  psql("postgres", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
}
