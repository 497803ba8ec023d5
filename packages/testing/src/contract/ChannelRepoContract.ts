/**
 * The contract of `ChannelRepo`: every field round-trips exactly; an update changes every field
 * but `createdAt`, only in the channel's account; an id is unique and a channel needs its account
 * (`StoreError`); channels are listed newest first (then by id, descending), paginated, per
 * account; another account's channel is not found, listed, counted or deleted; a delete answers
 * whether it deleted. (A channel with campaigns cannot be deleted: `CampaignRepoContract`.)
 *
 * @since 0.1.0
 */
import { type Account, Channel } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import { at, madeAt, makeChannel, uid } from "../internal/Fixtures.ts"
import { givenAccount, givenChannel, givenTwoAccounts } from "../internal/Given.ts"
import * as ScopedUpdates from "../internal/ScopedUpdates.ts"

/** A channel stored in a new account, and that account. */
const givenChannelOf = (fields: Partial<Channel.Channel> = {}) =>
  Effect.gen(function* () {
    const account = yield* givenAccount()
    return { account, channel: yield* givenChannel(account.id, fields) }
  })

/** A channel with every field set, and one with an empty between-campaigns title, of a new account. */
const givenRoundTrip = Effect.gen(function* () {
  const account = yield* givenAccount()
  const full = makeChannel(account.id, {
    name: "Boutique « Noël » — 🎁",
    status: "disabled",
    betweenCampaigns: {
      title: "Back soon",
      body: "Our next game starts on Monday.\nStay tuned!",
      imageUrl: "https://cdn.example.com/images/soon.png?size=2x&lang=fr"
    },
    maxPlaysPerParticipant: 10_000,
    maxPlaysPerParticipantPerDay: 1,
    playLimitTimezone: "Europe/Paris",
    createdAt: at(31),
    updatedAt: at(32)
  })
  const rows = [full, makeChannel(account.id, { betweenCampaigns: { title: "" } })]
  return { repo: yield* Channel.ChannelRepo, rows } satisfies ScopedUpdates.RoundTrip<Channel.Channel>
})

/** A stored channel and an update of every field of it (but its id and account). */
const givenUpdate = Effect.gen(function* () {
  const repo = yield* Channel.ChannelRepo
  const { channel: row } = yield* givenChannelOf({ betweenCampaigns: { title: "Soon" } })
  const changed: Channel.Channel = {
    ...row,
    name: "Renamed",
    status: "disabled",
    betweenCampaigns: { body: "Closed" },
    maxPlaysPerParticipant: 3,
    maxPlaysPerParticipantPerDay: 2,
    playLimitTimezone: "America/New_York",
    createdAt: at(9_999),
    updatedAt: at(10_000)
  }
  const cleared = { maxPlaysPerParticipant: null, betweenCampaigns: {} }
  return { repo, row, changed, hijack: { name: "Hijacked" }, cleared } satisfies ScopedUpdates.Update<Channel.Channel>
})

/** Registers the `ChannelRepo` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Channel.ChannelRepo | Account.AccountRepo>): void => {
  ScopedUpdates.roundTripTests(it, "channels", givenRoundTrip)

  ScopedUpdates.tests(it, "channel", "a limit and the between-campaigns message", givenUpdate)

  ScopedUpdates.keyTests(
    it,
    "a channel",
    Effect.gen(function* () {
      const { channel: row } = yield* givenChannelOf()
      return { repo: yield* Channel.ChannelRepo, row, twin: { ...row, name: "Twin" }, orphan: makeChannel(uid("acc")) }
    })
  )

  it.effect("channels are listed newest first (then by id, descending), paginated", () =>
    Effect.gen(function* () {
      const channels = yield* Channel.ChannelRepo
      const [account, other] = yield* givenTwoAccounts
      const [c1, c2, c3, c4, c5] = madeAt("ch", [1_000, 2_000, 2_000, 2_001, 5_000], (fields) =>
        makeChannel(account.id, fields)
      )
      for (const channel of [c3, c1, c5, c2, c4]) yield* channels.insert(channel)
      yield* channels.insert(makeChannel(other.id, { createdAt: at(3_000) }))

      assert.strictEqual(yield* channels.count(account.id), 5)
      assertSame(yield* channels.list(account.id, { limit: 200, offset: 0 }), {
        items: [c5, c4, c3, c2, c1],
        total: 5
      })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 0 }), { items: [c5, c4], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 2 }), { items: [c3, c2], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 4 }), { items: [c1], total: 5 })
      assertSame(yield* channels.list(account.id, { limit: 2, offset: 5 }), { items: [], total: 5 })
      assertSame(yield* channels.list(uid("acc"), { limit: 10, offset: 0 }), { items: [], total: 0 })
    })
  )

  it.effect("another account's channel is not found, listed, counted or deleted", () =>
    Effect.gen(function* () {
      const channels = yield* Channel.ChannelRepo
      const { account, channel } = yield* givenChannelOf()
      const other = yield* givenAccount()

      assertNone(yield* channels.findById(other.id, channel.id))
      assertSame(yield* channels.list(other.id, { limit: 10, offset: 0 }), { items: [], total: 0 })
      assert.strictEqual(yield* channels.count(other.id), 0)
      assert.isFalse(yield* channels.delete(other.id, channel.id))
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("delete removes the channel once", () =>
    Effect.gen(function* () {
      const channels = yield* Channel.ChannelRepo
      const { account, channel } = yield* givenChannelOf()
      const kept = makeChannel(account.id)
      yield* channels.insert(kept)

      assert.isTrue(yield* channels.delete(account.id, channel.id))
      assertNone(yield* channels.findById(account.id, channel.id))
      assert.isFalse(yield* channels.delete(account.id, channel.id))
      assert.isFalse(yield* channels.delete(account.id, uid("ch")))
      assertSame(yield* channels.list(account.id, { limit: 10, offset: 0 }), { items: [kept], total: 1 })
    })
  )
}
