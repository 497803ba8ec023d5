/**
 * Rewards as a specification, through the use cases on the memory store: an account with a live
 * wheel; its reward is set, codes are added, and players finish plays, are given coupons by hand or
 * win a draw. What is asserted is what a player, a backend and a webhook endpoint would see: the
 * finish's `reward`, the reward's counts, the grants listed, the events and deliveries stored.
 */
import { Fixtures, MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Option } from "effect"
import * as Accounts from "../../src/accounts/Accounts.ts"
import * as Campaigns from "../../src/campaigns/Campaigns.ts"
import * as Channels from "../../src/campaigns/Channels.ts"
import * as FileRule from "../../src/campaigns/FileRule.ts"
import { WinnerGrants } from "../../src/draws/WinnerGrants.ts"
import * as InstanceCache from "../../src/InstanceCache.ts"
import * as AllowedOrigins from "../../src/play/AllowedOrigins.ts"
import * as ClientTokenSigner from "../../src/play/ClientTokenSigner.ts"
import * as Entry from "../../src/play/Entry.ts"
import * as Plays from "../../src/play/Plays.ts"
import * as Coupon from "../../src/rewards/Coupon.ts"
import type * as Reward from "../../src/rewards/Reward.ts"
import * as Rewards from "../../src/rewards/Rewards.ts"
import * as RewardsEngine from "../../src/rewards/RewardsEngine.ts"
import * as Secrets from "../../src/Secrets.ts"
import * as Webhook from "../../src/webhooks/Webhook.ts"
import * as Webhooks from "../../src/webhooks/Webhooks.ts"
import type * as Plan from "../../src/accounts/Plan.ts"
import * as Given from "../support/Given.ts"

const { ORIGIN } = Given
const LOTTIE = "https://media.example/files/confetti"

/**
 * The use cases on a fresh memory store, the outbox fanned out to deliveries as the engine has it,
 * with `secrets` (WebCrypto's, unless a test scripts the codes it draws).
 */
const layerWith = (secrets: Layer.Layer<Secrets.Secrets>) =>
  Layer.mergeAll(
    Accounts.Accounts.layer,
    Channels.Channels.layer,
    Campaigns.Campaigns.layer,
    AllowedOrigins.AllowedOrigins.layer,
    Plays.Plays.layer,
    RewardsEngine.layer({ background: false })
  ).pipe(
    Layer.provideMerge(Webhooks.Webhooks.layerFanOut),
    Layer.provideMerge(ClientTokenSigner.layerSecret("rewards-test-secret")),
    Layer.provideMerge(secrets),
    Layer.provideMerge(FileRule.MediaLibrary.layerStatic({ [LOTTIE]: "application/json" })),
    Layer.provideMerge(InstanceCache.InstanceCache.layer),
    Layer.provideMerge(MemoryStore.layer)
  )

const layer = layerWith(Secrets.Secrets.layerWebCrypto)

const RFC4648 = "abcdefghijklmnopqrstuvwxyz234567"

/**
 * WebCrypto's `Secrets`, but for the draws of coupon codes (`randomToken` of 10 bytes a code, which
 * only `Coupon.generate` asks: every other secret is 8, 32 or 33 bytes), which give first the
 * random parts of `draws` (12 Crockford characters a code, one array a draw, as many codes as the
 * draw asks), then random ones. The token is what WebCrypto's would be for those codes: 16 base32
 * characters a code, of which `Coupon.generate` reads the first 12.
 */
const scriptedCodes = (draws: ReadonlyArray<ReadonlyArray<string>>) =>
  Layer.effect(
    Secrets.Secrets,
    Effect.gen(function* () {
      const real = yield* Secrets.Secrets
      const left = [...draws]
      const tokenOf = (codes: ReadonlyArray<string>) =>
        codes.map((code) => [...code].map((c) => RFC4648[Coupon.ALPHABET.indexOf(c)]).join("") + "aaaa").join("")
      return Secrets.Secrets.of({
        ...real,
        randomToken: (bytes) => {
          if (bytes % 10 !== 0 || left.length === 0) return real.randomToken(bytes)
          const codes = left.shift()!
          return codes.length === bytes / 10
            ? Effect.succeed(tokenOf(codes))
            : Effect.die(`the script draws ${codes.length} codes where ${bytes / 10} are asked`)
        }
      })
    })
  ).pipe(Layer.provide(Secrets.Secrets.layerWebCrypto))

