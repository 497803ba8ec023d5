/**
 * Statistics and exports over HTTP (DESIGN.md "Statistics and exports"): `GET …/stats` in the
 * campaign's time zone (local days, a 30-minute offset's local hours, DST days of 23 and 25 hours,
 * zeros for empty buckets), each game's extra fields (quiz scores, prediction votes, a wheel's wins,
 * grants and prizes), its bounds (400 naming the parameter) and permissions (403, another account's
 * campaign 404); the CSV exports of entries and grants (RFC 4180 quoting, CRLF, no BOM, the list's
 * filters, masked codes, permissions).
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

const configs: Record<string, Record<string, unknown>> = {
  "spin-the-wheel": {
    segments: [
      { id: "gold", label: "Gold", isWin: true, weight: 1_000_000 },
      { id: "miss", label: "Miss", isWin: false, weight: 1 }
    ],
    art: Steps.WHEEL_ART,
    sounds: Steps.WHEEL_SOUNDS
  },
  quiz: {
    questions: [{ ...Steps.question("q1", "2+2?", "4", "5"), points: 3 }, Steps.question("q2", "Sky?", "Blue", "Green")]
  },
  prediction: {
    question: "Who wins?",
    options: [
      { id: "home", label: "Home" },
      { id: "away", label: "Away" },
      { id: "draw", label: "Draw" }
    ]
  }
}

/** An account with an allowed origin, a channel and a live campaign of `game` in `timeZone`. */
const setup = (game: string, timeZone = "UTC") =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { key } = yield* account()
    const call = Steps.caller(request, key)
    assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
    const channel = (yield* call("POST", "/v1/channels", { name: "Main" })).body.channel
    const created = yield* call("POST", "/v1/game-instances", {
      gameSlug: game,
      name: "Live",
      channelId: channel.id,
      config: configs[game],
      playLimitTimezone: timeZone
    })
    assert.strictEqual(created.status, 201, created.text)
    const campaign = created.body.gameInstance
    const base = `/v1/game-instances/${campaign.id}`
    const activate = () =>
      Effect.map(call("POST", `${base}/activate`), (r) => assert.strictEqual(r.status, 200, r.text))
    const play = (participantRef: string, body: unknown = {}) =>
      Effect.gen(function* () {
        const minted = yield* call("POST", "/v1/auth/session-tokens", {
          channelId: channel.id,
          participantRef,
          origin: ORIGIN
        })
        assert.strictEqual(minted.status, 201, minted.text)
        const token = minted.body.clientToken
        const started = yield* request("POST", "/v1/play/sessions", { key: token })
        assert.strictEqual(started.status, 201, started.text)
        const finished = yield* request("POST", `/v1/play/sessions/${started.body.session.id}/finish`, {
          key: token,
          body
        })
        assert.strictEqual(finished.status, 200, finished.text)
        return finished.body
      })
    const stats = (query = "", as = key) => call("GET", `${base}/stats${query}`, undefined, as)
    const keyWith = (...permissions: Array<string>) => Steps.keyWith(call, ...permissions)
    return { key, call, request, channel, campaign, base, activate, play, stats, keyWith }
  })

/** The first instant of the local day (or hour) holding `now` in `timeZone`, in UTC ISO form. */
const localStart = (now: Date, timeZone: string, unit: "day" | "hour"): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit"
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value])
  )
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!)
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000
  const truncated =
    unit === "day"
      ? Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!)
      : Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!)
  return new Date(truncated - offset).toISOString()
}

const answers = (q1: boolean, q2: boolean) => ({
  answers: [
    { questionId: "q1", optionId: q1 ? "a" : "b" },
    { questionId: "q2", optionId: q2 ? "a" : "b" }
  ]
})

