/**
 * Strict input over HTTP: a string that cannot be stored (NUL, a lone surrogate), a body that is not
 * UTF-8 and an unknown field are each a 400 naming the path; authentication still comes first;
 * what a GET answers can be sent back; config keys a game does not define are kept; the play
 * calls are as strict; a body nested deeper than `StrictInput.MAX_DEPTH` is a 400 naming where; and a
 * body must be sent as `application/json` (a request without a body needs no content type).
 */
import { assert, layer } from "@effect/vitest"
import { StrictInput } from "@campaign-games/http"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, type Reply, sendBytes, TestServer, withAccount } from "./support/TestServer.ts"

/** A JSON text with `bad` (a JSON escape such as `\\u0000`) inside the string `"a<bad>b"` at `{{}}`. */
const spell = (template: string, bad: string) => template.replace("{{}}", `"a${bad}b"`)

/** The unstorable strings, as JSON escapes: NUL, a lone high and a lone low surrogate. */
const unstorable = [
  ["NUL", "\\u0000"],
  ["lone high surrogate", "\\ud800"],
  ["lone low surrogate", "\\udc00"]
] as const

/** The same, percent-encoded in a URL: NUL, and a surrogate's UTF-8-like bytes (not UTF-8). */
const unstorableInUrl = [
  ["NUL", "%00"],
  ["surrogate bytes", "%ED%A0%80"],
  ["invalid UTF-8", "%FF"]
] as const

