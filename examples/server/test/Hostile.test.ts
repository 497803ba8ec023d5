/**
 * Hostile input on every operation: each operation of the served OpenAPI document is called with
 * odd path ids (NUL, bytes that are not UTF-8, a surrogate, 2,000 characters, a path walk, a
 * bidirectional override), odd query values, and odd bodies (malformed, a bare value other than the `null` a bodiless POST takes, 100,000
 * levels of nesting, invalid UTF-8, NUL, prototype keys), with a key holding every permission. Each
 * answer is below 500 and, when it is an error, in the specification's error shape; the account's
 * data is the same afterwards and the server still serves. The operations come from the document,
 * so an operation added later is swept without a change here.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, type Reply, sendBytes, withAccount } from "./support/TestServer.ts"

/** Path ids no operation can hold (percent-encoded as a client would send them). */
const hostileIds = [
  "%00",
  "%FF",
  "%ED%A0%80",
  "x".repeat(2000),
  "..%2F..%2Fetc%2Fpasswd",
  "%E2%80%AE",
  "'%3B--",
  "%20",
  "00000000-0000-0000-0000-000000000000"
]

/** Query values of the same kinds, on the names lists and searches use. */
const hostileQueries = [
  "limit=%00&offset=%FF",
  "limit=-1&offset=1e400",
  "limit=99999999999999999999&offset=NaN",
  `search=${"%00".repeat(3)}&status=%ED%A0%80&cursor=%FF`,
  "channelId=%00&from=not-a-date&to=%FF"
]

const utf8 = (text: string) => new TextEncoder().encode(text)

/** Bodies no operation can take, as raw bytes sent as JSON. */
const hostileBodies: ReadonlyArray<readonly [string, Uint8Array<ArrayBuffer>]> = [
  ["malformed", utf8(`{"name":`)],
  ["an array", utf8("[]")],
  ["a string", utf8(`"text"`)],
  ["a huge number", utf8("1e400")],
  ["arrays nested 100,000 deep", utf8("[".repeat(100_000) + "]".repeat(100_000))],
  ["objects nested 50,000 deep", utf8(`{"a":`.repeat(50_000) + "1" + "}".repeat(50_000))],
  [
    "a config nested 50,000 deep",
    utf8(`{"name":"n","config":` + `{"a":`.repeat(50_000) + "1" + "}".repeat(50_000) + "}")
  ],
  ["invalid UTF-8", Uint8Array.from([...utf8(`{"name":"a`), 0xff, 0xfe, ...utf8(`b"}`)])],
  ["NUL in every string", utf8(`{"name":"a\\u0000b","title":"\\u0000","code":"\\u0000","url":"\\u0000"}`)],
  ["prototype keys", utf8(`{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}`)],
  ["unknown fields", utf8(`{"zzz":1,"name":{"$ne":null}}`)]
]

interface Operation {
  readonly method: string
  readonly path: string
}

/** An answer a client can rely on: below 500, and an error in the specification's shape. */
const sound = (what: string, reply: Reply) => {
  assert.isBelow(reply.status, 500, `${what}: ${reply.text.slice(0, 300)}`)
  if (reply.status >= 400 && reply.status !== 405) {
    assert.isString(reply.body?.error?.code, `${what}: ${reply.text.slice(0, 300)}`)
    assert.isString(reply.body?.error?.message, `${what}: ${reply.text.slice(0, 300)}`)
  }
}

