/**
 * The fetch client of `examples/fetch-client` (openapi-fetch over types generated from the served
 * OpenAPI document) against the real reference server, on the store of the run: a whole play, from
 * a channel to the campaign's entries; and the committed types are what the generator writes now.
 */
import { readFileSync } from "node:fs"
import { generate, target } from "@campaign-games/example-fetch-client/generate"
import { playOnce } from "@campaign-games/example-fetch-client/play"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("Fetch client", (it) => {
  it.effect("runs a whole play: channel, campaign, activate, mint, start, finish, entries", () =>
    Effect.gen(function* () {
      const server = yield* TestServer
      const { key } = yield* server.account()
      const played = yield* Effect.promise(() => playOnce(server.url, key))
      assert.strictEqual(played.gameInstance.status, "active")
      assert.strictEqual(played.started.session.gameInstanceId, played.gameInstance.id)
      assert.include(["win", "lose"], played.finished.outcome?.id)
      assert.strictEqual(played.entries.total, 1)
      assert.strictEqual(played.entries.entries[0]?.id, played.finished.entry.id)
    })
  )

  it.effect("the committed types are the ones the served document generates", () =>
    Effect.gen(function* () {
      const fresh = yield* Effect.promise(generate)
      assert.strictEqual(readFileSync(target, "utf8"), fresh, "run npm run generate -w examples/fetch-client")
    })
  )
})
