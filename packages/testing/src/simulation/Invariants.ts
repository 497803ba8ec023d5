/**
 * The invariants a run checks, as it goes and at its end: each has a name (`plays.limits`,
 * `webhooks.retry-schedule`, …) and a sentence saying what it holds, and counts the checks made and
 * the violations found, keeping the first few violations' details for the report. An invariant
 * checked zero times proves nothing: the report shows the counts, and the tests require each one
 * to have been checked.
 *
 * @since 0.1.0
 */

/** One invariant's tally, as the report shows it. */
export interface Tally {
  readonly name: string
  readonly holds: string
  readonly checks: number
  readonly violations: number
  /** The first violations' details (at most `KEPT` per invariant). */
  readonly examples: ReadonlyArray<string>
}

/** How many violation details are kept per invariant. */
export const KEPT = 5

/** The invariants of a run. */
export interface Invariants {
  /**
   * Declares invariants, in the record's order: each name with what it holds (`{ [NAME]: "…" }`);
   * declaring one again keeps the first sentence. Every invariant is declared by the module that
   * checks it (its part's `invariants`), when the run is set up.
   */
  readonly declare: (holds: Readonly<Record<string, string>>) => void
  /** Counts one check of `name`; when `ok` is false, a violation described by `detail()`. */
  readonly check: (name: string, ok: boolean, detail: () => string) => boolean
  /** Every invariant declared, in the order declared. */
  readonly tallies: () => ReadonlyArray<Tally>
  /** Violations in all. */
  readonly violations: () => number
}

/** No invariant declared yet. */
export const make = (): Invariants => {
  const byName = new Map<string, { holds: string; checks: number; violations: number; examples: Array<string> }>()
  let violations = 0
  const entry = (name: string) => {
    let found = byName.get(name)
    if (found === undefined) {
      found = { holds: "", checks: 0, violations: 0, examples: [] }
      byName.set(name, found)
    }
    return found
  }
  return {
    declare: (holds) => {
      for (const [name, sentence] of Object.entries(holds)) {
        const found = entry(name)
        if (found.holds === "") found.holds = sentence
      }
    },
    check: (name, ok, detail) => {
      const found = entry(name)
      found.checks++
      if (!ok) {
        found.violations++
        violations++
        if (found.examples.length < KEPT) found.examples.push(detail())
      }
      return ok
    },
    tallies: () =>
      [...byName].map(([name, { holds, checks, violations, examples }]) => ({
        name,
        holds,
        checks,
        violations,
        examples: [...examples]
      })),
    violations: () => violations
  }
}
