/**
 * The reward's rules as a specification: given the stored reward and each prize's counts, when a
 * body is set, then the reward stored or the typed failure (`Reward.decide`); given a reward and a
 * result, the prizes it earns (`Reward.prizesFor`); and the page's bounds and filtering
 * (`RewardPage`), the codes' alphabet and mask (`Coupon`). Pure functions, no store.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Result, Schema } from "effect"
import type { InvalidFields, RewardsError } from "../../src/Errors.ts"
import * as Games from "../../src/games/Games.ts"
import * as Coupon from "../../src/rewards/Coupon.ts"
import * as Reward from "../../src/rewards/Reward.ts"
import * as RewardPage from "../../src/rewards/RewardPage.ts"
import { Secrets } from "../../src/Secrets.ts"

const NOW = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
const wheel = Games.bySlug("spin-the-wheel")!
const quiz = Games.bySlug("quiz")!
const wheelConfig = {
  segments: [
    { id: "gold", label: "Gold", isWin: true },
    { id: "silver", label: "Silver", isWin: true },
    { id: "miss", label: "Miss", isWin: false }
  ]
}

const tier = (fields: Partial<Reward.TierInput> = {}): Reward.TierInput => ({
  match: { when: "everyone" },
  display: { title: "10% off" },
  codeStrategy: "pool",
  ...fields
})

const context = (fields: Partial<Reward.SetContext> = {}): Reward.SetContext => ({
  campaignId: "gi_1",
  accountId: "acc_1",
  game: wheel,
  config: wheelConfig,
  current: null,
  stock: new Map(),
  newIds: ["tier_a", "tier_b", "tier_c", "tier_d", "tier_e", "tier_f", "tier_g", "tier_h"],
  now: NOW,
  ...fields
})

/** A stored reward of the given tiers (ids `t1`, `t2`, … unless set), at revision 3. */
const stored = (tiers: ReadonlyArray<Partial<Reward.Tier>>): Reward.Reward => ({
  campaignId: "gi_1",
  accountId: "acc_1",
  revision: 3,
  tiers: tiers.map((t, i) => ({
    id: `t${i + 1}`,
    match: { when: "everyone" },
    display: { title: `Prize ${i + 1}` },
    codeStrategy: "pool",
    ...t
  })),
  grantOncePerParticipant: true,
  validForSeconds: null,
  page: null,
  createdAt: DateTime.makeUnsafe("2026-02-01T00:00:00.000Z"),
  updatedAt: DateTime.makeUnsafe("2026-02-01T00:00:00.000Z")
})

const decided = (input: Reward.SetReward, ctx: Reward.SetContext = context()) => Reward.decide(input, ctx)

/** The paths of a refused decision's details (fields at fault). */
const pathsOf = (result: Result.Result<unknown, InvalidFields | RewardsError>): ReadonlyArray<string> => {
  assert.isTrue(Result.isFailure(result), "refused")
  const failure = (result as Result.Failure<unknown, InvalidFields | RewardsError>).failure
  assert.strictEqual(failure._tag, "InvalidFields")
  return (failure.details ?? []).map((d) => d.path)
}

/** The reason of a refused decision that is the rewards' own. */
const conflictOf = (result: Result.Result<unknown, InvalidFields | RewardsError>) => {
  assert.isTrue(Result.isFailure(result), "refused")
  const failure = (result as Result.Failure<unknown, InvalidFields | RewardsError>).failure
  assert.strictEqual(failure._tag, "RewardsError")
  return (failure as RewardsError).reason
}

