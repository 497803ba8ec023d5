/**
 * The demo's operator page in a real browser (Debian's Chromium driven by playwright-core, as
 * `embed.test.ts`): after plays of the wheel, the page draws the campaign's plays per local hour as
 * an SVG chart, and each bar is checked against `GET /v1/game-instances/{id}/stats` asked with the
 * same span (its bucket's start and count, its height in proportion), as are the totals; the export
 * link downloads the entries' CSV with one row per finished play. A screenshot goes to
 * `examples/web-embed/test-output/operator.png`.
 */
import { mkdirSync } from "node:fs"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, chromium } from "playwright-core"
import * as Backend from "../src/Backend.ts"
import * as Demo from "../src/Demo.ts"
import * as Chromium from "./support/Chromium.ts"

const skipped = Chromium.missing("the operator page's browser test")

describe.skipIf(skipped)("the operator page in Chromium", () => {
  let demo: Backend.Running
  let browser: Browser

  beforeAll(async () => {
    mkdirSync(Chromium.OUTPUT, { recursive: true })
    demo = await Backend.start({
      host: "127.0.0.1",
      port: 0,
      store: Chromium.store()
    })
    browser = await chromium.launch({ executablePath: Chromium.executablePath! })
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })

  const api = async (method: string, path: string, key: string, body?: unknown) => {
    const response = await demo.api(
      new Request(`http://campaign-games.internal${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    )
    const text = await response.text()
    return { status: response.status, text, body: text.startsWith("{") ? JSON.parse(text) : undefined }
  }

  /** A whole play of the wheel by `participantRef` (mint with the backend's key, start, finish). */
  const playWheel = async (participantRef: string, finish = true) => {
    const minted = await api("POST", "/v1/auth/session-tokens", demo.seeded.mintKey, {
      channelId: demo.seeded.channels.wheel,
      participantRef,
      origin: Demo.SITE
    })
    assert.strictEqual(minted.status, 201, minted.text)
    const token = minted.body.clientToken
    const started = await api("POST", "/v1/play/sessions", token)
    assert.strictEqual(started.status, 201, started.text)
    if (!finish) return
    const finished = await api("POST", `/v1/play/sessions/${started.body.session.id}/finish`, token, {})
    assert.strictEqual(finished.status, 200, finished.text)
  }

  it("draws the wheel's plays per hour as the stats endpoint counts them, and links its CSV export", async () => {
    for (const ref of ["op-ann", "op-bob", "op-ann", "op-cyd"]) await playWheel(ref)
    await playWheel("op-dee", false)

    const context = await browser.newContext({ viewport: { width: 900, height: 800 }, acceptDownloads: true })
    const page = await context.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${demo.url}/operator.html?campaign=wheel`)
    await page.locator('.op[data-state="ready"]').waitFor()

    const from = await page.locator(".op").getAttribute("data-from")
    assert.isNotNull(from)
    const stats = await api(
      "GET",
      `/v1/game-instances/${demo.seeded.campaigns.wheel}/stats?interval=hour&from=${encodeURIComponent(from!)}`,
      demo.seeded.ownerKey
    )
    assert.strictEqual(stats.status, 200, stats.text)
    const series = stats.body.stats.series as Array<{ start: string; starts: number; finishes: number }>
    assert.isAtLeast(series.length, 24)

    const bars = await page.locator("rect.op-bar").evaluateAll((rects) =>
      rects.map((r) => ({
        kind: r.getAttribute("class")!.replace("op-bar op-bar-", ""),
        start: r.getAttribute("data-start"),
        count: Number(r.getAttribute("data-count")),
        height: Number(r.getAttribute("height"))
      }))
    )
    assert.deepStrictEqual(
      bars.map(({ kind, start, count }) => ({ kind, start, count })),
      series.flatMap((b) => [
        { kind: "starts", start: b.start, count: b.starts },
        { kind: "finishes", start: b.start, count: b.finishes }
      ])
    )
    // Heights in proportion to the counts: the tallest bar is the largest count.
    const tallest = Math.max(...bars.map((b) => b.height))
    const largest = Math.max(...bars.map((b) => b.count))
    for (const bar of bars) assert.closeTo(bar.height, (bar.count / largest) * tallest, 0.01)
    assert.strictEqual(
      bars.filter((b) => b.kind === "starts").reduce((n, b) => n + b.count, 0),
      5
    )
    const totals = stats.body.stats.totals
    assert.deepStrictEqual(
      {
        starts: Number(await page.locator('[data-total="starts"]').innerText()),
        finishes: Number(await page.locator('[data-total="finishes"]').innerText()),
        players: Number(await page.locator('[data-total="players"]').innerText())
      },
      { starts: totals.starts, finishes: totals.finishes, players: totals.players }
    )
    assert.deepStrictEqual([totals.starts, totals.finishes, totals.players], [5, 4, 4])

    const download = page.waitForEvent("download")
    await page.locator(".op-export-entries").click()
    const file = await (await download).path()
    const csv = (await import("node:fs")).readFileSync(file, "utf8")
    const lines = csv.split("\r\n").filter((line) => line !== "")
    assert.strictEqual(
      lines[0],
      "id,sessionId,participantRef,score,predictionOptionId,outcomeId,weight,eligible,createdAt"
    )
    assert.strictEqual(lines.length, 1 + 4)

    await page.screenshot({ path: `${Chromium.OUTPUT}operator.png`, fullPage: true })
    assert.deepStrictEqual(errors, [])
    await context.close()
  })
})
