/**
 * Draw benchmark over 1,000,000 entries (by default): each algorithm's selection by the engine's
 * store beside the same selection written as one bare SQL statement (PostgreSQL), and the memory
 * store's beside a plain-JavaScript bounded heap. Run by hand, never in CI:
 *
 *   node bench/draws.ts                               # PostgreSQL at DATABASE_URL (default …/cg_h1), then memory
 *   node bench/draws.ts --entries 200000 --winners 1000 --runs 5
 *   node bench/draws.ts --skip-memory
 *
 * What is timed (the median of `--runs`):
 *
 * - **engine, select**: `DrawRepo.select` of the SQL store: the listing's count and SHA-256, then the
 *   first entries of the algorithm's order (`SqlDrawSelect`), as a run makes them;
 * - **engine, run**: `Draws.trigger`: the whole run (waiting for the entries being written, the
 *   lock, the selection, the run and its winners written, `winner_selected` appended), once per
 *   algorithm (each later run excludes the earlier winners, so it is not repeated);
 * - **bare**: one statement giving the same winners, count and hash, written as one would by hand
 *   (`DISTINCT ON` each player's best entry, then the first `--winners`), with the same key
 *   expressions (the weighted one with the database's `ln` alone); and, apart, the engine's own
 *   statements timed bare: the first entries of the order alone and the listing hash alone;
 * - **memory, select**: `DrawRepo.select` of the memory store (core's `Draw.run`: the pure SHA-256,
 *   the bounded heap, the listing hashed in order);
 * - **heap**: the same selection in plain JavaScript: `node:crypto`'s SHA-256, a sort of the
 *   considered entries for the listing (hashed by `node:crypto`), a bounded heap of the first
 *   entries.
 *
 * The entries (one campaign, `--players` players, weights 1–5, scores 0–999 with ties, one per
 * millisecond) are written in one `INSERT … SELECT` into a campaign of a fresh account, and deleted
 * at the end with the account's rows.
 */
