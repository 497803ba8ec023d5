/* global document, fetch, location, URLSearchParams */
/**
 * The operator page: a campaign's plays per local hour over the last 24 hours, drawn as an SVG bar
 * chart (started and finished plays side by side), its totals, and links to its CSV exports. It
 * reads `GET /demo/operator/stats` (the backend asks the API with the owner key, which the page never
 * sees). Each bar carries the bucket it draws (`data-start`, `data-count`), so what it shows can be
 * checked against the API.
 */
const SVG = "http://www.w3.org/2000/svg"
const WIDTH = 760
const HEIGHT = 260
const PAD = { left: 40, right: 10, top: 10, bottom: 30 }
const HOUR = 3_600_000

const root = document.querySelector(".op")
const campaign = new URLSearchParams(location.search).get("campaign") ?? "wheel"

const element = (name, attributes, text) => {
  const node = document.createElementNS(SVG, name)
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value))
  if (text !== undefined) node.textContent = text
  return node
}

/** Draws `series` (the API's buckets) as bars of starts and finishes, scaled to the largest count. */
const draw = (svg, series) => {
  const max = Math.max(1, ...series.flatMap((b) => [b.starts, b.finishes]))
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = plotWidth / Math.max(1, series.length)
  const bar = Math.max(1, slot / 2 - 1)
  const y = (count) => PAD.top + plotHeight - (count / max) * plotHeight
  svg.append(element("line", { class: "op-axis", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0) }))
  svg.append(element("text", { class: "op-label", x: PAD.left - 6, y: y(max) + 4, "text-anchor": "end" }, max))
  svg.append(element("text", { class: "op-label", x: PAD.left - 6, y: y(0), "text-anchor": "end" }, 0))
  series.forEach((bucket, i) => {
    const x = PAD.left + i * slot
    for (const [kind, offset] of [
      ["starts", 0],
      ["finishes", bar + 1]
    ]) {
      const count = bucket[kind]
      const rect = element("rect", {
        class: `op-bar op-bar-${kind}`,
        x: x + offset,
        y: y(count),
        width: bar,
        height: y(0) - y(count),
        "data-start": bucket.start,
        "data-count": count
      })
      rect.append(element("title", {}, `${bucket.start}: ${count} ${kind}`))
      svg.append(rect)
    }
    if (i % 3 === 0) {
      const hour = new Date(bucket.start).toISOString().slice(11, 16)
      svg.append(element("text", { class: "op-label", x: x + slot / 2, y: HEIGHT - 10, "text-anchor": "middle" }, hour))
    }
  })
}

const showTotals = (totals) => {
  const list = root.querySelector(".op-totals")
  const names = { starts: "Started", finishes: "Finished", players: "Players", wins: "Wins", grants: "Coupons given" }
  for (const [key, label] of Object.entries(names)) {
    const row = document.createElement("div")
    const dt = document.createElement("dt")
    dt.textContent = label
    const dd = document.createElement("dd")
    dd.textContent = String(totals[key])
    dd.dataset.total = key
    row.append(dt, dd)
    list.append(row)
  }
}

const main = async () => {
  const from = new Date(Math.floor(Date.now() / HOUR) * HOUR - 23 * HOUR).toISOString()
  root.dataset.from = from
  const query = new URLSearchParams({ campaign, interval: "hour", from })
  root.querySelector(".op-export-entries").href = `/demo/operator/export/entries?campaign=${campaign}`
  root.querySelector(".op-export-grants").href = `/demo/operator/export/grants?campaign=${campaign}`
  const response = await fetch(`/demo/operator/stats?${query}`)
  const body = await response.json()
  if (response.status !== 200) throw new Error(body.error?.message ?? `The statistics answered ${response.status}`)
  const { stats } = body
  draw(root.querySelector(".op-chart"), stats.series)
  showTotals(stats.totals)
  root.dataset.state = "ready"
}

main().catch((error) => {
  const alert = root.querySelector(".op-error")
  alert.textContent = error.message
  alert.hidden = false
  root.dataset.state = "failed"
})
