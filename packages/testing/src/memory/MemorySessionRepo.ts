/**
 * `SessionRepo` in memory: a `jti` starts one session (a used one is `false`, nothing written), ids
 * are unique and a session needs its account and campaign (a breach fails with `StoreError`);
 * `insertPlay` writes the session and counts its play in usage, both or neither; a session
 * finishes once; a player's sessions are counted per campaign and channel in half-open day windows,
 * through the player index (`playerKey`) as SQL reads them through its index.
 *
 * @since 0.1.0
 */
import { Session } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option } from "effect"
import { conflict } from "../internal/Rows.ts"
import { type MemoryDatabase, playerKey, repository, usageKey } from "../MemoryDatabase.ts"

/** Whether `t` lies in `[window.start, window.end)`. */
const within = (t: DateTime.Utc, window: { readonly start: DateTime.Utc; readonly end: DateTime.Utc }): boolean => {
  const ms = DateTime.toEpochMillis(t)
  return ms >= DateTime.toEpochMillis(window.start) && ms < DateTime.toEpochMillis(window.end)
}

/** `SessionRepo` over the sessions, jti and player tables (and usage, for `insertPlay`). */
export const layer: Layer.Layer<Session.SessionRepo, never, MemoryDatabase> = repository(
  Session.SessionRepo,
  ({ accounts, campaigns, sessions, sessionJtis, playerSessions, usage }) => {
    /** Refuses what SQL's constraints refuse; undefined when the session may be inserted. */
    const refusal = (session: Session.Session): string | undefined => {
      if (sessions.has(session.id)) return `A session ${session.id} already exists.`
      if (!accounts.has(session.accountId)) return `No account ${session.accountId} for session ${session.id}.`
      if (!campaigns.has(session.campaignId)) return `No campaign ${session.campaignId} for session ${session.id}.`
      return undefined
    }

    /**
     * Writes the session unless its jti is used (false) or a constraint refuses it; checked before
     * anything is written, so a refusal leaves every table as it was.
     */
    const insert = Effect.fnUntraced(function* (session: Session.Session) {
      if (sessionJtis.has(session.jti)) return false
      const refused = refusal(session)
      if (refused !== undefined) return yield* conflict(refused)
      const key = playerKey(session.channelId, session.participantRef)
      yield* sessions.set(session.id, session)
      yield* sessionJtis.set(session.jti, session.id)
      yield* playerSessions.set(key, [...(playerSessions.get(key) ?? []), session.id])
      return true
    })

    const insertPlay = Effect.fnUntraced(function* (session: Session.Session, month: string) {
      if (!(yield* insert(session))) return false
      const key = usageKey(session.accountId, month)
      yield* usage.set(key, (usage.get(key) ?? 0) + 1)
      return true
    })

    return Session.SessionRepo.of({
      insert,
      insertPlay,
      // One fiber at a time in memory: the count and the write cannot interleave with another start's.
      startPlay: Effect.fnUntraced(function* (session, month, playsPerMonth) {
        if (sessionJtis.has(session.jti)) return "TokenUsed" as const
        if (playsPerMonth !== null && (usage.get(usageKey(session.accountId, month)) ?? 0) >= playsPerMonth) {
          return "MonthFull" as const
        }
        return (yield* insertPlay(session, month)) ? ("Started" as const) : ("TokenUsed" as const)
      }),
      findById: (id) => Effect.sync(() => Option.fromNullishOr(sessions.get(id))),
      finish: Effect.fnUntraced(function* (id, at) {
        const session = sessions.get(id)
        if (session === undefined || session.finishedAt !== null) return false
        yield* sessions.set(id, { ...session, finishedAt: at })
        return true
      }),
      counts: (query) =>
        Effect.sync(() => {
          const counts = { campaignTotal: 0, campaignToday: 0, channelTotal: 0, channelToday: 0 }
          for (const id of playerSessions.get(playerKey(query.channelId, query.participantRef)) ?? []) {
            const session = sessions.get(id)
            if (session === undefined) continue
            counts.channelTotal++
            if (within(session.startedAt, query.channelDay)) counts.channelToday++
            if (session.campaignId !== query.campaignId) continue
            counts.campaignTotal++
            if (within(session.startedAt, query.campaignDay)) counts.campaignToday++
          }
          return counts
        }),
      anyForCampaign: (accountId, campaignId) =>
        Effect.sync(() => {
          for (const session of sessions.values()) {
            if (session.campaignId === campaignId && session.accountId === accountId) return true
          }
          return false
        })
    })
  }
)
