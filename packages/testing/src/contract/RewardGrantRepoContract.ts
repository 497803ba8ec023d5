/**
 * The contract of `GrantRepo`: a planned grant gives a code of the first of its prizes, in their
 * order, that has one whose issue limit is not reached (a `pool`'s or `shared`'s; which code is the
 * store's choice), else its made code (a `generated`
 * prize; `CodeTaken`, nothing written, when the campaign has that code), else nothing
 * (`OutOfCodes`); with `once`, none to a player who already received one (`AlreadyGranted`). The
 * grant keeps its prize and the code's ref and name; it is all or nothing, also inside a
 * transaction that fails. Lists are newest first with the codes' last four characters; `code` reads
 * a grant's code in its account only; `outcomes` the outcomes of entries.
 *
 * Under concurrency (every store; real parallel transactions on PostgreSQL): 1,000 grants to
 * distinct players against 100 single-use codes give exactly 100, each code once; a code with an
 * issue limit of n is given exactly n times; 20 grants to one player of a campaign that grants once
 * give one.
 *
 * @since 0.1.0
 */
import { Entry, Grant, Store, type StorePorts } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, makeEntry, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount } from "../internal/Given.ts"
import { givenCoupons, givenReward, makePlan, makeTier, stockOf } from "./RewardFixturesContract.ts"

/** The tags of grants' results, counted. */
const tally = (results: ReadonlyArray<Grant.Written>) => {
  const counts: Record<string, number> = {}
  for (const r of results) counts[r._tag] = (counts[r._tag] ?? 0) + 1
  return counts
}

/** The codes given by grants' results. */
const codesGiven = (results: ReadonlyArray<Grant.Written>) =>
  results.flatMap((r) => (r._tag === "Granted" ? [r.given.code] : []))

