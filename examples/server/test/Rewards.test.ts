/**
 * The reward over HTTP: `PUT /v1/game-instances/{id}/reward` and `GET`, every bound of the reward
 * and its page (a 400 naming the field), the rules of "Set the reward" (409s), permissions (403),
 * the plan's Rewards feature (402), and the campaign fields it sets.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { sampleOf } from "./fixtures/media/Samples.ts"
import { uploaded } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"

const WHEEL = {
  segments: [
    { id: "gold", label: "Gold", isWin: true },
    { id: "silver", label: "Silver", isWin: true },
    { id: "miss", label: "Miss", isWin: false }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
}
const ORIGIN = "https://shop.example.com"
const QUIZ = { questions: [Steps.question("q1", "2+2?", "4", "5")] }

const tier = (title: string, fields: Record<string, unknown> = {}) => ({
  match: { when: "everyone" },
  display: { title },
  codeStrategy: "pool",
  ...fields
})

/** An account (created with `account`), a channel and a draft campaign of `game`; `call` as its owner. */
const setup = (options: { game?: "spin-the-wheel" | "quiz"; account?: Record<string, unknown> } = {}) =>
  Effect.gen(function* () {
    const { account, request } = yield* TestServer
    const { key } = yield* account(options.account ?? {})
    const call = Steps.caller(request, key)
    const game = options.game ?? "spin-the-wheel"
    const { created } = yield* Steps.channelWithCampaign(call, {
      gameSlug: game,
      name: "Spring",
      config: game === "quiz" ? QUIZ : WHEEL
    })
    assert.strictEqual(created.status, 201, created.text)
    const campaign = created.body.gameInstance
    const reward = `/v1/game-instances/${campaign.id}/reward`
    const put = (body: unknown, as = key) => call("PUT", reward, body, as)
    /** A key of the account holding only `permissions`. */
    const keyWith = (...permissions: Array<string>) => Steps.keyWith(call, ...permissions)
    return { key, call, request, campaign, reward, put, keyWith }
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("the reward", (it) => {
  it.effect("PUT sets the reward, GET answers it with each prize's counts; a GET sent back is accepted", () =>
    Effect.gen(function* () {
      const { call, campaign, reward, put } = yield* setup()
      assert.deepStrictEqual((yield* call("GET", reward)).body, { reward: null })
      const body = {
        tiers: [
          tier("Gold prize", { match: { when: "outcome", segmentIds: ["gold"] }, codeStrategy: "shared" }),
          tier("Any win", {
            match: { when: "won" },
            display: { title: "Any win", description: "For winners", termsUrl: "https://shop.example.com/terms" }
          }),
          tier("Everyone", { codeStrategy: "generated" }),
          tier("Draw winners", { match: { when: "drawn" } })
        ],
        grantOncePerParticipant: false,
        validForSeconds: 86_400,
        page: {
          blocks: [
            { id: "logo", type: "logo", align: "start" },
            { id: "title", type: "heading", text: "Merci « d'avoir joué » 🎉", size: "lg" },
            { id: "what", type: "outcome", prefix: "You landed on", when: "always" },
            { id: "code", type: "coupon", when: "win", caption: "Your code", show: "both", copyable: true },
            { id: "sorry", type: "text", text: "Next time!", when: "not_win", align: "center" },
            { id: "pic", type: "image", url: "https://cdn.example.com/prize.png", alt: "The prize", maxWidth: 320 },
            {
              id: "clip",
              type: "video",
              url: "https://cdn.example.com/clip.mp4",
              posterUrl: "https://cdn.example.com/p.jpg",
              autoplay: true,
              loop: true,
              controls: false
            },
            { id: "gap", type: "spacer", size: "sm" },
            { id: "line", type: "divider" }
          ]
        }
      }
      const set = yield* put(body)
      assert.strictEqual(set.status, 200, set.text)
      const answered = set.body.reward
      assert.strictEqual(answered.tiers.length, 4)
      for (const [i, t] of answered.tiers.entries()) {
        assert.match(t.id, /^tier_/)
        assert.deepStrictEqual(
          { ...t, id: undefined },
          {
            ...body.tiers[i],
            id: undefined,
            coupons: 0,
            couponsRemaining: t.codeStrategy === "generated" ? null : 0,
            granted: 0
          }
        )
      }
      assert.deepStrictEqual(answered.page, body.page)
      assert.deepStrictEqual([answered.grantOncePerParticipant, answered.validForSeconds], [false, 86_400])
      assert.deepStrictEqual((yield* call("GET", reward)).body, set.body)
      // The campaign shows the settings the reward set.
      const shown = (yield* call("GET", `/v1/game-instances/${campaign.id}`)).body.gameInstance
      assert.deepStrictEqual([shown.grantOncePerParticipant, shown.rewardValidForSeconds], [false, 86_400])
      // What GET answers can be sent back as it is: the counts are read-only and ignored.
      const again = yield* put(answered)
      assert.strictEqual(again.status, 200, again.text)
      assert.deepStrictEqual(
        again.body.reward.tiers.map((t: any) => t.id),
        answered.tiers.map((t: any) => t.id)
      )
      // Defaults when left out: once per participant, no expiry, no page.
      const plain = yield* put({ tiers: [{ ...tier("Only"), id: answered.tiers[2].id, codeStrategy: "generated" }] })
      assert.deepStrictEqual(
        [plain.body.reward.grantOncePerParticipant, plain.body.reward.validForSeconds, plain.body.reward.page],
        [true, null, null]
      )
      const removed = yield* put(null)
      assert.deepStrictEqual([removed.status, removed.body], [200, { reward: null }])
      assert.deepStrictEqual((yield* call("GET", reward)).body, { reward: null })
      const reset = (yield* call("GET", `/v1/game-instances/${campaign.id}`)).body.gameInstance
      assert.deepStrictEqual([reset.grantOncePerParticipant, reset.rewardValidForSeconds], [true, null])
    })
  )

  it.effect("400 for every bound of the reward, naming the field", () =>
    Effect.gen(function* () {
      const { put } = yield* setup()
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ tiers: [] }, "tiers"],
        [{ tiers: Array.from({ length: 9 }, (_, i) => tier(`T${i}`)) }, "tiers"],
        [{}, "tiers"],
        [{ tiers: [tier("")] }, "tiers.0.display.title"],
        [{ tiers: [tier("x".repeat(121))] }, "tiers.0.display.title"],
        [
          { tiers: [tier("T", { display: { title: "T", description: "d".repeat(601) } })] },
          "tiers.0.display.description"
        ],
        [
          { tiers: [tier("T", { display: { title: "T", termsUrl: "http://shop.example.com/t" } })] },
          "tiers.0.display.termsUrl"
        ],
        [
          { tiers: [tier("T", { display: { title: "T", termsUrl: `https://x.example.com/${"a".repeat(2048)}` } })] },
          "tiers.0.display.termsUrl"
        ],
        [{ tiers: [tier("T", { codeStrategy: "lottery" })] }, "tiers.0.codeStrategy"],
        [{ tiers: [tier("T", { match: { when: "lost" } })] }, "tiers.0.match.when"],
        [{ tiers: [tier("T", { match: {} })] }, "tiers.0.match.when"],
        [{ tiers: [tier("T", { id: "" })] }, "tiers.0.id"],
        [{ tiers: [tier("T", { id: "x".repeat(65) })] }, "tiers.0.id"],
        [{ tiers: [tier("T")], validForSeconds: 0 }, "validForSeconds"],
        [{ tiers: [tier("T")], validForSeconds: 31_536_001 }, "validForSeconds"],
        [{ tiers: [tier("T")], validForSeconds: 1.5 }, "validForSeconds"],
        [{ tiers: [tier("T")], grantOncePerParticipant: "yes" }, "grantOncePerParticipant"],
        [{ tiers: [tier("T")], surprise: true }, "surprise"],
        [{ tiers: [{ ...tier("T"), colour: "red" }] }, "tiers.0.colour"],
        [{ tiers: [tier("T", { match: { when: "everyone", extra: 1 } })] }, "tiers.0.match.extra"],
        // Rule 4 and the outcome match's own shape.
        [
          { tiers: [tier("T", { match: { when: "outcome", segmentIds: ["gold", "bronze"] } })] },
          "tiers.0.match.segmentIds.1"
        ],
        [{ tiers: [tier("T", { match: { when: "outcome" } })] }, "tiers.0.match.segmentIds"],
        [{ tiers: [tier("T", { match: { when: "outcome", segmentIds: [] } })] }, "tiers.0.match.segmentIds"],
        [{ tiers: [tier("T", { match: { when: "won", segmentIds: ["gold"] } })] }, "tiers.0.match.segmentIds"],
        [{ tiers: [tier("T", { id: "tier_unknown" })] }, "tiers.0.id"]
      ]
      for (const [body, path] of cases) {
        const reply = yield* put(body)
        assert.strictEqual(reply.status, 400, `${JSON.stringify(body).slice(0, 120)}: ${reply.text}`)
        assert.strictEqual(reply.body.error.code, "invalid_request")
        assert.include(Steps.paths(reply.body), path, reply.text)
      }
      // The bounds themselves pass: 8 prizes, a year of validity.
      const max = yield* put({ tiers: Array.from({ length: 8 }, (_, i) => tier(`T${i}`)), validForSeconds: 31_536_000 })
      assert.strictEqual(max.status, 200, max.text)
      const ids = max.body.reward.tiers.map((t: any) => t.id)
      const twice = yield* put({ tiers: [tier("A", { id: ids[0] }), tier("B", { id: ids[0] })] })
      assert.strictEqual(twice.status, 400)
      assert.include(Steps.paths(twice.body), "tiers.1.id")
    })
  )

  it.effect("a `won` or an outcome match is refused off the wheel (rule 4); everyone and drawn are fine", () =>
    Effect.gen(function* () {
      const { put } = yield* setup({ game: "quiz" })
      for (const match of [{ when: "won" }, { when: "outcome", segmentIds: ["gold"] }]) {
        const reply = yield* put({ tiers: [tier("T"), tier("U", { match })] })
        assert.strictEqual(reply.status, 400, reply.text)
        assert.deepStrictEqual(Steps.paths(reply.body), ["tiers.1.match.when"])
      }
      assert.strictEqual((yield* put({ tiers: [tier("T", { match: { when: "drawn" } }), tier("U")] })).status, 200)
    })
  )

  it.effect("400 for every bound of the page: blocks, fields, media, text, size, files", () =>
    Effect.gen(function* () {
      const { put } = yield* setup()
      const withPage = (blocks: ReadonlyArray<unknown>) => put({ tiers: [tier("T")], page: { blocks } })
      const image = (i: number) => ({ id: `i${i}`, type: "image", url: `https://cdn.example.com/${i}.png` })
      const text = (i: number, length: number) => ({ id: `t${i}`, type: "text", text: "x".repeat(length) })
      const cases: ReadonlyArray<readonly [ReadonlyArray<unknown>, string]> = [
        [[], "page.blocks"],
        [Array.from({ length: 21 }, (_, i) => ({ id: `d${i}`, type: "divider" })), "page.blocks"],
        [[{ type: "divider" }], "page.blocks.0.id"],
        [[{ id: "", type: "divider" }], "page.blocks.0.id"],
        [[{ id: "x".repeat(65), type: "divider" }], "page.blocks.0.id"],
        [[{ id: "a", type: "banner" }], "page.blocks.0.type"],
        [[{ id: "a", type: "divider", when: "sometimes" }], "page.blocks.0.when"],
        [[{ id: "a", type: "heading", text: "t".repeat(601) }], "page.blocks.0.text"],
        [[{ id: "a", type: "heading", text: "T", align: "end" }], "page.blocks.0.align"],
        [[{ ...image(0), maxWidth: 59 }], "page.blocks.0.maxWidth"],
        [[{ ...image(0), maxWidth: 721 }], "page.blocks.0.maxWidth"],
        [[{ ...image(0), alt: "a".repeat(121) }], "page.blocks.0.alt"],
        [[{ id: "l", type: "lottie", url: "https://cdn.example.com/a.json", speed: 0.2 }], "page.blocks.0.speed"],
        [[{ id: "l", type: "lottie", url: "https://cdn.example.com/a.json", speed: 2.5 }], "page.blocks.0.speed"],
        [[{ id: "s", type: "spacer", size: "xl" }], "page.blocks.0.size"],
        [[{ id: "o", type: "outcome", prefix: "p".repeat(41) }], "page.blocks.0.prefix"],
        [[{ id: "c", type: "coupon", caption: "c".repeat(121) }], "page.blocks.0.caption"],
        [[{ id: "c", type: "coupon", show: "all" }], "page.blocks.0.show"],
        [[{ id: "c", type: "coupon", copyable: "yes" }], "page.blocks.0.copyable"],
        [[{ id: "v", type: "video", url: "https://cdn.example.com/v.mp4", autoplay: 1 }], "page.blocks.0.autoplay"],
        [[{ ...image(0), url: `https://cdn.example.com/${"a".repeat(2048)}.png` }], "page.blocks.0.url"],
        [[{ ...image(0), url: "ftp://cdn.example.com/a.png" }], "page.blocks.0.url"],
        [
          [
            {
              id: "v",
              type: "video",
              url: "https://cdn.example.com/v.mp4",
              posterUrl: `https://x.example.com/${"p".repeat(2048)}`
            }
          ],
          "page.blocks.0.posterUrl"
        ],
        [[{ ...image(0), colour: "red" }], "page.blocks.0.colour"],
        // Each type's own fields, and the ones it needs.
        [[{ id: "h", type: "heading", text: "T", prefix: "You got" }], "page.blocks.0.prefix"],
        [[{ id: "o", type: "outcome", caption: "x" }], "page.blocks.0.caption"],
        [[{ id: "d", type: "divider", url: "https://cdn.example.com/a.png" }], "page.blocks.0.url"],
        [[{ id: "i", type: "image" }], "page.blocks.0.url"],
        [[{ id: "h", type: "heading" }], "page.blocks.0.text"],
        [[image(0), { ...image(1), id: "i0" }], "page.blocks.1.id"],
        // Whole-page bounds.
        [Array.from({ length: 9 }, (_, i) => image(i)), "page.blocks"],
        [
          [
            { id: "v1", type: "video", url: "https://cdn.example.com/1.mp4" },
            { id: "v2", type: "video", url: "https://cdn.example.com/2.mp4" }
          ],
          "page.blocks"
        ],
        [[...Array.from({ length: 3 }, (_, i) => text(i, 600)), text(3, 201)], "page.blocks"],
        [
          Array.from({ length: 8 }, (_, i) => ({
            ...image(i),
            url: `https://cdn.example.com/${i}${"a".repeat(2010)}.png`
          })),
          "page"
        ],
        // Every file judged by the file rule; animations from the media library only.
        [[{ ...image(0), url: "https://cdn.example.com/a.mp4" }], "page.blocks.0.url"],
        [[{ id: "v", type: "video", url: "https://cdn.example.com/v.png" }], "page.blocks.0.url"],
        [
          [
            { id: "v", type: "video", url: "https://cdn.example.com/v.mp4", posterUrl: "https://cdn.example.com/p.mp3" }
          ],
          "page.blocks.0.posterUrl"
        ],
        [[{ id: "l", type: "lottie", url: "https://cdn.example.com/a.json" }], "page.blocks.0.url"],
        [[{ id: "g", type: "logo", url: "http://cdn.example.com/l.png" }], "page.blocks.0.url"]
      ]
      for (const [blocks, path] of cases) {
        const reply = yield* withPage(blocks)
        assert.strictEqual(reply.status, 400, `${JSON.stringify(blocks).slice(0, 160)}: ${reply.text}`)
        assert.include(Steps.paths(reply.body), path, reply.text)
      }
      const lottie = yield* withPage([{ id: "l", type: "lottie", url: "https://cdn.example.com/a.json" }])
      assert.deepStrictEqual(lottie.body.error.details, [
        { path: "page.blocks.0.url", message: "must be a file from the media library" }
      ])
      // At the bounds: 20 blocks, 8 images, 1 video, 2000 characters.
      const atBounds = yield* withPage([
        ...Array.from({ length: 7 }, (_, i) => image(i)),
        { id: "v", type: "video", url: "https://cdn.example.com/v.mp4" },
        ...Array.from({ length: 3 }, (_, i) => text(i, 600)),
        text(3, 200),
        ...Array.from({ length: 8 }, (_, i) => ({ id: `d${i}`, type: "divider" }))
      ])
      assert.strictEqual(atBounds.status, 200, atBounds.text)
      assert.strictEqual(atBounds.body.reward.page.blocks.length, 20)
    })
  )

  it.effect("rule 3: a prize that gave out coupons keeps its codeStrategy, though it holds no code now", () =>
    Effect.gen(function* () {
      const { call, request, key, campaign, put } = yield* setup()
      const base = `/v1/game-instances/${campaign.id}`
      const set = (yield* put({ tiers: [tier("Pool"), tier("Made", { codeStrategy: "generated" })] })).body.reward
      const [pool, made] = set.tiers
      assert.strictEqual(
        (yield* call("POST", `${base}/reward-coupons`, { tierId: pool.id, codes: [{ code: "LAST-0001" }] })).status,
        201
      )
      assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
      assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
      // The pool's one code goes to the first player; the generated prize gives one by hand.
      const { finished } = yield* Steps.play(request, {
        key,
        channelId: campaign.channelId,
        participantRef: "ann",
        origin: ORIGIN
      })
      assert.strictEqual(finished.body.reward.grant.code, "LAST-0001")
      const byHand = yield* call("POST", `${base}/reward-grants`, { participantRef: "bob", tierId: made.id })
      assert.strictEqual(byHand.status, 201, byHand.text)
      const now = (yield* call("GET", `${base}/reward`)).body.reward.tiers
      assert.deepStrictEqual(
        now.map((t: any) => [t.couponsRemaining, t.granted]),
        [
          [0, 1],
          [null, 1]
        ]
      )
      for (const [tiers, index] of [
        [[tier("New"), { ...pool, codeStrategy: "shared" }, made], 1],
        [[pool, { ...made, codeStrategy: "pool" }], 1]
      ] as const) {
        const changed = yield* put({ tiers })
        assert.deepStrictEqual([changed.status, changed.body.error?.code], [409, "conflict"], changed.text)
        assert.deepStrictEqual(changed.body.error.details, [
          { path: `tiers.${index}.codeStrategy`, message: "cannot change once coupons were given out" }
        ])
      }
      // Unchanged, both are kept.
      assert.strictEqual((yield* put({ tiers: [pool, made] })).status, 200)
    })
  )

  it.effect("page: animations from the media library, at most 2, each judged by the file rule", () =>
    Effect.gen(function* () {
      const { request, key, put } = yield* setup()
      const first = yield* uploaded(request, key, sampleOf("application/json"))
      const second = yield* uploaded(request, key, sampleOf("application/json"))
      const image = yield* uploaded(request, key, sampleOf("image/png"))
      const lottie = (id: string, url: string) => ({ id, type: "lottie", url, autoplay: true, loop: false, speed: 1.5 })
      const withPage = (blocks: ReadonlyArray<unknown>) => put({ tiers: [tier("T")], page: { blocks } })
      const two = [lottie("a", first.url), lottie("b", second.url)]
      const accepted = yield* withPage(two)
      assert.strictEqual(accepted.status, 200, accepted.text)
      assert.deepStrictEqual(accepted.body.reward.page.blocks, two)
      const three = yield* withPage([...two, lottie("c", first.url)])
      assert.strictEqual(three.status, 400, three.text)
      assert.deepStrictEqual(three.body.error.details, [{ path: "page.blocks", message: "at most 2 animations" }])
      // A library file that is not a Lottie animation is refused at its block.
      const notLottie = yield* withPage([lottie("a", first.url), lottie("b", image.url)])
      assert.strictEqual(notLottie.status, 400, notLottie.text)
      assert.deepStrictEqual(notLottie.body.error.details, [
        { path: "page.blocks.1.url", message: "must be a Lottie animation" }
      ])
    })
  )

  it.effect("permissions: rewards.read to read, rewards.write to set", () =>
    Effect.gen(function* () {
      const { call, reward, put, keyWith } = yield* setup()
      const reader = yield* keyWith("rewards.read")
      const writer = yield* keyWith("rewards.write")
      assert.strictEqual((yield* call("GET", reward, undefined, reader)).status, 200)
      const noRead = yield* call("GET", reward, undefined, writer)
      assert.deepStrictEqual([noRead.status, noRead.body.error.code], [403, "forbidden"])
      assert.strictEqual((yield* put({ tiers: [tier("T")] }, writer)).status, 200)
      const noWrite = yield* put({ tiers: [tier("T")] }, reader)
      assert.deepStrictEqual([noWrite.status, noWrite.body.error.code], [403, "forbidden"])
      assert.strictEqual((yield* call("GET", reward, undefined, "cg_wrong_key")).status, 401)
    })
  )

  it.effect("402 without the plan's Rewards feature; the reward already set can still be read", () =>
    Effect.gen(function* () {
      const { put, call, reward } = yield* setup({ account: { plan: "free" } })
      const refused = yield* put({ tiers: [tier("T")] })
      assert.deepStrictEqual([refused.status, refused.body.error.code], [402, "upgrade_required"])
      assert.deepStrictEqual(Steps.paths(refused.body), ["features.rewards"])
      assert.strictEqual((yield* call("GET", reward)).status, 200)
    })
  )

  it.effect("404 for a campaign not in the account; 409 for an archived campaign", () =>
    Effect.gen(function* () {
      const { put, call, campaign } = yield* setup()
      const other = yield* setup()
      const foreign = yield* call("PUT", other.reward, { tiers: [tier("T")] })
      assert.deepStrictEqual([foreign.status, foreign.body.error.code], [404, "not_found"])
      assert.strictEqual((yield* call("GET", "/v1/game-instances/gi_nope/reward")).status, 404)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${campaign.id}/archive`)).status, 200)
      const archived = yield* put({ tiers: [tier("T")] })
      assert.deepStrictEqual([archived.status, archived.body.error.code], [409, "conflict"])
    })
  )

  it.effect("rules 2 and 3: a prize holding codes cannot be left out; a used prize keeps its codeStrategy", () =>
    Effect.gen(function* () {
      const { call, campaign, put } = yield* setup()
      const set = (yield* put({ tiers: [tier("A"), tier("B")] })).body.reward
      const [a, b] = set.tiers
      const added = yield* call("POST", `/v1/game-instances/${campaign.id}/reward-coupons`, {
        tierId: b.id,
        codes: [{ code: "KEEP-0001" }]
      })
      assert.strictEqual(added.status, 201, added.text)
      const leftOut = yield* put({ tiers: [a] })
      assert.deepStrictEqual([leftOut.status, leftOut.body.error.code], [409, "conflict"])
      assert.deepStrictEqual(Steps.paths(leftOut.body), ["tiers"])
      const nulled = yield* put(null)
      assert.strictEqual(nulled.status, 409)
      // Sent back with its id, it keeps its codes.
      const kept = yield* put({ tiers: [b, a] })
      assert.strictEqual(kept.status, 200, kept.text)
      assert.deepStrictEqual(
        kept.body.reward.tiers.map((t: any) => [t.id, t.coupons, t.couponsRemaining]),
        [
          [b.id, 1, 1],
          [a.id, 0, 0]
        ]
      )
      const changed = yield* put({ tiers: [{ ...b, codeStrategy: "generated" }, a] })
      assert.strictEqual(changed.status, 409)
      assert.deepStrictEqual(Steps.paths(changed.body), ["tiers.0.codeStrategy"])
      // Withdrawn, the prize can go.
      assert.strictEqual(
        (yield* call("POST", `/v1/game-instances/${campaign.id}/reward-coupons/withdraw`, { tierId: b.id })).body
          .withdrawn,
        1
      )
      const gone = yield* put({ tiers: [a] })
      assert.strictEqual(gone.status, 200, gone.text)
      assert.deepStrictEqual(
        gone.body.reward.tiers.map((t: any) => t.id),
        [a.id]
      )
    })
  )
})
