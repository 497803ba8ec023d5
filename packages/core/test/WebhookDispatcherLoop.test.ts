/**
 * The webhook worker's background loop (`WebhookDispatcher.layer`) under the test clock, on the memory
 * store: a new delivery is sent as soon as the store announces it (not at the next poll), a retry
 * when it comes due, each endpoint gets no more requests at once than its send window, a dead
 * endpoint never holds up the others, results are written many at once, and an unchanged endpoint's
 * URL and secret are read once, not at every claim. Also `runOnce` with
 * sends that outlast their lease: a late result never overwrites a newer claim's, and a claim whose
 * lease is nearly over is released instead of sent.
 */
import { createHash, createHmac, randomBytes } from "node:crypto"
import { Event, Secrets, Webhook, WebhookDispatcher, Webhooks, WebhookSignature } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Fiber, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import * as Support from "./support/Webhooks.ts"

/** What a scripted transport saw: each request with the time it started and when it ended. */
interface Request {
  readonly path: string
  readonly deliveryId: string
  readonly signature: string
  readonly body: string
  readonly at: number
  ended: number | undefined
}

/** How the receiver at a path answers the `n`th request (from 1; it may take test-clock time). */
type Answer = (path: string, n: number) => Effect.Effect<Webhook.AttemptResult>

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
        return yield* answer(request.path, requests.length).pipe(
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

/** The `n`th play's `session_completed` event. */
const event = (accountId: string, n: number): Event.Event =>
  Support.event(accountId, {
    id: `evt_${n}`,
    data: { gameInstanceId: "gi_1", sessionId: `ses_${n}`, participantRef: `p${n}`, score: null, outcome: null }
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

/**
 * Counts the worker's store calls: claims that brought deliveries, reads of endpoints' URLs and
 * secrets (`targets`), result writes (statements, and results in all).
 */
interface Calls {
  claims: number
  targets: number
  writes: number
  results: number
}

const counting = (calls: Calls) =>
  Layer.effect(
    Webhook.DeliveryRepo,
    Effect.map(Webhook.DeliveryRepo, (repo) =>
      Webhook.DeliveryRepo.of({
        ...repo,
        claimDue: (now, leaseUntil, limit, excludeEndpoints) =>
          Effect.map(repo.claimDue(now, leaseUntil, limit, excludeEndpoints), (claimed) => {
            if (claimed.length > 0) calls.claims++
            return claimed
          }),
        targets: (endpointIds) => {
          calls.targets++
          return repo.targets(endpointIds)
        },
        recordAttempts: (tried) => {
          calls.writes++
          calls.results += tried.length
          return repo.recordAttempts(tried)
        }
      })
    )
  )

/** How a case's engine runs: its receivers' answers, a worker with its loop or without, store calls counted or not. */
interface Options {
  readonly answer: Answer
  readonly loop: boolean
  readonly calls?: Calls
}

/** The engine's webhook part on the memory store, with a worker (`loop`) or without. */
const setup = (options: Options & { readonly requests: Array<Request> }) => {
  const worker = (
    options.loop
      ? // No grace at the end of a test: a send still in flight would wait on the test clock.
        WebhookDispatcher.WebhookDispatcher.layer({ idle: Duration.hours(1), grace: Duration.zero })
      : WebhookDispatcher.WebhookDispatcher.layerNoLoop()
  ).pipe(
    Layer.provide(scripted(options.answer, options.requests)),
    Layer.provide(options.calls === undefined ? Layer.empty : counting(options.calls))
  )
  return Support.engine(worker, syncSecrets)
}

/** An account with endpoints at `paths` (subscribed to `session_completed`), and a way to play. */
const given = (paths: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const actor = yield* Support.givenActor
    const webhooks = yield* Webhooks.Webhooks
    const endpoints = yield* Effect.forEach(paths, (path) =>
      webhooks.create(actor, { url: `http://127.0.0.1:1${path}`, events: ["session_completed"] })
    )
    const outbox = yield* Event.EventOutbox
    let n = 0
    const events = (count: number) =>
      Effect.forEach(Array.from({ length: count }), () => outbox.append(event(actor.account.id, n++)), {
        discard: true
      })
    const log = Effect.map(Support.deliveries(actor, "asc", 500), (page) => page.items)
    return { events, log, endpoints }
  })

type Given = Effect.Success<ReturnType<typeof given>>

/** `body` on a fresh engine (`setup`) with an account whose endpoints are at `paths`; the requests sent are recorded. */
const scenario = <A, E>(
  options: Options,
  paths: ReadonlyArray<string>,
  body: (
    given: Given & { readonly requests: ReadonlyArray<Request> }
  ) => Effect.Effect<A, E, Layer.Success<ReturnType<typeof setup>>>
) => {
  const requests: Array<Request> = []
  return Effect.flatMap(given(paths), (g) => body({ ...g, requests })).pipe(
    Effect.provide(setup({ ...options, requests }))
  )
}

describe("WebhookDispatcher loop", () => {
  it.effect("a new delivery is sent as soon as the store announces it, not at the next poll (an hour away)", () =>
    scenario({ answer: instantly, loop: true }, ["/in"], ({ events, log, requests }) =>
      Effect.gen(function* () {
        yield* run(10)
        yield* events(1)
        yield* run(100)
        assert.strictEqual(requests.length, 1)
        assert.isAtMost(requests[0]!.at, 10 + 30, "sent within the gathering of announced deliveries")
        assert.deepStrictEqual(
          (yield* log).map((d) => d.status),
          ["success"]
        )
      })
    )
  )

  it.effect("a retry is sent when it comes due: 5 s after the first try", () => {
    // The first try is answered 503, the retry 200.
    const answer: Answer = (_, n) => Effect.succeed({ _tag: "Answered", status: n === 1 ? 503 : 200 })
    return scenario({ answer, loop: true }, ["/in"], ({ events, log, requests }) =>
      Effect.gen(function* () {
        yield* events(1)
        yield* run(6_000, 10)
        assert.strictEqual(requests.length, 2)
        // 5 s after the first try (the test clock moves in steps of 10 ms while the fibers run).
        assert.isAtLeast(requests[1]!.at - requests[0]!.at, 5_000)
        assert.isAtMost(requests[1]!.at - requests[0]!.at, 5_050)
        assert.strictEqual(requests[0]!.deliveryId, requests[1]!.deliveryId)
        // One delivery, a success at its second attempt.
        assert.deepStrictEqual(
          (yield* log).map((d) => [d.status, d.attemptCount]),
          [["success", 2]]
        )
      })
    )
  })

  it.effect("a new endpoint gets 4 requests at once, then more as it answers well", () => {
    // Each request is answered after 100 ms.
    const answer: Answer = () => Effect.as(Effect.sleep("100 millis"), { _tag: "Answered", status: 200 } as const)
    return scenario({ answer, loop: true }, ["/in"], ({ events, log, requests }) =>
      Effect.gen(function* () {
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
      })
    )
  })

  it.effect("a dead endpoint gets fewer and fewer requests at once and never holds up another", () => {
    // `/dead` never answers: the transport gives up after 10 s.
    const answer: Answer = (path) =>
      path === "/dead"
        ? Effect.as(Effect.sleep("10 seconds"), { _tag: "TimedOut" } as const)
        : Effect.succeed({ _tag: "Answered", status: 200 })
    return scenario({ answer, loop: true }, ["/dead", "/live"], ({ events, log, requests }) =>
      Effect.gen(function* () {
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
      })
    )
  })

  it.effect("an endpoint changed since the worker read it is read again: a new secret signs the next delivery", () =>
    scenario({ answer: instantly, loop: true }, ["/in"], ({ events, endpoints, requests }) =>
      Effect.gen(function* () {
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
      })
    )
  )

  it.effect("results are written many at once (one statement for many deliveries)", () => {
    const calls: Calls = { claims: 0, targets: 0, writes: 0, results: 0 }
    return scenario({ answer: instantly, loop: true, calls }, ["/a", "/b"], ({ events, log, requests }) =>
      Effect.gen(function* () {
        yield* events(100)
        yield* run(1_000)
        assert.strictEqual(requests.length, 200)
        assert.strictEqual(calls.results, 200)
        assert.isAtMost(calls.writes, 20, `${calls.writes} writes for 200 results`)
        assert.isTrue((yield* log).every((d) => d.status === "success" && d.attemptCount === 1))
      })
    )
  })

  it.effect("an unchanged endpoint's URL and secret are read once, not at every claim", () => {
    const calls: Calls = { claims: 0, targets: 0, writes: 0, results: 0 }
    return scenario({ answer: instantly, loop: true, calls }, ["/in"], ({ events, log, requests }) =>
      Effect.gen(function* () {
        // 20 plays' worth of events, 10 at a time, 100 ms apart: each batch is announced and claimed.
        for (let i = 0; i < 20; i++) {
          yield* events(10)
          yield* run(100)
        }
        assert.strictEqual(requests.length, 200)
        assert.isTrue((yield* log).every((d) => d.status === "success"))
        assert.isAtLeast(calls.claims, 20, "a claim for each batch at least")
        assert.strictEqual(calls.targets, 1, `${calls.targets} reads of the endpoint for ${calls.claims} claims`)
      })
    )
  })
})

describe("WebhookDispatcher.runOnce with sends that outlast their lease", () => {
  it.effect("a result that comes after the lease passed never overwrites the newer claimer's", () => {
    // The first request takes 70 s (past the 60 s lease) and ends with a 503.
    const answer: Answer = (_, n) =>
      Effect.as(Effect.sleep(n === 1 ? "70 seconds" : "0 millis"), {
        _tag: "Answered",
        status: n === 1 ? 503 : 200
      } as const)
    return scenario({ answer, loop: false }, ["/slow"], ({ events, log, requests }) =>
      Effect.gen(function* () {
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
      })
    )
  })

  it.effect("a claim left with less than the send timeout and 5 s of its lease is released, not sent", () => {
    const answer: Answer = () => Effect.as(Effect.sleep("50 seconds"), { _tag: "Answered", status: 200 } as const)
    return scenario({ answer, loop: false }, ["/slow"], ({ events, log, requests }) =>
      Effect.gen(function* () {
        const dispatcher = yield* WebhookDispatcher.WebhookDispatcher
        yield* events(6)
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
      })
    )
  })
})
