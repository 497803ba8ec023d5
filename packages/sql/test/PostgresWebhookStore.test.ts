import type { Account } from "@campaign-games/core/accounts/Account"
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import { Store } from "@campaign-games/core/Store"
import {
  type Delivery,
  DeliveryNotices,
  DeliveryRepo,
  type Endpoint,
  EndpointRepo
} from "@campaign-games/core/webhooks/Webhook"
import { Database, SqlWebhookStore } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Queue } from "effect"

const databaseUrl = process.env["DATABASE_URL"] ?? ""

const suffix = () => globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 12)
const time = (ms: number) => DateTime.makeUnsafe(Date.UTC(2026, 2, 3, 4, 5, 6, 789) + ms)

/** A migrated store with the webhook repositories over the database at `url`, with a pool of its own. */
const instance = (url: string) =>
  SqlWebhookStore.layer.pipe(Layer.provideMerge(Database.layerPostgres({ url, poolSize: 5 })))

type Services = Layer.Success<ReturnType<typeof instance>>

const on =
  (context: Context.Context<Services>) =>
  <A, E>(effect: Effect.Effect<A, E, Services>) =>
    Effect.provideContext(effect, context)

/** An account and an endpoint of it, with ids of their own. */
const givens = () => {
  const account: Account = {
    id: `acc_${suffix()}`,
    name: "Two instances",
    plan: "pro",
    featureOverrides: {},
    limitOverrides: {},
    createdAt: time(0),
    updatedAt: time(0)
  }
  const endpoint: Endpoint = {
    id: `we_${suffix()}`,
    accountId: account.id,
    url: "https://hooks.example.com/in",
    events: ["session_completed"],
    gameInstanceIds: [],
    channelIds: [],
    includeCouponCodes: false,
    status: "active",
    secret: "whsec_two",
    createdAt: time(0),
    updatedAt: time(0)
  }
  return { account, endpoint }
}

/** A pending delivery to `endpoint`, due at `base`. */
const pendingTo = (endpoint: Endpoint, round: number, base: number, i: number): Delivery => ({
  id: `wd_${round}_${suffix()}`,
  accountId: endpoint.accountId,
  endpointId: endpoint.id,
  eventId: `evt_${suffix()}`,
  eventType: "session_completed",
  payload: { type: "session_completed", createdAt: DateTime.formatIso(time(base)), data: { i } },
  status: "pending",
  attemptCount: 0,
  lastAttemptedAt: null,
  nextRetryAt: time(base + (i % 7)),
  responseStatus: null,
  note: null,
  createdAt: time(base)
})

// The webhook store contract runs with every other port's in `PostgresStore.test.ts`; these are the
// tests of two instances' webhook repositories on one database.
describe.runIf(databaseUrl !== "")("PostgreSQL", () => {
  it.live(
    "two instances' concurrent claims claim each due delivery exactly once",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const a = yield* Layer.build(instance(url))
        const b = yield* Layer.build(instance(url))
        const { account, endpoint } = givens()
        yield* on(a)(AccountRepo.use((repo) => repo.insert(account)))
        yield* on(b)(EndpointRepo.use((repo) => repo.insert(endpoint)))

        for (const round of [0, 1, 2]) {
          // Each round earlier than the last: the previous rounds' deliveries are never due in it.
          const base = -round * 3_600_000
          const made = Array.from({ length: 300 }, (_, i) => pendingTo(endpoint, round, base, i))
          yield* on(round % 2 === 0 ? a : b)(DeliveryRepo.use((repo) => repo.insertMany(made)))
          const now = time(base + 1_000)
          const claims = yield* Effect.forEach(
            Array.from({ length: 10 }, (_, i) => i),
            (i) => on(i % 2 === 0 ? a : b)(DeliveryRepo.use((repo) => repo.claimDue(now, time(base + 30_000), 50))),
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
      }),
    60_000
  )

  it.live(
    "an instance hears of the deliveries another instance inserts (LISTEN/NOTIFY), once they are committed",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const a = yield* Layer.build(instance(url))
        const b = yield* Layer.build(instance(url))
        const { account, endpoint } = givens()
        yield* on(b)(AccountRepo.use((repo) => repo.insert(account)))
        yield* on(b)(EndpointRepo.use((repo) => repo.insert(endpoint)))
        const heard = yield* Queue.unbounded<void>()
        yield* Context.get(a, DeliveryNotices).listen(() => Queue.offerUnsafe(heard, undefined))
        yield* Queue.take(heard).pipe(Effect.timeout("20 seconds")) // the first, on listening
        yield* Effect.sleep(DeliveryNotices.lookAgain)
        yield* Queue.clear(heard)

        // Inserted in a transaction on b: nothing is heard before its commit, then a notice.
        const heardInside = yield* Context.get(b, Store).transaction(
          Effect.gen(function* () {
            yield* Context.get(b, DeliveryRepo).insertMany([pendingTo(endpoint, 9, 0, 1)])
            yield* Effect.sleep("300 millis")
            return yield* Queue.size(heard)
          })
        )
        assert.strictEqual(heardInside, 0, "no notice before the commit")
        yield* Queue.take(heard).pipe(Effect.timeout("20 seconds"))
      }),
    60_000
  )
})
