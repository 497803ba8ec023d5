import { connect, createServer } from "node:net"
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import * as App from "../src/App.ts"
import { freePort, onFreePort } from "./support/TestServer.ts"

/** Whether a TCP connection to the port is accepted ("open") or refused ("refused"). */
const probe = (port: number) =>
  Effect.callback<"open" | "refused">((resume) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resume(Effect.succeed("open"))
    })
    socket.once("error", () => resume(Effect.succeed("refused")))
  })

/** Another server listening on `port` until the scope closes. */
const listenOn = (port: number) =>
  Effect.acquireRelease(
    Effect.callback<ReturnType<typeof createServer>>((resume) => {
      const other = createServer()
      other.listen(port, "127.0.0.1", () => resume(Effect.succeed(other)))
    }),
    (other) => Effect.callback<void>((resume) => void other.close(() => resume(Effect.void)))
  )

describe("App.serveRoutes", () => {
  it.live("opens the port only once the routes can answer, so no early request is left hanging", () =>
    Effect.gen(function* () {
      const port = yield* freePort
      const release = yield* Deferred.make<void>()
      const building = yield* Deferred.make<void>()
      // Routes whose layer takes as long to build as the test wants (a slow store, a migration…).
      const routes = Layer.mergeAll(
        HttpRouter.add("GET", "/ping", HttpServerResponse.text("pong")),
        Layer.effectDiscard(Effect.andThen(Deferred.succeed(building, undefined), Deferred.await(release)))
      )
      const server = yield* Effect.forkChild(Layer.launch(App.serveRoutes(routes, { host: "127.0.0.1", port })))
      yield* Deferred.await(building)
      assert.strictEqual(yield* probe(port), "refused")

      yield* Deferred.succeed(release, undefined)
      let answer: string | undefined
      for (let attempt = 0; attempt < 100 && answer === undefined; attempt++) {
        const reply = yield* Effect.promise(() =>
          fetch(`http://127.0.0.1:${port}/ping`).then(
            (r) => r.text(),
            () => undefined
          )
        )
        if (reply === undefined) yield* Effect.sleep(20)
        answer = reply
      }
      assert.strictEqual(answer, "pong")
      yield* Fiber.interrupt(server)
    })
  )
})

describe("the test servers' port", () => {
  it.live("a port another process opened before the server is left for another free one", () =>
    Effect.gen(function* () {
      const ports: Array<number> = []
      const ping = HttpRouter.add("GET", "/ping", HttpServerResponse.text("pong"))
      const served = onFreePort((port) => {
        ports.push(port)
        // The first port is taken between its probe and the server opening it, as another test
        // file's server or connection can.
        const taken = ports.length === 1 ? Layer.effectDiscard(listenOn(port)) : Layer.empty
        return App.serveRoutes(ping, { host: "127.0.0.1", port }).pipe(Layer.provide(taken))
      })
      yield* Effect.scoped(Layer.build(served))
      assert.strictEqual(ports.length, 2)
      assert.notStrictEqual(ports[0], ports[1])
    })
  )
})
