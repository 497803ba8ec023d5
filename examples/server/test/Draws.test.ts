/**
 * Draws over HTTP, as an integrator sees them: the trigger (permission, strict body, rate limit,
 * automatic campaigns and unresolved predictions refused), the runs' list and records, another
 * account's and another campaign's runs not found, verification (true, then false once a
 * stored entry is changed behind the server's back), the audit document checked offline with
 * `verifyDraw`, `winner_selected` delivered to a webhook, a scheduled draw and an instant win.
 *
 * The server runs on the store of this project (`CG_TEST_STORE`); the test keeps a handle on the
 * same store to change an entry the way no API can.
 */
import { verifyDraw } from "@campaign-games/core"
import { MemoryStore } from "@campaign-games/testing"
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { make, storeLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()

/** Changes a stored entry's weight behind the server's back, on whichever store it runs. */
class Backdoor extends Context.Service<
  Backdoor,
  { readonly setWeight: (entryId: string, weight: number) => Effect.Effect<void> }
>()("test/Backdoor") {}

/** The test server over a store built once, and the backdoor into that store. */
const serverAndBackdoor = Layer.unwrap(
  Effect.gen(function* () {
    const store = yield* Layer.build(storeLayer() as Layer.Layer<MemoryStore.Services | SqlClient.SqlClient, unknown>)
    const sql = Context.getOption(store, SqlClient.SqlClient)
    const memory = Context.getOption(store, MemoryStore.MemoryDatabase)
    const setWeight = (entryId: string, weight: number): Effect.Effect<void> =>
      Option.isSome(sql)
        ? Effect.orDie(sql.value`UPDATE entries SET weight = ${weight} WHERE id = ${entryId}`)
        : Option.isSome(memory)
          ? Effect.suspend(() => {
              const { entries } = memory.value.tables
              const entry = entries.get(entryId)!
              return entries.set(entryId, { ...entry, weight })
            })
          : Effect.die("no store to change")
    return Layer.merge(make(Layer.succeedContext(store)), Layer.succeed(Backdoor, Backdoor.of({ setWeight })))
  })
)

/** An account with an allowed origin and a channel, and calls bound to its owner key. */
const setup = Effect.gen(function* () {
  const { request, account } = yield* TestServer
  const { key } = yield* account()
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    request(method, path, { key, body, headers })
  yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
  const channel = (yield* call("POST", "/v1/channels", { name: "Main" })).body.channel
  const keyWith = (permissions: Array<string>) => Steps.keyWith(Steps.caller(request, key), ...permissions)
  /** A live wheel campaign (with `body`'s settings) on the channel. */
  const campaign = (body: Record<string, unknown> = {}) =>
    Effect.gen(function* () {
      const created = yield* call("POST", "/v1/game-instances", {
        gameSlug: "spin-the-wheel",
        name: "Draw",
        channelId: channel.id,
        config: Steps.WHEEL,
        prize: { label: "A bicycle", description: "Blue" },
        ...body
      })
      assert.strictEqual(created.status, 201, created.text)
      const activated = yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)
      assert.strictEqual(activated.status, 200, activated.text)
      return activated.body.gameInstance
    })
  /** One whole play of a prediction by `participantRef`, choosing `optionId`: its entry. */
  const predict = (participantRef: string, optionId: string) =>
    Effect.gen(function* () {
      const minted = yield* call("POST", "/v1/auth/session-tokens", {
        channelId: channel.id,
        participantRef,
        origin: ORIGIN
      })
      const token = minted.body.clientToken
      const started = yield* request("POST", "/v1/play/sessions", { key: token })
      const finished = yield* request("POST", `/v1/play/sessions/${started.body.session.id}/finish`, {
        key: token,
        body: { optionId }
      })
      assert.strictEqual(finished.status, 200, finished.text)
      return finished.body.entry
    })
  /** One whole play of `participantRef`: its entry. */
  const play = (participantRef: string) =>
    Effect.gen(function* () {
      const { finished } = yield* Steps.play(request, { key, channelId: channel.id, participantRef, origin: ORIGIN })
      assert.strictEqual(finished.status, 200, finished.text)
      return finished.body.entry
    })
  return { key, call, request, channel, keyWith, campaign, play, predict }
})

