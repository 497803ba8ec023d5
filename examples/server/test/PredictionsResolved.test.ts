/**
 * A resolved prediction over HTTP, as a player who knows the answer would try it: once
 * `POST /v1/game-instances/{id}/resolve` has published the result, no play enters any more. A mint
 * gets the channel's between-campaigns message, a token minted before does not start (409), and a
 * session started before does not finish (409); none is written or counted. The entries a prediction
 * had before its resolution are made eligible by it, as before. Also: a client token lives at least
 * the `ttlSeconds` it was minted for.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

const BETWEEN = { title: "Back soon", body: "The next question opens on Monday." }

const WHO_WINS = {
  question: "Who wins?",
  options: [
    { id: "a", label: "A" },
    { id: "b", label: "B" }
  ]
}

/** The payload of a JWT, decoded (not verified). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString())

/**
 * An account (with `account`'s body) allowing `ORIGIN`, a channel with a between-campaigns message and
 * a live prediction on it (with `settings`); the steps of a player's page.
 */
const setup = (account: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const server = yield* TestServer
    const { key } = yield* server.account(account)
    const call = Steps.caller(server.request, key)
    assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
    const { channel, created } = yield* Steps.channelWithCampaign(
      call,
      { gameSlug: "prediction", name: "Final", config: WHO_WINS, ...settings },
      { name: "Main", betweenCampaigns: BETWEEN }
    )
    assert.strictEqual(created.status, 201, created.text)
    const campaign = created.body.gameInstance
    const activated = yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
    assert.strictEqual(activated.status, 200, activated.text)
    const mint = (participantRef: string, channelId: string = channel.id, extra: Record<string, unknown> = {}) =>
      call("POST", "/v1/auth/session-tokens", { channelId, participantRef, origin: ORIGIN, ...extra })
    const token = (participantRef: string, channelId?: string) =>
      Effect.map(mint(participantRef, channelId), (minted) => {
        assert.strictEqual(minted.status, 201, minted.text)
        return minted.body.clientToken as string
      })
    const start = (clientToken: string) => server.request("POST", "/v1/play/sessions", { key: clientToken })
    const finish = (clientToken: string, sessionId: string, body: unknown) =>
      server.request("POST", `/v1/play/sessions/${sessionId}/finish`, { key: clientToken, body })
    /** A session started with a new token of `participantRef`: the token and the session's id. */
    const begin = (participantRef: string, channelId?: string) =>
      Effect.gen(function* () {
        const clientToken = yield* token(participantRef, channelId)
        const started = yield* start(clientToken)
        assert.strictEqual(started.status, 201, started.text)
        return { clientToken, sessionId: started.body.session.id as string }
      })
    const entries = () =>
      Effect.map(call("GET", `/v1/game-instances/${campaign.id}/entries?sort=participantRef&dir=asc`), (reply) =>
        reply.body.entries.map((e: any) => [e.participantRef, e.predictionValue, e.eligible])
      )
    return { call, channel, campaign, mint, token, start, finish, begin, entries }
  })

