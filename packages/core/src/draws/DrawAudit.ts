/**
 * A draw's audit document, and its verifier. The document (`GET …/winner-selection/runs/{runId}/audit`)
 * holds everything a third party needs to recompute a run offline: the run (algorithm and version,
 * rules, seed, commitments, winners), the participants earlier runs excluded, and the entries it
 * considered, in the listing's order. `verifyDraw` recomputes it with nothing but this module's
 * code (`examples/verify-draw` runs it from the command line): the listing's hash and size, the
 * winners, the seed against its commitments, and an after-each-play run's winning moment.
 *
 * @since 0.1.0
 */
import { DateTime, Result, Schema } from "effect"
import { Timestamp } from "../Fields.ts"
import * as Draw from "./Draw.ts"
import * as DrawRun from "./DrawRun.ts"
import * as SeedChain from "./SeedChain.ts"
import * as DrawHash from "./DrawHash.ts"
import * as WinningMoments from "./WinningMoments.ts"

/** The format (and its version) of an audit document. */
export const FORMAT = "campaign-games/draw-audit/1"

/** An entry as the audit lists it. */
export const AuditEntry = Schema.Struct({
  id: Schema.String,
  participantRef: Schema.String,
  createdAt: Timestamp,
  score: Schema.NullOr(Schema.Finite),
  weight: Schema.Finite
}).annotate({ identifier: "DrawAuditEntry" })
export type AuditEntry = typeof AuditEntry.Type

/** The audit document of a run. */
export const Audit = Schema.Struct({
  format: Schema.Literal(FORMAT),
  run: DrawRun.RunView,
  /**
   * The campaign's published `seedCommitment` (link 0 of its seed chain) that an automatic run's
   * seed opens at its `chainPosition`; null for a manual run.
   */
  publishedCommitment: Schema.NullOr(Schema.String),
  /** Participants who won the campaign's earlier runs: they could not win this one. */
  excludedParticipants: Schema.Array(Schema.String),
  /** The entries the run considered, by `createdAt` then id (the listing's order). */
  entries: Schema.Array(AuditEntry)
}).annotate({ identifier: "DrawAudit" })
export type Audit = typeof Audit.Type

/** The audit of `run`, over the entries it considered and the participants it excluded. */
export const make = (
  run: DrawRun.Run,
  entries: ReadonlyArray<DrawRun.ListedEntry>,
  excludedParticipants: ReadonlyArray<string>
): Audit => ({
  format: FORMAT,
  run: DrawRun.view(run),
  publishedCommitment: run.publishedCommitment,
  excludedParticipants,
  entries: entries.map(auditEntry)
})

/** A considered entry as the audit lists it. */
export const auditEntry = (e: DrawRun.ListedEntry): AuditEntry => ({
  id: e.id,
  participantRef: e.participantRef,
  createdAt: DateTime.makeUnsafe(e.createdAt),
  score: e.score,
  weight: e.weight
})

/** One check of a verification. */
export interface Check {
  readonly name: "format" | "entries" | "entriesConsidered" | "entriesHash" | "seed" | "moment" | "winners"
  readonly ok: boolean
  readonly message: string
}

/** A recomputed winner. */
export const RecomputedWinner = Schema.Struct({
  rank: DrawRun.Rank,
  participantRef: Schema.String,
  entryId: Schema.String
}).annotate({ identifier: "RecomputedWinner" })
export type RecomputedWinner = typeof RecomputedWinner.Type

/** What a verification found: whether every check passed, the winners recomputed, and each check. */
export interface Verification {
  readonly verified: boolean
  readonly winners: ReadonlyArray<RecomputedWinner>
  readonly checks: ReadonlyArray<Check>
}

/** The winners of a selection as ranks. */
export const ranked = (winners: ReadonlyArray<{ readonly participantRef: string; readonly entryId: string }>) =>
  winners.map((w, i): RecomputedWinner => ({ rank: i + 1, participantRef: w.participantRef, entryId: w.entryId }))

/** Whether recomputed winners are a run's, in the same ranks. */
export const sameWinners = (
  run: ReadonlyArray<{ readonly rank: number; readonly participantRef: string; readonly entryId: string }>,
  recomputed: ReadonlyArray<RecomputedWinner>
): boolean =>
  run.length === recomputed.length &&
  run.every(
    (w, i) =>
      w.rank === recomputed[i]!.rank &&
      w.participantRef === recomputed[i]!.participantRef &&
      w.entryId === recomputed[i]!.entryId
  )

/**
 * The checks of a run's seed: a seed with a commitment hashes to it, and an automatic run's seed
 * opens the campaign's published commitment at its chain position.
 */
