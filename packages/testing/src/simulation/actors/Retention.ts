/**
 * Retention of participants' data in the simulation: an account of its own ("Retention Ltd", so
 * the other parts' players and their checks are untouched) keeps its players' data 7 days
 * (`PUT /v1/tenant/privacy`'s least). Its players play two wheels an hour into the run: one on a
 * channel whose campaign ends a day into the run, one on a channel whose campaign never ends. Every
 * day at 03:00 UTC the retention worker makes a pass (`RetentionWorker.runOnce`: the engine runs
 * without its background loops), then each player's export is read:
 *
 * - `retention.on-time`: a player's plays of the ended campaign are there while the campaign's end
 *   plus 7 days is still ahead of the pass, and gone (under the pseudonym) once it is behind;
 * - `retention.live-kept`: a player's play of the campaign that never ends is always there;
 * - `retention.recorded` (at the end): the record holds one `retention` erasure per player erased,
 *   of one session and one entry each, and no reference.
 *
 * Each pass and read is a line of the event log (`retention <instant> <erased> <players with the
 * ended campaign's play> <players with the live one's>`).
 *
 * @since 0.1.0
 */
import { Actor, type Participants, Privacy } from "@campaign-games/core"
import { DateTime, Effect } from "effect"
import { WHEEL_ART, WHEEL_SOUNDS } from "../../internal/Fixtures.ts"
import { iso } from "../EventLog.ts"
import type { Part, Sim } from "../Sim.ts"
import { DAY, HOUR, MINUTE } from "../World.ts"

export const ON_TIME = "retention.on-time"
export const LIVE_KEPT = "retention.live-kept"
export const RECORDED = "retention.recorded"

const RETENTION_DAYS = 7
const PLAYERS = 12
const ORIGIN = "https://retention.sim.invalid"
const WHEEL = {
  segments: [
    { id: "win", label: "Prize", isWin: true },
    { id: "miss", label: "Next time", isWin: false }
  ],
  art: WHEEL_ART,
  sounds: WHEEL_SOUNDS
}

const playerRef = (i: number) => `retained-${String(i + 1).padStart(2, "0")}@example.com`

export const make = (): Part => {
  let actor: Actor.Actor | undefined
  const erasedPlayers = new Set<string>()
  return {
    name: "retention",
    invariants: {
      [ON_TIME]: "an ended campaign's plays are erased once retentionDays have passed since its end, not before",
      [LIVE_KEPT]: "a campaign that never ends never loses its players' plays",
      [RECORDED]: "every retention erasure is recorded, one per player and campaign, without the reference"
    },
    start: (sim: Sim) =>
      Effect.sync(() => {
        const start = sim.world.start
        let ended: { readonly id: string; readonly end: number } | undefined
        let live: string | undefined
        const participants = (): Participants.Participants["Service"] => sim.engine.participants

        const setup = Effect.gen(function* () {
          const { account } = yield* sim.engine.accounts.create({ name: "Retention Ltd", plan: "pro" })
          actor = Actor.system(account)
          yield* sim.engine.allowedOrigins.create(actor, { origin: ORIGIN })
          yield* participants().setSettings(actor, { retentionDays: RETENTION_DAYS })
          const end = start + DAY
          const made: Array<string> = []
          for (const [name, liveUntil] of [
            ["Ending", DateTime.makeUnsafe(end)],
            ["Endless", null]
          ] as const) {
            const channel = yield* sim.engine.channels.create(actor, { name })
            const draft = yield* sim.engine.campaigns.create(actor, {
              gameSlug: "spin-the-wheel",
              name,
              channelId: channel.id,
              config: WHEEL,
              ...(liveUntil === null ? {} : { liveUntil })
            })
            yield* sim.engine.campaigns.activate(actor, draft.id, {})
            made.push(channel.id)
            if (liveUntil === null) live = draft.id
            else ended = { id: draft.id, end }
          }
          sim.log.append("retention", iso(sim.now()), "setup", account.id, ...made)
          for (let i = 0; i < PLAYERS; i++) {
            for (const channelId of made) {
              sim.agenda.schedule(start + 2 * HOUR + i * 10 * MINUTE, "retention", play(channelId, playerRef(i)))
            }
          }
        }).pipe(Effect.orDie)

        const play = (channelId: string, participantRef: string) =>
          Effect.gen(function* () {
            const plays = sim.engine.plays
            const minted = yield* plays.mint(actor!, { channelId, participantRef, origin: ORIGIN })
            if (minted._tag !== "Token") return yield* Effect.die("retention: no token")
            const { session } = yield* plays.start(minted.clientToken)
            const { entry } = yield* plays.finish(minted.clientToken, session.id, {})
            sim.log.append("retention", iso(sim.now()), "play", participantRef, session.id, entry.id)
          }).pipe(Effect.orDie)

        const pass = Effect.gen(function* () {
          const now = sim.now()
          const erased = yield* sim.engine.retention.runOnce
          sim.counters.add("retention.passes")
          sim.counters.add("retention.erased", erased)
          let withEnded = 0
          let withLive = 0
          const due = ended!.end + RETENTION_DAYS * DAY < now
          for (let i = 0; i < PLAYERS; i++) {
            const ref = playerRef(i)
            const data = yield* participants().export(actor!, ref)
            const ofEnded = data.sessions.filter((s) => s.gameInstanceId === ended!.id).length
            const ofLive = data.sessions.filter((s) => s.gameInstanceId === live).length
            if (ofEnded > 0) withEnded++
            if (ofLive > 0) withLive++
            if (ofEnded === 0) erasedPlayers.add(ref)
            sim.invariants.check(ON_TIME, due ? ofEnded === 0 : ofEnded === 1, () =>
              due
                ? `${ref}: ${ofEnded} plays of the ended campaign still there at ${iso(now)}`
                : `${ref}: the ended campaign's play is gone at ${iso(now)}, before its retention passed`
            )
            sim.invariants.check(
              LIVE_KEPT,
              ofLive === 1,
              () => `${ref}: ${ofLive} plays of the live campaign at ${iso(now)}`
            )
          }
          sim.log.append("retention", iso(now), "pass", erased, withEnded, withLive)
        }).pipe(Effect.orDie)

        sim.agenda.schedule(start + HOUR, "retention", setup)
        for (let at = start + DAY + 3 * HOUR; at <= sim.world.end; at += DAY) sim.agenda.schedule(at, "retention", pass)
      }),
    finish: (sim: Sim) =>
      Effect.gen(function* () {
        if (actor === undefined) return
        const record = yield* sim.engine.participants.erasures(actor, { limit: 200, offset: 0 }).pipe(Effect.orDie)
        const views = record.items.map(Privacy.recordView)
        sim.invariants.check(
          RECORDED,
          record.total === erasedPlayers.size &&
            views.every(
              (e) => e.reason === "retention" && e.sessions === 1 && e.entries === 1 && Privacy.isPseudonym(e.pseudonym)
            ) &&
            !JSON.stringify(views).includes("retained-"),
          () => `${record.total} erasures recorded for ${erasedPlayers.size} players erased: ${JSON.stringify(views)}`
        )
        sim.log.append("retention", "recorded", record.total)
      })
  }
}
