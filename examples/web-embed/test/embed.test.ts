/**
 * The web embed demo in a real browser: Debian's Chromium driven by playwright-core against the
 * demo's backend (`Backend.start`, the API in process; on PostgreSQL when `DATABASE_URL` is set, else
 * PGlite in memory) on 127.0.0.1. Each game is played to its result as a player would, mostly from
 * the keyboard, and the test checks what the player sees against what the server answered: the
 * wheel stopped on the server's slice (read from the wheel's final rotation), the quiz's score, the
 * prediction recorded (and its entry in the API), the campaign's theme and wording, the
 * between-campaigns message, and the reward page: the rewards the demo set are the API's, every
 * spin and every quiz earns a coupon (the prize its result meets), and the page the browser draws is
 * the finish answer's (its blocks in order, the coupon's code, name and expiry, the copy button
 * copying that code), for a grant the API lists for the visitor. Screenshots go to
 * `examples/web-embed/test-output/`.
 *
 * Chromium is found at `CHROMIUM_PATH`, else where Debian's `chromium` package puts it. Without it
 * the file is skipped with a message, except in CI (`CI` set), where a missing browser fails the run.
 */
import { mkdirSync } from "node:fs"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import * as Backend from "../src/Backend.ts"
import * as Demo from "../src/Demo.ts"
import * as Chromium from "./support/Chromium.ts"

const skipped = Chromium.missing("the web embed's browser test")

/** `#RRGGBB` as the browser computes it. */
const rgb = (hex: string) =>
  `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`

