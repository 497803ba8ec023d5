/**
 * The vitest configuration StrykerJS runs (`npm run mutate`, stryker.config.mjs): the core's own
 * tests only, with `@campaign-games/core` and `@campaign-games/testing` resolved to the sources
 * beside this file. Stryker copies the project into a sandbox and mutates the copy; without the
 * aliases a test importing the package by name would load the workspace's unmutated original
 * through `node_modules`, and every mutant it should kill would survive.
 */
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@campaign-games\/core$/, replacement: here("./packages/core/src/index.ts") },
      { find: /^@campaign-games\/core\/(.*)$/, replacement: `${here("./packages/core/src/")}$1.ts` },
      { find: /^@campaign-games\/testing$/, replacement: here("./packages/testing/src/index.ts") }
    ]
  },
  test: {
    include: ["packages/core/test/**/*.test.ts"],
    testTimeout: 60_000
  }
})
