/**
 * `EntryRepo` in memory: ids are unique, an entry needs its account, campaign and session (when it
 * has one), and a session has one entry (a breach fails with `StoreError`). Entries are scoped by
 * account and campaign; they sort as PostgreSQL's `COLLATE "C"` does (participantRef by code
 * point; null scores last either way; ties by id in the same direction), and the search is a
 * literal substring that folds ASCII letters only, as `ILIKE` does under that collation.
 *
 * @since 0.1.0
 */
import { Entry } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { byCodePoint, byTime, conflict, directed, keeps, paginate, searching } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** The entry list's order: `sort` then id, both in `dir`; entries without a score last for `score`. */
const entryOrder = (sort: Entry.SortKey, dir: Entry.Direction) => {
  const order = directed<Entry.Entry>(dir, (a, b) =>
    sort === "createdAt"
      ? byTime(a.createdAt, b.createdAt)
      : sort === "score"
        ? (a.score ?? 0) - (b.score ?? 0)
        : byCodePoint(a.participantRef, b.participantRef)
  )
  return (a: Entry.Entry, b: Entry.Entry): number =>
    sort === "score" && (a.score === null) !== (b.score === null) ? (a.score === null ? 1 : -1) : order(a, b)
}

const matches = (filter: Entry.ListFilter) => {
  const found = searching(filter.search)
  return (entry: Entry.Entry) => keeps(filter.eligible, entry.eligible) && found(entry.participantRef)
}

/** `EntryRepo` over the entries and entry-per-session tables of the database. */
export const layer: Layer.Layer<Entry.EntryRepo, never, MemoryDatabase> = repository(
  Entry.EntryRepo,
  ({ accounts, campaigns, sessions, entries, entrySessions }) => {
    const ofCampaign = (accountId: string, campaignId: string, keep: (entry: Entry.Entry) => boolean) => {
      const rows: Array<Entry.Entry> = []
      for (const entry of entries.values()) {
        if (entry.campaignId === campaignId && entry.accountId === accountId && keep(entry)) rows.push(entry)
      }
      return rows
    }

    /** Refuses what SQL's constraints refuse; undefined when the entry may be inserted. */
    const refusal = (entry: Entry.Entry): string | undefined => {
      if (entries.has(entry.id)) return `An entry ${entry.id} already exists.`
      if (!accounts.has(entry.accountId)) return `No account ${entry.accountId} for entry ${entry.id}.`
      if (!campaigns.has(entry.campaignId)) return `No campaign ${entry.campaignId} for entry ${entry.id}.`
      if (entry.sessionId === null) return undefined
      if (!sessions.has(entry.sessionId)) return `No session ${entry.sessionId} for entry ${entry.id}.`
      if (entrySessions.has(entry.sessionId)) return `The session ${entry.sessionId} already has an entry.`
      return undefined
    }

    return Entry.EntryRepo.of({
      insert: Effect.fnUntraced(function* (entry) {
        const refused = refusal(entry)
        if (refused !== undefined) return yield* conflict(refused)
        if (entry.sessionId !== null) yield* entrySessions.set(entry.sessionId, entry.id)
        yield* entries.set(entry.id, entry)
      }),
      list: (accountId, campaignId, filter, page) =>
        Effect.sync(() =>
          paginate(ofCampaign(accountId, campaignId, matches(filter)).sort(entryOrder(filter.sort, filter.dir)), page)
        ),
      resolvePredictions: Effect.fnUntraced(function* (accountId, campaignId, optionId) {
        for (const entry of ofCampaign(accountId, campaignId, (e) => e.predictionValue !== null)) {
          const eligible = entry.predictionValue!.optionId === optionId
          if (entry.eligible !== eligible) yield* entries.set(entry.id, { ...entry, eligible })
        }
      })
    })
  }
)
