/**
 * The use cases of participants' data (`Privacy`): a player's export, their erasure, the record of
 * erasures, the account's retention period, and the retention pass that erases what has passed it.
 *
 * - **Erasure** runs in one transaction of the store, under a lock named by the account and the
 *   pseudonym (never the reference), so a request and the retention worker of any instance never
 *   erase one player at once. Every erasure is recorded, one that changed nothing too.
 * - **Retention** (`eraseExpired`) reads the players' plays of campaigns whose retention has passed
 *   (`PrivacyRepo.expired`), a batch at a time, and erases each one campaign at a time, recording
 *   it with `reason: "retention"` when it changed anything. Two instances may read the same batch:
 *   the lock makes the second wait, and it then finds the rows already changed (nothing left to
 *   erase), so each row is erased once. Time comes from effect's `Clock`.
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import * as Actor from "../accounts/Actor.ts"
import type { MissingPermission, StoreError } from "../Failure.ts"
import { Count, Timestamp, TimestampOrNull } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import type { Page, Paged } from "../Pagination.ts"
import { ServerSecretRepo } from "../play/ClientToken.ts"
import * as Entry from "../play/Entry.ts"
import * as Grant from "../rewards/Grant.ts"
import { Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"
import { EventType } from "../webhooks/Event.ts"
import { DeliveryStatus } from "../webhooks/Webhook.ts"
import * as Privacy from "./Privacy.ts"

/** How many players' plays one retention batch reads. */
export const RETENTION_BATCH = 100

/** The answer of `POST /v1/participants/export`: everything the account holds on one player. */
export const ParticipantView = Schema.Struct({
  participantRef: Schema.String,
  sessions: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      gameInstanceId: Schema.String,
      startedAt: Timestamp,
      finishedAt: TimestampOrNull
    }).annotate({ identifier: "ParticipantSession" })
  ),
  entries: Schema.Array(Entry.EntryView),
  grants: Schema.Array(Grant.GrantView),
  drawWins: Schema.Array(
    Schema.Struct({
      runId: Schema.String,
      gameInstanceId: Schema.String,
      rank: Count,
      entryId: Schema.String
    }).annotate({ identifier: "ParticipantDrawWin" })
  ),
  deliveries: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      endpointId: Schema.String,
      type: EventType,
      status: DeliveryStatus,
      createdAt: Timestamp
    }).annotate({ identifier: "ParticipantDelivery" })
  )
}).annotate({ identifier: "Participant" })
export type ParticipantView = typeof ParticipantView.Type

/** The export's view of what a store holds on a player. */
export const participantView = (participantRef: string, data: Privacy.ParticipantData): ParticipantView => ({
  participantRef,
  sessions: data.sessions.map((s) => ({
    id: s.id,
    gameInstanceId: s.campaignId,
    startedAt: s.startedAt,
    finishedAt: s.finishedAt
  })),
  entries: data.entries.map(Entry.view),
  grants: data.grants.map(({ code, grant }) => Grant.view(grant, code)),
  drawWins: data.drawWins.map((w) => ({
    runId: w.runId,
    gameInstanceId: w.campaignId,
    rank: w.rank,
    entryId: w.entryId
  })),
  deliveries: data.deliveries.map((d) => ({
    id: d.id,
    endpointId: d.endpointId,
    type: d.eventType,
    status: d.status,
    createdAt: d.createdAt
  }))
})

