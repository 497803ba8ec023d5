/**
 * Coupon codes over HTTP: adding (`POST …/reward-coupons`), generating (`…/generate`) and withdrawing
 * (`…/withdraw`) them, with every bound (400 naming the field), permission (403), the plan's
 * feature and stored-coupon-codes limit (402), the rate limits (X-RateLimit-* headers, 429 with
 * Retry-After) and the conflicts of the prize's strategy (409).
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"

const WHEEL = {
  segments: [
    { id: "win", label: "Win", isWin: true },
    { id: "lose", label: "Lose", isWin: false }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
}

const tier = (title: string, codeStrategy = "pool") => ({
  match: { when: "everyone" },
  display: { title },
  codeStrategy
})

/** An account (created with `account`), a wheel with a reward of `tiers`, and its paths. */
const setup = (
  tiers: ReadonlyArray<unknown> = [tier("Pool"), tier("Shared", "shared"), tier("Made", "generated")],
  options: { account?: Record<string, unknown> } = {}
) =>
  Effect.gen(function* () {
    const { account, request } = yield* TestServer
    const { key } = yield* account(options.account ?? {})
    const call = Steps.caller(request, key)
    const { created } = yield* Steps.channelWithCampaign(call, { name: "Spring", config: WHEEL })
    const campaign = created.body.gameInstance
    const base = `/v1/game-instances/${campaign.id}`
    const set = yield* call("PUT", `${base}/reward`, { tiers })
    const prizes = (set.body?.reward?.tiers ?? []) as Array<{ id: string }>
    const upload = (body: unknown, as = key) => call("POST", `${base}/reward-coupons`, body, as)
    const generate = (body: unknown, as = key) => call("POST", `${base}/reward-coupons/generate`, body, as)
    const withdraw = (body: unknown, as = key) => call("POST", `${base}/reward-coupons/withdraw`, body, as)
    const counts = () =>
      call("GET", `${base}/reward`).pipe(
        Effect.map((r) => r.body.reward.tiers.map((t: any) => [t.coupons, t.couponsRemaining, t.granted]))
      )
    const keyWith = (...permissions: Array<string>) => Steps.keyWith(call, ...permissions)
    /** A fresh key for each call: the rate limit counts every request of a key, refused ones too. */
    const fresh = (send: (body: unknown, as: string) => ReturnType<typeof upload>) => (body: unknown) =>
      Effect.flatMap(keyWith("rewards.codes.manage"), (as) => send(body, as))
    return { key, call, campaign, base, prizes, upload, generate, withdraw, counts, keyWith, fresh }
  })