/** The label with its placeholders filled, as the embed does. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole))

const isPlayCall = (path: string) => (url: string) => new URL(url).pathname === path
const isFinish = (url: string) => /^\/v1\/play\/sessions\/[^/]+\/finish$/u.test(new URL(url).pathname)

describe.skipIf(skipped)("the web embed in Chromium", () => {
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
    // Every play call carries an Idempotency-Key of its own (README), so a retry gets its first answer.
    assert.match(response.request().headers()["idempotency-key"] ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/u)
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

  /** `GET path` of the API as the shop's operator (the owner key): the JSON body of a 200. */
  const operator = async (path: string) => {
    const answer = await demo.api(
      new Request(`http://campaign-games.internal${path}`, {
        headers: { authorization: `Bearer ${demo.seeded.ownerKey}` }
      })
    )
    assert.strictEqual(answer.status, 200, `GET ${path}`)
    return answer.json()
  }

  /** The campaign's reward as the API holds it. */
  const rewardOf = async (campaignId: string) => (await operator(`/v1/game-instances/${campaignId}/reward`)).reward

  /**
   * Checks the reward page the browser draws against the finish answer's `reward`, which must carry
   * a coupon: the grant's id, the page's blocks in the server's order, the coupon's code (and name,
   * when the block shows both), its expiry, and the copy button (the clipboard then holds the code).
   */
  const checkRewardPage = async (page: Page, reward: any) => {
    assert.isNotNull(reward, "the finish answered a reward")
    assert.isNotNull(reward.grant, "the play earned a coupon")
    const { grant } = reward
    const shown = page.locator(".cg-reward-page")
    await shown.waitFor({ state: "visible" })
    assert.strictEqual(await shown.getAttribute("data-grant-id"), grant.id)
    assert.strictEqual(await shown.getAttribute("aria-label"), grant.prize.title)
    const blocks = await shown
      .locator(":scope > [data-block]")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.block))
    assert.deepStrictEqual(
      blocks,
      reward.page.blocks.map((b: { type: string }) => b.type)
    )
    const coupon = reward.page.blocks.find((b: { type: string }) => b.type === "coupon")
    assert.isDefined(coupon, "the page has its coupon block")
    assert.strictEqual(await page.locator(".cg-coupon").getAttribute("aria-label"), grant.prize.title)
    assert.strictEqual(await text(page, ".cg-coupon-caption"), coupon.caption)
    if (coupon.show === "both" && grant.couponName !== null)
      assert.strictEqual(await text(page, ".cg-coupon-name"), grant.couponName)
    else assert.strictEqual(await page.locator(".cg-coupon-name").count(), 0)
    const expiry = page.locator(".cg-coupon-expiry")
    if (grant.expiresAt === null) assert.strictEqual(await expiry.count(), 0)
    else {
      const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "long" }).format(new Date(grant.expiresAt))
      assert.strictEqual(await expiry.innerText(), `Valid until ${date}`)
    }
    assert.strictEqual(await text(page, ".cg-coupon-code"), grant.code)
    const copy = page.locator(".cg-copy")
    await copy.focus()
    await page.keyboard.press("Enter")
    await page.locator(".cg-copy", { hasText: "Copied" }).waitFor()
    assert.strictEqual(await page.evaluate(() => navigator.clipboard.readText()), grant.code)
  }

  /** The grant as the API lists it for the campaign: the visitor's, with its code masked to the last four. */
  const checkListed = async (context: BrowserContext, campaignId: string, grant: any) => {
    const visitor = (await context.cookies()).find((c) => c.name === "cg_player")
    assert.isDefined(visitor)
    const { grants } = await operator(`/v1/game-instances/${campaignId}/reward-grants?limit=200`)
    const listed = grants.find((g: { id: string }) => g.id === grant.id)
    assert.isDefined(listed, `the API lists the grant ${grant.id}`)
    assert.deepStrictEqual(
      [listed.participantRef, listed.source, listed.tierId, listed.code.slice(-4), listed.code.includes(grant.code)],
      [`visitor-${visitor!.value}`, "rule", grant.tierId, grant.code.slice(-4), false]
    )
  }

  /**
   * The end of a visit: a screenshot of the page as `test-output/<screenshot>.png` (when named), no
   * script error on the page, and the visitor's context closed.
   */
  const leave = async (
    { context, page, errors }: { context: BrowserContext; page: Page; errors: Array<string> },
    screenshot?: string
  ) => {
    if (screenshot !== undefined) await page.screenshot({ path: `${Chromium.OUTPUT}${screenshot}.png`, fullPage: true })
    assert.deepStrictEqual(errors, [])
    await context.close()
  }

  it("starts with the rewards the demo set: the wheel's two prizes, the quiz's shared code", async () => {
    /** A reward as the API answers it, less what the API adds (ids, counts). */
    const asSet = (reward: any) => ({
      tiers: reward.tiers.map(({ match, display, codeStrategy }: any) => ({ match, display, codeStrategy })),
      grantOncePerParticipant: reward.grantOncePerParticipant,
      validForSeconds: reward.validForSeconds,
      page: reward.page
    })
    const wheelReward = await rewardOf(demo.seeded.campaigns.wheel)
    const quizReward = await rewardOf(demo.seeded.campaigns.quiz)
    assert.deepStrictEqual(asSet(wheelReward), Demo.wheelReward)
    assert.deepStrictEqual(asSet(quizReward), Demo.quizReward)
    // The quiz's prize holds its one code, with no issue limit.
    assert.deepStrictEqual(
      quizReward.tiers.map(({ coupons, couponsRemaining }: any) => ({ coupons, couponsRemaining })),
      [{ coupons: 1, couponsRemaining: null }]
    )
  })

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
    // Every spin earns a coupon: the spring coupon on a winning slice, the thank-you one on another.
    const tiers = (await rewardOf(demo.seeded.campaigns.wheel)).tiers
    const earned = tiers[outcome.isWin ? 0 : 1]
    assert.deepStrictEqual(
      [reward?.grant?.tierId, reward?.grant?.prize],
      [earned.id, Demo.wheelReward.tiers[outcome.isWin ? 0 : 1]!.display]
    )
    await checkRewardPage(page, reward)
    // The page's `win` heading (a coupon was given), the coupon named for its prize, the slice.
    assert.strictEqual(await text(page, '[data-block="heading"]'), "Your coupon")
    assert.strictEqual(await page.locator(".cg-coupon").getAttribute("aria-label"), earned.display.title)
    assert.strictEqual(await text(page, '[data-block="outcome"]'), `The wheel stopped on ${outcome.label}`)
    await checkListed(context, demo.seeded.campaigns.wheel, reward.grant)
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
    // Every quiz play earns the quiz's shared code.
    assert.strictEqual(reward?.grant?.code, Demo.quizCoupon.code)
    await checkRewardPage(page, reward)
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
    await page.screenshot({ path: `${Chromium.OUTPUT}prediction.png`, fullPage: true })

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

  it("plays a Memory Match on the cards the server dealt: each card turned is a flip, the score is the server's", async () => {
    const { context, page, errors } = await visit({ reducedMotion: "reduce" })
    const started = await open(page, "memory")
    const { game } = started as unknown as { game: { config: any; board: { cards: Array<{ position: number }> } } }
    const pairs = Demo.memory.config.pairs
    assert.strictEqual(game.config.scoring, "server")
    assert.strictEqual(game.board.cards.length, pairs * 2)
    assert.strictEqual(await text(page, "#cg-title"), Demo.memory.theme.labels.title)
    const cards = page.locator(".cg-memory-card")
    assert.strictEqual(await cards.count(), pairs * 2)
    // Every card is face down: the page holds no face before the server reveals it.
    assert.strictEqual(await page.locator(".cg-memory-card[data-face]").count(), 0)

    // A player with a perfect memory: turns each card, and matches a pair as soon as it knows both cards.
    const seen = new Map<number, number>()
    const matched = new Set<number>()
    const flips: Array<{ position: number; face: number; flips: number }> = []
    const turn = async (position: number) => {
      const flipped = page.waitForResponse((r) => /\/flips$/u.test(new URL(r.url()).pathname))
      await cards.nth(position).click()
      const response = await flipped
      assert.strictEqual(response.status(), 200)
      const body = await response.json()
      flips.push(body)
      // The page shows the face the server answered (the last flip ends the game: the result shows).
      if (body.matchedPairs < pairs)
        await page.locator(`.cg-memory-card[data-position="${position}"][data-face="${body.face}"]`).waitFor()
      seen.set(position, body.face)
      return body.face as number
    }
    const waitHidden = (positions: Array<number>) =>
      Promise.all(
        positions.map((p) => page.locator(`.cg-memory-card[data-position="${p}"]:not([data-face])`).waitFor())
      )
    const partner = (position: number, face: number) =>
      [...seen].find(([p, f]) => p !== position && f === face && !matched.has(p))?.[0]
    const finished = page.waitForResponse((r) => isFinish(r.url()))
    for (let position = 0; position < pairs * 2 && matched.size < pairs * 2; position++) {
      if (matched.has(position)) continue
      const face = await turn(position)
      const known = partner(position, face)
      const second = known ?? [...Array(pairs * 2).keys()].find((p) => p !== position && !seen.has(p))!
      const secondFace = await turn(second)
      if (secondFace === face) matched.add(position).add(second)
      else await waitHidden([position, second])
    }
    for (const [position, face] of seen) {
      if (matched.has(position) || matched.size === pairs * 2) continue
      const other = partner(position, face)!
      await turn(position)
      await turn(other)
      matched.add(position).add(other)
    }
    const finish = await finished
    assert.deepStrictEqual(finish.request().postDataJSON(), {})
    const { entry } = await finish.json()
    assert.strictEqual(flips.at(-1)!.flips, flips.length)
    assert.isTrue(entry.score > 0 && entry.score <= Demo.memory.config.maxScore, `score ${entry.score}`)
    await page.locator(".cg-result").waitFor({ state: "visible" })
    assert.strictEqual(await text(page, ".cg-result-title"), Demo.memory.theme.labels.winTitle)
    assert.strictEqual(
      await text(page, ".cg-result-body"),
      fill(Demo.memory.theme.labels.scoreBody, { score: entry.score, moves: flips.length })
    )
    await page.screenshot({ path: `${Chromium.OUTPUT}memory.png`, fullPage: true })
    const { entries } = await operator(`/v1/game-instances/${demo.seeded.campaigns.memory}/entries`)
    assert.deepStrictEqual(
      entries.map((e: any) => [e.id, e.score]),
      [[entry.id, entry.score]]
    )
    await leave({ context, page, errors })
  })

  it("draws the reward page the finish answered: its blocks in order, the coupon's name and code, the copy button", async () => {
    const { context, page, errors } = await visit()
    await open(page, "quiz")
    // Played with the pointer this time: every answer right.
    await page.locator(".cg-stage .cg-button").click()
    const finished = page.waitForResponse((r) => isFinish(r.url()))
    for (const question of Demo.quiz.config.questions) {
      await page.locator("legend", { hasText: question.text }).waitFor()
      await page.locator(`input[value="${question.correctOptionId}"]`).click()
      await page.locator(".cg-question .cg-button").click()
    }
    const answered = await finished
    assert.strictEqual(answered.status(), 200)
    const { entry, reward } = await answered.json()
    assert.strictEqual(entry.score, 3)
    await page.locator(".cg-result").waitFor({ state: "visible" })

    // The quiz's one prize: its shared code, with the name it was uploaded with, and no end.
    const { tiers } = await rewardOf(demo.seeded.campaigns.quiz)
    assert.deepStrictEqual(reward.grant, {
      id: reward.grant.id,
      tierId: tiers[0].id,
      code: Demo.quizCoupon.code,
      couponName: Demo.quizCoupon.name,
      expiresAt: null,
      prize: Demo.quizReward.tiers[0]!.display
    })
    assert.deepStrictEqual(reward.page, Demo.quizReward.page)
    await checkRewardPage(page, reward)
    // Each block as the page sets it.
    assert.strictEqual(await text(page, '[data-block="heading"]'), "Thanks for playing")
    assert.strictEqual(await text(page, '[data-block="outcome"]'), "Your score: 3")
    assert.strictEqual(await page.locator('[data-block="spacer"]').getAttribute("data-size"), "sm")
    assert.strictEqual(await text(page, ".cg-coupon-caption"), "Show it at checkout")
    assert.strictEqual(await text(page, ".cg-coupon-name"), "Free tasting sample")
    assert.strictEqual(await page.locator('[data-block="divider"]').count(), 1)
    assert.strictEqual(await text(page, '[data-block="text"]'), "One sample per order.")
    assert.strictEqual(await style(page, '[data-block="text"]', "text-align"), "start")
    await checkListed(context, demo.seeded.campaigns.quiz, reward.grant)
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
