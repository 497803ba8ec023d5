/**
 * Themes: colours, images, fonts, wording, layout, background and decorations. One shape serves
 * account branding (`PUT /v1/tenant/branding`) and a campaign's `theme`. What players see is the
 * effective theme: the account's branding with the campaign's theme on top, less what the plan does
 * not allow (custom branding for the look, custom copy for the wording). The saved themes keep
 * everything; only the effective theme drops keys.
 *
 * Label keys are checked apart from the schema (`checkLabels`): a campaign's theme may only set the
 * keys its game lists, branding any key of any game.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Detail } from "../Failure.ts"
import type { FileField } from "./FileRule.ts"
import { FileUrl } from "./FileRule.ts"

/** A six-digit hex colour, `#RRGGBB`. */
export const HexColor = Schema.String.check(
  Schema.isPattern(/^#[0-9A-Fa-f]{6}$/u, { expected: "a colour of the form #RRGGBB" })
)

export const Colors = Schema.Struct({
  bg: Schema.optionalKey(HexColor),
  fg: Schema.optionalKey(HexColor),
  muted: Schema.optionalKey(HexColor),
  accent: Schema.optionalKey(HexColor),
  danger: Schema.optionalKey(HexColor),
  surface: Schema.optionalKey(HexColor),
  border: Schema.optionalKey(HexColor)
})
export type Colors = typeof Colors.Type

/** A CSS font family list: 1 to 120 word characters, spaces, quotes, commas and hyphens. */
export const FontFamily = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(120),
  Schema.isPattern(/^[\w '",-]+$/u, {
    expected: "a font family list of word characters, spaces, quotes, commas and hyphens"
  })
)

/** Player-facing wording by label key: at most 40 entries, each up to 200 characters. */
export const Labels = Schema.Record(Schema.String, Schema.String.check(Schema.isMaxLength(200))).check(
  Schema.isMaxProperties(40)
)
export type Labels = typeof Labels.Type

export const Layout = Schema.Struct({
  position: Schema.optionalKey(Schema.Literals(["top", "center", "bottom"])),
  width: Schema.optionalKey(Schema.Literals(["game", "wide", "full"]))
})
export type Layout = typeof Layout.Type

export const Gradient = Schema.Struct({
  from: HexColor,
  to: HexColor,
  angle: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 359 }))
})

export const Overlay = Schema.Struct({
  color: HexColor,
  opacity: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 80 }))
})

/** Moving art from the media library, shown over `backgroundUrl` when it can play. */
export const Animation = Schema.Struct({
  kind: Schema.Literals(["lottie", "video"]),
  url: FileUrl
})

export const Background = Schema.Struct({
  fit: Schema.optionalKey(Schema.Literals(["cover", "contain", "tile"])),
  focus: Schema.optionalKey(
    Schema.Literals([
      "top-left",
      "top",
      "top-right",
      "left",
      "center",
      "right",
      "bottom-left",
      "bottom",
      "bottom-right"
    ])
  ),
  gradient: Schema.optionalKey(Gradient),
  overlay: Schema.optionalKey(Overlay),
  animation: Schema.optionalKey(Animation)
})
export type Background = typeof Background.Type

/** Artwork along one edge; band heights 48, 96, 160 pixels for small, medium, large. */
export const Decoration = Schema.Struct({
  url: FileUrl,
  kind: Schema.Literals(["image", "lottie"]),
  size: Schema.Literals(["small", "medium", "large"])
})
export type Decoration = typeof Decoration.Type

export const Decorations = Schema.Struct({
  top: Schema.optionalKey(Decoration),
  bottom: Schema.optionalKey(Decoration)
})
export type Decorations = typeof Decorations.Type

/** The theme of a campaign, or the account's branding. */
export const Theme = Schema.Struct({
  colors: Schema.optionalKey(Colors),
  logoUrl: Schema.optionalKey(FileUrl),
  backgroundUrl: Schema.optionalKey(FileUrl),
  fontFamily: Schema.optionalKey(FontFamily),
  fontUrl: Schema.optionalKey(FileUrl),
  labels: Schema.optionalKey(Labels),
  layout: Schema.optionalKey(Layout),
  background: Schema.optionalKey(Background),
  decorations: Schema.optionalKey(Decorations)
}).annotate({ identifier: "Theme" })
export type Theme = typeof Theme.Type

