/**
 * The theme's rules as tables: which themes the schema accepts (and the paths of those it refuses),
 * its JSON Schema, a game's label keys, the files a theme names and the kind each must be, and the
 * effective theme (branding under the campaign's theme, as the plan's features allow).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { toJsonSchema } from "../src/games/Game.ts"
import * as Games from "../src/games/Games.ts"
import * as SpinTheWheel from "../src/games/SpinTheWheel.ts"
import * as Theme from "../src/campaigns/Theme.ts"
import * as Validation from "../src/Validation.ts"
import { Fixtures } from "@campaign-games/testing"

const chars = (n: number, c = "a") => c.repeat(n)
const labels = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key${i}`, `Value ${i}`]))

/** A theme with every key set (the store contract's). */
const fullTheme: Theme.Theme = Fixtures.fullTheme

/**
 * The paths a theme fails with when sent as a campaign's `theme` (each once, though a field may fail
 * several rules), or `[]` when accepted.
 */
const themeErrors = (theme: unknown) =>
  Validation.decode(Theme.Theme, { prefix: "theme" })(theme).pipe(
    Effect.match({
      onSuccess: () => [] as Array<string>,
      onFailure: (e) => [...new Set((e.details ?? []).map((d) => d.path))]
    })
  )

interface Case {
  readonly name: string
  readonly theme: unknown
  readonly paths: ReadonlyArray<string>
}
const ok = (name: string, theme: unknown): Case => ({ name, theme, paths: [] })
const bad = (name: string, theme: unknown, ...paths: Array<string>): Case => ({ name, theme, paths })

