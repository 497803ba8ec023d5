/**
 * Participants' data over HTTP, as an integrator sees it, on the store of this run
 * (`CG_TEST_STORE`): the permission `privacy.manage` on every endpoint, every bound of the bodies
 * and queries, the export (every place, full codes, an unknown player empty), the erasure (counts,
 * pseudonym, rows kept under it, a second erasure at zero, the record), the retention settings, a
 * draw that verifies after its players are erased while a changed losing entry fails it (over HTTP
 * and offline with `verifyDraw`), and retention made by a server instance's worker (its first pass,
 * at start, on the live clock: `packages/core/test/privacy` drives the worker with `TestClock`). The
 * test keeps a handle on the store to change an entry and to age a campaign the way no API can.
 */
import { verifyDraw } from "@campaign-games/core"
import { MemoryStore } from "@campaign-games/testing"
import { assert, layer } from "@effect/vitest"
import { Context, DateTime, Effect, Layer, Option, type Scope } from "effect"
import { SqlClient } from "effect/sql"
import * as Receiver from "./support/Receiver.ts"
import * as Steps from "./support/Steps.ts"
import { make, storeLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const PSEUDONYM = /^erased_[0-9a-f]{24}$/u

/** Changes a stored entry's weight behind the server's back, on whichever store it runs. */
class Backdoor extends Context.Service<
  Backdoor,
  {
    readonly setWeight: (entryId: string, weight: number) => Effect.Effect<void>
    /** Moves a campaign's end and its plays `days` days back in time. */
    readonly age: (campaignId: string, days: number) => Effect.Effect<void>
    /** Starts another server instance on the same store: its workers make their first pass at once. */
    readonly another: Effect.Effect<TestServer["Service"], never, Scope.Scope>
  }
>()("test/PrivacyBackdoor") {}

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
              return entries.set(entryId, { ...entries.get(entryId)!, weight })
            })
          : Effect.die("no store to change")
    const DAY = 86_400_000
    const age = (campaignId: string, days: number): Effect.Effect<void> =>
      Option.isSome(sql)
        ? Effect.orDie(
            Effect.gen(function* () {
              const back = sql.value`make_interval(days => ${days})`
              yield* sql.value`UPDATE campaigns SET live_until = now() - ${back} WHERE id = ${campaignId}`
              yield* sql.value`UPDATE sessions SET started_at = started_at - ${back} WHERE campaign_id = ${campaignId}`
            })
          )
        : Option.isSome(memory)
          ? Effect.gen(function* () {
              const { campaigns, sessions } = memory.value.tables
              const back = (t: DateTime.Utc) => DateTime.makeUnsafe(t.epochMilliseconds - days * DAY)
              const campaign = campaigns.get(campaignId)!
              yield* campaigns.set(campaignId, { ...campaign, liveUntil: back(DateTime.nowUnsafe()) })
              for (const session of [...sessions.values()]) {
                if (session.campaignId === campaignId) {
                  yield* sessions.set(session.id, { ...session, startedAt: back(session.startedAt) })
                }
              }
            })
          : Effect.die("no store to change")
    const another = Effect.map(Layer.build(make(Layer.succeedContext(store))), (context) =>
      Context.get(context, TestServer)
    ).pipe(Effect.orDie)
    return Layer.merge(
      make(Layer.succeedContext(store)),
      Layer.succeed(Backdoor, Backdoor.of({ setWeight, age, another }))
    )
  })
)

/** An account with an allowed origin, a channel and a live wheel on it (with `campaign`'s fields). */
const setup = (campaign: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { key } = yield* account()
    const call = Steps.caller(request, key)
    yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
    const { channel, created } = yield* Steps.channelWithCampaign(call, {
      name: "Spring",
      config: Steps.WHEEL,
      ...campaign
    })
    assert.strictEqual(created.status, 201, created.text)
    const c = created.body.gameInstance
    assert.strictEqual((yield* call("POST", `/v1/game-instances/${c.id}/activate`)).status, 200)
    const play = (participantRef: string) =>
      Effect.gen(function* () {
        const { finished } = yield* Steps.play(request, { key, channelId: channel.id, participantRef, origin: ORIGIN })
        assert.strictEqual(finished.status, 200, finished.text)
        return finished.body
      })
    return { key, call, request, channel, campaign: c, play }
  })

