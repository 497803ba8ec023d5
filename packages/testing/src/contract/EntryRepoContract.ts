/**
 * The contract of `EntryRepo`: every field round-trips exactly (scores as doubles, documents); an
 * entry needs its account, campaign and session, an id is unique and a session has one entry
 * (`StoreError`); entries sort by `createdAt`, score (null scores last either way) or
 * participantRef (by code point), then id, in either direction; they filter by eligibility and
 * search the participantRef (a literal substring: `%`, `_` and `\` match themselves; ASCII letters
 * fold, others do not, as PostgreSQL's `ILIKE` under `COLLATE "C"`); they paginate with a `total`,
 * scoped by account; `resolvePredictions` makes exactly the entries with the option eligible.
 *
 * @since 0.1.0
 */
import { type Account, Campaign, type Channel, Entry, type Pagination, Session } from "@campaign-games/core"
import { assert, type Vitest } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { assertFails, assertSame } from "../internal/Assertions.ts"
import { at, DAY, entryFilter, makeEntry, uid } from "../internal/Fixtures.ts"
import {
  entriesOfCampaign,
  givenAccount,
  givenCampaign,
  givenSession,
  givenSibling,
  inserted
} from "../internal/Given.ts"

/** A campaign with a session and its entry stored. */
const givenEntry = Effect.gen(function* () {
  const campaign = yield* givenCampaign()
  const session = yield* givenSession(campaign)
  const entry = yield* inserted(Entry.EntryRepo, makeEntry(campaign, { sessionId: session.id }))
  return { campaign, session, entry }
})

/**
 * Seven entries a..g of a campaign (and one entry of a sibling campaign and of another account's):
 * `list` lists them with a filter, `suffixes` names a page's entries by their letters.
 */
const givenSevenEntries = Effect.gen(function* () {
  const entries = yield* Entry.EntryRepo
  const campaign = yield* givenCampaign()
  const other = yield* givenSibling(campaign)
  const stranger = yield* givenCampaign()
  const id = uid("en")
  const entry = (suffix: string, participantRef: string, score: number | null, ms: number, eligible: boolean) =>
    makeEntry(campaign, { id: `${id}_${suffix}`, participantRef, score, createdAt: at(ms), eligible })
  const a = entry("a", "alice", 10, 100, true)
  const b = entry("b", "Bob", null, 300, true)
  const c = entry("c", "carol", 10, 100, false)
  const d = entry("d", "dave", -2.5, 200, true)
  const e = entry("e", "Eve", null, 100, false)
  const f = entry("f", "bob", 99, 400, true)
  const g = entry("g", "alice", 5, 100, true)
  for (const row of [f, c, e, a, g, d, b]) yield* entries.insert(row)
  yield* entries.insert(makeEntry(other, { participantRef: "alice", score: 50 }))
  yield* entries.insert(makeEntry(stranger, { participantRef: "alice", score: 50 }))

  const list = (filter: Partial<Entry.ListFilter>, page = { limit: 50, offset: 0 }) =>
    entries.list(campaign.accountId, campaign.id, entryFilter(filter), page)
  const suffixes = (paged: Pagination.Paged<Entry.Entry>) =>
    paged.items.map((row) => row.id.slice(id.length + 1)).join("")
  return { campaign, stranger, list, suffixes, a, b, c, d, e, f, g }
})

/** Five entries of a prediction (three predicting, two not) and one of another campaign. */
const givenPredictions = Effect.gen(function* () {
  const entries = yield* Entry.EntryRepo
  const campaign = yield* givenCampaign({ gameSlug: "prediction" })
  const untouched = yield* givenCampaign({ accountId: campaign.accountId })
  const id = uid("en")
  const home = makeEntry(campaign, { id: `${id}_1`, predictionValue: { optionId: "home" }, eligible: false })
  const away = makeEntry(campaign, { id: `${id}_2`, predictionValue: { optionId: "away" }, eligible: false })
  const draw = makeEntry(campaign, { id: `${id}_3`, predictionValue: { optionId: "draw" }, eligible: true })
  const plain = makeEntry(campaign, { id: `${id}_4`, eligible: true })
  const plainNo = makeEntry(campaign, { id: `${id}_5`, eligible: false })
  const elsewhere = makeEntry(untouched, { predictionValue: { optionId: "home" }, eligible: false })
  for (const entry of [home, away, draw, plain, plainNo, elsewhere]) yield* entries.insert(entry)
  return { campaign, untouched, home, away, draw, plain, plainNo, elsewhere }
})

/** The campaign's entries that match `search`, by participantRef. */
const searched = (campaign: Campaign.Campaign, search: string) =>
  Effect.flatMap(Effect.service(Entry.EntryRepo), (entries) =>
    Effect.map(
      entries.list(campaign.accountId, campaign.id, entryFilter({ search, sort: "participantRef", dir: "asc" }), {
        limit: 50,
        offset: 0
      }),
      (paged) => ({ refs: paged.items.map((row) => row.participantRef), total: paged.total })
    )
  )