const cases: ReadonlyArray<Case> = [
  ok("an empty theme", {}),
  ok("a full theme", fullTheme),
  // colors
  ok("lower- and upper-case hex colours", { colors: { bg: "#abcdef", fg: "#ABCDEF", accent: "#0a1B2c" } }),
  bad("a three-digit colour", { colors: { bg: "#fff" } }, "theme.colors.bg"),
  bad("a colour without #", { colors: { fg: "ffffff" } }, "theme.colors.fg"),
  bad("a seven-digit colour", { colors: { muted: "#1234567" } }, "theme.colors.muted"),
  bad("a colour with non-hex digits", { colors: { accent: "#GGGGGG" } }, "theme.colors.accent"),
  bad("a named colour", { colors: { danger: "red" } }, "theme.colors.danger"),
  bad(
    "several wrong colours",
    { colors: { surface: "rgb(0,0,0)", border: "#00000" } },
    "theme.colors.surface",
    "theme.colors.border"
  ),
  // URLs
  ok("URLs of 2048 characters", {
    logoUrl: `https://x.example/${chars(2048 - 22)}.png`,
    backgroundUrl: "http://127.0.0.1:8080/files/ast_1",
    fontUrl: "https://fonts.example.com/f.woff2"
  }),
  bad("a logo URL over 2048 characters", { logoUrl: `https://x.example/${chars(2048 - 21)}.png` }, "theme.logoUrl"),
  bad("a relative background URL", { backgroundUrl: "/bg.png" }, "theme.backgroundUrl"),
  bad("a javascript: font URL", { fontUrl: "javascript:alert(1)" }, "theme.fontUrl"),
  bad("a data: logo URL", { logoUrl: "data:image/png;base64,AAAA" }, "theme.logoUrl"),
  // fontFamily
  ok("a one-character font family", { fontFamily: "A" }),
  ok("a 120-character font family", { fontFamily: chars(120) }),
  ok("a font family list with quotes, commas and hyphens", { fontFamily: `"Fira Sans", 'Noto-Sans', sans-serif` }),
  bad("an empty font family", { fontFamily: "" }, "theme.fontFamily"),
  bad("a 121-character font family", { fontFamily: chars(121) }, "theme.fontFamily"),
  bad("a font family with a semicolon", { fontFamily: "Arial; color: red" }, "theme.fontFamily"),
  bad("a font family with braces", { fontFamily: "Arial}body{" }, "theme.fontFamily"),
  bad("a font family with a newline", { fontFamily: "Arial\nsans" }, "theme.fontFamily"),
  // labels
  ok("40 labels", { labels: labels(40) }),
  ok("a 200-character label and an empty one", { labels: { spinButton: chars(200), winBody: "" } }),
  bad("41 labels", { labels: labels(41) }, "theme.labels"),
  bad("a 201-character label", { labels: { spinButton: chars(201) } }, "theme.labels.spinButton"),
  bad("a label that is not text", { labels: { spinButton: 3 } }, "theme.labels.spinButton"),
  // layout
  ok("every layout position and width", { layout: { position: "top", width: "full" } }),
  bad("an unknown position", { layout: { position: "middle" } }, "theme.layout.position"),
  bad("an unknown width", { layout: { width: "narrow" } }, "theme.layout.width"),
  // background
  ok("every fit and the corner focus values", { background: { fit: "contain", focus: "top-left" } }),
  bad("an unknown fit", { background: { fit: "stretch" } }, "theme.background.fit"),
  bad("an unknown focus", { background: { focus: "middle" } }, "theme.background.focus"),
  ok("gradient angles 0 and 359", { background: { gradient: { from: "#000000", to: "#ffffff", angle: 359 } } }),
  ok("a gradient at angle 0", { background: { gradient: { from: "#000000", to: "#ffffff", angle: 0 } } }),
  bad(
    "a gradient at 360 degrees",
    { background: { gradient: { from: "#000000", to: "#ffffff", angle: 360 } } },
    "theme.background.gradient.angle"
  ),
  bad(
    "a negative gradient angle",
    { background: { gradient: { from: "#000000", to: "#ffffff", angle: -1 } } },
    "theme.background.gradient.angle"
  ),
  bad(
    "a fractional gradient angle",
    { background: { gradient: { from: "#000000", to: "#ffffff", angle: 12.5 } } },
    "theme.background.gradient.angle"
  ),
  bad(
    "a gradient without its end colour or angle",
    { background: { gradient: { from: "#000000" } } },
    "theme.background.gradient.to",
    "theme.background.gradient.angle"
  ),
  bad(
    "a gradient with a wrong colour",
    { background: { gradient: { from: "black", to: "#ffffff", angle: 0 } } },
    "theme.background.gradient.from"
  ),
  ok("overlay opacity 0 and 80", { background: { overlay: { color: "#000000", opacity: 80 } } }),
  ok("an overlay at opacity 0", { background: { overlay: { color: "#000000", opacity: 0 } } }),
  bad(
    "an overlay at opacity 81",
    { background: { overlay: { color: "#000000", opacity: 81 } } },
    "theme.background.overlay.opacity"
  ),
  bad(
    "an overlay at negative opacity",
    { background: { overlay: { color: "#000000", opacity: -1 } } },
    "theme.background.overlay.opacity"
  ),
  bad("an overlay without its colour", { background: { overlay: { opacity: 10 } } }, "theme.background.overlay.color"),
  ok("a video animation", { background: { animation: { kind: "video", url: "https://x.example/a.mp4" } } }),
  bad(
    "an animation of an unknown kind",
    { background: { animation: { kind: "gif", url: "https://x.example/a.gif" } } },
    "theme.background.animation.kind"
  ),
  bad(
    "an animation without its URL",
    { background: { animation: { kind: "lottie" } } },
    "theme.background.animation.url"
  ),
  bad(
    "an animation URL over 2048 characters",
    { background: { animation: { kind: "video", url: `https://x.example/${chars(2040)}.mp4` } } },
    "theme.background.animation.url"
  ),
  // decorations
  ok("a medium image decoration on top only", {
    decorations: { top: { url: "https://x.example/d.png", kind: "image", size: "medium" } }
  }),
  bad(
    "a decoration without a size",
    { decorations: { top: { url: "https://x.example/d.png", kind: "image" } } },
    "theme.decorations.top.size"
  ),
  bad(
    "a decoration of an unknown size",
    { decorations: { bottom: { url: "https://x.example/d.png", kind: "image", size: "huge" } } },
    "theme.decorations.bottom.size"
  ),
  bad(
    "a video decoration",
    { decorations: { bottom: { url: "https://x.example/d.mp4", kind: "video", size: "small" } } },
    "theme.decorations.bottom.kind"
  ),
  bad(
    "a decoration without a URL or kind",
    { decorations: { top: { size: "small" } } },
    "theme.decorations.top.url",
    "theme.decorations.top.kind"
  ),
  bad(
    "a decoration URL over 2048 characters",
    { decorations: { top: { url: `https://x.example/${chars(2040)}.png`, kind: "image", size: "small" } } },
    "theme.decorations.top.url"
  ),
  // whole theme
  bad("a theme that is not an object", "dark", "theme")
]

