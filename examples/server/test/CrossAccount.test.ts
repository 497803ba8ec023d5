/**
 * Another account's ids on every operation: account A holds one of each resource (a channel, a
 * campaign with a reward, codes, a grant, a draw run, an entry, an API key, an allowed origin, a
 * webhook endpoint and a delivery, a file and a folder); account B's owner key, holding every
 * permission, calls every operation of the served OpenAPI document whose path names an id, with A's
 * ids. Each answer is a 404 (or, for a body B sent that no operation could take, a 400 about that
 * body): never a 2xx, a 403 or a 409 that would say A's resource exists, and never a body naming
 * A's resources. A's data reads the same afterwards. The operations come from the document, so one
 * added later is probed without a change here.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { sampleOf } from "./fixtures/media/Samples.ts"
import { uploaded } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, type Reply, TestServer, withAccount } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

/** Plausible bodies by method, so that an operation reaches its lookup rather than its body check. */
const bodyFor = (method: string, path: string): unknown => {
  if (method === "GET" || method === "DELETE") return undefined
  if (path.endsWith("/reward")) return { tiers: [], page: null }
  if (path.endsWith("/reward-coupons")) return { codes: [{ code: "PROBE-CODE-1" }] }
  if (path.endsWith("/reward-coupons/generate")) return { quantity: 1 }
  if (path.endsWith("/reward-coupons/withdraw")) return { codes: ["PROBE-CODE-1"] }
  if (path.endsWith("/reward-grants")) return { participantRef: "probe" }
  if (path.endsWith("/resolve")) return { resolvedOptionId: "a" }
  return {}
}

layer(serverLayer(), { excludeTestServices: true, timeout: "180 seconds" })("cross-account probes", (it) => {
  it.effect("another account's key gets 404 for every id of this account, on every operation", () =>
    Effect.gen(function* () {
      const a = yield* withAccount()
      const call = Steps.caller(a.request, a.key)
      const ok = (reply: Reply) => {
        assert.isBelow(reply.status, 300, reply.text)
        return reply
      }
      ok(yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN }))
      const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "w", config: Steps.WHEEL })
      const campaign = created.body.gameInstance
      const base = `/v1/game-instances/${campaign.id}`
      const reward = ok(
        yield* call("PUT", `${base}/reward`, {
          tiers: [{ match: { when: "everyone" }, display: { title: "Gift" }, codeStrategy: "pool" }],
          grantOncePerParticipant: false
        })
      ).body.reward
      ok(
        yield* call("POST", `${base}/reward-coupons`, { codes: [{ code: "A-SECRET-0001" }, { code: "A-SECRET-0002" }] })
      )
      const endpoint = ok(
        yield* call("POST", "/v1/tenant/webhooks/endpoints", {
          url: "https://hooks.example.com/in",
          events: ["session_completed"]
        })
      ).body.endpoint
      ok(yield* call("POST", `${base}/activate`))
      const played = yield* Steps.play(a.request, {
        key: a.key,
        channelId: channel.id,
        participantRef: "ann",
        origin: ORIGIN
      })
      ok(played.finished)
      const run = ok(yield* call("POST", `${base}/winner-selection/trigger`)).body.run
      const grant = ok(yield* call("GET", `${base}/reward-grants`)).body.grants[0]
      const delivery = ok(yield* call("GET", "/v1/tenant/webhooks/deliveries")).body.deliveries[0]
      const apiKey = ok(yield* call("POST", "/v1/tenant/api-keys", { name: "reader", permissions: ["campaigns.read"] }))
        .body.apiKey
      const origin = ok(yield* call("GET", "/v1/tenant/allowed-origins")).body.allowedOrigins[0]
      const folder = ok(yield* call("POST", "/v1/tenant/asset-folders", { name: "Private" })).body.folder
      const asset = yield* uploaded(a.request, a.key, sampleOf("image/png"))
      assert.isDefined(grant, "a grant to probe")
      assert.isDefined(delivery, "a delivery to probe")
      assert.isDefined(origin, "an origin to probe")

      /** A's ids by the name of the path parameter that holds them. */
      const ids: Record<string, string> = {
        id: campaign.id,
        channelId: channel.id,
        keyId: apiKey.id,
        originId: origin.id,
        endpointId: endpoint.id,
        deliveryId: delivery.id,
        runId: run.id,
        assetId: asset.id,
        folderId: folder.id
      }
      const secrets = Object.values(ids).concat(["A-SECRET-0001", "A-SECRET-0002", reward.tiers[0].id])
      const snapshot = Effect.gen(function* () {
        const reads = [
          `/v1/channels/${channel.id}`,
          base,
          `${base}/reward`,
          `${base}/reward-grants`,
          `${base}/winner-selection/runs`,
          `${base}/entries`,
          "/v1/tenant/api-keys",
          "/v1/tenant/allowed-origins",
          "/v1/tenant/webhooks/endpoints",
          `/v1/tenant/assets/${asset.id}`,
          `/v1/tenant/asset-folders/${folder.id}`
        ]
        return yield* Effect.forEach(reads, (path) => Effect.map(call("GET", path), (reply) => reply.text))
      })
      const before = yield* snapshot

      const { request } = yield* TestServer
      const b = yield* withAccount()
      const document = (yield* request("GET", "/v1/openapi.json")).body
      let probed = 0
      for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
        if (!path.startsWith("/v1/") || path.startsWith("/v1/play/") || !path.includes("{")) continue
        for (const method of ["get", "post", "put", "patch", "delete"]) {
          if (item[method] === undefined) continue
          const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
          for (const name of names) assert.isDefined(ids[name], `an id of this account for {${name}} in ${path}`)
          const target = path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name]!)
          const verb = method.toUpperCase()
          const reply = yield* request(verb, target, { key: b.key, body: bodyFor(verb, path) })
          const what = `${verb} ${path}: ${reply.status} ${reply.text.slice(0, 300)}`
          assert.include([400, 404], reply.status, what)
          if (reply.status === 400) assert.notInclude(reply.text, "not found", what)
          for (const secret of secrets) {
            if (!target.includes(secret)) assert.notInclude(reply.text, secret, what)
          }
          probed++
        }
      }
      assert.isAbove(probed, 35, "every operation that names an id was probed")
      assert.deepStrictEqual(yield* snapshot, before, "A's resources read the same")
    })
  )
})
