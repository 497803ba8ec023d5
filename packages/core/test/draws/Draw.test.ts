/**
 * The pure draw as a specification. Expected winners come from a reference written here apart from
 * the module: SHA-256 from `node:crypto`, the weighted key from `Math.log`, plain sorts. Then the
 * properties every draw keeps over generated entries, and the chance each entry has, measured over
 * thousands of seeds against a chi-squared bound.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Draw from "../../src/draws/Draw.ts"
import * as DrawHash from "../../src/draws/DrawHash.ts"

// -----------------------------------------------------------------------------
// Fixtures and the reference
// -----------------------------------------------------------------------------

const T0 = Date.UTC(2026, 4, 1, 12, 0, 0, 0)
const MINUTE = 60_000

const entry = (id: string, participantRef: string, extra: Partial<Draw.DrawEntry> = {}): Draw.DrawEntry => ({
  id,
  participantRef,
  score: null,
  weight: 1,
  createdAt: T0,
  eligible: true,
  ...extra
})

const rules = (extra: Partial<Draw.Rules> = {}): Draw.Rules => ({
  algorithm: "random_uniform",
  maxWinners: 3,
  tieBreak: "earliest_entry",
  windowStart: null,
  windowEnd: null,
  entriesBefore: null,
  ...extra
})

const nodeDigest = (seed: string, id: string): Buffer => createHash("sha256").update(`${seed}:${id}`, "utf8").digest()

/** The reference: the winners as the header of `Draw` states them, computed independently. */
const reference = (entries: ReadonlyArray<Draw.DrawEntry>, r: Draw.Rules, seed: string, excluded: Set<string>) => {
  const considered = entries.filter(
    (e) =>
      e.eligible &&
      (r.windowStart === null || e.createdAt >= r.windowStart) &&
      (r.windowEnd === null || e.createdAt < r.windowEnd) &&
      (r.entriesBefore === null || e.createdAt < r.entriesBefore)
  )
  const candidates = considered.filter(
    (e) =>
      !excluded.has(e.participantRef) &&
      (r.algorithm !== "random_weighted" || e.weight > 0) &&
      (r.algorithm !== "score_highest" || e.score !== null)
  )
  const byId = (a: Draw.DrawEntry, b: Draw.DrawEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const digestOrder = (a: Draw.DrawEntry, b: Draw.DrawEntry) =>
    Buffer.compare(nodeDigest(seed, a.id), nodeDigest(seed, b.id)) || byId(a, b)
  const weighted = (e: Draw.DrawEntry) => {
    const n = Number.parseInt(nodeDigest(seed, e.id).toString("hex").slice(0, 13), 16)
    return -Math.log((n + 0.5) / 2 ** 52) / e.weight
  }
  const sorted = [...candidates].sort((a, b) => {
    switch (r.algorithm) {
      case "random_uniform":
        return digestOrder(a, b)
      case "random_weighted":
        return weighted(a) - weighted(b) || byId(a, b)
      case "score_highest":
        return (
          b.score! - a.score! || (r.tieBreak === "random" ? digestOrder(a, b) : a.createdAt - b.createdAt || byId(a, b))
        )
      case "winning_moment":
        return a.createdAt - b.createdAt || byId(a, b)
    }
  })
  const seen = new Set<string>()
  const winners: Array<string> = []
  for (const e of sorted) {
    if (seen.has(e.participantRef) || winners.length === r.maxWinners) continue
    seen.add(e.participantRef)
    winners.push(e.id)
  }
  return { winners, considered: considered.length }
}

const ids = (result: Draw.Result) => result.winners.map((e) => e.id)

// -----------------------------------------------------------------------------
// 1. SHA-256 and the keys
// -----------------------------------------------------------------------------

describe("SHA-256", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ]
  ])("the FIPS 180-4 example %#", (text, expected) => {
    assert.strictEqual(DrawHash.hexOfText(text), expected)
  })

  it.prop(
    "equals node:crypto's for any text, whole or fed in pieces",
    { text: Schema.String, cut: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 200 })) },
    ({ text, cut }) => {
      const expected = createHash("sha256")
        .update(Buffer.from(new TextEncoder().encode(text)))
        .digest("hex")
      assert.strictEqual(DrawHash.hexOfText(text), expected)
      const hash = DrawHash.create()
      for (let i = 0; i < text.length; i += cut) hash.update(new TextEncoder().encode(text.slice(i, i + cut)))
      // Pieces cut inside a surrogate pair encode each half as U+FFFD; whole pairs hash as the text.
      const whole = !/[\ud800-\udfff]/u.test(text)
      if (whole) assert.strictEqual(Buffer.from(hash.digest()).toString("hex"), expected)
    },
    { arbitrary: { runs: 300, seed: 1301 } }
  )

  it.prop(
    "the loop's hasher writes node:crypto's digest of each text, one text after another",
    { texts: Schema.Array(Schema.String) },
    ({ texts }) => {
      const digestInto = DrawHash.textHasher()
      const out = new Uint8Array(32)
      for (const text of texts) {
        digestInto(text, out)
        const expected = createHash("sha256")
          .update(Buffer.from(new TextEncoder().encode(text)))
          .digest("hex")
        assert.strictEqual(Buffer.from(out).toString("hex"), expected)
      }
    },
    { arbitrary: { runs: 100, seed: 1302 } }
  )

  it("hashes megabytes in 64-byte blocks across any update boundary", () => {
    const bytes = Uint8Array.from({ length: 1_000_003 }, (_, i) => (i * 31) & 255)
    const hash = DrawHash.create()
    hash
      .update(bytes.subarray(0, 63))
      .update(bytes.subarray(63, 64 * 1000 + 5))
      .update(bytes.subarray(64 * 1000 + 5))
    assert.strictEqual(Buffer.from(hash.digest()).toString("hex"), createHash("sha256").update(bytes).digest("hex"))
  })
})

