/**
 * Summarises a V8 CPU profile (`.cpuprofile`, as `CG_BENCH_PROFILE=DIR node bench/plays.ts` writes
 * the server's) into where the time went: self time by area (our packages, effect's modules by
 * folder, the pg driver, node internals, GC, idle) and the top functions by self time, so that
 * docs/performance.md's breakdown can be made again with one command.
 *
 *   node bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 40] [--within REGEX …]
 *
 * `--within REGEX` (repeatable) adds the share of the busy time spent with a frame matching REGEX
 * (its function name and file, as `name file:line`) on the stack: the inclusive time of synchronous
 * work such as a schema's decoding or a signature's check. (The effect runtime resumes fibers from
 * its own loop, so asynchronous steps are not on one another's stacks.)
 *
 * Idle time (`(idle)`, the process waiting on its sockets) is left out of the percentages.
 */
import { readFileSync } from "node:fs"

interface Node {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly children?: ReadonlyArray<number>
}
interface Profile {
  readonly nodes: ReadonlyArray<Node>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith("--"))
if (file === undefined) throw new Error("usage: node bench/profile-summary.ts FILE.cpuprofile [--top N]")
const topIndex = args.indexOf("--top")
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 40

const within = args.flatMap((a, i) => (args[i - 1] === "--within" ? [new RegExp(a)] : []))

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const frameKey = (n: Node) =>
  `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/^.*\/(node_modules|packages|examples)\//, "$1/")}:${n.callFrame.lineNumber + 1}`
const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))

/** The area a call frame belongs to: a package's folder, effect's module folder, node, V8's own. */
const areaOf = (url: string, name: string): string => {
  if (url === "") return name.startsWith("(") ? name : "(native)"
  const effect = /node_modules\/effect\/dist\/(.*)\.js$/.exec(url)
  // effect's modules by folder (http, sql, …), its root modules (Effect, Schema, …) and internals by name
  if (effect !== null)
    return "effect/" + effect[1]!.replace(/^(http|http-api|sql|persistence|unstable\/[^/]+)\/.*$/, "$1")
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (pkg !== null) return pkg[1]!
  const ours = /\/(packages|examples)\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(url)
  if (ours !== null)
    return `${ours[1]}/${ours[2]}${ours[3] !== undefined && !ours[3].includes(".") ? `/${ours[3]}` : ""}`
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0]
  return url
}

const areas = new Map<string, number>()
const functions = new Map<string, number>()
let idle = 0
let total = 0
for (const [id, time] of self) {
  const node = byId.get(id)!
  const { functionName, url } = node.callFrame
  if (functionName === "(idle)") {
    idle += time
    continue
  }
  total += time
  const area = areaOf(url, functionName)
  areas.set(area, (areas.get(area) ?? 0) + time)
  const key = frameKey(node)
  functions.set(key, (functions.get(key) ?? 0) + time)
}

const inside = within.map(() => 0)
if (within.length > 0) {
  for (const [id, time] of self) {
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue
    const hit = within.map(() => false)
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frameKey(byId.get(at)!)
      within.forEach((re, i) => {
        if (re.test(key)) hit[i] = true
      })
    }
    hit.forEach((h, i) => {
      if (h) inside[i]! += time
    })
  }
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7)
const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5)
console.log(`busy ${ms(total)} ms, idle ${ms(idle)} ms`)
console.log("\nself time by area")
for (const [area, time] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${ms(time)} ms ${pct(time)} %  ${area}`)
}
if (within.length > 0) console.log("\nwithin (inclusive)")
within.forEach((re, i) => console.log(`${ms(inside[i]!)} ms ${pct(inside[i]!)} %  ${re.source}`))
console.log(`\ntop ${top} functions by self time`)
for (const [fn, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(time)} ms ${pct(time)} %  ${fn}`)
}
