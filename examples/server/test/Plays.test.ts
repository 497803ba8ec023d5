/**
 * Plays over HTTP, as a player's page and the integrator's backend make them: allowed origins,
 * minting client tokens, starting and finishing sessions of each game (scored on the server), the
 * entries they record, and the play limits of the campaign, the channel and the plan (also under
 * concurrency).
 */
import { createHmac } from "node:crypto"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, type Reply, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

const configs: Record<string, Record<string, unknown>> = {
  "spin-the-wheel": {
    segments: [
      { id: "win", label: "Prize", isWin: true, weight: 1 },
      { id: "lose", label: "Try again", isWin: false, weight: 1 }
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
      { id: "a", label: "A" },
      { id: "b", label: "B" }
    ]
  },
  "memory-match": { pairs: 8, timeLimitSeconds: 60, maxScore: 1000 }
}

/** A Memory Match whose embed reports the score (`scoring: client`). */
const CLIENT_SCORED = { ...configs["memory-match"], scoring: "client" }

const decodeJwt = (token: string) => {
  const [header, payload] = token.split(".")
  return {
    header: JSON.parse(Buffer.from(header!, "base64url").toString()),
    payload: JSON.parse(Buffer.from(payload!, "base64url").toString())
  }
}

/** An account with an allowed origin, a channel, and a live campaign of `game`. */
const setup = (
  options: {
    game?: string
    campaign?: Record<string, unknown>
    channel?: Record<string, unknown>
    account?: Record<string, unknown>
  } = {}
) =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { id: accountId, key } = yield* account(options.account ?? {})
    const call = Steps.caller(request, key)
    assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
    const channel = (yield* call("POST", "/v1/channels", { name: "Main", ...options.channel })).body.channel
    const game = options.game ?? "spin-the-wheel"
    /** Creates a draft campaign of `gameSlug` on the channel, with that game's test config. */
    const createCampaign = (name: string, gameSlug: string, extra: Record<string, unknown> = {}) =>
      call("POST", "/v1/game-instances", {
        gameSlug,
        name,
        channelId: channel.id,
        config: configs[gameSlug],
        ...extra
      }).pipe(Effect.map((reply) => reply.body.gameInstance))
    const campaign = yield* createCampaign("Live", game, options.campaign)
    const activated = yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
    assert.strictEqual(activated.status, 200, activated.text)
    const mint = (participantRef = "player-1", extra: Record<string, unknown> = {}) =>
      call("POST", "/v1/auth/session-tokens", { channelId: channel.id, participantRef, origin: ORIGIN, ...extra })
    const token = (participantRef = "player-1") =>
      mint(participantRef).pipe(
        Effect.tap((r) => Effect.sync(() => assert.strictEqual(r.status, 201, r.text))),
        Effect.map((r) => r.body.clientToken as string)
      )
    const start = (clientToken: string) => request("POST", "/v1/play/sessions", { key: clientToken })
    const finish = (clientToken: string, sessionId: string, body: unknown = {}) =>
      request("POST", `/v1/play/sessions/${sessionId}/finish`, { key: clientToken, body })
    const play = (participantRef = "player-1", body: unknown = {}) =>
      Effect.gen(function* () {
        const t = yield* token(participantRef)
        const started = yield* start(t)
        assert.strictEqual(started.status, 201, started.text)
        const finished = yield* finish(t, started.body.session.id, body)
        assert.strictEqual(finished.status, 200, finished.text)
        return finished
      })
    return {
      accountId,
      key,
      call,
      channel,
      campaign: activated.body.gameInstance,
      createCampaign,
      mint,
      token,
      start,
      finish,
      play,
      request
    }
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("plays", (it) => {
  it.effect("allowed origins: the three platform forms, 400 for anything else, 409 for a duplicate", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      for (const origin of [
        "https://www.example.com",
        "https://example.com:8443",
        "android:com.example.app",
        "ios:com.example.App"
      ]) {
        const reply = yield* call("POST", "/v1/tenant/allowed-origins", { origin })
        assert.strictEqual(reply.status, 201, `${origin} ${reply.text}`)
        assert.strictEqual(reply.body.allowedOrigin.origin, origin)
      }
      for (const origin of [
        "http://example.com",
        "https://example.com/path",
        "https://example.com?q=1",
        "example.com",
        "android:",
        "ios:x",
        "ftp://example.com",
        "",
        "https://" + "a".repeat(300)
      ]) {
        const reply = yield* call("POST", "/v1/tenant/allowed-origins", { origin })
        assert.strictEqual(reply.status, 400, `${origin} ${reply.text}`)
        assert.include(Steps.paths(reply.body), "origin")
      }
      const dup = yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
      assert.strictEqual(dup.status, 409)
      const list = yield* call("GET", "/v1/tenant/allowed-origins")
      assert.strictEqual(list.body.total, 5)
      const first = list.body.allowedOrigins[0]
      assert.deepStrictEqual(Object.keys(first).sort(), ["createdAt", "id", "origin"])
      const deleted = yield* call("DELETE", `/v1/tenant/allowed-origins/${first.id}`)
      assert.deepStrictEqual(deleted.body, { deleted: true, id: first.id })
      assert.strictEqual((yield* call("GET", "/v1/tenant/allowed-origins")).body.total, 4)
    })
  )

  it.effect("mint: 201 with a standard JWT bound to campaign, player and origin; rate-limit headers", () =>
    Effect.gen(function* () {
      const { mint, campaign } = yield* setup()
      const before = Date.now()
      const reply = yield* mint("player-7")
      assert.strictEqual(reply.status, 201, reply.text)
      assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "600")
      assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), "599")
      const { header, payload } = decodeJwt(reply.body.clientToken)
      assert.strictEqual(header.alg, "HS256")
      assert.strictEqual(payload.jti, reply.body.jti)
      assert.strictEqual(payload.sub, "player-7")
      assert.strictEqual(payload.gid, campaign.id)
      assert.strictEqual(payload.org, ORIGIN)
      const expires = Date.parse(reply.body.expiresAt)
      assert.isTrue(Math.abs(expires - before - 900_000) < 5_000, reply.body.expiresAt)
      const short = yield* mint("player-7", { ttlSeconds: 60 })
      assert.isTrue(Math.abs(Date.parse(short.body.expiresAt) - Date.now() - 60_000) < 5_000)
      assert.strictEqual((yield* mint("p", { ttlSeconds: 3600 })).status, 201)
      for (const ttlSeconds of [59, 3601, 1.5]) {
        const bad = yield* mint("p", { ttlSeconds })
        assert.strictEqual(bad.status, 400)
        assert.include(Steps.paths(bad.body), "ttlSeconds")
      }
      const refs = [
        ["", "participantRef"],
        ["x".repeat(201), "participantRef"]
      ] as const
      for (const [ref, path] of refs) assert.include(Steps.paths((yield* mint(ref)).body), path)
      assert.strictEqual((yield* mint("x".repeat(200))).status, 201)
      const second = yield* mint("player-7")
      assert.notStrictEqual(second.body.jti, reply.body.jti)
    })
  )

  it.effect("mint: 200 with the between-campaigns message when nothing is live or the channel is disabled", () =>
    Effect.gen(function* () {
      const { call, mint, campaign, channel } = yield* setup({
        channel: { betweenCampaigns: { title: "Back soon", body: "Next game Monday" } }
      })
      yield* call("POST", `/v1/game-instances/${campaign.id}/pause`)
      const nothing = yield* mint()
      assert.strictEqual(nothing.status, 200)
      assert.deepStrictEqual(nothing.body, {
        clientToken: null,
        betweenCampaigns: { title: "Back soon", body: "Next game Monday" }
      })
      assert.strictEqual(nothing.headers.get("x-ratelimit-limit"), "600")
      yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
      const early = yield* mint()
      assert.strictEqual(early.status, 201)
      yield* call("PATCH", `/v1/channels/${channel.id}`, { status: "disabled" })
      assert.strictEqual((yield* mint()).body.clientToken, null)
      const { request } = yield* TestServer
      const refused = yield* request("POST", "/v1/play/sessions", { key: early.body.clientToken })
      assert.strictEqual(refused.status, 409)
    })
  )

  it.effect("mint: 404 unknown channel, 403 origin not allowed, 403 without tokens.mint", () =>
    Effect.gen(function* () {
      const { call, mint, request, key } = yield* setup()
      const unknown = yield* mint("p", { channelId: "ch_none" })
      assert.strictEqual(unknown.status, 404)
      const origin = yield* mint("p", { origin: "https://evil.example.com" })
      assert.strictEqual(origin.status, 403)
      assert.strictEqual(origin.body.error.code, "forbidden")
      const reader = yield* Steps.keyWith(call, "campaigns.read")
      void key
      const denied = yield* request("POST", "/v1/auth/session-tokens", {
        key: reader,
        body: { channelId: "x", participantRef: "p", origin: ORIGIN }
      })
      assert.strictEqual(denied.status, 403)
    })
  )

  it.effect("start: the player's view hides secrets; a token plays once; forged and malformed tokens get 401", () =>
    Effect.gen(function* () {
      const { token, start, campaign } = yield* setup()
      const t = yield* token("alice")
      const started = yield* start(t)
      assert.strictEqual(started.status, 201, started.text)
      assert.strictEqual(started.body.session.gameInstanceId, campaign.id)
      assert.strictEqual(started.body.session.gameSlug, "spin-the-wheel")
      assert.strictEqual(started.body.session.participantRef, "alice")
      assert.strictEqual(started.body.game.slug, "spin-the-wheel")
      for (const segment of started.body.game.config.segments) {
        assert.deepStrictEqual(Object.keys(segment).sort(), ["id", "label"])
      }
      assert.isObject(started.body.game.theme)
      assert.isObject(started.body.game.labels)
      const again = yield* start(t)
      assert.strictEqual(again.status, 409)
      assert.strictEqual(again.body.error.code, "conflict")

      const fresh = yield* token("bob")
      const [h, p, s] = fresh.split(".")
      const tampered = [
        `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`,
        `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(fresh).payload, sub: "mallory" })).toString("base64url")}.${s}`,
        "not-a-token",
        "a.b.c",
        ""
      ]
      for (const bad of tampered) {
        const reply = yield* start(bad)
        assert.strictEqual(reply.status, 401, bad)
        assert.strictEqual(reply.body.error.code, "unauthorized")
      }
      // A token signed with another key (even a well-formed one) is refused.
      const forged = `${h}.${p}.${createHmac("sha256", "guess").update(`${h}.${p}`).digest("base64url")}`
      assert.strictEqual((yield* start(forged)).status, 401)
      assert.strictEqual((yield* start(fresh)).status, 201)
    })
  )

  it.effect("start: changing any single character of a client token makes it 401", () =>
    Effect.gen(function* () {
      const { token, start } = yield* setup()
      const t = yield* token("mallory")
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
      const tampered: Array<string> = []
      for (let i = 0; i < t.length; i++) {
        if (t[i] === ".") continue
        tampered.push(`${t.slice(0, i)}${alphabet[(alphabet.indexOf(t[i]!) + 1) % 64]}${t.slice(i + 1)}`)
      }
      const replies = yield* Effect.forEach(tampered, start, { concurrency: 8 })
      const accepted = replies.flatMap((r, i) => (r.status === 401 ? [] : [`${i}: ${r.status}`]))
      assert.deepStrictEqual(accepted, [])
      assert.strictEqual((yield* start(t)).status, 201, "the token itself still plays")
    })
  )

  it.effect("finish: the wheel spins on the server; a second finish is 409; entries record the play", () =>
    Effect.gen(function* () {
      const { token, start, finish, call, campaign } = yield* setup()
      const t = yield* token("alice")
      const { session } = (yield* start(t)).body
      const done = yield* finish(t, session.id, {})
      assert.strictEqual(done.status, 200, done.text)
      assert.include(["win", "lose"], done.body.outcome.id)
      assert.strictEqual(done.body.outcome.isWin, done.body.outcome.id === "win")
      assert.strictEqual(done.body.reward, null)
      const entry = done.body.entry
      assert.strictEqual(entry.gameInstanceId, campaign.id)
      assert.strictEqual(entry.sessionId, session.id)
      assert.strictEqual(entry.participantRef, "alice")
      assert.strictEqual(entry.score, null)
      assert.strictEqual(entry.predictionValue, null)
      assert.strictEqual(entry.weight, 1)
      assert.strictEqual(entry.eligible, true)
      const again = yield* finish(t, session.id, {})
      assert.strictEqual(again.status, 409)
      assert.strictEqual(again.body.error.code, "conflict")
      const other = yield* token("bob")
      const stranger = yield* finish(other, session.id, {})
      assert.strictEqual(stranger.status, 404)
      assert.strictEqual(stranger.body.error.code, "not_found")
      const entries = yield* call("GET", `/v1/game-instances/${campaign.id}/entries`)
      assert.strictEqual(entries.body.total, 1)
      assert.deepStrictEqual(entries.body.entries[0], entry)
    })
  )

  it.effect("finish: the quiz is scored on the server and bad answers name their path", () =>
    Effect.gen(function* () {
      const { token, start, finish } = yield* setup({ game: "quiz" })
      const t = yield* token()
      const { session } = (yield* start(t)).body
      for (const q of (yield* start(yield* token("other"))).body.game.config.questions) {
        assert.isUndefined(q.correctOptionId)
        assert.isUndefined(q.points)
      }
      const bad = yield* finish(t, session.id, { answers: [{ questionId: "q9", optionId: "a" }] })
      assert.strictEqual(bad.status, 400)
      assert.include(Steps.paths(bad.body), "answers.0.questionId")
      const done = yield* finish(t, session.id, {
        answers: [
          { questionId: "q1", optionId: "a" },
          { questionId: "q2", optionId: "b" }
        ]
      })
      assert.strictEqual(done.status, 200, done.text)
      assert.strictEqual(done.body.entry.score, 3)
      assert.strictEqual(done.body.outcome, null)
    })
  )

  it.effect(
    "finish: memory-match scored by the client refuses a score over maxScore; prediction entries become eligible on resolve",
    () =>
      Effect.gen(function* () {
        const mm = yield* setup({ game: "memory-match", campaign: { config: CLIENT_SCORED } })
        const t = yield* mm.token()
        const { session } = (yield* mm.start(t)).body
        const over = yield* mm.finish(t, session.id, { score: 1001 })
        assert.strictEqual(over.status, 400)
        assert.include(Steps.paths(over.body), "score")
        assert.strictEqual((yield* mm.finish(t, session.id, { score: 1000 })).body.entry.score, 1000)

        const p = yield* setup({ game: "prediction" })
        yield* p.play("picks-a", { optionId: "a" })
        yield* p.play("picks-b", { optionId: "b" })
        const before = yield* p.call("GET", `/v1/game-instances/${p.campaign.id}/entries?sort=participantRef&dir=asc`)
        assert.deepStrictEqual(
          before.body.entries.map((e: any) => [e.participantRef, e.predictionValue, e.eligible]),
          [
            ["picks-a", { optionId: "a" }, false],
            ["picks-b", { optionId: "b" }, false]
          ]
        )
        yield* p.call("POST", `/v1/game-instances/${p.campaign.id}/resolve`, { optionId: "b" })
        const after = yield* p.call("GET", `/v1/game-instances/${p.campaign.id}/entries?eligible=true`)
        assert.deepStrictEqual(
          after.body.entries.map((e: any) => e.participantRef),
          ["picks-b"]
        )
        // A resolved prediction takes no more plays (PredictionsResolved.test.ts).
        const late = yield* p.mint("late-b")
        assert.strictEqual(late.status, 200, late.text)
        assert.isNull(late.body.clientToken)
        assert.strictEqual(
          (yield* p.call("GET", `/v1/game-instances/${p.campaign.id}/entries?eligible=true`)).body.total,
          1
        )
      })
  )

  it.effect("entries: search, sort (no score last), direction, eligible, pagination and bounds", () =>
    Effect.gen(function* () {
      const s = yield* setup({ game: "memory-match", campaign: { config: CLIENT_SCORED } })
      const scores: Array<[string, number]> = [
        ["Alice", 10],
        ["bob", 30],
        ["ALIBABA", 20],
        ["carol", 0]
      ]
      for (const [ref, score] of scores) yield* s.play(ref, { score })
      const list = (query: string) => s.call("GET", `/v1/game-instances/${s.campaign.id}/entries?${query}`)
      const refs = (r: Reply) => r.body.entries.map((e: any) => e.participantRef)
      assert.deepStrictEqual(refs(yield* list("")), ["carol", "ALIBABA", "bob", "Alice"])
      assert.deepStrictEqual(refs(yield* list("sort=score&dir=desc")), ["bob", "ALIBABA", "Alice", "carol"])
      assert.deepStrictEqual(refs(yield* list("sort=score&dir=asc")), ["carol", "Alice", "ALIBABA", "bob"])
      assert.deepStrictEqual(refs(yield* list("sort=participantRef&dir=asc")), ["ALIBABA", "Alice", "bob", "carol"])
      const search = yield* list("search=ali")
      assert.deepStrictEqual(refs(search).sort(), ["ALIBABA", "Alice"])
      assert.strictEqual(search.body.total, 2)
      const page = yield* list("sort=score&dir=desc&limit=2&offset=1")
      assert.deepStrictEqual(refs(page), ["ALIBABA", "Alice"])
      assert.strictEqual(page.body.total, 4)
      assert.strictEqual((yield* list("eligible=false")).body.total, 0)
      assert.strictEqual((yield* list("limit=500")).status, 200)
      for (const q of ["limit=0", "limit=501", "sort=name", "dir=up", "eligible=yes", `search=${"x".repeat(201)}`]) {
        const reply = yield* list(q)
        assert.strictEqual(reply.status, 400, q)
        assert.include(Steps.paths(reply.body), q.split("=")[0])
      }
      const stranger = yield* setup()
      assert.strictEqual((yield* stranger.call("GET", `/v1/game-instances/${s.campaign.id}/entries`)).status, 404)
    })
  )

  it.effect("play limits: mint answers 409 once the plays are used; a played campaign cannot be deleted", () =>
    Effect.gen(function* () {
      const s = yield* setup({ campaign: { maxPlaysPerParticipant: 2 } })
      yield* s.play("p")
      yield* s.play("p")
      const third = yield* s.mint("p")
      assert.strictEqual(third.status, 409)
      assert.strictEqual(third.body.error.code, "conflict")
      assert.strictEqual((yield* s.mint("someone-else")).status, 201)
      const del = yield* s.call("DELETE", `/v1/game-instances/${s.campaign.id}`)
      assert.strictEqual(del.status, 409)
    })
  )

  it.effect("play limits hold under concurrency: 50 simultaneous starts with a limit of 3 give 3 sessions", () =>
    Effect.gen(function* () {
      const s = yield* setup({ campaign: { maxPlaysPerParticipant: 3 } })
      const tokens: Array<string> = []
      for (let i = 0; i < 50; i++) tokens.push(yield* s.token("racer"))
      const replies = yield* Effect.all(tokens.map(s.start), { concurrency: "unbounded" })
      assert.strictEqual(replies.filter((r) => r.status === 201).length, 3)
      assert.strictEqual(replies.filter((r) => r.status === 409).length, 47)
    })
  )

  it.effect("finish under concurrency: 20 simultaneous finishes of one session give one 200 and one entry", () =>
    Effect.gen(function* () {
      const s = yield* setup()
      const t = yield* s.token("racer")
      const { session } = (yield* s.start(t)).body
      const replies = yield* Effect.all(
        Array.from({ length: 20 }, () => s.finish(t, session.id, {})),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(
        replies.map((r) => r.status).sort(),
        [200, ...Array.from({ length: 19 }, () => 409)],
        replies.map((r) => r.text).join("\n")
      )
      const entries = (yield* s.call("GET", `/v1/game-instances/${s.campaign.id}/entries`)).body
      assert.strictEqual(entries.total, 1)
      assert.deepStrictEqual(entries.entries[0], replies.find((r) => r.status === 200)!.body.entry)
    })
  )

  it.effect("the channel's daily limit spans the channel's campaigns", () =>
    Effect.gen(function* () {
      const s = yield* setup({ channel: { maxPlaysPerParticipantPerDay: 2 } })
      yield* s.play("p")
      yield* s.call("POST", `/v1/game-instances/${s.campaign.id}/pause`)
      const next = yield* s.createCampaign("Next", "spin-the-wheel")
      yield* s.call("POST", `/v1/game-instances/${next.id}/activate`)
      yield* s.play("p")
      assert.strictEqual((yield* s.mint("p")).status, 409)
    })
  )

  it.effect("the plan's plays a month answers 402 at mint", () =>
    Effect.gen(function* () {
      const s = yield* setup({ account: { limits: { playsPerMonth: 1 } } })
      yield* s.play("p1")
      const over = yield* s.mint("p2")
      assert.strictEqual(over.status, 402)
      assert.strictEqual(over.body.error.details[0].path, "limits.playsPerMonth")
    })
  )

  it.effect("the plan's plays a month are counted at start: tokens minted before the month filled up get 402", () =>
    Effect.gen(function* () {
      const s = yield* setup({ account: { limits: { playsPerMonth: 1 } } })
      const tokens = [yield* s.token("p1"), yield* s.token("p2"), yield* s.token("p3")]
      const first = yield* s.start(tokens[0]!)
      assert.strictEqual(first.status, 201, first.text)
      for (const token of tokens.slice(1)) {
        const over = yield* s.start(token)
        assert.strictEqual(over.status, 402, over.text)
        assert.strictEqual(over.body.error.code, "upgrade_required")
        assert.strictEqual(over.body.error.details[0].path, "limits.playsPerMonth")
      }
      // Refused starts count nothing: raising the limit to 2 lets exactly one more play start.
      const raised = yield* s.request("PATCH", `/admin/v1/accounts/${s.accountId}`, {
        key: ADMIN_TOKEN,
        body: { limits: { playsPerMonth: 2 } }
      })
      assert.strictEqual(raised.status, 200, raised.text)
      assert.strictEqual((yield* s.start(tokens[1]!)).status, 201)
      assert.strictEqual((yield* s.start(tokens[2]!)).status, 402)
      // A used token stays 409, not 402.
      assert.strictEqual((yield* s.start(tokens[0]!)).status, 409)
    })
  )

  it.effect("the month's count at start holds with campaign play limits set too (the counted start)", () =>
    Effect.gen(function* () {
      const s = yield* setup({ account: { limits: { playsPerMonth: 2 } }, campaign: { maxPlaysPerParticipant: 5 } })
      const tokens = [yield* s.token("p1"), yield* s.token("p2"), yield* s.token("p3")]
      const replies = yield* Effect.all(tokens.map(s.start), { concurrency: "unbounded" })
      assert.deepStrictEqual(replies.map((r) => r.status).sort(), [201, 201, 402])
    })
  )

  it.effect("a live campaign whose game was taken out of the plan mints no more: 402 naming features.games", () =>
    Effect.gen(function* () {
      const s = yield* setup()
      const { request } = yield* TestServer
      assert.strictEqual((yield* s.mint("p1")).status, 201)
      const changed = yield* request("PATCH", `/admin/v1/accounts/${s.accountId}`, {
        key: ADMIN_TOKEN,
        body: { features: { games: ["quiz"] } }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      const refused = yield* s.mint("p2")
      assert.strictEqual(refused.status, 402, refused.text)
      assert.strictEqual(refused.body.error.details[0].path, "features.games")
    })
  )

  it.effect("a token minted just before a changeover still plays the campaign it was minted for", () =>
    Effect.gen(function* () {
      const s = yield* setup()
      const early = yield* s.token("p")
      const next = yield* s.createCampaign("Next", "spin-the-wheel")
      const handoverAt = new Date(Date.now() + 1500).toISOString()
      assert.strictEqual((yield* s.call("POST", `/v1/game-instances/${next.id}/activate`, { handoverAt })).status, 200)
      yield* Effect.sleep("1600 millis")
      const late = yield* s.mint("p")
      assert.strictEqual(decodeJwt(late.body.clientToken).payload.gid, next.id)
      const started = yield* s.start(early)
      assert.strictEqual(started.status, 201, started.text)
      assert.strictEqual(started.body.session.gameInstanceId, s.campaign.id)
      // Its finish records the entry on that campaign too, not on the one live now.
      const finished = yield* s.finish(early, started.body.session.id, {})
      assert.strictEqual(finished.status, 200, finished.text)
      assert.strictEqual(finished.body.entry.gameInstanceId, s.campaign.id)
      assert.strictEqual(finished.body.entry.participantRef, "p")
      const entries = (yield* s.call("GET", `/v1/game-instances/${s.campaign.id}/entries`)).body
      assert.deepStrictEqual(entries.entries, [finished.body.entry])
      assert.strictEqual((yield* s.call("GET", `/v1/game-instances/${next.id}/entries`)).body.total, 0)
    })
  )
})
