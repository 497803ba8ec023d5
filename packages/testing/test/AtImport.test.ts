/**
 * Nothing happens to the host when a package is imported: each package's root (and the documented
 * subpaths), imported in a fresh Node process from the workspace's sources, leaves
 * `process.execArgv`, the V8 flags (`--expose-gc` shows as a `gc` function), `globalThis` and the
 * process's listeners as they were (`support/ImportProbe.ts`). `Packed.test.ts` runs the same probe
 * over the packed packages.
 */
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const PROBE = fileURLToPath(new URL("./support/ImportProbe.ts", import.meta.url))

interface Probed {
  readonly changed: ReadonlyArray<string>
  readonly globals: ReadonlyArray<string>
  readonly symbols: ReadonlyArray<string>
}

/** Imports `specifiers` in a fresh process (the pinned Node, the sources) and says what changed. */
const probe = (...specifiers: ReadonlyArray<string>): Probed => {
  const env = { ...process.env, NODE_OPTIONS: "" }
  const out = execFileSync(process.execPath, ["--conditions=@campaign-games/source", PROBE, ...specifiers], {
    encoding: "utf8",
    env
  })
  return JSON.parse(out) as Probed
}

const NOTHING: Probed = { changed: [], globals: [], symbols: [] }

describe("importing a package", () => {
  for (const specifier of [
    "@campaign-games/core",
    "@campaign-games/core/draws",
    "@campaign-games/sql",
    "@campaign-games/http",
    "@campaign-games/testing"
  ]) {
    it(`${specifier} changes nothing in the process`, () => {
      assert.deepStrictEqual(probe(specifier), NOTHING)
    })
  }

  it("the probe sees a module that sets a V8 flag, a global or a listener", () => {
    const flag = probe(`data:text/javascript,import v8 from "node:v8"; v8.setFlagsFromString("--expose-gc")`)
    assert.deepStrictEqual(flag.changed, ["contextGc"])
    const global = probe(`data:text/javascript,globalThis.cgProbe = 1; process.on("warning", () => {})`)
    assert.deepStrictEqual(global.changed, ["globals", "listeners"])
    assert.deepStrictEqual(global.globals, ["cgProbe"])
  })

  it("the contract suites' subpath loads vitest, which the root does not", () => {
    // @effect/vitest outside a test run defines vitest's matcher globals: why the suites have a subpath.
    const contract = probe("@campaign-games/testing/contract")
    assert.include(contract.changed, "symbols")
  })
})