describe("keys", () => {
  it("the first 52 bits of a digest are its first 13 hex digits", () => {
    for (const text of ["a", "seed:ent_1", "é"]) {
      const d = DrawHash.digestText(text)
      assert.strictEqual(Draw.first52Bits(d), Number.parseInt(Buffer.from(d).toString("hex").slice(0, 13), 16))
    }
  })

  it.prop(
    "exponentialKey is -ln((n + 0.5) / 2^52) within 1e-12, for any 52-bit n",
    { n: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 ** 52 - 1 })) },
    ({ n }) => {
      const exact = -Math.log((n + 0.5) / 2 ** 52)
      const key = Draw.exponentialKey(n)
      assert.isTrue(key > 0)
      assert.isBelow(Math.abs(key - exact), 1e-12 * Math.max(1, exact), `n = ${n}`)
    },
    { arbitrary: { runs: 2000, seed: 1302 } }
  )

  it.each([0, 1, 2, 2 ** 51 - 1, 2 ** 51, 2 ** 52 - 1])("exponentialKey at the edge n = %d", (n) => {
    const exact = -Math.log((n + 0.5) / 2 ** 52)
    assert.isBelow(Math.abs(Draw.exponentialKey(n) - exact), 1e-12 * Math.max(1, exact))
  })

  it("a larger n (a larger u) gives a smaller key, and a larger weight divides it", () => {
    assert.isTrue(Draw.exponentialKey(1000) > Draw.exponentialKey(2000))
    assert.strictEqual(Draw.weightedKey(12345, 4), Draw.exponentialKey(12345) / 4)
    // Weights are clamped: no key is infinite or zero.
    assert.isTrue(Number.isFinite(Draw.weightedKey(12345, 1e-320)))
    assert.isTrue(Draw.weightedKey(2 ** 52 - 1, Number.MAX_VALUE) > 0)
  })

  it('ids compare by code point, as COLLATE "C" orders UTF-8', () => {
    const sorted = ["b", "a", "\uffff", "\u{1F600}", "ab", "A"].sort(Draw.compareIds)
    assert.deepStrictEqual(sorted, ["A", "a", "ab", "b", "\uffff", "\u{1F600}"])
  })
})

// -----------------------------------------------------------------------------
// 2. The listing
// -----------------------------------------------------------------------------

