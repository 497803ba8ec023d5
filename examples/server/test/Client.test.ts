/**
 * The typed Effect client (`Client.make`, effect's `HttpApiClient` over `Api`) against the real
 * reference server (`examples/server`'s test server, on the store of the run): a whole play, from a
 * channel to the campaign's entries, typed end to end; an error answer fails with its typed error.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"
import { Client } from "@campaign-games/http"

const ORIGIN = "https://shop.example.com"

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("Client", (it) => {
  it.effect("runs a whole play: channel, campaign, activate, mint, start, finish, entries", () =>
    Effect.gen(function* () {
      const server = yield* TestServer
      const { key } = yield* server.account()
      const api = yield* Client.make({ baseUrl: server.url, credential: key })

      yield* api.allowedOrigins.create({ payload: { origin: ORIGIN } })
      const { channel } = yield* api.channels.create({ payload: { name: "Homepage" } })
      const { gameInstance: draft } = yield* api.campaigns.create({
        payload: {
          gameSlug: "spin-the-wheel",
          name: "Summer wheel",
          channelId: channel.id,
          config: Steps.WHEEL
        }
      })
      const { gameInstance } = yield* api.campaigns.activate({ params: { id: draft.id }, payload: {} })
      assert.strictEqual(gameInstance.status, "active")

      const minted = yield* api.tokens.mint({
        payload: { channelId: channel.id, participantRef: "player-1", origin: ORIGIN }
      })
      assert.isNotNull(minted.clientToken)
      const play = yield* Client.make({ baseUrl: server.url, credential: minted.clientToken ?? "" })
      const { session, game } = yield* play.play.start({ payload: {} })
      assert.strictEqual(session.gameInstanceId, draft.id)
      assert.strictEqual(game.slug, "spin-the-wheel")
      const finished = yield* play.play.finish({ params: { sessionId: session.id }, payload: {} })
      assert.include(["win", "lose"], finished.outcome?.id)

      const { entries, total } = yield* api.entries.list({ params: { id: draft.id }, query: {} })
      assert.strictEqual(total, 1)
      assert.strictEqual(entries[0]?.participantRef, "player-1")
      assert.strictEqual(entries[0]?.id, finished.entry.id)
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

  it.effect("an error answer fails with its typed error", () =>
    Effect.gen(function* () {
      const server = yield* TestServer
      const { key } = yield* server.account()
      const api = yield* Client.make({ baseUrl: server.url, credential: key })
      const error = yield* Effect.flip(api.channels.get({ params: { channelId: "ch_missing" } }))
      assert.strictEqual(error._tag, "NotFound")
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )
})
