/**
 * The contract of the play path with a reward (`PlayContextRepo.start`, `PlayFinishRepo`): a start
 * and a finish's read bring the campaign's reward (and the read, its `reward_granted` endpoints); a
 * completion with a grant writes the play and the grant together, with the grant's `reward_granted`
 * event and deliveries made for the prize and code given (the code in none of them), or the play
 * alone when no code is given (`AlreadyGranted`, `OutOfCodes`); nothing when the reward's revision
 * or the `reward_granted` endpoints are no longer the basis's (`Stale`), or when the made code is
 * taken (`GrantConflict`).
 *
 * Under concurrency: 1,000 finishes of distinct players against 100 single-use codes give exactly
 * 100 coupons, each code once, and write the 1,000 plays; finishes against a code with an issue
 * limit of n give it n times; 20 concurrent finishes of one player of a campaign that grants once
 * give one coupon (the others complete without one, or are told to complete without it).
 *
 * @since 0.1.0
 */
import { type Campaign, Grant, PlayContext, Reward, Session, type StorePorts, Webhook } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { assertSame } from "../internal/Assertions.ts"
import { at, makeCompletion, makeSession, uid } from "../internal/Fixtures.ts"
import { entriesOfCampaign, givenEndpoint, givenSession } from "../internal/Given.ts"
import { givenCoupons, givenReward, makePlan, makeTier } from "./RewardFixturesContract.ts"

/** What a finish of the session reads now, as its basis. */
const basisOf = (session: Session.Session) =>
  Effect.gen(function* () {
    const read = Option.getOrThrow(yield* (yield* PlayContext.PlayFinishRepo).read(session.id, "session_completed"))
    return {
      jti: session.jti,
      campaign: read.campaign,
      endpoints: read.endpoints,
      reward: Option.getOrNull(read.reward),
      grantEndpoints: read.grantEndpoints
    } satisfies PlayContext.FinishBasis
  })

/**
 * The completion of a session with the grant of `reward`'s prizes (or those given), its event and
 * deliveries made as the core makes them (for the first prize, no coupon ref or name), to `targets`.
 */
const completionWithGrant = (
  campaign: Campaign.Campaign,
  reward: Reward.Reward,
  session: Session.Session,
  targets: ReadonlyArray<Webhook.Endpoint>,
  fields: Partial<Grant.Plan> = {}
) =>
  Effect.gen(function* () {
    const completion = makeCompletion(campaign, session, at(700), targets)
    const plan = makePlan(campaign, reward, session.participantRef, {
      source: "rule",
      sessionId: session.id,
      createdAt: at(700),
      ...fields
    })
    const first = { tierId: plan.prizes[0]!.tierId, couponRef: null, couponName: null }
    const { deliveries, event } = yield* Webhook.fanOut(Grant.event(plan, first, uid("evt")), targets)
    return { ...completion, grant: { plan, event, deliveries } }
  })

/**
 * A new session of `participantRef` of the campaign finished with a grant of its `reward` (see
 * `completionWithGrant`), on the basis a finish reads now: the session, the completion and what
 * `complete` answered.
 */
const finishWithGrant = (
  { campaign, reward }: { readonly campaign: Campaign.Campaign; readonly reward: Reward.Reward },
  participantRef: string,
  targets: ReadonlyArray<Webhook.Endpoint>,
  fields: Partial<Grant.Plan> = {}
) =>
  Effect.gen(function* () {
    const session = yield* givenSession(campaign, { participantRef })
    const completion = yield* completionWithGrant(campaign, reward, session, targets, fields)
    const result = yield* (yield* PlayContext.PlayFinishRepo).complete(completion, yield* basisOf(session))
    return { session, completion, result }
  })

/** A campaign with a reward of one `everyone` pool, and an endpoint of both event types. */
const givenRewarded = (fields: { readonly grantOncePerParticipant?: boolean } = {}) =>
  Effect.gen(function* () {
    const { campaign, reward } = yield* givenReward([makeTier()], fields)
    const endpoint = yield* givenEndpoint(campaign.accountId, { events: ["session_completed", "reward_granted"] })
    return { campaign, reward, endpoint }
  })

const granted = (result: PlayContext.CompleteResult) => result._tag === "Completed" && result.grant?._tag === "Granted"

const codeOf = (result: PlayContext.CompleteResult) =>
  result._tag === "Completed" && result.grant?._tag === "Granted" ? [result.grant.given.code] : []

/** `count` distinct participants: `player-0`, `player-1`, … */
const players = (count: number) => Array.from({ length: count }, (_, i) => `player-${i}`)

/**
 * A stored session of the campaign for each of `participantRefs`, then all their finishes with a
 * grant of `reward`, concurrently, each on the basis read for the first session (its own jti).
 */