const refused = (reply: Reply, ...paths: ReadonlyArray<string>) => {
  assert.strictEqual(reply.status, 400, reply.text)
  assert.strictEqual(reply.body.error.code, "invalid_request")
  const named = (reply.body.error.details ?? []).map((d: { path: string }) => d.path)
  for (const path of paths) assert.include(named, path, reply.text)
}

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("strict input", (it) => {
  it.effect("a NUL or a lone surrogate in a body string is a 400 naming the field, at any depth", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const send = (method: string, path: string, rawBody: string) =>
        request(method, path, { key, rawBody, headers: { "content-type": "application/json" } })
      const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "c" } })).body.channel
      for (const [, bad] of unstorable) {
        refused(yield* send("POST", "/v1/channels", spell(`{"name":{{}}}`, bad)), "name")
        refused(
          yield* send("POST", "/v1/channels", spell(`{"name":"c","betweenCampaigns":{"title":{{}}}}`, bad)),
          "betweenCampaigns.title"
        )
        refused(yield* send("PATCH", `/v1/channels/${channel.id}`, spell(`{"name":{{}}}`, bad)), "name")
        refused(
          yield* send("PUT", "/v1/tenant/branding", spell(`{"labels":{"spinButton":{{}}}}`, bad)),
          "labels.spinButton"
        )
        refused(
          yield* send("POST", "/v1/tenant/api-keys", spell(`{"name":"k","permissions":[{{}}]}`, bad)),
          "permissions.0"
        )
        const campaign = (body: string) =>
          send(
            "POST",
            "/v1/game-instances",
            `{"gameSlug":"spin-the-wheel","name":"w","channelId":"${channel.id}","config":${body}}`
          )
        refused(
          yield* campaign(spell(`{"segments":[{"id":"x","label":{{}},"isWin":true}]}`, bad)),
          "config.segments.0.label"
        )
        refused(yield* campaign(spell(`{"notes":{"free":[{{}}]}}`, bad)), "config.notes.free.0")
        refused(yield* campaign(`{${spell("{{}}", bad)}:1}`), `config.a${JSON.parse(`"${bad}"`)}b`)
      }
      const listed = yield* request("GET", "/v1/channels", { key })
      assert.strictEqual(listed.body.total, 1)
    })
  )

  it.effect("a body that is not UTF-8 is a 400, not read with replacement characters", () =>
    Effect.gen(function* () {
      const { key, url } = yield* withAccount()
      const head = new TextEncoder().encode(`{"name":"a`)
      const tail = new TextEncoder().encode(`b"}`)
      for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc3]]) {
        const bytes = Uint8Array.from([...head, ...bad, ...tail])
        refused(yield* sendBytes(url, "POST", "/v1/channels", key, bytes), "body")
      }
      const fine = new TextEncoder().encode(`{"name":"caf\u00e9 \u{1F3A1}"}`)
      const created = yield* sendBytes(url, "POST", "/v1/channels", key, fine)
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.channel.name, "caf\u00e9 \u{1F3A1}")
    })
  )

  it.effect("a path id or query value that cannot be stored is a 400 naming the parameter", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      for (const [, bad] of unstorableInUrl) {
        refused(yield* request("GET", `/v1/game-instances/${bad}`, { key }), "id")
        refused(yield* request("GET", `/v1/game-instances/x${bad}/entries`, { key }), "id")
        refused(yield* request("GET", `/v1/channels/${bad}`, { key }), "channelId")
        refused(yield* request("DELETE", `/v1/tenant/api-keys/${bad}`, { key }), "keyId")
        refused(yield* request("GET", `/v1/tenant/webhooks/endpoints?search=a${bad}`, { key }), "search")
        refused(yield* request("GET", `/v1/tenant/webhooks/deliveries?status=${bad}`, { key }), "status")
        refused(yield* request("GET", `/v1/game-instances?channelId=${bad}&limit=5`, { key }), "channelId")
      }
      assert.strictEqual((yield* request("GET", "/v1/game-instances/gi_unknown", { key })).status, 404)
      const search = yield* request("GET", "/v1/tenant/webhooks/endpoints?search=caf%C3%A9+100%", { key })
      assert.strictEqual(search.status, 200, search.text)
    })
  )

  it.effect("unstorable input without a key is still a 401: authentication comes first", () =>
    Effect.gen(function* () {
      const { request } = yield* TestServer
      const reply = yield* request("POST", "/v1/channels", { body: { name: "a\u0000b" } })
      assert.strictEqual(reply.status, 401)
      assert.strictEqual((yield* request("GET", "/v1/game-instances/%00")).status, 401)
    })
  )

  it.effect("an unknown body field is a 400 naming each unknown path, top level and nested", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const top = yield* request("POST", "/v1/channels", {
        key,
        body: { name: "x", status: "active", accountId: "acc_x", plan: "unlimited" }
      })
      refused(top, "accountId", "plan")
      const nested = yield* request("POST", "/v1/channels", {
        key,
        body: { name: "x", betweenCampaigns: { titel: "Soon" } }
      })
      refused(nested, "betweenCampaigns.titel")
      const typo = yield* request("POST", "/v1/channels", { key, body: { name: "x", maxPlaysPerParticipantPerday: 1 } })
      refused(typo, "maxPlaysPerParticipantPerday")
      const theme = yield* request("PUT", "/v1/tenant/branding", { key, body: { colors: { bgg: "#ffffff" } } })
      refused(theme, "colors.bgg")
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 0)
    })
  )

  it.effect("what a GET answers can be sent back: branding round-trips", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const theme = {
        colors: { bg: "#ffffff", accent: "#ff0000" },
        labels: { spinButton: "Go" },
        layout: { position: "top" }
      }
      assert.strictEqual((yield* request("PUT", "/v1/tenant/branding", { key, body: theme })).status, 200)
      const got = yield* request("GET", "/v1/tenant/branding", { key })
      const again = yield* request("PUT", "/v1/tenant/branding", { key, body: got.body.theme })
      assert.strictEqual(again.status, 200, again.text)
      assert.deepStrictEqual(again.body.theme, got.body.theme)
    })
  )

  it.effect("config keys the game does not define are kept as sent", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "c" } })).body.channel
      const config = { ...Steps.WHEEL, notes: { audience: "students" } }
      const created = yield* request("POST", "/v1/game-instances", {
        key,
        body: { gameSlug: "spin-the-wheel", name: "w", channelId: channel.id, config }
      })
      assert.strictEqual(created.status, 201, created.text)
      const got = yield* request("GET", `/v1/game-instances/${created.body.gameInstance.id}`, { key })
      assert.deepStrictEqual(got.body.gameInstance.config, config)
    })
  )

  it.effect("the play calls are strict too: the mint, the session id and the finish body", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const origin = "https://shop.example.com"
      assert.strictEqual((yield* request("POST", "/v1/tenant/allowed-origins", { key, body: { origin } })).status, 201)
      const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "c" } })).body.channel
      const campaign = yield* request("POST", "/v1/game-instances", {
        key,
        body: { gameSlug: "spin-the-wheel", name: "w", channelId: channel.id, config: Steps.WHEEL }
      })
      const id = campaign.body.gameInstance.id
      assert.strictEqual((yield* request("POST", `/v1/game-instances/${id}/activate`, { key })).status, 200)
      const mint = (body: Record<string, unknown>) =>
        request("POST", "/v1/auth/session-tokens", { key, body: { channelId: channel.id, origin, ...body } })
      refused(yield* mint({ participantRef: "p\u0000" }), "participantRef")
      refused(yield* mint({ participantRef: "p", participant: "typo" }), "participant")
      const minted = yield* mint({ participantRef: "p" })
      assert.strictEqual(minted.status, 201, minted.text)
      const token = minted.body.clientToken as string
      const started = yield* request("POST", "/v1/play/sessions", { key: token })
      assert.strictEqual(started.status, 201, started.text)
      const session = started.body.session.id as string
      refused(yield* request("POST", "/v1/play/sessions/%00/finish", { key: token, body: {} }), "sessionId")
      refused(yield* request("POST", `/v1/play/sessions/${session}/finish`, { key: token, body: { spin: 1 } }), "spin")
      const finished = yield* request("POST", `/v1/play/sessions/${session}/finish`, { key: token, body: {} })
      assert.strictEqual(finished.status, 200, finished.text)
    })
  )

  it.effect("listing allowed origins needs settings.read, not origins.manage", () =>
    Effect.gen(function* () {
      const { request, keyWith } = yield* withAccount()
      const manager = yield* keyWith("origins.manage")
      const reader = yield* keyWith("settings.read")
      const added = yield* request("POST", "/v1/tenant/allowed-origins", {
        key: manager,
        body: { origin: "https://shop.example.com" }
      })
      assert.strictEqual(added.status, 201, added.text)
      const denied = yield* request("GET", "/v1/tenant/allowed-origins", { key: manager })
      assert.strictEqual(denied.status, 403, denied.text)
      assert.strictEqual(denied.body.error.code, "forbidden")
      const listed = yield* request("GET", "/v1/tenant/allowed-origins", { key: reader })
      assert.strictEqual(listed.status, 200, listed.text)
      assert.strictEqual(listed.body.total, 1)
    })
  )

  it.effect("a body nested deeper than the limit is a 400 naming where, on create and update; nothing is stored", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const send = (method: string, path: string, rawBody: string) =>
        request(method, path, { key, rawBody, headers: { "content-type": "application/json" } })
      const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "c" } })).body.channel
      const create = (config: string) =>
        `{"gameSlug":"spin-the-wheel","name":"w","channelId":"${channel.id}","config":${config}}`
      // 5000 objects deep under `config.zz` (about 30 KB): once a 500 from the store's JSON.stringify.
      const deep = `{"zz":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`
      const created = yield* send("POST", "/v1/game-instances", create(deep))
      // The body is level 1, config 2, config.zz 3: the first object past the limit is at that depth.
      const where = ["config", "zz", ...Array<string>(StrictInput.MAX_DEPTH - 2).fill("a")].join(".")
      refused(created, where)
      assert.strictEqual((yield* request("GET", "/v1/game-instances", { key })).body.total, 0)

      const fine = yield* request("POST", "/v1/game-instances", {
        key,
        body: { gameSlug: "spin-the-wheel", name: "w", channelId: channel.id, config: Steps.WHEEL }
      })
      assert.strictEqual(fine.status, 201, fine.text)
      const id = fine.body.gameInstance.id as string
      // 6000 arrays deep in an update, and one level past the limit exactly.
      const arrays = `{"config":{"segments":${"[".repeat(6000)}${"]".repeat(6000)}}}`
      const inArrays = ["config", "segments", ...Array<string>(StrictInput.MAX_DEPTH - 2).fill("0")].join(".")
      refused(yield* send("PATCH", `/v1/game-instances/${id}`, arrays), inArrays)
      const nest = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`
      // The body is level 1, config 2: notes holding MAX_DEPTH - 1 objects ends one level past the limit.
      const justOver = `{"config":{"notes":${nest(StrictInput.MAX_DEPTH - 1)}}}`
      const inNotes = ["config", "notes", ...Array<string>(StrictInput.MAX_DEPTH - 2).fill("a")].join(".")
      refused(yield* send("PATCH", `/v1/game-instances/${id}`, justOver), inNotes)
      const got = yield* request("GET", `/v1/game-instances/${id}`, { key })
      assert.deepStrictEqual(got.body.gameInstance.config, Steps.WHEEL)

      // At the limit exactly, a free-form config key is kept as sent.
      const notes = JSON.parse(nest(StrictInput.MAX_DEPTH - 2))
      const atLimit = yield* request("PATCH", `/v1/game-instances/${id}`, {
        key,
        body: { config: { ...Steps.WHEEL, notes } }
      })
      assert.strictEqual(atLimit.status, 200, atLimit.text)
      assert.deepStrictEqual(atLimit.body.gameInstance.config.notes, notes)
    })
  )

  it.effect("a body must be sent as application/json, on POST, PATCH and PUT; a bodiless call needs no type", () =>
    Effect.gen(function* () {
      const { key, request } = yield* withAccount()
      const wrongType = (reply: Reply) => {
        refused(reply, "headers.content-type")
        assert.strictEqual(reply.body.error.message, "Send JSON bodies with Content-Type: application/json.")
        assert.deepStrictEqual(reply.body.error.details, [
          { path: "headers.content-type", message: "expected application/json" }
        ])
      }
      const typed = (method: string, path: string, body: unknown, contentType: string) =>
        request(method, path, { key, rawBody: JSON.stringify(body), headers: { "content-type": contentType } })
      const channel = (yield* request("POST", "/v1/channels", { key, body: { name: "c" } })).body.channel
      const theme = { colors: { accent: "#ff0000" } }
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]) {
        wrongType(yield* typed("PATCH", `/v1/channels/${channel.id}`, { name: "renamed" }, type))
        wrongType(yield* typed("PUT", "/v1/tenant/branding", theme, type))
        wrongType(yield* typed("POST", "/v1/channels", { name: "other" }, type))
      }
      // A body without a content type (bytes: fetch gives a string body text/plain of its own).
      const untyped = (method: string, path: string, body: unknown) =>
        request(method, path, { key, rawBody: new TextEncoder().encode(JSON.stringify(body)) })
      wrongType(yield* untyped("POST", "/v1/channels", { name: "other" }))
      wrongType(yield* untyped("PATCH", `/v1/channels/${channel.id}`, { name: "renamed" }))
      wrongType(yield* untyped("PUT", "/v1/tenant/branding", theme))
      const channels = yield* request("GET", "/v1/channels", { key })
      assert.deepStrictEqual(
        channels.body.channels.map((c: { name: string }) => c.name),
        ["c"]
      )
      const branding = yield* request("GET", "/v1/tenant/branding", { key })
      assert.notDeepInclude(branding.body.theme?.colors ?? {}, theme.colors)

      // Parameters are allowed, any case; a charset must be UTF-8.
      for (const type of ["application/json; charset=utf-8", 'Application/JSON;Charset="UTF-8"']) {
        const renamed = yield* typed("PATCH", `/v1/channels/${channel.id}`, { name: `n ${type}` }, type)
        assert.strictEqual(renamed.status, 200, renamed.text)
      }
      const put = yield* typed("PUT", "/v1/tenant/branding", theme, "application/json; charset=utf-8")
      assert.strictEqual(put.status, 200, put.text)

      // Calls without a body need no content type: activate, pause, start a play, a finish.
      const origin = "https://shop.example.com"
      assert.strictEqual((yield* request("POST", "/v1/tenant/allowed-origins", { key, body: { origin } })).status, 201)
      const campaign = yield* request("POST", "/v1/game-instances", {
        key,
        body: { gameSlug: "spin-the-wheel", name: "w", channelId: channel.id, config: Steps.WHEEL }
      })
      const id = campaign.body.gameInstance.id as string
      const activated = yield* request("POST", `/v1/game-instances/${id}/activate`, { key })
      assert.strictEqual(activated.status, 200, activated.text)
      const paused = yield* request("POST", `/v1/game-instances/${id}/pause`, { key })
      assert.strictEqual(paused.status, 200, paused.text)
      assert.strictEqual((yield* request("POST", `/v1/game-instances/${id}/activate`, { key })).status, 200)
      const minted = yield* request("POST", "/v1/auth/session-tokens", {
        key,
        body: { channelId: channel.id, origin, participantRef: "p" }
      })
      const token = minted.body.clientToken as string
      const started = yield* request("POST", "/v1/play/sessions", { key: token })
      assert.strictEqual(started.status, 201, started.text)
      const finished = yield* request("POST", `/v1/play/sessions/${started.body.session.id}/finish`, { key: token })
      assert.strictEqual(finished.status, 200, finished.text)
      // An empty body with a content type of its own is refused as any typed body is.
      wrongType(
        yield* request("POST", `/v1/game-instances/${id}/pause`, { key, headers: { "content-type": "text/plain" } })
      )
    })
  )
})