/** The 409 a start or a finish on the resolved prediction gets. */
const closed = (campaignId: string) => ({
  error: {
    code: "conflict",
    message: `This prediction is closed: campaign ${campaignId} is resolved and takes no more plays.`
  }
})

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("a resolved prediction", (it) => {
  it.effect(
    "takes no more plays: the mint answers between campaigns, a token or a session from before is refused 409",
    () =>
      Effect.gen(function* () {
        const p = yield* setup()
        const alice = yield* p.begin("alice")
        const early = yield* p.finish(alice.clientToken, alice.sessionId, { optionId: "a" })
        assert.strictEqual(early.status, 200, early.text)
        assert.isFalse(early.body.entry.eligible)
        const bob = yield* p.begin("bob")
        const carolsToken = yield* p.token("carol")

        const resolved = yield* p.call("POST", `/v1/game-instances/${p.campaign.id}/resolve`, { optionId: "a" })
        assert.strictEqual(resolved.status, 200, resolved.text)

        // A token minted after the resolution: none, the channel's message instead.
        const after = yield* p.mint("dave")
        assert.strictEqual(after.status, 200, after.text)
        assert.deepStrictEqual(after.body, { clientToken: null, betweenCampaigns: BETWEEN })

        // A token minted before: it does not start.
        const refusedStart = yield* p.start(carolsToken)
        assert.strictEqual(refusedStart.status, 409, refusedStart.text)
        assert.deepStrictEqual(refusedStart.body, closed(p.campaign.id))

        // A session started before: it does not finish, with the winning option or another.
        for (const optionId of ["a", "b", "a"]) {
          const refusedFinish = yield* p.finish(bob.clientToken, bob.sessionId, { optionId })
          assert.strictEqual(refusedFinish.status, 409, refusedFinish.text)
          assert.deepStrictEqual(refusedFinish.body, closed(p.campaign.id))
        }

        // Only the play finished before the resolution is an entry, made eligible by it.
        assert.deepStrictEqual(yield* p.entries(), [["alice", { optionId: "a" }, true]])
        const eligible = yield* p.call("GET", `/v1/game-instances/${p.campaign.id}/entries?eligible=true`)
        assert.strictEqual(eligible.body.total, 1)
        // A finished play is still told as finished.
        const again = yield* p.finish(alice.clientToken, alice.sessionId, { optionId: "a" })
        assert.strictEqual(again.status, 409)
        assert.strictEqual(again.body.error.message, "This play is already finished.")
        // The campaign keeps its resolution and its status.
        const shown = (yield* p.call("GET", `/v1/game-instances/${p.campaign.id}`)).body.gameInstance
        assert.deepStrictEqual([shown.status, shown.resolvedOptionId], ["active", "a"])
      })
  )

  it.effect.each([
    { limits: "no play limit (a start written with its read)", campaign: {} },
    { limits: "a play limit (a start counted under the player's lock)", campaign: { maxPlaysPerParticipant: 5 } }
  ])("with $limits, a refused start counts no play of the month", ({ campaign }) =>
    Effect.gen(function* () {
      // Three plays a month: alice's and bob's starts use two.
      const p = yield* setup({ limits: { playsPerMonth: 3 } }, campaign)
      const alice = yield* p.begin("alice")
      assert.strictEqual((yield* p.finish(alice.clientToken, alice.sessionId, { optionId: "b" })).status, 200)
      yield* p.begin("bob")
      const carolsToken = yield* p.token("carol")
      assert.strictEqual(
        (yield* p.call("POST", `/v1/game-instances/${p.campaign.id}/resolve`, { optionId: "a" })).status,
        200
      )
      assert.strictEqual((yield* p.start(carolsToken)).status, 409)
      assert.strictEqual((yield* p.start(carolsToken)).status, 409)

      // A wheel on another channel of the account: one play of the month is left for it, not none.
      const { channel, created } = yield* Steps.channelWithCampaign(
        p.call,
        { name: "Wheel", config: Steps.WHEEL },
        { name: "Other" }
      )
      assert.strictEqual(
        (yield* p.call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)).status,
        200
      )
      yield* p.begin("erin", channel.id)
      const over = yield* p.mint("frank", channel.id)
      assert.strictEqual(over.status, 402, over.text)
      assert.deepStrictEqual(Steps.paths(over.body), ["limits.playsPerMonth"])
    })
  )

  it.effect("a client token lives at least its ttlSeconds: its exp is rounded up to the second", () =>
    Effect.gen(function* () {
      const p = yield* setup()
      for (const ttlSeconds of [60, 3600]) {
        const before = Date.now()
        const minted = yield* p.mint("player", p.channel.id, { ttlSeconds })
        assert.strictEqual(minted.status, 201, minted.text)
        const { exp, iat } = claimsOf(minted.body.clientToken)
        assert.strictEqual(Date.parse(minted.body.expiresAt), exp * 1000, "expiresAt is the token's exp")
        assert.isAtLeast(exp * 1000, before + ttlSeconds * 1000, `${ttlSeconds} s at least`)
        assert.include([ttlSeconds, ttlSeconds + 1], exp - iat)
      }
    })
  )
})