describe("Theme schema", () => {
  it.effect.each(cases)("$name", ({ theme, paths }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* themeErrors(theme), paths)
    })
  )

  it("exports as JSON Schema with the colour pattern, font pattern and label bounds", () => {
    const document = toJsonSchema(Theme.Theme)
    const theme = (document.$defs as Record<string, Record<string, unknown>>).Theme!
    const props = theme.properties as Record<string, Record<string, unknown>>
    const colors = props.colors!.properties as Record<string, Record<string, unknown>>
    assert.deepStrictEqual(colors.bg, { type: "string", pattern: "^#[0-9A-Fa-f]{6}$" })
    assert.include(props.fontFamily, { minLength: 1, maxLength: 120, pattern: `^[\\w '",-]+$` })
    assert.include(props.labels, { maxProperties: 40 })
    assert.include(props.logoUrl, { maxLength: 2048, format: "uri" })
  })
})

describe("Label keys", () => {
  it("accepts a campaign theme's labels that its game lists", () => {
    assert.deepStrictEqual(Theme.checkLabels({ spinButton: "Go", winTitle: "Yes" }, SpinTheWheel.labelKeys), [])
    assert.deepStrictEqual(Theme.checkLabels(undefined, SpinTheWheel.labelKeys), [])
  })

  it("names every label key the game does not list", () => {
    assert.deepStrictEqual(Theme.checkLabels({ spinButton: "Go", timeLeft: "x", nope: "y" }, SpinTheWheel.labelKeys), [
      { path: "theme.labels.timeLeft", message: "is not a label key of this game" },
      { path: "theme.labels.nope", message: "is not a label key of this game" }
    ])
  })

  it("lets branding set any key of any game, at paths of the branding body", () => {
    assert.deepStrictEqual(Theme.checkLabels({ spinButton: "Go", timeLeft: "Time" }, Games.allLabelKeys, ""), [])
    assert.deepStrictEqual(
      Theme.checkLabels({ bogus: "x" }, Games.allLabelKeys, "").map((d) => d.path),
      ["labels.bogus"]
    )
  })
})

describe("Theme files", () => {
  it("lists every file with the kind it must be", () => {
    assert.deepStrictEqual(Theme.fileFields(fullTheme), [
      { path: "theme.logoUrl", url: "https://cdn.example.com/logo.svg?v=2&lang=fr", kind: "image" },
      { path: "theme.backgroundUrl", url: "https://cdn.example.com/bg.jpg", kind: "image" },
      { path: "theme.fontUrl", url: "https://fonts.example.com/open-sans.woff2", kind: "font" },
      {
        path: "theme.background.animation.url",
        url: "https://cdn.example.com/confetti.json",
        kind: "lottie",
        mediaLibraryOnly: true
      },
      { path: "theme.decorations.top.url", url: "https://cdn.example.com/garland.png", kind: "image" },
      { path: "theme.decorations.bottom.url", url: "https://cdn.example.com/snow.json", kind: "lottie" }
    ])
  })

  it("expects a video for a video animation, and uses branding paths without a prefix", () => {
    const fields = Theme.fileFields(
      { background: { animation: { kind: "video", url: "https://x.example/a.mp4" } } },
      ""
    )
    assert.deepStrictEqual(fields, [
      { path: "background.animation.url", url: "https://x.example/a.mp4", kind: "video", mediaLibraryOnly: true }
    ])
    assert.deepStrictEqual(Theme.fileFields({}), [])
  })
})

