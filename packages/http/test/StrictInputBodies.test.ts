/**
 * What `StrictInput` makes of a body: one nested deeper than `MAX_DEPTH` is a 400 naming where the
 * limit is crossed, found in one pass without parsing, before any recursive walk; a body of an
 * operation taking JSON sent as anything but `application/json` in UTF-8 (or without a
 * Content-Type) is a 400 naming `headers.content-type`, whatever the method, while a call without a
 * body needs no Content-Type. (Over HTTP, on the real API: examples/server/test/StrictInput.test.ts.)
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as ErrorBoundary from "../src/ErrorBoundary.ts"
import * as StrictInput from "../src/StrictInput.ts"

const { MAX_DEPTH } = StrictInput

/** `levels` objects nested under the key `a`, the innermost holding `1`. */
const nest = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`

const Free = Schema.Struct({ config: Schema.optionalKey(Schema.Unknown) })
const Echo = Schema.Struct({ ok: Schema.Boolean, config: Schema.optionalKey(Schema.Unknown) })

class TestGroup extends HttpApiGroup.make("test")
  .add(
    HttpApiEndpoint.post("create", "/things", { payload: Free, success: Echo }),
    HttpApiEndpoint.patch("update", "/things/:id", { params: { id: Schema.String }, payload: Free, success: Echo }),
    HttpApiEndpoint.put("replace", "/things/:id", { params: { id: Schema.String }, payload: Free, success: Echo }),
    // As `Endpoint.noBody`: no body, `{}` or `null`.
    HttpApiEndpoint.post("act", "/things/:id/act", {
      params: { id: Schema.String },
      payload: [Schema.Record(Schema.String, Schema.Never), Schema.Null],
      success: Echo
    })
  )
  .middleware(StrictInput.StrictInput) {}

class TestApi extends HttpApi.make("test").add(TestGroup) {}

const handlers = HttpApiBuilder.group(TestApi, "test", (h) =>
  Effect.succeed(
    h
      .handle("create", ({ payload }) => Effect.succeed({ ok: true, ...payload }))
      .handle("update", ({ payload }) => Effect.succeed({ ok: true, ...payload }))
      .handle("replace", ({ payload }) => Effect.succeed({ ok: true, ...payload }))
      .handle("act", () => Effect.succeed({ ok: true }))
  )
).pipe(Layer.provide(StrictInput.layer))

const { handler } = HttpRouter.toWebHandler(
  Layer.mergeAll(HttpApiBuilder.layer(TestApi), ErrorBoundary.layer).pipe(
    Layer.provide(handlers),
    Layer.provide(HttpServer.layerServices)
  ),
  { disableLogger: true }
)

interface Sent {
  readonly body?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined
  readonly type?: string | undefined
}

/** `method path`: a string body is sent as `application/json` unless `type` says otherwise. */
const send = (method: string, path: string, { body, type }: Sent = {}) =>
  Effect.promise(async () => {
    const headers: Record<string, string> = {}
    if (type !== undefined) headers["content-type"] = type
    else if (typeof body === "string") headers["content-type"] = "application/json"
    const init: RequestInit & { duplex?: "half" } = { method, headers }
    if (body !== undefined) init.body = body
    if (body instanceof ReadableStream) init.duplex = "half"
    const response = await handler(new Request(`http://test${path}`, init))
    const text = await response.text()
    return { status: response.status, text, body: (text === "" ? undefined : JSON.parse(text)) as any }
  })

const bytes = (text: string) => new TextEncoder().encode(text)

/** A body sent in chunks, as `Transfer-Encoding: chunked` does: no length known beforehand. */
const chunked = (...chunks: ReadonlyArray<string>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk))
      controller.close()
    }
  })

const tooDeep = (reply: { status: number; text: string; body: any }, path: string) => {
  assert.strictEqual(reply.status, 400, reply.text)
  assert.strictEqual(reply.body.error.code, "invalid_request")
  assert.deepStrictEqual(reply.body.error.details, [
    { path, message: `nests arrays and objects deeper than ${MAX_DEPTH} levels` }
  ])
}

const notJson = (reply: { status: number; text: string; body: any }) => {
  assert.strictEqual(reply.status, 400, reply.text)
  assert.deepStrictEqual(reply.body.error, {
    code: "invalid_request",
    message: "Send JSON bodies with Content-Type: application/json.",
    details: [{ path: "headers.content-type", message: "expected application/json" }]
  })
}