const codes = (n: number, prefix = "CODE") => Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${i}` }))

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("coupon codes", (it) => {
  it.effect("upload: 201 with added and duplicates (repeated in the request or already in the campaign)", () =>
    Effect.gen(function* () {
      const { upload, prizes, counts } = yield* setup()
      const first = yield* upload({
        codes: [
          { code: "SPRING-0001", ref: "sku-1", name: "Spring 10 %", issueLimit: 3 },
          { code: "SPRING-0002" },
          { code: "SPRING-0001" },
          { code: "UNLIMITED-1", issueLimit: null }
        ]
      })
      assert.strictEqual(first.status, 201, first.text)
      assert.deepStrictEqual(first.body, { added: 3, duplicates: 1 })
      assert.isNotNull(first.headers.get("x-ratelimit-limit"))
      const again = yield* upload({ tierId: prizes[0]!.id, codes: [{ code: "SPRING-0002" }, { code: "SPRING-0003" }] })
      assert.deepStrictEqual(again.body, { added: 1, duplicates: 1 })
      // Counts: 4 codes; one without an issue limit makes the remaining null.
      assert.deepStrictEqual((yield* counts())[0], [4, null, 0])
      // A code is unique in the campaign, whatever the prize: the shared prize's one is a duplicate too.
      const shared = yield* upload({ tierId: prizes[1]!.id, codes: [{ code: "SPRING-0003" }] })
      assert.deepStrictEqual(shared.body, { added: 0, duplicates: 1 })
    })
  )

  it.effect("upload: 400 for each bound, naming the field", () =>
    Effect.gen(function* () {
      const { fresh, upload: uploadAsOwner } = yield* setup()
      const upload = fresh(uploadAsOwner)
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ codes: [] }, "codes"],
        [{ codes: codes(1001) }, "codes"],
        [{}, "codes"],
        [{ codes: [{ code: "SHORT" }] }, "codes.0.code"],
        [{ codes: [{ code: "x".repeat(65) }] }, "codes.0.code"],
        [{ codes: [{ code: "HAS SPACE1" }] }, "codes.0.code"],
        [{ codes: [{ code: "CAFÉ-0001" }] }, "codes.0.code"],
        [{ codes: [{ code: "OK-000001", ref: "" }] }, "codes.0.ref"],
        [{ codes: [{ code: "OK-000001", ref: "r".repeat(201) }] }, "codes.0.ref"],
        [{ codes: [{ code: "OK-000001", name: "n".repeat(121) }] }, "codes.0.name"],
        [{ codes: [{ code: "OK-000001", issueLimit: 0 }] }, "codes.0.issueLimit"],
        [{ codes: [{ code: "OK-000001", issueLimit: 1_000_001 }] }, "codes.0.issueLimit"],
        [{ codes: [{ code: "OK-000001", issueLimit: 1.5 }] }, "codes.0.issueLimit"],
        [{ codes: [{ code: "OK-000001", extra: 1 }] }, "codes.0.extra"],
        [{ codes: codes(1), tierId: "" }, "tierId"],
        [{ codes: codes(1), more: true }, "more"]
      ]
      for (const [body, path] of cases) {
        const reply = yield* upload(body)
        assert.strictEqual(reply.status, 400, `${JSON.stringify(body).slice(0, 100)}: ${reply.text}`)
        assert.include(Steps.paths(reply.body), path)
      }
      const atBounds = yield* upload({ codes: [{ code: "x".repeat(64), issueLimit: 1_000_000 }, { code: "SIX-06" }] })
      assert.deepStrictEqual([atBounds.status, atBounds.body], [201, { added: 2, duplicates: 0 }])
    })
  )

  it.effect("generate: Crockford codes after the prefix, unique, with their issue limit; 400 for each bound", () =>
    Effect.gen(function* () {
      const { fresh, generate: generateAsOwner, counts, prizes } = yield* setup()
      const generate = fresh(generateAsOwner)
      const made = yield* generate({ quantity: 1000, prefix: "SPR-26", issueLimit: 2 })
      assert.strictEqual(made.status, 201, made.text)
      assert.strictEqual(made.body.generated, 1000)
      assert.strictEqual(new Set(made.body.codes).size, 1000)
      for (const code of made.body.codes) assert.match(code, /^SPR-26[0-9A-HJKMNP-TV-Z]{12}$/u)
      assert.deepStrictEqual((yield* counts())[0], [1000, 2000, 0])
      const one = yield* generate({ tierId: prizes[0]!.id })
      assert.strictEqual(one.body.generated, 1)
      assert.match(one.body.codes[0], /^[0-9A-HJKMNP-TV-Z]{12}$/u)
      // `issueLimit: null`: codes given any number of times, so the prize's remaining is null.
      const unlimited = yield* generate({ quantity: 2, issueLimit: null })
      assert.deepStrictEqual(
        [unlimited.status, unlimited.body.generated, (yield* counts())[0]],
        [201, 2, [1003, null, 0]]
      )
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ quantity: 0 }, "quantity"],
        [{ quantity: 1001 }, "quantity"],
        [{ quantity: 2.5 }, "quantity"],
        [{ prefix: "lower-case" }, "prefix"],
        [{ prefix: "TOO-LONG-PREFIX" }, "prefix"],
        [{ prefix: "SP RING" }, "prefix"],
        [{ issueLimit: 0 }, "issueLimit"],
        [{ issueLimit: 1_000_001 }, "issueLimit"],
        [{ tierId: "x".repeat(65) }, "tierId"],
        [{ count: 3 }, "count"]
      ]
      for (const [body, path] of cases) {
        const reply = yield* generate(body)
        assert.strictEqual(reply.status, 400, `${JSON.stringify(body)}: ${reply.text}`)
        assert.include(Steps.paths(reply.body), path)
      }
    })
  )

  it.effect(
    "a generated prize stores no codes; a shared prize holds one; 404 unknown prize; 409 without a reward",
    () =>
      Effect.gen(function* () {
        const { upload, generate, withdraw, prizes, call, base } = yield* setup()
        const made = yield* upload({ tierId: prizes[2]!.id, codes: codes(1) })
        assert.deepStrictEqual([made.status, made.body.error.code], [409, "conflict"])
        assert.strictEqual((yield* generate({ tierId: prizes[2]!.id })).status, 409)
        const two = yield* upload({ tierId: prizes[1]!.id, codes: codes(2) })
        assert.strictEqual(two.status, 409)
        assert.strictEqual((yield* generate({ tierId: prizes[1]!.id, quantity: 2 })).status, 409)
        const sharedCode = yield* generate({ tierId: prizes[1]!.id })
        assert.strictEqual(sharedCode.status, 201)
        assert.strictEqual((yield* upload({ tierId: prizes[1]!.id, codes: codes(1) })).status, 409, "held")
        // Withdrawn, the shared prize takes a new one.
        assert.strictEqual((yield* withdraw({ tierId: prizes[1]!.id })).body.withdrawn, 1)
        assert.strictEqual((yield* upload({ tierId: prizes[1]!.id, codes: codes(1) })).status, 201)
        assert.strictEqual((yield* withdraw({ tierId: prizes[1]!.id })).body.withdrawn, 1)
        for (const reply of [
          yield* upload({ tierId: "tier_nope", codes: codes(1) }),
          yield* generate({ tierId: "tier_nope" }),
          yield* withdraw({ tierId: "tier_nope" })
        ]) {
          assert.deepStrictEqual([reply.status, reply.body.error.code], [404, "not_found"])
          assert.deepStrictEqual(Steps.paths(reply.body), ["tierId"])
        }
        assert.strictEqual((yield* call("PUT", `${base}/reward`, null)).status, 200)
        for (const reply of [yield* upload({ codes: codes(1) }), yield* generate({}), yield* withdraw({})]) {
          assert.deepStrictEqual([reply.status, reply.body.error.code], [409, "conflict"])
        }
        assert.strictEqual(
          (yield* call("POST", "/v1/game-instances/gi_nope/reward-coupons", { codes: codes(1) })).status,
          404
        )
      })
  )

  it.effect("withdraw: codes not given are taken back; given ones give no more; by code or for a prize", () =>
    Effect.gen(function* () {
      const { upload, withdraw, counts } = yield* setup()
      yield* upload({ codes: [...codes(5), { code: "MANY-00001", issueLimit: 10 }] })
      const named = yield* withdraw({ codes: ["CODE-0", "CODE-1", "NOT-A-CODE"] })
      assert.deepStrictEqual([named.status, named.body], [200, { withdrawn: 2 }])
      assert.deepStrictEqual((yield* counts())[0], [4, 13, 0])
      const bounds = yield* withdraw({ codes: [] })
      assert.strictEqual(bounds.status, 400)
      assert.include(Steps.paths(bounds.body), "codes")
      const all = yield* withdraw({})
      assert.deepStrictEqual(all.body, { withdrawn: 4 })
      assert.deepStrictEqual((yield* counts())[0], [0, 0, 0])
    })
  )

  it.effect("permissions: rewards.codes.manage for every code operation", () =>
    Effect.gen(function* () {
      const { upload, generate, withdraw, keyWith } = yield* setup()
      const manager = yield* keyWith("rewards.codes.manage")
      const writer = yield* keyWith("rewards.write", "rewards.read", "rewards.grant")
      for (const reply of [
        yield* upload({ codes: codes(1) }, writer),
        yield* generate({}, writer),
        yield* withdraw({}, writer)
      ]) {
        assert.deepStrictEqual([reply.status, reply.body.error.code], [403, "forbidden"])
      }
      assert.strictEqual((yield* upload({ codes: codes(1) }, manager)).status, 201)
      assert.strictEqual((yield* generate({}, manager)).status, 201)
      assert.strictEqual((yield* withdraw({}, manager)).status, 200)
    })
  )

  it.effect("402: the Rewards feature, and the stored coupon codes limit (nothing added past it)", () =>
    Effect.gen(function* () {
      const noFeature = yield* setup([tier("A")], { account: { features: { rewards: false } } })
      for (const reply of [yield* noFeature.upload({ codes: codes(1) }), yield* noFeature.generate({})]) {
        assert.deepStrictEqual([reply.status, reply.body.error.code], [402, "upgrade_required"])
        assert.deepStrictEqual(Steps.paths(reply.body), ["features.rewards"])
      }
      const limited = yield* setup([tier("A")], { account: { limits: { storedCouponCodes: 5 } } })
      const over = yield* limited.upload({ codes: codes(6) })
      assert.deepStrictEqual([over.status, Steps.paths(over.body)], [402, ["limits.storedCouponCodes"]])
      assert.deepStrictEqual((yield* limited.counts())[0], [0, 0, 0], "nothing added")
      assert.strictEqual((yield* limited.upload({ codes: codes(3) })).status, 201)
      // Duplicates take no room.
      assert.deepStrictEqual((yield* limited.upload({ codes: [...codes(3), ...codes(2, "MORE")] })).body, {
        added: 2,
        duplicates: 3
      })
      const generated = yield* limited.generate({ quantity: 1 })
      assert.deepStrictEqual([generated.status, Steps.paths(generated.body)], [402, ["limits.storedCouponCodes"]])
      // Withdrawn codes leave the stock: room again.
      assert.strictEqual((yield* limited.withdraw({ codes: ["CODE-0"] })).body.withdrawn, 1)
      assert.strictEqual((yield* limited.generate({ quantity: 1 })).status, 201)
    })
  )

  it.effect("rate limits: 10 a minute for uploads and for generations, with X-RateLimit-* and Retry-After", () =>
    Effect.gen(function* () {
      const { upload, generate } = yield* setup([tier("A")])
      for (const [name, send] of [
        ["upload", (i: number) => upload({ codes: [{ code: `RATE-${i}-UPLOAD` }] })],
        ["generate", (_: number) => generate({})]
      ] as const) {
        for (let i = 0; i < 10; i++) {
          const reply = yield* send(i)
          assert.strictEqual(reply.status, 201, `${name} ${i}: ${reply.text}`)
          assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "10")
          assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(9 - i))
        }
        const limited = yield* send(10)
        assert.deepStrictEqual([limited.status, limited.body.error.code], [429, "rate_limited"], name)
        assert.isAtLeast(Number(limited.headers.get("retry-after")), 1)
        assert.strictEqual(limited.headers.get("x-ratelimit-remaining"), "0")
      }
    })
  )
})
