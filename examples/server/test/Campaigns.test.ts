/**
 * Campaigns over HTTP: the games and their config schemas, a draft's defaults and every field read
 * back, permissions and the plan's games and limits, listing and PATCH, activation and the
 * lifecycle, one live campaign per channel (also under racing activations), a prediction's
 * resolution and deletion.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, TestServer } from "./support/TestServer.ts"

const wheel = {
  segments: [
    { id: "win", label: "Prize", isWin: true, weight: 1 },
    { id: "lose", label: "Try again", isWin: false, weight: 3 }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
}
const prediction = {
  question: "Who wins the final?",
  options: [
    { id: "a", label: "Team A" },
    { id: "b", label: "Team B" }
  ]
}
const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

/** An account with a channel, and helpers bound to its owner key. */
const setup = (accountBody: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { id: accountId, key } = yield* account(accountBody)
    const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "Main" } })).body.channel
    const as = (k: string) => (method: string, path: string, body?: unknown) => request(method, path, { key: k, body })
    const call = as(key)
    const create = (body: Record<string, unknown> = {}) =>
      call("POST", "/v1/game-instances", {
        gameSlug: "spin-the-wheel",
        name: "Wheel",
        channelId: channel.id,
        config: wheel,
        ...body
      })
    const keyWith = (permissions: Array<string>) => Steps.keyWith(call, ...permissions)
    return { accountId, key, channel, call, as, create, keyWith }
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("campaigns", (it) => {
  it.effect("GET /v1/games lists the four games with their config JSON Schemas", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      const reply = yield* call("GET", "/v1/games")
      assert.strictEqual(reply.status, 200)
      const bySlug = Object.fromEntries(reply.body.games.map((g: any) => [g.slug, g]))
      assert.deepStrictEqual(Object.keys(bySlug).sort(), ["memory-match", "prediction", "quiz", "spin-the-wheel"])
      assert.strictEqual(bySlug["spin-the-wheel"].result, "outcome")
      assert.strictEqual(bySlug["spin-the-wheel"].defaultWinnerAlgorithm, "random_uniform")
      assert.strictEqual(bySlug["quiz"].result, "score")
      assert.strictEqual(bySlug["quiz"].defaultWinnerAlgorithm, "score_highest")
      assert.strictEqual(bySlug["prediction"].result, "prediction")
      assert.strictEqual(bySlug["memory-match"].defaultWinnerAlgorithm, "score_highest")
      for (const game of reply.body.games) {
        assert.strictEqual(game.configSchema.type, "object", game.slug)
        assert.isTrue(game.labelKeys.length > 0)
      }
      assert.isDefined(bySlug["spin-the-wheel"].configSchema.properties.segments)
    })
  )

  it.effect("creates a draft with the specification's defaults", () =>
    Effect.gen(function* () {
      const { create, channel } = yield* setup()
      const reply = yield* create({ config: undefined })
      assert.strictEqual(reply.status, 201, reply.text)
      const c = reply.body.gameInstance
      assert.strictEqual(c.status, "draft")
      assert.strictEqual(c.gameSlug, "spin-the-wheel")
      assert.isString(c.gameId)
      assert.strictEqual(c.channelId, channel.id)
      assert.deepStrictEqual(c.config, {})
      assert.strictEqual(c.prize, null)
      assert.strictEqual(c.theme, null)
      assert.strictEqual(c.winnerSelectionTrigger, "manual")
      assert.strictEqual(c.winnerSelectionAlgorithm, "random_uniform")
      assert.deepStrictEqual(c.winnerSelectionConfig, Steps.defaultDrawRules(1))
      assert.strictEqual(c.playLimitTimezone, "UTC")
      for (const k of [
        "scheduleAt",
        "resolvedOptionId",
        "resolvedAt",
        "maxPlaysPerParticipant",
        "maxPlaysPerParticipantPerDay",
        "liveFrom",
        "liveUntil",
        "activatedAt"
      ]) {
        assert.strictEqual(c[k], null, k)
      }
    })
  )

  it.effect("stores every field given and reads it back", () =>
    Effect.gen(function* () {
      const { create, call } = yield* setup()
      const body = {
        prize: { label: "A bike", description: "Red", externalRef: "SKU-1" },
        winnerSelectionTrigger: "auto_on_schedule",
        winnerSelectionAlgorithm: "random_weighted",
        winnerSelectionConfig: {
          maxWinners: 1000,
          tieBreak: "random",
          windowStart: "2030-01-01T00:00:00.000Z",
          windowEnd: "2030-02-01T00:00:00.000Z"
        },
        scheduleAt: "2030-02-02T10:00:00.000Z",
        liveFrom: "2030-01-01T00:00:00.000Z",
        liveUntil: "2030-02-01T00:00:00.000Z",
        maxPlaysPerParticipant: 5,
        maxPlaysPerParticipantPerDay: 1,
        playLimitTimezone: "Pacific/Auckland",
        theme: {
          colors: { bg: "#112233" },
          labels: { spinButton: "Spin!" },
          layout: { position: "top", width: "wide" }
        }
      }
      const reply = yield* create(body)
      assert.strictEqual(reply.status, 201, reply.text)
      const got = (yield* call("GET", `/v1/game-instances/${reply.body.gameInstance.id}`)).body.gameInstance
      for (const [k, v] of Object.entries(body)) assert.deepStrictEqual(got[k], v, k)
      assert.deepStrictEqual(got.config, wheel)
    })
  )

  const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
    ["unknown game", { gameSlug: "chess" }, "gameSlug"],
    ["unknown channel", { channelId: "ch_nope" }, "channelId"],
    ["empty name", { name: "" }, "name"],
    ["long name", { name: "n".repeat(201) }, "name"],
    ["maxWinners 0", { winnerSelectionConfig: { maxWinners: 0 } }, "winnerSelectionConfig.maxWinners"],
    ["maxWinners 1001", { winnerSelectionConfig: { maxWinners: 1001 } }, "winnerSelectionConfig.maxWinners"],
    ["tieBreak", { winnerSelectionConfig: { tieBreak: "coin" } }, "winnerSelectionConfig.tieBreak"],
    ["trigger", { winnerSelectionTrigger: "sometimes" }, "winnerSelectionTrigger"],
    ["algorithm", { winnerSelectionAlgorithm: "best" }, "winnerSelectionAlgorithm"],
    ["score_highest on the wheel", { winnerSelectionAlgorithm: "score_highest" }, "winnerSelectionAlgorithm"],
    ["schedule missing", { winnerSelectionTrigger: "auto_on_schedule" }, "scheduleAt"],
    ["bad date", { scheduleAt: "tomorrow" }, "scheduleAt"],
    ["window reversed", { liveFrom: "2030-02-01T00:00:00Z", liveUntil: "2030-01-01T00:00:00Z" }, "liveUntil"],
    ["plays 0", { maxPlaysPerParticipant: 0 }, "maxPlaysPerParticipant"],
    ["plays 10001", { maxPlaysPerParticipantPerDay: 10001 }, "maxPlaysPerParticipantPerDay"],
    ["time zone", { playLimitTimezone: "Nowhere/City" }, "playLimitTimezone"],
    ["year 0", { liveFrom: "0000-01-01T00:00:00Z" }, "liveFrom"],
    ["30 February", { liveUntil: "2027-02-30T00:00:00Z" }, "liveUntil"],
    [
      "a window starting in year 0",
      { winnerSelectionConfig: { windowStart: "0000-06-01T00:00:00Z" } },
      "winnerSelectionConfig.windowStart"
    ],
    ["hour 24", { winnerSelectionTrigger: "auto_on_schedule", scheduleAt: "2027-01-01T24:00:00Z" }, "scheduleAt"],
    ["prize without label", { prize: { description: "x" } }, "prize.label"],
    ["prize empty label", { prize: { label: "" } }, "prize.label"],
    ["one segment", { config: { segments: [wheel.segments[0]] } }, "config.segments"],
    [
      "segment without label",
      { config: { segments: [{ id: "a", isWin: true }, wheel.segments[1]] } },
      "config.segments.0.label"
    ],
    [
      "background is a sound",
      { config: { ...wheel, art: { background: "https://cdn.example.com/bg.mp3" } } },
      "config.art.background"
    ],
    [
      "spin sound is an image",
      { config: { ...wheel, sounds: { spin: "https://cdn.example.com/spin.png" } } },
      "config.sounds.spin"
    ],
    [
      "a file the wheel does not define that is not an image",
      { config: { ...wheel, extra: { logo: "https://cdn.example.com/logo.mp3" } } },
      "config.extra.logo"
    ],
    [
      "an extra sound that is not a sound",
      { config: { ...wheel, sounds: { ...wheel.sounds, tick: "https://cdn.example.com/tick.png" } } },
      "config.sounds.tick"
    ],
    ["theme colour", { theme: { colors: { bg: "red" } } }, "theme.colors.bg"],
    ["theme label key", { theme: { labels: { nonsense: "x" } } }, "theme.labels.nonsense"],
    ["theme font", { theme: { fontFamily: "Arial; color: red" } }, "theme.fontFamily"],
    ["theme logo is a sound", { theme: { logoUrl: "https://cdn.example.com/logo.wav" } }, "theme.logoUrl"]
  ]
  for (const [label, body, path] of invalidBodies) {
    it.effect(`create refuses ${label} with 400 at ${path}`, () =>
      Effect.gen(function* () {
        const { create, call } = yield* setup()
        const reply = yield* create(body)
        assert.strictEqual(reply.status, 400, reply.text)
        assert.strictEqual(reply.body.error.code, "invalid_request")
        assert.include(Steps.paths(reply.body), path, reply.text)
        assert.strictEqual((yield* call("GET", "/v1/game-instances")).body.total, 0)
      })
    )
  }

  it.effect("create checks permissions (liveFrom needs channels.manage) and the plan's games (402)", () =>
    Effect.gen(function* () {
      const { create, as, keyWith } = yield* setup()
      const writer = yield* keyWith(["campaigns.write", "campaigns.read"])
      const withWindow = yield* as(writer)("POST", "/v1/game-instances", {
        gameSlug: "spin-the-wheel",
        name: "w",
        channelId: (yield* create()).body.gameInstance.channelId,
        liveFrom: future(10)
      })
      assert.strictEqual(withWindow.status, 403, withWindow.text)
      const free = yield* setup({ plan: "free" })
      const predictionOnFree = yield* free.create({ gameSlug: "prediction", config: prediction })
      assert.strictEqual(predictionOnFree.status, 402)
      assert.strictEqual(predictionOnFree.body.error.details[0].path, "features.games")
      const reader = yield* keyWith(["campaigns.read"])
      assert.strictEqual((yield* as(reader)("POST", "/v1/game-instances", { name: "x" })).status, 403)
    })
  )

  it.effect("a game taken out of the plan since its campaign was made: activation is 402 naming features.games", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const { id, key } = yield* account({})
      const call = Steps.caller(request, key)
      const { created } = yield* Steps.channelWithCampaign(call, { name: "w", config: wheel })
      const campaignId = created.body.gameInstance.id
      const narrowed = yield* request("PATCH", `/admin/v1/accounts/${id}`, {
        key: ADMIN_TOKEN,
        body: { features: { games: ["quiz"] } }
      })
      assert.strictEqual(narrowed.status, 200, narrowed.text)
      const refused = yield* call("POST", `/v1/game-instances/${campaignId}/activate`)
      assert.strictEqual(refused.status, 402, refused.text)
      assert.deepStrictEqual(Steps.paths(refused.body), ["features.games"])
      assert.strictEqual((yield* call("GET", `/v1/game-instances/${campaignId}`)).body.gameInstance.status, "draft")
    })
  )

  it.effect("get, list with filters and pagination; another account's campaigns are invisible", () =>
    Effect.gen(function* () {
      const { create, call, channel } = yield* setup()
      const other = (yield* call("POST", "/v1/channels", { name: "Other" })).body.channel
      const a = (yield* create({ name: "a" })).body.gameInstance
      const b = (yield* create({ name: "b", channelId: other.id })).body.gameInstance
      const c = (yield* create({ name: "c" })).body.gameInstance
      yield* call("POST", `/v1/game-instances/${c.id}/activate`, {})
      const all = yield* call("GET", "/v1/game-instances")
      assert.deepStrictEqual(
        all.body.gameInstances.map((x: any) => x.name),
        ["c", "b", "a"]
      )
      assert.strictEqual(all.body.total, 3)
      const onChannel = yield* call("GET", `/v1/game-instances?channelId=${channel.id}`)
      assert.deepStrictEqual(
        onChannel.body.gameInstances.map((x: any) => x.id),
        [c.id, a.id]
      )
      const active = yield* call("GET", "/v1/game-instances?status=active")
      assert.deepStrictEqual(
        active.body.gameInstances.map((x: any) => x.id),
        [c.id]
      )
      const page = yield* call("GET", "/v1/game-instances?limit=1&offset=1")
      assert.deepStrictEqual(
        page.body.gameInstances.map((x: any) => x.id),
        [b.id]
      )
      assert.strictEqual(page.body.total, 3)
      assert.strictEqual((yield* call("GET", "/v1/game-instances?status=running")).status, 400)

      const stranger = yield* setup()
      assert.strictEqual((yield* stranger.call("GET", `/v1/game-instances/${a.id}`)).status, 404)
      assert.strictEqual((yield* stranger.call("PATCH", `/v1/game-instances/${a.id}`, { name: "x" })).status, 404)
      assert.strictEqual((yield* stranger.call("POST", `/v1/game-instances/${a.id}/activate`, {})).status, 404)
      assert.strictEqual((yield* stranger.call("DELETE", `/v1/game-instances/${a.id}`)).status, 404)
      assert.strictEqual((yield* stranger.call("GET", "/v1/game-instances")).body.total, 0)
      const onTheirChannel = yield* stranger.create({ channelId: channel.id })
      assert.strictEqual(onTheirChannel.status, 400)
      assert.include(Steps.paths(onTheirChannel.body), "channelId")
    })
  )

  it.effect("PATCH changes what is sent; config needs config.write; an archived campaign is 409", () =>
    Effect.gen(function* () {
      const { create, call, as, keyWith } = yield* setup()
      const c = (yield* create({ config: undefined })).body.gameInstance
      const renamed = yield* call("PATCH", `/v1/game-instances/${c.id}`, { name: "Renamed", prize: { label: "Cup" } })
      assert.strictEqual(renamed.status, 200)
      assert.strictEqual(renamed.body.gameInstance.name, "Renamed")
      assert.deepStrictEqual(renamed.body.gameInstance.prize, { label: "Cup" })
      const writer = yield* keyWith(["campaigns.write", "campaigns.read"])
      const noConfig = yield* as(writer)("PATCH", `/v1/game-instances/${c.id}`, { config: wheel })
      assert.strictEqual(noConfig.status, 403)
      assert.strictEqual((yield* as(writer)("PATCH", `/v1/game-instances/${c.id}`, { name: "ok" })).status, 200)
      const configured = yield* call("PATCH", `/v1/game-instances/${c.id}`, { config: wheel })
      assert.deepStrictEqual(configured.body.gameInstance.config, wheel)
      const bad = yield* call("PATCH", `/v1/game-instances/${c.id}`, { config: { segments: [] } })
      assert.strictEqual(bad.status, 400)
      assert.include(Steps.paths(bad.body), "config.segments")
      assert.strictEqual((yield* call("PATCH", `/v1/game-instances/${c.id}`, {})).status, 400)
      yield* call("POST", `/v1/game-instances/${c.id}/archive`)
      const archived = yield* call("PATCH", `/v1/game-instances/${c.id}`, { name: "x" })
      assert.strictEqual(archived.status, 409)
      assert.strictEqual(archived.body.error.code, "conflict")
      yield* call("POST", `/v1/game-instances/${c.id}/restore`)
      assert.strictEqual((yield* call("PATCH", `/v1/game-instances/${c.id}`, { name: "back" })).status, 200)
    })
  )

  it.effect("activation: incomplete config 400, then active with activatedAt; the lifecycle moves as documented", () =>
    Effect.gen(function* () {
      const { create, call } = yield* setup()
      const c = (yield* create({ config: undefined })).body.gameInstance
      const incomplete = yield* call("POST", `/v1/game-instances/${c.id}/activate`)
      assert.strictEqual(incomplete.status, 400)
      assert.include(Steps.paths(incomplete.body), "config.segments")
      yield* call("PATCH", `/v1/game-instances/${c.id}`, { config: wheel })
      const active = yield* call("POST", `/v1/game-instances/${c.id}/activate`)
      assert.strictEqual(active.status, 200, active.text)
      assert.strictEqual(active.body.gameInstance.status, "active")
      const activatedAt = active.body.gameInstance.activatedAt
      assert.isString(activatedAt)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/activate`, {})).status, 409)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/restore`)).status, 409)
      const paused = yield* call("POST", `/v1/game-instances/${c.id}/pause`)
      assert.strictEqual(paused.body.gameInstance.status, "paused")
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/pause`)).status, 409)
      const again = yield* call("POST", `/v1/game-instances/${c.id}/activate`, {})
      assert.strictEqual(again.body.gameInstance.status, "active")
      assert.strictEqual(again.body.gameInstance.activatedAt, activatedAt)
      const archived = yield* call("POST", `/v1/game-instances/${c.id}/archive`)
      assert.strictEqual(archived.body.gameInstance.status, "archived")
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/activate`)).status, 409)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/archive`)).status, 409)
      const restored = yield* call("POST", `/v1/game-instances/${c.id}/restore`)
      assert.strictEqual(restored.body.gameInstance.status, "paused")
      const draft = (yield* create()).body.gameInstance
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${draft.id}/pause`)).status, 409)
      assert.strictEqual(
        (yield* call("POST", `/v1/game-instances/${draft.id}/archive`)).body.gameInstance.status,
        "archived"
      )
    })
  )

  const WHEEL_FILES = [
    "config.art.background",
    "config.art.pointer",
    "config.sounds.spin",
    "config.sounds.win",
    "config.sounds.lose"
  ]

  it.effect("activating a wheel needs its art and sounds: one detail per missing key, and it stays a draft", () =>
    Effect.gen(function* () {
      const { create, call } = yield* setup()
      const segmentsOnly = (yield* create({ config: { segments: wheel.segments } })).body.gameInstance
      const refused = yield* call("POST", `/v1/game-instances/${segmentsOnly.id}/activate`)
      assert.strictEqual(refused.status, 400, refused.text)
      assert.strictEqual(refused.body.error.code, "invalid_request")
      assert.deepStrictEqual(
        refused.body.error.details,
        WHEEL_FILES.map((path) => ({ path, message: "is required to activate the campaign" }))
      )
      const got = yield* call("GET", `/v1/game-instances/${segmentsOnly.id}`)
      assert.strictEqual(got.body.gameInstance.status, "draft")
      assert.isNull(got.body.gameInstance.activatedAt)
      for (const path of WHEEL_FILES) {
        const [, group, key] = path.split(".") as [string, "art" | "sounds", string]
        const { [key]: _dropped, ...rest } = wheel[group] as Record<string, string>
        const c = (yield* create({ name: path, config: { ...wheel, [group]: rest } })).body.gameInstance
        const reply = yield* call("POST", `/v1/game-instances/${c.id}/activate`)
        assert.strictEqual(reply.status, 400, `${path}: ${reply.text}`)
        assert.deepStrictEqual(Steps.paths(reply.body), [path])
      }
      const complete = (yield* create({ name: "complete" })).body.gameInstance
      const active = yield* call("POST", `/v1/game-instances/${complete.id}/activate`)
      assert.strictEqual(active.status, 200, active.text)
    })
  )

  it.effect("one live campaign per channel: an overlapping activation is 409; handover ends the live one", () =>
    Effect.gen(function* () {
      const { create, call, as, keyWith } = yield* setup()
      const first = (yield* create({ name: "first" })).body.gameInstance
      const second = (yield* create({ name: "second" })).body.gameInstance
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${first.id}/activate`)).status, 200)
      const clash = yield* call("POST", `/v1/game-instances/${second.id}/activate`)
      assert.strictEqual(clash.status, 409)
      assert.strictEqual(clash.body.error.code, "conflict")

      const activator = yield* keyWith(["campaigns.activate", "campaigns.read"])
      const handoverAt = future(60)
      const denied = yield* as(activator)("POST", `/v1/game-instances/${second.id}/activate`, { handoverAt })
      assert.strictEqual(denied.status, 403)
      const past = yield* call("POST", `/v1/game-instances/${second.id}/activate`, {
        handoverAt: "2020-01-01T00:00:00Z"
      })
      assert.strictEqual(past.status, 400)
      assert.include(Steps.paths(past.body), "handoverAt")

      const handed = yield* call("POST", `/v1/game-instances/${second.id}/activate`, { handoverAt })
      assert.strictEqual(handed.status, 200, handed.text)
      assert.strictEqual(handed.body.gameInstance.status, "active")
      assert.strictEqual(handed.body.gameInstance.liveFrom, handoverAt)
      const ended = (yield* call("GET", `/v1/game-instances/${first.id}`)).body.gameInstance
      assert.strictEqual(ended.status, "active")
      assert.strictEqual(ended.liveUntil, handoverAt)

      // A window after both is free; one overlapping the second is not.
      const later = (yield* create({ name: "later", liveFrom: future(120), liveUntil: future(180) })).body.gameInstance
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${later.id}/activate`)).status, 409)
      yield* call("PATCH", `/v1/game-instances/${second.id}`, { liveUntil: future(100) })
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${later.id}/activate`)).status, 200)
      const stretch = yield* call("PATCH", `/v1/game-instances/${second.id}`, { liveUntil: future(150) })
      assert.strictEqual(stretch.status, 409)
    })
  )

  it.effect("the live-campaign plan limit answers 402", () =>
    Effect.gen(function* () {
      const { create, call } = yield* setup({ limits: { liveCampaigns: 1 } })
      const otherChannel = (yield* call("POST", "/v1/channels", { name: "Second" })).body.channel
      const a = (yield* create()).body.gameInstance
      const b = (yield* create({ channelId: otherChannel.id })).body.gameInstance
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${a.id}/activate`)).status, 200)
      const over = yield* call("POST", `/v1/game-instances/${b.id}/activate`)
      assert.strictEqual(over.status, 402)
      assert.strictEqual(over.body.error.details[0].path, "limits.liveCampaigns")
      yield* call("POST", `/v1/game-instances/${a.id}/pause`)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${b.id}/activate`)).status, 200)
    })
  )

  it.effect(
    "a campaign whose window ended goes live again only as an activation would: within the plan's limit and games",
    () =>
      Effect.gen(function* () {
        const { accountId, create, call } = yield* setup({ limits: { liveCampaigns: 1 } })
        const { request } = yield* TestServer
        const otherChannel = (yield* call("POST", "/v1/channels", { name: "Second" })).body.channel
        const a = (yield* create({ liveUntil: new Date(Date.now() + 1500).toISOString() })).body.gameInstance
        const b = (yield* create({ channelId: otherChannel.id })).body.gameInstance
        assert.strictEqual((yield* call("POST", `/v1/game-instances/${a.id}/activate`)).status, 200)
        yield* Effect.sleep("1600 millis")
        // A's window has ended: B may go live; A may not come back over the limit.
        assert.strictEqual((yield* call("POST", `/v1/game-instances/${b.id}/activate`)).status, 200)
        const reopened = yield* call("PATCH", `/v1/game-instances/${a.id}`, { liveUntil: null })
        assert.strictEqual(reopened.status, 402, reopened.text)
        assert.strictEqual(reopened.body.error.details[0].path, "limits.liveCampaigns")
        assert.isNotNull((yield* call("GET", `/v1/game-instances/${a.id}`)).body.gameInstance.liveUntil)

        // Within the limit, but the plan no longer has the game.
        yield* call("POST", `/v1/game-instances/${b.id}/pause`)
        yield* request("PATCH", `/admin/v1/accounts/${accountId}`, {
          key: ADMIN_TOKEN,
          body: { features: { games: ["quiz"] } }
        })
        const noGame = yield* call("PATCH", `/v1/game-instances/${a.id}`, { liveUntil: null })
        assert.strictEqual(noGame.status, 402, noGame.text)
        assert.strictEqual(noGame.body.error.details[0].path, "features.games")
      })
  )

  it.effect("two activations racing on one channel leave exactly one live", () =>
    Effect.gen(function* () {
      const { create, call, channel } = yield* setup()
      const ids: Array<string> = []
      for (let i = 0; i < 8; i++) ids.push((yield* create({ name: `r${i}` })).body.gameInstance.id)
      const replies = yield* Effect.all(
        ids.map((id) => call("POST", `/v1/game-instances/${id}/activate`)),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(replies.filter((r) => r.status === 200).length, 1)
      assert.strictEqual(replies.filter((r) => r.status === 409).length, 7)
      const active = yield* call("GET", `/v1/game-instances?channelId=${channel.id}&status=active`)
      assert.strictEqual(active.body.total, 1)
    })
  )

  it.effect("resolve marks a prediction's option; unknown option 400; other games 409", () =>
    Effect.gen(function* () {
      const { create, call, as, keyWith } = yield* setup()
      const p = (yield* create({ gameSlug: "prediction", config: prediction })).body.gameInstance
      assert.strictEqual(p.winnerSelectionAlgorithm, "random_uniform")
      const unknown = yield* call("POST", `/v1/game-instances/${p.id}/resolve`, { optionId: "z" })
      assert.strictEqual(unknown.status, 400)
      assert.include(Steps.paths(unknown.body), "optionId")
      const noPermission = yield* as(yield* keyWith(["campaigns.write"]))(
        "POST",
        `/v1/game-instances/${p.id}/resolve`,
        {
          optionId: "a"
        }
      )
      assert.strictEqual(noPermission.status, 403)
      const resolved = yield* call("POST", `/v1/game-instances/${p.id}/resolve`, { optionId: "b" })
      assert.strictEqual(resolved.status, 200)
      assert.strictEqual(resolved.body.gameInstance.resolvedOptionId, "b")
      assert.isString(resolved.body.gameInstance.resolvedAt)
      const same = yield* call("POST", `/v1/game-instances/${p.id}/resolve`, { optionId: "b" })
      assert.strictEqual(same.body.gameInstance.resolvedAt, resolved.body.gameInstance.resolvedAt)
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${p.id}/resolve`, { optionId: "a" })).status, 409)
      const w = (yield* create()).body.gameInstance
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${w.id}/resolve`, { optionId: "a" })).status, 409)
    })
  )

  it.effect("delete needs campaigns.delete and removes the campaign; a channel with campaigns cannot be deleted", () =>
    Effect.gen(function* () {
      const { create, call, as, keyWith, channel } = yield* setup()
      const c = (yield* create()).body.gameInstance
      assert.strictEqual((yield* call("DELETE", `/v1/channels/${channel.id}`)).status, 409)
      const writer = yield* keyWith(["campaigns.write"])
      assert.strictEqual((yield* as(writer)("DELETE", `/v1/game-instances/${c.id}`)).status, 403)
      const deleted = yield* call("DELETE", `/v1/game-instances/${c.id}`)
      assert.deepStrictEqual(deleted.body, { deleted: true, id: c.id })
      assert.strictEqual((yield* call("GET", `/v1/game-instances/${c.id}`)).status, 404)
      assert.strictEqual((yield* call("DELETE", `/v1/channels/${channel.id}`)).status, 200)
    })
  )
})
