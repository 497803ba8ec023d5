/**
 * The event log of a run: one line per thing that happened (each call an actor made and what the
 * engine answered, each webhook request a receiver got), in the order the agenda ran them, hashed
 * as it grows (SHA-256 over the lines, each ending with a newline). The same seed gives the same
 * lines, on every store: a line holds only what the engine decided (ids, instants, outcomes,
 * reasons), never what a store may write differently (the key order of a JSON document a store
 * kept: bodies are logged in their canonical form, `canonicalJson`).
 *
 * The lines themselves are kept only when asked (`keep`), to compare two runs line by line.
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"

/** A growing log and its hash. */
export interface EventLog {
  /** Appends one line (its parts joined by spaces). */
  readonly append: (...parts: ReadonlyArray<string | number | boolean | null>) => void
  readonly lines: () => number
  /** The hex SHA-256 of every line so far. */
  readonly digest: () => string
  /** The lines kept (empty unless made with `keep`). */
  readonly kept: () => ReadonlyArray<string>
}

/** An empty log; `keep` keeps the lines as well as their hash. */
export const make = (options: { readonly keep?: boolean } = {}): EventLog => {
  const hash = createHash("sha256")
  const kept: Array<string> = []
  let lines = 0
  return {
    append: (...parts) => {
      const line = parts.map((part) => (part === null ? "null" : String(part))).join(" ")
      hash.update(`${line}\n`, "utf8")
      if (options.keep === true) kept.push(line)
      lines++
    },
    lines: () => lines,
    digest: () => hash.copy().digest("hex"),
    kept: () => kept
  }
}

/** ISO 8601 of an instant in epoch milliseconds (the log's times). */
export const iso = (millis: number): string => new Date(millis).toISOString()

/** JSON with the keys of every object sorted (by code point): one text per value, whatever its key order. */
export const canonicalJson = (value: unknown): string => JSON.stringify(sorted(value))

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted)
  if (typeof value !== "object" || value === null) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key])
  return out
}
