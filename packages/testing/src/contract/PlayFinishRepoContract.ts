/**
 * The contract of `PlayFinishRepo`, the write across aggregates: `read` returns a session with its
 * campaign and the account's active endpoints of an event type (oldest first); `complete` claims
 * the session and writes its entry, event and deliveries once, all or none (a second completion, an
 * unknown or finished session, a breached constraint, a rolled-back transaction and the losers of
 * concurrent completions write nothing); `complete` writes only while the session (its token,
 * channel and player), the campaign (game, config compared as a document, resolution) and the
 * endpoints are as the caller knew them.
 *
 * @since 0.1.0
 */
import {
  type Account,
  Campaign,
  type Channel,
  type Entry,
  Event,
  PlayContext,
  Session,
  Store,
  Webhook
} from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect, Exit, Option } from "effect"
import { assertFails, assertNone, assertSome } from "../internal/Assertions.ts"
import { at, fullTheme, makeCompletion, makeEndpoint, makeSession, uid } from "../internal/Fixtures.ts"
import {
  entriesOfCampaign,
  failedTransaction,
  givenAccount,
  givenCampaign,
  givenEndpoint,
  givenSession
} from "../internal/Given.ts"

type Services =
  | PlayContext.PlayFinishRepo
  | Session.SessionRepo
  | Campaign.CampaignRepo
  | Channel.ChannelRepo
  | Account.AccountRepo
  | Entry.EntryRepo
  | Event.EventOutbox
  | Webhook.EndpointRepo
  | Webhook.DeliveryRepo
  | Store.Store

/** Whether `complete` wrote the play. */
const wrote = (result: PlayContext.CompleteResult): boolean => result._tag === "Completed"

/** What a finish reads of an endpoint. */
const target = (e: Webhook.Endpoint) => ({
  id: e.id,
  status: e.status,
  events: e.events,
  gameInstanceIds: e.gameInstanceIds,
  channelIds: e.channelIds
})

/**
 * A session of a resolved prediction, and endpoints: two of its account's subscribed to
 * `session_completed` (`first`, `later`), one to `reward_granted` only, a disabled one, and one of
 * another account.
 */
const givenFinishRead = Effect.gen(function* () {
  const campaign = yield* givenCampaign({
    gameSlug: "prediction",
    status: "active",
    config: { question: "Who wins?", options: [{ id: "home", label: "Home" }], nested: { empty: {} } },
    prize: { label: "A signed ball ⚽" },
    theme: fullTheme,
    winnerSelectionConfig: { maxWinners: 3, tieBreak: "random", windowStart: at(1), windowEnd: at(2) },
    resolvedOptionId: "home",
    resolvedAt: at(-1),
    maxPlaysPerParticipant: 3,
    playLimitTimezone: "Pacific/Chatham",
    liveFrom: at(-7),
    activatedAt: at(-5)
  })
  const session = yield* givenSession(campaign, { participantRef: "Ünïcödé « player » 🎡" })
  const { accountId } = campaign
  const later = makeEndpoint(accountId, {
    createdAt: at(30),
    events: ["reward_granted", "session_completed"],
    channelIds: [campaign.channelId, "ch_other"]
  })
  const first = makeEndpoint(accountId, { createdAt: at(10), gameInstanceIds: [campaign.id] })
  const rewardsOnly = makeEndpoint(accountId, { createdAt: at(20), events: ["reward_granted"] })
  const endpoints = yield* Webhook.EndpointRepo
  for (const endpoint of [
    later,
    first,
    makeEndpoint(accountId, { createdAt: at(20), status: "disabled" }),
    rewardsOnly,
    makeEndpoint((yield* givenAccount()).id, { createdAt: at(5) })
  ]) {
    yield* endpoints.insert(endpoint)
  }
  return { campaign, session, first, later, rewardsOnly }
})

/**
 * `complete` with the basis a finish would read for the completion's session now (`read`), or, for a
 * session there is none of, the completion's campaign as stored and no endpoints.
 */