layer(serverLayer(), { excludeTestServices: true, timeout: "300 seconds" })("hostile input", (it) => {
  it.effect(
    "every operation answers odd ids, queries and bodies below 500 in the error shape, and stored data stays",
    () =>
      Effect.gen(function* () {
        const { key: accountKey, request, url } = yield* withAccount()
        const call = Steps.caller(request, accountKey)
        const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "w", config: Steps.WHEEL })
        const campaignId: string = created.body.gameInstance.id
        assert.strictEqual((yield* call("POST", `/v1/game-instances/${campaignId}/activate`)).status, 200)
        const before = {
          channels: (yield* call("GET", "/v1/channels")).text,
          campaign: (yield* call("GET", `/v1/game-instances/${campaignId}`)).text
        }

        const document = (yield* request("GET", "/v1/openapi.json")).body
        const operations: Array<Operation> = []
        for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
          for (const method of ["get", "post", "put", "patch", "delete"]) {
            if (item[method] !== undefined) operations.push({ method: method.toUpperCase(), path })
          }
        }
        assert.isAbove(operations.length, 60, "the document lists the API's operations")

        /** The path with each parameter replaced: the real channel and campaign where they fit, else `id`. */
        const fill = (path: string, id: string | undefined) =>
          path.replace(/\{([^}]+)\}/g, (_, name: string, offset: number) => {
            if (id !== undefined) return id
            const before = path.slice(0, offset)
            if (before.endsWith("/v1/channels/")) return channel.id
            if (before.endsWith("/v1/game-instances/")) return campaignId
            return "unknown"
          })

        for (const { method, path } of operations) {
          const takesBody = method !== "GET" && method !== "DELETE"
          // The operator API with its own token: hostile input reaches its checks (and failed
          // operator calls, limited per address, do not lock the other tests out).
          const key = path.startsWith("/admin/") ? ADMIN_TOKEN : accountKey
          if (path.includes("{")) {
            for (const id of hostileIds) {
              const target = fill(path, id)
              const body = takesBody ? utf8("{}") : undefined
              sound(`${method} ${target.slice(0, 80)}`, yield* sendBytes(url, method, target, key, body))
            }
          }
          for (const query of hostileQueries) {
            const target = `${fill(path, "unknown")}?${query}`
            sound(`${method} ${target}`, yield* sendBytes(url, method, target, key, undefined))
          }
          if (!takesBody) continue
          for (const [name, body] of hostileBodies) {
            sound(`${method} ${path} with ${name}`, yield* sendBytes(url, method, fill(path, undefined), key, body))
          }
        }

        assert.strictEqual((yield* call("GET", "/v1/channels")).text, before.channels)
        assert.strictEqual((yield* call("GET", `/v1/game-instances/${campaignId}`)).text, before.campaign)
        assert.strictEqual(({} as Record<string, unknown>).polluted, undefined)
        assert.strictEqual((yield* request("GET", "/health")).status, 200)
      })
  )

  it.effect("a POST that acts on its path alone takes no body, {} or null, and refuses any other body", () =>
    Effect.gen(function* () {
      const { key, request, url } = yield* withAccount()
      const call = Steps.caller(request, key)
      const { created } = yield* Steps.channelWithCampaign(call, { name: "w", config: Steps.WHEEL })
      const id: string = created.body.gameInstance.id
      assert.strictEqual((yield* call("POST", `/v1/game-instances/${id}/activate`)).status, 200)
      const status = Effect.map(call("GET", `/v1/game-instances/${id}`), (reply) => reply.body.gameInstance.status)
      for (const [name, body] of [
        ["malformed", `{"paused":`],
        ["a field", `{"force":true}`],
        ["an array", "[]"]
      ] as const) {
        const reply = yield* sendBytes(url, "POST", `/v1/game-instances/${id}/pause`, key, utf8(body))
        assert.strictEqual(reply.status, 400, `${name}: ${reply.text}`)
        assert.strictEqual(reply.body.error.code, "invalid_request")
        assert.strictEqual(yield* status, "active", name)
      }
      const unknown = yield* sendBytes(url, "POST", `/v1/game-instances/${id}/pause`, key, utf8(`{"force":true}`))
      assert.deepStrictEqual(Steps.paths(unknown.body), ["force"])
      const emptyJson = yield* sendBytes(url, "POST", `/v1/game-instances/${id}/pause`, key, utf8(""))
      assert.strictEqual(emptyJson.status, 200, `an empty body sent as JSON: ${emptyJson.text}`)
      assert.strictEqual(
        (yield* sendBytes(url, "POST", `/v1/game-instances/${id}/activate`, key, undefined)).status,
        200
      )
      assert.strictEqual((yield* sendBytes(url, "POST", `/v1/game-instances/${id}/pause`, key, undefined)).status, 200)
      assert.strictEqual(
        (yield* sendBytes(url, "POST", `/v1/game-instances/${id}/activate`, key, utf8("{}"))).status,
        200
      )
      assert.strictEqual(
        (yield* sendBytes(url, "POST", `/v1/game-instances/${id}/pause`, key, utf8("null"))).status,
        200
      )
      assert.strictEqual(yield* status, "paused")
    })
  )
})