describe("listing", () => {
  it("a cg-draw/1 line is id, hex of the participant's UTF-8, milliseconds, score and weight as IEEE-754 hex", () => {
    const v1 = Draw.listingLines(Draw.ALGORITHM_VERSION_1)
    const line = v1({ id: "ent_1", participantRef: "Zoé\t1", createdAt: T0, score: 2.5, weight: 1 })
    assert.strictEqual(line, `ent_1\t5a6fc3a90931\t${T0}\t4004000000000000\t3ff0000000000000\n`)
    assert.strictEqual(
      v1({ id: "e", participantRef: "p", createdAt: 0, score: null, weight: -0 }),
      "e\t70\t0\t-\t0000000000000000\n"
    )
  })

  it("a cg-draw/2 line numbers the participants in the order they first appear, never naming them", () => {
    const v2 = Draw.listingLines(Draw.ALGORITHM_VERSION)
    assert.strictEqual(
      v2({ id: "e1", participantRef: "zoe@example.com", createdAt: 1, score: null, weight: 1 }),
      "e1\t1\t1\t-\t3ff0000000000000\n"
    )
    assert.strictEqual(
      v2({ id: "e2", participantRef: "al@example.com", createdAt: 2, score: null, weight: 1 }),
      "e2\t2\t2\t-\t3ff0000000000000\n"
    )
    assert.strictEqual(
      v2({ id: "e3", participantRef: "zoe@example.com", createdAt: 3, score: 1, weight: 1 }),
      "e3\t1\t3\t3ff0000000000000\t3ff0000000000000\n"
    )
  })

  it("a cg-draw/2 hash survives renaming the participants one for one, and changes when two are merged", () => {
    const entries = [
      entry("e1", "ann", { createdAt: T0 }),
      entry("e2", "bob", { createdAt: T0 + 1 }),
      entry("e3", "ann", { createdAt: T0 + 2 })
    ]
    const renamed = entries.map((e) => ({ ...e, participantRef: `erased_${e.participantRef}` }))
    const merged = entries.map((e) => ({ ...e, participantRef: "ann" }))
    const hash = Draw.run(entries, rules(), "s").entriesHash
    assert.strictEqual(Draw.run(renamed, rules(), "s").entriesHash, hash)
    assert.notStrictEqual(Draw.run(merged, rules(), "s").entriesHash, hash)
    assert.notStrictEqual(
      Draw.run(renamed, rules(), "s", new Set(), Draw.ALGORITHM_VERSION_1).entriesHash,
      Draw.run(entries, rules(), "s", new Set(), Draw.ALGORITHM_VERSION_1).entriesHash
    )
  })

  it("the hash is SHA-256 of the lines in createdAt, then id, order", () => {
    const entries = [
      entry("ent_b", "p1", { createdAt: T0 + 1 }),
      entry("ent_c", "p2", { createdAt: T0 }),
      entry("ent_a", "p3", { createdAt: T0 + 1 })
    ]
    const ordered = [...entries].sort(Draw.listingOrder)
    assert.deepStrictEqual(
      ordered.map((e) => e.id),
      ["ent_c", "ent_a", "ent_b"]
    )
    for (const version of Draw.ALGORITHM_VERSIONS) {
      const text = ordered.map(Draw.listingLines(version)).join("")
      const result = Draw.run(entries, rules(), "seed", new Set(), version)
      assert.strictEqual(result.entriesHash, createHash("sha256").update(text, "utf8").digest("hex"))
      assert.strictEqual(result.entriesConsidered, 3)
    }
  })

  it("no entries hash as the empty listing", () => {
    assert.strictEqual(
      Draw.run([], rules(), "seed").entriesHash,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    )
  })
})

// -----------------------------------------------------------------------------
// 3. Every algorithm × tie-break × window × eligibility, against the reference
// -----------------------------------------------------------------------------