layer(serverAndBackdoor, { excludeTestServices: true, timeout: "120 seconds" })("participants' data", (it) => {
  it.effect("every endpoint needs privacy.manage; the owner key holds it", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      const other = yield* Steps.keyWith(call, "results.read", "settings.read")
      const calls: Array<[string, string, unknown]> = [
        ["POST", "/v1/participants/export", { participantRef: "ana" }],
        ["POST", "/v1/participants/erase", { participantRef: "ana" }],
        ["GET", "/v1/tenant/privacy/erasures", undefined],
        ["GET", "/v1/tenant/privacy", undefined],
        ["PUT", "/v1/tenant/privacy", { retentionDays: 30 }]
      ]
      for (const [method, path, body] of calls) {
        const refused = yield* call(method, path, body, other)
        assert.strictEqual(refused.status, 403, `${method} ${path}: ${refused.text}`)
        assert.strictEqual(refused.body.error.code, "forbidden")
        assert.strictEqual((yield* call(method, path, body)).status, 200, `${method} ${path} with the owner key`)
      }
      const { request } = yield* TestServer
      assert.strictEqual(
        (yield* request("POST", "/v1/participants/export", { body: { participantRef: "a" } })).status,
        401
      )
      const keys = yield* call("POST", "/v1/tenant/api-keys", { name: "Privacy", permissions: ["privacy.manage"] })
      assert.strictEqual(keys.status, 201, keys.text)
      assert.strictEqual((yield* call("GET", "/v1/tenant/privacy", undefined, keys.body.apiKey.key)).status, 200)
    })
  )

  it.effect("bodies and queries are held to their bounds, with the field's path", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      for (const path of ["/v1/participants/export", "/v1/participants/erase"]) {
        for (const [body, field] of [
          [{}, "participantRef"],
          [{ participantRef: "" }, "participantRef"],
          [{ participantRef: "x".repeat(201) }, "participantRef"],
          [{ participantRef: 42 }, "participantRef"],
          [{ participantRef: "ana", email: "ana@example.com" }, "email"]
        ] as const) {
          const reply = yield* call("POST", path, body)
          assert.strictEqual(reply.status, 400, `${path} ${JSON.stringify(body)}: ${reply.text}`)
          assert.strictEqual(reply.body.error.code, "invalid_request")
          assert.include(Steps.paths(reply.body), field, reply.text)
        }
        assert.strictEqual((yield* call("POST", path, { participantRef: "x".repeat(200) })).status, 200)
      }
      for (const body of [
        {},
        { retentionDays: 6 },
        { retentionDays: 731 },
        { retentionDays: 30.5 },
        { retentionDays: "30" },
        { retentionDays: null }
      ]) {
        const reply = yield* call("PUT", "/v1/tenant/privacy", body)
        assert.strictEqual(reply.status, 400, `${JSON.stringify(body)}: ${reply.text}`)
        assert.deepStrictEqual(Steps.paths(reply.body), ["retentionDays"], reply.text)
      }
      const unknown = yield* call("PUT", "/v1/tenant/privacy", { retentionDays: 30, days: 3 })
      assert.strictEqual(unknown.status, 400)
      assert.include(Steps.paths(unknown.body), "days")
      for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
        const reply = yield* call("GET", `/v1/tenant/privacy/erasures?${query}`)
        assert.strictEqual(reply.status, 400, `${query}: ${reply.text}`)
        assert.deepStrictEqual(Steps.paths(reply.body), [query.split("=")[0]])
      }
      const limited = yield* call("POST", "/v1/participants/export", { participantRef: "ana" })
      assert.strictEqual(limited.headers.get("x-ratelimit-limit"), "60")
    })
  )

  it.effect("retentionDays is 730 until set; set within 7 to 730 it is answered and kept", () =>
    Effect.gen(function* () {
      const { call } = yield* setup()
      assert.deepStrictEqual((yield* call("GET", "/v1/tenant/privacy")).body, { privacy: { retentionDays: 730 } })
      for (const days of [7, 730, 90]) {
        const put = yield* call("PUT", "/v1/tenant/privacy", { retentionDays: days })
        assert.strictEqual(put.status, 200, put.text)
        assert.deepStrictEqual(put.body, { privacy: { retentionDays: days } })
      }
      assert.deepStrictEqual((yield* call("GET", "/v1/tenant/privacy")).body, { privacy: { retentionDays: 90 } })
    })
  )

  it.effect("export gives everything on the player; erase pseudonymises it, keeps the rows, and is recorded", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup({ winnerSelectionConfig: { maxWinners: 1 } })
      const receiver = yield* Receiver.make
      const hook = yield* call("POST", "/v1/tenant/webhooks/endpoints", {
        url: receiver.url("/privacy"),
        events: ["session_completed"]
      })
      assert.strictEqual(hook.status, 201, hook.text)
      const ANA = "ana.lopez@example.com"
      const first = yield* play(ANA)
      yield* play(ANA)
      yield* play("ben@example.com")
      yield* receiver.waitFor(3, "/privacy")
      const exported = yield* call("POST", "/v1/participants/export", { participantRef: ANA })
      assert.strictEqual(exported.status, 200, exported.text)
      const p = exported.body.participant
      assert.deepStrictEqual(Object.keys(p), [
        "participantRef",
        "sessions",
        "entries",
        "grants",
        "drawWins",
        "deliveries"
      ])
      assert.strictEqual(p.participantRef, ANA)
      assert.strictEqual(p.sessions.length, 2)
      assert.deepStrictEqual(Object.keys(p.sessions[0]), ["id", "gameInstanceId", "startedAt", "finishedAt"])
      assert.strictEqual(p.sessions[0].gameInstanceId, campaign.id)
      assert.strictEqual(p.entries[0].id, first.entry.id)
      assert.strictEqual(p.deliveries.length, 2)
      assert.deepStrictEqual(Object.keys(p.deliveries[0]), ["id", "endpointId", "type", "status", "createdAt"])
      assert.strictEqual(p.deliveries[0].type, "session_completed")

      const nobody = yield* call("POST", "/v1/participants/export", { participantRef: "nobody" })
      assert.deepStrictEqual(nobody.body, {
        participant: { participantRef: "nobody", sessions: [], entries: [], grants: [], drawWins: [], deliveries: [] }
      })

      const erased = yield* call("POST", "/v1/participants/erase", { participantRef: ANA })
      assert.strictEqual(erased.status, 200, erased.text)
      const erasure = erased.body.erasure
      assert.deepStrictEqual(Object.keys(erasure), [
        "id",
        "pseudonym",
        "sessions",
        "entries",
        "grants",
        "drawWins",
        "deliveries",
        "createdAt"
      ])
      assert.match(erasure.pseudonym, PSEUDONYM)
      assert.deepStrictEqual(
        [erasure.sessions, erasure.entries, erasure.grants, erasure.drawWins, erasure.deliveries],
        [2, 2, 0, 0, 2]
      )
      const after = yield* call("POST", "/v1/participants/export", { participantRef: ANA })
      assert.deepStrictEqual(after.body.participant.sessions, [])
      assert.deepStrictEqual(after.body.participant.deliveries, [])
      const kept = (yield* call("POST", "/v1/participants/export", { participantRef: erasure.pseudonym })).body
        .participant
      assert.strictEqual(kept.sessions.length, 2, "the rows stay under the pseudonym")
      const entries = yield* call("GET", `/v1/game-instances/${campaign.id}/entries`)
      assert.strictEqual(entries.body.total, 3, "statistics do not change")
      assert.notInclude(entries.text, ANA)
      const deliveries = yield* call("GET", "/v1/tenant/webhooks/deliveries")
      assert.notInclude(deliveries.text, ANA)

      const again = (yield* call("POST", "/v1/participants/erase", { participantRef: ANA })).body.erasure
      assert.strictEqual(again.pseudonym, erasure.pseudonym)
      assert.deepStrictEqual(
        [again.sessions, again.entries, again.grants, again.drawWins, again.deliveries],
        [0, 0, 0, 0, 0]
      )
      const record = (yield* call("GET", "/v1/tenant/privacy/erasures")).body
      assert.strictEqual(record.total, 2)
      assert.deepStrictEqual(
        record.erasures.map((e: { id: string; reason: string }) => [e.id, e.reason]),
        [
          [again.id, "request"],
          [erasure.id, "request"]
        ]
      )
      assert.deepStrictEqual(record.erasures[1], { ...erasure, reason: "request" })
      assert.notInclude(JSON.stringify(record), ANA)
      const paged = (yield* call("GET", "/v1/tenant/privacy/erasures?limit=1&offset=1")).body
      assert.deepStrictEqual(
        paged.erasures.map((e: { id: string }) => e.id),
        [erasure.id]
      )
      assert.strictEqual(paged.total, 2)

      // A play under the reference after the erasure is a new player's.
      const later = yield* play(ANA)
      assert.strictEqual(later.entry.participantRef, ANA)
    })
  )

  it.effect("the export carries a player's grants with their full codes; the erasure counts them", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup()
      // The campaign is live: its reward is set while paused, then it is activated again.
      const base = `/v1/game-instances/${campaign.id}`
      assert.strictEqual((yield* call("POST", `${base}/pause`)).status, 200)
      const reward = yield* call("PUT", `${base}/reward`, {
        grantOncePerParticipant: false,
        tiers: [
          {
            match: { when: "everyone" },
            display: { title: "Thanks", description: "A code" },
            codeStrategy: "generated"
          }
        ]
      })
      assert.strictEqual(reward.status, 200, reward.text)
      assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
      const CARLA = "carla@example.com"
      const codes = []
      for (let i = 0; i < 2; i++) {
        const finished = yield* play(CARLA)
        codes.push(finished.reward.grant.code as string)
      }
      const exported = (yield* call("POST", "/v1/participants/export", { participantRef: CARLA })).body.participant
      assert.deepStrictEqual(
        exported.grants.map((g: { code: string }) => g.code),
        codes,
        "full codes, oldest first"
      )
      assert.strictEqual(exported.grants[0].participantRef, CARLA)
      const listed = yield* call("GET", `${base}/reward-grants`)
      assert.notInclude(listed.text, codes[0]!, "lists still mask the codes")
      const erasure = (yield* call("POST", "/v1/participants/erase", { participantRef: CARLA })).body.erasure
      assert.strictEqual(erasure.grants, 2)
      const kept = (yield* call("POST", "/v1/participants/export", { participantRef: erasure.pseudonym })).body
        .participant
      assert.deepStrictEqual(
        kept.grants.map((g: { code: string }) => g.code),
        codes
      )
      assert.notInclude((yield* call("GET", `${base}/reward-grants`)).text, CARLA)
    })
  )

  it.effect(
    "a player erased, who plays, gets a coupon and wins again under the reference, is erased into its next pseudonym",
    () =>
      Effect.gen(function* () {
        const { call, campaign, play } = yield* setup({ winnerSelectionConfig: { maxWinners: 3 } })
        const base = `/v1/game-instances/${campaign.id}`
        assert.strictEqual((yield* call("POST", `${base}/pause`)).status, 200)
        const reward = yield* call("PUT", `${base}/reward`, {
          grantOncePerParticipant: false,
          tiers: [
            {
              match: { when: "everyone" },
              display: { title: "Thanks", description: "A code" },
              codeStrategy: "generated"
            }
          ]
        })
        assert.strictEqual(reward.status, 200, reward.text)
        assert.strictEqual((yield* call("POST", `${base}/activate`)).status, 200)
        const DORA = "dora@example.com"
        const rounds = []
        for (let round = 0; round < 2; round++) {
          yield* play(DORA)
          const run = (yield* call("POST", `${base}/winner-selection/trigger`, {})).body.run
          assert.include(
            run.winners.map((w: { participantRef: string }) => w.participantRef),
            DORA,
            `round ${round}: the reference wins (as a new player the second time)`
          )
          const erased = yield* call("POST", "/v1/participants/erase", { participantRef: DORA })
          assert.strictEqual(erased.status, 200, erased.text)
          rounds.push(erased.body.erasure)
        }
        // The second player of the reference in the campaign gets a pseudonym of its own: the second
        // draw told the two apart (the first was an earlier winner), and still verifies.
        assert.match(rounds[1].pseudonym, PSEUDONYM)
        assert.notStrictEqual(rounds[1].pseudonym, rounds[0].pseudonym)
        for (const erasure of rounds) {
          assert.deepStrictEqual([erasure.sessions, erasure.entries, erasure.drawWins], [1, 1, 1])
          assert.isAtLeast(erasure.grants, 1)
          const kept = (yield* call("POST", "/v1/participants/export", { participantRef: erasure.pseudonym })).body
            .participant
          assert.deepStrictEqual([kept.sessions.length, kept.drawWins.length], [1, 1])
        }
        const again = (yield* call("POST", "/v1/participants/erase", { participantRef: DORA })).body.erasure
        assert.strictEqual(again.pseudonym, rounds[0].pseudonym, "nothing left: the first pseudonym, zero counts")
        assert.deepStrictEqual([again.sessions, again.entries, again.grants, again.drawWins], [0, 0, 0, 0])
        for (const run of (yield* call("GET", `${base}/winner-selection/runs`)).body.runs) {
          assert.isTrue((yield* call("POST", `${base}/winner-selection/runs/${run.id}/verify`)).body.verified)
        }
      })
  )

  it.effect("a draw verifies after its players are erased; a changed losing entry fails it, online and offline", () =>
    Effect.gen(function* () {
      const { call, campaign, play } = yield* setup({ winnerSelectionConfig: { maxWinners: 1 } })
      const players = ["a1@example.com", "b2@example.com", "c3@example.com", "d4@example.com"]
      const entries = []
      for (const player of players) entries.push((yield* play(player)).entry)
      const base = `/v1/game-instances/${campaign.id}/winner-selection`
      const run = (yield* call("POST", `${base}/trigger`, {})).body.run
      assert.strictEqual(run.algorithmVersion, "cg-draw/2")
      for (const player of players) {
        const erased = yield* call("POST", "/v1/participants/erase", { participantRef: player })
        assert.strictEqual(erased.status, 200, erased.text)
      }
      const verified = yield* call("POST", `${base}/runs/${run.id}/verify`)
      assert.strictEqual(verified.status, 200, verified.text)
      assert.isTrue(verified.body.verified)
      assert.match(verified.body.winners[0].participantRef, PSEUDONYM)
      const reread = (yield* call("GET", `${base}/runs/${run.id}`)).body.run
      assert.match(reread.winners[0].participantRef, PSEUDONYM)
      assert.strictEqual(reread.entriesHash, run.entriesHash)
      const audit = yield* call("GET", `${base}/runs/${run.id}/audit`)
      for (const player of players) assert.notInclude(audit.text, player)
      assert.isTrue(verifyDraw(audit.body).verified)

      // Behind the server's back: a losing entry's weight changes; a uniform draw's winners stay.
      const losing = entries.find((e) => e.id !== run.winners[0].entryId)!
      yield* (yield* Backdoor).setWeight(losing.id, 9)
      const altered = yield* call("POST", `${base}/runs/${run.id}/verify`)
      assert.isFalse(altered.body.verified)
      assert.deepStrictEqual(
        altered.body.winners.map((w: { entryId: string }) => w.entryId),
        [run.winners[0].entryId]
      )
      const changedAudit = (yield* call("GET", `${base}/runs/${run.id}/audit`)).body
      const offline = verifyDraw(changedAudit)
      assert.isFalse(offline.verified)
      assert.isTrue(offline.checks.find((c) => c.name === "winners")!.ok)
      assert.isFalse(offline.checks.find((c) => c.name === "entriesHash")!.ok)
    })
  )

  it.effect(
    "retention: an instance's worker erases an ended campaign's players once retentionDays passed, keeps a live one's",
    () =>
      Effect.gen(function* () {
        const { call, campaign, play, request, key } = yield* setup()
        const other = yield* Steps.channelWithCampaign(
          call,
          { name: "Endless", config: Steps.WHEEL },
          { name: "Second" }
        )
        const endless = other.created.body.gameInstance
        assert.strictEqual((yield* call("POST", `/v1/game-instances/${endless.id}/activate`)).status, 200)
        assert.strictEqual((yield* call("PUT", "/v1/tenant/privacy", { retentionDays: 7 })).status, 200)
        const OLD = "old-player@example.com"
        yield* play(OLD)
        yield* play("second-player@example.com")
        const { finished } = yield* Steps.play(request, {
          key,
          channelId: other.channel.id,
          participantRef: OLD,
          origin: ORIGIN
        })
        assert.strictEqual(finished.status, 200, finished.text)
        // The first campaign ended 8 days ago, its plays 9 days ago: past its 7 days.
        yield* (yield* Backdoor).age(campaign.id, 8)
        const instance = yield* (yield* Backdoor).another
        const exportOf = (ref: string) =>
          Effect.map(
            instance.request("POST", "/v1/participants/export", { key, body: { participantRef: ref } }),
            (reply) => reply.body.participant
          )
        let left: any
        for (let i = 0; i < 100; i++) {
          left = yield* exportOf(OLD)
          if (left.sessions.length === 1) break
          yield* Effect.sleep("100 millis")
        }
        assert.deepStrictEqual(
          left.sessions.map((s: { gameInstanceId: string }) => s.gameInstanceId),
          [endless.id],
          "the ended campaign's play erased, the live one's kept"
        )
        assert.strictEqual((yield* exportOf("second-player@example.com")).sessions.length, 0)
        const record = (yield* call("GET", "/v1/tenant/privacy/erasures")).body
        assert.strictEqual(record.total, 2)
        for (const erasure of record.erasures) {
          assert.strictEqual(erasure.reason, "retention")
          assert.deepStrictEqual([erasure.sessions, erasure.entries], [1, 1])
          assert.match(erasure.pseudonym, PSEUDONYM)
        }
        const entries = yield* call("GET", `/v1/game-instances/${campaign.id}/entries`)
        assert.strictEqual(entries.body.total, 2, "the entries stay, under pseudonyms")
        assert.notInclude(entries.text, OLD)
      })
  )
})
