/**
 * The play calls' lane (`PlayLane`): mint, start and finish in their plain form are answered ahead of
 * the API's generic pipeline, and must answer exactly what the pipeline answers. The pipeline is
 * reached with the same request written so that the lane declines it (`Authorization: bearer …`,
 * the scheme in lower case, which HTTP and the API take alike), so each case compares the two
 * answers to one request; and what the lane hands on after reading the body (a body or a key the API
 * refuses) is answered by the pipeline, counted once by the mint's rate limit.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, type Reply, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

/** An account with an allowed origin, a channel with a live wheel, and the play calls by either way in. */
const setup = Effect.gen(function* () {
  const { account, request } = yield* TestServer
  const { key } = yield* account({})
  const call = Steps.caller(request, key)
  assert.strictEqual((yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })).status, 201)
  const channel = (yield* call("POST", "/v1/channels", { name: "Main" })).body.channel
  const idle = (yield* call("POST", "/v1/channels", { name: "Idle" })).body.channel
  const campaign = (yield* call("POST", "/v1/game-instances", {
    gameSlug: "spin-the-wheel",
    name: "Live",
    channelId: channel.id,
    config: Steps.WHEEL
  })).body.gameInstance
  const activated = yield* call("POST", `/v1/game-instances/${campaign.id}/activate`)
  assert.strictEqual(activated.status, 200, activated.text)
  /** A call with `credential` as `Bearer` (the lane) or `bearer` (the pipeline). */
  const send = (
    lane: boolean,
    path: string,
    credential: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}
  ) =>
    request("POST", path, {
      ...options,
      headers: { ...options.headers, authorization: `${lane ? "Bearer" : "bearer"} ${credential}` }
    })
  const mintBody = (participantRef: string, channelId: string = channel.id) => ({
    channelId,
    participantRef,
    origin: ORIGIN
  })
  const mint = (lane: boolean, participantRef: string, channelId?: string) =>
    send(lane, "/v1/auth/session-tokens", key, { body: mintBody(participantRef, channelId) })
  const token = (participantRef: string) =>
    mint(true, participantRef).pipe(
      Effect.tap((r) => Effect.sync(() => assert.strictEqual(r.status, 201, r.text))),
      Effect.map((r) => r.body.clientToken as string)
    )
  const start = (
    lane: boolean,
    clientToken: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string> }
  ) => send(lane, "/v1/play/sessions", clientToken, options)
  const finish = (lane: boolean, clientToken: string, sessionId: string, body: unknown = {}) =>
    send(lane, `/v1/play/sessions/${sessionId}/finish`, clientToken, { body })
  return { key, channel, idle, campaign, send, mintBody, mint, token, start, finish }
})

/** The fields of an answer that differ from one play to the next (ids, times, the token, the wheel's draw). */
const VARYING = new Set([
  "id",
  "clientToken",
  "jti",
  "expiresAt",
  "startedAt",
  "createdAt",
  "participantRef",
  "sessionId",
  "label",
  "isWin"
])

/** The answer with what varies from play to play replaced by its type: its shape and its fixed values. */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shapeOf)
    : typeof value === "object" && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, VARYING.has(k) ? `<${typeof v}>` : shapeOf(v)]))
      : value

