/**
 * The verifier as a third party runs it: a draw is made by the engine (on the memory store), its
 * audit document is written to a file as `GET …/audit` answers it, and the command, run as a child
 * process, says VERIFIED (exit 0); the same file with one entry changed, or a winner swapped, says
 * NOT VERIFIED (exit 1) naming the failed check; a file that is not JSON exits 2.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import * as DrawAudit from "@campaign-games/core/draws/DrawAudit"
import { Draws } from "@campaign-games/core/draws/Draws"
import { EntryRepo } from "@campaign-games/core/play/Entry"
import { Participants } from "@campaign-games/core"
import { MemoryStore } from "@campaign-games/testing"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Schema } from "effect"
import { check } from "../src/main.ts"
import * as DrawEngine from "./support/DrawEngine.ts"

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url))

/** A weighted draw of three winners among twelve players, and its audit document as JSON. */
const auditJson = Effect.gen(function* () {
  const now = yield* DateTime.now
  const { account, actor, channel, campaign } = yield* DrawEngine.freshCampaign(
    { name: "Verifier", plan: "pro" },
    "Main",
    {
      gameSlug: "spin-the-wheel",
      name: "Weighted",
      winnerSelectionAlgorithm: "random_weighted",
      winnerSelectionConfig: { maxWinners: 3 }
    }
  )
  for (let i = 0; i < 30; i++) {
    yield* (yield* EntryRepo).insert({
      id: `ent_${String(i).padStart(2, "0")}`,
      accountId: account.id,
      campaignId: campaign.id,
      channelId: channel.id,
      sessionId: null,
      participantRef: `player ${i % 12}`,
      score: null,
      predictionValue: null,
      outcome: null,
      weight: 1 + (i % 4),
      eligible: true,
      createdAt: DateTime.add(now, { seconds: i })
    })
  }
  const draws = yield* Draws
  const run = yield* draws.trigger(actor, campaign.id)
  const audit = yield* draws.audit(actor, campaign.id, run.id)
  return JSON.parse(JSON.stringify(Schema.encodeSync(DrawAudit.Audit)(audit)))
}).pipe(Effect.provide(DrawEngine.engine(MemoryStore.layer)))

/** Runs the command on `document` written to a file; its status and output. */
const runCommand = (document: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "verify-draw-")), "audit.json")
  writeFileSync(file, document)
  try {
    return { status: 0, stdout: execFileSync(process.execPath, [MAIN, file], { encoding: "utf8" }) }
  } catch (error) {
    const failed = error as { status: number; stdout: string }
    return { status: failed.status, stdout: failed.stdout }
  }
}

/**
 * A uniform draw of two winners among six players (two entries each), whose six players are then
 * erased; the audit document as exported after the erasure, as JSON.
 */
const erasedAuditJson = Effect.gen(function* () {
  const now = yield* DateTime.now
  const { account, actor, channel, campaign } = yield* DrawEngine.freshCampaign(
    { name: "Erased", plan: "pro" },
    "Main",
    {
      gameSlug: "spin-the-wheel",
      name: "Uniform",
      winnerSelectionAlgorithm: "random_uniform",
      winnerSelectionConfig: { maxWinners: 2 }
    }
  )
  for (let i = 0; i < 12; i++) {
    yield* (yield* EntryRepo).insert({
      id: `ent_${String(i).padStart(2, "0")}`,
      accountId: account.id,
      campaignId: campaign.id,
      channelId: channel.id,
      sessionId: null,
      participantRef: `player${i % 6}@example.com`,
      score: null,
      predictionValue: null,
      outcome: null,
      weight: 1,
      eligible: true,
      createdAt: DateTime.add(now, { seconds: i })
    })
  }
  const draws = yield* Draws
  const run = yield* draws.trigger(actor, campaign.id)
  const participants = yield* Participants.Participants
  for (let p = 0; p < 6; p++) yield* participants.erase(actor, `player${p}@example.com`)
  const audit = yield* draws.audit(actor, campaign.id, run.id)
  return JSON.parse(JSON.stringify(Schema.encodeSync(DrawAudit.Audit)(audit)))
}).pipe(Effect.provide(Participants.Participants.layer.pipe(Layer.provideMerge(DrawEngine.engine(MemoryStore.layer)))))

describe("verify-draw", () => {
  it.effect("an audit file from the engine is VERIFIED, with its winners, exit 0", () =>
    Effect.gen(function* () {
      const json = yield* auditJson
      const { status, stdout } = runCommand(JSON.stringify(json, null, 2))
      assert.strictEqual(status, 0, stdout)
      assert.match(stdout, /^ok {3}entriesHash: /mu)
      assert.match(stdout, /^ok {3}winners: /mu)
      for (const w of json.run.winners) {
        assert.include(stdout, `winner ${w.rank}: ${w.participantRef} (entry ${w.entryId})`)
      }
      assert.match(stdout, /\nVERIFIED\n$/u)
    })
  )

  it.effect("an entry changed in the file, or a winner swapped, is NOT VERIFIED, exit 1, naming the check", () =>
    Effect.gen(function* () {
      const json = yield* auditJson
      const changed = structuredClone(json)
      changed.entries[3].weight = 1000
      const entry = runCommand(JSON.stringify(changed))
      assert.strictEqual(entry.status, 1)
      assert.match(entry.stdout, /^FAIL entriesHash: /mu)
      assert.match(entry.stdout, /\nNOT VERIFIED\n$/u)
      const swapped = structuredClone(json)
      swapped.run.winners[0].entryId = swapped.entries.find(
        (e: { id: string; participantRef: string }) => e.participantRef !== swapped.run.winners[0].participantRef
      ).id
      const winner = runCommand(JSON.stringify(swapped))
      assert.strictEqual(winner.status, 1)
      assert.match(winner.stdout, /^FAIL winners: /mu)
    })
  )

  it.effect("an audit exported after its players were erased is VERIFIED; a losing entry changed is not", () =>
    Effect.gen(function* () {
      const json = yield* erasedAuditJson
      const text = JSON.stringify(json, null, 2)
      assert.notMatch(text, /player\d@example\.com/u, "no reference left in the audit")
      assert.match(json.run.winners[0].participantRef, /^erased_[0-9a-f]{24}$/u)
      const { status, stdout } = runCommand(text)
      assert.strictEqual(status, 0, stdout)
      assert.match(stdout, /\nVERIFIED\n$/u)
      // One losing entry's weight changes: a uniform draw ignores weights, its winners stay.
      const winning = new Set(json.run.winners.map((w: { entryId: string }) => w.entryId))
      const changed = structuredClone(json)
      changed.entries.find((e: { id: string }) => !winning.has(e.id)).weight = 5
      const entry = runCommand(JSON.stringify(changed))
      assert.strictEqual(entry.status, 1, entry.stdout)
      assert.match(entry.stdout, /^ok {3}winners: /mu)
      assert.match(entry.stdout, /^FAIL entriesHash: /mu)
      assert.match(entry.stdout, /\nNOT VERIFIED\n$/u)
    })
  )

  it("a file that is not JSON exits 2; a JSON that is not an audit is NOT VERIFIED", () => {
    assert.strictEqual(runCommand("{ not json").status, 2)
    const other = check(JSON.stringify({ format: "something else" }))
    assert.strictEqual(other.status, 1)
    assert.match(other.lines.join("\n"), /FAIL format: not a campaign-games\/draw-audit\/1 document/u)
  })
})
