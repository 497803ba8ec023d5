/**
 * Participants' personal data: what the engine holds on one player (their `participantRef`, the
 * reference an organisation gives them, often an e-mail address or a customer id), its export, its
 * erasure and the account's retention period. DESIGN.md ("Participants' data") fixes the shapes;
 * `docs/privacy.md` says where the reference lives and what each operation does to each place.
 *
 * - **Pseudonym.** An erasure replaces every stored copy of a reference with the account's
 *   pseudonym for it: `erased_` and the first 24 hex digits of HMAC-SHA256(reference) under a
 *   secret of the account (`pseudonym`). One player's rows stay linked (counts, limits, the
 *   winners of a draw), while the reference cannot be recovered from them. After an erasure a play
 *   under the reference is a new player's; should that new player's rows be erased in a campaign
 *   where the pseudonym already holds the first one's, they get the next pseudonym of the reference
 *   (the HMAC of the reference and `2`, `3`, …: `generationMessage`), so a draw that told the two
 *   apart still verifies.
 * - **Retention.** A play's data is erased once `retentionDays` have passed since the later of the
 *   play and its campaign's end (`campaignEnd`): a campaign that has not ended never loses its
 *   players.
 * - **Record.** Every erasure is recorded with its counts and `reason`, never the reference.
 *
 * @since 0.1.0
 */
import { Context, type DateTime, type Effect, type Option, Schema } from "effect"
import type { Campaign } from "../campaigns/Campaign.ts"
import type { StoreError } from "../Failure.ts"
import { Count, Text, Timestamp } from "../Fields.ts"
import type { Page, Paged } from "../Pagination.ts"
import type { Entry } from "../play/Entry.ts"
import type { Session } from "../play/Session.ts"
import type { Grant } from "../rewards/Grant.ts"
import type { Delivery } from "../webhooks/Webhook.ts"

/** Retention bounds, in days: one week to two years; two years unless the account says otherwise. */
export const RETENTION_MIN_DAYS = 7
export const RETENTION_MAX_DAYS = 730
export const RETENTION_DEFAULT_DAYS = 730

/** The prefix of every pseudonym. */
export const PSEUDONYM_PREFIX = "erased_"

/** What a pseudonym looks like: `erased_` and 24 lowercase hex digits. */
export const PSEUDONYM = /^erased_[0-9a-f]{24}$/u

/** Whether `participantRef` is a pseudonym (an erased player: retention leaves it alone). */
export const isPseudonym = (participantRef: string): boolean => PSEUDONYM.test(participantRef)

/** The pseudonym of a reference, from the hex HMAC-SHA256 of the reference under the account's secret. */
export const pseudonymOf = (hmacHex: string): string => `${PSEUDONYM_PREFIX}${hmacHex.slice(0, 24)}`

/** The message whose HMAC gives the reference's pseudonym of generation `n` (1: the reference itself). */
export const generationMessage = (participantRef: string, n: number): string =>
  n === 1 ? participantRef : `${participantRef}\u0000${n}`

/** The name under which the account's pseudonym secret is kept (`ServerSecretRepo`). */
export const secretName = (accountId: string): string => `privacy-pseudonyms:${accountId}`

/** Body of `POST /v1/participants/export` and `POST /v1/participants/erase`. */
export const ParticipantRequest = Schema.Struct({
  participantRef: Text(1, 200).annotate({ description: "The player's reference, as sent when minting their tokens." })
}).annotate({ identifier: "ParticipantRequest" })
export type ParticipantRequest = typeof ParticipantRequest.Type

/** An account's privacy settings (`GET`/`PUT /v1/tenant/privacy`). */
export const PrivacySettings = Schema.Struct({
  retentionDays: Schema.Int.check(
    Schema.isBetween({ minimum: RETENTION_MIN_DAYS, maximum: RETENTION_MAX_DAYS })
  ).annotate({
    description: `Days a play's personal data is kept after the later of the play and its campaign's end: ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}; default ${RETENTION_DEFAULT_DAYS}.`
  })
}).annotate({ identifier: "PrivacySettings" })
export type PrivacySettings = typeof PrivacySettings.Type

/** Why an erasure was made: a request (`POST /v1/participants/erase`), or the retention period. */
export const Reason = Schema.Literals(["request", "retention"])
export type Reason = typeof Reason.Type

/** Rows an erasure changed, per place. */
export interface Counts {
  readonly sessions: number
  readonly entries: number
  readonly grants: number
  /** Winner rows of draw runs. */
  readonly drawWins: number
  /** Webhook deliveries whose stored payload carried the reference. */
  readonly deliveries: number
}

/** No rows changed. */
export const noCounts: Counts = { sessions: 0, entries: 0, grants: 0, drawWins: 0, deliveries: 0 }

/** Whether an erasure changed anything. */
export const changedAny = (c: Counts): boolean => c.sessions + c.entries + c.grants + c.drawWins + c.deliveries > 0

/** An erasure as stored: its counts, the pseudonym, the reason; never the reference. */
export interface Erasure extends Counts {
  readonly id: string
  readonly accountId: string
  readonly pseudonym: string
  readonly reason: Reason
  readonly createdAt: DateTime.Utc
}