import { createHash } from "node:crypto"
import * as Campaigns from "@campaign-games/core/campaigns/Campaigns"
import * as Draw from "@campaign-games/core/draws/Draw"
import { DrawRepo, type Selection } from "@campaign-games/core/draws/DrawRun"
import { Draws } from "@campaign-games/core/draws/Draws"
import { Database } from "@campaign-games/sql"
import * as SqlDrawSelect from "@campaign-games/sql/SqlDrawSelect"
import { MemoryStore } from "@campaign-games/testing"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { DateTime, Effect, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import * as DrawEngine from "../examples/verify-draw/test/support/DrawEngine.ts"
import * as Options from "./internal/Options.ts"

const options = Options.parse({
  entries: 1_000_000,
  players: 200_000,
  winners: 100,
  runs: 3,
  "skip-memory": false,
  "skip-postgres": false
})
const ENTRIES = options.entries
const PLAYERS = options.players
const WINNERS = options.winners
const RUNS = options.runs
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/cg_h1"
const T0 = Date.UTC(2026, 0, 1)

const ORDERS: ReadonlyArray<{ readonly name: string; readonly rules: Pick<Draw.Rules, "algorithm" | "tieBreak"> }> = [
  { name: "random_uniform", rules: { algorithm: "random_uniform", tieBreak: "earliest_entry" } },
  { name: "random_weighted", rules: { algorithm: "random_weighted", tieBreak: "earliest_entry" } },
  { name: "score_highest (earliest_entry)", rules: { algorithm: "score_highest", tieBreak: "earliest_entry" } },
  { name: "score_highest (random)", rules: { algorithm: "score_highest", tieBreak: "random" } }
]

const rulesOf = (order: Pick<Draw.Rules, "algorithm" | "tieBreak">): Draw.Rules => ({
  ...order,
  maxWinners: WINNERS,
  windowStart: null,
  windowEnd: null,
  entriesBefore: null
})

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`

/** The median wall time of `effect` over `RUNS` runs, and its last result. */
const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const times: Array<number> = []
    let result: A | undefined
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now()
      result = yield* effect
      times.push(performance.now() - start)
    }
    return { ms: median(times), result: result! }
  })

/** A fresh account, a channel and a manual campaign of `order`'s algorithm, with the account's system actor. */
const makeCampaign = (order: Pick<Draw.Rules, "algorithm" | "tieBreak">) =>
  DrawEngine.freshCampaign({ name: "Draw bench", plan: "unlimited" }, "Bench", {
    gameSlug: "memory-match",
    name: "Bench",
    winnerSelectionAlgorithm: order.algorithm === "winning_moment" ? "random_uniform" : order.algorithm,
    winnerSelectionConfig: { maxWinners: WINNERS, tieBreak: order.tieBreak }
  })

// -----------------------------------------------------------------------------
// PostgreSQL
// -----------------------------------------------------------------------------

/** The bare statement: each player's best entry (`DISTINCT ON`), the first `WINNERS`, with the count and hash. */
const bareSelection = (sql: SqlClient.SqlClient, s: Selection) => {
  const digest = sql`sha256(convert_to(${s.seed} || ':' || e.id, 'UTF8'))`
  const keyColumns =
    s.rules.algorithm === "random_uniform"
      ? sql`${digest} AS k1, NULL::float8 AS k2, NULL::timestamptz AS k3`
      : s.rules.algorithm === "random_weighted"
        ? sql`NULL::bytea AS k1, -ln((('x' || substr(encode(${digest}, 'hex'), 1, 13))::bit(52)::bigint::float8 + 0.5::float8)
            / 4503599627370496::float8) / least(greatest(e.weight, 1e-300::float8), 1e300::float8) AS k2,
            NULL::timestamptz AS k3`
        : s.rules.tieBreak === "random"
          ? sql`sha256(convert_to(${s.seed} || ':' || e.id, 'UTF8')) AS k1, -e.score AS k2, NULL::timestamptz AS k3`
          : sql`NULL::bytea AS k1, -e.score AS k2, e.created_at AS k3`
  const ordered =
    s.rules.algorithm === "random_uniform"
      ? sql`k1, id`
      : s.rules.algorithm === "random_weighted"
        ? sql`k2, id`
        : s.rules.tieBreak === "random"
          ? sql`k2, k1, id`
          : sql`k2, k3, id`
  const candidate =
    s.rules.algorithm === "random_weighted"
      ? sql`AND e.weight > 0`
      : s.rules.algorithm === "score_highest"
        ? sql`AND e.score IS NOT NULL`
        : sql``
  return sql`WITH ranked AS (
  SELECT e.id, e.participant_ref, ${keyColumns} FROM entries e
  WHERE ${SqlDrawSelect.considered(sql, s)} ${candidate}
), best AS (
  SELECT DISTINCT ON (participant_ref) id, participant_ref, k1, k2, k3 FROM ranked
  ORDER BY participant_ref, ${ordered}
), winners AS (
  SELECT id, participant_ref FROM best ORDER BY ${ordered} LIMIT ${s.rules.maxWinners}
), listing AS (${SqlDrawSelect.listingHash(sql, s)})
SELECT (SELECT json_agg(json_build_array(id, participant_ref)) FROM winners), listing.* FROM listing`
}

const postgres = Effect.gen(function* () {
  console.log(
    `PostgreSQL (${DATABASE_URL.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")}), ${ENTRIES} entries of ${PLAYERS} players, ${WINNERS} winners, median of ${RUNS}`
  )
  const context = yield* Layer.build(DrawEngine.engine(Database.layerPostgres({ url: DATABASE_URL, poolSize: 4 })))
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provideContext(effect, context as any) as Effect.Effect<A, E>
  const sql = yield* run(Effect.service(SqlClient.SqlClient))
  const repo = yield* run(Effect.service(DrawRepo))
  const { actor, campaign } = yield* run(makeCampaign(ORDERS[0]!.rules))
  // The benchmark's rows go at the end, whatever happens.
  yield* Effect.addFinalizer(() =>
    Effect.ignore(
      Effect.gen(function* () {
        yield* sql`DELETE FROM entries WHERE campaign_id = ${campaign.id}`
        yield* sql`DELETE FROM events WHERE account_id = ${campaign.accountId}`
        yield* sql`DELETE FROM campaigns WHERE id = ${campaign.id}`
        yield* sql`DELETE FROM channels WHERE account_id = ${campaign.accountId}`
        yield* sql`DELETE FROM api_keys WHERE account_id = ${campaign.accountId}`
        yield* sql`DELETE FROM accounts WHERE id = ${campaign.accountId}`
      })
    )
  )
  const write = performance.now()
  yield* sql`INSERT INTO entries (id, account_id, campaign_id, channel_id, session_id, participant_ref, score,
      prediction_option_id, outcome, weight, eligible, created_at)
    SELECT 'ent_' || ${campaign.id} || '_' || lpad(g::text, 8, '0'), ${campaign.accountId}, ${campaign.id},
      ${campaign.channelId}, NULL, 'player ' || (g % ${PLAYERS}), ((g::bigint * 7919) % 1000)::float8, NULL, NULL,
      (1 + g % 5)::float8, true, ${DateTime.formatIso(DateTime.makeUnsafe(T0))}::timestamptz + g * interval '1 millisecond'
    FROM generate_series(1, ${ENTRIES}) g`
  yield* sql`ANALYZE entries`
  console.log(`  entries written in ${ms(performance.now() - write)}`)
  const lines: Array<string> = []
  let lastRun: { readonly id: string } | undefined
  for (const order of ORDERS) {
    const rules = rulesOf(order.rules)
    const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
    const s: Selection = {
      accountId: campaign.accountId,
      campaignId: campaign.id,
      rules,
      seed: `bench ${order.name}`,
      sequence: 1,
      entryBound: bound
    }
    const engineSelect = yield* timed(repo.select(s))
    const bare = yield* timed(bareSelection(sql, s).values)
    const bareWinners = yield* timed(
      (rules.algorithm === "random_weighted" ? SqlDrawSelect.firstWeighted : SqlDrawSelect.firstEntries)(
        sql,
        s,
        WINNERS * 2 + 16
      ).values
    )
    const bareHash = yield* timed(SqlDrawSelect.listingHash(sql, s).values)
    const [row] = bare.result
    const bareIds = ((row![0] as Array<[string, string]> | null) ?? []).map(([id]) => id)
    const same =
      JSON.stringify(bareIds) === JSON.stringify(engineSelect.result.winners.map((w) => w.entryId)) &&
      Number(row![1]) === engineSelect.result.entriesConsidered &&
      row![2] === engineSelect.result.entriesHash
    // The whole run, once: the campaign's algorithm set to this one first.
    yield* run(
      Effect.flatMap(Effect.service(Campaigns.Campaigns), (c) =>
        c.update(actor, campaign.id, {
          winnerSelectionAlgorithm: rules.algorithm === "winning_moment" ? "random_uniform" : rules.algorithm,
          winnerSelectionConfig: { tieBreak: rules.tieBreak }
        })
      )
    )
    const start = performance.now()
    lastRun = yield* run(Effect.flatMap(Effect.service(Draws), (d) => d.trigger(actor, campaign.id)))
    const whole = performance.now() - start
    lines.push(
      `  ${order.name.padEnd(30)} engine select ${ms(engineSelect.ms)}   bare statement ${ms(bare.ms)} (${ratio(engineSelect.ms, bare.ms)})   run ${ms(whole)}   bare winners alone ${ms(bareWinners.ms)}, bare hash alone ${ms(bareHash.ms)}   same result: ${same}`
    )
    console.log(lines.at(-1))
  }
  // Verify and the audit of the last run, each over every entry, with the process's memory sampled
  // every 10 ms: what they hold beyond the process at rest (after a full collection).
  const draws = yield* run(Effect.service(Draws))
  const runId = lastRun!.id
  const verified = yield* peakMemory(run(draws.verify(actor, campaign.id, runId)))
  console.log(
    `  verify over ${ENTRIES} entries: ${ms(verified.ms)}, verified: ${verified.result.verified}; ${verified.memory}`
  )
  const streamed = yield* peakMemory(
    run(
      Effect.flatMap(draws.auditStream(actor, campaign.id, runId), ({ entries }) =>
        Stream.runFold(
          entries,
          () => 0,
          (n) => n + 1
        )
      )
    )
  )
  console.log(`  audit streamed (${streamed.result} entries read and dropped): ${ms(streamed.ms)}; ${streamed.memory}`)
  const loaded = yield* peakMemory(run(repo.considered(s0(campaign, lastRun!))))
  console.log(
    `  for comparison, the entries loaded at once (as audit and verify did): ${loaded.result.length} in ${ms(loaded.ms)}; ${loaded.memory}`
  )
}).pipe(Effect.scoped)

