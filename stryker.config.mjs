// @ts-check
/**
 * StrykerJS over the core's pure rule modules (`npm run mutate`; not part of `npm test`). The
 * vitest runner runs vitest.mutate.config.ts (the core's tests, resolved to the sandbox's
 * sources). Figures and the survivors judged equivalent: docs/testing.md.
 *
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { readFileSync } from "node:fs"
import { URL } from "node:url"

/**
 * The lines of `file` from the one starting with `first` to the first line after it that is `last`
 * (1-based, inclusive): a part of a module found by its text, so it survives edits above it.
 */
const lines = (file, first, last) => {
  const text = readFileSync(new URL(file, import.meta.url), "utf8").split("\n")
  const start = text.findIndex((line) => line.startsWith(first))
  const end = text.findIndex((line, i) => i > start && line === last)
  if (start < 0 || end < 0) throw new Error(`stryker.config.mjs: ${file} has no "${first}" … "${last}"`)
  return `${file}:${start + 1}-${end + 1}`
}

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutate.config.ts" },
  coverageAnalysis: "perTest",
  mutate: [
    "packages/core/src/campaigns/Campaign.ts",
    "packages/core/src/play/PlayLimit.ts",
    // The retry schedule: MAX_ATTEMPTS, FIRST_WAIT, TIMEOUT, isRetryableStatus, waitAfter, afterAttempt, resend.
    lines("packages/core/src/webhooks/Webhook.ts", "export const MAX_ATTEMPTS", "})"),
    "packages/core/src/webhooks/WebhookSignature.ts",
    "packages/core/src/campaigns/FileRule.ts",
    "packages/core/src/play/Mint.ts"
  ],
  // Only what the core's tests need: no other workspace, no database files.
  ignorePatterns: ["examples", "bench", "docs", ".data", "coverage", "packages/http", "packages/sql"],
  // Inside coverage/ (ignored by git, eslint and prettier).
  tempDirName: "coverage/.stryker-tmp",
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "coverage/mutation/index.html" },
  jsonReporter: { fileName: "coverage/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 }
}
