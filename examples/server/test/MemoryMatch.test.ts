/**
 * Memory Match scored by the server over HTTP, as the embed plays it: the start deals a board of
 * face-down cards, each `POST …/flips` reveals one card, and the finish `{}` is scored by the server
 * from the flips it revealed. An invented score is refused; `scoring: client` keeps `{ score }`.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, type Reply, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"
const PAIRS = 4
const MAX_SCORE = 1000

/** An account with a live Memory Match of `config`, and the player's calls on it. */
const setup = (config: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const { request, account } = yield* TestServer
    const { key } = yield* account({})
    const call = Steps.caller(request, key)
    assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
    const channel = (yield* call("POST", "/v1/channels", { name: "Main" })).body.channel
    const created = yield* call("POST", "/v1/game-instances", {
      gameSlug: "memory-match",
      name: "Pairs",
      channelId: channel.id,
      config: { pairs: PAIRS, timeLimitSeconds: 600, maxScore: MAX_SCORE, ...config }
    })
    assert.strictEqual(created.status, 201, created.text)
    const campaign = created.body.gameInstance
    assert.strictEqual((yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)).status, 200)
    /** A new player's token and started session. */
    const started = (participantRef = "player-1") =>
      Effect.gen(function* () {
        const minted = yield* call("POST", "/v1/auth/session-tokens", {
          channelId: channel.id,
          participantRef,
          origin: ORIGIN
        })
        assert.strictEqual(minted.status, 201, minted.text)
        const token: string = minted.body.clientToken
        const start = yield* request("POST", "/v1/play/sessions", { key: token })
        assert.strictEqual(start.status, 201, start.text)
        const sessionId: string = start.body.session.id
        const flip = (position: unknown, body: unknown = { position }) =>
          request("POST", `/v1/play/sessions/${sessionId}/flips`, { key: token, body })
        const finish = (body: unknown = {}) =>
          request("POST", `/v1/play/sessions/${sessionId}/finish`, { key: token, body })
        return { token, sessionId, start, flip, finish }
      })
    return { call, campaign, started }
  })

/**
 * Plays the whole board as a player with a perfect memory: turns the cards two by two to learn their
 * faces, matching any pair it already knows. Returns the flips it made and the last answer.
 */
