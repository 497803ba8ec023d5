/**
 * Grants over HTTP: the coupon and the reward page a player receives at the end of a play, coupons
 * given by hand (`POST …/reward-grants`: permission, plan, rate limit, 409s), the list of grants
 * (newest first, codes masked), the `reward_granted` webhook (the code only to endpoints with
 * includeCouponCodes, added at send time), and no code anywhere else: not in a log line, a stored
 * delivery or any list.
 */
import { format } from "node:util"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

/** A wheel whose every spin lands on `lands` but for a chance in a million. */
const wheel = (lands: "gold" | "miss") => ({
  segments: [
    { id: "gold", label: "Gold", isWin: true, weight: lands === "gold" ? 1_000_000 : 1 },
    { id: "miss", label: "Miss", isWin: false, weight: lands === "miss" ? 1_000_000 : 1 }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
})

const tier = (title: string, fields: Record<string, unknown> = {}) => ({
  match: { when: "everyone" },
  display: { title, description: `${title} for you` },
  codeStrategy: "pool",
  ...fields
})

const PAGE = {
  blocks: [
    { id: "title", type: "heading", text: "Thanks for playing" },
    { id: "what", type: "outcome", prefix: "You landed on" },
    { id: "code", type: "coupon", when: "win", caption: "Your code", show: "both" },
    { id: "sorry", type: "text", text: "Better luck next time", when: "not_win" },
    { id: "line", type: "divider", when: "always" }
  ]
}

/**
 * An account with a live wheel (landing on `lands`, made with `campaign`'s other fields) whose
 * reward is `reward`; plays and calls.
 */
const setup = (
  reward: Record<string, unknown>,
  options: { lands?: "gold" | "miss"; account?: Record<string, unknown>; campaign?: Record<string, unknown> } = {}
) =>
  Effect.gen(function* () {
    const { account, request } = yield* TestServer
    const { id: accountId, key } = yield* account(options.account ?? {})
    const call = Steps.caller(request, key)
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const { channel, created } = yield* Steps.channelWithCampaign(call, {
      name: "Spring",
      config: wheel(options.lands ?? "gold"),
      ...options.campaign
    })
    const campaign = created.body.gameInstance
    const base = `/v1/game-instances/${campaign.id}`
    const set = yield* call("PUT", `${base}/reward`, reward)
    assert.strictEqual(set.status, 200, set.text)
    assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
    const prizes = set.body.reward.tiers as Array<{ id: string }>
    const play = (participantRef: string) =>
      Effect.gen(function* () {
        const { minted, finished } = yield* Steps.play(request, {
          key,
          channelId: channel.id,
          participantRef,
          origin: ORIGIN
        })
        assert.strictEqual(minted.status, 201, minted.text)
        assert.strictEqual(finished.status, 200, finished.text)
        return finished.body
      })
    const upload = (codes: ReadonlyArray<unknown>, tierId?: string) =>
      call("POST", `${base}/reward-coupons`, { codes, ...(tierId === undefined ? {} : { tierId }) })
    const grant = (body: unknown, as = key) => call("POST", `${base}/reward-grants`, body, as)
    const grants = (query = "", as = key) => call("GET", `${base}/reward-grants${query}`, undefined, as)
    const keyWith = (...permissions: Array<string>) => Steps.keyWith(call, ...permissions)
    /** Changes the account's plan through the operator API. */
    const operator = (body: Record<string, unknown>) =>
      request("PATCH", `/admin/v1/accounts/${accountId}`, { key: ADMIN_TOKEN, body })
    return { key, call, campaign, channel, base, prizes, play, upload, grant, grants, keyWith, operator }
  })

/** Console output written while `effect` runs (what the server logs), with `effect`'s result. */
const capturingLogs = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.suspend(() => {
    const lines: Array<string> = []
    const methods = ["log", "info", "warn", "error", "debug", "trace"] as const
    const saved = methods.map((m) => console[m])
    for (const m of methods) console[m] = (...args: Array<unknown>) => void lines.push(format(...args))
    return effect.pipe(
      Effect.map((a) => ({ result: a, lines })),
      Effect.ensuring(Effect.sync(() => methods.forEach((m, i) => (console[m] = saved[i]!))))
    )
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("grants", (it) => {
  it.effect("the end of a play: the coupon in full and the page with the blocks of a win, then of a not-win", () =>
    Effect.gen(function* () {
      const { play, upload, prizes } = yield* setup({ tiers: [tier("10% off")], validForSeconds: 3600, page: PAGE })
      assert.strictEqual((yield* upload([{ code: "ONLY-CODE-1", name: "Spring coupon" }])).status, 201)
      const won = yield* play("ann")
      assert.deepStrictEqual(won.outcome, { id: "gold", label: "Gold", isWin: true })
      const grant = won.reward.grant
      assert.deepStrictEqual(
        { ...grant, id: undefined, expiresAt: undefined },
        {
          id: undefined,
          tierId: prizes[0]!.id,
          code: "ONLY-CODE-1",
          couponName: "Spring coupon",
          expiresAt: undefined,
          prize: { title: "10% off", description: "10% off for you" }
        }
      )
      assert.match(grant.id, /^grt_/)
      assert.isTrue(grant.expiresAt > won.entry.createdAt)
      assert.strictEqual(Date.parse(grant.expiresAt) - Date.parse(won.entry.createdAt), 3_600_000)
      assert.deepStrictEqual(won.reward.page, {
        blocks: [PAGE.blocks[0], PAGE.blocks[1], PAGE.blocks[2], PAGE.blocks[4]]
      })
      // The pool is empty now: no coupon, and the page of a not-win.
      const empty = yield* play("bob")
      assert.deepStrictEqual(empty.reward, {
        grant: null,
        page: { blocks: [PAGE.blocks[0], PAGE.blocks[1], PAGE.blocks[3], PAGE.blocks[4]] }
      })
      // Once per participant: ann's next play gives none, though codes were added.
      yield* upload([{ code: "SECOND-001" }])
      assert.isNull((yield* play("ann")).reward.grant)
      assert.strictEqual((yield* play("cid")).reward.grant.code, "SECOND-001")
    })
  )

  it.effect("a losing spin meets no `won` prize; an outcome match; shared and generated codes", () =>
    Effect.gen(function* () {
      const losing = yield* setup({ tiers: [tier("Win", { match: { when: "won" } })], page: PAGE }, { lands: "miss" })
      yield* losing.upload([{ code: "NEVER-GIVEN" }])
      const lost = yield* losing.play("ann")
      assert.strictEqual(lost.outcome.id, "miss")
      assert.isNull(lost.reward.grant)
      assert.deepStrictEqual(
        lost.reward.page.blocks.map((b: any) => b.id),
        ["title", "what", "sorry", "line"]
      )
      const shared = yield* setup({
        tiers: [
          tier("Gold", { match: { when: "outcome", segmentIds: ["gold"] }, codeStrategy: "shared" }),
          tier("Made", { codeStrategy: "generated" })
        ],
        grantOncePerParticipant: false
      })
      yield* shared.upload([{ code: "GOLD-FOR-ALL", issueLimit: 2 }], shared.prizes[0]!.id)
      const codes = [
        yield* shared.play("a"),
        yield* shared.play("b"),
        yield* shared.play("c"),
        yield* shared.play("c")
      ].map((f) => f.reward.grant.code)
      assert.deepStrictEqual(codes.slice(0, 2), ["GOLD-FOR-ALL", "GOLD-FOR-ALL"])
      // The shared code reached its issue limit: the next prize met gives fresh codes.
      assert.notStrictEqual(codes[2], codes[3])
      for (const code of codes.slice(2)) assert.match(code, /^[0-9A-HJKMNP-TV-Z]{12}$/u)
      const none = yield* setup({ tiers: [tier("X")] })
      yield* none.call("PUT", `${none.base}/reward`, null)
      assert.isNull((yield* none.play("ann")).reward)
    })
  )

  it.effect(
    "by hand: 201 with the code masked to its last four, source manual; 409 twice (once per player) and when none is left",
    () =>
      Effect.gen(function* () {
        const { grant, grants, upload, prizes, play } = yield* setup({
          tiers: [tier("A"), tier("B")],
          validForSeconds: 60
        })
        yield* upload([{ code: "HAND-000001", ref: "crm-7", name: "Apology" }], prizes[1]!.id)
        const given = yield* grant({ participantRef: "ann", tierId: prizes[1]!.id })
        assert.strictEqual(given.status, 201, given.text)
        const g = given.body.grant
        assert.deepStrictEqual(
          [g.code, g.source, g.tierId, g.participantRef, g.couponRef, g.couponName, g.sessionId, g.runId, g.winnerId],
          ["****0001", "manual", prizes[1]!.id, "ann", "crm-7", "Apology", null, null, null]
        )
        assert.deepStrictEqual(g.prize, { title: "B", description: "B for you" })
        assert.strictEqual(Date.parse(g.expiresAt) - Date.parse(g.createdAt), 60_000)
        const twice = yield* grant({ participantRef: "ann", tierId: prizes[1]!.id })
        assert.deepStrictEqual([twice.status, twice.body.error.code], [409, "conflict"])
        const out = yield* grant({ participantRef: "bob", tierId: prizes[1]!.id })
        assert.deepStrictEqual([out.status, out.body.error.code], [409, "conflict"])
        const first = yield* grant({ participantRef: "bob" })
        assert.strictEqual(first.status, 409, "the first prize (the default) has no code either")
        const unknown = yield* grant({ participantRef: "bob", tierId: "tier_nope" })
        assert.deepStrictEqual([unknown.status, Steps.paths(unknown.body)], [404, ["tierId"]])
        // A grant by hand counts at the end of a play too.
        yield* upload([{ code: "PLAY-000001" }], prizes[0]!.id)
        assert.isNull((yield* play("ann")).reward.grant)
        const listed = yield* grants()
        assert.deepStrictEqual(
          listed.body.grants.map((x: any) => [x.participantRef, x.code, x.source]),
          [["ann", "****0001", "manual"]]
        )
      })
  )

  it.effect(
    "by draw: each winner without a coupon gets one (source draw, runId, winnerId), announced by reward_granted",
    () =>
      Effect.gen(function* () {
        const receiver = yield* Receiver.make
        const s = yield* setup(
          {
            tiers: [tier("Winner", { match: { when: "drawn" } }), tier("Thanks")],
            validForSeconds: 600
          },
          { lands: "miss", campaign: { winnerSelectionConfig: { maxWinners: 4 } } }
        )
        const [drawnPrize, thanks] = s.prizes
        const drawCodes = ["DRAW-00001", "DRAW-00002", "DRAW-00003", "DRAW-00004"]
        const uploaded = yield* s.upload(
          drawCodes.map((code) => ({ code, ref: `ref-${code}`, name: "Winner coupon" })),
          drawnPrize!.id
        )
        assert.strictEqual(uploaded.status, 201, uploaded.text)
        assert.strictEqual((yield* s.upload([{ code: "THANKS-001" }], thanks!.id)).status, 201)
        // ann is given the one Thanks code at the end of her play; bob, cid and dan meet no prize with
        // a code (a drawn prize is never met at the end of a play); bob is then given one by hand.
        assert.strictEqual((yield* s.play("ann")).reward.grant.code, "THANKS-001")
        for (const player of ["bob", "cid", "dan"]) assert.isNull((yield* s.play(player)).reward.grant)
        const byHand = yield* s.grant({ participantRef: "bob", tierId: drawnPrize!.id })
        assert.strictEqual(byHand.status, 201, byHand.text)
        const endpoint = yield* s.call("POST", "/v1/tenant/webhooks/endpoints", {
          url: receiver.url("/draw"),
          events: ["reward_granted"],
          includeCouponCodes: true
        })
        assert.strictEqual(endpoint.status, 201, endpoint.text)
        const triggered = yield* s.call("POST", `${s.base}/winner-selection/trigger`, {})
        assert.strictEqual(triggered.status, 200, triggered.text)
        const run = triggered.body.run
        // Four players, four winners: ann and bob already have a coupon (once per participant).
        assert.sameMembers(
          run.winners.map((w: any) => w.participantRef),
          ["ann", "bob", "cid", "dan"]
        )
        const winnerOf = (participantRef: string) => run.winners.find((w: any) => w.participantRef === participantRef)
        const listed = yield* s.grants()
        assert.strictEqual(listed.body.total, 4)
        const byDraw = listed.body.grants.filter((g: any) => g.source === "draw")
        assert.sameDeepMembers(
          byDraw.map((g: any) => [g.participantRef, g.tierId, g.runId, g.winnerId, g.sessionId, g.couponName]),
          ["cid", "dan"].map((p) => [p, drawnPrize!.id, run.id, winnerOf(p).id, null, "Winner coupon"])
        )
        for (const g of byDraw) {
          assert.match(g.code, /^\*{4}000[1-4]$/u, "masked")
          assert.strictEqual(Date.parse(g.expiresAt) - Date.parse(g.createdAt), 600_000)
        }
        assert.deepStrictEqual(
          listed.body.grants
            .filter((g: any) => g.source !== "draw")
            .map((g: any) => [g.participantRef, g.source])
            .sort(),
          [
            ["ann", "rule"],
            ["bob", "manual"]
          ]
        )
        // reward_granted, once for each grant of the draw, with the specification's data.
        const sent = (yield* receiver.waitFor(2, "/draw")).map((r) => JSON.parse(r.body))
        assert.lengthOf(sent, 2)
        for (const body of sent) {
          const grant = byDraw.find((g: any) => g.id === body.data.grantId)
          assert.isDefined(grant, body.data.grantId)
          const code = body.data.coupon.code
          assert.include(drawCodes, code)
          assert.strictEqual(grant.code, `****${code.slice(-4)}`)
          assert.deepStrictEqual(body, {
            type: "reward_granted",
            createdAt: body.createdAt,
            data: {
              gameInstanceId: s.campaign.id,
              channelId: s.channel.id,
              grantId: grant.id,
              participantRef: grant.participantRef,
              source: "draw",
              runId: run.id,
              winnerId: winnerOf(grant.participantRef).id,
              tierId: drawnPrize!.id,
              prize: { title: "Winner", description: "Winner for you" },
              coupon: { ref: `ref-${code}`, name: "Winner coupon", code },
              expiresAt: grant.expiresAt
            }
          })
        }
        // The two draw grants and bob's took three of the four codes.
        const counts = (yield* s.call("GET", `${s.base}/reward`)).body.reward.tiers[0]
        assert.deepStrictEqual([counts.coupons, counts.couponsRemaining, counts.granted], [4, 1, 3])
      }).pipe(Effect.scoped)
  )

  it.effect("by hand: 400 for each bound; 403 without rewards.grant; 402 without the feature; 60 a minute", () =>
    Effect.gen(function* () {
      const { grant, keyWith, operator } = yield* setup({
        tiers: [tier("A", { codeStrategy: "generated" })],
        grantOncePerParticipant: false
      })
      for (const [body, path] of [
        [{}, "participantRef"],
        [{ participantRef: "" }, "participantRef"],
        [{ participantRef: "p".repeat(201) }, "participantRef"],
        [{ participantRef: "p", tierId: "" }, "tierId"],
        [{ participantRef: "p", extra: 1 }, "extra"]
      ] as const) {
        const reply = yield* grant(body)
        assert.strictEqual(reply.status, 400, reply.text)
        assert.include(Steps.paths(reply.body), path)
      }
      const reader = yield* keyWith("rewards.read", "rewards.write", "rewards.codes.manage")
      const refused = yield* grant({ participantRef: "p" }, reader)
      assert.deepStrictEqual([refused.status, refused.body.error.code], [403, "forbidden"])
      const granter = yield* keyWith("rewards.grant")
      for (let i = 0; i < 60; i++) {
        const reply = yield* grant({ participantRef: `p${i}` }, granter)
        assert.strictEqual(reply.status, 201, reply.text)
        assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "60")
        assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(59 - i))
      }
      const limited = yield* grant({ participantRef: "p61" }, granter)
      assert.deepStrictEqual([limited.status, limited.body.error.code], [429, "rate_limited"])
      assert.isAtLeast(Number(limited.headers.get("retry-after")), 1)
      // The plan loses the Rewards feature: no more grants by hand.
      assert.strictEqual((yield* operator({ features: { rewards: false } })).status, 200)
      const noFeature = yield* grant({ participantRef: "late" })
      assert.deepStrictEqual([noFeature.status, Steps.paths(noFeature.body)], [402, ["features.rewards"]])
    })
  )

  it.effect("the list: newest first, codes masked to their last four characters, paged; rewards.read", () =>
    Effect.gen(function* () {
      const { grant, grants, keyWith, call, base } = yield* setup({
        tiers: [tier("A", { codeStrategy: "generated" })],
        grantOncePerParticipant: false
      })
      const shown: Array<string> = []
      for (const p of ["ann", "bob", "cid", "dan"]) {
        shown.push((yield* grant({ participantRef: p })).body.grant.code)
        yield* Effect.sleep("5 millis")
      }
      for (const code of shown) assert.match(code, /^\*{4}[0-9A-Z]{4}$/, "a grant by hand shows its code masked")
      const listed = yield* grants()
      assert.strictEqual(listed.status, 200)
      assert.strictEqual(listed.body.total, 4)
      assert.deepStrictEqual(
        listed.body.grants.map((g: any) => [g.participantRef, g.code]),
        [
          ["dan", shown[3]],
          ["cid", shown[2]],
          ["bob", shown[1]],
          ["ann", shown[0]]
        ]
      )
      const page = yield* grants("?limit=2&offset=1")
      assert.deepStrictEqual([page.body.total, page.body.grants.map((g: any) => g.participantRef)], [4, ["cid", "bob"]])
      assert.strictEqual((yield* grants("?limit=200")).status, 200)
      for (const query of ["?limit=0", "?limit=201", "?offset=-1", "?limit=x"]) {
        const reply = yield* grants(query)
        assert.strictEqual(reply.status, 400, query)
      }
      const reader = yield* keyWith("rewards.read")
      assert.strictEqual((yield* grants("", reader)).status, 200)
      const noRead = yield* grants("", yield* keyWith("rewards.grant"))
      assert.strictEqual(noRead.status, 403)
      assert.strictEqual((yield* call("GET", `${base}x/reward-grants`)).status, 404)
    })
  )

  it.effect("reward_granted: the code only to endpoints with includeCouponCodes, and in no log, delivery or list", () =>
    Effect.gen(function* () {
      const receiver = yield* Receiver.make
      const s = yield* setup({ tiers: [tier("A")], validForSeconds: 600, page: PAGE })
      const withCodes = (yield* s.call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/with"),
        events: ["reward_granted"],
        includeCouponCodes: true
      })).body.endpoint
      assert.isDefined(withCodes)
      yield* s.call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/without"),
        events: ["reward_granted"]
      })
      // One receiver fails at first: its retries are logged and recorded.
      receiver.answer("/failing", 500)
      yield* s.call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/failing"),
        events: ["reward_granted", "session_completed"],
        includeCouponCodes: true
      })
      const codes = ["SECRET-RULE-CODE-1", "SECRET-HAND-CODE-2"]
      const { lines, result } = yield* capturingLogs(
        Effect.gen(function* () {
          yield* s.upload(codes.map((code, i) => ({ code, ref: `ref-${i}`, name: `Name ${i}` })))
          const played = yield* s.play("ann")
          const byHand = (yield* s.grant({ participantRef: "bob" })).body.grant
          yield* receiver.waitFor(2, "/with")
          yield* receiver.waitFor(2, "/without")
          yield* receiver.waitFor(2, "/failing")
          const listed = yield* s.grants()
          const reward = yield* s.call("GET", `${s.base}/reward`)
          const deliveries = yield* s.call("GET", "/v1/tenant/webhooks/deliveries?limit=200")
          return { played, byHand, listed, reward, deliveries }
        })
      )
      const { byHand, deliveries, listed, played, reward } = result
      const byHandCode = codes.find((code) => code !== played.reward.grant.code)!
      assert.sameMembers([played.reward.grant.code, byHandCode], codes)
      assert.strictEqual(byHand.code, `****${byHandCode.slice(-4)}`, "the answer of a grant by hand masks its code")
      const sent = (path: string) => receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body))
      const bySource = (bodies: Array<any>, source: string) => bodies.find((b) => b.data.source === source)
      const rule = bySource(sent("/with"), "rule")
      assert.deepStrictEqual(rule, {
        type: "reward_granted",
        createdAt: rule.createdAt,
        data: {
          gameInstanceId: s.campaign.id,
          channelId: s.channel.id,
          grantId: played.reward.grant.id,
          participantRef: "ann",
          source: "rule",
          sessionId: played.entry.sessionId,
          tierId: s.prizes[0]!.id,
          prize: { title: "A", description: "A for you" },
          coupon: {
            ref: `ref-${codes.indexOf(played.reward.grant.code)}`,
            name: `Name ${codes.indexOf(played.reward.grant.code)}`,
            code: played.reward.grant.code
          },
          expiresAt: played.reward.grant.expiresAt
        }
      })
      const manual = bySource(sent("/with"), "manual")
      assert.strictEqual(manual.data.coupon.code, byHandCode)
      assert.isFalse("sessionId" in manual.data || "runId" in manual.data)
      for (const body of sent("/without")) {
        assert.isFalse("code" in body.data.coupon, "no code without includeCouponCodes")
        assert.deepStrictEqual(Object.keys(body.data.coupon).sort(), ["name", "ref"])
      }
      // The code is nowhere else: not in a log line, the stored deliveries, the lists.
      assert.isAbove(deliveries.body.deliveries.length, 4)
      // The server logged the grant by hand (ids and counts) and the codes added: never a code.
      assert.isTrue(
        lines.some((line) => line.includes("coupon granted by hand") && line.includes(byHand.id)),
        lines.join("\n")
      )
      for (const code of codes) {
        for (const line of lines) assert.notInclude(line, code, "a log line")
        assert.notInclude(deliveries.text, code, "the delivery log")
        assert.notInclude(listed.text, code, "the list of grants")
        assert.notInclude(reward.text, code, "the reward")
      }
      for (const code of codes) assert.include(listed.text, `****${code.slice(-4)}`)
    })
  )
})