/** A selection over the campaign's every entry (the bound of the last run: all were written before). */
const s0 = (
  campaign: { readonly accountId: string; readonly id: string },
  _run: { readonly id: string }
): Selection => ({
  accountId: campaign.accountId,
  campaignId: campaign.id,
  rules: rulesOf(ORDERS[0]!.rules),
  seed: "bench",
  sequence: 1,
  entryBound: Number.MAX_SAFE_INTEGER
})

const collectGarbage = (() => {
  setFlagsFromString("--expose-gc")
  return runInNewContext("gc") as () => void
})()

/** Runs `effect` once, sampling the process's memory: its time and its peak over the rest before. */
const peakMemory = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    collectGarbage()
    const rest = process.memoryUsage()
    let peakRss = rest.rss
    let peakHeap = rest.heapUsed + rest.external
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakHeap = Math.max(peakHeap, now.heapUsed + now.external)
    }, 10)
    const start = performance.now()
    const result = yield* Effect.ensuring(
      effect,
      Effect.sync(() => clearInterval(sampler))
    )
    const ms = performance.now() - start
    const MB = 1024 * 1024
    return {
      result,
      ms,
      memory: `peak RSS +${((peakRss - rest.rss) / MB).toFixed(1)} MB, peak heap+external +${((peakHeap - rest.heapUsed - rest.external) / MB).toFixed(1)} MB (process at rest: RSS ${(rest.rss / MB).toFixed(0)} MB)`
    }
  })

