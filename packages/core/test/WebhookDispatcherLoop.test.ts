/**
 * The webhook worker's background loop (`WebhookDispatcher.layer`) under the test clock, on the memory
 * store: a new delivery is sent as soon as the store announces it (not at the next poll), a retry
 * when it comes due, each endpoint gets no more requests at once than its send window, a dead
 * endpoint never holds up the others, and results are written many at once. Also `runOnce` with
 * sends that outlast their lease: a late result never overwrites a newer claim's, and a claim whose
 * lease is nearly over is released instead of sent.
 */
import { createHash, createHmac, randomBytes } from "node:crypto"
import {
  Accounts,
  Actor,
  Event,
  Secrets,
  Webhook,
  WebhookDispatcher,
  Webhooks,
  WebhookSignature
} from "@campaign-games/core"
import { MemoryStore, MemoryWebhookStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Fiber, Layer, Option, Ref } from "effect"
import { TestClock } from "effect/testing"

/** What a scripted transport saw: each request with the time it started and when it ended. */
interface Request {
  readonly path: string
  readonly deliveryId: string
  readonly signature: string
  readonly body: string
  readonly at: number
  ended: number | undefined
}

/** How the receiver at a path answers a request (it may take test-clock time). */
type Answer = (path: string) => Effect.Effect<Webhook.AttemptResult>

const instantly: Answer = () => Effect.succeed({ _tag: "Answered", status: 200 })

/** A transport that answers with `answer` and records every request. */
const scripted = (answer: Answer, requests: Array<Request>) =>
  Layer.succeed(Webhook.WebhookTransport, {
    send: (outgoing) =>
      Effect.gen(function* () {
        const request: Request = {
          path: new URL(outgoing.url).pathname,
          deliveryId: outgoing.headers["x-service-delivery-id"]!,
          signature: outgoing.headers["x-service-signature"]!,
          body: outgoing.body,
          at: DateTime.toEpochMillis(yield* DateTime.now),
          ended: undefined
        }
        requests.push(request)
        return yield* answer(request.path).pipe(
          Effect.ensuring(Effect.map(DateTime.now, (now) => void (request.ended = DateTime.toEpochMillis(now))))
        )
      })
  })

/** The most requests in flight at once to `path`. */
const mostAtOnce = (requests: ReadonlyArray<Request>, path: string): number => {
  const mine = requests.filter((r) => r.path === path)
  let most = 0
  for (const r of mine) {
    const open = mine.filter((o) => o.at <= r.at && (o.ended === undefined || o.ended > r.at)).length
    most = Math.max(most, open)
  }
  return most
}

const event = (accountId: string, n: number): Event.Event => ({
  id: `evt_${n}`,
  accountId,
  type: "session_completed",
  campaignId: "gi_1",
  channelId: "ch_1",
  data: { gameInstanceId: "gi_1", sessionId: `ses_${n}`, participantRef: `p${n}`, score: null, outcome: null },
  createdAt: DateTime.makeUnsafe(0)
})

/** Lets every fiber that can run, run (those it starts too). */
const settle = Effect.repeat(Effect.yieldNow, { times: 50 })

/** Lets the fibers run until `done` holds (without moving the test clock). */
const until = (done: () => boolean, what: string) =>
  Effect.gen(function* () {
    for (let i = 0; i < 10_000 && !done(); i++) yield* Effect.yieldNow
    assert.isTrue(done(), what)
  })

/**
 * `Secrets` with `node:crypto`, synchronous: WebCrypto's HMAC completes on a thread of its own, at
 * a time the test clock does not rule, and a send must reach the transport before the clock moves.
 */
const syncSecrets = Layer.succeed(Secrets.Secrets, {
  randomToken: (bytes) => Effect.sync(() => randomBytes(bytes).toString("hex")),
  sha256Hex: (input) => Effect.sync(() => createHash("sha256").update(input).digest("hex")),
  hmacSha256Hex: (key, message) => Effect.sync(() => createHmac("sha256", key).update(message).digest("hex")),
  hmacSha256Base64Url: (key, message) =>
    Effect.sync(() => createHmac("sha256", key).update(message).digest("base64url"))
})

