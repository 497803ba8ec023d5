/**
 * The engine in this process, as the in-process benchmarks run it: the reference server's services
 * (`NodeEngine`, no webhook dispatcher) over a fresh PostgreSQL database (`CG_BENCH_POSTGRES`,
 * default postgres://postgres@127.0.0.1:5432) or the memory store, the rate limits in memory, and no
 * tracer.
 */
import { execFileSync } from "node:child_process"
import { HttpConfig, NodeEngine, RateLimitStore } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { MemoryStore } from "@campaign-games/testing"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, Redacted, References } from "effect"
import { RateLimiter } from "effect/persistence"
import { ADMIN } from "./Server.ts"

/** The engine's layer on `store` (a database named after `name` is created now), and `drop` to remove that database. */
export const engine = (store: "postgres" | "memory", name: string) => {
  const server = process.env.CG_BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432"
  const database = `${name}_${Date.now()}`
  const psql = (command: string) => execFileSync("psql", [`${server}/postgres`, "-Atc", command])
  const onPostgres = store === "postgres"
  if (onPostgres) psql(`CREATE DATABASE ${database}`)
  const dependencies = Layer.mergeAll(
    NodeEngine.layer(onPostgres ? Database.layerPostgres({ url: `${server}/${database}` }) : MemoryStore.layer, {
      dispatcher: false
    }),
    RateLimiter.layer.pipe(Layer.provide(RateLimitStore.layerMemory)),
    Layer.succeed(HttpConfig.HttpConfig, { adminToken: Redacted.make(ADMIN), publicUrl: "http://localhost" }),
    NodeHttpServer.layerHttpServices,
    Layer.succeed(References.TracerEnabled, false)
  )
  return {
    dependencies,
    drop: () => {
      if (onPostgres) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    }
  }
}
