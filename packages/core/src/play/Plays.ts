/**
 * Plays: the token mint (backend, API key) and the embed's play API (client token).
 *
 * - **Mint** chooses the campaign live on the channel now and binds it into a signed, single-use
 *   token with the participantRef and origin. Its read also checks the actor's key is still active
 *   (`PlaysError`, `KeyRevoked`, once it is revoked) and takes the account's plan as it is now, so
 *   the actor may come from a recent read of the key (`ApiKeys.authenticateRecent`). Nothing live
 *   (or a disabled channel, or a live prediction already resolved: its answer is out) answers the
 *   channel's between-campaigns message instead. A player who has used all plays gets `PlaysError`
 *   (`PlayLimitReached`); the plan's plays-per-month limit `PlanError` (`LimitReached`); an
 *   origin not on the account's list `PlaysError` (`OriginNotAllowed`). The token lives at least
 *   `ttlSeconds`: its `exp` is the first whole second at or after `now + ttlSeconds`.
 * - **Start** turns a token into a session, once: under the player's lock on the channel it checks
 *   the play limits again, so concurrent starts never pass them; it counts the month's play and
 *   refuses past the plan's `playsPerMonth` in the same atomic step (`PlanError`,
 *   `LimitReached`, as at mint: the mint only reads the count, so a token minted before the month
 *   filled up is refused here); a reused token is `PlaysError`
 *   (`TokenAlreadyUsed`); an expired, forged or malformed one `PlaysError` (`TokenExpired`,
 *   `TokenInvalid`). A token minted just before a changeover still plays the campaign it was minted
 *   for, as long as that campaign is active, the channel is not disabled and the campaign is not a
 *   resolved prediction (else `PlaysError`, `GameUnavailable`, and nothing is written or counted).
 * - **Finish** scores the play on the server (the wheel spins with effect's `Random`), then claims
 *   the session and writes the entry, the `session_completed` event and its webhook deliveries in
 *   one step (`PlayFinishRepo.complete`): all or nothing; a second finish is `PlaysError`
 *   (`PlayAlreadyFinished`), and of two concurrent finishes one wins. A finish body the game refuses
 *   (`InvalidFields`, `GameError`) writes nothing, nor does the finish of a prediction resolved since its start
 *   (`PlaysError`, `GameUnavailable`: whoever knows the answer would enter as a winner); the write
 *   checks the resolution it decided from, so a resolution that comes between is seen. When the
 *   campaign has a reward, the same step grants the first prize the play earns that still has a
 *   code (`Reward.prizesFor`, `Grant`), with its `reward_granted` event and deliveries; the answer
 *   carries the grant (its code in full, for the player) and the reward page with the blocks that
 *   fit the result (`RewardPage.forResult`). A campaign without a reward costs the finish nothing
 *   more: whether it has one is known with the campaign (read with it, remembered with it).
 *
 * The service gathers what each step decides from and calls the pure rules (`Mint.decide`,
 * `PlayLimit.decide`, the game's scoring, `Entry.eligible`); how the store reads and writes is its
 * own business within the ports' semantics (`PlayContextRepo.start`, `PlayFinishRepo.complete`). A
 * finish decides from the token's campaign and the account's endpoints as this instance remembers
 * them (`InstanceCache`) when it does, without a read; the write checks they still hold, and a
 * finish whose write is refused reads and decides again. Nothing a rule depends on is taken from
 * memory unchecked.
 *
 * @since 0.1.0
 */