/** A wheel whose every spin wins (`gold`), or loses (`miss`), but for one chance in a million. */
const wheel = (lands: "gold" | "miss") => ({
  segments: [
    { id: "gold", label: "Gold", isWin: true, weight: lands === "gold" ? 1_000_000 : 1 },
    { id: "miss", label: "Miss", isWin: false, weight: lands === "miss" ? 1_000_000 : 1 }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
})

const page: Reward.RewardInput["page"] = {
  blocks: [
    { id: "head", type: "heading", text: "Thanks for playing" },
    { id: "code", type: "coupon", when: "win", caption: "Your code" },
    { id: "sorry", type: "text", text: "Better luck next time", when: "not_win" },
    { id: "fun", type: "lottie", url: LOTTIE, when: "win" }
  ]
}

const prize = (title: string, fields: Partial<Reward.TierInput> = {}): Reward.TierInput => ({
  match: { when: "everyone" },
  display: { title, description: `${title}, for you` },
  codeStrategy: "pool",
  ...fields
})

/** An account with a channel and a live wheel (landing on `lands`), with `reward` set. */
const world = Effect.fnUntraced(function* (
  reward: Reward.RewardInput,
  options: { readonly lands?: "gold" | "miss"; readonly limits?: Plan.LimitOverrides } = {}
) {
  const { actor, channel } = yield* Given.account(options)
  const config = wheel(options.lands ?? "gold")
  const draft = yield* Given.launch(actor, channel.id, { name: "Spring", config }, "draft")
  const rewards = yield* Rewards.Rewards
  const set = yield* rewards.set(actor, draft.id, reward)
  const campaign = yield* (yield* Campaigns.Campaigns).activate(actor, draft.id, {})
  return { actor, channel, campaign, tiers: set!.tiers }
})

type World = Effect.Success<ReturnType<typeof world>>

const play = Effect.fnUntraced(function* (w: World, participantRef: string) {
  const plays = yield* Plays.Plays
  const minted = yield* plays.mint(w.actor, { channelId: w.channel.id, participantRef, origin: ORIGIN })
  if (minted._tag !== "Token") return assert.fail("expected a token")
  const started = yield* plays.start(minted.clientToken)
  return yield* plays.finish(minted.clientToken, started.session.id, {})
})

const upload = (w: World, codes: ReadonlyArray<Coupon.CouponInput>, tierId?: string) =>
  Effect.flatMap(Effect.service(Rewards.Rewards), (r) =>
    r.upload(w.actor, w.campaign.id, { codes, ...(tierId === undefined ? {} : { tierId }) })
  )

const codesOf = (n: number, prefix = "CODE") => Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${i}` }))

const rewardOf = (w: World) => Effect.flatMap(Effect.service(Rewards.Rewards), (r) => r.get(w.actor, w.campaign.id))

const events = Effect.flatMap(Effect.service(MemoryStore.EventLog), (log) => log.all)

/** The reason of a failure (a subsystem error's), or the tag of one without (`StoreError`, a shared failure). */
const reasonOf = (error: { readonly _tag: string }): string =>
  "reason" in error ? (error.reason as { readonly _tag: string })._tag : error._tag

/** A test on a fresh store. */
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, Layer.Success<typeof layer>>) =>
  it.effect(name, () => Effect.provide(body(), layer))

/** A test on a fresh store whose code draws are scripted (`scriptedCodes`). */
const testDrawing = <A, E>(
  name: string,
  draws: ReadonlyArray<ReadonlyArray<string>>,
  body: () => Effect.Effect<A, E, Layer.Success<typeof layer>>
) => it.effect(name, () => Effect.provide(body(), layerWith(scriptedCodes(draws))))

describe("Grants at the end of a play", () => {
  test("the first prize met gives a code once; the page comes with the blocks of a win", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("10% off")], page, validForSeconds: 3600 })
      const named = { code: "SPRING-0001", name: "Spring coupon", ref: "sku-1" }
      yield* upload(w, [named, { code: "SPRING-0002" }])
      const first = yield* play(w, "ann")
      const grant = first.reward?.grant
      assert.isDefined(grant)
      // Codes are given in no order the caller chose; each once.
      assert.strictEqual(grant!.couponName, grant!.code === named.code ? "Spring coupon" : null)
      assert.strictEqual(grant!.tierId, w.tiers[0]!.id)
      assert.deepStrictEqual(grant!.prize, { title: "10% off", description: "10% off, for you" })
      assert.deepStrictEqual(
        first.reward?.page?.blocks.map((b) => b.id),
        ["head", "code", "fun"]
      )
      const second = yield* play(w, "bob")
      assert.sameMembers([grant!.code, second.reward!.grant!.code], ["SPRING-0001", "SPRING-0002"])
      // The pool is empty: no coupon, and the page of a not-win.
      const third = yield* play(w, "cid")
      assert.isNull(third.reward?.grant)
      assert.deepStrictEqual(
        third.reward?.page?.blocks.map((b) => b.id),
        ["head", "sorry"]
      )
      const counts = (yield* rewardOf(w))!.tiers[0]!
      assert.deepStrictEqual([counts.coupons, counts.couponsRemaining, counts.granted], [2, 0, 2])
    }))

  test("grantOncePerParticipant: a player's second play gets none; off, it gets another", () =>
    Effect.gen(function* () {
      const once = yield* world({ tiers: [prize("A")] })
      yield* upload(once, codesOf(3))
      assert.isNotNull((yield* play(once, "ann")).reward?.grant)
      assert.isNull((yield* play(once, "ann")).reward?.grant)
      const many = yield* world({ tiers: [prize("B")], grantOncePerParticipant: false })
      yield* upload(many, codesOf(3))
      assert.isNotNull((yield* play(many, "ann")).reward?.grant)
      assert.isNotNull((yield* play(many, "ann")).reward?.grant)
    }))

  test("a prize that ran out is passed over for the next one the player meets", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("Gold", { match: { when: "won" } }), prize("Thanks")] })
      yield* upload(w, [{ code: "GOLD-0001" }], w.tiers[0]!.id)
      yield* upload(w, [{ code: "THANKS-001" }], w.tiers[1]!.id)
      assert.strictEqual((yield* play(w, "ann")).reward?.grant?.code, "GOLD-0001")
      const next = (yield* play(w, "bob")).reward?.grant
      assert.deepStrictEqual([next?.code, next?.tierId], ["THANKS-001", w.tiers[1]!.id])
    }))

  test("a losing spin meets no `won` prize: no coupon, the page of a not-win", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("Gold", { match: { when: "won" } })], page }, { lands: "miss" })
      yield* upload(w, codesOf(2))
      const finished = yield* play(w, "ann")
      assert.strictEqual(finished.outcome?.id, "miss")
      assert.isNull(finished.reward?.grant)
      assert.deepStrictEqual(
        finished.reward?.page?.blocks.map((b) => b.id),
        ["head", "sorry"]
      )
    }))

  test("an outcome match gives its prize on its segments only", () =>
    Effect.gen(function* () {
      const gold = yield* world({ tiers: [prize("G", { match: { when: "outcome", segmentIds: ["gold"] } })] })
      yield* upload(gold, codesOf(1))
      assert.strictEqual((yield* play(gold, "ann")).reward?.grant?.code, "CODE-0")
      const miss = yield* world(
        { tiers: [prize("G", { match: { when: "outcome", segmentIds: ["gold"] } })] },
        { lands: "miss" }
      )
      yield* upload(miss, codesOf(1))
      assert.isNull((yield* play(miss, "ann")).reward?.grant)
    }))

  test("shared gives its one code to everyone; generated makes a fresh one for each", () =>
    Effect.gen(function* () {
      const shared = yield* world({ tiers: [prize("S", { codeStrategy: "shared" })] })
      yield* upload(shared, [{ code: "EVERYONE10" }])
      const codes = [yield* play(shared, "a"), yield* play(shared, "b"), yield* play(shared, "c")].map(
        (f) => f.reward?.grant?.code
      )
      assert.deepStrictEqual(codes, ["EVERYONE10", "EVERYONE10", "EVERYONE10"])
      const generated = yield* world({ tiers: [prize("G", { codeStrategy: "generated" })] })
      const made = [yield* play(generated, "a"), yield* play(generated, "b")].map((f) => f.reward?.grant?.code ?? "")
      assert.notStrictEqual(made[0], made[1])
      for (const code of made) assert.match(code, /^[0-9A-HJKMNP-TV-Z]{12}$/u)
      const counts = (yield* rewardOf(generated))!.tiers[0]!
      assert.deepStrictEqual([counts.couponsRemaining, counts.granted], [null, 2])
    }))

  test("a campaign without a reward answers reward null, and a reward set after a start applies to its finish", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")] })
      const rewards = yield* Rewards.Rewards
      yield* rewards.set(w.actor, w.campaign.id, null)
      assert.isNull((yield* play(w, "ann")).reward)
      const plays = yield* Plays.Plays
      const minted = yield* plays.mint(w.actor, { channelId: w.channel.id, participantRef: "bob", origin: ORIGIN })
      if (minted._tag !== "Token") return assert.fail("expected a token")
      const started = yield* plays.start(minted.clientToken)
      // The instance remembered the campaign without a reward at the start; the finish sees the new one.
      const set = yield* rewards.set(w.actor, w.campaign.id, { tiers: [prize("B")] })
      yield* upload(w, codesOf(1))
      const finished = yield* plays.finish(minted.clientToken, started.session.id, {})
      assert.deepStrictEqual(
        [finished.reward?.grant?.code, finished.reward?.grant?.tierId],
        ["CODE-0", set!.tiers[0]!.id]
      )
    }))

  test("reward_granted: the specification's data in the outbox and deliveries, never the code", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")], validForSeconds: 60 })
      yield* upload(w, [{ code: "SECRET-CODE-1", ref: "r-1", name: "Welcome" }])
      const endpoints = yield* Webhook.EndpointRepo
      const endpoint: Webhook.Endpoint = {
        id: "we_rewards",
        accountId: w.actor.account.id,
        url: "https://hooks.example/r",
        events: ["reward_granted"],
        gameInstanceIds: [],
        channelIds: [],
        includeCouponCodes: true,
        status: "active",
        secret: "whsec_x",
        createdAt: w.campaign.createdAt,
        updatedAt: w.campaign.createdAt
      }
      yield* endpoints.insert(endpoint)
      const finished = yield* play(w, "ann")
      const grant = finished.reward!.grant!
      const event = (yield* events).find((e) => e.type === "reward_granted")!
      assert.deepStrictEqual(event.data, {
        gameInstanceId: w.campaign.id,
        channelId: w.channel.id,
        grantId: grant.id,
        participantRef: "ann",
        source: "rule",
        sessionId: finished.entry.sessionId,
        tierId: grant.tierId,
        prize: { title: "A", description: "A, for you" },
        coupon: { ref: "r-1", name: "Welcome" },
        expiresAt: grant.expiresAt === null ? null : DateTime.formatIso(grant.expiresAt)
      })
      const deliveries = yield* Webhook.DeliveryRepo
      const listed = yield* deliveries.list(
        w.actor.account.id,
        { search: undefined, status: undefined, sort: "createdAt", dir: "desc" },
        { limit: 10, offset: 0 }
      )
      assert.strictEqual(listed.items.length, 1)
      assert.deepStrictEqual(listed.items[0]!.payload.data, event.data)
      assert.notInclude(JSON.stringify(listed.items), "SECRET-CODE-1")
      assert.notInclude(JSON.stringify(yield* events), "SECRET-CODE-1")
      // The dispatcher asks the rewards for the code at send time.
      const codes = yield* Webhook.CouponCodes
      assert.deepStrictEqual(yield* codes(w.actor.account.id, grant.id), Option.some("SECRET-CODE-1"))
      assert.deepStrictEqual(yield* codes("acc_other", grant.id), Option.none())
    }))
})

describe("Grants by hand and by draw", () => {
  test("by hand: the prize asked, its code masked to its last four characters; once per player; 409 when none is left", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A"), prize("B")], validForSeconds: 120 })
      yield* upload(w, [{ code: "HAND-00001" }], w.tiers[1]!.id)
      const rewards = yield* Rewards.Rewards
      const grant = yield* rewards.grant(w.actor, w.campaign.id, { participantRef: "ann", tierId: w.tiers[1]!.id })
      assert.deepStrictEqual([grant.code, grant.source, grant.tierId], ["****0001", "manual", w.tiers[1]!.id])
      assert.strictEqual(
        DateTime.toEpochMillis(grant.expiresAt!) - DateTime.toEpochMillis(grant.createdAt),
        120_000,
        "expiresAt = grant time + validForSeconds"
      )
      const again = yield* Effect.flip(
        rewards.grant(w.actor, w.campaign.id, { participantRef: "ann", tierId: w.tiers[1]!.id })
      )
      assert.deepStrictEqual([again._tag, reasonOf(again)], ["RewardsError", "AlreadyGranted"])
      const out = yield* Effect.flip(rewards.grant(w.actor, w.campaign.id, { participantRef: "bob" }))
      assert.deepStrictEqual([out._tag, reasonOf(out)], ["RewardsError", "OutOfCodes"])
      const unknown = yield* Effect.flip(
        rewards.grant(w.actor, w.campaign.id, { participantRef: "bob", tierId: "nope" })
      )
      assert.deepStrictEqual([unknown._tag, reasonOf(unknown)], ["RewardsError", "TierNotFound"])
      // A grant by hand counts for once-per-player at the end of a play too.
      yield* upload(w, codesOf(2), w.tiers[0]!.id)
      assert.isNull((yield* play(w, "ann")).reward?.grant)
      const listed = yield* rewards.grants(w.actor, w.campaign.id, { limit: 10, offset: 0 })
      assert.deepStrictEqual(
        listed.items.map((g) => [g.participantRef, g.code]),
        [["ann", "****0001"]]
      )
    }))

  test("by draw: each winner gets the first prize its entry meets, once per player", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("Drawn", { match: { when: "drawn" } }), prize("Everyone")] })
      yield* upload(w, [{ code: "DRAWN-0001" }], w.tiers[0]!.id)
      yield* upload(w, codesOf(1), w.tiers[1]!.id)
      // ann played (and got the everyone prize); bob and cid did not get one.
      const ann = yield* play(w, "ann")
      const entries = (yield* (yield* Plays.Plays).entries(
        w.actor,
        w.campaign.id,
        { search: undefined, sort: "createdAt", dir: "asc", eligible: undefined },
        { limit: 10, offset: 0 }
      )).items
      assert.strictEqual(entries.length, 1)
      const winners = [
        { winnerId: "win_1", participantRef: "ann", rank: 1, entryId: ann.entry.id },
        { winnerId: "win_2", participantRef: "bob", rank: 2, entryId: "ent_unknown" },
        { winnerId: "win_3", participantRef: "cid", rank: 3, entryId: "ent_unknown_2" }
      ]
      const grants = yield* WinnerGrants
      yield* grants.grant({
        accountId: w.actor.account.id,
        campaignId: w.campaign.id,
        runId: "run_1",
        winners,
        now: w.campaign.createdAt
      })
      const listed = (yield* (yield* Rewards.Rewards).grants(w.actor, w.campaign.id, { limit: 10, offset: 0 })).items
      const byDraw = listed.filter((g) => g.source === "draw")
      // ann already had a coupon (once per player); bob gets the drawn prize; cid finds none left.
      assert.deepStrictEqual(
        byDraw.map((g) => [g.participantRef, g.tierId, g.runId, g.winnerId]),
        [["bob", w.tiers[0]!.id, "run_1", "win_2"]]
      )
      const event = (yield* events).find((e) => e.type === "reward_granted" && e.data["source"] === "draw")!
      assert.deepStrictEqual(
        [event.data["runId"], event.data["winnerId"], "sessionId" in event.data],
        ["run_1", "win_2", false]
      )
      assert.strictEqual(Entry.view(ann.entry).gameInstanceId, w.campaign.id)
    }))
})

describe("Codes", () => {
  test("upload counts duplicates; generate makes unique codes; withdraw takes back what was not given", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")] })
      const rewards = yield* Rewards.Rewards
      const twice = { code: "DUP-00001", issueLimit: 2 }
      assert.deepStrictEqual(yield* upload(w, [twice, twice, { code: "NEW-00001", issueLimit: 2 }]), {
        added: 2,
        duplicates: 1
      })
      assert.deepStrictEqual(yield* upload(w, [twice]), { added: 0, duplicates: 1 })
      const made = yield* rewards.generate(w.actor, w.campaign.id, { quantity: 50, prefix: "SPR-", issueLimit: 3 })
      assert.strictEqual(made.generated, 50)
      assert.strictEqual(new Set(made.codes).size, 50)
      for (const code of made.codes) assert.match(code, /^SPR-[0-9A-HJKMNP-TV-Z]{12}$/u)
      assert.deepStrictEqual((yield* rewardOf(w))!.tiers[0]!.couponsRemaining, 2 * 2 + 50 * 3)
      yield* play(w, "ann")
      // One code was given once (and could give more): the 51 never given are deleted, that one is closed.
      const withdrawn = yield* rewards.withdraw(w.actor, w.campaign.id, {})
      assert.strictEqual(withdrawn, 52)
      const counts = (yield* rewardOf(w))!.tiers[0]!
      assert.deepStrictEqual([counts.coupons, counts.couponsRemaining, counts.granted], [1, 0, 1])
      assert.isNull((yield* play(w, "bob")).reward?.grant)
    }))

  test("the stored coupon codes limit counts codes in stock: 402 and nothing added past it", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")] }, { limits: { storedCouponCodes: 3 } })
      const rewards = yield* Rewards.Rewards
      const over = yield* Effect.flip(upload(w, codesOf(4)))
      assert.deepStrictEqual([over._tag, reasonOf(over)], ["PlanError", "LimitReached"])
      assert.deepStrictEqual(yield* upload(w, codesOf(2)), { added: 2, duplicates: 0 })
      const generated = yield* Effect.flip(rewards.generate(w.actor, w.campaign.id, { quantity: 2 }))
      assert.strictEqual(generated._tag, "PlanError")
      assert.strictEqual((yield* rewardOf(w))!.tiers[0]!.coupons, 2)
      // A code given leaves the stock: room for one more.
      yield* play(w, "ann")
      assert.strictEqual((yield* rewards.generate(w.actor, w.campaign.id, { quantity: 2 })).generated, 2)
    }))

  test("a generated prize stores no codes; a shared prize holds one at a time; a prize must exist", () =>
    Effect.gen(function* () {
      const w = yield* world({
        tiers: [prize("G", { codeStrategy: "generated" }), prize("S", { codeStrategy: "shared" })]
      })
      const generatedPrize = yield* Effect.flip(upload(w, codesOf(1)))
      assert.strictEqual(reasonOf(generatedPrize), "CodesNotStored")
      const two = yield* Effect.flip(upload(w, codesOf(2), w.tiers[1]!.id))
      assert.strictEqual(reasonOf(two), "OneSharedCode")
      yield* upload(w, codesOf(1), w.tiers[1]!.id)
      const held = yield* Effect.flip(upload(w, [{ code: "OTHER-001" }], w.tiers[1]!.id))
      assert.strictEqual(reasonOf(held), "OneSharedCode")
      const missing = yield* Effect.flip(upload(w, codesOf(1), "tier_nope"))
      assert.deepStrictEqual([missing._tag, reasonOf(missing)], ["RewardsError", "TierNotFound"])
    }))
})

describe("Codes drawn again on a collision", () => {
  testDrawing(
    "generate: a code the campaign has, or one its draw repeats, is drawn again until the quantity is made",
    [
      ["TAKEN0000000", "FRESH0000001", "FRESH0000001", "FRESH0000002"],
      ["FRESH0000002", "FRESH0000003"],
      ["FRESH0000004"]
    ],
    () =>
      Effect.gen(function* () {
        const w = yield* world({ tiers: [prize("A")] })
        yield* upload(w, [{ code: "SPR-TAKEN0000000" }])
        const made = yield* (yield* Rewards.Rewards).generate(w.actor, w.campaign.id, { quantity: 4, prefix: "SPR-" })
        // The first draw made two fresh codes, the second one, the third the last.
        assert.strictEqual(made.generated, 4)
        assert.sameMembers(
          [...made.codes],
          ["SPR-FRESH0000001", "SPR-FRESH0000002", "SPR-FRESH0000003", "SPR-FRESH0000004"]
        )
        const counts = (yield* rewardOf(w))!.tiers[0]!
        assert.deepStrictEqual([counts.coupons, counts.couponsRemaining], [5, 5])
      })
  )

  testDrawing(
    "generate: draws that keep colliding end in an error after five rounds, with nothing added",
    Array.from({ length: 5 }, () => ["TAKEN0000000"]),
    () =>
      Effect.gen(function* () {
        const w = yield* world({ tiers: [prize("A")] })
        yield* upload(w, [{ code: "TAKEN0000000" }])
        const failed = yield* Effect.flip((yield* Rewards.Rewards).generate(w.actor, w.campaign.id, { quantity: 1 }))
        assert.strictEqual(failed._tag, "StoreError")
        assert.strictEqual((yield* rewardOf(w))!.tiers[0]!.coupons, 1)
      })
  )

  testDrawing(
    "a generated prize whose made code the campaign has makes another: at the end of a play and by hand",
    [
      ["MADE00000001"],
      // bob's finish draws ann's code, then a fresh one.
      ["MADE00000001"],
      ["MADE00000002"],
      // cid's grant by hand draws bob's code and ann's, then a fresh one.
      ["MADE00000002"],
      ["MADE00000001"],
      ["MADE00000003"]
    ],
    () =>
      Effect.gen(function* () {
        const w = yield* world({ tiers: [prize("G", { codeStrategy: "generated" })] })
        const rewards = yield* Rewards.Rewards
        assert.strictEqual((yield* play(w, "ann")).reward?.grant?.code, "MADE00000001")
        assert.strictEqual((yield* play(w, "bob")).reward?.grant?.code, "MADE00000002")
        const byHand = yield* rewards.grant(w.actor, w.campaign.id, { participantRef: "cid" })
        assert.strictEqual(byHand.code, "****0003")
        // A collision wrote nothing: three grants and three events, each code given once.
        const listed = yield* rewards.grants(w.actor, w.campaign.id, { limit: 10, offset: 0 })
        assert.sameDeepMembers(
          listed.items.map((g) => [g.participantRef, g.source, g.code]),
          [
            ["ann", "rule", "****0001"],
            ["bob", "rule", "****0002"],
            ["cid", "manual", "****0003"]
          ]
        )
        assert.lengthOf(
          (yield* events).filter((e) => e.type === "reward_granted"),
          3
        )
        assert.strictEqual((yield* rewardOf(w))!.tiers[0]!.granted, 3)
      })
  )
})

describe("Setting the reward", () => {
  test("mirrors grantOncePerParticipant and validForSeconds on the campaign; null resets them", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")], grantOncePerParticipant: false, validForSeconds: 600 })
      const campaigns = yield* Campaigns.Campaigns
      const campaign = yield* campaigns.get(w.actor, w.campaign.id)
      assert.deepStrictEqual([campaign.grantOncePerParticipant, campaign.rewardValidForSeconds], [false, 600])
      yield* (yield* Rewards.Rewards).set(w.actor, w.campaign.id, null)
      const reset = yield* campaigns.get(w.actor, w.campaign.id)
      assert.deepStrictEqual([reset.grantOncePerParticipant, reset.rewardValidForSeconds], [true, null])
    }))

  test("a prize holding codes cannot be left out until they are withdrawn; one that gave cannot change strategy", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A"), prize("B")] })
      const rewards = yield* Rewards.Rewards
      yield* upload(w, codesOf(2), w.tiers[1]!.id)
      const keepFirst = { tiers: [prize("A", { id: w.tiers[0]!.id })] }
      const refused = yield* Effect.flip(rewards.set(w.actor, w.campaign.id, keepFirst))
      assert.deepStrictEqual([refused._tag, reasonOf(refused)], ["RewardsError", "PrizeHoldsCodes"])
      yield* rewards.withdraw(w.actor, w.campaign.id, { tierId: w.tiers[1]!.id })
      const kept = yield* rewards.set(w.actor, w.campaign.id, keepFirst)
      assert.deepStrictEqual(
        kept!.tiers.map((t) => t.id),
        [w.tiers[0]!.id]
      )
      yield* upload(w, codesOf(1, "A"))
      yield* play(w, "ann")
      const locked = yield* Effect.flip(
        rewards.set(w.actor, w.campaign.id, { tiers: [prize("A", { id: w.tiers[0]!.id, codeStrategy: "generated" })] })
      )
      assert.deepStrictEqual([locked._tag, reasonOf(locked)], ["RewardsError", "StrategyLocked"])
    }))

  test("an animation from outside the media library is refused, by path", () =>
    Effect.gen(function* () {
      const w = yield* world({ tiers: [prize("A")] })
      const refused = yield* Effect.flip(
        (yield* Rewards.Rewards).set(w.actor, w.campaign.id, {
          tiers: [prize("A", { id: w.tiers[0]!.id })],
          page: {
            blocks: [
              { id: "a", type: "lottie", url: "https://cdn.example/a.json" },
              { id: "i", type: "image", url: "https://cdn.example/a.mp4" }
            ]
          }
        })
      )
      if (refused._tag !== "InvalidFields") return assert.fail(refused._tag)
      assert.deepStrictEqual(
        (refused.details ?? []).map((d) => [d.path, d.message]),
        [
          ["page.blocks.0.url", "must be a file from the media library"],
          ["page.blocks.1.url", "must be an image"]
        ]
      )
    }))
})