describe("Setting a reward", () => {
  it("a first reward: new prizes get fresh ids, defaults are once per participant and no expiry", () => {
    const result = decided({ tiers: [tier(), tier({ codeStrategy: "generated" })] })
    assert.isTrue(Result.isSuccess(result))
    const reward = Result.getOrThrow(result)!
    assert.deepStrictEqual(
      reward.tiers.map((t) => [t.id, t.codeStrategy]),
      [
        ["tier_a", "pool"],
        ["tier_b", "generated"]
      ]
    )
    assert.strictEqual(reward.revision, 1)
    assert.isTrue(reward.grantOncePerParticipant)
    assert.isNull(reward.validForSeconds)
    assert.isNull(reward.page)
    assert.deepStrictEqual(reward.createdAt, NOW)
  })

  it("a prize sent back with its id keeps it; the read-only counts are ignored; the revision grows", () => {
    const current = stored([{}, { codeStrategy: "shared" }])
    const result = decided(
      {
        tiers: [
          tier({ id: "t2", codeStrategy: "shared", coupons: 4, couponsRemaining: null, granted: 9 }),
          tier({ id: "t1", display: { title: "Renamed" } })
        ],
        grantOncePerParticipant: false,
        validForSeconds: 86_400
      },
      context({ current })
    )
    const reward = Result.getOrThrow(result)!
    assert.deepStrictEqual(
      reward.tiers.map((t) => [t.id, t.display.title]),
      [
        ["t2", "10% off"],
        ["t1", "Renamed"]
      ]
    )
    assert.strictEqual(reward.revision, 4)
    assert.isFalse(reward.grantOncePerParticipant)
    assert.strictEqual(reward.validForSeconds, 86_400)
    assert.deepStrictEqual(reward.createdAt, current.createdAt, "created once")
    assert.isFalse("coupons" in reward.tiers[0]!, "the counts are not stored")
  })

  it("an id that is not a prize of the campaign, or sent twice, is a 400 at its path", () => {
    const current = stored([{}])
    assert.deepStrictEqual(pathsOf(decided({ tiers: [tier({ id: "nope" })] }, context({ current }))), ["tiers.0.id"])
    assert.deepStrictEqual(
      pathsOf(decided({ tiers: [tier({ id: "t1" }), tier({ id: "t1" })] }, context({ current }))),
      ["tiers.1.id"]
    )
  })

  it("a match that could never be met is a 400 naming it (rule 4)", () => {
    assert.deepStrictEqual(
      pathsOf(decided({ tiers: [tier({ match: { when: "won" } })] }, context({ game: quiz, config: {} }))),
      ["tiers.0.match.when"]
    )
    assert.deepStrictEqual(
      pathsOf(
        decided(
          { tiers: [tier({ match: { when: "outcome", segmentIds: ["gold"] } })] },
          context({ game: quiz, config: {} })
        )
      ),
      ["tiers.0.match.when"]
    )
    assert.deepStrictEqual(
      pathsOf(
        decided({ tiers: [tier(), tier({ match: { when: "outcome", segmentIds: ["gold", "bronze", "gold"] } })] })
      ),
      ["tiers.1.match.segmentIds.1", "tiers.1.match.segmentIds.2"]
    )
    assert.deepStrictEqual(pathsOf(decided({ tiers: [tier({ match: { when: "outcome" } })] })), [
      "tiers.0.match.segmentIds"
    ])
    assert.deepStrictEqual(pathsOf(decided({ tiers: [tier({ match: { when: "everyone", segmentIds: ["gold"] } })] })), [
      "tiers.0.match.segmentIds"
    ])
    // The wheel with no segments yet: no segment can be named.
    assert.deepStrictEqual(
      pathsOf(
        decided({ tiers: [tier({ match: { when: "outcome", segmentIds: ["gold"] } })] }, context({ config: {} }))
      ),
      ["tiers.0.match.segmentIds.0"]
    )
  })

  it("won, an outcome and drawn are met on the wheel; everyone and drawn on any game", () => {
    assert.isTrue(
      Result.isSuccess(
        decided({
          tiers: [
            tier({ match: { when: "outcome", segmentIds: ["gold", "silver"] } }),
            tier({ match: { when: "won" } }),
            tier({ match: { when: "drawn" } })
          ]
        })
      )
    )
    assert.isTrue(
      Result.isSuccess(
        decided({ tiers: [tier({ match: { when: "drawn" } }), tier()] }, context({ game: quiz, config: {} }))
      )
    )
  })

  it("a prize left out is removed, refused while it holds codes that can still be given (rule 2)", () => {
    const current = stored([{}, {}, { codeStrategy: "generated" }])
    const stock = new Map<string, Reward.Stock>([
      ["t1", { coupons: 5, remaining: 2, granted: 3 }],
      ["t2", { coupons: 5, remaining: 0, granted: 5 }],
      ["t3", { coupons: 7, remaining: 0, granted: 7 }]
    ])
    const reason = conflictOf(decided({ tiers: [tier({ id: "t2" })] }, context({ current, stock })))
    assert.strictEqual(reason._tag, "PrizeHoldsCodes")
    assert.deepStrictEqual(reason, reason._tag === "PrizeHoldsCodes" ? reason : reason)
    if (reason._tag === "PrizeHoldsCodes") assert.deepStrictEqual([reason.tierId, reason.remaining], ["t1", 2])
    // Used up (t2) and generated (t3) prizes go.
    const kept = Result.getOrThrow(decided({ tiers: [tier({ id: "t1" })] }, context({ current, stock })))!
    assert.deepStrictEqual(
      kept.tiers.map((t) => t.id),
      ["t1"]
    )
    // A code with no issue limit is held for good (until withdrawn).
    const unlimited = new Map([["t1", { coupons: 1, remaining: null, granted: 40 }]])
    assert.strictEqual(
      conflictOf(decided(null, context({ current: stored([{}]), stock: unlimited })))._tag,
      "PrizeHoldsCodes"
    )
  })

  it("removing the reward (null) is refused the same way, and allowed once nothing is held", () => {
    const current = stored([{}])
    assert.strictEqual(
      conflictOf(
        decided(null, context({ current, stock: new Map([["t1", { coupons: 1, remaining: 1, granted: 0 }]]) }))
      )._tag,
      "PrizeHoldsCodes"
    )
    assert.isNull(Result.getOrThrow(decided(null, context({ current }))))
  })

  it("a prize's codeStrategy cannot change once it gave coupons, nor while it holds codes (rule 3)", () => {
    const current = stored([{}, { codeStrategy: "shared" }, { codeStrategy: "generated" }])
    const stock = new Map<string, Reward.Stock>([
      ["t1", { coupons: 3, remaining: 1, granted: 2 }],
      ["t2", { coupons: 1, remaining: null, granted: 0 }]
    ])
    const all = (t1: Reward.CodeStrategy, t2: Reward.CodeStrategy, t3: Reward.CodeStrategy) => ({
      tiers: [
        tier({ id: "t1", codeStrategy: t1 }),
        tier({ id: "t2", codeStrategy: t2 }),
        tier({ id: "t3", codeStrategy: t3 })
      ]
    })
    const granted = conflictOf(decided(all("generated", "shared", "generated"), context({ current, stock })))
    assert.deepStrictEqual(granted._tag === "StrategyLocked" ? [granted.tierId, granted.index, granted.because] : [], [
      "t1",
      0,
      "granted"
    ])
    const held = conflictOf(decided(all("pool", "pool", "generated"), context({ current, stock })))
    assert.deepStrictEqual(held._tag === "StrategyLocked" ? [held.tierId, held.index, held.because] : [], [
      "t2",
      1,
      "holdsCodes"
    ])
    // A prize that never gave nor held a code may change.
    const free = Result.getOrThrow(decided(all("pool", "shared", "pool"), context({ current, stock })))!
    assert.strictEqual(free.tiers[2]!.codeStrategy, "pool")
  })

  it("every 400 of a body at once, before any conflict", () => {
    const current = stored([{}])
    const stock = new Map([["t1", { coupons: 1, remaining: 1, granted: 0 }]])
    const result = decided(
      {
        tiers: [tier({ match: { when: "outcome", segmentIds: ["x"] } })],
        page: { blocks: [{ id: "p", type: "heading" }] }
      },
      context({ current, stock })
    )
    assert.deepStrictEqual(pathsOf(result), ["tiers.0.match.segmentIds.0", "page.blocks.0.text"])
  })
})