const concurrentFinishes = (
  campaign: Campaign.Campaign,
  reward: Reward.Reward,
  participantRefs: ReadonlyArray<string>
) =>
  Effect.gen(function* () {
    const sessions = yield* Effect.forEach(participantRefs, (participantRef) =>
      givenSession(campaign, { participantRef })
    )
    const playFinish = yield* PlayContext.PlayFinishRepo
    const basis = yield* basisOf(sessions[0]!)
    return yield* Effect.forEach(
      sessions,
      (session) =>
        Effect.flatMap(completionWithGrant(campaign, reward, session, []), (completion) =>
          playFinish.complete(completion, { ...basis, jti: session.jti })
        ),
      { concurrency: "unbounded" }
    )
  })

/** Registers the tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<StorePorts.StoreServices>): void => {
  it.effect("a start and a finish's read bring the campaign's reward, and the read its reward_granted endpoints", () =>
    Effect.gen(function* () {
      const { campaign, reward, endpoint } = yield* givenRewarded()
      const rewardsOnly = yield* givenEndpoint(campaign.accountId, { events: ["reward_granted"], createdAt: at(12) })
      const session = makeSession(campaign, { participantRef: "ann" })
      const started = yield* (yield* PlayContext.PlayContextRepo).start({
        session,
        month: "2026-01",
        days: () =>
          Effect.succeed({
            campaignDay: { start: DateTime.makeUnsafe(0), end: at(0) },
            channelDay: { start: DateTime.makeUnsafe(0), end: at(0) }
          })
      })
      assertSame(started.reward, Option.some(reward))
      const read = Option.getOrThrow(yield* (yield* PlayContext.PlayFinishRepo).read(session.id, "session_completed"))
      assertSame(read.reward, Option.some(reward))
      assert.deepStrictEqual(
        read.grantEndpoints.map((e) => e.id),
        [endpoint.id, rewardsOnly.id]
      )
    })
  )

  it.effect(
    "a finish that grants writes the grant with its event and deliveries, for the code given, never the code",
    () =>
      Effect.gen(function* () {
        const { campaign, reward, endpoint } = yield* givenRewarded()
        const [coupon] = yield* givenCoupons(campaign, reward.tiers[0]!.id, 1, { ref: "sku-9", name: "Bienvenue" })
        const { session, completion, result } = yield* finishWithGrant({ campaign, reward }, "ann", [endpoint])
        assertSame(result, {
          _tag: "Completed",
          grant: {
            _tag: "Granted",
            given: {
              tierId: reward.tiers[0]!.id,
              couponId: coupon!.id,
              code: coupon!.code,
              couponRef: "sku-9",
              couponName: "Bienvenue"
            }
          }
        })
        const grants = yield* (yield* Grant.GrantRepo).list(campaign.accountId, campaign.id, { limit: 10, offset: 0 })
        assert.deepStrictEqual(
          grants.items.map((g) => [g.id, g.source, g.sessionId, g.participantRef]),
          [[completion.grant.plan.id, "rule", session.id, "ann"]]
        )
        const delivery = Option.getOrThrow(
          yield* (yield* Webhook.DeliveryRepo).findById(campaign.accountId, completion.grant.deliveries[0]!.id)
        )
        assert.deepStrictEqual(
          delivery.payload.data,
          Grant.eventData(completion.grant.plan, {
            tierId: reward.tiers[0]!.id,
            couponRef: "sku-9",
            couponName: "Bienvenue"
          })
        )
        assert.strictEqual(delivery.payload.type, "reward_granted")
        assert.strictEqual(delivery.payload.createdAt, DateTime.formatIso(at(700)))
        assert.notInclude(JSON.stringify(delivery), coupon!.code)
        assert.strictEqual((yield* entriesOfCampaign(campaign)).length, 1)
      })
  )

  it.effect("a finish whose grant gives no code still writes the play: already granted, out of codes", () =>
    Effect.gen(function* () {
      const { campaign, reward, endpoint } = yield* givenRewarded()
      yield* givenCoupons(campaign, reward.tiers[0]!.id, 1)
      assert.isTrue(granted((yield* finishWithGrant({ campaign, reward }, "ann", [endpoint])).result))
      const twice = yield* finishWithGrant({ campaign, reward }, "ann", [endpoint])
      assert.deepStrictEqual(twice.result, { _tag: "Completed", grant: { _tag: "AlreadyGranted" } })
      const empty = yield* finishWithGrant({ campaign, reward }, "bob", [endpoint])
      assert.deepStrictEqual(empty.result, { _tag: "Completed", grant: { _tag: "OutOfCodes" } })
      assert.strictEqual((yield* entriesOfCampaign(campaign)).length, 3)
      for (const { completion } of [twice, empty]) {
        const none = yield* (yield* Webhook.DeliveryRepo).findById(
          campaign.accountId,
          completion.grant.deliveries[0]!.id
        )
        assert.isTrue(Option.isNone(none), "no reward_granted delivery without a coupon")
      }
    })
  )

  it.effect("a made code the campaign has fails the whole finish (GrantConflict), nothing written", () =>
    Effect.gen(function* () {
      const pool = makeTier()
      const generated = makeTier({ codeStrategy: "generated" })
      const { campaign, reward } = yield* givenReward([pool, generated])
      const [taken] = yield* givenCoupons(campaign, pool.id, 1, { issued: 1 })
      const { session, result } = yield* finishWithGrant({ campaign, reward }, "ann", [], {
        made: { couponId: uid("cpn"), code: taken!.code }
      })
      assert.deepStrictEqual(result, { _tag: "GrantConflict", conflict: "CodeTaken" })
      assert.strictEqual(Option.getOrThrow(yield* (yield* Session.SessionRepo).findById(session.id)).finishedAt, null)
      assert.strictEqual((yield* entriesOfCampaign(campaign)).length, 0)
    })
  )

  it.effect("a finish decided with another revision of the reward, or other reward_granted endpoints, is stale", () =>
    Effect.gen(function* () {
      const { campaign, reward, endpoint } = yield* givenRewarded()
      yield* givenCoupons(campaign, reward.tiers[0]!.id, 3)
      const playFinish = yield* PlayContext.PlayFinishRepo
      const session = yield* givenSession(campaign, { participantRef: "ann" })
      const basis = yield* basisOf(session)
      const completion = yield* completionWithGrant(campaign, reward, session, [endpoint])
      yield* (yield* Reward.RewardRepo).put({ ...reward, revision: 2, updatedAt: at(900) })
      assert.deepStrictEqual(yield* playFinish.complete(completion, basis), { _tag: "Stale" })
      const current = yield* basisOf(session)
      assert.deepStrictEqual(yield* playFinish.complete(completion, { ...current, grantEndpoints: [] }), {
        _tag: "Stale"
      })
      assert.deepStrictEqual(yield* playFinish.complete(completion, { ...current, reward: null }), { _tag: "Stale" })
      assert.strictEqual((yield* entriesOfCampaign(campaign)).length, 0)
      assert.isTrue(granted(yield* playFinish.complete(completion, current)))
      // Without a grant, the reward_granted endpoints are not the finish's business.
      const next = yield* givenSession(campaign, { participantRef: "bob" })
      const plain = makeCompletion(campaign, next, at(710), [endpoint])
      assert.strictEqual(
        (yield* playFinish.complete(plain, { ...(yield* basisOf(next)), grantEndpoints: [] }))._tag,
        "Completed"
      )
      // A reward removed: a basis that knew it is stale.
      yield* (yield* Reward.RewardRepo).delete(campaign.accountId, campaign.id)
      const last = yield* givenSession(campaign, { participantRef: "cid" })
      assert.deepStrictEqual(yield* playFinish.complete(makeCompletion(campaign, last, at(720), [endpoint]), current), {
        _tag: "Stale"
      })
    })
  )

  it.effect("1,000 concurrent finishes of distinct players, 100 single-use codes: 100 coupons, each code once", () =>
    Effect.gen(function* () {
      const { campaign, reward } = yield* givenReward()
      const coupons = yield* givenCoupons(campaign, reward.tiers[0]!.id, 100)
      const results = yield* concurrentFinishes(campaign, reward, players(1000))
      assert.strictEqual(results.filter((r) => r._tag === "Completed").length, 1000)
      assert.strictEqual(results.filter(granted).length, 100)
      assert.sameMembers(
        results.flatMap(codeOf),
        coupons.map((c) => c.code)
      )
    })
  )

  it.effect("finishes against a code with an issue limit of 5 give it 5 times", () =>
    Effect.gen(function* () {
      const { campaign, reward } = yield* givenReward([makeTier({ codeStrategy: "shared" })])
      const [coupon] = yield* givenCoupons(campaign, reward.tiers[0]!.id, 1, { issueLimit: 5 })
      const results = yield* concurrentFinishes(campaign, reward, players(30))
      assert.deepStrictEqual(
        results.flatMap(codeOf),
        Array.from({ length: 5 }, () => coupon!.code)
      )
      assert.strictEqual(results.filter((r) => r._tag === "Completed").length, 30)
    })
  )

  it.effect("20 concurrent finishes of one player of a campaign that grants once: one coupon", () =>
    Effect.gen(function* () {
      const { campaign, reward } = yield* givenReward()
      yield* givenCoupons(campaign, reward.tiers[0]!.id, 40)
      const results = yield* concurrentFinishes(
        campaign,
        reward,
        Array.from({ length: 20 }, () => "the-one")
      )
      assert.strictEqual(results.filter(granted).length, 1)
      // The others completed without a coupon, or were told the player has one (nothing written).
      for (const r of results) {
        if (granted(r)) continue
        assert.isTrue(
          (r._tag === "Completed" && r.grant?._tag === "AlreadyGranted") ||
            (r._tag === "GrantConflict" && r.conflict === "AlreadyGranted"),
          JSON.stringify(r)
        )
      }
      const grants = yield* (yield* Grant.GrantRepo).list(campaign.accountId, campaign.id, { limit: 5, offset: 0 })
      assert.strictEqual(grants.total, 1)
    })
  )
}
