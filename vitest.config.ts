import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are large (about 1 GB each): keep the number of test files run at once small.
    maxWorkers: 2,
    fileParallelism: true
  }
})