describe("The body's schema", () => {
  const decode = Schema.decodeUnknownResult(Reward.SetReward)
  const fails = (body: unknown) => Result.isFailure(decode(body, { onExcessProperty: "error" }))
  it("bounds: 1 to 8 tiers, titles, validForSeconds, termsUrl", () => {
    assert.isFalse(fails({ tiers: [tier()] }))
    assert.isFalse(fails(null))
    assert.isTrue(fails({ tiers: [] }))
    assert.isTrue(fails({ tiers: Array.from({ length: 9 }, () => tier()) }))
    assert.isFalse(fails({ tiers: Array.from({ length: 8 }, () => tier()) }))
    assert.isTrue(fails({ tiers: [tier({ display: { title: "" } })] }))
    assert.isTrue(fails({ tiers: [tier({ display: { title: "x".repeat(121) } })] }))
    assert.isTrue(fails({ tiers: [tier({ display: { title: "x", description: "d".repeat(601) } })] }))
    assert.isTrue(fails({ tiers: [tier({ display: { title: "x", termsUrl: "http://shop.example.com/terms" } })] }))
    assert.isFalse(fails({ tiers: [tier({ display: { title: "x", termsUrl: "https://shop.example.com/terms" } })] }))
    assert.isTrue(fails({ tiers: [tier()], validForSeconds: 0 }))
    assert.isTrue(fails({ tiers: [tier()], validForSeconds: 31_536_001 }))
    assert.isFalse(fails({ tiers: [tier()], validForSeconds: 31_536_000 }))
    assert.isFalse(fails({ tiers: [tier()], validForSeconds: null }))
    assert.isTrue(fails({ tiers: [tier({ codeStrategy: "other" as never })] }))
    assert.isTrue(fails({ tiers: [tier({ match: { when: "lost" as never } })] }))
    assert.isTrue(fails({ tiers: [tier({ id: "x".repeat(65) })] }))
    assert.isTrue(fails({ tiers: [{ ...tier(), extra: 1 }] }), "an unknown field")
  })
})