import { Cache, Context, DateTime, Duration, Effect, Layer, Option, Random, Result } from "effect"
import * as Account from "../accounts/Account.ts"
import * as Actor from "../accounts/Actor.ts"
import * as Campaign from "../campaigns/Campaign.ts"
import * as Channel from "../campaigns/Channel.ts"
import { AfterFinish } from "./AfterFinish.ts"
import * as ClientToken from "./ClientToken.ts"
import * as Entry from "./Entry.ts"
import {
  type InvalidFields,
  type MissingPermission,
  type ResourceNotFound,
  StoreError,
  notFound,
  orNotFound
} from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import { BoardRefused, GameError } from "../games/GameErrors.ts"
import {
  GameUnavailable,
  PlayAlreadyFinished,
  PlaysError,
  TokenAlreadyUsed,
  TokenExpired,
  TokenResourceGone
} from "./PlayErrors.ts"
import type * as Game from "../games/Game.ts"
import * as Games from "../games/Games.ts"
import * as EngineMetrics from "../EngineMetrics.ts"
import * as MemoryBoard from "../games/MemoryBoard.ts"
import * as MemoryMatch from "../games/MemoryMatch.ts"
import * as Ids from "../Ids.ts"
import type { Page, Paged } from "../Pagination.ts"
import { dayWindowAt, InstanceCache, type KnownCampaign } from "../InstanceCache.ts"
import * as Mint from "./Mint.ts"
import {
  type Completion,
  type FinishBasis,
  PlayContextRepo,
  PlayFinishRepo,
  sameJson,
  type StartContext
} from "./PlayContext.ts"
import * as PlayLimit from "./PlayLimit.ts"
import * as Session from "./Session.ts"
import * as Theme from "../campaigns/Theme.ts"
import * as Usage from "./Usage.ts"
import { Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"
import * as Webhook from "../webhooks/Webhook.ts"
import * as Grant from "../rewards/Grant.ts"
import * as Reward from "../rewards/Reward.ts"
import * as RewardPage from "../rewards/RewardPage.ts"
import { traced } from "../internal/Traced.ts"

export type MintResult =
  | {
      readonly _tag: "Token"
      readonly clientToken: string
      readonly expiresAt: DateTime.Utc
      readonly jti: string
    }
  | { readonly _tag: "BetweenCampaigns"; readonly betweenCampaigns: Channel.BetweenCampaigns }

export interface Started {
  readonly session: Session.Session
  readonly campaign: Campaign.PlayCampaign
  readonly game: {
    readonly slug: string
    readonly config: Game.PlayerView
    readonly theme: Theme.Theme
    readonly labels: { readonly [key: string]: string }
    /** A Memory Match scored by the server: its dealt board, face down. */
    readonly board?: MemoryBoard.PlayerBoard
  }
}

/**
 * What the player of a campaign with a reward is sent at the end of a play: the coupon the play
 * earned (null when none: no prize matched, the prizes ran out, or the player already had one) and
 * the reward page with the blocks that fit that result (null without a page).
 */
export interface FinishReward {
  readonly grant: Grant.PlayerGrant | null
  readonly page: RewardPage.PlayerPage | null
}

export interface Finished {
  readonly entry: Entry.Entry
  readonly outcome: Game.Outcome | null
  /** Null when the campaign has no reward. */
  readonly reward: FinishReward | null
}

/**
 * Keeps the answer of a play call in the transaction of what the call writes, when provided: the
 * HTTP layer provides it for a start or a finish sent with an `Idempotency-Key`, so that the key's
 * answer is kept if and only if the play is (`IdempotencyKeys`). A retry after an answer lost past the
 * commit then gets the first answer, not `TokenAlreadyUsed`. Without it (no key), nothing more is written.
 */
export interface KeepAnswer {
  readonly started: (started: Started) => Effect.Effect<void, StoreError>
  readonly finished: (finished: Finished) => Effect.Effect<void, StoreError>
}

/** The `KeepAnswer` of the current call, if any. */
export const KeepAnswer = Context.Reference<KeepAnswer | undefined>("@campaign-games/core/play/KeepAnswer", {
  defaultValue: () => undefined
})

/** How long after its expiry a token may still finish the session it started (long games). */
export const FINISH_GRACE = Duration.hours(1)

const DEFAULT_TTL_SECONDS = 900

/** How many times a finish reads before it gives up on a campaign that keeps changing under it. */
const MAX_FINISH_READS = 5

/** How many fresh codes a finish's grant tries before it gives up (each taken one is a 1-in-10^12 chance). */
const MAX_CODE_TRIES = 5

export class Plays extends Context.Service<
  Plays,
  {
    readonly mint: (
      actor: Actor.Actor,
      input: ClientToken.MintRequest
    ) => Effect.Effect<MintResult, PlaysError | MissingPermission | ResourceNotFound | PlanError | StoreError>
    readonly start: (token: string) => Effect.Effect<Started, PlaysError | PlanError | StoreError>
    /**
     * Turns one card of a Memory Match scored by the server (`MemoryBoard.flip`): `ResourceNotFound` for a session
     * that is not the token's, `PlaysError` or `GameError` when it is finished, has no board, or the flip is refused, `GameError`
     * naming `position` off the board.
     */
    readonly flip: (
      token: string,
      sessionId: string,
      position: number
    ) => Effect.Effect<MemoryBoard.Revealed, PlaysError | GameError | ResourceNotFound | InvalidFields | StoreError>
    readonly finish: (
      token: string,
      sessionId: string,
      body: unknown
    ) => Effect.Effect<Finished, PlaysError | GameError | ResourceNotFound | InvalidFields | StoreError>
    readonly entries: (
      actor: Actor.Actor,
      campaignId: string,
      filter: Entry.ListFilter,
      page: Page
    ) => Effect.Effect<Paged<Entry.Entry>, MissingPermission | ResourceNotFound | StoreError>
  }
>()("@campaign-games/core/Plays") {
  static readonly layer = Layer.effect(
    Plays,
    Effect.gen(function* () {
      const campaigns = yield* Campaign.CampaignRepo
      const context = yield* PlayContextRepo
      const sessions = yield* Session.SessionRepo
      const entries = yield* Entry.EntryRepo
      const finishes = yield* PlayFinishRepo
      const afterFinish = yield* AfterFinish
      const signer = yield* ClientToken.TokenSigner
      const cache = yield* InstanceCache
      const secrets = yield* Secrets
      const boards = yield* MemoryBoard.MemoryBoardRepo
      const store = yield* Store

      const orFail = <A, E>(option: Option.Option<A>, error: () => E): Effect.Effect<A, E> =>
        Option.isSome(option) ? Effect.succeed(option.value) : Effect.fail(error())

      /** The player's current days in the campaign's and the channel's play-limit time zones. */
      const daysOf = Effect.fnUntraced(function* (
        campaign: Campaign.MintCampaign,
        channel: Channel.PlayChannel,
        now: DateTime.Utc
      ) {
        return {
          campaignDay: yield* dayWindowAt(cache, now, campaign.playLimitTimezone),
          channelDay: yield* dayWindowAt(cache, now, channel.playLimitTimezone)
        } satisfies PlayLimit.Days
      })

      /** Counts the player's plays and decides whether one more may start (`PlayLimit.decide`). */
      const checkLimits = Effect.fnUntraced(function* (
        campaign: Campaign.MintCampaign,
        channel: Channel.PlayChannel,
        participantRef: string,
        now: DateTime.Utc
      ) {
        const days = yield* daysOf(campaign, channel, now)
        const counts = yield* sessions.counts({
          channelId: channel.id,
          campaignId: campaign.id,
          participantRef,
          ...days
        })
        const decided = PlayLimit.decide(PlayLimit.scopesOf(campaign, channel, counts, days))
        if (Result.isFailure(decided)) return yield* decided.failure
      })

      const mint = traced("Plays.mint")(function* (actor: Actor.Actor, input: ClientToken.MintRequest) {
        yield* Actor.require(actor, "tokens.mint")
        const accountId = actor.account.id
        const origin = yield* Cache.get(cache.origins, input.origin)
        // A malformed origin is never on the list: the channel is still looked up first (`ResourceNotFound` before `OriginNotAllowed`).
        const now = yield* DateTime.now
        const read = yield* context.forMint({
          accountId,
          keyId: actor.keyId,
          channelId: input.channelId,
          origin: origin ?? "",
          month: Usage.monthOf(now)
        })
        const decided = Mint.decide(
          read,
          { channelId: input.channelId, origin: input.origin, normalizedOrigin: origin },
          now
        )
        if (Result.isFailure(decided)) return yield* decided.failure
        const decision = decided.success
        if (decision._tag === "BetweenCampaigns") return decision satisfies MintResult
        const { campaign, channel } = decision
        if (decision.countPlays) yield* checkLimits(campaign, channel, input.participantRef, now)
        const jti = yield* Ids.make("jti")
        const nowSeconds = DateTime.toEpochMillis(now) / 1000
        const iat = Math.floor(nowSeconds)
        // Rounded up, so the token lives at least its ttl (a floor would cut up to a second off it).
        const exp = Math.ceil(nowSeconds) + (input.ttlSeconds ?? DEFAULT_TTL_SECONDS)
        const clientToken = yield* signer.sign({
          jti,
          acc: accountId,
          chn: channel.id,
          gid: campaign.id,
          sub: input.participantRef,
          org: decision.origin,
          iat,
          exp
        })
        return { _tag: "Token", clientToken, jti, expiresAt: DateTime.makeUnsafe(exp * 1000) } satisfies MintResult
      })

      /** The claims of a token that is valid now (plus `grace`), or `TokenExpired`. */
      const claimsOf = Effect.fnUntraced(function* (token: string, grace: Duration.Duration) {
        const claims = yield* signer.verify(token)
        const nowSeconds = DateTime.toEpochMillis(yield* DateTime.now) / 1000
        if (nowSeconds >= claims.exp + Duration.toSeconds(grace)) {
          return yield* new PlaysError({
            reason: new TokenExpired({ expiredAt: DateTime.makeUnsafe(claims.exp * 1000) })
          })
        }
        return claims
      })

      const alreadyUsed = (jti: string) => new PlaysError({ reason: new TokenAlreadyUsed({ jti }) })
      const unavailable = (campaignId: string, because: GameUnavailable["because"]) =>
        new PlaysError({ reason: new GameUnavailable({ campaignId, because }) })
      const gone = (resource: TokenResourceGone["resource"], id: string) => () =>
        new PlaysError({ reason: new TokenResourceGone({ resource, id }) })

      // What this instance last read of campaigns (at a start or a finish) and of accounts' active
      // endpoints (at a finish), kept in `InstanceCache`: a finish decides from them without reading
      // first, and `complete` writes only while they are still so (else it reads and decides).
      const remember = <A>(known: Cache.Cache<string, A>, key: string, value: A) => Cache.set(known, key, value)
      /**
       * A campaign as remembered: with its config decoded once by its game (kept from `known`, what
       * this instance remembered of it, while its game and config are the same: decoding a wheel's
       * config, media addresses checked, was about 7 µs of a start's CPU), and its reward.
       */
      const knownOf = (
        campaign: Campaign.PlayCampaign,
        reward: Option.Option<Reward.Reward>,
        known: KnownCampaign | undefined
      ): KnownCampaign => ({
        campaign,
        config:
          known !== undefined &&
          known.campaign.gameSlug === campaign.gameSlug &&
          sameJson(known.campaign.config, campaign.config)
            ? known.config
            : Games.bySlug(campaign.gameSlug)!.decodeConfig(campaign.config),
        reward: Option.getOrNull(reward)
      })
      /** What this instance remembers of the campaign `id`, if anything. */
      const rememberedOf = (id: string) => Effect.map(Cache.getOption(cache.campaigns, id), Option.getOrUndefined)

      /** A start, with its answer kept in its transaction when the call keeps its answer (`KeepAnswer`). */
      const start = (token: string): Effect.Effect<Started, PlaysError | PlanError | StoreError> =>
        Effect.flatMap(Effect.service(KeepAnswer), (keep) =>
          keep === undefined ? startOnce(token) : store.transaction(Effect.tap(startOnce(token), keep.started))
        )

      const startOnce = traced("Plays.start")(function* (token: string) {
        const claims = yield* claimsOf(token, Duration.zero)
        const now = yield* DateTime.now
        const draft: Session.Session = {
          id: yield* Ids.make(Ids.Prefix.session),
          accountId: claims.acc,
          campaignId: claims.gid,
          channelId: claims.chn,
          participantRef: claims.sub,
          origin: claims.org,
          jti: claims.jti,
          startedAt: now,
          finishedAt: null
        }
        // Written only when playable and within the play limits (counted under the player's lock).
        const found = yield* context.start({ session: draft, month: Usage.monthOf(now), days: daysOf })
        const campaign = yield* orFail(found.campaign, gone("campaign", claims.gid))
        const known = knownOf(campaign, found.reward, yield* rememberedOf(campaign.id))
        yield* remember(cache.campaigns, campaign.id, known)
        if (campaign.status !== "active") return yield* unavailable(campaign.id, "campaignNotActive")
        const channel = yield* orFail(found.channel, gone("channel", claims.chn))
        if (channel.status !== "active") return yield* unavailable(campaign.id, "channelDisabled")
        if (!Campaign.takesPlays(campaign)) return yield* unavailable(campaign.id, "predictionResolved")
        // Playable, yet not written: a play limit reached, or a used token.
        const { result } = found
        if (result._tag === "LimitReached" || result._tag === "MonthFull") return yield* result.failure
        if (result._tag === "NotStarted") return yield* alreadyUsed(claims.jti)
        const session = result.session
        const view = playerViewOf(campaign, known, found)
        const board = yield* dealt(session, campaign, view.config)
        return { session, campaign, game: board === undefined ? view : { ...view, board } } satisfies Started
      })

      /**
       * The player's view of a campaign's game (its config as the player sees it, the effective
       * theme and labels): the one made for the last start while the campaign (as the store read
       * it), its decoded config, the account's branding and features are the same objects and
       * values, so that the HTTP edge can keep its encoding too (`PlayLane`); made anew otherwise.
       */
      const views = new WeakMap<
        Campaign.PlayCampaign,
        {
          readonly known: KnownCampaign
          readonly branding: Theme.Theme | undefined
          readonly customBranding: boolean
          readonly customCopy: boolean
          readonly view: Started["game"]
        }
      >()
      const playerViewOf = (
        campaign: Campaign.PlayCampaign,
        known: KnownCampaign,
        found: StartContext
      ): Started["game"] => {
        const { customBranding, customCopy } = Option.isSome(found.account)
          ? Account.features(found.account.value)
          : { customBranding: false, customCopy: false }
        const branding = Option.getOrUndefined(found.branding)
        const last = views.get(campaign)
        if (
          last !== undefined &&
          last.known.config === known.config &&
          last.branding === branding &&
          last.customBranding === customBranding &&
          last.customCopy === customCopy
        )
          return last.view
        const game = Games.bySlug(campaign.gameSlug)!
        const theme = Theme.effectiveTheme({
          branding: branding ?? {},
          campaignTheme: campaign.theme ?? {},
          features: { customBranding, customCopy }
        })
        const view = { slug: game.slug, config: game.playerView(known.config), theme, labels: theme.labels ?? {} }
        views.set(campaign, { known, branding, customBranding, customCopy, view })
        return view
      }

      /** Whether the server scores the plays of `campaign` (a Memory Match with `scoring: server`). */
      const serverScored = (campaign: Campaign.PlayCampaign, config: Game.PlayerView): boolean =>
        campaign.gameSlug === MemoryMatch.slug && config.scoring === "server"

      /**
       * The board a Memory Match scored by the server is dealt at its start (from effect's `Random`),
       * stored for the session; none for other games.
       */
      const dealt = Effect.fnUntraced(function* (
        session: Session.Session,
        campaign: Campaign.PlayCampaign,
        config: Game.PlayerView
      ) {
        if (!serverScored(campaign, config)) return undefined
        const pairs = config.pairs as number
        const faces = yield* MemoryBoard.deal(pairs)
        yield* boards.insert({
          sessionId: session.id,
          accountId: session.accountId,
          startedAt: session.startedAt,
          faces,
          timeLimitSeconds: config.timeLimitSeconds as number,
          maxScore: config.maxScore as number,
          flips: []
        })
        return MemoryBoard.playerBoard(faces.length)
      })

      /** Milliseconds from `startedAt` to now. */
      const sinceStart = (startedAt: DateTime.Utc, now: DateTime.Utc) =>
        DateTime.toEpochMillis(now) - DateTime.toEpochMillis(startedAt)

      /** The board of the token's session: `ResourceNotFound` when the session is not the token's, `BoardRefused` without a board. */
      const boardOf = Effect.fnUntraced(function* (claims: ClientToken.Claims, sessionId: string) {
        const found = yield* boards.find(sessionId)
        if (Option.isSome(found)) {
          const { board, jti } = found.value
          if (jti !== claims.jti || board.accountId !== claims.acc) return yield* notFound("session", sessionId)
          return found.value
        }
        const session = yield* sessions.findById(sessionId)
        if (Option.isNone(session) || session.value.jti !== claims.jti || session.value.accountId !== claims.acc) {
          return yield* notFound("session", sessionId)
        }
        return yield* new GameError({ reason: new BoardRefused({ sessionId, because: "clientScored" }) })
      })

      /** How many times a flip reads again when a concurrent flip of the board came first. */
      const MAX_FLIP_READS = 20

      const flip = traced("Plays.flip")(function* (token: string, sessionId: string, position: number) {
        const claims = yield* claimsOf(token, FINISH_GRACE)
        for (let reads = 1; ; reads++) {
          const { board, finished } = yield* boardOf(claims, sessionId)
          if (finished) return yield* new PlaysError({ reason: new PlayAlreadyFinished({ sessionId }) })
          const at = sinceStart(board.startedAt, yield* DateTime.now)
          const decided = MemoryBoard.flip(board, position, at)
          if (Result.isFailure(decided)) return yield* decided.failure
          if (yield* boards.addFlip(sessionId, board.flips.length, decided.success.flip)) {
            return decided.success.revealed
          }
          if (reads >= MAX_FLIP_READS) {
            return yield* new StoreError({ message: "The board kept changing while the card was turned." })
          }
        }
      })

      /**
       * The game's result of a finish body: the game's own (`Game.finish`), and for a Memory Match
       * scored by the server, the score of its board (`MemoryBoard.finish`, from the flips recorded).
       */
      const scoreOf = Effect.fnUntraced(function* (
        claims: ClientToken.Claims,
        sessionId: string,
        campaign: Campaign.PlayCampaign,
        config: Game.DecodedConfig,
        body: unknown,
        random: number,
        now: DateTime.Utc
      ) {
        const game = Games.bySlug(campaign.gameSlug)!
        const scored: Result.Result<Game.Finished, InvalidFields | GameError | PlaysError> = game.finish(
          config,
          body,
          random
        )
        if (Result.isFailure(scored) || !serverScored(campaign, game.playerView(config))) return scored
        const { board } = yield* boardOf(claims, sessionId)
        return Result.map(MemoryBoard.finish(board, sinceStart(board.startedAt, now)), (score) => ({
          ...scored.success,
          score
        }))
      })

      /** The entry, the event and its deliveries of a finish the game has scored. */
      const completionOf = Effect.fnUntraced(function* (
        session: Pick<Session.Session, "id" | "accountId" | "channelId" | "participantRef">,
        { campaign, endpoints }: FinishBasis,
        { score, outcome, predictionValue }: Game.Finished,
        now: DateTime.Utc
      ) {
        const entry: Entry.Entry = {
          id: yield* Ids.make(Ids.Prefix.entry),
          accountId: session.accountId,
          campaignId: campaign.id,
          channelId: session.channelId,
          sessionId: session.id,
          participantRef: session.participantRef,
          score,
          predictionValue,
          outcome,
          weight: 1,
          eligible: Entry.eligible(predictionValue, campaign.resolvedOptionId),
          createdAt: now
        }
        const { event, deliveries } = yield* Webhook.fanOut(
          {
            id: yield* Ids.make(Ids.Prefix.event),
            accountId: session.accountId,
            type: "session_completed",
            campaignId: campaign.id,
            channelId: session.channelId,
            data: {
              gameInstanceId: campaign.id,
              sessionId: session.id,
              participantRef: session.participantRef,
              score,
              outcome
            },
            createdAt: now
          },
          endpoints
        )
        const completion: Completion = { sessionId: session.id, finishedAt: now, entry, event, deliveries }
        return { completion, entry, outcome }
      })

      /**
       * The grant a scored play earns under the basis's reward, with its `reward_granted` event and
       * deliveries made for its first prize (the store writes them for the prize it gives): none
       * without a reward or a prize the play meets.
       */
      const grantOf = Effect.fnUntraced(function* (
        session: Pick<Session.Session, "id" | "accountId" | "channelId" | "participantRef">,
        { campaign, grantEndpoints, reward }: FinishBasis,
        outcome: Game.Outcome | null,
        now: DateTime.Utc
      ) {
        if (reward === null) return undefined
        const prizes = Reward.prizesFor(reward, { outcome, drawn: false })
        if (prizes.length === 0) return undefined
        const plan = yield* Grant.plan(
          {
            accountId: session.accountId,
            campaignId: campaign.id,
            channelId: session.channelId,
            participantRef: session.participantRef,
            source: "rule",
            sessionId: session.id
          },
          reward,
          prizes,
          now
        ).pipe(Effect.provideService(Secrets, secrets))
        return yield* inFinish(plan, grantEndpoints)
      })

      /** A planned grant with its event and deliveries, for its first prize and no coupon ref or name. */
      const inFinish = Effect.fnUntraced(function* (plan: Grant.Plan, endpoints: ReadonlyArray<Webhook.Target>) {
        const first = { tierId: plan.prizes[0]!.tierId, couponRef: null, couponName: null }
        const { deliveries, event } = yield* Webhook.fanOut(
          Grant.event(plan, first, yield* Ids.make(Ids.Prefix.event)),
          endpoints
        )
        return { plan, event, deliveries } satisfies Grant.InFinish
      })

      /** What the player is sent of the reward: the code the grant gave, and the page for that result. */
      const rewardOf = (
        reward: Reward.Reward | null,
        grant: Grant.InFinish | undefined,
        outcome: Grant.Outcome | null
      ): FinishReward | null => {
        if (reward === null) return null
        const given =
          grant !== undefined && outcome?._tag === "Granted" ? Grant.playerGrant(grant.plan, outcome.given) : null
        return { grant: given, page: reward.page === null ? null : RewardPage.forResult(reward.page, given !== null) }
      }

      /**
       * Writes a scored play decided from `basis` (`PlayFinishRepo.complete`), with the coupon it
       * earns: a grant that raced another of the player's is written without it, a code found taken
       * is made anew. Undefined when the basis no longer holds (read and decide again).
       */
      const write = Effect.fnUntraced(function* (
        session: Pick<Session.Session, "id" | "accountId" | "channelId" | "participantRef">,
        basis: FinishBasis,
        scored: Game.Finished,
        now: DateTime.Utc
      ) {
        const { completion, entry, outcome } = yield* completionOf(session, basis, scored, now)
        let grant = yield* grantOf(session, basis, scored.outcome, now)
        const keep = yield* KeepAnswer
        for (let tries = 1; ; tries++) {
          const completing = finishes.complete(grant === undefined ? completion : { ...completion, grant }, basis)
          // With a kept answer: the answer in the transaction of the play's write (`KeepAnswer`).
          const done = yield* keep === undefined
            ? completing
            : store.transaction(
                Effect.tap(completing, (done) =>
                  done._tag === "Completed"
                    ? keep.finished({ entry, outcome, reward: rewardOf(basis.reward, grant, done.grant) })
                    : Effect.void
                )
              )
          if (done._tag === "Stale") return undefined
          if (done._tag === "Completed") {
            yield* afterFinish.finished({ campaign: basis.campaign, entry })
            return { entry, outcome, reward: rewardOf(basis.reward, grant, done.grant) } satisfies Finished
          }
          if (done.conflict === "AlreadyGranted" || grant === undefined) grant = undefined
          else if (tries >= MAX_CODE_TRIES) {
            return yield* new StoreError({ message: "No fresh coupon code could be made for the grant." })
          } else {
            grant = yield* inFinish(
              yield* Grant.withNewCode(grant.plan).pipe(Effect.provideService(Secrets, secrets)),
              basis.grantEndpoints
            )
          }
        }
      })

      /**
       * What a finish decides from, as the store has it now: the session must be the token's (`ResourceNotFound`
       * otherwise, as none), not finished (`PlayAlreadyFinished`), and its campaign must still take plays (`GameUnavailable`: a
       * prediction resolved since the start). Remembered for the next finishes.
       */
      const readBasis = Effect.fnUntraced(function* (claims: ClientToken.Claims, sessionId: string) {
        const found = yield* finishes.read(sessionId, "session_completed")
        // A session of another token (or account) is not this token's to see: `ResourceNotFound`, as none.
        if (Option.isNone(found)) return yield* notFound("session", sessionId)
        const { campaign, endpoints, grantEndpoints, reward, session } = found.value
        if (session.jti !== claims.jti || session.accountId !== claims.acc) return yield* notFound("session", sessionId)
        const known = knownOf(campaign, reward, yield* rememberedOf(campaign.id))
        yield* remember(cache.campaigns, campaign.id, known)
        yield* remember(cache.endpoints, session.accountId, endpoints)
        // Read only with a reward: without one, the empty list says nothing of the account.
        if (Option.isSome(reward)) yield* remember(cache.grantEndpoints, session.accountId, grantEndpoints)
        if (session.finishedAt !== null)
          return yield* new PlaysError({ reason: new PlayAlreadyFinished({ sessionId }) })
        if (!Campaign.takesPlays(campaign)) return yield* unavailable(campaign.id, "predictionResolved")
        const basis: FinishBasis = { jti: claims.jti, campaign, endpoints, reward: known.reward, grantEndpoints }
        return { basis, config: known.config }
      })

      const finish = traced("Plays.finish")(function* (token: string, sessionId: string, body: unknown) {
        const claims = yield* claimsOf(token, FINISH_GRACE)
        const random = yield* Random.next
        const now = yield* DateTime.now
        const session = { id: sessionId, accountId: claims.acc, channelId: claims.chn, participantRef: claims.sub }
        // Decided from what this instance knows when it knows the campaign and the endpoints (no
        // read), else from a read; `complete` writes only while what it decided from still holds
        // (the campaign's resolution among it), and a finish whose write is refused reads and
        // decides again. A campaign known to be resolved is read too: the read tells a finished
        // session (`PlayAlreadyFinished`) or another token's (`ResourceNotFound`) from a refused one.
        const cached = Option.getOrUndefined(yield* Cache.getOption(cache.campaigns, claims.gid))
        const known = cached !== undefined && Campaign.takesPlays(cached.campaign) ? cached : undefined
        const endpointsKnown = Option.getOrUndefined(yield* Cache.getOption(cache.endpoints, claims.acc))
        // The `reward_granted` endpoints are needed (and known) only for a campaign with a reward.
        const grantEndpointsKnown =
          known?.reward === null ? [] : Option.getOrUndefined(yield* Cache.getOption(cache.grantEndpoints, claims.acc))
        if (known !== undefined && endpointsKnown !== undefined && grantEndpointsKnown !== undefined) {
          const knownCampaign = known.campaign
          const scored = yield* scoreOf(claims, sessionId, knownCampaign, known.config, body ?? {}, random, now)
          // A body the known config refuses is judged again against the campaign as read.
          if (Result.isSuccess(scored)) {
            const basis: FinishBasis = {
              jti: claims.jti,
              campaign: knownCampaign,
              endpoints: endpointsKnown,
              reward: known.reward,
              grantEndpoints: grantEndpointsKnown
            }
            const finished = yield* write(session, basis, scored.success, now)
            if (finished !== undefined) return finished
          }
        }
        for (let reads = 1; ; reads++) {
          const { basis, config } = yield* readBasis(claims, sessionId)
          const scored = yield* scoreOf(claims, sessionId, basis.campaign, config, body ?? {}, random, now)
          if (Result.isFailure(scored)) return yield* scored.failure
          const finished = yield* write(session, basis, scored.success, now)
          if (finished !== undefined) return finished
          // Finished meanwhile (the next read says so: `PlayAlreadyFinished`), or the campaign or the endpoints changed.
          if (reads >= MAX_FINISH_READS) {
            return yield* new StoreError({ message: "The campaign kept changing while the play was finished." })
          }
        }
      })

      const listEntries = Effect.fn("Plays.entries")(function* (
        actor: Actor.Actor,
        campaignId: string,
        filter: Entry.ListFilter,
        page: Page
      ) {
        yield* Actor.require(actor, "results.read")
        yield* campaigns.findById(actor.account.id, campaignId).pipe(orNotFound("campaign", campaignId))
        return yield* entries.list(actor.account.id, campaignId, filter, page)
      })

      return Plays.of({
        // A mint counts when it gives a token (not when it answers that no campaign is live).
        mint: (actor, input) =>
          Effect.tap(mint(actor, input), (minted) =>
            minted._tag === "Token" ? EngineMetrics.playCounted("mint") : Effect.void
          ),
        start: (token) => Effect.tap(start(token), EngineMetrics.playCounted("start")),
        flip,
        finish: (token, sessionId, body) =>
          Effect.tap(finish(token, sessionId, body), EngineMetrics.playCounted("finish")),
        entries: listEntries
      })
    })
  )
}