/** Registers the `GrantRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>): void => {
  it.effect("a grant gives the first prize with a code; the grant keeps the prize and the code's ref and name", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const empty = makeTier()
      const pool = makeTier({ display: { title: "Pool" } })
      const { campaign, reward } = yield* givenReward([empty, pool])
      const [coupon] = yield* givenCoupons(campaign, pool.id, 1, { ref: "ref « 1 »", name: "Nom 🎁" })
      const plan = makePlan(campaign, reward, "joueur « 1 »", { source: "rule", sessionId: uid("ses") })
      const written = yield* grants.grant(plan)
      assertSame(written, {
        _tag: "Granted",
        given: {
          tierId: pool.id,
          couponId: coupon!.id,
          code: coupon!.code,
          couponRef: "ref « 1 »",
          couponName: "Nom 🎁"
        }
      })
      const listed = yield* grants.list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })
      assertSame(listed, {
        total: 1,
        items: [
          {
            id: plan.id,
            accountId: campaign.accountId,
            campaignId: campaign.id,
            tierId: pool.id,
            couponId: coupon!.id,
            participantRef: "joueur « 1 »",
            source: "rule",
            sessionId: plan.sessionId,
            runId: null,
            winnerId: null,
            prize: { title: "Pool", description: null },
            couponRef: "ref « 1 »",
            couponName: "Nom 🎁",
            expiresAt: plan.expiresAt,
            createdAt: plan.createdAt,
            codeEnd: coupon!.code.slice(-4)
          }
        ]
      })
      assertSome(yield* grants.code(campaign.accountId, plan.id), coupon!.code)
      assertNone(yield* grants.code((yield* givenAccount()).id, plan.id), "another account's grant")
      assertNone(yield* grants.code(campaign.accountId, uid("grt")))
      // Used up: nothing more to give.
      assert.deepStrictEqual(yield* grants.grant(makePlan(campaign, reward, "p2")), { _tag: "OutOfCodes" })
    })
  )

  it.effect("once per participant: a player's second grant is refused, and allowed when not once", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward()
      yield* givenCoupons(campaign, reward.tiers[0]!.id, 4)
      assert.strictEqual((yield* grants.grant(makePlan(campaign, reward, "ann")))._tag, "Granted")
      assert.deepStrictEqual(yield* grants.grant(makePlan(campaign, reward, "ann")), { _tag: "AlreadyGranted" })
      assert.strictEqual((yield* grants.grant(makePlan(campaign, reward, "ann", { once: false })))._tag, "Granted")
      // Recorded whatever the setting it was given under: once again, still refused.
      assert.deepStrictEqual(yield* grants.grant(makePlan(campaign, reward, "ann")), { _tag: "AlreadyGranted" })
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })).total, 2)
    })
  )

  it.effect("a generated prize makes its code; a code the campaign has is CodeTaken, nothing written", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const pool = makeTier()
      const generated = makeTier({ codeStrategy: "generated" })
      const { campaign, reward } = yield* givenReward([pool, generated])
      const [taken] = yield* givenCoupons(campaign, pool.id, 1, { issueLimit: 1, issued: 1 })
      const clash = makePlan(campaign, reward, "ann")
      const refused = yield* grants.grant({ ...clash, made: { couponId: uid("cpn"), code: taken!.code } })
      assert.deepStrictEqual(refused, { _tag: "CodeTaken" })
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })).total, 0)
      const made = yield* grants.grant(clash)
      assertSame(made, {
        _tag: "Granted",
        given: {
          tierId: generated.id,
          couponId: clash.made!.couponId,
          code: clash.made!.code,
          couponRef: null,
          couponName: null
        }
      })
      // Once made, the code is the campaign's: the same made code again is taken.
      const again = { couponId: uid("cpn"), code: clash.made!.code }
      assert.deepStrictEqual(yield* grants.grant({ ...makePlan(campaign, reward, "bob"), made: again }), {
        _tag: "CodeTaken"
      })
      assert.deepStrictEqual(yield* stockOf(campaign, generated.id), { coupons: 1, remaining: 0, granted: 1 })
    })
  )

  it.effect("a grant in a failing transaction leaves nothing: its code can be given again", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward()
      const [coupon] = yield* givenCoupons(campaign, reward.tiers[0]!.id, 1)
      yield* failedTransaction(grants.grant(makePlan(campaign, reward, "ann")))
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })).total, 0)
      const again = yield* grants.grant(makePlan(campaign, reward, "ann"))
      assert.deepStrictEqual(again._tag === "Granted" ? again.given.code : undefined, coupon!.code)
    })
  )

  it.effect("a refused grant inside a transaction leaves the transaction going", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const store = yield* Store.Store
      const { campaign, reward } = yield* givenReward([makeTier({ codeStrategy: "generated" })])
      const first = makePlan(campaign, reward, "ann")
      const results = yield* store.transaction(
        Effect.gen(function* () {
          const a = yield* grants.grant(first)
          const b = yield* grants.grant({
            ...makePlan(campaign, reward, "bob"),
            made: { couponId: uid("cpn"), code: first.made!.code }
          })
          const c = yield* grants.grant(makePlan(campaign, reward, "cid"))
          return [a._tag, b._tag, c._tag]
        })
      )
      assert.deepStrictEqual(results, ["Granted", "CodeTaken", "Granted"])
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })).total, 2)
    })
  )

  it.effect("lists are newest first, paged, with a total", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward([makeTier({ codeStrategy: "generated" })])
      const plans = [300, 100, 200, 200].map((ms) => makePlan(campaign, reward, uid("p"), { createdAt: at(ms) }))
      for (const plan of plans) yield* grants.grant(plan)
      const order = [plans[0]!, ...[plans[2]!, plans[3]!].sort((a, b) => (a.id < b.id ? 1 : -1)), plans[1]!].map(
        (p) => p.id
      )
      const page = yield* grants.list(campaign.accountId, campaign.id, { limit: 2, offset: 1 })
      assert.deepStrictEqual(
        page.items.map((g) => g.id),
        order.slice(1, 3)
      )
      assert.strictEqual(page.total, 4)
      assert.deepStrictEqual(yield* grants.list(campaign.accountId, campaign.id, { limit: 2, offset: 8 }), {
        items: [],
        total: 4
      })
      assert.deepStrictEqual(yield* grants.list((yield* givenAccount()).id, campaign.id, { limit: 2, offset: 0 }), {
        items: [],
        total: 0
      })
    })
  )

  it.effect("outcomes: the outcomes of the account's entries named", () =>
    Effect.gen(function* () {
      const { campaign } = yield* givenReward()
      const entries = yield* Entry.EntryRepo
      const won = makeEntry(campaign, { outcome: { id: "win", label: "Gagné", isWin: true } })
      const none = makeEntry(campaign)
      yield* entries.insert(won)
      yield* entries.insert(none)
      const outcomes = yield* (yield* Grant.GrantRepo).outcomes(campaign.accountId, [won.id, none.id, uid("en")])
      assert.deepStrictEqual([...outcomes], [[won.id, { id: "win", label: "Gagné", isWin: true }]])
      assert.strictEqual((yield* (yield* Grant.GrantRepo).outcomes((yield* givenAccount()).id, [won.id])).size, 0)
      assert.strictEqual((yield* (yield* Grant.GrantRepo).outcomes(campaign.accountId, [])).size, 0)
    })
  )

  it.effect("1,000 concurrent grants to distinct players, 100 single-use codes: 100 given, each once", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward()
      const coupons = yield* givenCoupons(campaign, reward.tiers[0]!.id, 100)
      const results = yield* Effect.forEach(
        Array.from({ length: 1000 }, (_, i) => makePlan(campaign, reward, `player-${i}`)),
        (plan) => grants.grant(plan),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(tally(results), { Granted: 100, OutOfCodes: 900 })
      assert.sameMembers(
        codesGiven(results),
        coupons.map((c) => c.code)
      )
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 1, offset: 0 })).total, 100)
    })
  )

  it.effect("a code with an issue limit of 7 is given exactly 7 times by 40 concurrent grants", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward([makeTier({ codeStrategy: "shared" })])
      const [coupon] = yield* givenCoupons(campaign, reward.tiers[0]!.id, 1, { issueLimit: 7 })
      const results = yield* Effect.forEach(
        Array.from({ length: 40 }, (_, i) => makePlan(campaign, reward, `player-${i}`)),
        (plan) => grants.grant(plan),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(tally(results), { Granted: 7, OutOfCodes: 33 })
      assert.deepStrictEqual(new Set(codesGiven(results)), new Set([coupon!.code]))
      assert.deepStrictEqual(yield* stockOf(campaign, reward.tiers[0]!.id), { coupons: 1, remaining: 0, granted: 7 })
    })
  )

  it.effect("20 concurrent grants to one player of a campaign that grants once: one", () =>
    Effect.gen(function* () {
      const grants = yield* Grant.GrantRepo
      const { campaign, reward } = yield* givenReward()
      yield* givenCoupons(campaign, reward.tiers[0]!.id, 30)
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, () => makePlan(campaign, reward, "the-one")),
        (plan) => grants.grant(plan),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(tally(results), { Granted: 1, AlreadyGranted: 19 })
      assert.strictEqual((yield* grants.list(campaign.accountId, campaign.id, { limit: 1, offset: 0 })).total, 1)
    })
  )
}