/** Lets the loop's fibers run while test-clock time moves by `ms`, in steps of `step` ms. */
const run = (ms: number, step = 1) =>
  Effect.repeat(Effect.andThen(settle, TestClock.adjust(Duration.millis(step))), { times: Math.ceil(ms / step) - 1 })

/** Counts the result writes: how many statements, and how many results in all. */
interface Writes {
  calls: number
  results: number
}

const counting = (writes: Writes) =>
  Layer.effect(
    Webhook.DeliveryRepo,
    Effect.map(Webhook.DeliveryRepo, (repo) =>
      Webhook.DeliveryRepo.of({
        ...repo,
        recordAttempts: (tried) => {
          writes.calls++
          writes.results += tried.length
          return repo.recordAttempts(tried)
        }
      })
    )
  )

/** The engine's webhook part on the memory store, with a worker (`loop`) or without. */
const setup = (options: {
  readonly answer: Answer
  readonly loop: boolean
  readonly requests: Array<Request>
  readonly writes?: Writes
}) => {
  const store = MemoryWebhookStore.layer.pipe(Layer.provideMerge(MemoryStore.layer))
  const worker = (
    options.loop
      ? // No grace at the end of a test: a send still in flight would wait on the test clock.
        WebhookDispatcher.WebhookDispatcher.layer({ idle: Duration.hours(1), grace: Duration.zero })
      : WebhookDispatcher.WebhookDispatcher.layerNoLoop()
  ).pipe(
    Layer.provide(scripted(options.answer, options.requests)),
    Layer.provide(options.writes === undefined ? Layer.empty : counting(options.writes))
  )
  return Layer.mergeAll(
    Accounts.Accounts.layer,
    Webhooks.Webhooks.layer.pipe(
      Layer.provide(Layer.succeed(Webhooks.WebhookPolicy, { allowPrivateUrls: true })),
      Layer.provide(Layer.succeed(Webhook.HostResolver, { resolve: () => Effect.succeed([]) }))
    ),
    worker
  ).pipe(Layer.provideMerge(Webhooks.Webhooks.layerFanOut), Layer.provideMerge(syncSecrets), Layer.provideMerge(store))
}

/** An account with endpoints at `paths` (subscribed to `session_completed`), and a way to play. */
const given = (paths: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const { account } = yield* (yield* Accounts.Accounts).create({ name: "Acme" })
    const actor = Actor.system(account)
    const webhooks = yield* Webhooks.Webhooks
    const endpoints = yield* Effect.forEach(paths, (path) =>
      webhooks.create(actor, { url: `http://127.0.0.1:1${path}`, events: ["session_completed"] })
    )
    const outbox = yield* Event.EventOutbox
    let n = 0
    const events = (count: number) =>
      Effect.forEach(Array.from({ length: count }), () => outbox.append(event(account.id, n++)), { discard: true })
    const log = Effect.map(
      webhooks.deliveries(
        actor,
        { search: undefined, status: undefined, sort: "createdAt", dir: "asc" },
        { limit: 500, offset: 0 }
      ),
      (page) => page.items
    )
    return { events, log, endpoints }
  })