/** The answer of `POST /v1/participants/erase`. */
export const ErasureView = Schema.Struct({
  id: Schema.String,
  pseudonym: Schema.String,
  sessions: Count,
  entries: Count,
  grants: Count,
  drawWins: Count,
  deliveries: Count,
  createdAt: Timestamp
}).annotate({ identifier: "Erasure" })
export type ErasureView = typeof ErasureView.Type

/** An erasure in the record (`GET /v1/tenant/privacy/erasures`): the answer plus its reason. */
export const ErasureRecordView = Schema.Struct({ ...ErasureView.fields, reason: Reason }).annotate({
  identifier: "ErasureRecord"
})
export type ErasureRecordView = typeof ErasureRecordView.Type

export const view = (e: Erasure): ErasureView => ({
  id: e.id,
  pseudonym: e.pseudonym,
  sessions: e.sessions,
  entries: e.entries,
  grants: e.grants,
  drawWins: e.drawWins,
  deliveries: e.deliveries,
  createdAt: e.createdAt
})

export const recordView = (e: Erasure): ErasureRecordView => ({ ...view(e), reason: e.reason })

/** A draw win of a player: the winner row of a run. */
export interface DrawWin {
  readonly runId: string
  readonly campaignId: string
  readonly rank: number
  readonly entryId: string
}

/** Everything a store holds on one player in one account (`PrivacyRepo.participant`), oldest first. */
export interface ParticipantData {
  readonly sessions: ReadonlyArray<Session>
  readonly entries: ReadonlyArray<Entry>
  /** Each grant with its full code. */
  readonly grants: ReadonlyArray<{ readonly grant: Grant; readonly code: string }>
  readonly drawWins: ReadonlyArray<DrawWin>
  readonly deliveries: ReadonlyArray<Delivery>
}

/**
 * What an erasure replaces: the reference `participantRef` in the account, by `pseudonym`; in one
 * campaign's rows only when `campaignId` is given (retention), else everywhere in the account.
 */
export interface Target {
  readonly accountId: string
  readonly participantRef: string
  readonly pseudonym: string
  readonly campaignId: string | null
}

/** A player's plays of one campaign whose retention has passed (`PrivacyRepo.expired`). */
export interface Expired {
  readonly accountId: string
  readonly campaignId: string
  readonly participantRef: string
}

/**
 * When a campaign ended, for retention: its `liveUntil` (an archived campaign: the earlier of that
 * and its archiving, its last change); none while it has no end (a live campaign without
 * `liveUntil`, a draft, a paused one), so its players are kept.
 */
export const campaignEnd = (campaign: Pick<Campaign, "status" | "liveUntil" | "updatedAt">): DateTime.Utc | null => {
  if (campaign.status !== "archived") return campaign.liveUntil
  if (campaign.liveUntil === null) return campaign.updatedAt
  return campaign.liveUntil.epochMilliseconds < campaign.updatedAt.epochMilliseconds
    ? campaign.liveUntil
    : campaign.updatedAt
}

/**
 * The reads and writes of participants' data. Every call is scoped to one account.
 *
 * - `participant` answers every row holding the reference (sessions, entries, grants with their
 *   codes, draw wins, deliveries whose payload carries it).
 * - `erase` replaces the reference with the pseudonym in every place that holds it: sessions,
 *   entries, grants and their recipients' key, draw winners and the runs' winner documents, the
 *   outbox's events and the deliveries' payloads (a JSON string equal to the reference, wherever
 *   it sits in the document). It answers the rows changed per place; run it in a transaction.
 * - `expired` answers up to `limit` players' plays of a campaign whose retention (the account's,
 *   or the default) has passed at `now`, leaving out pseudonyms. Several instances may get the same
 *   ones: the caller erases each under a lock, and a second erasure finds nothing to change.
 */
export class PrivacyRepo extends Context.Service<
  PrivacyRepo,
  {
    readonly participant: (accountId: string, participantRef: string) => Effect.Effect<ParticipantData, StoreError>
    readonly erase: (target: Target) => Effect.Effect<Counts, StoreError>
    /**
     * Whether `pseudonym` already holds rows (sessions, entries, grants, draw wins) in a campaign
     * where `participantRef` holds rows (in `campaignId` only, when given): an erasure into it would
     * merge two players of one campaign, whose draws told them apart.
     */
    readonly pseudonymInUse: (
      accountId: string,
      participantRef: string,
      pseudonym: string,
      campaignId: string | null
    ) => Effect.Effect<boolean, StoreError>
    readonly insertErasure: (erasure: Erasure) => Effect.Effect<void, StoreError>
    /** The account's erasures, newest first. */
    readonly listErasures: (accountId: string, page: Page) => Effect.Effect<Paged<Erasure>, StoreError>
    /** The account's retention in days, if it set one. */
    readonly retentionDays: (accountId: string) => Effect.Effect<Option.Option<number>, StoreError>
    readonly setRetentionDays: (
      accountId: string,
      retentionDays: number,
      now: DateTime.Utc
    ) => Effect.Effect<void, StoreError>
    readonly expired: (now: DateTime.Utc, limit: number) => Effect.Effect<ReadonlyArray<Expired>, StoreError>
  }
>()("@campaign-games/core/PrivacyRepo") {}
