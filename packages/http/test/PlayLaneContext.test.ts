/**
 * What an embedder provides with the routes (`Server.toWebHandler`'s dependencies) holds for the play
 * calls whichever way they come in: the lane (`PlayLane`, `Authorization: Bearer`) runs the use
 * cases in the request's context, which `toWebHandler` makes of the dependencies too, as
 * `HttpApiBuilder` runs each handler under its group's (the pipeline, reached here with `bearer` in
 * lower case). Here the embedder's `Tracer` must see the spans of both.
 */
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { MemoryStore } from "@campaign-games/testing"
import { NodeHttpServer } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Tracer } from "effect"
import { RateLimiter } from "effect/persistence"
import { ORIGIN, WHEEL } from "./support/LiveWheel.ts"

const ADMIN = "play-lane-context-admin-token-0123456789"

/** The routes over the memory store, with a tracer that records the names of the spans it starts. */
const handlerWithTracer = () => {
  const names: Array<string> = []
  const native = Tracer.Tracer.defaultValue()
  const recording = Tracer.make({
    span(options) {
      names.push(options.name)
      return native.span(options)
    }
  })
  const { dispose, handler } = Server.toWebHandler(
    Layer.mergeAll(
      NodeEngine.layer(MemoryStore.layer, { dispatcher: false }),
      RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
      Layer.succeed(HttpConfig.HttpConfig, { adminToken: Redacted.make(ADMIN), publicUrl: "http://localhost" }),
      NodeHttpServer.layerHttpServices,
      Layer.succeed(Tracer.Tracer, recording)
    )
  )
  const call = async (method: string, path: string, credential: string, body?: unknown, scheme = "Bearer") => {
    const response = await handler(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          authorization: `${scheme} ${credential}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    )
    return { status: response.status, body: (await response.json()) as any }
  }
  return { names, call, dispose }
}

describe("PlayLane under the routes' services", () => {
  it.live("the embedder's tracer sees the play calls' spans by the lane as by the pipeline", () =>
    Effect.acquireUseRelease(
      Effect.sync(handlerWithTracer),
      ({ call, names }) =>
        Effect.promise(async () => {
          const created = await call("POST", "/admin/v1/accounts", ADMIN, { name: "lane", plan: "pro" })
          assert.strictEqual(created.status, 201)
          const key = created.body.apiKey.key as string
          assert.strictEqual((await call("POST", "/v1/tenant/allowed-origins", key, { origin: ORIGIN })).status, 201)
          const channel = (await call("POST", "/v1/channels", key, { name: "Main" })).body.channel
          const campaign = (
            await call("POST", "/v1/game-instances", key, {
              gameSlug: "spin-the-wheel",
              name: "Live",
              channelId: channel.id,
              config: WHEEL
            })
          ).body.gameInstance
          assert.strictEqual((await call("POST", `/v1/game-instances/${campaign.id}/activate`, key, {})).status, 200)

          for (const scheme of ["Bearer", "bearer"]) {
            names.length = 0
            const minted = await call(
              "POST",
              "/v1/auth/session-tokens",
              key,
              { channelId: channel.id, participantRef: `player-${scheme}`, origin: ORIGIN },
              scheme
            )
            assert.strictEqual(minted.status, 201)
            const started = await call("POST", "/v1/play/sessions", minted.body.clientToken, undefined, scheme)
            assert.strictEqual(started.status, 201)
            const finished = await call(
              "POST",
              `/v1/play/sessions/${started.body.session.id}/finish`,
              minted.body.clientToken,
              {},
              scheme
            )
            assert.strictEqual(finished.status, 200)
            for (const span of ["Plays.mint", "Plays.start", "Plays.finish"])
              assert.include(names, span, `${scheme}: ${span} in ${JSON.stringify(names)}`)
          }
        }),
      ({ dispose }) => Effect.promise(dispose)
    )
  )
})