describe("WebhookDispatcher loop", () => {
  it.effect("a new delivery is sent as soon as the store announces it, not at the next poll (an hour away)", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/in"])
        yield* run(10)
        yield* events(1)
        yield* run(100)
        assert.strictEqual(requests.length, 1)
        assert.isAtMost(requests[0]!.at, 10 + 30, "sent within the gathering of announced deliveries")
        assert.deepStrictEqual(
          (yield* log).map((d) => d.status),
          ["success"]
        )
      }).pipe(Effect.provide(setup({ answer: instantly, loop: true, requests })))
    })
  )

  it.effect("a retry is sent when it comes due: 5 s after the first try", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      const answers = yield* Ref.make<ReadonlyArray<number>>([503, 200])
      const answer: Answer = () =>
        Ref.modify(answers, ([first, ...rest]) => [{ _tag: "Answered", status: first ?? 200 } as const, rest])
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/in"])
        yield* events(1)
        yield* run(6_000, 10)
        assert.strictEqual(requests.length, 2)
        // 5 s after the first try (the test clock moves in steps of 10 ms while the fibers run).
        assert.isAtLeast(requests[1]!.at - requests[0]!.at, 5_000)
        assert.isAtMost(requests[1]!.at - requests[0]!.at, 5_050)
        assert.strictEqual(requests[0]!.deliveryId, requests[1]!.deliveryId)
        const [delivery] = yield* log
        assert.strictEqual(delivery!.status, "success")
        assert.strictEqual(delivery!.attemptCount, 2)
      }).pipe(Effect.provide(setup({ answer, loop: true, requests })))
    })
  )

  it.effect("a new endpoint gets 4 requests at once, then more as it answers well", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      // Each request is answered after 100 ms.
      const answer: Answer = () => Effect.as(Effect.sleep("100 millis"), { _tag: "Answered", status: 200 } as const)
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/in"])
        yield* events(40)
        yield* run(50)
        assert.strictEqual(requests.length, 4, "four at once to start with")
        yield* run(100)
        // Each of the four answers made room for itself and one more.
        assert.strictEqual(requests.length, 12)
        yield* run(2_000)
        assert.strictEqual(requests.length, 40)
        assert.isTrue((yield* log).every((d) => d.status === "success"))
        assert.strictEqual(mostAtOnce(requests, "/in"), 16)
      }).pipe(Effect.provide(setup({ answer, loop: true, requests })))
    })
  )

  it.effect("a dead endpoint gets fewer and fewer requests at once and never holds up another", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      // `/dead` never answers: the transport gives up after 10 s.
      const answer: Answer = (path) =>
        path === "/dead"
          ? Effect.as(Effect.sleep("10 seconds"), { _tag: "TimedOut" } as const)
          : Effect.succeed({ _tag: "Answered", status: 200 })
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/dead", "/live"])
        yield* events(30)
        yield* run(1_000)
        const live = requests.filter((r) => r.path === "/live")
        assert.strictEqual(live.length, 30, "every delivery to the live endpoint within a second")
        assert.strictEqual(requests.filter((r) => r.path === "/dead").length, 4, "four at once to the dead one")
        yield* run(60_000, 100)
        const dead = requests.filter((r) => r.path === "/dead")
        // 4 at 0 s; halved at 10 s to 2; at 20 s to 1; then one at a time.
        assert.deepStrictEqual(
          [0, 10, 20, 30, 40, 50].map((s) => dead.filter((r) => r.at >= s * 1_000 && r.at < (s + 10) * 1_000).length),
          [4, 2, 1, 1, 1, 1]
        )
        const statuses = (yield* log).map((d) => d.status)
        assert.strictEqual(statuses.filter((s) => s === "success").length, 30)
      }).pipe(Effect.provide(setup({ answer, loop: true, requests })))
    })
  )

  it.effect("an endpoint changed since the worker read it is read again: a new secret signs the next delivery", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      yield* Effect.gen(function* () {
        const { events, endpoints } = yield* given(["/in"])
        const [endpoint] = endpoints
        yield* events(1)
        yield* run(100)
        // The store's endpoint gets a new secret (a rotation, written as the repository allows).
        const rotated = { ...endpoint!, secret: "whsec_rotated", updatedAt: DateTime.makeUnsafe(100) }
        yield* Webhook.EndpointRepo.use((repo) => repo.update(rotated))
        yield* events(1)
        yield* run(200)
        assert.strictEqual(requests.length, 2)
        const verify = (r: Request, secret: string) =>
          WebhookSignature.verifyWebhook(r.body, r.signature, secret, { now: 0 }).pipe(
            Effect.as("verified"),
            Effect.catch(() => Effect.succeed("refused"))
          )
        assert.strictEqual(yield* verify(requests[0]!, endpoint!.secret), "verified")
        assert.strictEqual(yield* verify(requests[1]!, "whsec_rotated"), "verified")
        assert.strictEqual(yield* verify(requests[1]!, endpoint!.secret), "refused")
      }).pipe(Effect.provide(setup({ answer: instantly, loop: true, requests })))
    })
  )

  it.effect("results are written many at once (one statement for many deliveries)", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      const writes: Writes = { calls: 0, results: 0 }
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/a", "/b"])
        yield* events(100)
        yield* run(1_000)
        assert.strictEqual(requests.length, 200)
        assert.strictEqual(writes.results, 200)
        assert.isAtMost(writes.calls, 20, `${writes.calls} writes for 200 results`)
        assert.isTrue((yield* log).every((d) => d.status === "success" && d.attemptCount === 1))
      }).pipe(Effect.provide(setup({ answer: instantly, loop: true, requests, writes })))
    })
  )
})

