/**
 * The reference server's routes and use cases on the in-memory store (`@campaign-games/testing`),
 * for `node bench/plays.ts --store memory` and `node bench/media.ts`: what a play costs without any
 * database, that is the HTTP layer and the core alone. Not a server to run for real (nothing is kept
 * but media files, under `CG_DATA_DIR/media` or in the S3 bucket named by `CG_S3_BUCKET`, as
 * `main.ts` reads them).
 *
 * Environment: PORT, CG_ADMIN_TOKEN, CG_DATA_DIR (default: a temporary directory removed at exit), CG_S3_*.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeEngine } from "@campaign-games/http"
import * as NodeMedia from "@campaign-games/http/NodeMedia"
import { MemoryStore } from "@campaign-games/testing"
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Redacted, References } from "effect"
import * as App from "../examples/server/src/App.ts"

const port = Number(process.env.PORT ?? 18181)
const publicUrl = `http://127.0.0.1:${port}`
const temporary = process.env.CG_DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), "cg-bench-")) : undefined
if (temporary !== undefined) process.on("exit", () => rmSync(temporary, { recursive: true, force: true }))
const dataDir = process.env.CG_DATA_DIR ?? temporary!
const server = App.serve({
  host: "127.0.0.1",
  port,
  adminToken: process.env.CG_ADMIN_TOKEN === undefined ? undefined : Redacted.make(process.env.CG_ADMIN_TOKEN),
  publicUrl,
  redisUrl: undefined
})
const media = NodeMedia.fromEnv(process.env, { publicUrl, dataDir })

NodeRuntime.runMain(
  Layer.launch(server.pipe(Layer.provide(NodeEngine.layer(MemoryStore.layer, { dispatcher: false, media })))).pipe(
    Effect.provideService(References.TracerEnabled, false)
  )
)