/** The rows of a CSV body (RFC 4180, as the export writes it: CRLF between records). */
const parseCsv = (text: string): Array<Array<string>> => {
  const rows: Array<Array<string>> = []
  let row: Array<string> = []
  let field = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ",") {
      row.push(field)
      field = ""
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field)
      rows.push(row)
      row = []
      field = ""
      i++
    } else field += c
  }
  if (field !== "" || row.length > 0) rows.push([...row, field])
  return rows
}

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("stats", (it) => {
  it.effect("a quiz in Asia/Kolkata: totals, today's local day and hour, scores; no predictions", () =>
    Effect.gen(function* () {
      const { activate, play, stats } = yield* setup("quiz", "Asia/Kolkata")
      const empty = yield* stats()
      assert.strictEqual(empty.status, 200, empty.text)
      assert.deepStrictEqual(empty.body.stats, {
        totals: { starts: 0, finishes: 0, players: 0, wins: 0, grants: 0, drawWinners: 0 },
        series: [],
        scores: { min: 0, max: 0, mean: 0, histogram: [] },
        predictions: null,
        tiers: []
      })
      yield* activate()
      const before = new Date()
      yield* play("ann", answers(true, true)) // 4
      yield* play("ann", answers(false, false)) // 0
      yield* play("bob", answers(true, false)) // 3
      const after = new Date()

      const reply = yield* stats()
      assert.strictEqual(reply.status, 200, reply.text)
      const s = reply.body.stats
      assert.deepStrictEqual(s.totals, { starts: 3, finishes: 3, players: 2, wins: 0, grants: 0, drawWinners: 0 })
      // From the first play to now: today's local day in Kolkata (UTC+5:30), unless midnight passed.
      const days = [localStart(before, "Asia/Kolkata", "day"), localStart(after, "Asia/Kolkata", "day")]
      assert.deepStrictEqual(
        s.series.map((b: any) => b.start),
        [...new Set(days)]
      )
      assert.strictEqual(
        s.series.reduce((n: number, b: any) => n + b.starts, 0),
        3
      )
      assert.strictEqual(s.scores.min, 0)
      assert.strictEqual(s.scores.max, 4)
      assert.closeTo(s.scores.mean, 7 / 3, 1e-9)
      assert.strictEqual(s.scores.histogram.length, 20)
      assert.deepStrictEqual(s.scores.histogram[0], { from: 0, to: 0.2, count: 1 })
      assert.deepStrictEqual(s.scores.histogram[15], { from: 3, to: 3.2, count: 1 })
      assert.deepStrictEqual(s.scores.histogram[19], { from: 3.8000000000000003, to: 4, count: 1 })
      assert.strictEqual(
        s.scores.histogram.reduce((n: number, b: any) => n + b.count, 0),
        3
      )
      assert.strictEqual(s.predictions, null)

      // Local hours of a zone half an hour off UTC start at half past.
      const hours = yield* stats(`?interval=hour&from=${encodeURIComponent(before.toISOString())}`)
      assert.strictEqual(hours.status, 200, hours.text)
      const first = hours.body.stats.series[0]
      assert.strictEqual(first.start, localStart(before, "Asia/Kolkata", "hour"))
      assert.match(first.start, /:30:00\.000Z$/)
      assert.strictEqual(hours.body.stats.series.reduce((n: number, b: any) => n + b.players, 0) >= 2, true)
      assert.strictEqual(hours.body.stats.totals.players, 2)
    })
  )

  it.effect("DST days in Europe/Paris: 23 and 25 local hours, empty buckets listed with zeros", () =>
    Effect.gen(function* () {
      const { stats } = yield* setup("spin-the-wheel", "Europe/Paris")
      const q = (from: string, to: string, interval: string) =>
        stats(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&interval=${interval}`)
      const days = yield* q("2026-10-24T00:00:00+02:00", "2026-10-27T00:00:00+01:00", "day")
      assert.strictEqual(days.status, 200, days.text)
      assert.deepStrictEqual(days.body.stats.series, [
        { start: "2026-10-23T22:00:00.000Z", starts: 0, finishes: 0, players: 0, wins: 0, grants: 0 },
        { start: "2026-10-24T22:00:00.000Z", starts: 0, finishes: 0, players: 0, wins: 0, grants: 0 },
        { start: "2026-10-25T23:00:00.000Z", starts: 0, finishes: 0, players: 0, wins: 0, grants: 0 }
      ])
      const autumn = yield* q("2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00", "hour")
      assert.strictEqual(autumn.body.stats.series.length, 25)
      assert.strictEqual(autumn.body.stats.series[2].start, "2026-10-25T00:00:00.000Z")
      assert.strictEqual(autumn.body.stats.series[3].start, "2026-10-25T01:00:00.000Z")
      const spring = yield* q("2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "hour")
      assert.strictEqual(spring.body.stats.series.length, 23)
      assert.deepStrictEqual(
        spring.body.stats.series.slice(0, 3).map((b: any) => b.start),
        ["2026-03-28T23:00:00.000Z", "2026-03-29T00:00:00.000Z", "2026-03-29T01:00:00.000Z"]
      )
      // A `from` inside a day starts the series at that local day's midnight.
      const inside = yield* q("2026-03-29T12:00:00Z", "2026-03-30T12:00:00Z", "day")
      assert.deepStrictEqual(
        inside.body.stats.series.map((b: any) => b.start),
        ["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]
      )
    })
  )

  it.effect("a wheel with a reward: wins, grants and prizes; a prediction's votes by option", () =>
    Effect.gen(function* () {
      const wheel = yield* setup("spin-the-wheel")
      const set = yield* wheel.call("PUT", `${wheel.base}/reward`, {
        tiers: [
          { match: { when: "won" }, display: { title: "Gold", description: "Gold for you" }, codeStrategy: "pool" }
        ]
      })
      assert.strictEqual(set.status, 200, set.text)
      const tierId = set.body.reward.tiers[0].id
      const upload = yield* wheel.call("POST", `${wheel.base}/reward-coupons`, {
        codes: [{ code: "GOLD-AAAA-0001" }, { code: "GOLD-BBBB-0002" }, { code: "GOLD-CCCC-0003" }]
      })
      assert.strictEqual(upload.status, 201, upload.text)
      yield* wheel.activate()
      const results = [yield* wheel.play("ann"), yield* wheel.play("bob")]
      const wins = results.filter((r) => r.outcome.isWin).length
      const s = (yield* wheel.stats()).body.stats
      assert.deepStrictEqual(s.totals, {
        starts: 2,
        finishes: 2,
        players: 2,
        wins,
        grants: wins,
        drawWinners: 0
      })
      assert.deepStrictEqual(s.tiers, [{ tierId, granted: wins, couponsRemaining: 3 - wins }])
      assert.strictEqual(s.scores, null)
      assert.strictEqual(s.predictions, null)

      const prediction = yield* setup("prediction")
      yield* prediction.activate()
      for (const [ref, optionId] of [
        ["ann", "home"],
        ["bob", "away"],
        ["cyd", "home"]
      ] as const) {
        yield* prediction.play(ref, { optionId })
      }
      const p = (yield* prediction.stats()).body.stats
      assert.deepStrictEqual(p.predictions, [
        { optionId: "home", count: 2 },
        { optionId: "away", count: 1 },
        { optionId: "draw", count: 0 }
      ])
      assert.strictEqual(p.scores, null)
      assert.strictEqual(p.totals.players, 3)
    })
  )

  it.effect("an erasure changes no count; a later play under the raw reference is a new player", () =>
    Effect.gen(function* () {
      const { activate, play, stats, call } = yield* setup("spin-the-wheel")
      yield* activate()
      yield* play("erase-me")
      yield* play("erase-me")
      yield* play("keep-me")
      const before = (yield* stats()).body.stats
      assert.strictEqual(before.totals.players, 2)
      const erased = yield* call("POST", "/v1/participants/erase", { participantRef: "erase-me" })
      assert.strictEqual(erased.status, 200, erased.text)
      assert.strictEqual(erased.body.erasure.sessions, 2)
      const after = (yield* stats(`?to=${encodeURIComponent(new Date().toISOString())}`)).body.stats
      assert.deepStrictEqual(after.totals, before.totals)
      assert.deepStrictEqual(
        after.series.map((b: any) => [b.start, b.starts, b.players]),
        before.series.map((b: any) => [b.start, b.starts, b.players])
      )
      yield* play("erase-me")
      assert.strictEqual((yield* stats()).body.stats.totals.players, 3)
    })
  )

  it.effect("bounds name the parameter; permissions; another account's campaign is 404", () =>
    Effect.gen(function* () {
      const { stats, keyWith, campaign } = yield* setup("spin-the-wheel")
      const bad = (query: string, path: string) =>
        Effect.map(stats(query), (r) => {
          assert.strictEqual(r.status, 400, `${query}: ${r.text}`)
          assert.strictEqual(r.body.error.code, "invalid_request")
          assert.deepStrictEqual(Steps.paths(r.body), [path], query)
        })
      yield* bad("?interval=week", "interval")
      yield* bad("?from=yesterday", "from")
      yield* bad("?to=2026-02-30T00:00:00Z", "to")
      yield* bad("?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "from")
      yield* bad("?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "from")
      // 1,000 buckets at most: 41 days of hours is 984, 42 days 1,008.
      assert.strictEqual((yield* stats("?interval=hour&from=2026-01-01T00:00:00Z&to=2026-02-11T00:00:00Z")).status, 200)
      yield* bad("?interval=hour&from=2026-01-01T00:00:00Z&to=2026-02-12T00:00:00Z", "interval")
      yield* bad("?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "interval")

      const rewardsOnly = yield* keyWith("rewards.read")
      const forbidden = yield* stats("", rewardsOnly)
      assert.strictEqual(forbidden.status, 403, forbidden.text)
      assert.strictEqual((yield* stats("", yield* keyWith("results.read"))).status, 200)

      const stranger = yield* setup("spin-the-wheel")
      const other = yield* stranger.call("GET", `/v1/game-instances/${campaign.id}/stats`)
      assert.strictEqual(other.status, 404, other.text)
    })
  )

  it.effect("the entries' export: CSV with RFC 4180 quoting, the list's filters and order", () =>
    Effect.gen(function* () {
      const { activate, play, call, base, keyWith, campaign } = yield* setup("prediction")
      yield* activate()
      const refs = ["plain", "comma, inside", 'say "hi"', "two\nlines", "ünï 🎡"]
      const finished = []
      for (const [i, ref] of refs.entries()) {
        finished.push(yield* play(ref, { optionId: i % 2 === 0 ? "home" : "away" }))
      }
      const reply = yield* call("GET", `${base}/entries/export`)
      assert.strictEqual(reply.status, 200, reply.text)
      assert.strictEqual(reply.headers.get("content-type"), "text/csv; charset=utf-8")
      assert.isFalse(reply.text.startsWith("\uFEFF"))
      assert.isTrue(reply.text.endsWith("\r\n"))
      assert.include(reply.text, '"comma, inside"')
      assert.include(reply.text, '"say ""hi"""')
      assert.include(reply.text, '"two\nlines"')
      const rows = parseCsv(reply.text)
      assert.deepStrictEqual(rows[0], [
        "id",
        "sessionId",
        "participantRef",
        "score",
        "predictionOptionId",
        "outcomeId",
        "weight",
        "eligible",
        "createdAt"
      ])
      // Newest first, as the list.
      const list = (yield* call("GET", `${base}/entries`)).body.entries
      assert.deepStrictEqual(
        rows.slice(1),
        list.map((e: any) => [
          e.id,
          e.sessionId,
          e.participantRef,
          "",
          e.predictionValue.optionId,
          "",
          "1",
          String(e.eligible),
          e.createdAt
        ])
      )
      assert.strictEqual(rows.length, refs.length + 1)
      assert.deepStrictEqual(rows[rows.length - 1]![2], "plain")
      assert.strictEqual(finished.length, 5)

      const filtered = parseCsv(
        (yield* call("GET", `${base}/entries/export?search=IN&sort=participantRef&dir=asc`)).text
      )
      assert.deepStrictEqual(
        filtered.slice(1).map((r) => r[2]),
        ["comma, inside", "plain", "two\nlines"]
      )
      // Resolving makes the home votes eligible: `eligible=false` keeps the others.
      assert.strictEqual((yield* call("POST", `${base}/resolve`, { optionId: "home" })).status, 200)
      const notEligible = parseCsv((yield* call("GET", `${base}/entries/export?eligible=false`)).text)
      assert.deepStrictEqual(
        notEligible
          .slice(1)
          .map((r) => r[2])
          .sort(),
        ["comma, inside", "two\nlines"]
      )
      const badFilter = yield* call("GET", `${base}/entries/export?eligible=maybe`)
      assert.strictEqual(badFilter.status, 400)
      assert.deepStrictEqual(Steps.paths(badFilter.body), ["eligible"])

      const rewardsOnly = yield* keyWith("rewards.read")
      assert.strictEqual((yield* call("GET", `${base}/entries/export`, undefined, rewardsOnly)).status, 403)
      const stranger = yield* setup("prediction")
      const other = yield* stranger.call("GET", `/v1/game-instances/${campaign.id}/entries/export`)
      assert.strictEqual(other.status, 404, other.text)
    })
  )

  it.effect("the grants' export: masked codes, nulls as empty cells, rewards.read", () =>
    Effect.gen(function* () {
      const { activate, play, call, base, keyWith } = yield* setup("spin-the-wheel")
      const set = yield* call("PUT", `${base}/reward`, {
        tiers: [
          { match: { when: "everyone" }, display: { title: "Gift", description: "A gift" }, codeStrategy: "pool" }
        ]
      })
      assert.strictEqual(set.status, 200, set.text)
      const tierId = set.body.reward.tiers[0].id
      yield* call("POST", `${base}/reward-coupons`, {
        codes: [{ code: "FIRST-CODE-WXYZ", ref: "ref,1", name: 'The "first"' }, { code: "SECOND-CODE-9876" }]
      })
      yield* activate()
      yield* play("ann")
      yield* play("bob, jr")
      const reply = yield* call("GET", `${base}/reward-grants/export`)
      assert.strictEqual(reply.status, 200, reply.text)
      assert.strictEqual(reply.headers.get("content-type"), "text/csv; charset=utf-8")
      assert.notInclude(reply.text, "FIRST-CODE")
      assert.notInclude(reply.text, "SECOND-CODE")
      const rows = parseCsv(reply.text)
      assert.deepStrictEqual(rows[0], [
        "id",
        "participantRef",
        "tierId",
        "code",
        "couponRef",
        "couponName",
        "source",
        "expiresAt",
        "createdAt"
      ])
      const list = (yield* call("GET", `${base}/reward-grants`)).body.grants
      assert.deepStrictEqual(
        rows.slice(1),
        list.map((g: any) => [
          g.id,
          g.participantRef,
          tierId,
          g.code,
          g.couponRef ?? "",
          g.couponName ?? "",
          "rule",
          "",
          g.createdAt
        ])
      )
      assert.deepStrictEqual(
        rows
          .slice(1)
          .map((r) => r[3])
          .sort(),
        ["****9876", "****WXYZ"]
      )
      const resultsOnly = yield* keyWith("results.read")
      assert.strictEqual((yield* call("GET", `${base}/reward-grants/export`, undefined, resultsOnly)).status, 403)
      assert.strictEqual(
        (yield* call("GET", `${base}/reward-grants/export`, undefined, yield* keyWith("rewards.read"))).status,
        200
      )
    })
  )
})