describe("The prizes a result earns", () => {
  const reward = stored([
    { match: { when: "outcome", segmentIds: ["gold"] } },
    { match: { when: "won" }, codeStrategy: "shared" },
    { match: { when: "drawn" } },
    { match: { when: "everyone" }, codeStrategy: "generated" },
    { match: { when: "everyone" } }
  ])
  const ids = (result: Reward.PlayResult) => Reward.prizesFor(reward, result).map((t) => t.id)
  const gold = { id: "gold", label: "Gold", isWin: true }
  const silver = { id: "silver", label: "Silver", isWin: true }
  const miss = { id: "miss", label: "Miss", isWin: false }

  it("every prize met, in priority order, up to the first generated one", () => {
    assert.deepStrictEqual(ids({ outcome: gold, drawn: false }), ["t1", "t2", "t4"])
    assert.deepStrictEqual(ids({ outcome: silver, drawn: false }), ["t2", "t4"])
    assert.deepStrictEqual(ids({ outcome: miss, drawn: false }), ["t4"])
    assert.deepStrictEqual(ids({ outcome: null, drawn: false }), ["t4"])
    assert.deepStrictEqual(ids({ outcome: null, drawn: true }), ["t3", "t4"])
    assert.deepStrictEqual(ids({ outcome: gold, drawn: true }), ["t1", "t2", "t3", "t4"])
  })

  it("none when no prize is met", () => {
    assert.deepStrictEqual(Reward.prizesFor(stored([{ match: { when: "won" } }]), { outcome: miss, drawn: false }), [])
  })

  it("expiresAt is the grant time plus validForSeconds, or null", () => {
    assert.isNull(Reward.expiresAt({ validForSeconds: null }, NOW))
    assert.deepStrictEqual(
      Reward.expiresAt({ validForSeconds: 90 }, NOW),
      DateTime.makeUnsafe("2026-03-01T12:01:30.000Z")
    )
  })
})