/** Polls `GET …/runs` until `count` runs are listed (up to `timeoutMs`). */
const waitForRuns = (
  call: (m: string, p: string) => Effect.Effect<any>,
  campaignId: string,
  count: number,
  timeoutMs = 15_000
) =>
  Effect.gen(function* () {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const reply = yield* call("GET", `/v1/game-instances/${campaignId}/winner-selection/runs`)
      if (reply.body.total >= count || Date.now() > deadline) return reply.body
      yield* Effect.sleep("200 millis")
    }
  })

layer(serverAndBackdoor, { excludeTestServices: true, timeout: "120 seconds" })("draws", (it) => {
  it.effect("a campaign publishes its seedCommitment from creation", () =>
    Effect.gen(function* () {
      const { campaign } = yield* setup
      const c = yield* campaign()
      assert.match(c.seedCommitment, /^[0-9a-f]{64}$/u)
    })
  )

  it.effect("trigger draws winners, answers the run, lists it, and reads it back", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      const c = yield* campaign({ winnerSelectionConfig: { maxWinners: 2 } })
      const entries = []
      for (const player of ["ana", "ben", "ana", "cleo"]) entries.push(yield* play(player))
      const reply = yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`, {})
      assert.strictEqual(reply.status, 200, reply.text)
      const run = reply.body.run
      assert.deepStrictEqual(Object.keys(run), [
        "id",
        "gameInstanceId",
        "sequence",
        "trigger",
        "algorithm",
        "algorithmVersion",
        "rules",
        "seed",
        "seedCommitment",
        "chainPosition",
        "moment",
        "entriesConsidered",
        "entriesHash",
        "winners",
        "createdAt"
      ])
      assert.strictEqual(run.gameInstanceId, c.id)
      assert.strictEqual(run.trigger, "manual")
      assert.strictEqual(run.algorithm, "random_uniform")
      assert.strictEqual(run.algorithmVersion, "cg-draw/2")
      assert.deepStrictEqual(run.rules, {
        ...Steps.defaultDrawRules(2),
        entriesBefore: null
      })
      assert.isNull(run.seedCommitment)
      assert.strictEqual(run.entriesConsidered, 4)
      assert.match(run.entriesHash, /^[0-9a-f]{64}$/u)
      assert.lengthOf(run.winners, 2)
      assert.deepStrictEqual(
        run.winners.map((w: any) => w.rank),
        [1, 2]
      )
      assert.notStrictEqual(run.winners[0].participantRef, run.winners[1].participantRef)
      for (const w of run.winners) {
        assert.deepStrictEqual(w.prize, { label: "A bicycle", description: "Blue" })
        assert.include(
          entries.filter((e: any) => e.participantRef === w.participantRef).map((e: any) => e.id),
          w.entryId
        )
      }
      const second = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      assert.lengthOf(second.winners, 1, "the player who has not won yet")
      const listed = yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs?limit=1`)
      assert.strictEqual(listed.status, 200)
      assert.strictEqual(listed.body.total, 2)
      assert.deepStrictEqual(
        listed.body.runs.map((r: any) => r.id),
        [second.id]
      )
      const page2 = yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs?limit=1&offset=1`)
      assert.deepStrictEqual(page2.body.runs, [run])
      const one = yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}`)
      assert.deepStrictEqual(one.body, { run })
    })
  )

  it.effect("errors: unknown campaign or run 404, automatic campaign 409, bad body and query 400", () =>
    Effect.gen(function* () {
      const { call, campaign, channel } = yield* setup
      const { request, account } = yield* TestServer
      const c = yield* campaign()
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const base = `/v1/game-instances/${c.id}/winner-selection`
      const unknown = yield* call("POST", "/v1/game-instances/gi_nope/winner-selection/trigger")
      assert.strictEqual(unknown.status, 404)
      assert.strictEqual(unknown.body.error.code, "not_found")
      for (const path of [`${base}/runs/run_nope`, `${base}/runs/run_nope/audit`]) {
        const reply = yield* call("GET", path)
        assert.strictEqual(reply.status, 404, path)
        assert.deepStrictEqual(Steps.paths(reply.body), ["runId"])
      }
      assert.strictEqual((yield* call("POST", `${base}/runs/run_nope/verify`)).status, 404)
      const stranger = (yield* account()).key
      assert.strictEqual((yield* request("GET", `${base}/runs/${run.id}`, { key: stranger })).status, 404)
      assert.strictEqual((yield* request("POST", `${base}/trigger`, { key: stranger })).status, 404)
      for (const [method, path] of [
        ["GET", `${base}/runs`],
        ["POST", `${base}/runs/${run.id}/verify`],
        ["GET", `${base}/runs/${run.id}/audit`]
      ] as const) {
        const reply = yield* request(method, path, { key: stranger })
        assert.strictEqual(reply.status, 404, `another account's key: ${path}`)
        assert.strictEqual(reply.body.error.code, "not_found")
        assert.notInclude(reply.text, run.id, "nothing of the run shows")
      }

      const extra = yield* call("POST", `${base}/trigger`, { again: true })
      assert.strictEqual(extra.status, 400)
      assert.deepStrictEqual(Steps.paths(extra.body), ["again"], extra.text)
      const verifyExtra = yield* call("POST", `${base}/runs/${run.id}/verify`, { strict: false })
      assert.strictEqual(verifyExtra.status, 400, verifyExtra.text)
      assert.strictEqual(verifyExtra.body.error.code, "invalid_request")
      assert.deepStrictEqual(Steps.paths(verifyExtra.body), ["strict"], verifyExtra.text)
      const badJson = yield* request("POST", `${base}/trigger`, {
        key: (yield* setup).key,
        rawBody: "{",
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(badJson.status, 400)
      const badLimit = yield* call("GET", `${base}/runs?limit=201`)
      assert.strictEqual(badLimit.status, 400)
      assert.deepStrictEqual(Steps.paths(badLimit.body), ["limit"])
      assert.deepStrictEqual(Steps.paths((yield* call("GET", `${base}/runs?offset=-1`)).body), ["offset"])

      const scheduled = (yield* call("POST", "/v1/game-instances", {
        gameSlug: "spin-the-wheel",
        name: "Scheduled",
        channelId: channel.id,
        winnerSelectionTrigger: "auto_on_schedule",
        scheduleAt: inMs(3_600_000)
      })).body.gameInstance
      const refused = yield* call("POST", `/v1/game-instances/${scheduled.id}/winner-selection/trigger`)
      assert.strictEqual(refused.status, 409)
      assert.strictEqual(refused.body.error.code, "conflict")
      assert.deepStrictEqual(Steps.paths(refused.body), ["winnerSelectionTrigger"])

      // A run of another campaign of the same account is not this campaign's.
      const elsewhere = `/v1/game-instances/${scheduled.id}/winner-selection/runs/${run.id}`
      for (const [method, path] of [
        ["GET", elsewhere],
        ["POST", `${elsewhere}/verify`],
        ["GET", `${elsewhere}/audit`]
      ] as const) {
        const reply = yield* call(method, path)
        assert.strictEqual(reply.status, 404, path)
        assert.strictEqual(reply.body.error.code, "not_found")
        assert.deepStrictEqual(Steps.paths(reply.body), ["runId"], path)
      }
    })
  )

  it.effect("a prediction draws only once resolved: 409 naming resolvedOptionId, then only right predictions win", () =>
    Effect.gen(function* () {
      const { call, campaign, predict } = yield* setup
      const c = yield* campaign({
        gameSlug: "prediction",
        config: {
          question: "Who wins?",
          options: [
            { id: "a", label: "A" },
            { id: "b", label: "B" }
          ]
        },
        winnerSelectionConfig: { maxWinners: 10 }
      })
      const right = []
      for (const [player, optionId] of [
        ["ana", "a"],
        ["ben", "b"],
        ["cleo", "a"],
        ["dev", "b"]
      ] as const) {
        const entry = yield* predict(player, optionId)
        if (optionId === "a") right.push(entry.id)
      }
      const path = `/v1/game-instances/${c.id}/winner-selection/trigger`
      const refused = yield* call("POST", path)
      assert.strictEqual(refused.status, 409, refused.text)
      assert.strictEqual(refused.body.error.code, "conflict")
      assert.deepStrictEqual(Steps.paths(refused.body), ["resolvedOptionId"])
      assert.strictEqual(
        (yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs`)).body.total,
        0,
        "no empty run kept"
      )
      const resolved = yield* call("POST", `/v1/game-instances/${c.id}/resolve`, { optionId: "a" })
      assert.strictEqual(resolved.status, 200, resolved.text)
      const drawn = yield* call("POST", path)
      assert.strictEqual(drawn.status, 200, drawn.text)
      assert.strictEqual(drawn.body.run.entriesConsidered, 2)
      assert.sameMembers(
        drawn.body.run.winners.map((w: any) => w.entryId),
        right
      )
      const verified = yield* call(
        "POST",
        `/v1/game-instances/${c.id}/winner-selection/runs/${drawn.body.run.id}/verify`
      )
      assert.isTrue(verified.body.verified)
    })
  )

  it.effect("permissions: trigger needs draws.run; runs, a run, verify and audit need results.read", () =>
    Effect.gen(function* () {
      const { call, request, campaign, keyWith } = yield* setup
      const c = yield* campaign()
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const base = `/v1/game-instances/${c.id}/winner-selection`
      const reader = yield* keyWith(["results.read"])
      const runner = yield* keyWith(["draws.run"])
      const denied = yield* request("POST", `${base}/trigger`, { key: reader })
      assert.strictEqual(denied.status, 403)
      assert.strictEqual(denied.body.error.code, "forbidden")
      assert.strictEqual((yield* request("POST", `${base}/trigger`, { key: runner })).status, 200)
      for (const [method, path] of [
        ["GET", `${base}/runs`],
        ["GET", `${base}/runs/${run.id}`],
        ["POST", `${base}/runs/${run.id}/verify`],
        ["GET", `${base}/runs/${run.id}/audit`]
      ] as const) {
        assert.strictEqual((yield* request(method, path, { key: runner })).status, 403, path)
        assert.strictEqual((yield* request(method, path, { key: reader })).status, 200, path)
      }
      assert.strictEqual((yield* request("GET", `${base}/runs`)).status, 401)
    })
  )

  it.effect("trigger is limited to 30 a minute per key, with X-RateLimit-* headers and a 429 with Retry-After", () =>
    Effect.gen(function* () {
      const { call, campaign } = yield* setup
      const c = yield* campaign()
      const path = `/v1/game-instances/${c.id}/winner-selection/trigger`
      for (let i = 1; i <= 30; i++) {
        const reply = yield* call("POST", path)
        assert.strictEqual(reply.status, 200)
        assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "30")
        assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(30 - i))
      }
      const limited = yield* call("POST", path)
      assert.strictEqual(limited.status, 429)
      assert.strictEqual(limited.body.error.code, "rate_limited")
      assert.isAtLeast(Number(limited.headers.get("retry-after")), 1)
      assert.strictEqual(limited.headers.get("x-ratelimit-limit"), "30")
      assert.strictEqual(limited.headers.get("x-ratelimit-remaining"), "0")
      assert.strictEqual((yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs`)).body.total, 30)
    })
  )

  it.effect("verify answers true, and false once a stored entry was changed behind the server's back", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      const c = yield* campaign({ winnerSelectionAlgorithm: "random_weighted" })
      const entries = []
      for (const player of ["a", "b", "c", "d", "e"]) entries.push(yield* play(player))
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const verifyPath = `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}/verify`
      const verified = yield* call("POST", verifyPath)
      assert.strictEqual(verified.status, 200)
      assert.deepStrictEqual(verified.body, {
        verified: true,
        winners: run.winners.map((w: any) => ({ rank: w.rank, participantRef: w.participantRef, entryId: w.entryId }))
      })
      yield* play("f")
      assert.isTrue((yield* call("POST", verifyPath, {})).body.verified, "a later play changes nothing")
      const loser = entries.find((e: any) => e.id !== run.winners[0].entryId)
      yield* (yield* Backdoor).setWeight(loser.id, 1e9)
      const altered = yield* call("POST", verifyPath)
      assert.strictEqual(altered.status, 200)
      assert.isFalse(altered.body.verified)
      assert.strictEqual(altered.body.winners[0].entryId, loser.id, "recomputed from the entries as stored now")
    })
  )

  it.effect("the audit document holds what a third party needs, and verifyDraw recomputes it offline", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      const c = yield* campaign({ winnerSelectionConfig: { maxWinners: 2 } })
      for (const player of ["a", "b", "c"]) yield* play(player)
      const first = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const reply = yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}/audit`)
      assert.strictEqual(reply.status, 200)
      const audit = reply.body
      assert.strictEqual(audit.format, "campaign-games/draw-audit/1")
      assert.deepStrictEqual(audit.run, run)
      assert.deepStrictEqual(audit.excludedParticipants, first.winners.map((w: any) => w.participantRef).sort())
      assert.lengthOf(audit.entries, 3)
      assert.deepStrictEqual(Object.keys(audit.entries[0]), ["id", "participantRef", "createdAt", "score", "weight"])
      const offline = verifyDraw(audit)
      assert.isTrue(offline.verified, JSON.stringify(offline.checks))
      audit.entries[1].participantRef = "someone else"
      assert.isFalse(verifyDraw(audit).verified)
    })
  )

  it.effect("audit and verify are each limited to 30 a minute per key, like the draw; the audit is streamed JSON", () =>
    Effect.gen(function* () {
      const { call, campaign, play, keyWith, request } = yield* setup
      const c = yield* campaign({ winnerSelectionConfig: { maxWinners: 1 } })
      for (const player of ["a", "b"]) yield* play(player)
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      const base = `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}`
      const reader = yield* keyWith(["results.read"])
      for (const [method, path] of [
        ["GET", `${base}/audit`],
        ["POST", `${base}/verify`]
      ] as const) {
        for (let i = 0; i < 30; i++) {
          const reply = yield* request(method, path, { key: reader })
          assert.strictEqual(reply.status, 200, `${path} ${i + 1}: ${reply.text}`)
          assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "30")
          assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(29 - i))
          if (i === 0 && method === "GET") {
            assert.include(reply.headers.get("content-type") ?? "", "application/json")
            assert.isTrue(verifyDraw(JSON.parse(reply.text)).verified, "the streamed document verifies offline")
          }
          if (i === 0 && method === "POST") assert.isTrue(reply.body.verified)
        }
        const limited = yield* request(method, path, { key: reader })
        assert.strictEqual(limited.status, 429, `${path}: ${limited.text}`)
        assert.strictEqual(limited.body.error.code, "rate_limited")
        assert.isTrue(Number(limited.headers.get("retry-after")) >= 1)
      }
      // Another key has its own count.
      assert.strictEqual((yield* call("POST", `${base}/verify`)).status, 200)
    })
  )

  it.effect("winner_selected reaches a webhook with the run id, the winners and the prize at draw time", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      const receiver = yield* Receiver.make
      const created = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/draws"),
        events: ["winner_selected"]
      })
      assert.strictEqual(created.status, 201, created.text)
      const c = yield* campaign()
      yield* play("ana")
      const run = (yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)).body.run
      yield* call("PATCH", `/v1/game-instances/${c.id}`, { prize: { label: "Changed later" } })
      const [delivery] = yield* receiver.waitFor(1, "/draws")
      assert.strictEqual(delivery!.headers["x-service-event"], "winner_selected")
      const body = JSON.parse(delivery!.body)
      assert.strictEqual(body.type, "winner_selected")
      assert.deepStrictEqual(body.data, {
        gameInstanceId: c.id,
        runId: run.id,
        winners: [
          {
            participantRef: "ana",
            rank: 1,
            entryId: run.winners[0].entryId,
            prize: { label: "A bicycle", description: "Blue" }
          }
        ]
      })
    }).pipe(Effect.scoped)
  )

  it.effect("a scheduled draw runs by itself at scheduleAt, once, opening the published commitment", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      const c = yield* campaign({ winnerSelectionTrigger: "auto_on_schedule", scheduleAt: inMs(2_500) })
      yield* play("ana")
      yield* play("ben")
      const listed = yield* waitForRuns(call, c.id, 1)
      assert.strictEqual(listed.total, 1)
      const run = listed.runs[0]
      assert.strictEqual(run.trigger, "auto_on_schedule")
      assert.strictEqual(run.rules.entriesBefore, c.scheduleAt)
      assert.strictEqual(run.chainPosition, 1)
      assert.strictEqual(run.seedCommitment, c.seedCommitment)
      yield* Effect.sleep("1500 millis")
      assert.strictEqual((yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs`)).body.total, 1)
      const verified = yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}/verify`)
      assert.isTrue(verified.body.verified)
    })
  )

  it.effect("after each play: a winning moment that has passed pays the next play at once", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup
      // A prize window of 100 days ending in a minute: the one moment has passed (all but surely).
      const c = yield* campaign({
        winnerSelectionTrigger: "auto_on_session_end",
        winnerSelectionConfig: { maxWinners: 1, windowStart: inMs(-100 * 86_400_000), windowEnd: inMs(60_000) }
      })
      const entry = yield* play("lucky")
      const listed = yield* waitForRuns(call, c.id, 1)
      const run = listed.runs[0]
      assert.strictEqual(run.trigger, "auto_on_session_end")
      assert.strictEqual(run.algorithm, "winning_moment")
      assert.deepStrictEqual(
        run.winners.map((w: any) => [w.participantRef, w.entryId]),
        [["lucky", entry.id]]
      )
      assert.isTrue(Date.parse(run.moment.at) <= Date.parse(entry.createdAt))
      yield* play("late")
      yield* Effect.sleep("500 millis")
      assert.strictEqual(
        (yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs`)).body.total,
        1,
        "maxWinners 1"
      )
      const refused = yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/trigger`)
      assert.strictEqual(refused.status, 409)
    })
  )

  it.effect(
    "after each play without an end to the window: each play draws one winner with the campaign's algorithm",
    () =>
      Effect.gen(function* () {
        const { call, campaign, play } = yield* setup
        const c = yield* campaign({
          winnerSelectionTrigger: "auto_on_session_end",
          winnerSelectionAlgorithm: "random_weighted",
          winnerSelectionConfig: { maxWinners: 2 }
        })
        assert.strictEqual(c.status, "active", "activated with no windowEnd and no liveUntil")
        const first = yield* play("ana")
        const one = yield* waitForRuns(call, c.id, 1)
        assert.strictEqual(one.runs[0].trigger, "auto_on_session_end")
        assert.strictEqual(one.runs[0].algorithm, "random_weighted")
        assert.deepStrictEqual(
          one.runs[0].winners.map((w: any) => [w.participantRef, w.entryId, w.rank]),
          [["ana", first.id, 1]]
        )
        yield* play("ben")
        const two = yield* waitForRuns(call, c.id, 2)
        assert.deepStrictEqual(
          two.runs[0].winners.map((w: any) => w.participantRef),
          ["ben"]
        )
        yield* play("cy")
        yield* Effect.sleep("500 millis")
        const runs = (yield* call("GET", `/v1/game-instances/${c.id}/winner-selection/runs`)).body
        assert.strictEqual(runs.total, 2, "maxWinners 2")
        for (const run of runs.runs) {
          const verified = yield* call("POST", `/v1/game-instances/${c.id}/winner-selection/runs/${run.id}/verify`)
          assert.isTrue(verified.body.verified, run.id)
        }
      })
  )
})