// -----------------------------------------------------------------------------
// Memory
// -----------------------------------------------------------------------------

/** The selection in plain JavaScript: node's SHA-256, a sorted listing, a bounded heap. */
const plainHeap = (entries: ReadonlyArray<Draw.DrawEntry>, rules: Draw.Rules, seed: string) => {
  const considered = entries
    .filter((e) => e.eligible)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
  const listing = createHash("sha256")
  const line = Draw.listingLines(Draw.ALGORITHM_VERSION)
  for (const e of considered) listing.update(line(e))
  const entriesHash = listing.digest("hex")
  type Item = { readonly key: number; readonly digest: Buffer | null; readonly entry: Draw.DrawEntry }
  const digestOf = (e: Draw.DrawEntry) => createHash("sha256").update(`${seed}:${e.id}`).digest()
  const itemOf = (e: Draw.DrawEntry): Item => {
    if (rules.algorithm === "score_highest") {
      return { key: -e.score!, digest: rules.tieBreak === "random" ? digestOf(e) : null, entry: e }
    }
    const digest = digestOf(e)
    const n = digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4)
    return { key: rules.algorithm === "random_weighted" ? Draw.weightedKey(n, e.weight) : n, digest, entry: e }
  }
  const cmp = (a: Item, b: Item) =>
    a.key - b.key ||
    (a.digest !== null && b.digest !== null
      ? Buffer.compare(a.digest, b.digest)
      : a.entry.createdAt - b.entry.createdAt) ||
    (a.entry.id < b.entry.id ? -1 : 1)
  // A bounded heap (a max-heap of the first entries); larger when players with many entries crowd it.
  for (let bound = rules.maxWinners * 2 + 16; ; bound *= 4) {
    const heap: Array<Item> = []
    for (const e of considered) {
      if (rules.algorithm === "score_highest" && heap.length === bound && -e.score! > heap[0]!.key) continue
      const item = itemOf(e)
      if (heap.length < bound) {
        heap.push(item)
        for (let i = heap.length - 1; i > 0 && cmp(heap[i]!, heap[(i - 1) >> 1]!) > 0; i = (i - 1) >> 1) {
          ;[heap[i], heap[(i - 1) >> 1]] = [heap[(i - 1) >> 1]!, heap[i]!]
        }
      } else if (cmp(item, heap[0]!) < 0) {
        heap[0] = item
        for (let i = 0; ;) {
          const l = 2 * i + 1
          const r = l + 1
          let m = i
          if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l
          if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r
          if (m === i) break
          ;[heap[i], heap[m]] = [heap[m]!, heap[i]!]
          i = m
        }
      }
    }
    const seen = new Set<string>()
    const winners: Array<string> = []
    for (const { entry } of heap.sort(cmp)) {
      if (seen.has(entry.participantRef) || winners.length === rules.maxWinners) continue
      seen.add(entry.participantRef)
      winners.push(entry.id)
    }
    if (winners.length === rules.maxWinners || considered.length <= bound) {
      return { winners, entriesConsidered: considered.length, entriesHash }
    }
  }
}

