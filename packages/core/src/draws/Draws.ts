/**
 * Draw use cases: a draw by hand (`trigger`), the runs of a campaign and their verification and
 * audit, and the engine's own draws: scheduled draws whose time has come (`runDue`) and the winning
 * moments after each play (`afterPlay`).
 *
 * Every run goes the same way:
 *
 * 1. `DrawRepo.entryBound` waits for the campaign's entries being written and bounds the entries the
 *    run may consider to those written before it (so a recomputation later sees the same ones).
 * 2. In one transaction, under the campaign's draw lock (`draw:<campaignId>`, so runs of a campaign
 *    are made one at a time on every instance), the campaign and its runs so far are read again and
 *    the run is planned: its rules (the campaign's `winnerSelectionConfig` as it is now), its seed
 *    (fresh and crypto-strong by hand; the next link of the campaign's committed chain for an
 *    automatic run, `SeedChain`), and for a scheduled draw or a winning moment, whether it is still
 *    due (else nothing happens: two instances never make the same automatic run).
 * 3. The store selects (`DrawRepo.select`: in SQL on PostgreSQL and PGlite, `Draw.run` in memory),
 *    the run is written with its winners, `winner_selected` is appended to the outbox (when there
 *    are winners) with the campaign's prize as it is then, and the winners are granted
 *    (`WinnerGrants`): all or nothing.
 *
 * A participant wins at most once per campaign: winners of earlier runs are excluded from later
 * ones (runs are numbered per campaign, `sequence`), so a second draw by hand picks new winners
 * (runners-up, replacements) and every run stays listed.
 *
 * A prediction campaign draws only once it is resolved (`awaitsResolution`): before, none of its
 * entries can win, and a run would consider none and stop verifying once they became eligible. A
 * draw by hand is refused (`DrawAwaitsResolution`), a scheduled draw waits (made at the first check
 * after the resolution, over the entries before its `scheduleAt` as always), and the winning
 * moments wait (paid from the first play after the resolution, each to the first entry at or after
 * it that holds the resolved option).
 *
 * What the service remembers between calls (the seeds of automatic runs, each campaign's next
 * winning moment) is held in effect's `Cache`, bounded to `KEPT` entries, least recently used first
 * out: the same mechanism as core's `InstanceCache` (`filledBySet`), but not that service, because the draws
 * subsystem is composed without the rest of the engine (`DrawsEngine.layer` asks only the store's
 * and the platform's ports: the command-line verifier and the stores' tests run it alone), while
 * `InstanceCache` is built over the accounts' `ApiKeyRepo`. A seed is a pure function of the
 * campaign's secret, which never changes; a moment not due yet is read again at `recheckAt`.
 *
 * @since 0.1.0
 */
import { Cache, Context, DateTime, Effect, Layer, Option, Stream } from "effect"
import * as Actor from "../accounts/Actor.ts"
import * as Campaign from "../campaigns/Campaign.ts"
import * as CampaignSteps from "../campaigns/internal/CampaignSteps.ts"
import * as Prediction from "../games/Prediction.ts"
import type { MissingPermission, ResourceNotFound, StoreError } from "../Failure.ts"
import { DrawsError } from "./DrawErrors.ts"
import * as Ids from "../Ids.ts"
import { filledBySet } from "../InstanceCache.ts"
import type { Page, Paged } from "../Pagination.ts"
import type { FinishedPlay } from "../play/AfterFinish.ts"
import { Secrets } from "../Secrets.ts"
import { Store, withLock } from "../Store.ts"
import { EventOutbox } from "../webhooks/Event.ts"
import * as Draw from "./Draw.ts"
import * as DrawAudit from "./DrawAudit.ts"
import { DrawAwaitsResolution, DrawNotManual, DrawRunNotFound } from "./DrawErrors.ts"
import * as DrawRun from "./DrawRun.ts"
import * as SeedChain from "./SeedChain.ts"
import * as DrawHash from "./DrawHash.ts"
import { WinnerGrants } from "./WinnerGrants.ts"
import * as WinningMoments from "./WinningMoments.ts"

