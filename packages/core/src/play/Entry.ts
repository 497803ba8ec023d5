/**
 * Entries: one per finished play, with the score (games that keep one), the prediction (prediction
 * games), the outcome (instant-result games), the weight for `random_weighted` draws and whether it
 * can win. Every entry has weight 1: the engine has no source of other weights yet (a future
 * rule may weigh entries, for example by a loyalty tier the backend sends at mint).
 *
 * A prediction entry is eligible once the campaign is resolved and its option is the resolved one;
 * every other entry is eligible when it is written.
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import { names, pick, Text, Timestamp } from "../Fields.ts"
import * as Game from "../games/Game.ts"
import type { Page, Paged } from "../Pagination.ts"

/**
 * An entry's fields as stored, written once: the entry's type, its API view (`EntryView`) and its
 * table's row (in `sql`, where the prediction is its option id) are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  sessionId: Schema.NullOr(Schema.String),
  participantRef: Schema.String,
  score: Schema.NullOr(Schema.Finite),
  predictionValue: Schema.NullOr(Game.PredictionValue),
  outcome: Schema.NullOr(Game.Outcome),
  weight: Schema.Finite,
  eligible: Schema.Boolean,
  createdAt: Timestamp
}

export type Entry = Schema.Struct.Type<typeof fields>

/**
 * Whether an entry can win a draw: every entry can, except a prediction's, which can once the
 * campaign is resolved and only when it holds the resolved option.
 */
export const eligible = (
  predictionValue: { readonly optionId: string } | null,
  resolvedOptionId: string | null
): boolean => predictionValue === null || (resolvedOptionId !== null && resolvedOptionId === predictionValue.optionId)

/**
 * The entry resource of the API: the stored fields but the account, the channel and the outcome;
 * the campaign is `gameInstanceId`.
 */
export const EntryView = Schema.Struct({
  id: fields.id,
  gameInstanceId: Schema.String,
  ...Struct.omit(fields, ["id", "accountId", "campaignId", "channelId", "outcome"])
}).annotate({ identifier: "Entry" })
export type EntryView = typeof EntryView.Type

const copyView = pick(names(EntryView, "gameInstanceId"))

/** An entry as the API shows it: its campaign is named `gameInstanceId`. */
export const view = (e: Entry): EntryView => ({ ...copyView(e), gameInstanceId: e.campaignId })

export const SortKey = Schema.Literals(["createdAt", "score", "participantRef"])
export type SortKey = typeof SortKey.Type
export const Direction = Schema.Literals(["asc", "desc"])
export type Direction = typeof Direction.Type

/** Query of `GET /v1/game-instances/{id}/entries` (limit and offset come from `Pagination`). */
export const ListQuery = {
  search: Schema.optionalKey(Text(0, 200)),
  sort: Schema.optionalKey(SortKey),
  dir: Schema.optionalKey(Direction),
  eligible: Schema.optionalKey(Schema.Literals(["true", "false"]))
}

export interface ListFilter {
  /** Case-insensitive part of a participantRef. */
  readonly search: string | undefined
  readonly sort: SortKey
  readonly dir: Direction
  readonly eligible: boolean | undefined
}

/** Persistence of entries. */
export class EntryRepo extends Context.Service<
  EntryRepo,
  {
    readonly insert: (entry: Entry) => Effect.Effect<void, StoreError>
    /**
     * Entries of a campaign: sorted by `sort` then id in `dir` (entries without a score last for
     * `score`, whatever the direction); `total` counts every matching entry.
     */
    readonly list: (
      accountId: string,
      campaignId: string,
      filter: ListFilter,
      page: Page
    ) => Effect.Effect<Paged<Entry>, StoreError>
    /** Sets `eligible` on a prediction campaign's entries: true exactly for those with `optionId`. */
    readonly resolvePredictions: (
      accountId: string,
      campaignId: string,
      optionId: string
    ) => Effect.Effect<void, StoreError>
  }
>()("@campaign-games/core/EntryRepo") {}
