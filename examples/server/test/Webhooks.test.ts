/**
 * Webhooks over HTTP: endpoints (the secret shown once, validation, plan limits), deliveries of
 * `session_completed` to a local receiver with the documented headers and a signature checked with
 * node's own crypto, filters, retries, a final 404 and resending; and, in production mode, the URLs
 * refused (anything but public https).
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, make, storeLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

/** Checks a delivery's signature with node's own crypto, independently of the code under test. */
const verify = (secret: string, header: string, rawBody: string) => {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  if (match === null) return false
  const expected = createHmac("sha256", secret).update(`${match[1]}.${rawBody}`).digest()
  const fresh = Math.abs(Date.now() / 1000 - Number(match[1])) <= 300
  return fresh && timingSafeEqual(expected, Buffer.from(match[2]!, "hex"))
}

const setup = (accountBody: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { key } = yield* account(accountBody)
    return { key, call: Steps.caller(request, key), request }
  })

/** A live wheel campaign and a function that plays it once (minting with `key`). */
const liveCampaign = (call: Steps.Call, key: string) =>
  Effect.gen(function* () {
    const { request } = yield* TestServer
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "Live", config: Steps.WHEEL })
    const campaign = created.body.gameInstance
    yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
    const play = (participantRef: string) =>
      Effect.map(
        Steps.play(request, { key, channelId: channel.id, participantRef, origin: ORIGIN }),
        ({ started, finished }) => ({ sessionId: started.body.session.id as string, outcome: finished.body.outcome })
      )
    return { channel, campaign, play }
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("webhooks", (it) => {
  it.effect("creates an endpoint (secret once), lists and updates it without the secret, deletes it", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      const created = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: "https://hooks.example.com/in",
        events: ["session_completed", "reward_granted"],
        gameInstanceIds: ["gi_1"]
      })
      assert.strictEqual(created.status, 201, created.text)
      const endpoint = created.body.endpoint
      assert.match(endpoint.secret, /^whsec_/)
      assert.deepStrictEqual(endpoint.channelIds, [])
      assert.strictEqual(endpoint.includeCouponCodes, false)
      assert.strictEqual(endpoint.status, "active")
      assert.isString(endpoint.updatedAt)
      const list = yield* call("GET", "/v1/tenant/webhooks/endpoints")
      assert.strictEqual(list.body.total, 1)
      assert.isFalse(list.text.includes(endpoint.secret))
      assert.isUndefined(list.body.endpoints[0].secret)
      const patched = yield* call("PATCH", `/v1/tenant/webhooks/endpoints/${endpoint.id}`, {
        status: "disabled",
        events: ["winner_selected"]
      })
      assert.strictEqual(patched.status, 200)
      assert.strictEqual(patched.body.endpoint.status, "disabled")
      assert.deepStrictEqual(patched.body.endpoint.events, ["winner_selected"])
      assert.isUndefined(patched.body.endpoint.secret)
      const url = yield* call("PATCH", `/v1/tenant/webhooks/endpoints/${endpoint.id}`, { url: "https://x.example.com" })
      assert.strictEqual(url.status, 400)
      assert.include(Steps.paths(url.body), "url")
      assert.strictEqual((yield* call("PATCH", `/v1/tenant/webhooks/endpoints/${endpoint.id}`, {})).status, 400)
      const disabled = yield* call("GET", "/v1/tenant/webhooks/endpoints?status=disabled")
      assert.strictEqual(disabled.body.total, 1)
      assert.strictEqual((yield* call("GET", "/v1/tenant/webhooks/endpoints?search=HOOKS.example")).body.total, 1)
      assert.strictEqual((yield* call("GET", "/v1/tenant/webhooks/endpoints?search=nope")).body.total, 0)
      const deleted = yield* call("DELETE", `/v1/tenant/webhooks/endpoints/${endpoint.id}`)
      assert.deepStrictEqual(deleted.body, { deleted: true, id: endpoint.id })
      assert.strictEqual((yield* call("DELETE", `/v1/tenant/webhooks/endpoints/${endpoint.id}`)).status, 404)
    })
  )

  it.effect("validates the body: events, list sizes, URL length", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ url: "https://x.example.com", events: [] }, "events"],
        [{ url: "https://x.example.com", events: ["party"] }, "events.0"],
        [{ events: ["session_completed"] }, "url"],
        [{ url: `https://x.example.com/${"a".repeat(2030)}`, events: ["session_completed"] }, "url"],
        [{ url: " https://x.example.com/in", events: ["session_completed"] }, "url"],
        [{ url: "https://x.example.com/in\n", events: ["session_completed"] }, "url"],
        [{ url: "https:x.example.com/in", events: ["session_completed"] }, "url"],
        [{ url: "https:/x.example.com/in", events: ["session_completed"] }, "url"],
        [{ url: "https://x.example.com:0/in", events: ["session_completed"] }, "url"],
        [
          {
            url: "https://x.example.com",
            events: ["session_completed"],
            channelIds: Array.from({ length: 201 }, (_, i) => `c${i}`)
          },
          "channelIds"
        ],
        [
          {
            url: "https://x.example.com",
            events: ["session_completed"],
            gameInstanceIds: Array.from({ length: 201 }, (_, i) => `g${i}`)
          },
          "gameInstanceIds"
        ]
      ]
      for (const [body, path] of cases) {
        const reply = yield* call("POST", "/v1/tenant/webhooks/endpoints", body)
        assert.strictEqual(reply.status, 400, reply.text)
        assert.include(Steps.paths(reply.body), path)
      }
      const max = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: "https://x.example.com",
        events: ["session_completed"],
        channelIds: Array.from({ length: 200 }, (_, i) => `c${i}`)
      })
      assert.strictEqual(max.status, 201)
    })
  )

  it.effect(
    "402 without the webhooks feature and at the endpoint limit; turning includeCouponCodes on needs rewards.codes.manage",
    () =>
      Effect.gen(function* () {
        const free = yield* setup({ plan: "free" })
        const noFeature = yield* free.call("POST", "/v1/tenant/webhooks/endpoints", {
          url: "https://x.example.com",
          events: ["session_completed"]
        })
        assert.strictEqual(noFeature.status, 402)
        assert.strictEqual(noFeature.body.error.details[0].path, "features.webhooks")
        const small = yield* setup({ limits: { webhookEndpoints: 1 } })
        const body = { url: "https://x.example.com", events: ["session_completed"] }
        assert.strictEqual((yield* small.call("POST", "/v1/tenant/webhooks/endpoints", body)).status, 201)
        const over = yield* small.call("POST", "/v1/tenant/webhooks/endpoints", body)
        assert.strictEqual(over.status, 402)
        assert.strictEqual(over.body.error.details[0].path, "limits.webhookEndpoints")

        const s = yield* setup()
        const manager = (yield* s.call("POST", "/v1/tenant/api-keys", {
          name: "hooks",
          permissions: ["webhooks.manage", "settings.read"]
        })).body.apiKey.key
        const asManager = (method: string, path: string, b?: unknown) =>
          s.request(method, path, { key: manager, body: b })
        const codes = yield* asManager("POST", "/v1/tenant/webhooks/endpoints", { ...body, includeCouponCodes: true })
        assert.strictEqual(codes.status, 403)
        const plain = (yield* asManager("POST", "/v1/tenant/webhooks/endpoints", body)).body.endpoint
        assert.strictEqual(
          (yield* asManager("PATCH", `/v1/tenant/webhooks/endpoints/${plain.id}`, { includeCouponCodes: true })).status,
          403
        )
        const withCodes = (yield* s.call("POST", "/v1/tenant/webhooks/endpoints", {
          ...body,
          includeCouponCodes: true
        })).body.endpoint
        const sentBack = yield* asManager("PATCH", `/v1/tenant/webhooks/endpoints/${withCodes.id}`, {
          status: "disabled",
          includeCouponCodes: true
        })
        assert.strictEqual(sentBack.status, 200, `keeping codes on is not turning them on: ${sentBack.text}`)
        assert.strictEqual(sentBack.body.endpoint.status, "disabled")
        const off = yield* asManager("PATCH", `/v1/tenant/webhooks/endpoints/${withCodes.id}`, {
          includeCouponCodes: false
        })
        assert.strictEqual(off.status, 200)
        assert.strictEqual(off.body.endpoint.includeCouponCodes, false)
      })
  )

  it.effect("delivers session_completed with the documented headers and a valid signature; the log shows it", () =>
    Effect.gen(function* () {
      const receiver = yield* Receiver.make
      const { call, key } = yield* setup()
      const endpoint = (yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/hook"),
        events: ["session_completed"]
      })).body.endpoint
      const { campaign, play } = yield* liveCampaign(call, key)
      const { sessionId, outcome } = yield* play("alice")
      const [got] = yield* receiver.waitFor(1, "/hook")
      assert.isDefined(got)
      assert.strictEqual(got!.headers["content-type"], "application/json")
      assert.strictEqual(got!.headers["x-service-event"], "session_completed")
      assert.isTrue(verify(endpoint.secret, String(got!.headers["x-service-signature"]), got!.body))
      const body = JSON.parse(got!.body)
      assert.strictEqual(body.type, "session_completed")
      assert.deepStrictEqual(body.data, {
        gameInstanceId: campaign.id,
        sessionId,
        participantRef: "alice",
        score: null,
        outcome
      })
      yield* Effect.sleep("300 millis")
      const log = yield* call("GET", "/v1/tenant/webhooks/deliveries")
      assert.strictEqual(log.body.total, 1)
      const delivery = log.body.deliveries[0]
      assert.strictEqual(delivery.id, got!.headers["x-service-delivery-id"])
      assert.strictEqual(delivery.status, "success")
      assert.strictEqual(delivery.attemptCount, 1)
      assert.strictEqual(delivery.responseStatus, 200)
      assert.strictEqual(delivery.responseBody, null)
      assert.strictEqual(delivery.endpointId, endpoint.id)
      assert.deepStrictEqual(delivery.payload, body)
      assert.strictEqual((yield* call("GET", "/v1/tenant/webhooks/deliveries?status=success")).body.total, 1)
      assert.strictEqual((yield* call("GET", "/v1/tenant/webhooks/deliveries?search=SESSION")).body.total, 1)
      assert.strictEqual((yield* call("GET", "/v1/tenant/webhooks/deliveries?search=winner")).body.total, 0)
    })
  )

  it.effect("filters by campaign and channel, skips disabled endpoints, and retries a 500 with the same id", () =>
    Effect.gen(function* () {
      const receiver = yield* Receiver.make
      const { call, key } = yield* setup()
      const { campaign, channel, play } = yield* liveCampaign(call, key)
      const hook = (path: string, extra: Record<string, unknown> = {}) =>
        call("POST", "/v1/tenant/webhooks/endpoints", {
          url: receiver.url(path),
          events: ["session_completed"],
          ...extra
        })
      yield* hook("/campaign", { gameInstanceIds: [campaign.id] })
      yield* hook("/channel", { channelIds: [channel.id] })
      yield* hook("/other", { gameInstanceIds: ["gi_other"], channelIds: ["ch_other"] })
      yield* hook("/types", { events: ["winner_selected"] })
      const off = (yield* hook("/off")).body.endpoint
      yield* call("PATCH", `/v1/tenant/webhooks/endpoints/${off.id}`, { status: "disabled" })
      receiver.answer("/flaky", 500)
      yield* hook("/flaky")
      yield* play("bob")
      yield* receiver.waitFor(1, "/campaign")
      yield* receiver.waitFor(1, "/channel")
      const firstFlaky = yield* receiver.waitFor(1, "/flaky")
      receiver.answer("/flaky", 200)
      const flaky = yield* receiver.waitFor(2, "/flaky", 12_000)
      assert.strictEqual(flaky.length, 2)
      assert.strictEqual(flaky[0]!.headers["x-service-delivery-id"], flaky[1]!.headers["x-service-delivery-id"])
      assert.isTrue(flaky[1]!.at - firstFlaky[0]!.at >= 4_500, "the first retry waits about 5 s")
      yield* Effect.sleep("500 millis")
      const paths = receiver.received.map((r) => r.path)
      assert.notInclude(paths, "/other")
      assert.notInclude(paths, "/types")
      assert.notInclude(paths, "/off")
      const log = yield* call("GET", "/v1/tenant/webhooks/deliveries")
      assert.strictEqual(log.body.total, 3)
      assert.isTrue(log.body.deliveries.every((d: any) => d.status === "success"))
    })
  )

  it.effect("a 404 is final (exhausted at once); resending the endpoint's exhausted deliveries delivers them", () =>
    Effect.gen(function* () {
      const receiver = yield* Receiver.make
      const { call, key } = yield* setup()
      receiver.answer("/gone", 404)
      const endpoint = (yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/gone"),
        events: ["session_completed"]
      })).body.endpoint
      const { play } = yield* liveCampaign(call, key)
      yield* play("carol")
      yield* receiver.waitFor(1, "/gone")
      yield* Effect.sleep("300 millis")
      const exhausted = (yield* call("GET", "/v1/tenant/webhooks/deliveries?status=exhausted")).body.deliveries
      assert.strictEqual(exhausted.length, 1)
      assert.strictEqual(exhausted[0].responseStatus, 404)
      assert.strictEqual(exhausted[0].attemptCount, 1)
      receiver.answer("/gone", 200)
      const resent = yield* call("POST", `/v1/tenant/webhooks/endpoints/${endpoint.id}/resend`, {
        since: "2000-01-01T00:00:00Z"
      })
      assert.deepStrictEqual(resent.body, { resent: 1 })
      const both = yield* receiver.waitFor(2, "/gone")
      assert.strictEqual(both[1]!.headers["x-service-delivery-id"], exhausted[0].id)
      yield* Effect.sleep("300 millis")
      const after = (yield* call("GET", "/v1/tenant/webhooks/deliveries")).body.deliveries[0]
      assert.strictEqual(after.status, "success")
      assert.strictEqual(after.attemptCount, 1)
      const again = yield* call("POST", `/v1/tenant/webhooks/deliveries/${after.id}/resend`)
      assert.strictEqual(again.status, 409)
      assert.strictEqual((yield* call("POST", "/v1/tenant/webhooks/deliveries/dlv_none/resend")).status, 404)
    })
  )
})

describe("webhook URLs in production mode", () => {
  layer(make(storeLayer(), { allowPrivateUrls: false }), { excludeTestServices: true, timeout: "60 seconds" })(
    "public https only",
    (it) => {
      it.effect("refuses http, loopback, private and link-local hosts", () =>
        Effect.gen(function* () {
          const { call } = yield* setup()
          for (const url of [
            "http://hooks.example.com/in",
            "https://127.0.0.1/in",
            "https://localhost/in",
            "https://10.1.2.3/in",
            "https://192.168.0.10/in",
            "https://169.254.169.254/latest",
            "https://[::1]/in",
            "https://[::ffff:127.0.0.1]/in",
            "https://user:pass@8.8.8.8/in"
          ]) {
            const reply = yield* call("POST", "/v1/tenant/webhooks/endpoints", { url, events: ["session_completed"] })
            assert.strictEqual(reply.status, 400, `${url} ${reply.text}`)
            assert.include(Steps.paths(reply.body), "url")
          }
          const ok = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
            url: "https://8.8.8.8/in",
            events: ["session_completed"]
          })
          assert.strictEqual(ok.status, 201, ok.text)
        })
      )
    }
  )
})
