/**
 * The test run. The projects: the packages' tests (and the examples other than the server), the two
 * server instances on one PostgreSQL, and the reference server's HTTP tests once per store: memory, PGlite (the store `npm start` runs on) and,
 * when `DATABASE_URL` is set, PostgreSQL. `CG_TEST_STORE` tells `examples/server/test/support/TestServer.ts`
 * which store to build. The last lines of a run say which stores and services it covered and which
 * it skipped (docs/testing.md).
 */
import { defaultServerConditions } from "vite"
import type { Reporter } from "vitest/node"
import { defineConfig } from "vitest/config"

/**
 * The workspace runs from its sources: each package's exports name `./src/*.ts` under this condition
 * before the built `dist/` (docs/packages.md). Vite resolves with it, and so does every process a
 * test starts (the server's `main.ts`, the verify-draw CLI): they inherit `NODE_OPTIONS`.
 */
const SOURCE_CONDITION = "@campaign-games/source"
const sourceFlag = `--conditions=${SOURCE_CONDITION}`
if (!(process.env.NODE_OPTIONS ?? "").includes(sourceFlag))
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} ${sourceFlag}`.trim()

const databaseUrl = process.env.DATABASE_URL ?? ""
const redisUrl = process.env.REDIS_URL ?? ""

const SERVER_TESTS = "examples/server/test/**/*.test.ts"
/** Builds its own two servers on PostgreSQL (it runs when `DATABASE_URL` is set): a project of its own. */
const TWO_INSTANCES = "examples/server/test/TwoInstances.test.ts"

/** The HTTP tests of the reference server on one store. */
const serverProject = (store: "memory" | "pglite" | "postgres", label: string) => ({
  extends: true as const,
  test: {
    name: `server on ${label}`,
    include: [SERVER_TESTS],
    exclude: [TWO_INSTANCES],
    env: { CG_TEST_STORE: store }
  }
})

/** Hides the password of a connection URL. */
const redact = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")

/** The closing lines: what this run covered and what it skipped, and why. */
const coverage: Reporter = {
  onTestRunEnd: (testModules) => {
    const skipped = testModules.reduce((n, module) => n + Array.from(module.children.allTests("skipped")).length, 0)
    const covered = ["memory store", "PGlite (in memory)"]
    const missing: Array<string> = []
    if (databaseUrl !== "") covered.push(`PostgreSQL (${redact(databaseUrl)})`)
    else
      missing.push(
        "PostgreSQL (DATABASE_URL unset: its concurrency cases, the two-pool store contract and TwoInstances did not run)"
      )
    if (redisUrl !== "") covered.push(`Redis (${redact(redisUrl)})`)
    else missing.push("Redis (REDIS_URL unset: the shared rate limiter's cases did not run)")
    const projects = [...new Set(testModules.map((module) => module.project.name))]
    const lines = [
      "",
      `Projects run: ${projects.join(", ")}.`,
      `Stores and services covered: ${covered.join(", ")}.`,
      missing.length === 0 ? "Skipped: none." : `Skipped: ${missing.join("; ")}.`,
      `Test cases skipped in this run: ${skipped}.`
    ]
    process.stdout.write(`${lines.join("\n")}\n`)
  }
}

export default defineConfig({
  // Vitest's own server conditions (Vite's without `module`, which picks builds Node cannot load), plus ours.
  ssr: {
    resolve: {
      conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((condition) => condition !== "module")]
    }
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are large (about 1 GB each): keep the number of test files run at once small.
    maxWorkers: 2,
    fileParallelism: true,
    reporters: ["default", coverage],
    projects: [
      {
        extends: true,
        test: {
          name: "packages",
          include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
          exclude: [SERVER_TESTS]
        }
      },
      {
        extends: true,
        test: { name: "server two instances", include: [TWO_INSTANCES] }
      },
      serverProject("memory", "memory"),
      serverProject("pglite", "PGlite"),
      ...(databaseUrl === "" ? [] : [serverProject("postgres", "PostgreSQL")])
    ]
  }
})
