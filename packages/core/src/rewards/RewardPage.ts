/**
 * The reward page: what the embed shows after a game, as a list of blocks (a logo, a heading, the
 * outcome, the coupon, images, a video, Lottie animations, spacers, dividers). Each block may be
 * shown `always`, only on a `win` or only on a `not_win`; at the end of a play the player is sent
 * the page with only the blocks that fit the result (`forResult`).
 *
 * A play is a **win** for the page when it gave the player a coupon (a grant), a **not_win** when it
 * did not (no prize matched, every matching prize had run out, or the player already had one): the
 * coupon block is shown only when there is a coupon to show.
 *
 * Bounds, as the specification states them: 1 to 20 blocks (ids unique); each block's fields and
 * ranges (`Block`); and over the whole page (`check`) at most 8 images, videos and animations
 * together (logos with an address count as images), 1 video, 2 animations, 2,000 characters of text
 * (`text`, `alt`, `prefix` and `caption` together) and 16 KB as JSON. Fields that belong to one type
 * of block (`prefix` to `outcome`; `caption`, `show` and `copyable` to `coupon`; `url` to media
 * blocks; …) are refused on the others, by path. Every address is judged by the file rule
 * (`fileFields`): images and logos must be images, posters images, videos videos, and animations
 * Lottie files from the media library only.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Detail } from "../Failure.ts"
import { type FileField, FileUrl } from "../campaigns/FileRule.ts"
import { Text } from "../Fields.ts"

export const BlockType = Schema.Literals([
  "logo",
  "heading",
  "text",
  "outcome",
  "coupon",
  "image",
  "video",
  "lottie",
  "spacer",
  "divider"
])
export type BlockType = typeof BlockType.Type

/** When a block is shown: always (the default), only on a win, only on a not-win. */
export const When = Schema.Literals(["always", "win", "not_win"])
export type When = typeof When.Type

/** One block of the page: every field of the specification, each optional but `id` and `type`. */
export const Block = Schema.Struct({
  id: Text(1, 64),
  type: BlockType,
  when: Schema.optionalKey(When),
  text: Schema.optionalKey(Text(0, 600)),
  align: Schema.optionalKey(Schema.Literals(["start", "center"])),
  url: Schema.optionalKey(FileUrl),
  posterUrl: Schema.optionalKey(FileUrl),
  alt: Schema.optionalKey(Text(0, 120)),
  maxWidth: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 60, maximum: 720 }))),
  autoplay: Schema.optionalKey(Schema.Boolean),
  loop: Schema.optionalKey(Schema.Boolean),
  controls: Schema.optionalKey(Schema.Boolean),
  speed: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: 0.25, maximum: 2 }))),
  size: Schema.optionalKey(Schema.Literals(["sm", "md", "lg"])),
  prefix: Schema.optionalKey(Text(0, 40)),
  caption: Schema.optionalKey(Text(0, 120)),
  show: Schema.optionalKey(Schema.Literals(["code", "name", "both"])),
  copyable: Schema.optionalKey(Schema.Boolean)
}).annotate({ identifier: "RewardPageBlock" })
export type Block = typeof Block.Type

/** The page as set and stored: 1 to 20 blocks (the whole-page bounds are `check`'s). */
export const Page = Schema.Struct({
  blocks: Schema.Array(Block).check(Schema.isMinLength(1), Schema.isMaxLength(20))
}).annotate({ identifier: "RewardPage" })
export type Page = typeof Page.Type

/** The page as a player is sent it: the blocks that fit the play's result (possibly none). */
export const PlayerPage = Schema.Struct({ blocks: Schema.Array(Block) }).annotate({ identifier: "PlayerRewardPage" })
export type PlayerPage = typeof PlayerPage.Type

/** Whole-page bounds. */
export const MAX_MEDIA = 8
export const MAX_VIDEOS = 1
export const MAX_ANIMATIONS = 2
export const MAX_TEXT = 2000
export const MAX_BYTES = 16 * 1024

/**
 * The fields only some types of block may carry, with those types: the ones the specification ties
 * to a type, and the addresses of files (which the file rule judges by the block that shows them).
 * The other fields (`text`, `alt`, `size`, `align`, `maxWidth`, `speed`…) are accepted on any block
 * and used where the block shows them (docs/rewards.md).
 */