/** Twelve entries of eight players over three hours: scores with ties, weights, two ineligible. */
const pool: ReadonlyArray<Draw.DrawEntry> = [
  entry("ent_01", "ana", { score: 90, weight: 1, createdAt: T0 + 10 * MINUTE }),
  entry("ent_02", "ben", { score: 95, weight: 2, createdAt: T0 + 20 * MINUTE }),
  entry("ent_03", "ana", { score: 95, weight: 1, createdAt: T0 + 30 * MINUTE }),
  entry("ent_04", "cleo", { score: 95, weight: 4, createdAt: T0 + 40 * MINUTE }),
  entry("ent_05", "dev", { score: null, weight: 1, createdAt: T0 + 50 * MINUTE }),
  entry("ent_06", "eli", { score: 100, weight: 0.5, createdAt: T0 + 60 * MINUTE, eligible: false }),
  entry("ent_07", "fay", { score: 70, weight: 3, createdAt: T0 + 70 * MINUTE }),
  entry("ent_08", "gus", { score: 80, weight: 0, createdAt: T0 + 80 * MINUTE }),
  entry("ent_09", "hal", { score: 99, weight: 1, createdAt: T0 + 90 * MINUTE }),
  entry("ent_10", "ben", { score: 60, weight: 1, createdAt: T0 + 100 * MINUTE }),
  entry("ent_11", "cleo", { score: 100, weight: 1, createdAt: T0 + 110 * MINUTE, eligible: false }),
  entry("ent_12", "hal", { score: 85, weight: 2, createdAt: T0 + 120 * MINUTE })
]

const windows: ReadonlyArray<readonly [string, Partial<Draw.Rules>]> = [
  ["no window", {}],
  ["from 00:40", { windowStart: T0 + 40 * MINUTE }],
  ["before 01:30", { windowEnd: T0 + 90 * MINUTE }],
  ["00:20 to 01:40", { windowStart: T0 + 20 * MINUTE, windowEnd: T0 + 100 * MINUTE }],
  ["written before 01:10", { entriesBefore: T0 + 70 * MINUTE }]
]

const orders: ReadonlyArray<readonly [string, Partial<Draw.Rules>]> = [
  ["random_uniform", { algorithm: "random_uniform" }],
  ["random_weighted", { algorithm: "random_weighted" }],
  ["score_highest, earliest_entry", { algorithm: "score_highest", tieBreak: "earliest_entry" }],
  ["score_highest, random", { algorithm: "score_highest", tieBreak: "random" }],
  ["winning_moment", { algorithm: "winning_moment", maxWinners: 1 }]
]

const eligibility: ReadonlyArray<readonly [string, ReadonlySet<string>]> = [
  ["nobody excluded", new Set()],
  ["ben and hal excluded (earlier winners)", new Set(["ben", "hal"])]
]

describe("winners against the reference", () => {
  const cases = orders.flatMap(([order, o]) =>
    windows.flatMap(([window, w]) =>
      eligibility.flatMap(([excludedName, excluded]) =>
        [1, 3, 8].map((maxWinners) => ({
          name: `${order} × ${window} × ${excludedName} × maxWinners ${o.maxWinners ?? maxWinners}`,
          rules: rules({ ...o, ...w, maxWinners: o.maxWinners ?? maxWinners }),
          excluded
        }))
      )
    )
  )

  it.each(cases)("$name", ({ rules: r, excluded }) => {
    for (const seed of ["seed-1", "a much longer seed with spaces and é", "3"]) {
      const result = Draw.run(pool, r, seed, excluded)
      const expected = reference(pool, r, seed, new Set(excluded))
      assert.deepStrictEqual(ids(result), expected.winners, `seed ${seed}`)
      assert.strictEqual(result.entriesConsidered, expected.considered)
    }
  })
})

