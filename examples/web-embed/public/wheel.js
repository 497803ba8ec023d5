/* global document, setTimeout */
/**
 * Spin the Wheel. The server picks the slice (`finish` with `{}` answers the `outcome`); the wheel
 * then turns and stops with that slice under the pointer at the top. Slice `i` of `n` spans the
 * angles `[i, i + 1) × 360 / n`, clockwise from the top; turning the wheel clockwise by `θ` brings
 * the slice centred at `c` under the pointer when `θ ≡ −c (mod 360)`. With reduced motion the wheel
 * is set at its stop at once, without turning.
 */

const SVG = "http://www.w3.org/2000/svg"
const RADIUS = 98
/** Whole turns before the stop, and how long the turning lasts (see `.cg-wheel-disc` in embed.css). */
const TURNS = 5
const SPIN_MS = 4500

const svg = (name, attributes = {}) => {
  const element = document.createElementNS(SVG, name)
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value))
  return element
}

/** The point at `degrees` clockwise from the top, `radius` from the centre. */
const point = (degrees, radius) => {
  const radians = (degrees * Math.PI) / 180
  return [radius * Math.sin(radians), -radius * Math.cos(radians)]
}

/** The wheel's drawing: one slice per segment, its label along its radius. */
const drawWheel = (segments) => {
  const n = segments.length
  const step = 360 / n
  const drawing = svg("svg", { viewBox: "-100 -100 200 200", class: "cg-wheel-disc", "aria-hidden": "true" })
  const fontSize = Math.max(5, 10 - n / 3)
  segments.forEach((segment, i) => {
    const [x0, y0] = point(i * step, RADIUS)
    const [x1, y1] = point((i + 1) * step, RADIUS)
    // With an odd count the last slice would touch the first in the same colour: it takes a third one.
    const tone = n % 2 === 1 && i === n - 1 ? "third" : i % 2 === 0 ? "even" : "odd"
    const slice = svg("g", { class: `cg-slice cg-slice-${tone}`, "data-segment-id": segment.id })
    slice.append(
      svg("path", {
        d: `M 0 0 L ${x0.toFixed(3)} ${y0.toFixed(3)} A ${RADIUS} ${RADIUS} 0 ${step > 180 ? 1 : 0} 1 ${x1.toFixed(3)} ${y1.toFixed(3)} Z`
      })
    )
    const centre = (i + 0.5) * step
    const text = svg("text", {
      transform: `rotate(${centre - 90}) translate(58 0)`,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "font-size": fontSize
    })
    text.textContent = segment.label
    // Long labels are fitted into the slice's radius.
    if (segment.label.length * fontSize * 0.55 > 76) {
      text.setAttribute("textLength", "76")
      text.setAttribute("lengthAdjust", "spacingAndGlyphs")
    }
    slice.append(text)
    drawing.append(slice)
  })
  drawing.append(svg("circle", { r: 9, class: "cg-wheel-hub" }))
  return drawing
}

/** The rotation (degrees, clockwise) that stops the wheel with slice `index` of `n` under the pointer. */
export const stopAngle = (index, n, turns) => turns * 360 + (360 - (index + 0.5) * (360 / n))

/** Resolves when the disc has stopped turning (its transition ended, or its time passed). */
const stopped = (disc, reducedMotion) =>
  new Promise((resolve) => {
    if (reducedMotion) return resolve()
    let done = false
    const finish = () => {
      if (done) return
      done = true
      resolve()
    }
    disc.addEventListener("transitionend", finish, { once: true })
    setTimeout(finish, SPIN_MS + 500)
  })

/**
 * Renders the wheel into `play.stage` and plays it when the player presses the spin button:
 * `play.finish({})`, the turn to the server's slice, then `play.showResult`.
 */
export const playWheel = (play) => {
  const { config, label, stage } = play
  const segments = config.segments
  const wheel = document.createElement("div")
  wheel.className = "cg-wheel"
  wheel.setAttribute("role", "img")
  wheel.setAttribute("aria-label", `A wheel of ${segments.length} slices: ${segments.map((s) => s.label).join(", ")}`)
  const pointer = document.createElement("div")
  pointer.className = "cg-wheel-pointer"
  const disc = drawWheel(segments)
  wheel.append(pointer, disc)

  const button = document.createElement("button")
  button.type = "button"
  button.className = "cg-button cg-spin"
  button.textContent = label("spinButton")
  stage.append(wheel, button)

  button.addEventListener("click", async () => {
    button.disabled = true
    play.status(label("spinning"))
    const finished = await play.finish({})
    if (finished === null) {
      button.disabled = false
      return
    }
    const { outcome, reward } = finished
    const index = segments.findIndex((s) => s.id === outcome.id)
    // A slice the wheel does not show (the campaign changed since this page loaded): no turn.
    if (index >= 0) {
      disc.style.transform = `rotate(${stopAngle(index, segments.length, play.reducedMotion ? 0 : TURNS)}deg)`
      await stopped(disc, play.reducedMotion)
    }
    button.hidden = true
    const values = { outcome: outcome.label }
    play.showResult({
      title: label(outcome.isWin ? "winTitle" : "loseTitle", values),
      body: label(outcome.isWin ? "winBody" : "loseBody", values),
      outcomeText: outcome.label,
      reward
    })
  })
}
