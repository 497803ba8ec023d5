/**
 * The reference server's routes and use cases on the in-memory store (`@campaign-games/testing`),
 * for `node bench/plays.ts --store memory`: what a play costs without any database, that is the
 * HTTP layer and the core alone. Not a server to run for real (nothing is kept).
 *
 * Environment: PORT, CG_ADMIN_TOKEN.
 */
import { NodeEngine } from "@campaign-games/http"
import { MemoryStore } from "@campaign-games/testing"
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Redacted, References } from "effect"
import * as App from "../examples/server/src/App.ts"

const port = Number(process.env.PORT ?? 18181)
const server = App.serve({
  host: "127.0.0.1",
  port,
  adminToken: Redacted.make(process.env.CG_ADMIN_TOKEN ?? ""),
  publicUrl: `http://127.0.0.1:${port}`,
  redisUrl: undefined
})

NodeRuntime.runMain(
  Layer.launch(server.pipe(Layer.provide(NodeEngine.layer(MemoryStore.layer, { dispatcher: false })))).pipe(
    Effect.provideService(References.TracerEnabled, false)
  )
)
