/**
 * The contract of the `Store` port, across repositories: a transaction that succeeds keeps all its
 * writes; one that fails, dies or is interrupted keeps none (of accounts, keys, channels,
 * campaigns, branding, sessions, entries or usage); a transaction inside another joins it, and when
 * the inner one fails only its own writes are undone (a savepoint); `lock` serialises concurrent
 * "lock, count, insert while under the limit" transactions, the pattern of every plan limit and
 * play limit.
 *
 * @since 0.1.0
 */
import { Account, ApiKey, Branding, Campaign, Channel, Entry, Session, Store, Usage } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber } from "effect"
import { assertNone, assertSame, assertSome } from "../internal/Assertions.ts"
import {
  at,
  Boom,
  DAY,
  entryFilter,
  fullTheme,
  makeAccount,
  makeCampaign,
  makeChannel,
  makeEntry,
  makeKey,
  makeSession
} from "../internal/Fixtures.ts"
import {
  failedTransaction,
  givenAccount,
  givenCampaign,
  givenChannel,
  givenKey,
  givenSession,
  inserted
} from "../internal/Given.ts"

/** The store, the channel repository and a new account to write channels in. */
const channelsOfAnAccount = Effect.gen(function* () {
  return { store: yield* Store.Store, channels: yield* Channel.ChannelRepo, account: yield* givenAccount() }
})