const completeAsRead = (completion: PlayContext.Completion) =>
  Effect.gen(function* () {
    const playFinish = yield* PlayContext.PlayFinishRepo
    const read = yield* playFinish.read(completion.sessionId, completion.event.type)
    const { accountId, campaignId } = completion.entry
    const basis: PlayContext.FinishBasis = Option.isSome(read)
      ? {
          jti: read.value.session.jti,
          campaign: read.value.campaign,
          endpoints: read.value.endpoints,
          reward: Option.getOrNull(read.value.reward),
          grantEndpoints: read.value.grantEndpoints
        }
      : {
          jti: "",
          campaign: Campaign.playView(
            Option.getOrThrow(yield* (yield* Campaign.CampaignRepo).findById(accountId, campaignId))
          ),
          endpoints: [],
          reward: null,
          grantEndpoints: []
        }
    return wrote(yield* playFinish.complete(completion, basis))
  })

/**
 * A campaign with two endpoints; `completion` makes a scored completion of a session to them,
 * `entries` lists the campaign's entries and `stored` tells whether an event is in the outbox.
 */
const givenCompletions = Effect.gen(function* () {
  const store = yield* Store.Store
  const outbox = yield* Event.EventOutbox
  const campaign = yield* givenCampaign()
  const endpoint = yield* givenEndpoint(campaign.accountId)
  const second = yield* givenEndpoint(campaign.accountId, { createdAt: at(11) })
  const outcome = { id: "w", label: "Wïn 🎉", isWin: true }
  const completion = (
    session: Session.Session,
    at_: DateTime.Utc,
    targets: ReadonlyArray<Webhook.Endpoint> = [endpoint, second]
  ) =>
    makeCompletion(
      campaign,
      session,
      at_,
      targets,
      { score: 7.5, outcome },
      { sessionId: session.id, score: 7.5, outcome }
    )
  /** Whether the event is in the outbox: appending its id again is refused. */
  const stored = (event: Event.Event) =>
    Effect.map(Effect.exit(store.transaction(outbox.append(event))), Exit.isFailure)
  /** A session completed at 700 ms. */
  const done = Effect.gen(function* () {
    const session = yield* givenSession(campaign)
    const completed = completion(session, at(700))
    assert.isTrue(yield* completeAsRead(completed))
    return { session, completed }
  })
  return { campaign, endpoint, completion, entries: entriesOfCampaign(campaign), stored, done }
})

/**
 * A prediction with an endpoint for its `session_completed` events (and two that do not count:
 * another event type, disabled) and an open session; `knownOf` reads what a finish knows,
 * `reordered` is that read of the open session with the config's keys in another order, and
 * `refused` checks a refused `complete`: false, the session still open, nothing written.
 */
const givenFinishBasis = Effect.gen(function* () {
  const playFinish = yield* PlayContext.PlayFinishRepo
  const sessions = yield* Session.SessionRepo
  const deliveries = yield* Webhook.DeliveryRepo
  const campaign = yield* givenCampaign({
    gameSlug: "prediction",
    status: "active",
    config: {
      question: "Who wins « le match » ?",
      options: [
        { id: "home", label: "Home" },
        { id: "away", label: "Away" }
      ],
      nested: { empty: {}, list: [1, "two", null, { deep: true }] }
    }
  })
  const { accountId } = campaign
  const hook = yield* givenEndpoint(accountId, { createdAt: at(10), gameInstanceIds: [campaign.id] })
  yield* givenEndpoint(accountId, { createdAt: at(20), events: ["reward_granted"] })
  yield* givenEndpoint(accountId, { createdAt: at(30), status: "disabled" })

  const knownOf = (session: Session.Session) =>
    Effect.map(playFinish.read(session.id, "session_completed"), (read): PlayContext.FinishBasis => {
      const { campaign, endpoints, grantEndpoints, reward } = Option.getOrThrow(read)
      return { jti: session.jti, campaign, endpoints, reward: Option.getOrNull(reward), grantEndpoints }
    })
  const completionOf = (session: Session.Session, at_: DateTime.Utc, entry: Partial<Entry.Entry> = {}) =>
    makeCompletion(campaign, session, at_, [hook], { predictionValue: { optionId: "home" }, ...entry })
  const entriesOf = Effect.map(entriesOfCampaign(campaign), (items) => items.map((e) => e.id))
  const refused = (completion: PlayContext.Completion, known: PlayContext.FinishBasis, why: string) =>
    Effect.gen(function* () {
      const before = yield* entriesOf
      assert.isFalse(wrote(yield* playFinish.complete(completion, known)), why)
      assert.strictEqual(Option.getOrThrow(yield* sessions.findById(completion.sessionId)).finishedAt, null, why)
      assert.deepStrictEqual(yield* entriesOf, before, why)
      assertNone(yield* deliveries.findById(accountId, completion.deliveries[0]!.id), why)
    })

  // Keys in another order are the same document.
  const open = yield* givenSession(campaign)
  const read = yield* knownOf(open)
  const { nested, options, question } = read.campaign.config as Record<string, unknown>
  const reordered: PlayContext.FinishBasis = {
    ...read,
    campaign: { ...read.campaign, config: { nested, options, question } }
  }
  /** A new session of the campaign and what a finish of it knows. */
  const knownSession = Effect.gen(function* () {
    const session = yield* givenSession(campaign)
    return { session, known: yield* knownOf(session) }
  })
  return { campaign, hook, open, reordered, knownOf, knownSession, completionOf, entriesOf, refused }
})

