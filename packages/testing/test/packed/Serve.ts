/**
 * Run by `Packed.test.ts` in a project outside this repository, against the packed packages (its
 * types stripped for Node 20): serves the `/v1` API from `@campaign-games/http` over
 * `@campaign-games/sql` on PGlite in memory, on a port of its own, and plays once over HTTP as a
 * tenant's backend and a player's embed would. Prints one JSON line: each call's status, and the
 * finished play's outcome and entry.
 */
import { randomBytes } from "node:crypto"
import { createServer } from "node:http"
import { createServer as createNetServer } from "node:net"
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Redacted } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { RateLimiter } from "effect/persistence"

/** A free port on the loopback interface. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const adminToken = randomBytes(32).toString("hex")

const routes = Server.routes.pipe(
  Layer.provide(RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory))),
  Layer.provide(Layer.succeed(HttpConfig.HttpConfig, { adminToken: Redacted.make(adminToken), publicUrl: base })),
  Layer.provide(NodeEngine.layer(Database.layerPglite(), { dispatcher: false }))
)
const server = Layer.unwrap(
  Effect.map(HttpRouter.toHttpEffect(routes), (handler) =>
    HttpServer.serve(handler).pipe(
      Layer.provideMerge(NodeHttpServer.layerServer(createServer, { port, host: "127.0.0.1" }))
    )
  )
).pipe(Layer.provideMerge(NodeHttpServer.layerHttpServices))

const statuses: Record<string, number> = {}

/** One call to the API: its status recorded under `name`, its JSON body returned. */
const call = async (name: string, method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  statuses[name] = response.status
  return (await response.json()) as Record<string, any>
}

const playOnce = async () => {
  for (let i = 0; i < 600 && (await fetch(`${base}/ready`)).status !== 200; i++)
    await new Promise((resolve) => setTimeout(resolve, 100))
  const { apiKey } = await call("account", "POST", "/admin/v1/accounts", adminToken, { name: "Acme" })
  const key: string = apiKey.key
  await call("origin", "POST", "/v1/tenant/allowed-origins", key, { origin: "https://shop.example.com" })
  const { channel } = await call("channel", "POST", "/v1/channels", key, { name: "Homepage" })
  const { gameInstance } = await call("campaign", "POST", "/v1/game-instances", key, {
    gameSlug: "spin-the-wheel",
    name: "Spring wheel",
    channelId: channel.id,
    config: {
      segments: [
        { id: "win", label: "10% off", isWin: true },
        { id: "lose", label: "Next time", isWin: false, weight: 3 }
      ],
      art: { background: "https://cdn.example.com/bg.png", pointer: "https://cdn.example.com/pointer.png" },
      sounds: {
        spin: "https://cdn.example.com/spin.mp3",
        win: "https://cdn.example.com/win.mp3",
        lose: "https://cdn.example.com/lose.mp3"
      }
    }
  })
  await call("activate", "POST", `/v1/game-instances/${gameInstance.id}/activate`, key)
  const { clientToken } = await call("mint", "POST", "/v1/auth/session-tokens", key, {
    channelId: channel.id,
    participantRef: "customer-42",
    origin: "https://shop.example.com"
  })
  const { session } = await call("start", "POST", "/v1/play/sessions", clientToken)
  return call("finish", "POST", `/v1/play/sessions/${session.id}/finish`, clientToken, {})
}

const finished = await Effect.runPromise(
  Effect.scoped(Effect.flatMap(Layer.build(server), () => Effect.promise(playOnce)))
)
process.stdout.write(`${JSON.stringify({ statuses, finished })}\n`)
