/**
 * Webhook delivery under the test clock: fan-out from the outbox, the retry schedule (attempts at
 * 0, 5, 15, 35 and 75 s, then exhausted), final answers, filters, disabled endpoints, and the
 * signature checked with node's own crypto, independently of the code under test.
 */
import { createHmac } from "node:crypto"
import { Actor, Event, Webhook, WebhookDispatcher, Webhooks, WebhookSignature } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Option, Ref } from "effect"
import { TestClock } from "effect/testing"
import { append, deliveries, engine, event, givenActor } from "./support/Webhooks.ts"

interface Sent {
  readonly at: number
  readonly url: string
  readonly headers: { readonly [name: string]: string }
  readonly body: string
}

/** A transport that records every request and answers from a script (last answer repeats). */
const recordingTransport = (answers: Ref.Ref<ReadonlyArray<Webhook.AttemptResult>>, sent: Ref.Ref<Array<Sent>>) =>
  Layer.succeed(Webhook.WebhookTransport, {
    send: (request) =>
      Effect.gen(function* () {
        const at = DateTime.toEpochMillis(yield* DateTime.now)
        yield* Ref.update(sent, (all) => [...all, { at, ...request }])
        const script = yield* Ref.get(answers)
        const answer = script[0] ?? { _tag: "Answered" as const, status: 200 }
        if (script.length > 1) yield* Ref.set(answers, script.slice(1))
        return answer
      })
  })

const codes = Layer.succeed(Webhook.CouponCodes, (_accountId: string, grantId: string) =>
  Effect.succeed(grantId === "grt_1" ? Option.some("SECRET-CODE-1234") : Option.none())
)

/** One pass of the worker: the number of deliveries it claimed. */
const run = Effect.flatMap(Effect.service(WebhookDispatcher.WebhookDispatcher), (d) => d.runOnce)

/** `seconds` passes of the worker, a second apart (each pass, then the clock moves by a second). */
const runEverySecond = (seconds: number) =>
  Effect.repeat(Effect.andThen(run, TestClock.adjust("1 second")), { times: seconds - 1 })

/** An endpoint of the actor's account at `http://127.0.0.1:1/<path>`, for `session_completed` unless `fields` say otherwise. */
const hook = (actor: Actor.Actor, path: string, fields: Partial<Webhook.CreateEndpoint> = {}) =>
  Effect.flatMap(Effect.service(Webhooks.Webhooks), (webhooks) =>
    webhooks.create(actor, { url: `http://127.0.0.1:1/${path}`, events: ["session_completed"], ...fields })
  )

/** `body` on a fresh engine whose worker (no loop) sends through a transport answering from `script`. */
const program = <A, E>(
  script: ReadonlyArray<Webhook.AttemptResult>,
  body: (ctx: {
    readonly actor: Actor.Actor
    readonly sent: Ref.Ref<Array<Sent>>
  }) => Effect.Effect<
    A,
    E,
    Webhooks.Webhooks | Event.EventOutbox | WebhookDispatcher.WebhookDispatcher | Webhook.DeliveryRepo
  >
) =>
  Effect.gen(function* () {
    const answers = yield* Ref.make(script)
    const sent = yield* Ref.make<Array<Sent>>([])
    const worker = WebhookDispatcher.WebhookDispatcher.layerNoLoop().pipe(
      Layer.provide(recordingTransport(answers, sent)),
      Layer.provide(codes)
    )
    return yield* Effect.flatMap(givenActor, (actor) => body({ actor, sent })).pipe(Effect.provide(engine(worker)))
  })

const deliveriesOf = (actor: Actor.Actor) => deliveries(actor, "desc", 50)