/** Registers the `EntryRepo` tests with `it`. */
export const tests = (
  it: Vitest.MethodsNonLive<
    Entry.EntryRepo | Session.SessionRepo | Campaign.CampaignRepo | Channel.ChannelRepo | Account.AccountRepo
  >
): void => {
  it.effect("entries round-trip every field", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign()
      const session = yield* givenSession(campaign)
      const full = makeEntry(campaign, {
        sessionId: session.id,
        participantRef: "Ünïcödé « player » 🎡",
        score: 0.1 + 0.2,
        predictionValue: { optionId: "opt_home 'win'" },
        outcome: { id: "seg-3", label: "10 % off « été » 🎁", isWin: true },
        weight: 2.5,
        eligible: false,
        createdAt: at(-DAY * 400 + 1)
      })
      const bare = makeEntry(campaign, { createdAt: at(601) })
      const negative = makeEntry(campaign, {
        score: -1_234_567.000_001,
        outcome: { id: "", label: "", isWin: false },
        weight: 0,
        createdAt: at(602)
      })
      const huge = makeEntry(campaign, { score: 2 ** 53 + 2, createdAt: at(603) })
      for (const entry of [full, bare, negative, huge]) yield* entries.insert(entry)

      const listed = yield* entries.list(campaign.accountId, campaign.id, entryFilter({ dir: "asc" }), {
        limit: 10,
        offset: 0
      })
      assertSame(listed, { items: [full, bare, negative, huge], total: 4 })
      assert.isTrue(DateTime.isUtc(listed.items[0]!.createdAt))
      assert.strictEqual(listed.items[0]!.score, 0.1 + 0.2)
    })
  )

  const refused: ReadonlyArray<{
    readonly why: string
    readonly make: (given: Effect.Success<typeof givenEntry>) => Entry.Entry
  }> = [
    { why: "an entry id is unique", make: ({ campaign, entry }) => makeEntry(campaign, { id: entry.id }) },
    {
      why: "a session has one entry",
      make: ({ campaign, session }) => makeEntry(campaign, { sessionId: session.id })
    },
    { why: "an entry needs its session", make: ({ campaign }) => makeEntry(campaign, { sessionId: uid("ses") }) },
    { why: "an entry needs its campaign", make: ({ campaign }) => makeEntry({ ...campaign, id: uid("gi") }) },
    { why: "an entry needs its account", make: ({ campaign }) => makeEntry({ ...campaign, accountId: uid("acc") }) }
  ]
  it.effect.each(refused)("$why", ({ make }) =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const given = yield* givenEntry
      yield* assertFails(entries.insert(make(given)), "StoreError")
      assertSame(
        yield* entries.list(given.campaign.accountId, given.campaign.id, entryFilter(), { limit: 10, offset: 0 }),
        { items: [given.entry], total: 1 }
      )
    })
  )

  it.effect("entries are sorted by createdAt, score or participantRef, then id, in either direction", () =>
    Effect.gen(function* () {
      const { list, suffixes, a, b, c, d, e, f, g } = yield* givenSevenEntries
      assert.strictEqual(suffixes(yield* list({ sort: "createdAt", dir: "asc" })), "aceg" + "dbf")
      assert.strictEqual(suffixes(yield* list({ sort: "createdAt", dir: "desc" })), "fbd" + "geca")
      assert.strictEqual(suffixes(yield* list({ sort: "score", dir: "asc" })), "dgacf" + "be", "null scores last")
      assert.strictEqual(suffixes(yield* list({ sort: "score", dir: "desc" })), "fcagd" + "eb", "null scores last")
      assert.strictEqual(suffixes(yield* list({ sort: "participantRef", dir: "asc" })), "beagfcd", "by code point")
      assert.strictEqual(suffixes(yield* list({ sort: "participantRef", dir: "desc" })), "dcfgaeb")
      assertSame(yield* list({ sort: "score", dir: "asc" }), { items: [d, g, a, c, f, b, e], total: 7 })
    })
  )

  it.effect("entries are filtered by eligibility and searched by participantRef", () =>
    Effect.gen(function* () {
      const { list, suffixes } = yield* givenSevenEntries
      assert.strictEqual(suffixes(yield* list({ eligible: true, sort: "score", dir: "desc" })), "fagdb")
      assert.strictEqual(suffixes(yield* list({ eligible: false, sort: "score", dir: "desc" })), "ce")
      assert.strictEqual(
        suffixes(yield* list({ search: "B", sort: "participantRef", dir: "asc" })),
        "bf",
        "case-insensitive"
      )
      assert.strictEqual(suffixes(yield* list({ search: "AL", sort: "score", dir: "asc" })), "ga")
      assert.strictEqual(suffixes(yield* list({ search: "o", eligible: true, sort: "score", dir: "asc" })), "fb")
      assert.strictEqual(suffixes(yield* list({ search: "", sort: "createdAt", dir: "asc" })), "acegdbf")
      assertSame(yield* list({ search: "zz" }), { items: [], total: 0 })
    })
  )

  it.effect("entries are paginated with the total of the filter", () =>
    Effect.gen(function* () {
      const { list, a, d, e, g } = yield* givenSevenEntries
      assertSame(yield* list({ sort: "createdAt", dir: "desc" }, { limit: 3, offset: 2 }), {
        items: [d, g, e],
        total: 7
      })
      assertSame(yield* list({ eligible: true, sort: "score", dir: "desc" }, { limit: 2, offset: 1 }), {
        items: [a, g],
        total: 5
      })
      assertSame(yield* list({ sort: "score", dir: "asc" }, { limit: 2, offset: 6 }), { items: [e], total: 7 })
      assertSame(yield* list({}, { limit: 10, offset: 20 }), { items: [], total: 7 }, "total past the last page")
      assertSame(yield* list({ search: "zz" }, { limit: 10, offset: 20 }), { items: [], total: 0 })
    })
  )

  it.effect("another account sees none of a campaign's entries", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const { campaign, stranger } = yield* givenSevenEntries
      const foreign = yield* entries.list(stranger.accountId, campaign.id, entryFilter(), { limit: 50, offset: 0 })
      assertSame(foreign, { items: [], total: 0 }, "another account sees none of the campaign's entries")
    })
  )

  it.effect("entry search matches %, _ and \\ literally", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const campaign = yield* givenCampaign()
      const id = uid("en")
      const refs = ["sale 50%_off", "sale 50%Xoff", "sale 50Y_off", "sale 500off", "C:\\path_x"]
      for (const [i, participantRef] of refs.entries()) {
        yield* entries.insert(makeEntry(campaign, { id: `${id}_${i}`, participantRef }))
      }
      const search = (text: string) => searched(campaign, text)

      assert.deepStrictEqual(yield* search("0%_"), { refs: ["sale 50%_off"], total: 1 })
      assert.deepStrictEqual(yield* search("%"), { refs: ["sale 50%Xoff", "sale 50%_off"], total: 2 })
      assert.deepStrictEqual(yield* search("_"), {
        refs: ["C:\\path_x", "sale 50%_off", "sale 50Y_off"],
        total: 3
      })
      assert.deepStrictEqual(yield* search("\\P"), { refs: ["C:\\path_x"], total: 1 })
      assert.deepStrictEqual(yield* search("\\"), { refs: ["C:\\path_x"], total: 1 })
      assert.deepStrictEqual(yield* search("%%"), { refs: [], total: 0 })
      assert.deepStrictEqual(yield* search("50_"), { refs: [], total: 0 })
      assert.deepStrictEqual(yield* search("SALE 50%_OFF"), { refs: ["sale 50%_off"], total: 1 })
    })
  )

  it.effect('entry search folds ASCII letters only, as PostgreSQL\'s ILIKE under COLLATE "C"', () =>
    Effect.gen(function* () {
      const campaign = yield* givenCampaign()
      yield* (yield* Entry.EntryRepo).insert(makeEntry(campaign, { participantRef: "Émile-ÖZ@example.com" }))
      const found = (text: string) => Effect.map(searched(campaign, text), (result) => result.total)
      assert.strictEqual(yield* found("ÉMILE-Öz@EXAMPLE"), 1)
      assert.strictEqual(yield* found("émile"), 0)
      assert.strictEqual(yield* found("öz"), 0)
    })
  )

  it.effect("resolvePredictions in another account changes nothing", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const { campaign, home, away, draw, plain, plainNo } = yield* givenPredictions
      const stranger = yield* givenAccount()
      yield* entries.resolvePredictions(stranger.id, campaign.id, "home")
      assertSame(
        yield* entriesOfCampaign(campaign),
        [home, away, draw, plain, plainNo],
        "another account changes nothing"
      )
    })
  )

  it.effect("resolvePredictions makes exactly the entries with the option eligible", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const { campaign, untouched, home, away, draw, plain, plainNo, elsewhere } = yield* givenPredictions
      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "home")
      assertSame(yield* entriesOfCampaign(campaign), [
        { ...home, eligible: true },
        away,
        { ...draw, eligible: false },
        plain,
        plainNo
      ])
      assertSame(yield* entriesOfCampaign(untouched), [elsewhere], "other campaigns are untouched")
    })
  )

  it.effect("resolvePredictions again makes the earlier option's entries ineligible", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const { campaign, home, away, draw, plain, plainNo } = yield* givenPredictions
      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "home")
      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "away")
      assertSame(yield* entriesOfCampaign(campaign), [
        home,
        { ...away, eligible: true },
        { ...draw, eligible: false },
        plain,
        plainNo
      ])
    })
  )

  it.effect("resolvePredictions to an option nobody chose makes every prediction ineligible", () =>
    Effect.gen(function* () {
      const entries = yield* Entry.EntryRepo
      const { campaign, home, away, draw, plain, plainNo } = yield* givenPredictions
      yield* entries.resolvePredictions(campaign.accountId, campaign.id, "nobody-chose-this")
      assertSame(yield* entriesOfCampaign(campaign), [home, away, { ...draw, eligible: false }, plain, plainNo])
    })
  )
}