/** The lock that makes a campaign's runs one at a time, on every instance. */
export const drawLock = (campaignId: string): string => `draw:${campaignId}`

/** How many entries a page of a streamed listing holds (`consideredStream`). */
export const LISTING_PAGE = 2_000

/**
 * A run's considered entries in the listing's order, read from the store a page at a time
 * (`DrawRepo.consideredAfter`): a consumer that does not keep them holds one page, whatever the
 * campaign's size.
 */
export const consideredStream = (
  repo: DrawRun.DrawRepo["Service"],
  selection: DrawRun.Selection,
  pageSize: number = LISTING_PAGE
): Stream.Stream<DrawRun.ListedEntry, StoreError> =>
  Stream.paginate(null as DrawRun.ListingPosition | null, (after) =>
    Effect.map(repo.consideredAfter(selection, after, pageSize), (page) => {
      const last = page[page.length - 1]
      return [
        page,
        page.length < pageSize || last === undefined
          ? Option.none()
          : Option.some({ createdAt: last.createdAt, id: last.id })
      ] as const
    })
  )

/** An audit document whose entries arrive as a stream (`Draws.auditStream`). */
export interface StreamedAudit {
  /** The document but its entries. */
  readonly head: Omit<DrawAudit.Audit, "entries">
  /** The entries, in the listing's order. */
  readonly entries: Stream.Stream<DrawAudit.AuditEntry, StoreError>
}

/** What `verify` answers: whether the run recomputes, and the winners recomputed. */
export interface Verified {
  readonly verified: boolean
  readonly winners: ReadonlyArray<DrawAudit.RecomputedWinner>
}

/**
 * Whether the campaign's draws wait for its resolution: a prediction not resolved yet, none of
 * whose entries can win (an entry is eligible once it holds the resolved option).
 */
export const awaitsResolution = (campaign: Pick<Campaign.Campaign, "gameSlug" | "resolvedOptionId">): boolean =>
  campaign.gameSlug === Prediction.slug && campaign.resolvedOptionId === null

/** How many scheduled draws `runDue` takes at once. */
const DUE_BATCH = 20

/** How long a campaign's next winning moment, once read, is trusted before it is read again. */
const MOMENT_RECHECK_MS = 5_000

/** Most entries each of the service's memories keeps (see the module's header). */
const KEPT = 10_000

