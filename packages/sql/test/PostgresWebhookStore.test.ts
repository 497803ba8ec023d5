/**
 * The webhook repositories of two instances (two pools) on one PostgreSQL database: concurrent
 * claims take each due delivery once, and one instance hears (`LISTEN/NOTIFY`) of the deliveries
 * another commits. Run when `DATABASE_URL` is set; the webhook store contract runs with every other
 * port's in `PostgresStore.test.ts`.
 */
import { Account, Store, Webhook } from "@campaign-games/core"
import { SqlWebhookStore } from "@campaign-games/sql"
import { Fixtures } from "@campaign-games/testing"
import { assert, describe } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Queue } from "effect"
import * as Postgres from "./support/Postgres.ts"

const { live, on } = Postgres

const time = (ms: number) => DateTime.makeUnsafe(Date.UTC(2026, 2, 3, 4, 5, 6, 789) + ms)

/** A migrated store with the webhook repositories over the database at `url`, with a pool of its own. */
const instance = (url: string) => SqlWebhookStore.layer.pipe(Layer.provideMerge(Postgres.store(5)(url)))

/** Two instances on a fresh database, an account (written by `a`) and an endpoint of it (written by `b`). */
const givens = Effect.gen(function* () {
  const { a, b } = yield* Postgres.twoInstances(instance)
  const account = Fixtures.makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
  const endpoint = Fixtures.makeEndpoint(account.id, { secret: "whsec_two" })
  yield* on(a)(Account.AccountRepo.use((repo) => repo.insert(account)))
  yield* on(b)(Webhook.EndpointRepo.use((repo) => repo.insert(endpoint)))
  return { a, b, endpoint }
})

/** A pending delivery to `endpoint`, made at `base` and due a few milliseconds after. */
const pendingTo = (endpoint: Webhook.Endpoint, round: number, base: number, i: number): Webhook.Delivery =>
  Fixtures.makeDelivery(endpoint, {
    id: Fixtures.uid(`wd_${round}`),
    payload: { type: "session_completed", createdAt: DateTime.formatIso(time(base)), data: { i } },
    nextRetryAt: time(base + (i % 7)),
    createdAt: time(base)
  })

describe.runIf(Postgres.available)("PostgreSQL", () => {
  live("two instances' concurrent claims claim each due delivery exactly once", function* () {
    const { a, b, endpoint } = yield* givens
    for (const round of [0, 1, 2]) {
      // Each round earlier than the last: the previous rounds' deliveries are never due in it.
      const base = -round * 3_600_000
      const made = Array.from({ length: 300 }, (_, i) => pendingTo(endpoint, round, base, i))
      yield* on(Postgres.alternate(a, b)(round))(Webhook.DeliveryRepo.use((repo) => repo.insertMany(made)))
      const now = time(base + 1_000)
      const claims = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) =>
          on(Postgres.alternate(a, b)(i))(
            Webhook.DeliveryRepo.use((repo) => repo.claimDue(now, time(base + 30_000), 50))
          ),
        { concurrency: "unbounded" }
      )
      const claimed = claims.flatMap((batch) => batch.map((c) => c.delivery.id))
      assert.strictEqual(new Set(claimed).size, claimed.length, `round ${round}: no delivery is claimed twice`)
      assert.deepStrictEqual(
        [...claimed].sort(),
        made.map((d) => d.id).sort(),
        `round ${round}: every due delivery is claimed`
      )
      assert.isTrue(
        claims.every((batch) => batch.length <= 50),
        `round ${round}: no claim takes more than its limit`
      )
    }
  })

  live(
    "an instance hears of the deliveries another instance inserts (LISTEN/NOTIFY), once they are committed",
    function* () {
      const { a, b, endpoint } = yield* givens
      const heard = yield* Queue.unbounded<void>()
      yield* Context.get(a, Webhook.DeliveryNotices).listen(() => Queue.offerUnsafe(heard, undefined))
      yield* Queue.take(heard).pipe(Effect.timeout("20 seconds")) // the first, on listening
      yield* Effect.sleep(Webhook.DeliveryNotices.lookAgain)
      yield* Queue.clear(heard)

      // Inserted in a transaction on b: nothing is heard before its commit, then a notice.
      const heardInside = yield* Context.get(b, Store.Store).transaction(
        Effect.gen(function* () {
          yield* Context.get(b, Webhook.DeliveryRepo).insertMany([pendingTo(endpoint, 9, 0, 1)])
          yield* Effect.sleep("300 millis")
          return yield* Queue.size(heard)
        })
      )
      assert.strictEqual(heardInside, 0, "no notice before the commit")
      yield* Queue.take(heard).pipe(Effect.timeout("20 seconds"))
    }
  )
})
