/**
 * The web embed demo in a real browser: Debian's Chromium driven by playwright-core against the
 * demo's backend (`Backend.start`, the API in process; on PostgreSQL when `DATABASE_URL` is set, else
 * PGlite in memory) on 127.0.0.1. Each game is played to its result as a player would, mostly from
 * the keyboard, and the test checks what the player sees against what the server answered: the
 * wheel stopped on the server's slice (read from the wheel's final rotation), the quiz's score, the
 * prediction recorded (and its entry in the API), the campaign's theme and wording, the
 * between-campaigns message, the reward page with its coupon and copy button. Screenshots go to
 * `examples/web-embed/test-output/`.
 *
 * Chromium is found at `CHROMIUM_PATH`, else where Debian's `chromium` package puts it. Without it
 * the file is skipped with a message, except in CI (`CI` set), where a missing browser fails the run.
 */
import { accessSync, constants, mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Database } from "@campaign-games/sql"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import * as Backend from "../src/Backend.ts"
import * as Demo from "../src/Demo.ts"

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const executablePath = [
  process.env.CHROMIUM_PATH,
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser"
].find((path): path is string => path !== undefined && path !== "" && isExecutable(path))
const inCi = (process.env.CI ?? "") !== ""

if (executablePath === undefined) {
  const message =
    "the web embed's browser test needs Chromium: `apt-get install chromium` (Debian), or CHROMIUM_PATH=<chromium binary>"
  if (inCi) throw new Error(`In CI ${message}; .ci/run installs it when absent.`)
  console.warn(`Skipped: ${message}.`)
}

const OUTPUT = fileURLToPath(new URL("../test-output/", import.meta.url))
const databaseUrl = process.env.DATABASE_URL ?? ""

/** `#RRGGBB` as the browser computes it. */
const rgb = (hex: string) =>
  `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`