const playAll = (flip: (position: number) => Effect.Effect<Reply, unknown>) =>
  Effect.gen(function* () {
    const seen = new Map<number, number>()
    const matched = new Set<number>()
    let last: Reply | undefined
    let flips = 0
    const turn = function* (position: number) {
      const reply = yield* flip(position)
      assert.strictEqual(reply.status, 200, reply.text)
      flips++
      assert.strictEqual(reply.body.flips, flips)
      seen.set(position, reply.body.face)
      last = reply
      return reply.body.face as number
    }
    const partnerOf = (position: number, face: number) =>
      [...seen].find(([p, f]) => p !== position && f === face && !matched.has(p))?.[0]
    for (let position = 0; position < PAIRS * 2; position++) {
      if (matched.has(position)) continue
      const face = yield* turn(position)
      const known = partnerOf(position, face)
      if (known !== undefined) {
        yield* turn(known)
        matched.add(position).add(known)
        continue
      }
      // Turn the next unknown card; if it does not match, a later turn comes back for both.
      let next = position + 1
      while (seen.has(next) || matched.has(next)) next++
      const nextFace = yield* turn(next)
      if (nextFace === face) matched.add(position).add(next)
    }
    // Pairs whose cards were both seen in different turns.
    for (const [position, face] of seen) {
      if (matched.has(position)) continue
      const partner = partnerOf(position, face)
      if (partner === undefined) continue
      yield* turn(position)
      yield* turn(partner)
      matched.add(position).add(partner)
    }
    assert.strictEqual(last!.body.matchedPairs, PAIRS)
    return { flips, last: last! }
  })

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })(
  "memory match scored by the server",
  (it) => {
    it.effect("the start deals face-down cards; the catalogue and the player's config show the scoring", () =>
      Effect.gen(function* () {
        const s = yield* setup()
        const { start } = yield* s.started()
        assert.deepStrictEqual(start.body.game.board, {
          cards: Array.from({ length: PAIRS * 2 }, (_, position) => ({ position }))
        })
        assert.strictEqual(start.body.game.config.scoring, "server")
        // No face anywhere in the start's answer.
        assert.notInclude(start.text, '"face"')
        const games = yield* s.call("GET", "/v1/games")
        const memory = games.body.games.find((g: any) => g.slug === "memory-match")
        assert.deepStrictEqual(memory.configSchema.properties.scoring, { type: "string", enum: ["server", "client"] })
      })
    )

    it.effect("an invented score is refused: finish { score } is 400 naming score, finish {} with pairs left 409", () =>
      Effect.gen(function* () {
        const s = yield* setup()
        const { finish } = yield* s.started()
        const invented = yield* finish({ score: 1000 })
        assert.strictEqual(invented.status, 400, invented.text)
        assert.deepStrictEqual(Steps.paths(invented.body), ["score"])
        const early = yield* finish({})
        assert.strictEqual(early.status, 409, early.text)
        assert.strictEqual(early.body.error.code, "conflict")
        const entries = yield* s.call("GET", `/v1/game-instances/${s.campaign.id}/entries`)
        assert.strictEqual(entries.body.total, 0)
      })
    )

    it.effect("flips: 400 naming position off the board or malformed, 409 for a matched or face-up card", () =>
      Effect.gen(function* () {
        const s = yield* setup()
        const { flip } = yield* s.started()
        for (const body of [{ position: PAIRS * 2 }, { position: -1 }, { position: 1.5 }, { position: "0" }, {}]) {
          const reply = yield* flip(undefined, body)
          assert.strictEqual(reply.status, 400, `${JSON.stringify(body)} ${reply.text}`)
          assert.include(Steps.paths(reply.body), "position")
        }
        const unknown = yield* flip(undefined, { position: 0, face: 1 })
        assert.strictEqual(unknown.status, 400, unknown.text)
        assert.include(Steps.paths(unknown.body), "face")
        const first = yield* flip(0)
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual(Object.keys(first.body).sort(), ["face", "flips", "matchedPairs", "position"])
        assert.strictEqual(first.body.position, 0)
        assert.isTrue(first.body.face >= 0 && first.body.face < PAIRS)
        assert.strictEqual(first.body.matchedPairs, 0)
        assert.strictEqual(first.body.flips, 1)
        // The turn's face-up card cannot be turned again.
        assert.strictEqual((yield* flip(0)).status, 409)
        // Find card 0's partner, then a matched card is refused.
        let partner = 1
        for (; partner < PAIRS * 2; partner++) {
          const second = yield* flip(partner)
          assert.strictEqual(second.status, 200, second.text)
          if (second.body.face === first.body.face) break
          assert.strictEqual((yield* flip(0)).status, 200)
        }
        const matched = yield* flip(partner)
        assert.strictEqual(matched.status, 409, matched.text)
        assert.strictEqual((yield* flip(0)).status, 409)
      })
    )

    it.effect(
      "a whole board played through flips finishes with the server's score; flips after the finish are 409",
      () =>
        Effect.gen(function* () {
          const s = yield* setup()
          const { flip, finish } = yield* s.started()
          const { flips } = yield* playAll(flip)
          const finished = yield* finish({})
          assert.strictEqual(finished.status, 200, finished.text)
          const score = finished.body.entry.score
          // 2 × pairs flips for a perfect game; within par (8 s), each extra flip costs in proportion.
          const accuracy = Math.round((MAX_SCORE * PAIRS * 2) / flips)
          assert.isTrue(score <= accuracy && score >= Math.round(accuracy / 2), `${score} for ${flips} flips`)
          const entries = yield* s.call("GET", `/v1/game-instances/${s.campaign.id}/entries`)
          assert.strictEqual(entries.body.entries[0].score, score)
          assert.strictEqual((yield* flip(0)).status, 409)
          assert.strictEqual((yield* finish({})).status, 409)
        })
    )

    it.effect("another token's session is 404; scoring: client keeps { score } and has no board to flip", () =>
      Effect.gen(function* () {
        const s = yield* setup()
        const a = yield* s.started("a")
        const b = yield* s.started("b")
        const stolen = yield* s.call("POST", `/v1/play/sessions/${a.sessionId}/flips`, { position: 0 }, b.token)
        assert.strictEqual(stolen.status, 404, stolen.text)
        const noToken = yield* s.call("POST", `/v1/play/sessions/${a.sessionId}/flips`, { position: 0 }, "nope")
        assert.strictEqual(noToken.status, 401)

        const client = yield* setup({ scoring: "client" })
        const played = yield* client.started()
        assert.isUndefined(played.start.body.game.board)
        assert.strictEqual(played.start.body.game.config.scoring, "client")
        assert.strictEqual((yield* played.flip(0)).status, 409)
        assert.strictEqual((yield* played.finish({})).status, 400)
        const finished = yield* played.finish({ score: 640 })
        assert.strictEqual(finished.status, 200, finished.text)
        assert.strictEqual(finished.body.entry.score, 640)
      })
    )
  }
)
