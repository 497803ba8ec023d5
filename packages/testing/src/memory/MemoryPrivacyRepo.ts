/**
 * `PrivacyRepo` in memory: a player's rows read from every table that holds a reference, and an
 * erasure that replaces it there, as `SqlPrivacyRepo` does in SQL:
 *
 * - sessions (and the player index of play limits, `playerSessions`), entries, grants, the
 *   recipients of a campaign's coupons (merged into the pseudonym's count when it has one);
 * - the winners of draw runs; events in the outbox and deliveries' payloads, where every string
 *   equal to the reference (a value or a key, at any depth) becomes the pseudonym.
 *
 * Lists answer oldest first (then by id); `expired` answers in account, campaign, reference order,
 * so a seeded simulation erases in the same order every run.
 *
 * @since 0.1.0
 */
import { Privacy } from "@campaign-games/core"
import { DateTime, Effect, Layer, Option } from "effect"
import { type MemoryDatabase, playerKey, repository } from "../MemoryDatabase.ts"
import { recipientKey } from "./MemoryRewardsTables.ts"

const byTime =
  <A extends { readonly id: string }>(time: (a: A) => DateTime.Utc) =>
  (a: A, b: A) =>
    time(a).epochMilliseconds - time(b).epochMilliseconds || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** `value` with every string equal to `from` (values and keys, at any depth) replaced by `to`; `same` when none is. */
export const replaceDeep = (value: unknown, from: string, to: string): unknown => {
  if (typeof value === "string") return value === from ? to : value
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const r = replaceDeep(v, from, to)
      if (r !== v) changed = true
      return r
    })
    return changed ? out : value
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !DateTime.isDateTime(value)) {
    let changed = false
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const r = replaceDeep(v, from, to)
      const key = k === from ? to : k
      if (r !== v || key !== k) changed = true
      out[key] = r
    }
    return changed ? out : value
  }
  return value
}