describe("score_highest, written out", () => {
  it("earliest_entry: each player's best entry by score, ties to the earliest; unscored and ineligible never", () => {
    // Eligible and scored: ana 95 (00:30), ben 95 (00:20), cleo 95 (00:40), hal 99, … eli's 100 is ineligible.
    const result = Draw.run(pool, rules({ algorithm: "score_highest", maxWinners: 8 }), "any seed")
    assert.deepStrictEqual(ids(result), ["ent_09", "ent_02", "ent_03", "ent_04", "ent_08", "ent_07"])
  })

  it("random: the tie at 95 goes by the digest of each entry, the same for the same seed", () => {
    const tied = ["ent_02", "ent_03", "ent_04"]
    for (const seed of ["s1", "s2", "s3", "s4"]) {
      const result = ids(Draw.run(pool, rules({ algorithm: "score_highest", tieBreak: "random", maxWinners: 4 }), seed))
      assert.strictEqual(result[0], "ent_09")
      const byDigest = [...tied].sort((a, b) => Buffer.compare(nodeDigest(seed, a), nodeDigest(seed, b)))
      assert.deepStrictEqual(result.slice(1), byDigest)
    }
  })

  it("a player with many top entries counts once, and the draw looks past them", () => {
    const crowd = [
      ...Array.from({ length: 300 }, (_, i) => entry(`ent_top_${i}`, "whale", { score: 1000, createdAt: T0 + i })),
      entry("ent_second", "minnow", { score: 1 })
    ]
    assert.deepStrictEqual(ids(Draw.run(crowd, rules({ algorithm: "score_highest", maxWinners: 2 }), "s")), [
      "ent_top_0",
      "ent_second"
    ])
  })
})

// -----------------------------------------------------------------------------
// 4. Properties
// -----------------------------------------------------------------------------

const GeneratedEntry = Schema.Struct({
  player: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })),
  score: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: -5, maximum: 5 }))),
  weight: Schema.Literals([0, 0.25, 1, 2, 10]),
  minute: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  eligible: Schema.Boolean
})

const Algorithm = Schema.Literals(["random_uniform", "random_weighted", "score_highest", "winning_moment"])

describe("properties of every draw", () => {
  it.prop(
    "winners are distinct players, considered, able to win, not excluded, at most maxWinners, as many as can be; the same for the same seed in any order of entries",
    {
      generated: Schema.Array(GeneratedEntry).check(Schema.isMaxLength(60)),
      algorithm: Algorithm,
      tieBreak: Schema.Literals(["earliest_entry", "random"]),
      maxWinners: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 15 })),
      from: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 60 }))),
      length: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 60 }))),
      seed: Schema.String,
      excludedPlayer: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })))
    },
    ({ generated, algorithm, tieBreak, maxWinners, from, length, seed, excludedPlayer }) => {
      const entries = generated.map((g, i) =>
        entry(`ent_${String(i).padStart(3, "0")}`, `player ${g.player}`, {
          score: g.score,
          weight: g.weight,
          createdAt: T0 + g.minute * MINUTE,
          eligible: g.eligible
        })
      )
      const r = rules({
        algorithm,
        tieBreak,
        maxWinners,
        windowStart: from === null ? null : T0 + from * MINUTE,
        windowEnd: from === null || length === null ? null : T0 + (from + length) * MINUTE
      })
      const excluded = new Set(excludedPlayer === null ? [] : [`player ${excludedPlayer}`])
      const result = Draw.run(entries, r, seed, excluded)
      const players = result.winners.map((e) => e.participantRef)
      assert.strictEqual(new Set(players).size, players.length, "distinct players")
      assert.isAtMost(result.winners.length, maxWinners)
      for (const w of result.winners) {
        assert.isTrue(Draw.considers(r, w), "considered: eligible and in the window")
        assert.isTrue(Draw.canWin(algorithm, w), "able to win")
        assert.isFalse(excluded.has(w.participantRef), "not excluded")
      }
      const able = new Set(
        entries
          .filter((e) => Draw.considers(r, e) && Draw.canWin(algorithm, e) && !excluded.has(e.participantRef))
          .map((e) => e.participantRef)
      )
      assert.strictEqual(result.winners.length, Math.min(maxWinners, able.size), "as many as can be")
      const again = Draw.run([...entries].reverse(), r, seed, excluded)
      assert.deepStrictEqual(ids(again), ids(result), "the same for the same seed, in any order")
      assert.strictEqual(again.entriesHash, result.entriesHash)
    },
    { arbitrary: { runs: 400, seed: 1303 } }
  )
})

// -----------------------------------------------------------------------------
// 5. Chances, over many seeds
// -----------------------------------------------------------------------------

/** Pearson's chi-squared statistic of observed counts against expected counts. */
const chiSquared = (observed: ReadonlyArray<number>, expected: ReadonlyArray<number>): number =>
  observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0)

/** The 99.9th percentile of chi-squared with `df` degrees of freedom (tables). */
const CRITICAL: Record<number, number> = { 3: 16.266, 4: 18.467, 9: 27.877 }