export class Participants extends Context.Service<
  Participants,
  {
    readonly export: (
      actor: Actor.Actor,
      participantRef: string
    ) => Effect.Effect<ParticipantView, MissingPermission | StoreError>
    readonly erase: (
      actor: Actor.Actor,
      participantRef: string
    ) => Effect.Effect<Privacy.Erasure, MissingPermission | StoreError>
    readonly erasures: (
      actor: Actor.Actor,
      page: Page
    ) => Effect.Effect<Paged<Privacy.Erasure>, MissingPermission | StoreError>
    readonly settings: (actor: Actor.Actor) => Effect.Effect<Privacy.PrivacySettings, MissingPermission | StoreError>
    readonly setSettings: (
      actor: Actor.Actor,
      settings: Privacy.PrivacySettings
    ) => Effect.Effect<Privacy.PrivacySettings, MissingPermission | StoreError>
    /** The pseudonym of a reference in an account (made with the account's secret, created on first use). */
    readonly pseudonym: (accountId: string, participantRef: string) => Effect.Effect<string, StoreError>
    /**
     * One retention pass at the clock's now: erases every player's plays of a campaign whose
     * retention has passed, in batches; answers how many such erasures changed something.
     */
    readonly eraseExpired: Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/Participants") {
  static readonly layer = Layer.effect(
    Participants,
    Effect.gen(function* () {
      const repo = yield* Privacy.PrivacyRepo
      const store = yield* Store
      const secrets = yield* Secrets
      const serverSecrets = yield* ServerSecretRepo

      /** The HMAC-SHA256 of `message` under the account's secret (made on first use). */
      const hmac = Effect.fnUntraced(function* (accountId: string, message: string) {
        const candidate = yield* secrets.randomToken(32)
        const secret = yield* serverSecrets.getOrCreate(Privacy.secretName(accountId), candidate)
        return yield* secrets.hmacSha256Hex(secret, message)
      })

      const pseudonym = (accountId: string, participantRef: string) =>
        Effect.map(hmac(accountId, participantRef), Privacy.pseudonymOf)

      /**
       * Erases `target` (its pseudonym: the reference's first) under the player's lock, into the first
       * pseudonym of the reference not yet holding rows in the campaigns it erases, and records it
       * (when it changed anything, or always).
       */
      const eraseRecorded = (
        target: Privacy.Target,
        reason: Privacy.Reason,
        recordNothing: boolean
      ): Effect.Effect<Option.Option<Privacy.Erasure>, StoreError> =>
        Effect.gen(function* () {
          const id = yield* Ids.make(Ids.Prefix.erasure)
          return yield* store.transaction(
            Effect.gen(function* () {
              yield* store.lock(`privacy:${target.accountId}:${target.pseudonym}`)
              let into = target.pseudonym
              for (let n = 2; ; n++) {
                const used = yield* repo.pseudonymInUse(
                  target.accountId,
                  target.participantRef,
                  into,
                  target.campaignId
                )
                if (!used) break
                into = Privacy.pseudonymOf(
                  yield* hmac(target.accountId, Privacy.generationMessage(target.participantRef, n))
                )
              }
              const counts = yield* repo.erase({ ...target, pseudonym: into })
              if (!recordNothing && !Privacy.changedAny(counts)) return Option.none<Privacy.Erasure>()
              const erasure: Privacy.Erasure = {
                id,
                accountId: target.accountId,
                pseudonym: into,
                reason,
                ...counts,
                createdAt: yield* DateTime.now
              }
              yield* repo.insertErasure(erasure)
              return Option.some(erasure)
            })
          )
        })

      const exportOf = Effect.fn("Participants.export")(function* (actor: Actor.Actor, participantRef: string) {
        yield* Actor.require(actor, "privacy.manage")
        return participantView(participantRef, yield* repo.participant(actor.account.id, participantRef))
      })

      const erase = Effect.fn("Participants.erase")(function* (actor: Actor.Actor, participantRef: string) {
        yield* Actor.require(actor, "privacy.manage")
        const accountId = actor.account.id
        const target = {
          accountId,
          participantRef,
          pseudonym: yield* pseudonym(accountId, participantRef),
          campaignId: null
        }
        const erased = yield* eraseRecorded(target, "request", true)
        // Recorded even when nothing changed, so the record always has it.
        return Option.getOrThrow(erased)
      })

      const erasures = Effect.fn("Participants.erasures")(function* (actor: Actor.Actor, page: Page) {
        yield* Actor.require(actor, "privacy.manage")
        return yield* repo.listErasures(actor.account.id, page)
      })

      const settingsOf = (accountId: string) =>
        Effect.map(repo.retentionDays(accountId), (days) => ({
          retentionDays: Option.getOrElse(days, () => Privacy.RETENTION_DEFAULT_DAYS)
        }))

      const settings = Effect.fn("Participants.settings")(function* (actor: Actor.Actor) {
        yield* Actor.require(actor, "privacy.manage")
        return yield* settingsOf(actor.account.id)
      })

      const setSettings = Effect.fn("Participants.setSettings")(function* (
        actor: Actor.Actor,
        input: Privacy.PrivacySettings
      ) {
        yield* Actor.require(actor, "privacy.manage")
        yield* repo.setRetentionDays(actor.account.id, input.retentionDays, yield* DateTime.now)
        return { retentionDays: input.retentionDays }
      })

      const eraseExpired = Effect.gen(function* () {
        const now = yield* DateTime.now
        let erased = 0
        const seen = new Set<string>()
        for (;;) {
          const batch = yield* repo.expired(now, RETENTION_BATCH)
          let fresh = 0
          for (const unit of batch) {
            // A batch read again after a failed erasure, or another instance's erasure that left
            // the rows unchanged, is not tried twice in one pass.
            const key = `${unit.accountId}\u0000${unit.campaignId}\u0000${unit.participantRef}`
            if (seen.has(key)) continue
            seen.add(key)
            fresh++
            const target: Privacy.Target = {
              ...unit,
              pseudonym: yield* pseudonym(unit.accountId, unit.participantRef)
            }
            const done = yield* eraseRecorded(target, "retention", false)
            if (Option.isSome(done)) erased++
          }
          if (batch.length < RETENTION_BATCH || fresh === 0) return erased
        }
      }).pipe(Effect.withSpan("Participants.eraseExpired"))

      return Participants.of({
        export: exportOf,
        erase,
        erasures,
        settings,
        setSettings,
        pseudonym,
        eraseExpired
      })
    })
  )
}