/** Changes of a finish as known that make `complete` refuse it. */
const knownChanges: ReadonlyArray<{
  readonly why: string
  readonly change: (
    given: Effect.Success<typeof givenFinishBasis>
  ) => readonly [completion: PlayContext.Completion, known: PlayContext.FinishBasis]
}> = [
  {
    why: "another token's session",
    change: ({ completionOf, open, reordered }) => [completionOf(open, at(710)), { ...reordered, jti: uid("jti") }]
  },
  {
    why: "another channel",
    change: ({ completionOf, open, reordered }) => [completionOf(open, at(710), { channelId: uid("ch") }), reordered]
  },
  {
    why: "another player",
    change: ({ completionOf, open, reordered }) => [
      completionOf(open, at(710), { participantRef: "someone" }),
      reordered
    ]
  },
  {
    why: "a resolution the campaign does not have",
    change: ({ completionOf, open, reordered }) => [
      completionOf(open, at(710)),
      { ...reordered, campaign: { ...reordered.campaign, resolvedOptionId: "home" } }
    ]
  },
  {
    why: "fewer endpoints than the account has",
    change: ({ completionOf, open, reordered }) => [completionOf(open, at(710)), { ...reordered, endpoints: [] }]
  },
  {
    why: "a reward the campaign does not have",
    change: ({ campaign, completionOf, open, reordered }) => [
      completionOf(open, at(710)),
      {
        ...reordered,
        reward: {
          campaignId: campaign.id,
          accountId: campaign.accountId,
          revision: 1,
          tiers: [],
          grantOncePerParticipant: true,
          validForSeconds: null,
          page: null,
          createdAt: at(0),
          updatedAt: at(0)
        }
      }
    ]
  }
]

