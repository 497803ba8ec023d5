/**
 * Where the account's files are used: every string in the documents that may name a file (campaign
 * configs and themes, the account branding, channels' between-campaigns message, rewards) that is the URL of
 * a file of this library, with the path it sits at (`config.art.background`, `theme.logoUrl`,
 * `betweenCampaigns.imageUrl`). The whole document is searched, not only the fields the file rule
 * knows, so a file named under a key a game keeps as sent is found too.
 *
 * Campaigns' rewards (their tiers and reward page) are read too, all of the account's at once
 * (`RewardRepo.listByAccount`). **Adding a place files are used** is one entry in `sources`:
 * a function that reads the account's documents of that kind from their repository and returns
 * them as `Document`s (the resource, its id, the path prefix and the value). Nothing else changes:
 * the scan, the API's answer and its tests of the other sources stay as they are.
 *
 * @since 0.1.0
 */
import { Effect, Option, Schema } from "effect"
import { BrandingRepo } from "../campaigns/Branding.ts"
import { CampaignRepo } from "../campaigns/Campaign.ts"
import { ChannelRepo } from "../campaigns/Channel.ts"
import { RewardRepo } from "../rewards/Reward.ts"
import { StoreError } from "../Failure.ts"
import { idOfUrl } from "./Asset.ts"

/** The kinds of resource a file can be used by. */
export const Resource = Schema.Literals(["campaign", "branding", "channel", "reward"])
export type Resource = typeof Resource.Type

/** One place a file is used: the resource (its id; null for the account's branding) and the field's path in it. */
export const Use = Schema.Struct({
  resource: Resource,
  id: Schema.NullOr(Schema.String),
  path: Schema.String
}).annotate({ identifier: "AssetUse" })
export type Use = typeof Use.Type

/** A document that may name files: where it is (`path`: its prefix in the resource) and its value. */
export interface Document {
  readonly resource: Resource
  readonly id: string | null
  readonly path: string
  readonly value: unknown
}

/** A kind of document that may name files, read for one account. */
export type Source<R> = (accountId: string) => Effect.Effect<ReadonlyArray<Document>, StoreError, R>

const PAGE = 200

/** Every page of a paged list. */
const allPages = <A, R>(
  list: (page: {
    readonly limit: number
    readonly offset: number
  }) => Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly total: number }, StoreError, R>
): Effect.Effect<ReadonlyArray<A>, StoreError, R> =>
  Effect.gen(function* () {
    const out: Array<A> = []
    for (let offset = 0; ; offset += PAGE) {
      const { items, total } = yield* list({ limit: PAGE, offset })
      out.push(...items)
      if (items.length < PAGE || offset + PAGE >= total) return out
    }
  })

/** Campaigns: their config and their theme. */
const campaigns: Source<CampaignRepo> = (accountId) =>
  Effect.gen(function* () {
    const repo = yield* CampaignRepo
    const all = yield* allPages((page) => repo.list(accountId, {}, page))
    return all.flatMap((campaign): ReadonlyArray<Document> => [
      { resource: "campaign", id: campaign.id, path: "config", value: campaign.config },
      { resource: "campaign", id: campaign.id, path: "theme", value: campaign.theme }
    ])
  })

/** The account branding (a theme). */
const branding: Source<BrandingRepo> = (accountId) =>
  Effect.map(
    BrandingRepo.use((repo) => repo.get(accountId)),
    (theme) => (Option.isSome(theme) ? [{ resource: "branding", id: null, path: "", value: theme.value }] : [])
  )

/** Channels: their between-campaigns message (its image). */
const channels: Source<ChannelRepo> = (accountId) =>
  Effect.gen(function* () {
    const repo = yield* ChannelRepo
    const all = yield* allPages((page) => repo.list(accountId, page))
    return all.map((channel): Document => ({
      resource: "channel",
      id: channel.id,
      path: "betweenCampaigns",
      value: channel.betweenCampaigns
    }))
  })

/** Campaigns' rewards: their tiers and their reward page (`id` is the campaign's). */
const rewards: Source<RewardRepo> = (accountId) =>
  Effect.gen(function* () {
    const all = yield* (yield* RewardRepo).listByAccount(accountId)
    return all.map((reward): Document => ({ resource: "reward", id: reward.campaignId, path: "", value: reward }))
  })

/** Every kind of document that may name files. Add a source here (see the module's header). */
export const sources = [campaigns, branding, channels, rewards] as const

/** What reading every source needs. */
export type SourceServices = (typeof sources)[number] extends Source<infer R> ? R : never

/** Every file URL of the library in a document, with its path (pure). */
export const scan = (
  publicUrl: string,
  document: Document
): ReadonlyArray<{ readonly assetId: string; readonly use: Use }> => {
  const out: Array<{ readonly assetId: string; readonly use: Use }> = []
  const at = (parent: string, key: string | number) => (parent === "" ? String(key) : `${parent}.${key}`)
  const walk = (node: unknown, path: string): void => {
    if (typeof node === "string") {
      const id = idOfUrl(publicUrl, node)
      if (Option.isSome(id))
        out.push({ assetId: id.value, use: { resource: document.resource, id: document.id, path } })
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, at(path, index)))
    } else if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) walk(item, at(path, key))
    }
  }
  walk(document.value, document.path)
  return out
}

/** The uses of each file id named in the account's documents, in the order found. */
export const uses = (
  accountId: string,
  publicUrl: string
): Effect.Effect<ReadonlyMap<string, ReadonlyArray<Use>>, StoreError, SourceServices> =>
  Effect.gen(function* () {
    const found = new Map<string, Array<Use>>()
    for (const source of sources) {
      for (const document of yield* source(accountId)) {
        for (const { assetId, use } of scan(publicUrl, document)) {
          const list = found.get(assetId) ?? []
          list.push(use)
          found.set(assetId, list)
        }
      }
    }
    return found
  })