const ownFields: ReadonlyArray<readonly [keyof Block, ReadonlyArray<BlockType>]> = [
  ["url", ["logo", "image", "video", "lottie"]],
  ["posterUrl", ["video"]],
  ["prefix", ["outcome"]],
  ["caption", ["coupon"]],
  ["show", ["coupon"]],
  ["copyable", ["coupon"]]
]

/** The fields a type of block cannot do without. */
const requiredFields: Partial<Record<BlockType, ReadonlyArray<keyof Block>>> = {
  heading: ["text"],
  text: ["text"],
  image: ["url"],
  video: ["url"],
  lottie: ["url"]
}

const isMedia = (block: Block) =>
  block.type === "image" ||
  block.type === "video" ||
  block.type === "lottie" ||
  (block.type === "logo" && block.url !== undefined)

const textLength = (block: Block) =>
  (block.text?.length ?? 0) + (block.alt?.length ?? 0) + (block.prefix?.length ?? 0) + (block.caption?.length ?? 0)

/**
 * The rules of a page its schema does not hold, each failure with its path under `prefix`: unique
 * block ids, each type's own and required fields, and the whole-page bounds.
 */
export const check = (page: Page, prefix = "page"): ReadonlyArray<Detail> => {
  const details: Array<Detail> = []
  const seen = new Set<string>()
  let media = 0
  let videos = 0
  let animations = 0
  let text = 0
  page.blocks.forEach((block, i) => {
    const at = `${prefix}.blocks.${i}`
    if (seen.has(block.id)) details.push({ path: `${at}.id`, message: "repeats the id of an earlier block" })
    seen.add(block.id)
    for (const [field, types] of ownFields) {
      if (block[field] !== undefined && !types.includes(block.type)) {
        details.push({ path: `${at}.${field}`, message: `not allowed on a ${block.type} block` })
      }
    }
    for (const field of requiredFields[block.type] ?? []) {
      if (block[field] === undefined)
        details.push({ path: `${at}.${field}`, message: `required on a ${block.type} block` })
    }
    if (isMedia(block)) media++
    if (block.type === "video") videos++
    if (block.type === "lottie") animations++
    text += textLength(block)
  })
  const blocks = `${prefix}.blocks`
  if (media > MAX_MEDIA)
    details.push({ path: blocks, message: `at most ${MAX_MEDIA} images, videos and animations together` })
  if (videos > MAX_VIDEOS) details.push({ path: blocks, message: `at most ${MAX_VIDEOS} video` })
  if (animations > MAX_ANIMATIONS) details.push({ path: blocks, message: `at most ${MAX_ANIMATIONS} animations` })
  if (text > MAX_TEXT) details.push({ path: blocks, message: `at most ${MAX_TEXT} characters of text in all` })
  const bytes = new TextEncoder().encode(JSON.stringify(page)).length
  if (bytes > MAX_BYTES)
    details.push({ path: prefix, message: `at most ${MAX_BYTES} bytes (16 KB) as JSON, not ${bytes}` })
  return details
}

/**
 * The files a page names, each with the kind the file rule expects: images (and logos) images,
 * posters images, videos videos, animations Lottie files from the media library only.
 */
export const fileFields = (page: Page, prefix = "page"): ReadonlyArray<FileField> => {
  const fields: Array<FileField> = []
  page.blocks.forEach((block, i) => {
    const at = `${prefix}.blocks.${i}`
    if (block.url !== undefined) {
      if (block.type === "video") fields.push({ path: `${at}.url`, url: block.url, kind: "video" })
      else if (block.type === "lottie")
        fields.push({ path: `${at}.url`, url: block.url, kind: "lottie", mediaLibraryOnly: true })
      else fields.push({ path: `${at}.url`, url: block.url, kind: "image" })
    }
    if (block.posterUrl !== undefined) fields.push({ path: `${at}.posterUrl`, url: block.posterUrl, kind: "image" })
  })
  return fields
}

/** Whether a block is shown after a play that gave a coupon (`won`) or not. */
export const shows = (block: Block, won: boolean): boolean =>
  block.when === undefined || block.when === "always" || block.when === (won ? "win" : "not_win")

/** The page as the player is sent it after a play: only the blocks that fit the result, in order. */
export const forResult = (page: Page, won: boolean): PlayerPage => ({
  blocks: page.blocks.filter((block) => shows(block, won))
})