describe("WebhookDispatcher", () => {
  it.effect("retries at 0, 5, 15, 35 and 75 seconds, then the delivery is exhausted", () =>
    program([{ _tag: "Answered", status: 503 }], ({ actor, sent }) =>
      Effect.gen(function* () {
        yield* hook(actor, "hook")
        yield* append(actor.account.id)
        yield* runEverySecond(201)
        const times = (yield* Ref.get(sent)).map((s) => s.at / 1000)
        assert.deepStrictEqual(times, [0, 5, 15, 35, 75])
        const [delivery] = (yield* deliveriesOf(actor)).items
        assert.strictEqual(delivery!.status, "exhausted")
        assert.strictEqual(delivery!.attemptCount, 5)
        assert.strictEqual(delivery!.responseStatus, 503)
        assert.strictEqual(delivery!.nextRetryAt, null)
      })
    )
  )

  it.effect("a failed try is `failed` with nextRetryAt; a 2xx is success; retries keep the delivery id", () =>
    program(
      [{ _tag: "TimedOut" }, { _tag: "Unreachable", reason: "connection refused" }, { _tag: "Answered", status: 204 }],
      ({ actor, sent }) =>
        Effect.gen(function* () {
          yield* hook(actor, "hook")
          yield* append(actor.account.id)
          yield* run
          const afterFirst = (yield* deliveriesOf(actor)).items[0]!
          assert.strictEqual(afterFirst.status, "failed")
          assert.strictEqual(afterFirst.attemptCount, 1)
          assert.strictEqual(
            afterFirst.nextRetryAt === null ? null : DateTime.toEpochMillis(afterFirst.nextRetryAt),
            5_000
          )
          yield* runEverySecond(20)
          yield* run
          const done = (yield* deliveriesOf(actor)).items[0]!
          assert.strictEqual(done.status, "success")
          assert.strictEqual(done.attemptCount, 3)
          assert.strictEqual(done.responseStatus, 204)
          const ids = new Set((yield* Ref.get(sent)).map((s) => s.headers["x-service-delivery-id"]))
          assert.deepStrictEqual([...ids], [done.id])
        })
    )
  )

  for (const status of [400, 401, 404, 410, 302]) {
    it.effect(`a ${status} answer is final: exhausted after one try`, () =>
      program([{ _tag: "Answered", status }], ({ actor, sent }) =>
        Effect.gen(function* () {
          yield* hook(actor, "h")
          yield* append(actor.account.id)
          yield* runEverySecond(100)
          assert.strictEqual((yield* Ref.get(sent)).length, 1)
          const d = (yield* deliveriesOf(actor)).items[0]!
          assert.strictEqual(d.status, "exhausted")
          assert.strictEqual(d.responseStatus, status)
        })
      )
    )
  }

  for (const status of [408, 429, 500, 502]) {
    it.effect(`a ${status} answer is retried`, () =>
      program(
        [
          { _tag: "Answered", status },
          { _tag: "Answered", status: 200 }
        ],
        ({ actor, sent }) =>
          Effect.gen(function* () {
            yield* hook(actor, "h")
            yield* append(actor.account.id)
            yield* runEverySecond(10)
            assert.strictEqual((yield* Ref.get(sent)).length, 2)
            assert.strictEqual((yield* deliveriesOf(actor)).items[0]!.status, "success")
          })
      )
    )
  }

  it.effect("headers, body and signature (checked with node:crypto)", () =>
    program([], ({ actor, sent }) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        const endpoint = yield* hook(actor, "h")
        assert.match(endpoint.secret, /^whsec_[a-z2-7]{52}$/)
        const e = event(actor.account.id, { createdAt: DateTime.makeUnsafe(1_700_000_000_000) })
        yield* Effect.flatMap(Effect.service(Event.EventOutbox), (o) => o.append(e))
        yield* run
        const [request] = yield* Ref.get(sent)
        assert.strictEqual(request!.headers["content-type"], "application/json")
        assert.strictEqual(request!.headers["x-service-event"], "session_completed")
        assert.deepStrictEqual(JSON.parse(request!.body), {
          type: "session_completed",
          createdAt: "2023-11-14T22:13:20.000Z",
          data: e.data
        })
        const header = request!.headers["x-service-signature"]!
        const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
        assert.isNotNull(match)
        assert.strictEqual(match![1], "1700000000")
        const expected = createHmac("sha256", endpoint.secret).update(`${match![1]}.${request!.body}`).digest("hex")
        assert.strictEqual(match![2], expected)
        // The receiving side's helper agrees, and refuses tampering and stale timestamps.
        yield* WebhookSignature.verifyWebhook(request!.body, header, endpoint.secret, { now: 1_700_000_100 })
        const tampered = yield* WebhookSignature.verifyWebhook(`${request!.body} `, header, endpoint.secret, {
          now: 1_700_000_100
        }).pipe(Effect.flip)
        assert.strictEqual(tampered.reason, "SignatureMismatch")
        const stale = yield* WebhookSignature.verifyWebhook(request!.body, header, endpoint.secret, {
          now: 1_700_000_301
        }).pipe(Effect.flip)
        assert.strictEqual(stale.reason, "TimestampOutOfTolerance")
        const wrongKey = yield* WebhookSignature.verifyWebhook(request!.body, header, "whsec_other", {
          now: 1_700_000_000
        }).pipe(Effect.flip)
        assert.strictEqual(wrongKey.reason, "SignatureMismatch")
      })
    )
  )

  it.effect("filters: types, campaign and channel lists (either matches), disabled endpoints get nothing", () =>
    program([], ({ actor, sent }) =>
      Effect.gen(function* () {
        yield* hook(actor, "all", { events: ["session_completed", "reward_granted"] })
        yield* hook(actor, "winners", { events: ["winner_selected"] })
        yield* hook(actor, "gi1", { gameInstanceIds: ["gi_1"] })
        yield* hook(actor, "ch2", { channelIds: ["ch_2"] })
        yield* hook(actor, "either", { gameInstanceIds: ["gi_9"], channelIds: ["ch_1"] })
        const off = yield* hook(actor, "off")
        yield* (yield* Webhooks.Webhooks).update(actor, off.id, { status: "disabled" })
        yield* append(actor.account.id)
        yield* run
        const targets = (yield* Ref.get(sent)).map((s) => s.url.split("/").pop()).sort()
        assert.deepStrictEqual(targets, ["all", "either", "gi1"])
      })
    )
  )

  it.effect("resend gives an exhausted delivery a fresh budget, keeping its id; other statuses are 409", () =>
    program(
      [
        { _tag: "Answered", status: 404 },
        { _tag: "Answered", status: 200 }
      ],
      ({ actor, sent }) =>
        Effect.gen(function* () {
          const webhooks = yield* Webhooks.Webhooks
          const endpoint = yield* hook(actor, "h")
          yield* append(actor.account.id)
          yield* run
          const exhausted = (yield* deliveriesOf(actor)).items[0]!
          assert.strictEqual(exhausted.status, "exhausted")
          const resent = yield* webhooks.resend(actor, exhausted.id)
          assert.strictEqual(resent.status, "pending")
          assert.strictEqual(resent.attemptCount, 0)
          yield* run
          const after = (yield* deliveriesOf(actor)).items[0]!
          assert.strictEqual(after.status, "success")
          assert.strictEqual(after.id, exhausted.id)
          const again = yield* webhooks.resend(actor, after.id).pipe(Effect.flip)
          assert.strictEqual(again._tag, "WebhooksError")
          assert.deepStrictEqual(
            new Set((yield* Ref.get(sent)).map((s) => s.headers["x-service-delivery-id"])),
            new Set([exhausted.id])
          )
          const count = yield* webhooks.resendEndpoint(actor, endpoint.id, DateTime.makeUnsafe(0))
          assert.strictEqual(count, 0)
        })
    )
  )

  it.effect("a disabled endpoint's pending deliveries wait, and go out once it is active again", () =>
    program([], ({ actor, sent }) =>
      Effect.gen(function* () {
        const webhooks = yield* Webhooks.Webhooks
        const endpoint = yield* hook(actor, "h")
        yield* append(actor.account.id)
        yield* webhooks.update(actor, endpoint.id, { status: "disabled" })
        yield* run
        assert.strictEqual((yield* Ref.get(sent)).length, 0)
        assert.strictEqual((yield* deliveriesOf(actor)).items[0]!.status, "pending")
        yield* webhooks.update(actor, endpoint.id, { status: "active" })
        yield* run
        assert.strictEqual((yield* Ref.get(sent)).length, 1)
        assert.strictEqual((yield* deliveriesOf(actor)).items[0]!.status, "success")
      })
    )
  )

  it.effect("coupon codes go only to endpoints with includeCouponCodes, and never into the log", () =>
    program([], ({ actor, sent }) =>
      Effect.gen(function* () {
        yield* hook(actor, "with", { events: ["reward_granted"], includeCouponCodes: true })
        yield* hook(actor, "without", { events: ["reward_granted"] })
        yield* append(actor.account.id, {
          type: "reward_granted",
          data: {
            gameInstanceId: "gi_1",
            channelId: "ch_1",
            grantId: "grt_1",
            participantRef: "p",
            source: "rule",
            sessionId: "ses_1",
            tierId: "tier_1",
            prize: { title: "Free coffee", description: "" },
            // A producer that (wrongly) passes the code: it must still never be stored.
            coupon: { ref: "R1", name: "Coffee", code: "SECRET-CODE-1234" },
            expiresAt: null
          }
        })
        yield* run
        const byPath = Object.fromEntries(
          (yield* Ref.get(sent)).map((s) => [s.url.split("/").pop(), JSON.parse(s.body)])
        )
        assert.deepStrictEqual(byPath["with"].data.coupon, { ref: "R1", name: "Coffee", code: "SECRET-CODE-1234" })
        assert.deepStrictEqual(byPath["without"].data.coupon, { ref: "R1", name: "Coffee" })
        const log = yield* deliveriesOf(actor)
        assert.strictEqual(log.items.length, 2)
        assert.isFalse(JSON.stringify(log.items).includes("SECRET-CODE"), "no code in the delivery log")
      })
    )
  )
})