const SEEDS = 6000

describe("chances over many seeds", () => {
  it("random_uniform: each of ten entries wins first place equally often", () => {
    const entries = Array.from({ length: 10 }, (_, i) => entry(`ent_${i}`, `player ${i}`))
    const counts = new Array<number>(10).fill(0)
    for (let s = 0; s < SEEDS; s++)
      counts[Number(Draw.run(entries, rules({ maxWinners: 1 }), `seed ${s}`).winners[0]!.id.slice(4))]!++
    const chi = chiSquared(counts, new Array(10).fill(SEEDS / 10))
    assert.isBelow(chi, CRITICAL[9]!, `counts ${counts.join(", ")}`)
  })

  it("random_uniform: a player with three entries of six wins half the time", () => {
    const entries = [
      entry("ent_a1", "a"),
      entry("ent_a2", "a"),
      entry("ent_a3", "a"),
      entry("ent_b", "b"),
      entry("ent_c", "c"),
      entry("ent_d", "d")
    ]
    const counts = { a: 0, b: 0, c: 0, d: 0 }
    for (let s = 0; s < SEEDS; s++) {
      counts[Draw.run(entries, rules({ maxWinners: 1 }), `seed ${s}`).winners[0]!.participantRef as "a"]++
    }
    const chi = chiSquared(Object.values(counts), [SEEDS / 2, SEEDS / 6, SEEDS / 6, SEEDS / 6])
    assert.isBelow(chi, CRITICAL[3]!, JSON.stringify(counts))
  })

  it("random_weighted: first place follows the weights 1, 2, 3, 4", () => {
    const entries = [1, 2, 3, 4].map((w) => entry(`ent_${w}`, `player ${w}`, { weight: w }))
    const counts = [0, 0, 0, 0]
    for (let s = 0; s < SEEDS; s++) {
      counts[
        Number(
          Draw.run(entries, rules({ algorithm: "random_weighted", maxWinners: 1 }), `seed ${s}`).winners[0]!.id.slice(4)
        ) - 1
      ]!++
    }
    const chi = chiSquared(
      counts,
      [0.1, 0.2, 0.3, 0.4].map((p) => p * SEEDS)
    )
    assert.isBelow(chi, CRITICAL[3]!, `counts ${counts.join(", ")}`)
  })

  it("random_weighted: without replacement, second place follows the remaining weights", () => {
    // Weights 1, 2, 3, 4: P(second = i) = Σ_{j≠i} p_j · w_i / (10 − w_j).
    const weights = [1, 2, 3, 4]
    const expected = weights.map((wi, i) =>
      weights.reduce((sum, wj, j) => (j === i ? sum : sum + (wj / 10) * (wi / (10 - wj))), 0)
    )
    const entries = weights.map((w) => entry(`ent_${w}`, `player ${w}`, { weight: w }))
    const counts = [0, 0, 0, 0]
    for (let s = 0; s < SEEDS; s++) {
      const winners = Draw.run(entries, rules({ algorithm: "random_weighted", maxWinners: 2 }), `seed ${s}`).winners
      counts[Number(winners[1]!.id.slice(4)) - 1]!++
    }
    const chi = chiSquared(
      counts,
      expected.map((p) => p * SEEDS)
    )
    assert.isBelow(chi, CRITICAL[3]!, `counts ${counts.join(", ")}`)
  })

  it("score_highest with random ties: each of five tied players wins equally often", () => {
    const entries = Array.from({ length: 5 }, (_, i) => entry(`ent_${i}`, `player ${i}`, { score: 7 }))
    const counts = new Array<number>(5).fill(0)
    for (let s = 0; s < SEEDS; s++) {
      const winner = Draw.run(
        entries,
        rules({ algorithm: "score_highest", tieBreak: "random", maxWinners: 1 }),
        `seed ${s}`
      ).winners[0]!
      counts[Number(winner.id.slice(4))]!++
    }
    assert.isBelow(chiSquared(counts, new Array(5).fill(SEEDS / 5)), CRITICAL[4]!, `counts ${counts.join(", ")}`)
  })
})
