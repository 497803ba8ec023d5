/**
 * What the web embed's browser tests share: Debian's Chromium, found at `CHROMIUM_PATH` or where
 * the `chromium` package puts it; without it a test file is skipped with a message, except in CI
 * (`CI` set), where a missing browser fails the run. Also where screenshots go, and the store the
 * demo's backend runs on (PostgreSQL when `DATABASE_URL` is set, else PGlite in memory).
 */
import { accessSync, constants } from "node:fs"
import { fileURLToPath } from "node:url"
import { Database } from "@campaign-games/sql"

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Chromium's binary, when this machine has one. */
export const executablePath: string | undefined = [
  process.env.CHROMIUM_PATH,
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser"
].find((path): path is string => path !== undefined && path !== "" && isExecutable(path))

/**
 * Says that `what` (a test's subject) cannot run without Chromium: fails in CI, warns elsewhere.
 * Returns whether the tests must be skipped.
 */
export const missing = (what: string): boolean => {
  if (executablePath !== undefined) return false
  const message = `${what} needs Chromium: \`apt-get install chromium\` (Debian), or CHROMIUM_PATH=<chromium binary>`
  if ((process.env.CI ?? "") !== "") throw new Error(`In CI ${message}; .ci/run installs it when absent.`)
  console.warn(`Skipped: ${message}.`)
  return true
}

/** Where the screenshots go. */
export const OUTPUT = fileURLToPath(new URL("../../test-output/", import.meta.url))

/** The store of the demo's backend under test. */
export const store = () => {
  const databaseUrl = process.env.DATABASE_URL ?? ""
  return databaseUrl === "" ? Database.layerPglite() : Database.layerTestPostgres(databaseUrl)
}
