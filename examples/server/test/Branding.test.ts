/**
 * The account's branding over HTTP (`GET`/`PUT /v1/tenant/branding`): empty at first, replaced whole
 * by a PUT (fields left out cleared), per account, and the permissions reading and writing need.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Steps from "./support/Steps.ts"
import { ADMIN_TOKEN, layer as serverLayer, withAccount } from "./support/TestServer.ts"

const theme = {
  colors: { bg: "#000000", fg: "#FFFFFF", accent: "#ff8800" },
  logoUrl: "https://cdn.example.com/logo.png",
  fontFamily: '"Inter", Arial, sans-serif',
  labels: { spinButton: "Spin", submitButton: "Send" },
  layout: { position: "bottom", width: "full" },
  background: {
    fit: "tile",
    focus: "top-left",
    gradient: { from: "#000000", to: "#111111", angle: 359 },
    overlay: { color: "#222222", opacity: 80 }
  },
  decorations: { top: { url: "https://cdn.example.com/top.png", kind: "image", size: "small" } }
}

const ORIGIN = "https://shop.example.com"

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("branding", (it) => {
  it.effect(
    "a start shows the branding, the campaign's theme and the account's features as they are at that start",
    () =>
      Effect.gen(function* () {
        const { request, id, key } = yield* withAccount({ plan: "pro" })
        const call = Steps.caller(request, key)
        yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
        const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "Wheel", config: Steps.WHEEL })
        const campaignId = created.body.gameInstance.id as string
        assert.strictEqual((yield* call("POST", `/v1/game-instances/${campaignId}/activate`, {})).status, 200)
        let player = 0
        const started = () =>
          Effect.map(
            Steps.play(request, { key, channelId: channel.id, participantRef: `p${player++}`, origin: ORIGIN }),
            ({ started }) => {
              assert.strictEqual(started.status, 201, started.text)
              return { theme: started.body.game.theme, labels: started.body.game.labels }
            }
          )
        // Each change below follows a start of the same campaign on the same server.
        assert.deepStrictEqual(yield* started(), { theme: {}, labels: {} })
        assert.strictEqual((yield* call("PUT", "/v1/tenant/branding", theme)).status, 200)
        const { labels, ...look } = theme
        assert.deepStrictEqual(yield* started(), { theme, labels })
        const campaignTheme = { colors: { bg: "#0000ff" }, labels: { spinButton: "Go" } }
        assert.strictEqual(
          (yield* call("PATCH", `/v1/game-instances/${campaignId}`, { theme: campaignTheme })).status,
          200
        )
        const merged = yield* started()
        assert.strictEqual(merged.theme.colors.bg, "#0000ff")
        assert.strictEqual(merged.theme.colors.accent, theme.colors.accent)
        assert.deepStrictEqual(merged.labels, { ...labels, spinButton: "Go" })
        // Without custom copy the labels go; without custom branding the look goes too.
        const features = (on: Record<string, boolean>) =>
          request("PATCH", `/admin/v1/accounts/${id}`, { key: ADMIN_TOKEN, body: { features: on } })
        assert.strictEqual((yield* features({ customCopy: false })).status, 200)
        const noCopy = yield* started()
        assert.deepStrictEqual(noCopy.labels, {})
        assert.strictEqual(noCopy.theme.labels, undefined)
        assert.strictEqual(noCopy.theme.logoUrl, look.logoUrl)
        assert.strictEqual((yield* features({ customBranding: false })).status, 200)
        assert.deepStrictEqual(yield* started(), { theme: {}, labels: {} })
      })
  )

  it.effect("GET is empty at first; PUT replaces the whole theme; fields left out are cleared", () =>
    Effect.gen(function* () {
      const { request, account, key } = yield* withAccount()
      const empty = yield* request("GET", "/v1/tenant/branding", { key })
      assert.strictEqual(empty.status, 200)
      assert.deepStrictEqual(empty.body, { theme: {} })
      const put = yield* request("PUT", "/v1/tenant/branding", { key, body: theme })
      assert.strictEqual(put.status, 200, put.text)
      assert.deepStrictEqual(put.body.theme, theme)
      assert.deepStrictEqual((yield* request("GET", "/v1/tenant/branding", { key })).body.theme, theme)
      const smaller = yield* request("PUT", "/v1/tenant/branding", { key, body: { colors: { bg: "#123456" } } })
      assert.deepStrictEqual(smaller.body.theme, { colors: { bg: "#123456" } })
      assert.deepStrictEqual((yield* request("GET", "/v1/tenant/branding", { key })).body.theme, {
        colors: { bg: "#123456" }
      })
      const other = yield* account()
      assert.deepStrictEqual((yield* request("GET", "/v1/tenant/branding", { key: other.key })).body.theme, {})
    })
  )

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["colour", { colors: { bg: "#12345" } }, "colors.bg"],
    ["colour name", { colors: { accent: "orange" } }, "colors.accent"],
    ["font characters", { fontFamily: "Arial;{}" }, "fontFamily"],
    ["font length", { fontFamily: "a".repeat(121) }, "fontFamily"],
    ["label key", { labels: { notAKey: "x" } }, "labels.notAKey"],
    ["label length", { labels: { spinButton: "x".repeat(201) } }, "labels.spinButton"],
    ["layout", { layout: { position: "left" } }, "layout.position"],
    [
      "angle",
      { background: { gradient: { from: "#000000", to: "#000000", angle: 360 } } },
      "background.gradient.angle"
    ],
    ["opacity", { background: { overlay: { color: "#000000", opacity: 81 } } }, "background.overlay.opacity"],
    ["gradient incomplete", { background: { gradient: { from: "#000000" } } }, "background.gradient.to"],
    [
      "decoration size",
      { decorations: { bottom: { url: "https://x.example/a.png", kind: "image", size: "huge" } } },
      "decorations.bottom.size"
    ],
    ["logo is audio", { logoUrl: "https://cdn.example.com/logo.mp3" }, "logoUrl"],
    ["background is video", { backgroundUrl: "https://cdn.example.com/bg.mp4" }, "backgroundUrl"],
    ["url too long", { logoUrl: `https://x.example/${"a".repeat(2040)}.png` }, "logoUrl"]
  ]
  for (const [label, body, path] of invalid) {
    it.effect(`PUT refuses ${label} at ${path}, keeping the stored theme`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        yield* request("PUT", "/v1/tenant/branding", { key, body: { colors: { bg: "#abcdef" } } })
        const reply = yield* request("PUT", "/v1/tenant/branding", { key, body })
        assert.strictEqual(reply.status, 400, reply.text)
        assert.include(Steps.paths(reply.body), path, reply.text)
        assert.deepStrictEqual((yield* request("GET", "/v1/tenant/branding", { key })).body.theme, {
          colors: { bg: "#abcdef" }
        })
      })
    )
  }

  it.effect("reading needs settings.read, writing branding.write", () =>
    Effect.gen(function* () {
      const { request, keyWith } = yield* withAccount()
      const reader = yield* keyWith("settings.read")
      const other = yield* keyWith("campaigns.read")
      assert.strictEqual((yield* request("GET", "/v1/tenant/branding", { key: reader })).status, 200)
      assert.strictEqual((yield* request("GET", "/v1/tenant/branding", { key: other })).status, 403)
      assert.strictEqual((yield* request("PUT", "/v1/tenant/branding", { key: reader, body: {} })).status, 403)
    })
  )
})