export const seedCheck = (
  run: Pick<DrawRun.RunView, "seed" | "seedCommitment" | "chainPosition">,
  publishedCommitment: string | null
): Check => {
  if (run.seedCommitment !== null && DrawHash.hexOfText(run.seed) !== run.seedCommitment) {
    return { name: "seed", ok: false, message: "SHA-256 of the seed is not the run's seedCommitment" }
  }
  if (run.chainPosition !== null) {
    if (publishedCommitment === null) {
      return { name: "seed", ok: false, message: "an automatic run needs the campaign's published commitment" }
    }
    if (!SeedChain.opens(run.seed, run.chainPosition, publishedCommitment)) {
      return {
        name: "seed",
        ok: false,
        message: `SHA-256 applied ${run.chainPosition} times to the seed is not the published commitment`
      }
    }
    return { name: "seed", ok: true, message: "the seed opens the commitment published before the draw" }
  }
  return {
    name: "seed",
    ok: true,
    message:
      run.seedCommitment === null ? "a manual run's seed (none was published)" : "the seed opens its seedCommitment"
  }
}

/**
 * The check of an after-each-play run's moment: where the run's seed places moment `index` of
 * `count` in the prize window, and the window the run considered starts there and ends with the
 * prize window.
 */
export const momentCheck = (run: Pick<DrawRun.RunView, "seed" | "moment" | "rules" | "algorithm">): Check => {
  const moment = run.moment
  if (moment === null) {
    return run.algorithm === "winning_moment"
      ? { name: "moment", ok: false, message: "a winning_moment run without its moment" }
      : { name: "moment", ok: true, message: "no winning moment (not an after-each-play run)" }
  }
  const placed = WinningMoments.momentAt(run.seed, moment.index, moment.count, {
    start: moment.windowStart.epochMilliseconds,
    end: moment.windowEnd.epochMilliseconds
  })
  const ok =
    run.algorithm === "winning_moment" &&
    placed.slotStart === moment.slotStart.epochMilliseconds &&
    placed.slotEnd === moment.slotEnd.epochMilliseconds &&
    placed.at === moment.at.epochMilliseconds &&
    run.rules.windowStart?.epochMilliseconds === placed.at &&
    run.rules.windowEnd?.epochMilliseconds === moment.windowEnd.epochMilliseconds
  return {
    name: "moment",
    ok,
    message: ok
      ? `moment ${moment.index} of ${moment.count} falls where the seed places it, and the run counts from it`
      : `moment ${moment.index} is not where the seed places it, or the run does not count from it`
  }
}

const decodeAudit = Schema.decodeUnknownResult(Audit)

/**
 * Verifies an audit document (as `JSON.parse` reads it): recomputes the listing's hash and size,
 * the winners with the run's rules, seed and exclusions, the seed against its commitments and the
 * winning moment, and says whether all of them match the run.
 */
export const verifyDraw = (document: unknown): Verification => {
  const decoded = decodeAudit(document)
  if (Result.isFailure(decoded)) {
    return {
      verified: false,
      winners: [],
      checks: [{ name: "format", ok: false, message: `not a ${FORMAT} document: ${decoded.failure.message}` }]
    }
  }
  return verifyAudit(decoded.success)
}

/** Verifies a decoded audit document (see `verifyDraw`). */
export const verifyAudit = (audit: Audit): Verification => {
  const run = audit.run
  const checks: Array<Check> = []
  if (!Draw.isKnownVersion(run.algorithmVersion)) {
    return {
      verified: false,
      winners: [],
      checks: [{ name: "format", ok: false, message: `unknown algorithm version ${run.algorithmVersion}` }]
    }
  }
  const rules = DrawRun.drawRules(run)
  const entries: Array<Draw.DrawEntry> = audit.entries.map((e) => ({
    id: e.id,
    participantRef: e.participantRef,
    createdAt: e.createdAt.epochMilliseconds,
    score: e.score,
    weight: e.weight,
    eligible: true
  }))
  const ordered = entries.every((e, i) => i === 0 || Draw.listingOrder(entries[i - 1]!, e) < 0)
  const inRules = entries.every((e) => Draw.considers(rules, e))
  checks.push({
    name: "entries",
    ok: ordered && inRules,
    message: !ordered
      ? "the entries are not in the listing's order (createdAt, then id), or repeat"
      : !inRules
        ? "an entry lies outside the run's window"
        : "the entries are in the listing's order and within the run's window"
  })
  checks.push({
    name: "entriesConsidered",
    ok: entries.length === run.entriesConsidered,
    message: `${entries.length} entries listed; the run considered ${run.entriesConsidered}`
  })
  const hash = Draw.listingHash(entries, run.algorithmVersion)
  checks.push({
    name: "entriesHash",
    ok: hash === run.entriesHash,
    message: hash === run.entriesHash ? "the listing hashes to the run's entriesHash" : `the listing hashes to ${hash}`
  })
  checks.push(seedCheck(run, audit.publishedCommitment))
  checks.push(momentCheck(run))
  const candidates = entries.filter((e) => Draw.canWin(rules.algorithm, e))
  const winners = ranked(
    Draw.select(candidates, rules, run.seed, new Set(audit.excludedParticipants)).map((e) => ({
      participantRef: e.participantRef,
      entryId: e.id
    }))
  )
  const same = sameWinners(run.winners, winners)
  checks.push({
    name: "winners",
    ok: same,
    message: same ? "the recomputed winners are the run's" : "the recomputed winners differ from the run's"
  })
  return { verified: checks.every((c) => c.ok), winners, checks }
}
