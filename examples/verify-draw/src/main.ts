/**
 * Checks a Campaign Games draw from its audit document, on the command line, without a server: the
 * listing of the entries it considered hashes to the run's `entriesHash`, the winners recompute from
 * the seed, the seed opens the commitment published before the draw, and an instant win's moment is
 * where the seed places it (`verifyDraw` of `@campaign-games/core`).
 *
 *     node examples/verify-draw/src/main.ts audit.json      # or - to read standard input
 *
 * Exit status: 0 verified, 1 not verified, 2 the file could not be read as JSON.
 *
 * @since 0.1.0
 */
import { readFileSync } from "node:fs"
import { DrawAudit } from "@campaign-games/core"

/** What the command prints and its exit status, for a document's text. */
export interface Outcome {
  readonly status: 0 | 1 | 2
  readonly lines: ReadonlyArray<string>
}

/** Verifies the audit document `text` and says what was checked. */
export const check = (text: string): Outcome => {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    return { status: 2, lines: [`not JSON: ${(error as Error).message}`] }
  }
  const result = DrawAudit.verifyDraw(document)
  const run = (document as { run?: { id?: unknown; gameInstanceId?: unknown } } | null)?.run
  const lines = [
    `draw run ${String(run?.id ?? "?")} of campaign ${String(run?.gameInstanceId ?? "?")}`,
    ...result.checks.map((c) => `${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.message}`),
    ...result.winners.map((w) => `winner ${w.rank}: ${w.participantRef} (entry ${w.entryId})`),
    result.verified ? "VERIFIED" : "NOT VERIFIED"
  ]
  return { status: result.verified ? 0 : 1, lines }
}

if (import.meta.main) {
  const path = process.argv[2]
  if (path === undefined) {
    process.stderr.write("usage: node examples/verify-draw/src/main.ts <audit.json | ->\n")
    process.exit(2)
  }
  let text: string
  try {
    text = readFileSync(path === "-" ? 0 : path, "utf8")
  } catch (error) {
    process.stderr.write(`cannot read ${path}: ${(error as Error).message}\n`)
    process.exit(2)
  }
  const { status, lines } = check(text)
  process.stdout.write(`${lines.join("\n")}\n`)
  process.exit(status)
}
