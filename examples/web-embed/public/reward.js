/* global document, navigator, window */
/**
 * The reward page: the finish answer's `reward` (`{ grant: { id, tierId, code, couponName, expiresAt,
 * prize: { title, description } } or null, page: { blocks } }`, the blocks already chosen by the server for
 * the play's result) drawn block by block as the specification lists them: logo, heading, text,
 * outcome, coupon (its code or name, with a copy button when the code shows), image, video, lottie,
 * spacer, divider; `align`, `maxWidth` and `size` where they apply. Every text is set as text, never
 * as HTML; every address is used only when it is http(s).
 *
 * A Lottie block shows its `posterUrl` (this page carries no Lottie player); a video plays by itself
 * only when asked to and motion is not reduced, and then muted.
 */
import { safeUrl } from "./theme.js"
import { embedText, format } from "./wording.js"

const element = (name, className, text) => {
  const node = document.createElement(name)
  if (className !== undefined) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

/** `align`, `maxWidth` and `size` of a block, on its element. */
const place = (node, block) => {
  node.dataset.align = block.align === "start" ? "start" : "center"
  if (Number.isInteger(block.maxWidth)) node.style.maxWidth = `${block.maxWidth}px`
  if (block.size !== undefined) node.dataset.size = block.size
  return node
}

const picture = (url, alt, className) => {
  const href = safeUrl(url)
  if (href === null) return null
  const image = element("img", className)
  image.src = href
  image.alt = alt ?? ""
  return image
}

/** The coupon: its code, its name or both (`show`; a coupon without a name shows its code), the copy button, its expiry. */
const coupon = (block, grant, context) => {
  const box = element("div", "cg-coupon")
  box.setAttribute("role", "group")
  box.setAttribute("aria-label", grant.prize.title)
  if (block.caption !== undefined && block.caption !== "") box.append(element("p", "cg-coupon-caption", block.caption))
  const hasName = typeof grant.couponName === "string" && grant.couponName !== ""
  const show = block.show === "name" || block.show === "both" ? block.show : "code"
  const showsCode = show !== "name" || !hasName
  if (show !== "code" && hasName) box.append(element("p", "cg-coupon-name", grant.couponName))
  if (showsCode) {
    const line = element("p", "cg-coupon-line")
    const code = element("code", "cg-coupon-code", grant.code)
    line.append(code)
    if (block.copyable !== false) {
      const button = element("button", "cg-button cg-copy", embedText.copy)
      button.type = "button"
      // Read out when the copy is done (the button's own word changes too).
      const said = element("span", "cg-visually-hidden")
      said.setAttribute("role", "status")
      button.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(grant.code)
          button.textContent = embedText.copied
          said.textContent = embedText.copied
        } catch {
          // No clipboard (an insecure page, a refused permission): select the code for the player.
          const range = document.createRange()
          range.selectNodeContents(code)
          window.getSelection()?.removeAllRanges()
          window.getSelection()?.addRange(range)
          said.textContent = embedText.copyFailed
          context.status(embedText.copyFailed)
        }
      })
      line.append(button, said)
    }
    box.append(line)
  }
  if (typeof grant.expiresAt === "string") {
    const date = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long" }).format(
      new Date(grant.expiresAt)
    )
    box.append(element("p", "cg-coupon-expiry", format(embedText.validUntil, { date })))
  }
  return box
}

const video = (block, reducedMotion) => {
  const href = safeUrl(block.url)
  if (href === null) return null
  const player = element("video", "cg-block-video")
  player.src = href
  const poster = safeUrl(block.posterUrl)
  if (poster !== null) player.poster = poster
  player.controls = block.controls !== false
  player.loop = block.loop === true
  player.playsInline = true
  if (block.autoplay === true && !reducedMotion) {
    player.muted = true
    player.autoplay = true
  }
  if (typeof block.speed === "number") player.playbackRate = block.speed
  if (typeof block.alt === "string") player.setAttribute("aria-label", block.alt)
  return player
}

/** One block's element, or null when it has nothing to show. */
const renderBlock = (block, reward, context) => {
  switch (block.type) {
    case "logo":
      return picture(block.url ?? context.theme.logoUrl, block.alt, "cg-block-logo")
    case "heading":
      return element("h3", "cg-block-heading", block.text ?? reward.grant?.prize.title ?? "")
    case "text":
      return element("p", "cg-block-text", block.text ?? reward.grant?.prize.description ?? "")
    case "outcome": {
      const line = element("p", "cg-block-outcome")
      if (block.prefix !== undefined && block.prefix !== "") line.append(`${block.prefix} `)
      line.append(element("strong", undefined, context.outcomeText))
      return line
    }
    case "coupon":
      // No coupon to show when the play earned none (the page's blocks for every play still show).
      return reward.grant === null ? null : coupon(block, reward.grant, context)
    case "image":
      return picture(block.url, block.alt, "cg-block-image")
    case "video":
      return video(block, context.reducedMotion)
    case "lottie":
      return picture(block.posterUrl, block.alt, "cg-block-image")
    case "spacer":
      return element("div", "cg-block-spacer")
    case "divider":
      return element("hr", "cg-block-divider")
    default:
      return null
  }
}

/**
 * Draws `reward` into `container`. `context`: `outcomeText` (what an outcome block shows: the
 * wheel's slice, the quiz's score, the option predicted), `theme` (for a logo block without its own
 * address), `reducedMotion`, and `status(message)` (where a failed copy asks the player to copy by hand).
 */
export const renderRewardPage = (container, reward, context) => {
  const page = element("section", "cg-reward-page")
  page.setAttribute("aria-label", reward.grant?.prize.title ?? "Your result")
  if (reward.grant !== null) page.dataset.grantId = reward.grant.id
  for (const block of reward.page?.blocks ?? []) {
    const node = renderBlock(block, reward, context)
    if (node !== null) {
      node.dataset.block = block.type
      page.append(place(node, block))
    }
  }
  container.replaceChildren(page)
}
