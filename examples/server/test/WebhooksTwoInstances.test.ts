/**
 * Webhook deliveries across two instances on one PostgreSQL database: instance A serves the API and
 * runs no delivery worker (`dispatcher: false`); instance B runs only the worker, polling once an
 * hour. A play finished on A is sent by B within moments, because the database announces the new
 * delivery to every instance (`LISTEN/NOTIFY`): without the notice it would wait for B's next poll.
 * B's result is what A's delivery log shows. Runs with the PostgreSQL HTTP tests (`DATABASE_URL`).
 */
import { WebhookDispatcher } from "@campaign-games/core"
import { NodeEngine, NodeSecrets, NodeWebhookTransport } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Redacted } from "effect"
import * as App from "../src/App.ts"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, freePort, request, storeName, tempDirectory } from "./support/TestServer.ts"

const databaseUrl = process.env.DATABASE_URL ?? ""
const ORIGIN = "https://play.example.com"

/** B's polling fallback: far longer than the test, so only a notice can wake it. */
const POLL = Duration.hours(1)

/** Instance A: the reference server on `url` without the delivery worker; its client (`request`). */
const serverWithoutWorker = (url: string) =>
  Effect.gen(function* () {
    const port = yield* freePort
    const publicUrl = `http://127.0.0.1:${port}`
    const directory = yield* tempDirectory("cg-media-")
    const engine = NodeEngine.layer(Database.layerPostgres({ url, poolSize: 5 }), {
      allowPrivateUrls: true,
      dispatcher: false,
      media: { publicUrl, storage: { _tag: "Disk", directory } }
    })
    yield* Layer.build(
      App.serve({ host: "127.0.0.1", port, adminToken: Redacted.make(ADMIN_TOKEN), publicUrl }).pipe(
        Layer.provide(engine)
      )
    )
    return request(publicUrl)
  })

/** Instance B: the delivery worker alone on `url` (the server's transport and secrets), polling every `POLL`. */
const workerOnly = (url: string) =>
  Layer.build(
    WebhookDispatcher.WebhookDispatcher.layer({ idle: POLL }).pipe(
      Layer.provide(Layer.mergeAll(NodeWebhookTransport.layer({ allowPrivate: true }), NodeSecrets.layer)),
      Layer.provide(Database.layerPostgres({ url, poolSize: 2 }))
    )
  )

describe.runIf(databaseUrl !== "" && storeName() === "postgres")("webhooks on two instances of one PostgreSQL", () => {
  it.live(
    "a play finished on A is sent by B's worker within moments, though B polls once an hour",
    () =>
      Effect.gen(function* () {
        const url = yield* Database.testDatabase(databaseUrl)
        const receiver = yield* Receiver.make
        const a = yield* serverWithoutWorker(url)
        yield* workerOnly(url)

        const account = yield* a("POST", "/admin/v1/accounts", { key: ADMIN_TOKEN, body: { name: "Two instances" } })
        assert.strictEqual(account.status, 201, account.text)
        const key: string = account.body.apiKey.key
        const call = Steps.caller(a, key)
        yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
        const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "w", config: Steps.WHEEL })
        const activated = yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)
        assert.strictEqual(activated.status, 200, activated.text)
        const endpoint = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
          url: receiver.url("/hook"),
          events: ["session_completed"]
        })
        assert.strictEqual(endpoint.status, 201, endpoint.text)

        // Three plays on A, each once the last one's delivery arrived and B's worker went idle again.
        const sessions: Array<string> = []
        for (let i = 0; i < 3; i++) {
          yield* Effect.sleep("300 millis")
          const playedAt = Date.now()
          const { started, finished } = yield* Steps.play(a, {
            key,
            channelId: channel.id,
            participantRef: `p${i}`,
            origin: ORIGIN
          })
          assert.strictEqual(finished.status, 200, finished.text)
          sessions.push(started.body.session.id)
          const got = yield* receiver.waitFor(i + 1, "/hook", 5_000)
          assert.strictEqual(got.length, i + 1, `play ${i + 1}'s delivery was not sent within 5 s`)
          const lag = got[i]!.at - playedAt
          assert.isBelow(lag, 2_000, `play ${i + 1}'s delivery came ${lag} ms after the play began`)
          assert.strictEqual(JSON.parse(got[i]!.body).data.sessionId, sessions[i])
        }

        // B recorded each one: A's log shows three successes at their first attempt.
        yield* Effect.sleep("300 millis")
        const log = yield* call("GET", "/v1/tenant/webhooks/deliveries?sort=createdAt&dir=asc")
        assert.deepStrictEqual(
          log.body.deliveries.map((d: any) => [d.payload.data.sessionId, d.status, d.attemptCount]),
          sessions.map((session) => [session, "success", 1])
        )
      }).pipe(Effect.scoped),
    60_000
  )
})