/** Registers the `Store` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    | Store.Store
    | Account.AccountRepo
    | ApiKey.ApiKeyRepo
    | Channel.ChannelRepo
    | Campaign.CampaignRepo
    | Branding.BrandingRepo
    | Session.SessionRepo
    | Entry.EntryRepo
    | Usage.UsageRepo
  >
): void => {
  it.effect("a transaction that succeeds keeps all its writes and returns its value", () =>
    Effect.gen(function* () {
      const store = yield* Store.Store
      const accounts = yield* Account.AccountRepo
      const keys = yield* ApiKey.ApiKeyRepo
      const channels = yield* Channel.ChannelRepo
      const account = makeAccount()
      const key = makeKey(account.id)
      const channel = makeChannel(account.id)
      const result = yield* store.transaction(
        Effect.gen(function* () {
          yield* accounts.insert(account)
          yield* keys.insert(key)
          yield* channels.insert(channel)
          return yield* channels.count(account.id)
        })
      )
      assert.strictEqual(result, 1)
      assertSome(yield* accounts.findById(account.id), account)
      assertSome(yield* keys.findByPrefix(key.keyPrefix), { key, account })
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("a failing transaction keeps none of its writes", () =>
    Effect.gen(function* () {
      const accounts = yield* Account.AccountRepo
      const keys = yield* ApiKey.ApiKeyRepo
      const channels = yield* Channel.ChannelRepo
      const { account, key } = yield* givenKey
      const updated = yield* givenChannel(account.id)
      const deleted = yield* givenChannel(account.id)
      const newAccount = makeAccount()
      const newKey = makeKey(newAccount.id)
      const newChannel = makeChannel(account.id)

      yield* failedTransaction(
        Effect.gen(function* () {
          yield* accounts.insert(newAccount)
          yield* accounts.update({ ...account, name: "Changed", updatedAt: at(77) })
          yield* keys.insert(newKey)
          assert.isTrue(yield* keys.revoke(account.id, key.id, at(78)))
          yield* channels.insert(newChannel)
          yield* channels.update({ ...updated, name: "Changed", updatedAt: at(79) })
          assert.isTrue(yield* channels.delete(account.id, deleted.id))
          assert.strictEqual(yield* channels.count(account.id), 2, "the transaction sees its own writes")
        }),
        "rules said no"
      )

      assertNone(yield* accounts.findById(newAccount.id))
      assertSome(yield* accounts.findById(account.id), account)
      assertNone(yield* keys.findByPrefix(newKey.keyPrefix))
      assertSome(yield* keys.findActive(account.id, key.id), key)
      assertNone(yield* channels.findById(account.id, newChannel.id))
      assertSome(yield* channels.findById(account.id, updated.id), updated)
      assertSome(yield* channels.findById(account.id, deleted.id), deleted)
      assert.strictEqual(yield* channels.count(account.id), 2)
    })
  )

  it.effect("a failing transaction keeps none of its campaign or branding writes", () =>
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const branding = yield* Branding.BrandingRepo
      const channel = yield* givenChannel()
      const accountId = channel.accountId
      const fresh = yield* givenAccount()
      const updated = yield* inserted(Campaign.CampaignRepo, makeCampaign(accountId, channel.id))
      const deleted = yield* inserted(Campaign.CampaignRepo, makeCampaign(accountId, channel.id, { status: "active" }))
      yield* branding.put(accountId, fullTheme)
      const added = makeCampaign(accountId, channel.id, { status: "active", theme: fullTheme })

      yield* failedTransaction(
        Effect.gen(function* () {
          yield* campaigns.insert(added)
          yield* campaigns.update({ ...updated, name: "Changed", status: "active", updatedAt: at(77) })
          assert.isTrue(yield* campaigns.delete(accountId, deleted.id))
          yield* branding.put(accountId, { labels: { title: "Changed" } })
          yield* branding.put(fresh.id, fullTheme)
          assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 2, "it sees its own writes")
          assert.strictEqual((yield* campaigns.listActiveOnChannel(accountId, channel.id)).length, 2)
        }),
        "rules said no"
      )

      assertNone(yield* campaigns.findById(accountId, added.id))
      assertSome(yield* campaigns.findById(accountId, updated.id), updated)
      assertSome(yield* campaigns.findById(accountId, deleted.id), deleted)
      assertSame(yield* campaigns.listActiveOnChannel(accountId, channel.id), [deleted])
      assertSame(yield* campaigns.list(accountId, {}, { limit: 10, offset: 0 }), {
        items: [deleted, updated].sort((a, b) => (a.id < b.id ? 1 : -1)),
        total: 2
      })
      assert.strictEqual(yield* campaigns.countOnChannel(accountId, channel.id), 2)
      assertSome(yield* branding.get(accountId), fullTheme)
      assertNone(yield* branding.get(fresh.id))
    })
  )

  it.effect("a failing transaction keeps none of its session, entry or usage writes", () =>
    Effect.gen(function* () {
      const sessions = yield* Session.SessionRepo
      const entries = yield* Entry.EntryRepo
      const usage = yield* Usage.UsageRepo
      const campaign = yield* givenCampaign()
      const kept = yield* givenSession(campaign)
      const session = makeSession(campaign)
      const entry = makeEntry(campaign, { sessionId: kept.id })

      yield* failedTransaction(
        Effect.gen(function* () {
          assert.isTrue(yield* sessions.insert(session))
          assert.isTrue(yield* sessions.finish(kept.id, at(900)))
          yield* entries.insert(entry)
          yield* usage.addPlay(campaign.accountId, "2026-01")
        }),
        "rules said no"
      )
      assertNone(yield* sessions.findById(session.id))
      assertSome(yield* sessions.findById(kept.id), kept)
      assert.strictEqual(yield* usage.plays(campaign.accountId, "2026-01"), 0)
      assertSame(yield* entries.list(campaign.accountId, campaign.id, entryFilter(), { limit: 10, offset: 0 }), {
        items: [],
        total: 0
      })
      assert.isTrue(yield* sessions.insert(session), "the rolled-back jti is free again")
      yield* entries.insert(entry)
    })
  )

  it.effect("a transaction that dies keeps none of its writes", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const channel = makeChannel(account.id)
      const exit = yield* Effect.exit(
        store.transaction(Effect.andThen(channels.insert(channel), Effect.die(new Error("bug"))))
      )
      assert.isTrue(Exit.hasDies(exit))
      assertNone(yield* channels.findById(account.id, channel.id))
    })
  )

  it.effect("an interrupted transaction keeps none of its writes", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const channel = makeChannel(account.id)
      const written = yield* Deferred.make<void>()
      const fiber = yield* store
        .transaction(
          Effect.gen(function* () {
            yield* channels.insert(channel)
            yield* Deferred.succeed(written, undefined)
            return yield* Effect.never
          })
        )
        .pipe(Effect.forkChild)
      yield* Deferred.await(written)
      yield* Fiber.interrupt(fiber)
      assertNone(yield* channels.findById(account.id, channel.id))

      const after = makeChannel(account.id)
      yield* store.transaction(channels.insert(after))
      assertSome(yield* channels.findById(account.id, after.id), after, "the store works after an interruption")
    })
  )

  it.effect("a transaction inside another joins it", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const outer = makeChannel(account.id)
      const inner = makeChannel(account.id)

      const seen = yield* store.transaction(
        Effect.gen(function* () {
          yield* channels.insert(outer)
          return yield* store.transaction(
            Effect.gen(function* () {
              yield* channels.insert(inner)
              return yield* channels.count(account.id)
            })
          )
        })
      )
      assert.strictEqual(seen, 2, "the inner transaction sees the outer one's writes")
      assert.strictEqual(yield* channels.count(account.id), 2)
    })
  )

  it.effect("a failing outer transaction undoes the writes of the inner one", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const lost = makeChannel(account.id)
      const lostInner = makeChannel(account.id)
      yield* failedTransaction(
        Effect.gen(function* () {
          yield* channels.insert(lost)
          yield* store.transaction(channels.insert(lostInner))
        }),
        "after the inner one"
      )
      assertNone(yield* channels.findById(account.id, lost.id))
      assertNone(yield* channels.findById(account.id, lostInner.id), "the outer failure undoes the inner writes")
    })
  )

  it.effect("a failing inner transaction undoes only its own writes", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const before = makeChannel(account.id)
      const inner = makeChannel(account.id)
      const after = makeChannel(account.id)

      const caught = yield* store.transaction(
        Effect.gen(function* () {
          yield* channels.insert(before)
          const error = yield* Effect.flip(
            store.transaction(Effect.andThen(channels.insert(inner), Effect.fail(new Boom({ message: "inner only" }))))
          )
          yield* channels.insert(after)
          return error._tag
        })
      )
      assert.strictEqual(caught, "Boom")
      assertSome(yield* channels.findById(account.id, before.id), before)
      assertNone(yield* channels.findById(account.id, inner.id))
      assertSome(yield* channels.findById(account.id, after.id), after)
    })
  )

  it.effect("lock succeeds inside and outside transactions", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      yield* store.lock(Store.LockKey.account(account.id))
      const channel = makeChannel(account.id)
      yield* store.transaction(
        Effect.gen(function* () {
          yield* store.lock(Store.LockKey.account(account.id))
          yield* store.lock(Store.LockKey.account(account.id))
          yield* store.lock(Store.LockKey.channel(channel.id))
          yield* channels.insert(channel)
        })
      )
      assertSome(yield* channels.findById(account.id, channel.id), channel)
    })
  )

  it.effect("the lock holds a limit under 20 concurrent transactions", () =>
    Effect.gen(function* () {
      const { store, channels, account } = yield* channelsOfAnAccount
      const limit = 5
      const attempt = (i: number) =>
        store.transaction(
          Effect.gen(function* () {
            yield* store.lock(Store.LockKey.account(account.id))
            const used = yield* channels.count(account.id)
            // Give other transactions every chance to interleave between the count and the insert.
            yield* Effect.sleep(1)
            if (used >= limit) return false
            yield* channels.insert(makeChannel(account.id, { createdAt: at(i) }))
            return true
          })
        )
      const results = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        attempt,
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((inserted) => inserted).length, limit)
      assert.strictEqual(yield* channels.count(account.id), limit)
    })
  )

  it.effect("the player lock holds a play limit under 30 concurrent starts", () =>
    Effect.gen(function* () {
      const store = yield* Store.Store
      const sessions = yield* Session.SessionRepo
      const campaign = yield* givenCampaign()
      const participantRef = "racer"
      const limit = 3
      const day = { start: at(-DAY), end: at(DAY) }
      const query: Session.CountQuery = {
        channelId: campaign.channelId,
        campaignId: campaign.id,
        participantRef,
        campaignDay: day,
        channelDay: day
      }
      const attempt = (i: number) =>
        store.transaction(
          Effect.gen(function* () {
            yield* store.lock(Store.LockKey.player(campaign.channelId, participantRef))
            const counts = yield* sessions.counts(query)
            // Give other transactions every chance to interleave between the count and the insert.
            yield* Effect.sleep(1)
            if (counts.campaignTotal >= limit) return false
            return yield* sessions.insert(makeSession(campaign, { participantRef, startedAt: at(i) }))
          })
        )
      const results = yield* Effect.forEach(
        Array.from({ length: 30 }, (_, i) => i),
        attempt,
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter((inserted) => inserted).length, limit)
      assertSame(yield* sessions.counts(query), {
        campaignTotal: limit,
        campaignToday: limit,
        channelTotal: limit,
        channelToday: limit
      })
    })
  )
}