export class Draws extends Context.Service<
  Draws,
  {
    /**
     * A draw by hand (`draws.run`): only on a campaign whose trigger is `manual` (else
     * `DrawNotManual`), and on a prediction only once it is resolved (else `DrawAwaitsResolution`).
     */
    readonly trigger: (
      actor: Actor.Actor,
      campaignId: string
    ) => Effect.Effect<DrawRun.Run, MissingPermission | ResourceNotFound | DrawsError | StoreError>
    /** The campaign's runs, newest first (`results.read`). */
    readonly runs: (
      actor: Actor.Actor,
      campaignId: string,
      page: Page
    ) => Effect.Effect<Paged<DrawRun.Run>, MissingPermission | ResourceNotFound | StoreError>
    /** One run of the campaign (`results.read`). */
    readonly run: (
      actor: Actor.Actor,
      campaignId: string,
      runId: string
    ) => Effect.Effect<DrawRun.Run, MissingPermission | ResourceNotFound | DrawsError | StoreError>
    /**
     * The run recomputed from the stored entries and its seed (`results.read`): the same considered
     * entries (count and listing hash), the same winners, the seed opening its commitments, the
     * winning moment where the seed places it.
     */
    readonly verify: (
      actor: Actor.Actor,
      campaignId: string,
      runId: string
    ) => Effect.Effect<Verified, MissingPermission | ResourceNotFound | DrawsError | StoreError>
    /**
     * The run's audit document with its entries streamed from the store a page at a time
     * (`results.read`): the same document as `audit`, for answers written as they are read.
     */
    readonly auditStream: (
      actor: Actor.Actor,
      campaignId: string,
      runId: string
    ) => Effect.Effect<StreamedAudit, MissingPermission | ResourceNotFound | DrawsError | StoreError>
    /** The run's audit document (`results.read`): what a third party needs to recompute it. */
    readonly audit: (
      actor: Actor.Actor,
      campaignId: string,
      runId: string
    ) => Effect.Effect<DrawAudit.Audit, MissingPermission | ResourceNotFound | DrawsError | StoreError>
    /**
     * Makes the scheduled draws whose time has come (any account: the engine's worker), each once;
     * how many it made. A failing one is logged and left for the next call; a prediction's waits
     * for its resolution.
     */
    readonly runDue: Effect.Effect<number, StoreError>
    /**
     * After a play of an `auto_on_session_end` campaign: pays the winning moments that have passed
     * (each to the first eligible entry at or after it of a participant who has not won); how many
     * runs it made.
     */
    readonly afterPlay: (play: FinishedPlay) => Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/draws/Draws") {
  static readonly layer = Layer.effect(
    Draws,
    Effect.gen(function* () {
      const store = yield* Store
      const repo = yield* DrawRun.DrawRepo
      const { repo: campaigns, find: findCampaign, guarded } = yield* CampaignSteps.make
      const outbox = yield* EventOutbox
      const secrets = yield* Secrets

      // What this instance remembers (see the module's header): the seeds of automatic runs by
      // campaign and position (a chain link costs up to 2048 hashes), and each campaign's next winning
      // moment as last read, skipped without a read until it passes or `recheckAt` does (a moment paid
      // a little late still goes to the first entry after it).
      const links = yield* filledBySet<string>(KEPT)
      const nextMoments = yield* filledBySet<{ readonly at: number; readonly recheckAt: number }>(KEPT)

      /** The campaign's seed secret, made (and its commitment published) if it was made before draws. */
      const secretOf = Effect.fnUntraced(function* (campaign: Campaign.Campaign) {
        const found = yield* repo.findSecret(campaign.accountId, campaign.id)
        if (Option.isSome(found)) {
          return { secret: found.value, commitment: campaign.seedCommitment ?? SeedChain.commitment(found.value) }
        }
        const secret = yield* secrets.randomToken(32)
        const commitment = SeedChain.commitment(secret)
        const now = yield* DateTime.now
        yield* repo.insertSecret({ accountId: campaign.accountId, campaignId: campaign.id, secret, createdAt: now })
        yield* campaigns.update({ ...campaign, seedCommitment: commitment, updatedAt: now })
        return { secret, commitment }
      })

      /** The seed of the campaign's automatic run at `position`, and the commitment it opens. */
      const linkAt = Effect.fnUntraced(function* (campaign: Campaign.Campaign, position: number) {
        const key = `${campaign.id}\u0000${position}`
        const known = yield* Cache.getOption(links, key)
        if (Option.isSome(known) && campaign.seedCommitment !== null) {
          return Option.some({ seed: known.value, commitment: campaign.seedCommitment })
        }
        const { secret, commitment } = yield* secretOf(campaign)
        const seed = SeedChain.seedAt(secret, position)
        if (seed === undefined) return Option.none()
        yield* Cache.set(links, key, seed)
        return Option.some({ seed, commitment })
      })

      /** What a planned run is, before its selection. */
      interface Plan {
        readonly trigger: Campaign.Trigger
        readonly algorithm: Draw.Algorithm
        readonly rules: DrawRun.Rules
        readonly seed: string
        readonly seedCommitment: string | null
        readonly chainPosition: number | null
        readonly publishedCommitment: string | null
        readonly moment: DrawRun.Moment | null
        readonly scheduleAt: DateTime.Utc | null
      }

      const rulesOf = (campaign: Campaign.Campaign, entriesBefore: DateTime.Utc | null): DrawRun.Rules => ({
        ...campaign.winnerSelectionConfig,
        entriesBefore
      })

      /**
       * Makes a run of the campaign as `plan` decides it (none: nothing is made), under the
       * campaign's draw lock, in one transaction with its event and grants.
       */
      const draw = <E>(
        accountId: string,
        campaignId: string,
        plan: (
          campaign: Campaign.Campaign,
          state: DrawRun.RunState,
          now: DateTime.Utc
        ) => Effect.Effect<Option.Option<Plan>, E | StoreError>
      ) =>
        Effect.gen(function* () {
          const entryBound = yield* repo.entryBound(accountId, campaignId)
          return yield* withLock(
            store,
            drawLock(campaignId),
            Effect.gen(function* () {
              const campaign = yield* findCampaign(accountId, campaignId)
              const now = yield* DateTime.now
              const state = yield* repo.runState(accountId, campaignId, campaign.scheduleAt)
              const planned = yield* plan(campaign, state, now)
              if (Option.isNone(planned)) return Option.none<DrawRun.Run>()
              const p = planned.value
              const sequence = state.lastSequence + 1
              const selection: DrawRun.Selection = {
                accountId,
                campaignId,
                rules: DrawRun.drawRules({ algorithm: p.algorithm, rules: p.rules }),
                seed: p.seed,
                sequence,
                entryBound
              }
              const selected = yield* repo.select(selection)
              // An after-each-play run that finds no winner (a winning moment no entry has reached
              // yet, or no eligible entry of a player who has not won) is not kept: the next play tries.
              if (p.trigger === "auto_on_session_end" && selected.winners.length === 0) {
                return Option.none<DrawRun.Run>()
              }
              const winners: Array<DrawRun.Winner> = []
              for (const [i, w] of selected.winners.entries()) {
                winners.push({
                  id: yield* Ids.make(Ids.Prefix.winner),
                  participantRef: w.participantRef,
                  rank: i + 1,
                  entryId: w.entryId
                })
              }
              const run: DrawRun.Run = {
                id: yield* Ids.make(Ids.Prefix.run),
                accountId,
                campaignId,
                sequence,
                ...p,
                algorithmVersion: Draw.ALGORITHM_VERSION,
                prize: campaign.prize,
                entriesConsidered: selected.entriesConsidered,
                entriesHash: selected.entriesHash,
                entryBound,
                winners,
                createdAt: now
              }
              yield* repo.insertRun(run)
              if (winners.length > 0) {
                yield* outbox.append({
                  id: yield* Ids.make(Ids.Prefix.event),
                  accountId,
                  type: "winner_selected",
                  campaignId,
                  channelId: campaign.channelId,
                  data: {
                    gameInstanceId: campaignId,
                    runId: run.id,
                    winners: winners.map((w) => ({
                      participantRef: w.participantRef,
                      rank: w.rank,
                      entryId: w.entryId,
                      prize: campaign.prize
                    }))
                  },
                  createdAt: now
                })
              }
              const grants = yield* WinnerGrants
              yield* grants.grant({
                accountId,
                campaignId,
                runId: run.id,
                winners: winners.map((w) => ({
                  winnerId: w.id,
                  participantRef: w.participantRef,
                  rank: w.rank,
                  entryId: w.entryId
                })),
                now
              })
              return Option.some(run)
            })
          )
        })

      /** An automatic run's seed at the chain's next position, or none when the chain is used up. */
      const automaticSeed = Effect.fnUntraced(function* (campaign: Campaign.Campaign, state: DrawRun.RunState) {
        const position = state.lastChainPosition + 1
        const link = yield* linkAt(campaign, position)
        if (Option.isNone(link)) {
          yield* Effect.logWarning("draws: the campaign's seed chain is used up", { campaignId: campaign.id })
          return Option.none()
        }
        return Option.some({
          seed: link.value.seed,
          seedCommitment: DrawHash.hexOfText(link.value.seed),
          chainPosition: position,
          publishedCommitment: link.value.commitment
        })
      })

      /** `DrawsError` unless the campaign draws by hand, and is not a prediction waiting for its resolution. */
      const byHand = (campaign: Campaign.Campaign) =>
        campaign.winnerSelectionTrigger !== "manual"
          ? Effect.fail(
              new DrawsError({
                reason: new DrawNotManual({ campaignId: campaign.id, trigger: campaign.winnerSelectionTrigger })
              })
            )
          : awaitsResolution(campaign)
            ? Effect.fail(new DrawsError({ reason: new DrawAwaitsResolution({ campaignId: campaign.id }) }))
            : Effect.void

      const trigger = Effect.fn("Draws.trigger")(function* (actor: Actor.Actor, campaignId: string) {
        yield* Actor.require(actor, "draws.run")
        // Refused before the draw waits for the campaign's plays (and again under its lock).
        yield* byHand(yield* findCampaign(actor.account.id, campaignId))
        const made = yield* draw(actor.account.id, campaignId, (campaign) =>
          Effect.gen(function* () {
            yield* byHand(campaign)
            return Option.some<Plan>({
              trigger: "manual",
              algorithm: campaign.winnerSelectionAlgorithm,
              rules: rulesOf(campaign, null),
              seed: yield* secrets.randomToken(32),
              seedCommitment: null,
              chainPosition: null,
              publishedCommitment: null,
              moment: null,
              scheduleAt: null
            })
          })
        )
        // A draw by hand always makes a run (only a winning moment may find no winner and make none).
        return yield* Option.match(made, {
          onNone: () => Effect.die("a draw by hand made no run"),
          onSome: Effect.succeed
        })
      })

      /**
       * The scheduled draw of a campaign, if it is (still) due: active, its schedule passed and not
       * yet drawn, and not a prediction waiting for its resolution.
       */
      const scheduled = (campaign: Campaign.Campaign, state: DrawRun.RunState, now: DateTime.Utc) =>
        Effect.gen(function* () {
          const scheduleAt = campaign.scheduleAt
          if (
            campaign.winnerSelectionTrigger !== "auto_on_schedule" ||
            campaign.status !== "active" ||
            scheduleAt === null ||
            DateTime.isGreaterThan(scheduleAt, now) ||
            state.scheduledDone ||
            awaitsResolution(campaign)
          ) {
            return Option.none<Plan>()
          }
          const seed = yield* automaticSeed(campaign, state)
          if (Option.isNone(seed)) return Option.none<Plan>()
          return Option.some<Plan>({
            trigger: "auto_on_schedule",
            algorithm: campaign.winnerSelectionAlgorithm,
            rules: rulesOf(campaign, scheduleAt),
            ...seed.value,
            moment: null,
            scheduleAt
          })
        })

      const runDue = Effect.gen(function* () {
        // A prediction waiting for its resolution is not due yet (the store leaves it out).
        const due = yield* repo.dueSchedules(yield* DateTime.now, DUE_BATCH)
        let made = 0
        for (const d of due) {
          const run = yield* draw(d.accountId, d.campaignId, scheduled).pipe(
            Effect.catch((error) =>
              Effect.logWarning("draws: a scheduled draw failed; it is tried again", {
                campaignId: d.campaignId,
                error: error.message
              }).pipe(Effect.as(Option.none<DrawRun.Run>()))
            )
          )
          if (Option.isSome(run)) made++
        }
        return made
      }).pipe(Effect.withSpan("Draws.runDue"))

      /** The prize window of the campaign's winning moments (epoch milliseconds). */
      const momentWindow = (campaign: Campaign.Campaign) =>
        WinningMoments.windowOf({
          windowStart: Draw.millisOrNull(campaign.winnerSelectionConfig.windowStart),
          windowEnd: Draw.millisOrNull(campaign.winnerSelectionConfig.windowEnd),
          liveFrom: Draw.millisOrNull(campaign.liveFrom),
          liveUntil: Draw.millisOrNull(campaign.liveUntil),
          activatedAt: Draw.millisOrNull(campaign.activatedAt)
        })

      /** The next winning moment of the campaign, if it has passed at `now`, with its run's seed. */
      const dueMoment = Effect.fnUntraced(function* (
        campaign: Campaign.Campaign,
        state: DrawRun.RunState,
        now: DateTime.Utc
      ) {
        const window = momentWindow(campaign)
        if (
          campaign.winnerSelectionTrigger !== "auto_on_session_end" ||
          window === undefined ||
          awaitsResolution(campaign)
        ) {
          return Option.none()
        }
        const seed = yield* automaticSeed(campaign, state)
        if (Option.isNone(seed)) return Option.none()
        const count = campaign.winnerSelectionConfig.maxWinners
        const moment = WinningMoments.due(seed.value.seed, state.momentsPaid, count, window, now.epochMilliseconds)
        if (moment === undefined) {
          const next =
            state.momentsPaid < count
              ? WinningMoments.momentAt(seed.value.seed, state.momentsPaid + 1, count, window).at
              : Number.POSITIVE_INFINITY
          yield* nothingBefore(campaign.id, next, now)
          return Option.none()
        }
        return Option.some({ seed: seed.value, moment, window })
      })

      const momentPlan = (campaign: Campaign.Campaign, state: DrawRun.RunState, now: DateTime.Utc) =>
        Effect.map(dueMoment(campaign, state, now), (due) =>
          Option.map(due, ({ seed, moment, window }): Plan => ({
            trigger: "auto_on_session_end",
            algorithm: "winning_moment",
            rules: {
              maxWinners: 1,
              tieBreak: campaign.winnerSelectionConfig.tieBreak,
              windowStart: DateTime.makeUnsafe(moment.at),
              windowEnd: DateTime.makeUnsafe(window.end),
              entriesBefore: null
            },
            ...seed,
            moment: {
              index: moment.index,
              count: moment.count,
              windowStart: DateTime.makeUnsafe(window.start),
              windowEnd: DateTime.makeUnsafe(window.end),
              slotStart: DateTime.makeUnsafe(moment.slotStart),
              slotEnd: DateTime.makeUnsafe(moment.slotEnd),
              at: DateTime.makeUnsafe(moment.at)
            },
            scheduleAt: null
          }))
        )

      /**
       * The after-each-play draw of a campaign whose prizes have no end to be spread over (no
       * `windowEnd`, no `liveUntil`): one winner with the campaign's algorithm among its eligible
       * entries so far, leaving out the earlier winners, until `maxWinners` runs have each paid one.
       */
      const playPlan = (campaign: Campaign.Campaign, state: DrawRun.RunState) =>
        Effect.gen(function* () {
          if (
            campaign.winnerSelectionTrigger !== "auto_on_session_end" ||
            momentWindow(campaign) !== undefined ||
            awaitsResolution(campaign) ||
            state.momentsPaid >= campaign.winnerSelectionConfig.maxWinners
          ) {
            return Option.none<Plan>()
          }
          const seed = yield* automaticSeed(campaign, state)
          return Option.map(seed, (link): Plan => ({
            trigger: "auto_on_session_end",
            algorithm: campaign.winnerSelectionAlgorithm,
            rules: { ...rulesOf(campaign, null), maxWinners: 1 },
            ...link,
            moment: null,
            scheduleAt: null
          }))
        })

      /** Remembers that the campaign has no after-each-play draw to make before `at` (or a recheck). */
      const nothingBefore = (campaignId: string, at: number, now: DateTime.Utc) =>
        Cache.set(nextMoments, campaignId, { at, recheckAt: now.epochMilliseconds + MOMENT_RECHECK_MS })

      const afterPlay = Effect.fn("Draws.afterPlay")(function* (play: FinishedPlay) {
        const { accountId, id: campaignId, winnerSelectionTrigger } = play.campaign
        // A prediction not resolved when the play began: no entry can win yet (read again below otherwise).
        if (winnerSelectionTrigger !== "auto_on_session_end" || awaitsResolution(play.campaign)) return 0
        const now = yield* DateTime.now
        const known = Option.getOrUndefined(yield* Cache.getOption(nextMoments, campaignId))
        if (known !== undefined && now.epochMilliseconds < known.at && now.epochMilliseconds < known.recheckAt) return 0
        let made = 0
        for (;;) {
          // Read without the lock first: most plays find no moment due, and take no lock.
          const campaign = yield* campaigns.findById(accountId, campaignId)
          if (Option.isNone(campaign)) return made
          if (momentWindow(campaign.value) === undefined) {
            // No end to pace the prizes over: each eligible play draws, until every prize is paid.
            if (!play.entry.eligible) return made
            const state = yield* repo.runState(accountId, campaignId, null)
            if (state.momentsPaid >= campaign.value.winnerSelectionConfig.maxWinners) {
              yield* nothingBefore(campaignId, Number.POSITIVE_INFINITY, now)
              return made
            }
            const run = yield* draw(accountId, campaignId, playPlan).pipe(
              Effect.catchTag("ResourceNotFound", () => Effect.succeed(Option.none<DrawRun.Run>()))
            )
            return Option.isSome(run) ? made + 1 : made
          }
          const state = yield* repo.runState(accountId, campaignId, null)
          if (Option.isNone(yield* dueMoment(campaign.value, state, now))) return made
          yield* Cache.invalidate(nextMoments, campaignId)
          const run = yield* draw(accountId, campaignId, momentPlan).pipe(
            Effect.catchTag("ResourceNotFound", () => Effect.succeed(Option.none<DrawRun.Run>()))
          )
          if (Option.isNone(run)) return made
          made++
        }
      })

      const runOf = Effect.fnUntraced(function* (actor: Actor.Actor, campaignId: string, runId: string) {
        yield* Actor.require(actor, "results.read")
        yield* findCampaign(actor.account.id, campaignId)
        const found = yield* repo.findRun(actor.account.id, campaignId, runId)
        if (Option.isNone(found)) return yield* new DrawsError({ reason: new DrawRunNotFound({ campaignId, runId }) })
        return found.value
      })

      const selectionOf = (run: DrawRun.Run): DrawRun.Selection => ({
        accountId: run.accountId,
        campaignId: run.campaignId,
        rules: DrawRun.drawRules(run),
        seed: run.seed,
        sequence: run.sequence,
        entryBound: run.entryBound,
        algorithmVersion: run.algorithmVersion
      })

      const runs = guarded("Draws.runs", "results.read", (campaign, page: Page) =>
        repo.listRuns(campaign.accountId, campaign.id, page)
      )

      // Bounded memory whatever the campaign's size: the winners come from the store's selection
      // (`DrawRepo.winners`: a few rows), the count and the listing's hash from the entries streamed
      // a page at a time through an incremental SHA-256 (`Draw.listingHasher`).
      const verify = Effect.fn("Draws.verify")(function* (actor: Actor.Actor, campaignId: string, runId: string) {
        const run = yield* runOf(actor, campaignId, runId)
        const campaign = yield* findCampaign(actor.account.id, campaignId)
        const selection = selectionOf(run)
        const winners = DrawAudit.ranked(yield* repo.winners(selection))
        const hasher = Draw.listingHasher(run.algorithmVersion)
        let entriesConsidered = 0
        yield* Stream.runForEachArray(consideredStream(repo, selection), (page) =>
          Effect.sync(() => {
            for (const entry of page) hasher.line(entry)
            entriesConsidered += page.length
          })
        )
        const view = DrawRun.view(run)
        const verified =
          entriesConsidered === run.entriesConsidered &&
          hasher.digest() === run.entriesHash &&
          DrawAudit.sameWinners(run.winners, winners) &&
          DrawAudit.seedCheck(view, run.publishedCommitment).ok &&
          DrawAudit.momentCheck(view).ok &&
          (run.chainPosition === null || run.publishedCommitment === campaign.seedCommitment)
        return { verified, winners } satisfies Verified
      })

      const auditStream = Effect.fn("Draws.auditStream")(function* (
        actor: Actor.Actor,
        campaignId: string,
        runId: string
      ) {
        const run = yield* runOf(actor, campaignId, runId)
        const excluded = yield* repo.winnersBefore(run.accountId, run.campaignId, run.sequence)
        const { entries: _, ...head } = DrawAudit.make(run, [], excluded)
        return {
          head,
          entries: Stream.map(consideredStream(repo, selectionOf(run)), DrawAudit.auditEntry)
        } satisfies StreamedAudit
      })

      const audit = Effect.fn("Draws.audit")(function* (actor: Actor.Actor, campaignId: string, runId: string) {
        const { entries, head } = yield* auditStream(actor, campaignId, runId)
        return { ...head, entries: Array.from(yield* Stream.runCollect(entries)) } satisfies DrawAudit.Audit
      })

      return Draws.of({
        trigger,
        runs,
        run: runOf,
        verify,
        auditStream,
        audit,
        runDue,
        afterPlay
      })
    })
  )
}