describe("StrictInput: how deep a body nests", () => {
  it("finds the first array or object past the limit, in the text's order, without parsing", () => {
    assert.isUndefined(StrictInput.deepPath(nest(3), 3))
    assert.deepStrictEqual(StrictInput.deepPath(nest(4), 3), ["a", "a", "a"])
    assert.deepStrictEqual(StrictInput.deepPath(`[1,{"x":[]},[[2,[3]]]]`, 3), ["2", "0", "1"])
    // The first in the text, though JavaScript would list the key "1" first.
    assert.deepStrictEqual(StrictInput.deepPath(`{"b":{"c":{}},"1":{"d":{}}}`, 2), ["b", "c"])
    // Brackets, quotes and backslashes in strings and keys are text, not structure; keys are decoded.
    const text = `{"s":"[[[{{{\\\\","k\\"[{":{"t\\u0041":"\\"]]]","u":[{}]}}`
    assert.isUndefined(StrictInput.deepPath(text, 4))
    assert.deepStrictEqual(StrictInput.deepPath(text, 3), ['k"[{', "u", "0"])
    assert.deepStrictEqual(StrictInput.deepPath(text, 2), ['k"[{', "u"])
    // Whitespace anywhere; a value after a key is not a key.
    assert.deepStrictEqual(StrictInput.deepPath(` { "a" : "v" , "b" :\n[ 0 , { } ] } `, 2), ["b", "1"])
    // The whole body too deep: half a megabyte of `[` answers at once.
    assert.deepStrictEqual(StrictInput.deepPath("[".repeat(500_000), MAX_DEPTH), Array(MAX_DEPTH).fill("0"))
  })

  it("names a long path by its longest ancestor that fits, and the body when none does", () => {
    assert.strictEqual(StrictInput.pathName(["config", "a", "0"]), "config.a.0")
    const long = "k".repeat(150)
    assert.strictEqual(StrictInput.pathName(["config", long, long, "a"]), `config.${long}`)
    assert.strictEqual(StrictInput.pathName(["x".repeat(300), "a"]), "body")
    assert.strictEqual(StrictInput.pathName([]), "body")
  })

  it.effect("a body nested deeper than the limit is a 400 naming where; at the limit it is taken", () =>
    Effect.gen(function* () {
      // The body is level 1, config 2: config holding MAX_DEPTH - 1 objects reaches the limit.
      const atLimit = yield* send("POST", "/things", { body: `{"config":${nest(MAX_DEPTH - 1)}}` })
      assert.strictEqual(atLimit.status, 200, atLimit.text)
      assert.deepStrictEqual(atLimit.body.config, JSON.parse(nest(MAX_DEPTH - 1)))
      const over = ["config", ...Array<string>(MAX_DEPTH - 1).fill("a")].join(".")
      tooDeep(yield* send("POST", "/things", { body: `{"config":${nest(MAX_DEPTH)}}` }), over)
      for (const method of ["PATCH", "PUT"]) {
        const arrays = `{"config":${"[".repeat(6000)}${"]".repeat(6000)}}`
        tooDeep(
          yield* send(method, "/things/1", { body: arrays }),
          ["config", ...Array(MAX_DEPTH - 1).fill("0")].join(".")
        )
      }
      // A bodiless POST's body too.
      tooDeep(
        yield* send("POST", "/things/1/act", { body: "[".repeat(100) + "]".repeat(100) }),
        Array(MAX_DEPTH).fill("0").join(".")
      )
    })
  )

  it.effect("a deep body is refused as too deep before its strings are walked; malformed too", () =>
    Effect.gen(function* () {
      const levels = 100_000
      const body = `{"config":${'{"a":'.repeat(levels)}"\\u0000"${"}".repeat(levels)}}`
      tooDeep(yield* send("POST", "/things", { body }), ["config", ...Array(MAX_DEPTH - 1).fill("a")].join("."))
      // Malformed JSON past the limit is refused as too deep: the text read so far is.
      const unclosed = yield* send("POST", "/things", { body: `{"config":${"[".repeat(1000)}` })
      tooDeep(unclosed, ["config", ...Array(MAX_DEPTH - 1).fill("0")].join("."))
    })
  )
})

describe("StrictInput: a JSON body needs Content-Type application/json", () => {
  it("reads the media type in any case, with parameters, and a charset only of UTF-8", () => {
    for (const type of [
      "application/json",
      "Application/JSON",
      " application/json ; charset=utf-8",
      'application/json; charset="UTF-8"',
      "application/json;charset=utf8",
      "application/json; foo=bar;"
    ]) {
      assert.isTrue(StrictInput.isJsonContentType(type), type)
    }
    for (const type of [
      "",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/merge-patch+json",
      "application/jsonx",
      "text/json",
      "application/json; charset=latin1",
      "application/json; charset=utf-16"
    ]) {
      assert.isFalse(StrictInput.isJsonContentType(type), type)
    }
  })

  it.effect("a body sent as anything else is a 400 naming headers.content-type, on POST, PATCH and PUT", () =>
    Effect.gen(function* () {
      const body = `{"config":1}`
      for (const [method, path] of [
        ["POST", "/things"],
        ["PATCH", "/things/1"],
        ["PUT", "/things/1"],
        ["POST", "/things/1/act"]
      ] as const) {
        for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]) {
          notJson(yield* send(method, path, { body, type }))
        }
        // No Content-Type: a body of bytes, or in chunks.
        notJson(yield* send(method, path, { body: bytes(body) }))
        notJson(yield* send(method, path, { body: chunked(`{"con`, `fig":1}`) }))
        const fine = yield* send(method, path, { body: method === "POST" && path.endsWith("act") ? "{}" : body })
        assert.strictEqual(fine.status, 200, fine.text)
        const utf8 = yield* send(method, path, { body: "{}", type: "application/json; charset=utf-8" })
        assert.strictEqual(utf8.status, 200, utf8.text)
      }
    })
  )

  it.effect("a call without a body needs no Content-Type; an empty body with a wrong one is refused", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* send("POST", "/things/1/act")).status, 200)
      assert.strictEqual((yield* send("POST", "/things/1/act", { body: bytes("") })).status, 200)
      assert.strictEqual((yield* send("POST", "/things/1/act", { body: chunked() })).status, 200)
      assert.strictEqual((yield* send("POST", "/things/1/act", { body: "" })).status, 200)
      notJson(yield* send("POST", "/things/1/act", { type: "text/plain" }))
      // An operation whose body is required still says so, as a body and not as a content type.
      const missing = yield* send("PATCH", "/things/1")
      assert.strictEqual(missing.status, 400, missing.text)
      assert.notDeepInclude(missing.body.error.details ?? [], { path: "headers.content-type" })
    })
  )
})