/** Registers the `PlayFinishRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Services>): void => {
  it.effect("read: the session with its campaign and the account's active endpoints of the event type", () =>
    Effect.gen(function* () {
      const { campaign, session, first, later } = yield* givenFinishRead
      const read = yield* (yield* PlayContext.PlayFinishRepo).read(session.id, "session_completed")
      assertSome(read, {
        session,
        campaign: Campaign.playView(campaign),
        endpoints: [target(first), target(later)],
        reward: Option.none(),
        grantEndpoints: []
      })
      if (Option.isSome(read)) assert.isTrue(DateTime.isUtc(read.value.session.startedAt))
    })
  )

  it.effect("read: the endpoints of another event type", () =>
    Effect.gen(function* () {
      const { session, later, rewardsOnly } = yield* givenFinishRead
      const rewards = yield* (yield* PlayContext.PlayFinishRepo).read(session.id, "reward_granted")
      assert.deepStrictEqual(
        Option.map(rewards, (r) => r.endpoints.map((e) => e.id)),
        Option.some([rewardsOnly.id, later.id])
      )
    })
  )

  it.effect("read: none for an unknown session", () =>
    Effect.gen(function* () {
      assertNone(yield* (yield* PlayContext.PlayFinishRepo).read(uid("ses"), "session_completed"))
    })
  )

  it.effect("complete claims the session and writes its entry, event and deliveries", () =>
    Effect.gen(function* () {
      const deliveries = yield* Webhook.DeliveryRepo
      const { campaign, entries, stored, done } = yield* givenCompletions
      const { session, completed } = yield* done
      assertSome(yield* (yield* Session.SessionRepo).findById(session.id), { ...session, finishedAt: at(700) })
      assert.deepStrictEqual(yield* entries, [completed.entry])
      assert.isTrue(yield* stored(completed.event))
      for (const delivery of completed.deliveries) {
        assertSome(yield* deliveries.findById(campaign.accountId, delivery.id), delivery)
      }
    })
  )

  it.effect("a second complete of a session writes nothing", () =>
    Effect.gen(function* () {
      const { campaign, completion, entries, stored, done } = yield* givenCompletions
      const { session, completed } = yield* done
      const again = completion(session, at(800))
      assert.isFalse(yield* completeAsRead(again), "a second completion")
      assertSome(yield* (yield* Session.SessionRepo).findById(session.id), { ...session, finishedAt: at(700) })
      assert.deepStrictEqual(yield* entries, [completed.entry], "writes no entry")
      assert.isFalse(yield* stored(again.event), "no event")
      for (const delivery of again.deliveries) {
        assertNone(yield* (yield* Webhook.DeliveryRepo).findById(campaign.accountId, delivery.id))
      }
    })
  )

  it.effect("complete of an unknown session writes nothing", () =>
    Effect.gen(function* () {
      const { campaign, completion, stored } = yield* givenCompletions
      const unknown = completion(makeSession(campaign), at(800), [])
      assert.isFalse(yield* completeAsRead(unknown), "no such session")
      assert.isFalse(yield* stored(unknown.event))
    })
  )

  it.effect("complete of a session stored finished writes nothing", () =>
    Effect.gen(function* () {
      const { campaign, completion } = yield* givenCompletions
      const born = yield* givenSession(campaign, { finishedAt: at(550) })
      assert.isFalse(yield* completeAsRead(completion(born, at(800))), "a session stored finished")
      assertSome(yield* (yield* Session.SessionRepo).findById(born.id), born)
    })
  )

  it.effect("a complete that breaks a constraint leaves the claim undone too", () =>
    Effect.gen(function* () {
      const { campaign, completion, entries, stored, done } = yield* givenCompletions
      const { completed } = yield* done
      // A write that breaks a constraint (a delivery id already used) leaves the claim undone too.
      const open = yield* givenSession(campaign)
      const clash = completion(open, at(900))
      const broken = {
        ...clash,
        deliveries: [clash.deliveries[0]!, { ...clash.deliveries[1]!, id: completed.deliveries[0]!.id }]
      }
      yield* assertFails(completeAsRead(broken), "StoreError")
      assertSome(yield* (yield* Session.SessionRepo).findById(open.id), open, "still open")
      assert.deepStrictEqual(yield* entries, [completed.entry])
      assert.isFalse(yield* stored(clash.event))
      assertNone(yield* (yield* Webhook.DeliveryRepo).findById(campaign.accountId, clash.deliveries[0]!.id))
    })
  )

  it.effect("a complete in a failing transaction is undone", () =>
    Effect.gen(function* () {
      const { campaign, completion, entries, done } = yield* givenCompletions
      const { completed } = yield* done
      const open = yield* givenSession(campaign)
      yield* failedTransaction(completeAsRead(completion(open, at(950), [])), "no")
      assertSome(yield* (yield* Session.SessionRepo).findById(open.id), open, "a rolled-back completion is undone")
      assert.deepStrictEqual(yield* entries, [completed.entry])
    })
  )

  it.effect("concurrent completes of a session: one wins and writes the one entry", () =>
    Effect.gen(function* () {
      const { campaign, endpoint, completion, entries, done } = yield* givenCompletions
      yield* done
      const open = yield* givenSession(campaign)
      const results = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => completion(open, at(1_000 + i), i % 2 === 0 ? [endpoint] : [])),
        (c) => completeAsRead(c),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((won) => won).length, 1, "concurrent completions: one wins")
      assert.strictEqual((yield* entries).length, 2, "and writes the one entry")
    })
  )

  it.effect("complete as read writes the session's claim, entry and deliveries, once", () =>
    Effect.gen(function* () {
      const playFinish = yield* PlayContext.PlayFinishRepo
      const { campaign, knownSession, completionOf, entriesOf } = yield* givenFinishBasis
      const { session, known } = yield* knownSession
      const done = completionOf(session, at(700))
      assert.isTrue(wrote(yield* playFinish.complete(done, known)))
      assertSome(yield* (yield* Session.SessionRepo).findById(session.id), { ...session, finishedAt: at(700) })
      assert.deepStrictEqual(yield* entriesOf, [done.entry.id])
      assertSome(
        yield* (yield* Webhook.DeliveryRepo).findById(campaign.accountId, done.deliveries[0]!.id),
        done.deliveries[0]!
      )
      assert.isFalse(wrote(yield* playFinish.complete(completionOf(session, at(800)), known)), "a finished session")
    })
  )

  it.effect.each(knownChanges)("complete refuses a finish decided with $why", ({ change, why }) =>
    Effect.gen(function* () {
      const given = yield* givenFinishBasis
      const [completion, known] = change(given)
      yield* given.refused(completion, known, why)
    })
  )

  it.effect("complete of an unknown session with a remembered basis writes nothing", () =>
    Effect.gen(function* () {
      const { campaign, reordered, completionOf, entriesOf } = yield* givenFinishBasis
      const before = yield* entriesOf
      const never = makeSession(campaign)
      assert.isFalse(
        wrote(
          yield* (yield* PlayContext.PlayFinishRepo).complete(completionOf(never, at(710)), {
            ...reordered,
            jti: never.jti
          })
        ),
        "no such session"
      )
      assert.deepStrictEqual(yield* entriesOf, before)
    })
  )

  it.effect("complete refuses what was known before the campaign was resolved", () =>
    Effect.gen(function* () {
      const { campaign, open, reordered, completionOf, refused } = yield* givenFinishBasis
      yield* (yield* Campaign.CampaignRepo).update({ ...campaign, resolvedOptionId: "home", updatedAt: at(720) })
      yield* refused(completionOf(open, at(730)), reordered, "the campaign was resolved since")
    })
  )

  it.effect("complete refuses what was known before an endpoint was disabled", () =>
    Effect.gen(function* () {
      const endpoints = yield* Webhook.EndpointRepo
      const { campaign, hook, open, knownOf, completionOf, refused } = yield* givenFinishBasis
      const added = yield* givenEndpoint(campaign.accountId, { createdAt: at(40) })
      const known = yield* knownOf(open)
      assert.deepStrictEqual(
        known.endpoints.map((e) => e.id),
        [hook.id, added.id]
      )
      yield* endpoints.update({ ...added, status: "disabled", updatedAt: at(41) })
      yield* refused(completionOf(open, at(740)), known, "an endpoint was disabled since")
    })
  )

  it.effect("complete refuses what was known before the config changed", () =>
    Effect.gen(function* () {
      const { campaign, open, reordered, knownOf, completionOf, refused } = yield* givenFinishBasis
      yield* (yield* Campaign.CampaignRepo).update({
        ...campaign,
        config: { ...campaign.config, question: "Who?" },
        updatedAt: at(750)
      })
      const current = yield* knownOf(open)
      yield* refused(completionOf(open, at(760)), { ...current, campaign: reordered.campaign }, "its config changed")
    })
  )

  it.effect("complete writes with what was read after the store changed", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const { campaign, open, knownOf, completionOf, entriesOf } = yield* givenFinishBasis
      const resolved = { ...campaign, resolvedOptionId: "home", updatedAt: at(720) }
      yield* campaigns.update(resolved)
      const added = yield* givenEndpoint(campaign.accountId, { createdAt: at(40) })
      yield* (yield* Webhook.EndpointRepo).update({ ...added, status: "disabled", updatedAt: at(41) })
      yield* campaigns.update({ ...resolved, config: { ...resolved.config, question: "Who?" }, updatedAt: at(750) })
      const current = yield* knownOf(open)
      const last = completionOf(open, at(770))
      assert.isTrue(wrote(yield* (yield* PlayContext.PlayFinishRepo).complete(last, current)))
      assert.deepStrictEqual(yield* entriesOf, [last.entry.id])
    })
  )

  it.effect("concurrent completes of a session from one remembered basis: one wins and writes the one entry", () =>
    Effect.gen(function* () {
      const playFinish = yield* PlayContext.PlayFinishRepo
      const { knownSession, completionOf, entriesOf } = yield* givenFinishBasis
      const { session: raced, known } = yield* knownSession
      const results = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => completionOf(raced, at(800 + i))),
        (c) => playFinish.complete(c, known),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(wrote).length, 1, "concurrent completions: one wins")
      assert.strictEqual((yield* entriesOf).length, 1, "and writes the one entry")
    })
  )
}
