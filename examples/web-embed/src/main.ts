/**
 * Runs the web embed demo: `node examples/web-embed/src/main.ts`, then open the address it prints.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8081 | port to listen on |
 * | HOST | 127.0.0.1 | address to listen on |
 * | DATABASE_URL | | PostgreSQL instead of PGlite in memory (the demo creates a new account at each start) |
 *
 * @since 0.1.0
 */
import { Database } from "@campaign-games/sql"
import * as Backend from "./Backend.ts"

const env = (name: string): string | undefined => {
  const value = process.env[name]
  return value === undefined || value === "" ? undefined : value
}

const port = Number(env("PORT") ?? "8081")
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PORT must be a port number, not ${env("PORT")}`)
const databaseUrl = env("DATABASE_URL")

const running = await Backend.start({
  host: env("HOST") ?? "127.0.0.1",
  port,
  store: databaseUrl === undefined ? Database.layerPglite() : Database.layerPostgres({ url: databaseUrl })
})
console.log(`The web embed demo: open ${running.url}`)

/** Ctrl-C or a stop from the process manager: closes the server and the store, then exits (1 if closing failed). */
const stop = async () => {
  try {
    await running.close()
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
  process.exit()
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
