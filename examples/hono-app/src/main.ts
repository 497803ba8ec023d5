/**
 * Runs the shop with the Campaign Games API mounted, from the environment:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 3000 | port to listen on |
 * | HOST | 127.0.0.1 | address to listen on |
 * | CG_DATA_DIR | ./.data/hono-app | the embedded store's directory (PGlite) |
 * | DATABASE_URL | | PostgreSQL instead of the embedded store (migrations run at start) |
 * | CG_ADMIN_TOKEN | | enables the operator API (`/admin/v1`); at least 32 characters |
 * | CG_PUBLIC_URL | http://HOST:PORT | where the application is reached (base of media URLs) |
 * | EMBED_ORIGINS | https://shop.example.com | comma-separated sites whose pages may call the play API (CORS) |
 *
 * On first start with an empty store it creates the account `default` and prints its owner key once.
 *
 * @since 0.1.0
 */
import { HttpConfig } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import * as Serve from "./Serve.ts"

const env = (name: string): string | undefined => {
  const value = process.env[name]
  return value === undefined || value === "" ? undefined : value
}

const host = env("HOST") ?? "127.0.0.1"
const port = Number(env("PORT") ?? "3000")
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PORT must be a port number, not ${env("PORT")}`)

const tokenRefused = HttpConfig.checkAdminToken(env("CG_ADMIN_TOKEN"))
if (tokenRefused !== undefined) {
  console.error(`Acme Tea will not start: ${tokenRefused}`)
  process.exit(1)
}

const running = await Serve.start({
  host,
  port,
  publicUrl: env("CG_PUBLIC_URL"),
  adminToken: env("CG_ADMIN_TOKEN"),
  embedOrigins: (env("EMBED_ORIGINS") ?? "https://shop.example.com").split(",").map((origin) => origin.trim()),
  store: Database.layer({ databaseUrl: env("DATABASE_URL"), dataDir: env("CG_DATA_DIR") ?? "./.data/hono-app" }),
  onFirstStart: ({ accountId, ownerKey }) =>
    console.log(`Created account "default" (${accountId}).\nIts owner API key, shown only now:\n\n  ${ownerKey}\n`)
})
console.log(`Acme Tea listening on ${running.url}: the shop at /, the Campaign Games API at /v1 (docs at /docs)`)

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      }
    )
  })
}