/** Asserts that two answers are the same but for what varies between plays. */
const sameAnswer = (lane: Reply, pipeline: Reply, what: string) => {
  assert.strictEqual(lane.status, pipeline.status, `${what}: status (${lane.text} / ${pipeline.text})`)
  assert.strictEqual(lane.headers.get("content-type"), pipeline.headers.get("content-type"), `${what}: content-type`)
  assert.deepStrictEqual(shapeOf(lane.body), shapeOf(pipeline.body), what)
  assert.isNotNull(lane.headers.get("x-request-id"), `${what}: request id`)
}

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("the play calls' lane", (it) => {
  it.effect("mint, start and finish answer as the API's pipeline does, to the byte but ids and times", () =>
    Effect.gen(function* () {
      const { finish, idle, mint, start, token } = yield* setup
      // Mint: a token (201) and, on a channel with nothing live, the between-campaigns answer (200).
      const [lane, pipeline] = [yield* mint(true, "p-1"), yield* mint(false, "p-2")]
      sameAnswer(lane, pipeline, "mint")
      assert.strictEqual(lane.status, 201)
      assert.strictEqual(lane.headers.get("x-ratelimit-limit"), pipeline.headers.get("x-ratelimit-limit"))
      assert.strictEqual(
        Number(lane.headers.get("x-ratelimit-remaining")),
        Number(pipeline.headers.get("x-ratelimit-remaining")) + 1
      )
      const [laneIdle, pipelineIdle] = [yield* mint(true, "p-1", idle.id), yield* mint(false, "p-1", idle.id)]
      assert.strictEqual(laneIdle.status, 200, laneIdle.text)
      assert.strictEqual(laneIdle.text, pipelineIdle.text)

      // Start: no body, `{}` and `null` alike; the player's view of the game is the same text.
      const tokens = [yield* token("s-1"), yield* token("s-2"), yield* token("s-3"), yield* token("s-4")]
      const started = [
        yield* start(true, tokens[0]!),
        yield* start(true, tokens[1]!, { body: {} }),
        yield* start(true, tokens[2]!, { rawBody: "null", headers: { "content-type": "application/json" } }),
        yield* start(false, tokens[3]!)
      ]
      for (const [i, answer] of started.entries()) {
        sameAnswer(answer, started[3]!, `start ${i}`)
        assert.strictEqual(JSON.stringify(answer.body.game), JSON.stringify(started[3]!.body.game))
        assert.strictEqual(answer.body.session.participantRef, `s-${i + 1}`)
      }

      // Finish, then each refusal after it: the same text whichever way in.
      const finished = [
        yield* finish(true, tokens[0]!, started[0]!.body.session.id),
        yield* finish(false, tokens[1]!, started[1]!.body.session.id)
      ]
      sameAnswer(finished[0]!, finished[1]!, "finish")
      assert.strictEqual(finished[0]!.status, 200, finished[0]!.text)
      assert.strictEqual(finished[0]!.body.entry.sessionId, started[0]!.body.session.id)
      const again = [
        yield* finish(true, tokens[0]!, started[0]!.body.session.id),
        yield* finish(false, tokens[0]!, started[0]!.body.session.id)
      ]
      assert.strictEqual(again[0]!.status, 409)
      assert.strictEqual(again[0]!.text, again[1]!.text)
      const used = [yield* start(true, tokens[0]!), yield* start(false, tokens[0]!)]
      assert.strictEqual(used[0]!.status, 409)
      assert.strictEqual(used[0]!.text, used[1]!.text)
      // Another token's session, and a finish body the game refuses: the use case's 404 and 400.
      const other = [
        yield* finish(true, tokens[2]!, started[3]!.body.session.id),
        yield* finish(false, tokens[2]!, started[3]!.body.session.id)
      ]
      assert.strictEqual(other[0]!.status, 404, other[0]!.text)
      assert.strictEqual(other[0]!.text, other[1]!.text)
      const refused = [
        yield* finish(true, tokens[2]!, started[2]!.body.session.id, { score: 5 }),
        yield* finish(false, tokens[2]!, started[2]!.body.session.id, { score: 5 })
      ]
      assert.strictEqual(refused[0]!.status, 400, refused[0]!.text)
      assert.strictEqual(refused[0]!.text, refused[1]!.text)
    })
  )

  it.effect("what the lane hands on after reading the body is the pipeline's to answer, counted once", () =>
    Effect.gen(function* () {
      const { key, mintBody, send, start, token, finish } = yield* setup
      const remaining = (r: Reply) => Number(r.headers.get("x-ratelimit-remaining"))
      const first = yield* send(true, "/v1/auth/session-tokens", key, { body: mintBody("q-1") })
      assert.strictEqual(first.status, 201, first.text)
      // An unknown field, a NUL, a body that is not JSON: each a 400 naming its place, each one count.
      const unknownField = yield* send(true, "/v1/auth/session-tokens", key, { body: { ...mintBody("q-2"), x: 1 } })
      assert.strictEqual(unknownField.status, 400, unknownField.text)
      assert.deepStrictEqual(Steps.paths(unknownField.body), ["x"])
      const nul = yield* send(true, "/v1/auth/session-tokens", key, {
        rawBody: JSON.stringify(mintBody("q-\u0000")),
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(nul.status, 400, nul.text)
      assert.deepStrictEqual(Steps.paths(nul.body), ["participantRef"])
      const notJson = yield* send(true, "/v1/auth/session-tokens", key, {
        rawBody: "{",
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(notJson.status, 400, notJson.text)
      const last = yield* send(true, "/v1/auth/session-tokens", key, { body: mintBody("q-3") })
      assert.strictEqual(last.status, 201, last.text)
      assert.strictEqual(remaining(last), remaining(first) - 4, "one count a request")

      // A start with a body, a forged token, a finish with a percent-encoded session id.
      const t = yield* token("q-4")
      const withField = yield* start(true, t, { body: { x: 1 } })
      assert.strictEqual(withField.status, 400, withField.text)
      const forged = yield* start(true, `${t.slice(0, -2)}xx`)
      assert.strictEqual(forged.status, 401, forged.text)
      const started = yield* start(true, t)
      assert.strictEqual(started.status, 201, started.text)
      const id = started.body.session.id as string
      const encoded = yield* finish(true, t, `${id.slice(0, 3)}%${id.charCodeAt(3).toString(16)}${id.slice(4)}`)
      assert.strictEqual(encoded.status, 200, encoded.text)
      assert.strictEqual(encoded.body.entry.sessionId, id)
      // With an Idempotency-Key the pipeline keeps the answer, and a retry gets it again.
      const t2 = yield* token("q-5")
      const keyed = { headers: { "idempotency-key": "start-q-5" } }
      const once = yield* send(true, "/v1/play/sessions", t2, keyed)
      const twice = yield* send(true, "/v1/play/sessions", t2, keyed)
      assert.strictEqual(once.status, 201, once.text)
      assert.strictEqual(twice.text, once.text)
      assert.strictEqual(twice.headers.get("idempotent-replayed"), "true")
    })
  )
})
