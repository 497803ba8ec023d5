import { connect } from "node:net"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { layer as serverLayer, TestServer, withAccount } from "./support/TestServer.ts"

const isErrorShape = (body: any, code: string) => {
  assert.isObject(body, "a JSON body")
  assert.strictEqual(body.error.code, code)
  assert.isString(body.error.message)
  assert.isTrue(body.error.message.length > 0)
}

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("errors and authentication", (it) => {
  it.effect("401 for a missing, malformed, unknown or revoked key", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const missing = yield* request("GET", "/v1/channels")
      assert.strictEqual(missing.status, 401)
      isErrorShape(missing.body, "unauthorized")
      const malformed = yield* request("GET", "/v1/channels", { key: "not-a-key" })
      assert.strictEqual(malformed.status, 401)
      isErrorShape(malformed.body, "unauthorized")
      const basic = yield* request("GET", "/v1/channels", { headers: { authorization: "Basic abc" } })
      assert.strictEqual(basic.status, 401)
      const { key } = yield* account()
      const forged = `${key.slice(0, -4)}aaaa` === key ? `${key.slice(0, -4)}bbbb` : `${key.slice(0, -4)}aaaa`
      const unknown = yield* request("GET", "/v1/channels", { key: forged })
      assert.strictEqual(unknown.status, 401)
      isErrorShape(unknown.body, "unauthorized")
      const unknownPrefix = yield* request("GET", "/v1/channels", { key: `cgk_aaaaaaaaaaaa_${"a".repeat(52)}` })
      assert.strictEqual(unknownPrefix.status, 401)
      const ok = yield* request("GET", "/v1/channels", { key })
      assert.strictEqual(ok.status, 200)
    })
  )

  it.effect("403 forbidden for a key that lacks the permission", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const created = yield* request("POST", "/v1/tenant/api-keys", {
        key,
        body: { name: "reader", permissions: ["campaigns.read"] }
      })
      assert.strictEqual(created.status, 201)
      const reader = created.body.apiKey.key
      const list = yield* request("GET", "/v1/channels", { key: reader })
      assert.strictEqual(list.status, 200)
      const write = yield* request("POST", "/v1/channels", { key: reader, body: { name: "x" } })
      assert.strictEqual(write.status, 403)
      isErrorShape(write.body, "forbidden")
    })
  )

  it.effect("authentication runs before body decoding: an invalid body without a key gets 401", () =>
    Effect.gen(function* () {
      const { request } = yield* TestServer
      const reply = yield* request("POST", "/v1/channels", { body: { name: "" } })
      assert.strictEqual(reply.status, 401)
    })
  )

  it.effect("the play calls check the client token before the body and the path: 401 without a valid one", () =>
    Effect.gen(function* () {
      const { request } = yield* TestServer
      const cases = [
        ["POST", "/v1/play/sessions", { foo: 1 }, undefined],
        ["POST", "/v1/play/sessions", { "a\u0000": 1 }, "not.a.token"],
        ["POST", "/v1/play/sessions/ses%00/finish", { optionId: 1 }, undefined],
        ["POST", "/v1/play/sessions/ses_1/finish", [1, 2], "eyJhbGciOiJIUzI1NiJ9.e30.forged"]
      ] as const
      for (const [method, path, body, key] of cases) {
        const reply = yield* request(method, path, { body, ...(key === undefined ? {} : { key }) })
        assert.strictEqual(reply.status, 401, `${path}: ${reply.text}`)
        isErrorShape(reply.body, "unauthorized")
      }
    })
  )

  it.effect(
    "a limited operation counts and reports every request of a key: a 403, a refused body, a body over 1 MiB",
    () =>
      Effect.gen(function* () {
        const { request, keyWith } = yield* withAccount()
        const reader = yield* keyWith("campaigns.read")
        const minter = yield* keyWith("tokens.mint")
        const mint = (key: string, body: unknown, rawBody?: Uint8Array<ArrayBuffer>) =>
          request("POST", "/v1/auth/session-tokens", {
            key,
            ...(rawBody === undefined ? { body } : { rawBody, headers: { "content-type": "application/json" } })
          })
        const valid = { channelId: "ch_1", participantRef: "p", origin: "https://a.example" }
        const forbidden = yield* mint(reader, valid)
        const unstorable = yield* mint(minter, { ...valid, channelId: "ch_\u0000" })
        const notUtf8 = yield* mint(minter, undefined, new Uint8Array([0x7b, 0x22, 0x70, 0xff, 0x22, 0x3a, 0x31, 0x7d]))
        const huge = yield* mint(minter, { ...valid, channelId: "x".repeat(1_100_000) })
        assert.deepStrictEqual(
          [forbidden, unstorable, notUtf8, huge].map((reply) => [
            reply.status,
            reply.headers.get("x-ratelimit-limit"),
            reply.headers.get("x-ratelimit-remaining")
          ]),
          [
            [403, "600", "599"],
            [400, "600", "599"],
            [400, "600", "598"],
            [400, "600", "597"]
          ]
        )
      })
  )

  it.effect(
    "what Node refuses before any route (a method it does not know, huge headers) is in the error shape, with a request id",
    () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const port = Number(new URL(url).port)
        const raw = (text: string) =>
          Effect.callback<string>((resume) => {
            const chunks: Array<Buffer> = []
            const socket = connect(port, "127.0.0.1", () => socket.write(text))
            socket.on("data", (chunk) => chunks.push(chunk))
            socket.on("close", () => resume(Effect.succeed(Buffer.concat(chunks).toString("utf8"))))
            socket.on("error", () => undefined)
          })
        for (const [text, status] of [
          ["FOO / HTTP/1.1\r\nHost: x\r\n\r\n", 400],
          [`GET /v1/channels HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${"a".repeat(20_000)}\r\n\r\n`, 431]
        ] as const) {
          const answer = yield* raw(text)
          assert.match(answer, new RegExp(`^HTTP/1.1 ${status} `), answer.slice(0, 80))
          isErrorShape(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), "invalid_request")
          // A request id like every other answer (a new one: the request's headers were not read).
          assert.match(
            answer,
            /\r\nx-request-id: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\r\n/
          )
        }
      })
  )

  it.effect("unknown routes answer 404 not_found in the error shape", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      for (const path of ["/v1/nothing-here", "/", "/v2/channels", "/v1/channels/a/b/c"]) {
        const reply = yield* request("GET", path, { key })
        assert.strictEqual(reply.status, 404, path)
        isErrorShape(reply.body, "not_found")
      }
      // A huge path is named, not repeated whole.
      const huge = yield* request("GET", `/v1/channels/${"x".repeat(5000)}/nothing`, { key })
      assert.strictEqual(huge.status, 404)
      isErrorShape(huge.body, "not_found")
      assert.isBelow(huge.text.length, 400)
    })
  )

  it.effect("malformed JSON answers 400 invalid_request", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      // Text that is not JSON, then JSON that is not an object.
      for (const raw of ["{", '{"name": }', "nul", "[1,2", "[]", "42", '"text"', "null"]) {
        const reply = yield* request("POST", "/v1/channels", {
          key,
          rawBody: raw,
          headers: { "content-type": "application/json" }
        })
        assert.strictEqual(reply.status, 400, raw)
        isErrorShape(reply.body, "invalid_request")
      }
    })
  )

  it.effect("a wrong content type answers 400 invalid_request naming the header", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const reply = yield* request("POST", "/v1/channels", {
        key,
        rawBody: "name=x",
        headers: { "content-type": "text/plain" }
      })
      assert.strictEqual(reply.status, 400)
      isErrorShape(reply.body, "invalid_request")
      assert.strictEqual(reply.body.error.details[0].path, "headers.content-type")
    })
  )

  it.effect("an oversized body answers 400 naming the body, in the error shape, and stores nothing", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const huge = JSON.stringify({ name: "x", betweenCampaigns: { body: "y".repeat(2_000_000) } })
      const reply = yield* request("POST", "/v1/channels", {
        key,
        rawBody: huge,
        headers: { "content-type": "application/json" }
      })
      assert.strictEqual(reply.status, 400)
      isErrorShape(reply.body, "invalid_request")
      assert.deepStrictEqual(reply.body.error.details, [{ path: "body", message: "over 1 MiB" }])
      const list = yield* request("GET", "/v1/channels", { key })
      assert.strictEqual(list.body.total, 0)
    })
  )

  it.effect("serves the OpenAPI document and the docs page from the one definition", () =>
    Effect.gen(function* () {
      const { request } = yield* TestServer
      const doc = yield* request("GET", "/v1/openapi.json")
      assert.strictEqual(doc.status, 200)
      assert.strictEqual(doc.body.openapi.slice(0, 2), "3.")
      for (const path of [
        "/v1/channels",
        "/v1/channels/{channelId}",
        "/v1/tenant/api-keys",
        "/v1/tenant/api-keys/{keyId}",
        "/admin/v1/accounts",
        "/admin/v1/accounts/{accountId}",
        "/v1/games",
        "/v1/game-instances",
        "/v1/game-instances/{id}",
        "/v1/game-instances/{id}/activate",
        "/v1/game-instances/{id}/pause",
        "/v1/game-instances/{id}/archive",
        "/v1/game-instances/{id}/restore",
        "/v1/game-instances/{id}/resolve",
        "/v1/tenant/branding"
      ]) {
        assert.isDefined(doc.body.paths[path], path)
      }
      const docs = yield* request("GET", "/docs")
      assert.strictEqual(docs.status, 200)
      assert.include(docs.text, "<html")
    })
  )
})
