/**
 * Seed chains and winning moments as a specification: a commitment published before any draw is
 * opened by each automatic run's seed, and only by it; the moments of an after-each-play campaign
 * fall one per slot of its prize window, placed by each run's seed.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as SeedChain from "../../src/draws/SeedChain.ts"
import * as WinningMoments from "../../src/draws/WinningMoments.ts"

const H = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

describe("SeedChain", () => {
  const secret = "mysecretfromthecampaign"

  it("the commitment is SHA-256 applied LENGTH times to the secret; position p's seed LENGTH − p times", () => {
    let link = secret
    const links = [link]
    for (let i = 0; i < SeedChain.LENGTH; i++) links.push((link = H(link)))
    assert.strictEqual(SeedChain.commitment(secret), links[SeedChain.LENGTH])
    assert.strictEqual(SeedChain.seedAt(secret, 1), links[SeedChain.LENGTH - 1])
    assert.strictEqual(SeedChain.seedAt(secret, 5), links[SeedChain.LENGTH - 5])
  })

  it("each run's seed hashes to the previous run's seed, and the first to the commitment", () => {
    const published = SeedChain.commitment(secret)
    const first = SeedChain.seedAt(secret, 1)!
    const second = SeedChain.seedAt(secret, 2)!
    assert.strictEqual(H(first), published)
    assert.strictEqual(H(second), first)
    assert.isTrue(SeedChain.opens(second, 2, published))
    assert.isTrue(SeedChain.opens(first, 1, published))
  })

  it("a seed opens the commitment only at its own position, and no other seed opens it", () => {
    const published = SeedChain.commitment(secret)
    const third = SeedChain.seedAt(secret, 3)!
    assert.isFalse(SeedChain.opens(third, 2, published))
    assert.isFalse(SeedChain.opens(third, 4, published))
    assert.isFalse(SeedChain.opens(SeedChain.seedAt("another secret", 3)!, 3, published))
  })

  it("positions run from 1 to LENGTH − 1", () => {
    assert.isUndefined(SeedChain.seedAt(secret, 0))
    assert.isUndefined(SeedChain.seedAt(secret, SeedChain.LENGTH))
    assert.isUndefined(SeedChain.seedAt(secret, 1.5))
    assert.isString(SeedChain.seedAt(secret, SeedChain.LENGTH - 1))
    assert.isFalse(SeedChain.opens(secret, SeedChain.LENGTH, SeedChain.commitment(secret)))
  })
})

describe("WinningMoments", () => {
  const HOUR = 3_600_000
  const start = Date.UTC(2026, 5, 1)
  const window = { start, end: start + 10 * HOUR }

  it("the prize window: windowStart, else liveFrom, else activation; windowEnd, else liveUntil", () => {
    const none = { windowStart: null, windowEnd: null, liveFrom: null, liveUntil: null, activatedAt: null }
    assert.isUndefined(WinningMoments.windowOf(none))
    assert.isUndefined(WinningMoments.windowOf({ ...none, activatedAt: 1 }), "no end")
    assert.deepStrictEqual(WinningMoments.windowOf({ ...none, activatedAt: 1, liveUntil: 9 }), { start: 1, end: 9 })
    assert.deepStrictEqual(WinningMoments.windowOf({ ...none, activatedAt: 1, liveFrom: 2, liveUntil: 9 }), {
      start: 2,
      end: 9
    })
    assert.deepStrictEqual(
      WinningMoments.windowOf({ windowStart: 3, windowEnd: 8, liveFrom: 2, liveUntil: 9, activatedAt: 1 }),
      { start: 3, end: 8 }
    )
    assert.isUndefined(WinningMoments.windowOf({ ...none, windowStart: 5, windowEnd: 5 }), "empty")
  })

  it("moment k of n lies in slot k, at the slot's start plus the seed's 48 bits modulo its length", () => {
    const moment = WinningMoments.momentAt("seed", 3, 10, window)
    assert.strictEqual(moment.slotStart, start + 2 * HOUR)
    assert.strictEqual(moment.slotEnd, start + 3 * HOUR)
    const bits = Number.parseInt(H("seed:moment:3").slice(0, 12), 16)
    assert.strictEqual(moment.at, start + 2 * HOUR + (bits % HOUR))
  })

  it.prop(
    "for any seeds, moment k lies in slot k, slot k ends where slot k + 1 starts, and the last ends with the window",
    {
      count: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 })),
      pick: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 999 })),
      span: Schema.Int.check(Schema.isBetween({ minimum: 1000, maximum: 100 * 86_400_000 })),
      seed: Schema.String
    },
    ({ count, pick, span, seed }) => {
      const w = { start, end: start + span }
      const k = (pick % count) + 1
      const m = WinningMoments.momentAt(seed, k, count, w)
      assert.strictEqual(m.slotStart, w.start + Math.floor(((k - 1) * span) / count))
      assert.isAtLeast(m.at, m.slotStart)
      assert.isBelow(m.at, m.slotEnd)
      assert.isBelow(m.at, w.end)
      if (k < count) assert.strictEqual(WinningMoments.momentAt(seed, k + 1, count, w).slotStart, m.slotEnd)
      else assert.strictEqual(m.slotEnd, w.end)
    },
    { arbitrary: { runs: 300, seed: 1304 } }
  )

  it("a moment is due once it has passed, until all are paid", () => {
    const first = WinningMoments.momentAt("s", 1, 10, window)
    assert.isUndefined(WinningMoments.due("s", 0, 10, window, first.at - 1))
    assert.deepStrictEqual(WinningMoments.due("s", 0, 10, window, first.at), first)
    assert.isUndefined(WinningMoments.due("s", 10, 10, window, window.end + HOUR), "all paid")
  })

  it("over many campaigns the moments spread evenly over each slot (early and late alike)", () => {
    // Where moment 1 of 4 falls within its slot, in tenths, over 5000 seeds: uniform.
    const counts = new Array<number>(10).fill(0)
    for (let s = 0; s < 5000; s++) {
      const m = WinningMoments.momentAt(`seed ${s}`, 1, 4, window)
      counts[Math.floor(((m.at - m.slotStart) / (m.slotEnd - m.slotStart)) * 10)]!++
    }
    const chi = counts.reduce((sum, o) => sum + (o - 500) ** 2 / 500, 0)
    assert.isBelow(chi, 27.877, counts.join(", "))
  })
})
