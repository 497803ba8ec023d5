/* global document, FontFace, location, URL */
/**
 * The campaign's effective theme (the start answer's `game.theme`: the account's branding, the
 * campaign's theme on top, less what the plan does not allow) applied to the embed's root: colours as
 * CSS custom properties, the font, the logo, the background (image, gradient, fit, focus, overlay),
 * the decorations along the top and bottom edges, and the layout. Every address is used only when it
 * is http(s); every colour only when it is #RRGGBB.
 *
 * Not played here: background animations and Lottie decorations (that needs a Lottie player; the
 * background image shows instead, as the specification says it does when an animation cannot play).
 */

const HEX = /^#[0-9a-fA-F]{6}$/u

/** `value` as an absolute http(s) address, or null. */
export const safeUrl = (value) => {
  if (typeof value !== "string" || value === "") return null
  try {
    const url = new URL(value, location.href)
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null
  } catch {
    return null
  }
}

/** A CSS `url(…)` of an address `safeUrl` accepted (its quotes and backslashes are percent-encoded). */
const cssUrl = (href) => `url("${href}")`

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export const readableOn = (hex) => {
  const channel = (i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff"
}

const FOCUS = {
  "top-left": "left top",
  top: "center top",
  "top-right": "right top",
  left: "left center",
  center: "center center",
  right: "right center",
  "bottom-left": "left bottom",
  bottom: "center bottom",
  "bottom-right": "right bottom"
}

const BAND_HEIGHTS = { small: 48, medium: 96, large: 160 }

/** Loads the theme's font: a stylesheet (such as a fonts service's CSS) or a font file for the first family. */
const loadFont = (fontUrl, fontFamily) => {
  const href = safeUrl(fontUrl)
  if (href === null) return
  if (/\.(woff2?|ttf|otf)(\?|$)/iu.test(new URL(href).pathname) && typeof fontFamily === "string") {
    const family = fontFamily
      .split(",")[0]
      .trim()
      .replace(/^['"]|['"]$/gu, "")
    new FontFace(family, cssUrl(href)).load().then(
      (face) => document.fonts.add(face),
      () => {} // the next family of the list is used
    )
    return
  }
  const link = document.createElement("link")
  link.rel = "stylesheet"
  link.href = href
  document.head.append(link)
}

const applyBackground = (root, theme) => {
  const background = theme.background ?? {}
  const layers = []
  const image = safeUrl(theme.backgroundUrl)
  if (image !== null) layers.push(cssUrl(image))
  const gradient = background.gradient
  if (gradient !== undefined && HEX.test(gradient.from) && HEX.test(gradient.to) && Number.isInteger(gradient.angle)) {
    layers.push(`linear-gradient(${gradient.angle}deg, ${gradient.from}, ${gradient.to})`)
  }
  if (layers.length > 0) root.style.backgroundImage = layers.join(", ")
  if (image !== null) {
    const fit = background.fit ?? "cover"
    root.style.backgroundSize = fit === "tile" ? "auto" : fit
    root.style.backgroundRepeat = fit === "tile" ? "repeat" : "no-repeat"
    root.style.backgroundPosition = FOCUS[background.focus ?? "center"] ?? "center center"
  }
  const overlay = background.overlay
  if (overlay !== undefined && HEX.test(overlay.color) && Number.isInteger(overlay.opacity)) {
    root.style.setProperty("--cg-overlay", overlay.color)
    root.style.setProperty("--cg-overlay-opacity", String(Math.min(80, Math.max(0, overlay.opacity)) / 100))
  }
}

const applyDecorations = (root, decorations) => {
  for (const edge of ["top", "bottom"]) {
    const band = root.querySelector(`.cg-decoration-${edge}`)
    const decoration = decorations?.[edge]
    const href = decoration?.kind === "image" ? safeUrl(decoration.url) : null
    if (band === null || href === null) continue
    band.style.backgroundImage = cssUrl(href)
    band.style.height = `${BAND_HEIGHTS[decoration.size] ?? BAND_HEIGHTS.small}px`
    band.hidden = false
  }
}

/** Applies `theme` to the embed's root element. */
export const applyTheme = (root, theme) => {
  for (const [key, value] of Object.entries(theme.colors ?? {})) {
    if (HEX.test(value)) root.style.setProperty(`--cg-${key}`, value)
  }
  if (HEX.test(theme.colors?.accent ?? "")) root.style.setProperty("--cg-on-accent", readableOn(theme.colors.accent))
  if (typeof theme.fontFamily === "string") root.style.fontFamily = theme.fontFamily
  if (theme.fontUrl !== undefined) loadFont(theme.fontUrl, theme.fontFamily)
  const logo = safeUrl(theme.logoUrl)
  const logoImage = root.querySelector(".cg-logo")
  if (logo !== null && logoImage !== null) {
    logoImage.src = logo
    logoImage.hidden = false
  }
  applyBackground(root, theme)
  applyDecorations(root, theme.decorations)
  root.dataset.width = theme.layout?.width ?? "game"
  root.dataset.position = theme.layout?.position ?? "center"
}