describe("Effective theme", () => {
  const branding: Theme.Theme = {
    colors: { bg: "#111111", fg: "#eeeeee" },
    logoUrl: "https://x.example/brand.png",
    fontFamily: "Brand Sans",
    labels: { spinButton: "Spin", winTitle: "Winner" },
    background: {
      fit: "cover",
      gradient: { from: "#000000", to: "#111111", angle: 90 },
      overlay: { color: "#000000", opacity: 20 }
    },
    decorations: { top: { url: "https://x.example/top.png", kind: "image", size: "small" } }
  }
  const campaignTheme: Theme.Theme = {
    colors: { bg: "#222222", accent: "#ff0000" },
    logoUrl: "https://x.example/campaign.png",
    labels: { winTitle: "Congratulations" },
    background: { gradient: { from: "#ffffff", to: "#eeeeee", angle: 180 } },
    decorations: { bottom: { url: "https://x.example/bottom.json", kind: "lottie", size: "large" } }
  }
  const all = { customBranding: true, customCopy: true }

  it("puts the campaign's theme over the branding, merging nested objects key by key", () => {
    assert.deepStrictEqual(Theme.effectiveTheme({ branding, campaignTheme, features: all }), {
      colors: { bg: "#222222", fg: "#eeeeee", accent: "#ff0000" },
      logoUrl: "https://x.example/campaign.png",
      labels: { spinButton: "Spin", winTitle: "Congratulations" },
      fontFamily: "Brand Sans",
      background: {
        fit: "cover",
        gradient: { from: "#ffffff", to: "#eeeeee", angle: 180 },
        overlay: { color: "#000000", opacity: 20 }
      },
      decorations: {
        top: { url: "https://x.example/top.png", kind: "image", size: "small" },
        bottom: { url: "https://x.example/bottom.json", kind: "lottie", size: "large" }
      }
    })
  })

  it("uses whichever theme exists when the other is missing", () => {
    assert.deepStrictEqual(Theme.effectiveTheme({ branding, campaignTheme: null, features: all }), branding)
    assert.deepStrictEqual(Theme.effectiveTheme({ branding: undefined, campaignTheme, features: all }), campaignTheme)
    assert.deepStrictEqual(Theme.effectiveTheme({ branding: null, campaignTheme: null, features: all }), {})
  })

  it("shows the default look but keeps the wording without custom branding", () => {
    assert.deepStrictEqual(
      Theme.effectiveTheme({ branding, campaignTheme, features: { customBranding: false, customCopy: true } }),
      { labels: { spinButton: "Spin", winTitle: "Congratulations" } }
    )
  })

  it("shows the default wording but keeps the look without custom copy", () => {
    const effective = Theme.effectiveTheme({
      branding,
      campaignTheme,
      features: { customBranding: true, customCopy: false }
    })
    assert.isUndefined(effective.labels)
    assert.strictEqual(effective.colors?.bg, "#222222")
    assert.strictEqual(effective.logoUrl, "https://x.example/campaign.png")
  })

  it("shows the default look and wording with neither feature", () => {
    assert.deepStrictEqual(
      Theme.effectiveTheme({ branding, campaignTheme, features: { customBranding: false, customCopy: false } }),
      {}
    )
  })

  it("leaves the saved themes untouched", () => {
    const savedBranding = structuredClone(branding)
    const savedCampaign = structuredClone(campaignTheme)
    Theme.effectiveTheme({ branding, campaignTheme, features: { customBranding: false, customCopy: false } })
    Theme.effectiveTheme({ branding, campaignTheme, features: all })
    assert.deepStrictEqual(branding, savedBranding)
    assert.deepStrictEqual(campaignTheme, savedCampaign)
  })
})