/** `PrivacyRepo` over the tables of the database. */
export const layer: Layer.Layer<Privacy.PrivacyRepo, never, MemoryDatabase> = repository(Privacy.PrivacyRepo, (t) =>
  Privacy.PrivacyRepo.of({
    participant: (accountId, ref) =>
      Effect.sync(() => {
        const mine = <A extends { readonly accountId: string; readonly participantRef: string }>(a: A) =>
          a.accountId === accountId && a.participantRef === ref
        const grants = [...t.grants.values()]
          .filter(mine)
          .sort(byTime((g) => g.createdAt))
          .map((grant) => ({ grant, code: t.coupons.get(grant.couponId)?.code ?? "" }))
        const drawWins = [...t.drawRuns.values()]
          .filter((r) => r.accountId === accountId)
          .sort(byTime((r) => r.createdAt))
          .flatMap((r) =>
            r.winners
              .filter((w) => w.participantRef === ref)
              .map((w) => ({ runId: r.id, campaignId: r.campaignId, rank: w.rank, entryId: w.entryId }))
          )
        const deliveries = [...t.deliveries.values()]
          .map((d) => d.delivery)
          .filter((d) => d.accountId === accountId && replaceDeep(d.payload, ref, "\u0000") !== d.payload)
          .sort(byTime((d) => d.createdAt))
        return {
          sessions: [...t.sessions.values()].filter(mine).sort(byTime((s) => s.startedAt)),
          entries: [...t.entries.values()].filter(mine).sort(byTime((e) => e.createdAt)),
          grants,
          drawWins,
          deliveries
        }
      }),
    erase: Effect.fnUntraced(function* (target) {
      const { accountId, participantRef: ref, pseudonym, campaignId } = target
      const inScope = (a: { readonly accountId: string; readonly campaignId: string | null }) =>
        a.accountId === accountId && (campaignId === null || a.campaignId === campaignId)
      let sessions = 0
      for (const s of [...t.sessions.values()]) {
        if (!inScope(s) || s.participantRef !== ref) continue
        yield* t.sessions.set(s.id, { ...s, participantRef: pseudonym })
        const from = playerKey(s.channelId, ref)
        const to = playerKey(s.channelId, pseudonym)
        const left = (t.playerSessions.get(from) ?? []).filter((id) => id !== s.id)
        if (left.length === 0) yield* t.playerSessions.delete(from)
        else yield* t.playerSessions.set(from, left)
        yield* t.playerSessions.set(to, [...(t.playerSessions.get(to) ?? []), s.id])
        sessions++
      }
      let entries = 0
      for (const e of [...t.entries.values()]) {
        if (!inScope(e) || e.participantRef !== ref) continue
        yield* t.entries.set(e.id, { ...e, participantRef: pseudonym })
        entries++
      }
      let grants = 0
      const campaigns = new Set<string>()
      for (const g of [...t.grants.values()]) {
        if (!inScope(g) || g.participantRef !== ref) continue
        yield* t.grants.set(g.id, { ...g, participantRef: pseudonym })
        campaigns.add(g.campaignId)
        grants++
      }
      for (const c of [...t.campaigns.values()]) {
        if (!inScope({ accountId: c.accountId, campaignId: c.id })) continue
        const received = t.recipients.get(recipientKey(c.id, ref))
        if (received === undefined) continue
        yield* t.recipients.delete(recipientKey(c.id, ref))
        const to = recipientKey(c.id, pseudonym)
        yield* t.recipients.set(to, (t.recipients.get(to) ?? 0) + received)
      }
      let drawWins = 0
      for (const r of [...t.drawRuns.values()]) {
        if (!inScope(r) || !r.winners.some((w) => w.participantRef === ref)) continue
        drawWins += r.winners.filter((w) => w.participantRef === ref).length
        yield* t.drawRuns.set(r.id, {
          ...r,
          winners: r.winners.map((w) => (w.participantRef === ref ? { ...w, participantRef: pseudonym } : w))
        })
      }
      const eventsInScope = new Set<string>()
      for (const e of [...t.events.values()]) {
        if (!inScope(e)) continue
        eventsInScope.add(e.id)
        const data = replaceDeep(e.data, ref, pseudonym)
        if (data !== e.data) yield* t.events.set(e.id, { ...e, data: data as typeof e.data })
      }
      let deliveries = 0
      for (const stored of [...t.deliveries.values()]) {
        const d = stored.delivery
        if (d.accountId !== accountId || (campaignId !== null && !eventsInScope.has(d.eventId))) continue
        const payload = replaceDeep(d.payload, ref, pseudonym)
        if (payload === d.payload) continue
        yield* t.deliveries.set(d.id, { ...stored, delivery: { ...d, payload: payload as typeof d.payload } })
        deliveries++
      }
      return { sessions, entries, grants, drawWins, deliveries }
    }),
    pseudonymInUse: (accountId, ref, pseudonym, campaignId) =>
      Effect.sync(() => {
        const rows = () => [
          ...t.sessions.values(),
          ...t.entries.values(),
          ...t.grants.values(),
          ...[...t.drawRuns.values()].flatMap((r) =>
            r.winners.map((w) => ({
              accountId: r.accountId,
              campaignId: r.campaignId,
              participantRef: w.participantRef
            }))
          )
        ]
        const campaigns = new Set(
          rows()
            .filter(
              (r) =>
                r.accountId === accountId &&
                r.participantRef === ref &&
                (campaignId === null || r.campaignId === campaignId)
            )
            .map((r) => r.campaignId)
        )
        return rows().some(
          (r) => r.accountId === accountId && r.participantRef === pseudonym && campaigns.has(r.campaignId)
        )
      }),
    insertErasure: (erasure) => t.erasures.set(erasure.id, erasure),
    listErasures: (accountId, page) =>
      Effect.sync(() => {
        const all = [...t.erasures.values()]
          .filter((e) => e.accountId === accountId)
          .sort((a, b) => -byTime<Privacy.Erasure>((e) => e.createdAt)(a, b))
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    retentionDays: (accountId) => Effect.sync(() => Option.fromNullishOr(t.privacySettings.get(accountId))),
    setRetentionDays: (accountId, days) => t.privacySettings.set(accountId, days),
    expired: (now, limit) =>
      Effect.sync(() => {
        const latest = new Map<string, Privacy.Expired & { at: number }>()
        const consider = (row: {
          readonly accountId: string
          readonly campaignId: string
          readonly participantRef: string
          readonly at: DateTime.Utc
        }) => {
          if (Privacy.isPseudonym(row.participantRef)) return
          const key = `${row.accountId}\u0000${row.campaignId}\u0000${row.participantRef}`
          const before = latest.get(key)
          if (before === undefined || before.at < row.at.epochMilliseconds) {
            latest.set(key, {
              accountId: row.accountId,
              campaignId: row.campaignId,
              participantRef: row.participantRef,
              at: row.at.epochMilliseconds
            })
          }
        }
        for (const s of t.sessions.values()) consider({ ...s, at: s.startedAt })
        for (const g of t.grants.values()) consider({ ...g, at: g.createdAt })
        const out: Array<Privacy.Expired> = []
        for (const unit of latest.values()) {
          const campaign = t.campaigns.get(unit.campaignId)
          if (campaign === undefined) continue
          const end = Privacy.campaignEnd(campaign)
          if (end === null) continue
          const days = t.privacySettings.get(unit.accountId) ?? Privacy.RETENTION_DEFAULT_DAYS
          const from = Math.max(unit.at, end.epochMilliseconds)
          if (from + days * 86_400_000 >= now.epochMilliseconds) continue
          out.push({ accountId: unit.accountId, campaignId: unit.campaignId, participantRef: unit.participantRef })
        }
        const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
        return out
          .sort(
            (a, b) =>
              cmp(a.accountId, b.accountId) ||
              cmp(a.campaignId, b.campaignId) ||
              cmp(a.participantRef, b.participantRef)
          )
          .slice(0, limit)
      })
  })
)
