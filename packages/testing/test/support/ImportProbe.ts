/**
 * Imports the modules named on the command line and prints, as one JSON line, what of the process
 * they changed: `process.execArgv`, `NODE_OPTIONS`, V8's `gc` (the global one, and the one a new
 * context sees, there once `--expose-gc` is set at run time), `globalThis`'s own keys and symbols,
 * the process's listeners, `Error.stackTraceLimit`. Run by `AtImport.test.ts` (the workspace's
 * sources) and by `Packed.test.ts` (the packed packages, on Node 20 and 24).
 */
import { runInNewContext } from "node:vm"

const snapshot = () => ({
  execArgv: [...process.execArgv],
  nodeOptions: process.env.NODE_OPTIONS ?? "",
  gc: typeof (globalThis as { gc?: unknown }).gc,
  contextGc: ((): string => {
    try {
      return typeof runInNewContext("gc")
    } catch {
      return "undefined"
    }
  })(),
  globals: Object.getOwnPropertyNames(globalThis).sort(),
  symbols: Object.getOwnPropertySymbols(globalThis).map(String).sort(),
  listeners: Object.fromEntries(process.eventNames().map((name) => [String(name), process.listenerCount(name)])),
  stackTraceLimit: Error.stackTraceLimit
})

const before = snapshot()
for (const specifier of process.argv.slice(2)) await import(specifier)
const after = snapshot()

const changed = Object.keys(before).filter(
  (key) => JSON.stringify(before[key as keyof typeof before]) !== JSON.stringify(after[key as keyof typeof after])
)
process.stdout.write(
  `${JSON.stringify({
    changed,
    globals: after.globals.filter((name) => !before.globals.includes(name)),
    symbols: after.symbols.filter((name) => !before.symbols.includes(name))
  })}\n`
)