const join = (prefix: string, key: string): string => (prefix === "" ? key : `${prefix}.${key}`)

/**
 * The label keys a theme sets that are not in `labelKeys`, each at `<prefix>.labels.<key>`. `prefix`
 * is where the theme sits in the request body (`theme` for a campaign, `""` for branding, whose
 * body is the theme and whose keys are checked against every game's keys).
 */
export const checkLabels = (
  labels: Labels | undefined,
  labelKeys: ReadonlyArray<string>,
  prefix = "theme"
): ReadonlyArray<Detail> => {
  if (labels === undefined) return []
  const allowed = new Set(labelKeys)
  return Object.keys(labels)
    .filter((key) => !allowed.has(key))
    .map((key) => ({ path: join(prefix, `labels.${key}`), message: "is not a label key of this game" }))
}

/** The files a theme names, with the kind each must be, for `FileRule.check`. */
export const fileFields = (theme: Theme, prefix = "theme"): ReadonlyArray<FileField> => {
  const fields: Array<FileField> = []
  const add = (path: string, url: string | undefined, kind: FileField["kind"], mediaLibraryOnly = false) => {
    if (url !== undefined)
      fields.push({ path: join(prefix, path), url, kind, ...(mediaLibraryOnly ? { mediaLibraryOnly } : {}) })
  }
  add("logoUrl", theme.logoUrl, "image")
  add("backgroundUrl", theme.backgroundUrl, "image")
  add("fontUrl", theme.fontUrl, "font")
  const animation = theme.background?.animation
  if (animation !== undefined) add("background.animation.url", animation.url, animation.kind, true)
  for (const edge of ["top", "bottom"] as const) {
    const decoration = theme.decorations?.[edge]
    if (decoration !== undefined)
      add(`decorations.${edge}.url`, decoration.url, decoration.kind === "lottie" ? "lottie" : "image")
  }
  return fields
}

const mergeObjects = <A extends object>(base: A | undefined, over: A | undefined): A | undefined =>
  base === undefined ? over : over === undefined ? base : { ...base, ...over }

/**
 * The theme with `over`'s keys on top of `base`'s. The objects `colors`, `labels`, `layout`,
 * `background` and `decorations` are merged key by key (a `background.gradient` or a
 * `decorations.top` is replaced whole).
 */
export const merge = (base: Theme, over: Theme): Theme => {
  const colors = mergeObjects(base.colors, over.colors)
  const labels = mergeObjects(base.labels, over.labels)
  const layout = mergeObjects(base.layout, over.layout)
  const background = mergeObjects(base.background, over.background)
  const decorations = mergeObjects(base.decorations, over.decorations)
  return {
    ...base,
    ...over,
    ...(colors === undefined ? {} : { colors }),
    ...(labels === undefined ? {} : { labels }),
    ...(layout === undefined ? {} : { layout }),
    ...(background === undefined ? {} : { background }),
    ...(decorations === undefined ? {} : { decorations })
  }
}

/** The plan features that decide what of a theme players see. */
export interface ThemeFeatures {
  readonly customBranding: boolean
  readonly customCopy: boolean
}

/**
 * What players see: the account's branding, the campaign's theme on top, then the plan's gates.
 * Without custom branding every visual key is dropped (the default look); without custom copy the
 * labels are dropped (the default wording). The saved themes are not touched.
 */
export const effectiveTheme = (input: {
  readonly branding: Theme | null | undefined
  readonly campaignTheme: Theme | null | undefined
  readonly features: ThemeFeatures
}): Theme => {
  const merged = merge(input.branding ?? {}, input.campaignTheme ?? {})
  const { labels, ...look } = merged
  return {
    ...(input.features.customBranding ? look : {}),
    ...(input.features.customCopy && labels !== undefined ? { labels } : {})
  }
}