/** The label with its placeholders filled, as the embed does. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole))

const isPlayCall = (path: string) => (url: string) => new URL(url).pathname === path
const isFinish = (url: string) => /^\/v1\/play\/sessions\/[^/]+\/finish$/u.test(new URL(url).pathname)

describe.skipIf(executablePath === undefined)("the web embed in Chromium", () => {
  let demo: Backend.Running
  let browser: Browser

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true })
    demo = await Backend.start({
      host: "127.0.0.1",
      port: 0,
      store: databaseUrl === "" ? Database.layerPglite() : Database.layerTestPostgres(databaseUrl)
    })
    browser = await chromium.launch({ executablePath: executablePath! })
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })

  /** A fresh visitor (cookies and all) whose page fails the test on any script error. */
  const visit = async (
    options: { readonly reducedMotion?: "reduce" | "no-preference" } = {}
  ): Promise<{ context: BrowserContext; page: Page; errors: Array<string> }> => {
    const context = await browser.newContext({
      viewport: { width: 900, height: 1000 },
      reducedMotion: options.reducedMotion ?? "no-preference"
    })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: demo.url })
    const page = await context.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    return { context, page, errors }
  }

  /** Opens a placement and answers the start call's body (the player's view of the game). */
  const open = async (page: Page, placement: Demo.Placement) => {
    const started = page.waitForResponse((r) => isPlayCall("/v1/play/sessions")(r.url()))
    await page.goto(`${demo.url}/?placement=${placement}`)
    const response = await started
    assert.strictEqual(response.status(), 201)
    return (await response.json()) as { game: { config: any; theme: any; labels: Record<string, string> } }
  }

  const text = (page: Page, selector: string) => page.locator(selector).innerText()
  const style = (page: Page, selector: string, property: string) =>
    page.locator(selector).evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

  /** The slice under the pointer, from the wheel's rotation as the browser draws it. */
  const sliceUnderPointer = async (page: Page, segments: ReadonlyArray<{ id: string }>) => {
    const transform = await style(page, ".cg-wheel-disc", "transform")
    const matrix = /^matrix\(([^,]+), ([^,]+),/u.exec(transform)
    assert.isNotNull(matrix, `the wheel is rotated: ${transform}`)
    const rotation = (Math.atan2(Number(matrix![2]), Number(matrix![1])) * 180) / Math.PI
    // The wheel's angle now at the top, clockwise from the slices' origin.
    const top = (((-rotation % 360) + 360) % 360) % 360
    return segments[Math.floor(top / (360 / segments.length))]!.id
  }

  /**
   * Checks the reward page against the finish answer's reward: its blocks, and its coupon code and
   * copy button when the play earned a coupon (`grant` null: the page without a coupon block).
   */
  const checkRewardPage = async (page: Page, reward: any) => {
    const shown = page.locator(".cg-reward-page")
    await shown.waitFor({ state: "visible" })
    const blocks = await shown
      .locator(":scope > [data-block]")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.block))
    const sent: ReadonlyArray<{ type: string }> = reward.page?.blocks ?? []
    if (reward.grant === null) {
      assert.isNull(await shown.getAttribute("data-grant-id"))
      assert.deepStrictEqual(
        blocks,
        sent.filter((b) => b.type !== "coupon").map((b) => b.type)
      )
      assert.strictEqual(await page.locator(".cg-coupon-code").count(), 0)
      return
    }
    assert.strictEqual(await shown.getAttribute("data-grant-id"), reward.grant.id)
    assert.deepStrictEqual(
      blocks,
      sent.map((b) => b.type)
    )
    const coupon = reward.page.blocks.find((b: { type: string }) => b.type === "coupon")
    if (coupon !== undefined && (coupon.show ?? "code") !== "name") {
      assert.strictEqual(await text(page, ".cg-coupon-code"), reward.grant.code)
      const copy = page.locator(".cg-copy")
      await copy.focus()
      await page.keyboard.press("Enter")
      await page.locator(".cg-copy", { hasText: "Copied" }).waitFor()
      assert.strictEqual(await page.evaluate(() => navigator.clipboard.readText()), reward.grant.code)
    }
  }

  /** The reward page when the finish answered a `reward`, and no reward page when it answered none. */
  const checkReward = async (page: Page, reward: any) => {
    if (reward !== null) await checkRewardPage(page, reward)
    else assert.strictEqual(await page.locator(".cg-reward").innerHTML(), "")
  }

  /**
   * The end of a visit: a screenshot of the page as `test-output/<screenshot>.png` (when named), no
   * script error on the page, and the visitor's context closed.
   */
  const leave = async (
    { context, page, errors }: { context: BrowserContext; page: Page; errors: Array<string> },
    screenshot?: string
  ) => {
    if (screenshot !== undefined) await page.screenshot({ path: `${OUTPUT}${screenshot}.png`, fullPage: true })
    assert.deepStrictEqual(errors, [])
    await context.close()
  }

  it("spins the wheel: it turns and stops on the slice the server chose, in the campaign's theme and wording", async () => {
    const { context, page, errors } = await visit()
    const { game } = await open(page, "wheel")
    const labels = Demo.wheel.theme.labels
    const segments = game.config.segments as ReadonlyArray<{ id: string; label: string }>
    assert.deepStrictEqual(
      segments.map((s) => s.id),
      Demo.wheel.config.segments.map((s) => s.id)
    )

    // The campaign's wording and look (its theme over the account's branding).
    assert.strictEqual(await text(page, "#cg-title"), labels.title)
    assert.strictEqual(await text(page, ".cg-intro"), labels.intro)
    assert.strictEqual(await text(page, ".cg-spin"), labels.spinButton)
    assert.strictEqual(await style(page, ".cg-spin", "background-color"), rgb(Demo.wheel.theme.colors.accent))
    assert.include(await style(page, "#cg", "font-family"), "Georgia")
    assert.include(await style(page, "#cg", "background-image"), "linear-gradient")
    // The slices, in the server's order, each with its label.
    const drawn = await page
      .locator(".cg-slice")
      .evaluateAll((slices) => slices.map((s) => [s.getAttribute("data-segment-id"), s.textContent]))
    assert.deepStrictEqual(
      drawn,
      segments.map((s) => [s.id, s.label])
    )
    assert.strictEqual(await style(page, ".cg-wheel-disc", "transition-duration"), "4.5s")

    // What the status region says along the way (read out to screen-reader users).
    await page.locator(".cg-status").evaluate((region) => {
      const said: Array<string> = []
      ;(window as unknown as { said: Array<string> }).said = said
      new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, {
        childList: true,
        characterData: true,
        subtree: true
      })
    })
    // Spun from the keyboard; the server answers first, then the wheel turns to its answer.
    const finished = page.waitForResponse((r) => isFinish(r.url()))
    await page.locator(".cg-spin").focus()
    await page.keyboard.press("Enter")
    const answer = await (await finished).json()
    const { outcome, reward } = answer
    assert.include(
      segments.map((s) => s.id),
      outcome.id
    )
    await page.locator(".cg-result").waitFor({ state: "visible", timeout: 15_000 })
    assert.deepStrictEqual(await page.evaluate(() => (window as unknown as { said: Array<string> }).said), [
      labels.spinning,
      ""
    ])

    assert.strictEqual(await sliceUnderPointer(page, segments), outcome.id)
    const values = { outcome: outcome.label }
    assert.strictEqual(await text(page, ".cg-result-title"), outcome.isWin ? labels.winTitle : labels.loseTitle)
    assert.strictEqual(
      await text(page, ".cg-result-body"),
      fill(outcome.isWin ? labels.winBody : labels.loseBody, values)
    )
    assert.isTrue(await page.locator(".cg-result-title").evaluate((element) => element === document.activeElement))
    // The wheel's reward is for winning slices, when the API has rewards.
    if (demo.seeded.rewards.wheel && outcome.isWin)
      assert.isNotNull(reward?.grant, "a winning spin earns the wheel's coupon")
    await checkReward(page, reward)
    await leave({ context, page, errors }, "wheel")
  })

  it("honours reduced motion: the wheel is set at the server's slice without turning", async () => {
    const { context, page, errors } = await visit({ reducedMotion: "reduce" })
    for (let spin = 1; spin <= 3; spin++) {
      const { game } = await open(page, "wheel")
      assert.strictEqual(await style(page, ".cg-wheel-disc", "transition-duration"), "0s")
      await page.locator(".cg-wheel-disc").evaluate((disc) => {
        ;(window as unknown as { turns: number }).turns = 0
        disc.addEventListener("transitionrun", () => (window as unknown as { turns: number }).turns++)
      })
      const finished = page.waitForResponse((r) => isFinish(r.url()))
      await page.locator(".cg-spin").focus()
      await page.keyboard.press("Space")
      const { outcome } = await (await finished).json()
      await page.locator(".cg-result").waitFor({ state: "visible" })
      assert.strictEqual(await sliceUnderPointer(page, game.config.segments), outcome.id, `spin ${spin}`)
      assert.strictEqual(await page.evaluate(() => (window as unknown as { turns: number }).turns), 0)
    }
    await leave({ context, page, errors }, "wheel-reduced-motion")
  })

  it("plays the quiz from the keyboard: the server's score, in the campaign's wording", async () => {
    const { context, page, errors } = await visit()
    const { game } = await open(page, "quiz")
    const labels = Demo.quiz.theme.labels
    const questions = Demo.quiz.config.questions
    const count = questions.length
    assert.strictEqual(await text(page, "#cg-title"), labels.title)
    assert.strictEqual(await text(page, ".cg-intro"), fill(labels.intro, { count }))
    // The player's view carries no answers.
    assert.notInclude(JSON.stringify(game.config), "correctOptionId")
    const start = page.locator(".cg-stage .cg-button")
    assert.strictEqual(await start.innerText(), labels.startButton)
    assert.strictEqual(
      await style(page, ".cg-stage .cg-button", "background-color"),
      rgb(Demo.quiz.theme.colors.accent)
    )

    await start.focus()
    await page.keyboard.press("Enter")
    // Answers by position (arrows move and choose): right, right, wrong.
    const picks = [0, 1, 1]
    const answers: Array<{ questionId: string; optionId: string }> = []
    for (const [i, question] of questions.entries()) {
      await page.locator("legend", { hasText: question.text }).waitFor()
      assert.strictEqual(await text(page, ".cg-counter"), fill(labels.questionCounter, { number: i + 1, count }))
      assert.isTrue(
        await page
          .locator(".cg-choice input")
          .first()
          .evaluate((input) => input === document.activeElement)
      )
      if (i === 0) {
        // Going on without an answer is refused, with a word why.
        await page.keyboard.press("Enter")
        assert.strictEqual(await text(page, ".cg-status"), "Choose an answer first.")
        await page.keyboard.press("Space")
      } else {
        for (let step = 0; step < picks[i]!; step++) await page.keyboard.press("ArrowDown")
      }
      const option = question.options[picks[i]!]!
      assert.isTrue(await page.locator(`input[value="${option.id}"]`).isChecked())
      assert.strictEqual(
        await text(page, ".cg-question .cg-button"),
        i === count - 1 ? labels.submitButton : labels.nextButton
      )
      answers.push({ questionId: question.id, optionId: option.id })
      if (i === count - 1) break
      await page.keyboard.press("Enter")
    }
    const finished = page.waitForResponse((r) => isFinish(r.url()))
    await page.keyboard.press("Enter")
    const answered = await finished
    assert.deepStrictEqual(JSON.parse(answered.request().postData() ?? "null"), { answers })
    const { entry, reward } = await answered.json()
    const expected = answers.filter((a, i) => questions[i]!.correctOptionId === a.optionId).length
    assert.strictEqual(entry.score, expected)
    assert.strictEqual(expected, 2)

    await page.locator(".cg-result").waitFor({ state: "visible" })
    assert.strictEqual(await text(page, ".cg-result-title"), fill(labels.scoreTitle, { score: 2, count }))
    assert.strictEqual(await text(page, ".cg-result-body"), "You scored 2 out of 3.")
    // The quiz's reward is for everyone who plays, when the API has rewards.
    if (demo.seeded.rewards.quiz) assert.isNotNull(reward?.grant, "every quiz play earns the quiz's reward")
    await checkReward(page, reward)
    await leave({ context, page, errors }, "quiz")
  })

  it("records a prediction, in the branding's colours and the campaign's wording, and the entry is in the API", async () => {
    const { context, page, errors } = await visit()
    await open(page, "prediction")
    const labels = Demo.prediction.theme.labels
    assert.strictEqual(await text(page, "#cg-title"), labels.title)
    assert.strictEqual(await text(page, "legend"), Demo.prediction.config.question)
    assert.strictEqual(await text(page, ".cg-hint"), labels.choosePrompt)
    const submit = page.locator(".cg-prediction .cg-button")
    assert.strictEqual(await submit.innerText(), labels.submitButton)
    // The campaign sets no colours: the account's branding gives them.
    assert.strictEqual(
      await style(page, ".cg-prediction .cg-button", "background-color"),
      rgb(Demo.branding.colors.accent)
    )

    await page.locator(".cg-choice input").first().focus()
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    const finished = page.waitForResponse((r) => isFinish(r.url()))
    await page.keyboard.press("Enter")
    const { entry } = await (await finished).json()
    assert.deepStrictEqual(entry.predictionValue, { optionId: "rooibos" })

    await page.locator(".cg-result").waitFor({ state: "visible" })
    assert.strictEqual(await text(page, ".cg-result-title"), labels.confirmTitle)
    assert.strictEqual(await text(page, ".cg-result-body"), fill(labels.confirmBody, { option: "Rooibos" }))
    await page.screenshot({ path: `${OUTPUT}prediction.png`, fullPage: true })

    // The entry as the shop's operator reads it, for the visitor the backend named by its cookie.
    const visitor = (await context.cookies()).find((c) => c.name === "cg_player")
    assert.isDefined(visitor)
    const listed = await demo.api(
      new Request(`http://campaign-games.internal/v1/game-instances/${demo.seeded.campaigns.prediction}/entries`, {
        headers: { authorization: `Bearer ${demo.seeded.ownerKey}` }
      })
    )
    const { entries, total } = await listed.json()
    assert.strictEqual(total, 1)
    assert.deepStrictEqual(
      [entries[0].id, entries[0].participantRef, entries[0].predictionValue],
      [entry.id, `visitor-${visitor!.value}`, { optionId: "rooibos" }]
    )
    await leave({ context, page, errors })
  })

  it("draws the reward page: its blocks in order, the coupon's name, code and expiry, and the copy button", async () => {
    const { context, page, errors } = await visit()
    // The finish answer as the API gives it; while the API gives no reward (rewards are not in it
    // yet), with a reward of the shape DESIGN.md fixes (`{ grant, page }`, the page's blocks as the
    // server chose them for the result).
    const sample = {
      grant: {
        id: "grt_sample",
        tierId: "tier_sample",
        code: "TEA-7Q2K9X4M",
        couponName: "Free tasting sample",
        expiresAt: "2030-01-31T12:00:00.000Z",
        prize: { title: "Thanks for playing", description: "Free tasting sample with your next order." }
      },
      page: {
        blocks: [
          { id: "thanks", type: "heading", text: "Thanks for playing" },
          { id: "score", type: "outcome", prefix: "Your score:" },
          { id: "gap", type: "spacer", size: "sm" },
          { id: "code", type: "coupon", caption: "Show it at checkout", show: "both" },
          { id: "line", type: "divider" },
          { id: "terms", type: "text", text: "One sample per order.", align: "start" }
        ]
      }
    }
    let fromApi: unknown = undefined
    await page.route(
      (url) => isFinish(url.href),
      async (route) => {
        const response = await route.fetch()
        const body = await response.json()
        fromApi = body.reward
        await route.fulfill({ response, json: body.reward === null ? { ...body, reward: sample } : body })
      }
    )
    await open(page, "quiz")
    // Played with the pointer this time: every answer right.
    await page.locator(".cg-stage .cg-button").click()
    for (const question of Demo.quiz.config.questions) {
      await page.locator("legend", { hasText: question.text }).waitFor()
      await page.locator(`input[value="${question.correctOptionId}"]`).click()
      await page.locator(".cg-question .cg-button").click()
    }
    await page.locator(".cg-result").waitFor({ state: "visible" })
    assert.isDefined(fromApi, "the finish went through the API")
    const reward = fromApi ?? sample
    await checkRewardPage(page, reward)
    assert.strictEqual(await text(page, '[data-block="outcome"]'), "Your score: 3")
    if (fromApi === null) {
      assert.strictEqual(await text(page, '[data-block="heading"]'), "Thanks for playing")
      assert.strictEqual(await text(page, ".cg-coupon-caption"), "Show it at checkout")
      assert.strictEqual(await text(page, ".cg-coupon-name"), "Free tasting sample")
      assert.strictEqual(await text(page, ".cg-coupon-expiry"), "Valid until 31 January 2030")
      assert.strictEqual(await page.locator(".cg-coupon").getAttribute("aria-label"), "Thanks for playing")
      assert.strictEqual(await page.locator('[data-block="spacer"]').getAttribute("data-size"), "sm")
      assert.strictEqual(await text(page, '[data-block="text"]'), "One sample per order.")
      assert.strictEqual(await style(page, '[data-block="text"]', "text-align"), "start")
    }
    await leave({ context, page, errors }, "reward-page")
  })

  it("shows the channel's between-campaigns message when nothing is live", async () => {
    const { context, page, errors } = await visit()
    const minted = page.waitForResponse((r) => isPlayCall("/demo/token")(r.url()))
    await page.goto(`${demo.url}/?placement=next`)
    assert.strictEqual((await minted).status(), 200)
    await page.locator('#cg[data-state="between"]').waitFor()
    assert.strictEqual(await text(page, "#cg-title"), Demo.betweenCampaigns.title)
    assert.strictEqual(await text(page, ".cg-intro"), Demo.betweenCampaigns.body)
    assert.strictEqual(await page.locator(".cg-stage").innerHTML(), "")
    assert.strictEqual(await page.locator('nav [aria-current="page"]').innerText(), "Summer game")
    await leave({ context, page, errors }, "between-campaigns")
  })
})