const memory = Effect.gen(function* () {
  console.log(`memory store, ${ENTRIES} entries of ${PLAYERS} players, ${WINNERS} winners, median of ${RUNS}`)
  const context = yield* Layer.build(DrawEngine.engine(MemoryStore.layer))
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provideContext(effect, context as any) as Effect.Effect<A, E>
  const repo = yield* run(Effect.service(DrawRepo))
  const { campaign } = yield* run(makeCampaign(ORDERS[0]!.rules))
  const database = yield* run(Effect.service(MemoryStore.MemoryDatabase))
  const plain: Array<Draw.DrawEntry> = []
  const write = performance.now()
  for (let g = 1; g <= ENTRIES; g++) {
    const entry = {
      id: `ent_${campaign.id}_${String(g).padStart(8, "0")}`,
      accountId: campaign.accountId,
      campaignId: campaign.id,
      channelId: campaign.channelId,
      sessionId: null,
      participantRef: `player ${g % PLAYERS}`,
      score: (g * 7919) % 1000,
      predictionValue: null,
      outcome: null,
      weight: 1 + (g % 5),
      eligible: true,
      createdAt: DateTime.makeUnsafe(T0 + g)
    }
    yield* database.tables.entries.set(entry.id, entry)
    plain.push({ ...entry, createdAt: T0 + g })
  }
  console.log(`  entries written in ${ms(performance.now() - write)}`)
  const bound = yield* repo.entryBound(campaign.accountId, campaign.id)
  for (const order of ORDERS) {
    const rules = rulesOf(order.rules)
    const seed = `bench ${order.name}`
    const s: Selection = {
      accountId: campaign.accountId,
      campaignId: campaign.id,
      rules,
      seed,
      sequence: 1,
      entryBound: bound
    }
    const engineSelect = yield* timed(repo.select(s))
    const heap = yield* timed(Effect.sync(() => plainHeap(plain, rules, seed)))
    const same =
      JSON.stringify(heap.result.winners) === JSON.stringify(engineSelect.result.winners.map((w) => w.entryId)) &&
      heap.result.entriesHash === engineSelect.result.entriesHash
    console.log(
      `  ${order.name.padEnd(30)} memory select ${ms(engineSelect.ms)}   plain-JS heap ${ms(heap.ms)} (${ratio(engineSelect.ms, heap.ms)})   same result: ${same}`
    )
  }
}).pipe(Effect.scoped)

const program = Effect.gen(function* () {
  if (!options["skip-postgres"]) yield* postgres
  if (!options["skip-memory"]) yield* memory
})

Effect.runPromise(program).catch((error) => {
  console.error(error)
  process.exit(1)
})