describe("The reward page", () => {
  const block = (fields: Partial<RewardPage.Block> & Pick<RewardPage.Block, "type">, i = 0): RewardPage.Block => ({
    id: `b${i}`,
    ...fields
  })
  const pathsOfPage = (blocks: ReadonlyArray<RewardPage.Block>) => RewardPage.check({ blocks }).map((d) => d.path)
  const lottie = (i: number) => block({ type: "lottie", url: `https://cdn.example.com/a${i}.json` }, i)
  const image = (i: number) => block({ type: "image", url: `https://cdn.example.com/i${i}.png` }, i)

  it("fields of another type of block, and missing ones, are refused by path", () => {
    assert.deepStrictEqual(
      pathsOfPage([
        block({ type: "heading", text: "Hi", prefix: "You got" }, 0),
        block({ type: "coupon", caption: "Your code", show: "both", copyable: false }, 1),
        block({ type: "outcome", prefix: "You landed on", caption: "x" }, 2),
        block({ type: "image" }, 3),
        block({ type: "text" }, 4),
        block({ type: "divider", url: "https://x.example.com/a.png" }, 5),
        block({ type: "text", text: "a", posterUrl: "https://x.example.com/p.png" }, 6),
        block({ type: "spacer", size: "lg" }, 7)
      ]),
      [
        "page.blocks.0.prefix",
        "page.blocks.2.caption",
        "page.blocks.3.url",
        "page.blocks.4.text",
        "page.blocks.5.url",
        "page.blocks.6.posterUrl"
      ]
    )
  })

  it("the fields the specification ties to no type are taken on any block", () => {
    assert.deepStrictEqual(
      pathsOfPage([
        block({ type: "video", url: "https://x.example.com/v.mp4", alt: "A short film", speed: 1.5 }, 0),
        block({ type: "image", url: "https://x.example.com/a.png", size: "lg" }, 1),
        block({ type: "divider", align: "start", size: "sm" }, 2),
        block({ type: "coupon", text: "Your code", caption: "Copy it" }, 3),
        block({ type: "outcome", text: "You landed on", prefix: "On" }, 4)
      ]),
      []
    )
  })

  it("block ids are unique", () => {
    assert.deepStrictEqual(pathsOfPage([block({ type: "divider" }, 1), block({ type: "spacer" }, 1)]), [
      "page.blocks.1.id"
    ])
  })

  it("at most 8 images, videos and animations, 1 video, 2 animations", () => {
    assert.deepStrictEqual(pathsOfPage(Array.from({ length: 8 }, (_, i) => image(i))), [])
    assert.deepStrictEqual(pathsOfPage(Array.from({ length: 9 }, (_, i) => image(i))), ["page.blocks"])
    const logos = [
      ...Array.from({ length: 8 }, (_, i) => image(i)),
      block({ type: "logo", url: "https://x.example.com/l.png" }, 9)
    ]
    assert.deepStrictEqual(pathsOfPage(logos), ["page.blocks"], "a logo with an address is an image")
    assert.deepStrictEqual(
      pathsOfPage([...Array.from({ length: 8 }, (_, i) => image(i)), block({ type: "logo" }, 9)]),
      []
    )
    const video = (i: number) => block({ type: "video", url: `https://cdn.example.com/v${i}.mp4` }, i)
    assert.deepStrictEqual(pathsOfPage([video(0)]), [])
    assert.deepStrictEqual(pathsOfPage([video(0), video(1)]), ["page.blocks"])
    assert.deepStrictEqual(pathsOfPage([lottie(0), lottie(1)]), [])
    assert.deepStrictEqual(pathsOfPage([lottie(0), lottie(1), lottie(2)]), ["page.blocks"])
  })

  it("at most 2000 characters of text in all, and 16 KB", () => {
    const texts = (n: number, length: number) =>
      Array.from({ length: n }, (_, i) => block({ type: "text", text: "x".repeat(length) }, i))
    assert.deepStrictEqual(pathsOfPage([...texts(3, 600), block({ type: "heading", text: "y".repeat(200) }, 9)]), [])
    assert.deepStrictEqual(pathsOfPage([...texts(3, 600), block({ type: "heading", text: "y".repeat(201) }, 9)]), [
      "page.blocks"
    ])
    assert.deepStrictEqual(
      pathsOfPage([
        ...texts(3, 600),
        block({ type: "coupon", caption: "c".repeat(120) }, 8),
        block({ type: "image", url: "https://x.example.com/a.png", alt: "a".repeat(81) }, 9)
      ]),
      ["page.blocks"],
      "captions and alts count"
    )
    // 20 images with 2048-character addresses (well within the text bound) pass 16 KB.
    const long = (i: number) =>
      block({ type: "logo", url: `https://cdn.example.com/${String(i).padStart(2, "0")}${"a".repeat(2010)}.png` }, i)
    const paths = pathsOfPage(Array.from({ length: 8 }, (_, i) => long(i)))
    assert.deepStrictEqual(paths, ["page"])
  })

  it("files: images and logos are images, posters images, videos videos, animations from the media library", () => {
    const fields = RewardPage.fileFields({
      blocks: [
        block({ type: "logo", url: "https://x.example.com/l.png" }, 0),
        block({ type: "video", url: "https://x.example.com/v.mp4", posterUrl: "https://x.example.com/p.jpg" }, 1),
        block({ type: "lottie", url: "https://x.example.com/a.json" }, 2),
        block({ type: "image", url: "https://x.example.com/i.webp" }, 3)
      ]
    })
    assert.deepStrictEqual(
      fields.map((f) => [f.path, f.kind, f.mediaLibraryOnly === true]),
      [
        ["page.blocks.0.url", "image", false],
        ["page.blocks.1.url", "video", false],
        ["page.blocks.1.posterUrl", "image", false],
        ["page.blocks.2.url", "lottie", true],
        ["page.blocks.3.url", "image", false]
      ]
    )
  })

  it("after a play: the blocks that fit a win or a not-win, in order", () => {
    const page = {
      blocks: [
        block({ type: "heading", text: "Thanks" }, 0),
        block({ type: "coupon", when: "win" }, 1),
        block({ type: "text", text: "Next time!", when: "not_win" }, 2),
        block({ type: "divider", when: "always" }, 3)
      ]
    }
    assert.deepStrictEqual(
      RewardPage.forResult(page, true).blocks.map((b) => b.id),
      ["b0", "b1", "b3"]
    )
    assert.deepStrictEqual(
      RewardPage.forResult(page, false).blocks.map((b) => b.id),
      ["b0", "b2", "b3"]
    )
  })

  it("the schema's bounds: 1 to 20 blocks, each field's range", () => {
    const fails = (page: unknown) =>
      Result.isFailure(Schema.decodeUnknownResult(RewardPage.Page)(page, { onExcessProperty: "error" }))
    assert.isTrue(fails({ blocks: [] }))
    assert.isTrue(fails({ blocks: Array.from({ length: 21 }, (_, i) => block({ type: "divider" }, i)) }))
    assert.isFalse(fails({ blocks: Array.from({ length: 20 }, (_, i) => block({ type: "divider" }, i)) }))
    const one = (fields: Record<string, unknown>) => fails({ blocks: [{ id: "b", type: "image", ...fields }] })
    assert.isTrue(one({ maxWidth: 59 }))
    assert.isTrue(one({ maxWidth: 721 }))
    assert.isFalse(one({ maxWidth: 60 }))
    assert.isFalse(one({ maxWidth: 720 }))
    assert.isTrue(one({ speed: 0.2 }))
    assert.isTrue(one({ speed: 2.01 }))
    assert.isFalse(one({ speed: 0.25 }))
    assert.isTrue(one({ alt: "a".repeat(121) }))
    assert.isTrue(one({ text: "t".repeat(601) }))
    assert.isTrue(one({ prefix: "p".repeat(41) }))
    assert.isTrue(one({ caption: "c".repeat(121) }))
    assert.isTrue(one({ show: "all" }))
    assert.isTrue(one({ when: "sometimes" }))
    assert.isTrue(one({ align: "end" }))
    assert.isTrue(one({ size: "xl" }))
    assert.isTrue(one({ url: "ftp://x.example.com/a.png" }))
    assert.isTrue(one({ url: `https://x.example.com/${"a".repeat(2030)}` }))
    assert.isTrue(one({ colour: "red" }), "an unknown field")
    assert.isTrue(fails({ blocks: [{ id: "", type: "image" }] }))
    assert.isTrue(fails({ blocks: [{ id: "x".repeat(65), type: "image" }] }))
    assert.isTrue(fails({ blocks: [{ id: "b", type: "banner" }] }))
  })
})

