/**
 * The HTTP layer's CPU per request, in process: `GET /health` through `Server.toWebHandler` on the
 * memory store, 5 rounds of N requests after a warm-up; prints µs of CPU a request (min and median
 * of the rounds). No network, no database: what every request pays for the router, the error
 * boundary and `Observability` (request id, metrics). Run it on two trees to compare them:
 *
 *   node bench/request-overhead.ts 10000
 */
import { HttpConfig, NodeEngine, RateLimitStore, Server } from "@campaign-games/http"
import { MemoryStore } from "@campaign-games/testing"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, References } from "effect"
import { RateLimiter } from "effect/persistence"

const dependencies = Layer.mergeAll(
  NodeEngine.layer(MemoryStore.layer),
  RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
  Layer.succeed(HttpConfig.HttpConfig, { adminToken: undefined, publicUrl: "http://localhost" }),
  NodeHttpServer.layerHttpServices,
  Layer.succeed(References.TracerEnabled, false)
)
const { dispose, handler } = Server.toWebHandler(dependencies)
const N = Number(process.argv[2] ?? 10_000)

const run = async (n: number) => {
  for (let i = 0; i < n; i++) {
    const response = await handler(new Request("http://localhost/health"))
    await response.arrayBuffer()
  }
}

await run(3000)
const perRequest: Array<number> = []
for (let round = 0; round < 5; round++) {
  const before = process.cpuUsage()
  await run(N)
  const used = process.cpuUsage(before)
  perRequest.push((used.user + used.system) / N)
}
perRequest.sort((a, b) => a - b)
console.log(
  `CPU µs a GET /health: min ${perRequest[0]!.toFixed(1)}, median ${perRequest[2]!.toFixed(1)} (${N} a round)`
)
await dispose()
