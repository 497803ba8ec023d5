/**
 * `PlayFinishRepo` in memory, the one write across aggregates: a finish's claim of its session
 * (`SessionRepo.finish`), its entry, its event and the event's deliveries, and its grant with the
 * grant's event and deliveries (`MemoryRewardGrantRepo.grantIn`), in one memory transaction over
 * the other repositories, so a breach of any constraint leaves none of them, and a session already
 * finished gets none. It first checks, in the same transaction, that the session, the campaign
 * (game, config as `jsonb` compares it, resolution, its reward's revision) and the account's active
 * endpoints (and those of `reward_granted`, with a grant) are still as the finish decided from (its
 * `FinishBasis`).
 *
 * @since 0.1.0
 */
import { Campaign, Coupon, Entry, Event, Grant, PlayContext, Session, Webhook } from "@campaign-games/core"
import { Data, Effect, Layer, Option } from "effect"
import { MemoryDatabase } from "../MemoryDatabase.ts"
import { grantIn } from "./MemoryRewardGrantRepo.ts"

const { sameJson } = PlayContext

/** What a finish reads of an endpoint. */
const target = ({ channelIds, events, gameInstanceIds, id, status }: Webhook.Target): Webhook.Target => ({
  id,
  status,
  events,
  gameInstanceIds,
  channelIds
})

/** A finish whose basis no longer holds: nothing written. */
const stale: PlayContext.CompleteResult = { _tag: "Stale" }

/** A grant of a finish that must undo the finish's writes (its made code is taken). */
class GrantRaced extends Data.TaggedError("GrantRaced")<{ readonly conflict: "CodeTaken" }> {}

/** What a finish's fan-out depends on of an endpoint. */
const filters = ({ channelIds, events, gameInstanceIds, id }: Webhook.Target) => ({
  id,
  events,
  gameInstanceIds,
  channelIds
})

/** The finish over the session, campaign, entry, event and webhook repositories, in the database's transactions. */
export const layer: Layer.Layer<
  PlayContext.PlayFinishRepo,
  never,
  | MemoryDatabase
  | Session.SessionRepo
  | Campaign.CampaignRepo
  | Entry.EntryRepo
  | Event.EventOutbox
  | Webhook.EndpointRepo
  | Webhook.DeliveryRepo
> = Layer.effect(
  PlayContext.PlayFinishRepo,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    const sessions = yield* Session.SessionRepo
    const campaigns = yield* Campaign.CampaignRepo
    const entries = yield* Entry.EntryRepo
    const outbox = yield* Event.EventOutbox
    const endpoints = yield* Webhook.EndpointRepo
    const deliveries = yield* Webhook.DeliveryRepo
    const { rewards } = database.tables
    const grant = grantIn(database.tables)
    const write = Effect.fnUntraced(function* (completion: PlayContext.Completion, start: string) {
      if (!(yield* sessions.finish(completion.sessionId, completion.finishedAt))) return { _tag: "Stale" } as const
      yield* entries.insert(completion.entry)
      yield* outbox.append(completion.event)
      if (completion.deliveries.length > 0) yield* deliveries.insertMany(completion.deliveries)
      const inFinish = completion.grant
      if (inFinish === undefined) return { _tag: "Completed", grant: null } as const
      const written = yield* grant(inFinish.plan, start)
      if (written._tag === "CodeTaken") return yield* new GrantRaced({ conflict: "CodeTaken" })
      if (written._tag === "Granted") {
        // The event and deliveries made for the first prize, written for the prize and code given.
        const data = Grant.eventData(inFinish.plan, written.given)
        yield* outbox.append({ ...inFinish.event, data })
        if (inFinish.deliveries.length > 0) {
          yield* deliveries.insertMany(inFinish.deliveries.map((d) => ({ ...d, payload: { ...d.payload, data } })))
        }
      }
      return { _tag: "Completed", grant: written } as const
    })
    return PlayContext.PlayFinishRepo.of({
      read: Effect.fnUntraced(function* (sessionId, eventType) {
        const session = yield* sessions.findById(sessionId)
        if (Option.isNone(session)) return Option.none()
        const campaign = yield* campaigns.findById(session.value.accountId, session.value.campaignId)
        if (Option.isNone(campaign)) return Option.none()
        const { accountId } = session.value
        const targets = (yield* endpoints.activeFor(accountId, eventType)).map(target)
        const reward = Option.fromNullishOr(rewards.get(campaign.value.id))
        const grantTargets = Option.isSome(reward)
          ? (yield* endpoints.activeFor(accountId, "reward_granted")).map(target)
          : []
        return Option.some({
          session: session.value,
          campaign: Campaign.playView(campaign.value),
          endpoints: targets,
          reward,
          grantEndpoints: grantTargets
        })
      }),
      // The checks and the writes in one memory transaction.
      complete: (completion, known) =>
        // Where a grant starts among the codes: drawn as the SQL store draws it, once per completion
        // that may grant, whatever the checks then find.
        Effect.flatMap(completion.grant === undefined ? Effect.succeed("") : Coupon.randomStart, (start) =>
          database
            .transaction(
              Effect.gen(function* () {
                const { entry, event } = completion
                const session = yield* sessions.findById(completion.sessionId)
                const campaign = yield* campaigns.findById(entry.accountId, entry.campaignId)
                if (
                  Option.isNone(session) ||
                  session.value.finishedAt !== null ||
                  session.value.jti !== known.jti ||
                  session.value.accountId !== entry.accountId ||
                  session.value.campaignId !== entry.campaignId ||
                  session.value.channelId !== entry.channelId ||
                  session.value.participantRef !== entry.participantRef ||
                  Option.isNone(campaign) ||
                  campaign.value.gameSlug !== known.campaign.gameSlug ||
                  !sameJson(campaign.value.config, known.campaign.config) ||
                  campaign.value.resolvedOptionId !== known.campaign.resolvedOptionId
                ) {
                  return stale
                }
                if ((rewards.get(entry.campaignId)?.revision ?? null) !== (known.reward?.revision ?? null)) return stale
                const active = yield* endpoints.activeFor(entry.accountId, event.type)
                if (!sameJson(active.map(filters), known.endpoints.map(filters))) return stale
                if (completion.grant !== undefined) {
                  const grantActive = yield* endpoints.activeFor(entry.accountId, "reward_granted")
                  if (!sameJson(grantActive.map(filters), known.grantEndpoints.map(filters))) return stale
                }
                return yield* write(completion, start)
              })
            )
            .pipe(
              // A made code found taken undoes the whole write, as SQL's broken key does.
              Effect.catchTag("GrantRaced", (raced): Effect.Effect<PlayContext.CompleteResult> =>
                Effect.succeed({ _tag: "GrantConflict", conflict: raced.conflict })
              )
            )
        )
    })
  })
)