describe("Coupon codes", () => {
  const secrets = Layer.succeed(Secrets, {
    randomToken: (bytes: number) =>
      Effect.succeed(
        "abcdefghijklmnopqrstuvwxyz234567".repeat(Math.ceil((bytes * 8) / 5 / 32)).slice(0, Math.ceil((bytes * 8) / 5))
      ),
    sha256Hex: () => Effect.die("unused"),
    hmacSha256Hex: () => Effect.die("unused"),
    hmacSha256Base64Url: () => Effect.die("unused")
  })

  it.effect("a generated code is the prefix and 12 Crockford characters, read from the Secrets port's bits", () =>
    Effect.gen(function* () {
      const codes = yield* Coupon.generate("SPRING-", 2).pipe(Effect.provide(secrets))
      // RFC 4648 characters a…p (values 0…15) are Crockford's 0…F; q… (16…) G H J K M…
      assert.deepStrictEqual(codes, ["SPRING-0123456789AB", "SPRING-GHJKMNPQRSTV"])
    })
  )

  it.effect("generated codes from WebCrypto: the alphabet has no look-alikes, and they differ", () =>
    Effect.gen(function* () {
      const codes = yield* Coupon.generate("", 1000).pipe(Effect.provide(Secrets.layerWebCrypto))
      assert.strictEqual(new Set(codes).size, 1000)
      for (const code of codes) assert.match(code, /^[0-9A-HJKMNP-TV-Z]{12}$/u)
      const seen = new Set(codes.join(""))
      for (const c of "ILOU") assert.isFalse(seen.has(c), c)
    })
  )

  it("a code is masked to its last four characters", () => {
    assert.strictEqual(Coupon.mask("SPRING-0123456789AB"), "****89AB")
  })

  it("codes: 6 to 64 visible ASCII characters", () => {
    const ok = (code: string) => Result.isSuccess(Schema.decodeUnknownResult(Coupon.Code)(code))
    assert.isTrue(ok("SAVE10"))
    assert.isTrue(ok("x".repeat(64)))
    assert.isFalse(ok("SAVE1"))
    assert.isFalse(ok("x".repeat(65)))
    assert.isFalse(ok("SAVE 10"))
    assert.isFalse(ok("CAFÉ10"))
  })
})