describe("WebhookDispatcher.runOnce with sends that outlast their lease", () => {
  it.effect("a result that comes after the lease passed never overwrites the newer claimer's", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      // The first request takes 70 s (past the 60 s lease) and ends with a 503.
      const answer: Answer = () =>
        Effect.as(Effect.sleep(requests.length === 1 ? "70 seconds" : "0 millis"), {
          _tag: "Answered",
          status: requests.length === 1 ? 503 : 200
        } as const)
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/slow"])
        yield* events(1)
        const dispatcher = yield* WebhookDispatcher.WebhookDispatcher
        const slow = yield* Effect.forkChild(dispatcher.runOnce)
        yield* until(() => requests.length === 1, "the first request is on its way")
        yield* TestClock.adjust("61 seconds")
        // Another instance claims it after the lease and sends it: success.
        assert.strictEqual(yield* dispatcher.runOnce, 1)
        yield* settle
        yield* TestClock.adjust("10 seconds")
        yield* Fiber.join(slow)
        assert.strictEqual(requests.length, 2)
        const [delivery] = yield* log
        assert.strictEqual(delivery!.status, "success", "the late 503 was not written over the success")
        assert.strictEqual(delivery!.attemptCount, 1)
      }).pipe(Effect.provide(setup({ answer, loop: false, requests })))
    })
  )

  it.effect("a claim left with less than the send timeout and 5 s of its lease is released, not sent", () =>
    Effect.gen(function* () {
      const requests: Array<Request> = []
      const answer: Answer = () => Effect.as(Effect.sleep("50 seconds"), { _tag: "Answered", status: 200 } as const)
      yield* Effect.gen(function* () {
        const { events, log } = yield* given(["/slow"])
        yield* events(6)
        const dispatcher = yield* WebhookDispatcher.WebhookDispatcher
        const first = yield* Effect.forkChild(dispatcher.runOnce)
        yield* until(() => requests.length === 4, "four requests are on their way")
        yield* TestClock.adjust("50 seconds")
        assert.strictEqual(yield* Fiber.join(first), 6, "six claimed")
        // Four went out at once; at 50 s the other two had 10 s of lease left: released.
        assert.strictEqual(requests.length, 4)
        const statuses = (yield* log).map((d) => d.status)
        assert.deepStrictEqual([...statuses].sort(), ["pending", "pending", "success", "success", "success", "success"])
        // Released, not left to lapse: claimable at once.
        const repo = yield* Webhook.DeliveryRepo
        const now = yield* DateTime.now
        const again = yield* repo.claimDue(now, DateTime.add(now, { seconds: 60 }), 10)
        assert.strictEqual(again.length, 2)
        assert.isTrue(Option.isNone(Option.fromNullishOr(again.find((c) => c.delivery.status !== "pending"))))
      }).pipe(Effect.provide(setup({ answer, loop: false, requests })))
    })
  )
})
