import type { Account } from "@campaign-games/core/accounts/Account"
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import { type Channel, ChannelRepo } from "@campaign-games/core/campaigns/Channel"
import { LockKey, Store } from "@campaign-games/core/Store"
import { Database } from "@campaign-games/sql"
import { StoreContract } from "@campaign-games/testing"
import { assert, describe, it, layer } from "@effect/vitest"
import { type Context, DateTime, Deferred, Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"

const databaseUrl = process.env["DATABASE_URL"] ?? ""

const now = DateTime.makeUnsafe(Date.UTC(2026, 2, 3, 4, 5, 6, 789))
const suffix = () => globalThis.crypto.randomUUID().slice(0, 12)

const makeAccount = (): Account => ({
  id: `acc_${suffix()}`,
  name: "Two instances",
  plan: "starter",
  featureOverrides: {},
  limitOverrides: { channels: 5 },
  createdAt: now,
  updatedAt: now
})

const makeChannel = (accountId: string, name: string): Channel => ({
  id: `ch_${suffix()}`,
  accountId,
  name,
  status: "active",
  betweenCampaigns: {},
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  createdAt: now,
  updatedAt: now
})

/** Two server instances on one database: two pools, two stores. */
const twoInstances = Effect.gen(function* () {
  const url = yield* Database.testDatabase(databaseUrl)
  const a = yield* Layer.build(Database.layerPostgres({ url, poolSize: 5 }))
  const b = yield* Layer.build(Database.layerPostgres({ url, poolSize: 5 }))
  return { a, b }
})

const on =
  (context: Context.Context<Database.Services>) =>
  <A, E>(effect: Effect.Effect<A, E, Database.Services>) =>
    Effect.provideContext(effect, context)

describe.runIf(databaseUrl !== "")("PostgreSQL", () => {
  StoreContract.suite("PostgreSQL store", Database.layerTestPostgres(databaseUrl))

  it.live(
    "two instances on one database see each other's writes",
    () =>
      Effect.gen(function* () {
        const { a, b } = yield* twoInstances
        const account = makeAccount()
        assert.isTrue(yield* on(b)(AccountRepo.use((repo) => repo.isEmpty)))
        yield* on(a)(AccountRepo.use((repo) => repo.insert(account)))
        assert.isFalse(yield* on(b)(AccountRepo.use((repo) => repo.isEmpty)))
        const found = yield* on(b)(AccountRepo.use((repo) => repo.findById(account.id)))
        assert.isTrue(Option.isSome(found))

        const channel = makeChannel(account.id, "Written by B")
        yield* on(b)(ChannelRepo.use((repo) => repo.insert(channel)))
        const listed = yield* on(a)(ChannelRepo.use((repo) => repo.list(account.id, { limit: 10, offset: 0 })))
        assert.deepStrictEqual(
          listed.items.map((c) => c.id),
          [channel.id]
        )
      }),
    60_000
  )

  it.live(
    "the lock serialises limit checks across instances",
    () =>
      Effect.gen(function* () {
        const { a, b } = yield* twoInstances
        const account = makeAccount()
        yield* on(a)(AccountRepo.use((repo) => repo.insert(account)))
        const limit = 5
        const attempt = (i: number) =>
          on(i % 2 === 0 ? a : b)(
            Effect.gen(function* () {
              const store = yield* Store
              const channels = yield* ChannelRepo
              return yield* store.transaction(
                Effect.gen(function* () {
                  yield* store.lock(LockKey.account(account.id))
                  const used = yield* channels.count(account.id)
                  yield* Effect.sleep(2)
                  if (used >= limit) return false
                  yield* channels.insert(makeChannel(account.id, `attempt ${i}`))
                  return true
                })
              )
            })
          )
        const results = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          attempt,
          {
            concurrency: "unbounded"
          }
        )
        assert.strictEqual(results.filter((inserted) => inserted).length, limit)
        const counted = yield* on(b)(ChannelRepo.use((repo) => repo.count(account.id)))
        assert.strictEqual(counted, limit)
      }),
    60_000
  )

  it.live(
    "a deadlock between two transactions is retried until both commit",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const context = yield* Layer.build(Database.layerPostgres({ url, poolSize: 4 }))
        const first = `deadlock:${suffix()}`
        const second = `deadlock:${suffix()}`
        const holdsFirst = yield* Deferred.make<void>()
        const holdsSecond = yield* Deferred.make<void>()
        let attempts = 0
        const crossing = (
          mine: string,
          theirs: string,
          held: Deferred.Deferred<void>,
          other: Deferred.Deferred<void>
        ) =>
          Store.use((store) =>
            store.transaction(
              Effect.gen(function* () {
                attempts++
                yield* store.lock(mine)
                yield* Deferred.succeed(held, undefined)
                yield* Deferred.await(other)
                yield* store.lock(theirs)
              })
            )
          )
        yield* on(context)(
          Effect.all(
            [crossing(first, second, holdsFirst, holdsSecond), crossing(second, first, holdsSecond, holdsFirst)],
            { concurrency: "unbounded" }
          )
        )
        assert.isAtLeast(attempts, 3, "one of the two ran again after PostgreSQL broke the deadlock")
      }),
    60_000
  )

  layer(Database.layerTestPostgres(databaseUrl), { timeout: "120 seconds" })("under a test clock", (it) => {
    it.effect(
      "the pool runs on the live clock, so moving the test clock ahead is harmless",
      () =>
        Effect.gen(function* () {
          const account = makeAccount()
          yield* AccountRepo.use((repo) => repo.insert(account))
          yield* TestClock.adjust("3650 days")
          const found = yield* AccountRepo.use((repo) => repo.findById(account.id))
          assert.isTrue(Option.isSome(found))
        }),
      10_000
    ) // on the test clock the pool would replay ten years of idle timers (about 25 s)
  })
})
