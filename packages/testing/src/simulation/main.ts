/**
 * `npm run simulate -- --players 10000 --days 30 --seed 42`: runs the simulation (`Simulation.run`)
 * on the memory store (or `--store pglite`: the SQL store over PGlite in memory), with a progress
 * bar on stderr, and prints the report on stdout (`--json` for the report and timings as JSON).
 * Exits with 1 when an invariant was violated, 2 on a bad option.
 *
 * Options: `--players N` (default 10000), `--days N` (default 30), `--seed S` (default 42),
 * `--start ISO` (default 2026-03-08T00:00:00Z), `--dispatch-every MINUTES` (default 30),
 * `--store memory|pglite`, `--no-rewards` (campaigns without rewards: the same run on both stores),
 * `--json`, `--log FILE` (write the event log's lines to FILE).
 *
 * @since 0.1.0
 */
import { writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import type { StorePorts } from "@campaign-games/core"
import { Effect, type Layer } from "effect"
import * as MemoryStore from "../MemoryStore.ts"
import * as Report from "./Report.ts"
import * as Simulation from "./Simulation.ts"
import { MINUTE } from "./World.ts"

const usage = `Usage: npm run simulate -- [--players N] [--days N] [--seed S] [--start ISO]
                       [--dispatch-every MINUTES] [--store memory|pglite] [--no-rewards] [--json]
                       [--log FILE]`

const fail = (message: string): never => {
  process.stderr.write(`${message}\n${usage}\n`)
  process.exit(2)
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        players: { type: "string", default: "10000" },
        days: { type: "string", default: "30" },
        seed: { type: "string", default: "42" },
        start: { type: "string" },
        "dispatch-every": { type: "string", default: "30" },
        store: { type: "string", default: "memory" },
        "no-rewards": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        log: { type: "string" },
        help: { type: "boolean", default: false }
      },
      strict: true
    })
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
})()

if (values.help) {
  process.stdout.write(`${usage}\n`)
  process.exit(0)
}

const whole = (name: string, text: string, min: number, max: number): number => {
  const value = Number(text)
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`--${name} must be a whole number from ${min} to ${max}`)
  return value
}

const players = whole("players", values.players, 1, 1_000_000)
const days = whole("days", values.days, 1, 366)
const dispatchEvery = whole("dispatch-every", values["dispatch-every"], 1, 24 * 60) * MINUTE
const start = values.start === undefined ? undefined : Date.parse(values.start)
if (start !== undefined && !Number.isFinite(start)) fail("--start must be an ISO 8601 instant")
if (values.store !== "memory" && values.store !== "pglite") fail("--store must be memory or pglite")

/** The store to run on: a fresh one. */
const store = async (): Promise<Layer.Layer<StorePorts.StoreServices, unknown>> => {
  if (values.store === "memory") return MemoryStore.layer
  const { Database } = await import("@campaign-games/sql")
  return Database.layerPglite()
}

/** A progress bar on stderr, redrawn at most ten times a second (a line per tenth when not a terminal). */
const progress = () => {
  const width = 30
  const began = performance.now()
  let drawn = 0
  let tenth = -1
  return (p: Simulation.Progress) => {
    const now = performance.now()
    if (process.stderr.isTTY) {
      if (now - drawn < 100 && p.fraction < 1) return
      drawn = now
      const filled = Math.round(p.fraction * width)
      const day = Math.min(days, Math.floor(p.fraction * days) + 1)
      process.stderr.write(
        `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(p.fraction * 100)).padStart(3)}% ` +
          `day ${day}/${days}  ${new Date(p.at).toISOString().slice(0, 16)}Z  ${p.steps.toLocaleString("en-US")} steps  ` +
          `${((now - began) / 1000).toFixed(1)} s`
      )
      if (p.fraction >= 1) process.stderr.write("\n")
    } else {
      const t = Math.floor(p.fraction * 10)
      if (t === tenth) return
      tenth = t
      process.stderr.write(
        `${t * 10}% (${p.steps.toLocaleString("en-US")} steps, ${((now - began) / 1000).toFixed(1)} s)\n`
      )
    }
  }
}

const result = await Effect.runPromise(
  Simulation.run(
    {
      seed: values.seed,
      players,
      days,
      start,
      dispatchEvery,
      onProgress: progress(),
      keepLog: values.log !== undefined,
      rewards: !values["no-rewards"]
    },
    await store()
  )
)

if (values.log !== undefined) writeFileSync(values.log, `${result.log.join("\n")}\n`)
const cpu = process.cpuUsage()
const machine = {
  cpuUserMs: Math.round(cpu.user / 1000),
  cpuSystemMs: Math.round(cpu.system / 1000),
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024)
}
process.stdout.write(
  values.json
    ? `${JSON.stringify({ report: result.report, timings: result.timings, process: machine }, null, 2)}\n`
    : `${Report.format(result.report, result.timings)}\n` +
        `Process: ${machine.cpuUserMs.toLocaleString("en-US")} ms CPU (user), ` +
        `${machine.cpuSystemMs.toLocaleString("en-US")} ms (system), peak RSS ${machine.peakRssMb} MB\n`
)
process.exitCode = result.report.violations === 0 ? 0 : 1
