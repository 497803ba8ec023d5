/**
 * The store on PostgreSQL: the store contract, then what only a server shared by several instances
 * shows: two pools on one database see each other's writes, the lock serialises a limit check
 * across them, a deadlock is retried, and the pool keeps the live clock under a test clock. Run
 * when `DATABASE_URL` is set.
 */
import { Account, Channel, Store } from "@campaign-games/core"
import { Database } from "@campaign-games/sql"
import { Fixtures } from "@campaign-games/testing"
import { StoreContract } from "@campaign-games/testing/contract"
import { assert, describe, layer } from "@effect/vitest"
import { type Context, Deferred, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import * as Postgres from "./support/Postgres.ts"

const { databaseUrl, live, on } = Postgres

/** Two server instances on one database: two pools, two stores. */
const twoInstances = Postgres.twoInstances(Postgres.store(5))

describe.runIf(Postgres.available)("PostgreSQL", () => {
  StoreContract.suite("PostgreSQL store", Database.layerTestPostgres(databaseUrl))

  live("two instances on one database see each other's writes", function* () {
    const { a, b } = yield* twoInstances
    const account = Fixtures.makeAccount()
    assert.isTrue(yield* on(b)(Account.AccountRepo.use((repo) => repo.isEmpty)))
    yield* on(a)(Account.AccountRepo.use((repo) => repo.insert(account)))
    assert.isFalse(yield* on(b)(Account.AccountRepo.use((repo) => repo.isEmpty)))
    const found = yield* on(b)(Account.AccountRepo.use((repo) => repo.findById(account.id)))
    assert.isTrue(Option.isSome(found))

    const channel = Fixtures.makeChannel(account.id, { name: "Written by B" })
    yield* on(b)(Channel.ChannelRepo.use((repo) => repo.insert(channel)))
    const listed = yield* on(a)(Channel.ChannelRepo.use((repo) => repo.list(account.id, Fixtures.all)))
    assert.deepStrictEqual(
      listed.items.map((c) => c.id),
      [channel.id]
    )
  })

  live("the lock serialises limit checks across instances", function* () {
    const { a, b } = yield* twoInstances
    const account = Fixtures.makeAccount()
    yield* on(a)(Account.AccountRepo.use((repo) => repo.insert(account)))
    const limit = 5
    const attempt = (i: number) =>
      on(Postgres.alternate(a, b)(i))(
        Effect.gen(function* () {
          const store = yield* Store.Store
          const channels = yield* Channel.ChannelRepo
          return yield* store.transaction(
            Effect.gen(function* () {
              yield* store.lock(Store.LockKey.account(account.id))
              const used = yield* channels.count(account.id)
              yield* Effect.sleep(2)
              if (used >= limit) return false
              yield* channels.insert(Fixtures.makeChannel(account.id, { name: `attempt ${i}` }))
              return true
            })
          )
        })
      )
    const attempts = Array.from({ length: 20 }, (_, i) => i)
    const results = yield* Effect.forEach(attempts, attempt, { concurrency: "unbounded" })
    assert.strictEqual(results.filter((inserted) => inserted).length, limit)
    const counted = yield* on(b)(Channel.ChannelRepo.use((repo) => repo.count(account.id)))
    assert.strictEqual(counted, limit)
  })

  live("a deadlock between two transactions is retried until both commit", function* () {
    const [context] = yield* Postgres.instances(1, Postgres.store(4))
    const first = Fixtures.uid("deadlock")
    const second = Fixtures.uid("deadlock")
    const holdsFirst = yield* Deferred.make<void>()
    const holdsSecond = yield* Deferred.make<void>()
    let attempts = 0
    const crossing = (mine: string, theirs: string, held: Deferred.Deferred<void>, other: Deferred.Deferred<void>) =>
      Store.Store.use((store) =>
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
      Effect.all([crossing(first, second, holdsFirst, holdsSecond), crossing(second, first, holdsSecond, holdsFirst)], {
        concurrency: "unbounded"
      })
    )
    assert.isAtLeast(attempts, 3, "one of the two ran again after PostgreSQL broke the deadlock")
  })

  live(
    "statements outside a transaction share connections, each failing alone; multiplex 1 sends one a connection",
    function* () {
      /** The backends that answered `count` concurrent statements of an instance, and how many failed. */
      const backends = (context: Context.Context<SqlClient.SqlClient>, count: number) =>
        on(context)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const pids = yield* Effect.forEach(
              Array.from({ length: count }, (_, i) => i),
              (i) =>
                // Every fifth statement fails (a division by zero) while the others are on the wire with it.
                sql<{
                  pid: number
                }>`SELECT pg_backend_pid() AS pid, 1 / ${i % 5 === 4 ? 0 : 1} AS one, pg_sleep(0.05)`.pipe(
                  Effect.map((rows) => rows[0]!.pid),
                  Effect.option
                ),
              { concurrency: "unbounded" }
            )
            return {
              distinct: new Set(pids.flatMap((pid) => (pid._tag === "Some" ? [pid.value] : []))).size,
              failed: pids.filter((pid) => pid._tag === "None").length
            }
          })
        )
      const [pipelined] = yield* Postgres.instances(1, (url) => Database.layerPostgres({ url, poolSize: 8 }))
      const [single] = yield* Postgres.instances(1, (url) => Database.layerPostgres({ url, poolSize: 8, multiplex: 1 }))
      const shared = yield* backends(pipelined!, 20)
      assert.strictEqual(shared.failed, 4, "the four divisions by zero, and only them")
      assert.strictEqual(shared.distinct, 1, "20 statements at once on one connection (32 a connection)")
      const one = yield* backends(single!, 20)
      assert.strictEqual(one.failed, 4)
      assert.isAtLeast(one.distinct, 4, "one statement a connection: the pool grows to carry them")
    }
  )

  layer(Database.layerTestPostgres(databaseUrl), { timeout: "120 seconds" })("under a test clock", (it) => {
    it.effect(
      "the pool runs on the live clock, so moving the test clock ahead is harmless",
      () =>
        Effect.gen(function* () {
          const account = Fixtures.makeAccount()
          yield* Account.AccountRepo.use((repo) => repo.insert(account))
          yield* TestClock.adjust("3650 days")
          const found = yield* Account.AccountRepo.use((repo) => repo.findById(account.id))
          assert.isTrue(Option.isSome(found))
        }),
      10_000
    ) // on the test clock the pool would replay ten years of idle timers (about 25 s)
  })
})
