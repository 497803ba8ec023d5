/**
 * Campaigns (`game-instances`): one configured game running on a channel, with a prize, play
 * limits, winner-selection rules, an optional theme and (later) a reward.
 *
 * The lifecycle is a state machine as data: `draft → active ⇄ paused`, any of them `→ archived`,
 * `archived → paused` (restore). Transitions are pure functions of the campaign, the command and
 * `now`; the checks that need other campaigns (overlapping live windows, the handover, the plan's
 * live-campaign limit) are pure functions of what the service gathered under the channel lock.
 *
 * Transition table (anything else fails with `CampaignsError`, its reason naming the state:
 * `CampaignArchived`, `CampaignAlreadyActive`, `CampaignNotActive`, `CampaignNotArchived`):
 *
 * | command | from | to | notes |
 * |---|---|---|---|
 * | activate | draft, paused | active | config complete (`GameError`, `ConfigIncomplete`); no overlap with another active campaign's live window on the channel (`Conflict`, `LiveWindowOverlap`); live-campaign limit (`UpgradeRequired`, checked by the service); `activatedAt` set on first activation |
 * | activate + handoverAt | draft, paused | active | a campaign live on the channel at `handoverAt` ends then (its `liveUntil`), this one starts then (its `liveFrom`); both or neither (`NoCampaignToHandOver`) |
 * | pause | active | paused |
 * | archive | draft, active, paused | archived |
 * | restore | archived | paused |
 * | resolve | draft, active, paused (prediction only: `NotAPrediction`) | same | sets `resolvedOptionId`, `resolvedAt`; an unknown option is `InvalidFields`; resolving again to another option is `AlreadyResolved`; it takes no more plays (`takesPlays`) |
 * | edit (PATCH) | draft, active, paused | same | an active campaign keeps the activation rules (`checkEdit`): config complete, window not ended, prize window with an end, window free |
 *
 * @since 0.1.0
 */
import { Context, DateTime, type Effect, Result, Schema, Struct } from "effect"
import type { Detail, InvalidFields, StoreError } from "../Failure.ts"
import {
  AlreadyResolved,
  CampaignAlreadyActive,
  CampaignArchived,
  CampaignNotActive,
  CampaignNotArchived,
  CampaignsError,
  type CampaignsReason,
  LiveWindowOverlap,
  NoCampaignToHandOver,
  NotAPrediction
} from "./CampaignErrors.ts"
import {
  atLeastOneProperty,
  DateTimeInput,
  defined,
  names,
  pick,
  PlayLimit,
  playLimitNames,
  playLimits,
  Text,
  TimeZone,
  type Timestamp,
  Timestamp as TimestampSchema,
  TimestampOrNull
} from "../Fields.ts"
import * as Game from "../games/Game.ts"
import type { GameError } from "../games/GameErrors.ts"
import * as Prediction from "../games/Prediction.ts"
import type { AccountRows } from "../Store.ts"
import * as ThemeModule from "./Theme.ts"
import { invalid, issueToDetails } from "../Validation.ts"

export const CampaignStatus = Schema.Literals(["draft", "active", "paused", "archived"])
export type CampaignStatus = typeof CampaignStatus.Type

export const Trigger = Schema.Literals(["manual", "auto_on_session_end", "auto_on_schedule"])
export type Trigger = typeof Trigger.Type

export const TieBreak = Schema.Literals(["earliest_entry", "random"])
export type TieBreak = typeof TieBreak.Type

/** The campaign's prize (reported to winners). */
export const Prize = Schema.Struct({
  label: Text(1, 200),
  description: Schema.optionalKey(Text(0, 2000)),
  externalRef: Schema.optionalKey(Text(0, 200))
}).annotate({ identifier: "Prize" })
export type Prize = typeof Prize.Type

/** Winner-selection settings as stored and shown: every key present. */
export const SelectionConfigView = Schema.Struct({
  maxWinners: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 })),
  tieBreak: TieBreak,
  windowStart: TimestampOrNull,
  windowEnd: TimestampOrNull
})
export type SelectionConfig = typeof SelectionConfigView.Type

/** Winner-selection settings as sent: any subset; missing keys keep their value (or default). */
export const SelectionConfigInput = Schema.Struct({
  maxWinners: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 }))),
  tieBreak: Schema.optionalKey(TieBreak),
  windowStart: Schema.optionalKey(Schema.NullOr(DateTimeInput)),
  windowEnd: Schema.optionalKey(Schema.NullOr(DateTimeInput))
})
export type SelectionConfigInput = typeof SelectionConfigInput.Type

export const defaultSelectionConfig: SelectionConfig = {
  maxWinners: 1,
  tieBreak: "earliest_entry",
  windowStart: null,
  windowEnd: null
}

const Config = Schema.Record(Schema.String, Schema.Unknown)

/**
 * A campaign's fields as stored, written once: the campaign's type, its API view (`CampaignView`),
 * what the plays read (`PlayCampaign`) and its table's row (in `sql`) are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  channelId: Schema.String,
  gameSlug: Schema.String,
  name: Schema.String,
  status: CampaignStatus,
  config: Config,
  prize: Schema.NullOr(Prize),
  theme: Schema.NullOr(ThemeModule.Theme),
  grantOncePerParticipant: Schema.Boolean,
  rewardValidForSeconds: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 31_536_000 }))),
  winnerSelectionTrigger: Trigger,
  winnerSelectionAlgorithm: Game.WinnerAlgorithm,
  winnerSelectionConfig: SelectionConfigView,
  scheduleAt: TimestampOrNull,
  /**
   * SHA-256 (hex) committing to the seeds of the campaign's automatic draws (the scheduled draw, the
   * after-each-play winning moments), published when the campaign is made, before any entry: link 0
   * of its seed chain (`draws/SeedChain`). Null only on a campaign made before draws existed, until
   * it is next changed.
   */
  seedCommitment: Schema.NullOr(Schema.String).annotate({
    description:
      "SHA-256 (hex) committing to the seeds of the campaign's automatic draws, published before any entry; each automatic run reveals its seed, which opens it (docs/draws.md)."
  }),
  resolvedOptionId: Schema.NullOr(Schema.String),
  resolvedAt: TimestampOrNull,
  ...playLimits,
  liveFrom: TimestampOrNull,
  liveUntil: TimestampOrNull,
  activatedAt: TimestampOrNull,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema
}

/** A campaign as stored. */
export type Campaign = Schema.Struct.Type<typeof fields>

/**
 * The fields a mint reads of a campaign: the plays' (`playNames`) but the game's config and the
 * theme, which only the start answers with. A mint decides from the status, the live window, the
 * answer of a prediction, the game and the play limits; the two documents are the widest columns of
 * a campaign, read and parsed for every active campaign of the channel at every mint otherwise.
 */
export const mintNames = [
  "id",
  "accountId",
  "channelId",
  "gameSlug",
  "status",
  "resolvedOptionId",
  "winnerSelectionTrigger",
  ...playLimitNames,
  "liveFrom",
  "liveUntil",
  "activatedAt"
] as const

/**
 * The fields the plays read of a campaign (`PlayContextRepo`, `PlayFinishRepo`): what a mint, a
 * start and a finish decide with, and nothing else (a play reads less that way).
 */
export const playNames = [...mintNames, "config", "theme"] as const

/** What the plays read of a campaign: its `playNames` fields. */
export type PlayCampaign = Pick<Campaign, (typeof playNames)[number]>

/** A campaign's `PlayCampaign` fields. */
export const playView: (c: Campaign) => PlayCampaign = pick(playNames)

/** What a mint reads of a campaign: its `mintNames` fields. */
export type MintCampaign = Pick<Campaign, (typeof mintNames)[number]>

/** A campaign's `MintCampaign` fields. */
export const mintView: (c: Campaign) => MintCampaign = pick(mintNames)

/** The campaign resource of the API: the stored fields but the account, and `gameId`. */
export const CampaignView = Schema.Struct({
  id: fields.id,
  gameId: Schema.String,
  ...Struct.pick(fields, ["gameSlug", "name", "status"]),
  channelId: fields.channelId,
  ...Struct.omit(fields, ["id", "accountId", "channelId", "gameSlug", "name", "status"])
}).annotate({ identifier: "GameInstance" })
export type CampaignView = typeof CampaignView.Type

const copyView = pick(names(CampaignView, "gameId"))

/** A campaign as the API shows it: `gameId` is the game's slug. */
export const view = (c: Campaign): CampaignView => ({ ...copyView(c), gameId: c.gameSlug })

export const Name = Text(1, 200)

const editableFields = {
  name: Name,
  config: Config,
  prize: Schema.NullOr(Prize),
  theme: Schema.NullOr(ThemeModule.Theme),
  winnerSelectionTrigger: Trigger,
  winnerSelectionAlgorithm: Game.WinnerAlgorithm,
  winnerSelectionConfig: SelectionConfigInput,
  scheduleAt: Schema.NullOr(DateTimeInput),
  liveFrom: Schema.NullOr(DateTimeInput),
  liveUntil: Schema.NullOr(DateTimeInput),
  maxPlaysPerParticipant: PlayLimit,
  maxPlaysPerParticipantPerDay: PlayLimit,
  playLimitTimezone: TimeZone
}

/** The settings a create or PATCH body may carry, each optional. */
const EditableFields = Schema.Struct(editableFields).mapFields(Struct.map(Schema.optionalKey))

/** Body of `POST /v1/game-instances`. */
export const CreateCampaign = Schema.Struct({
  gameSlug: Text(1, 64),
  name: Name,
  channelId: Text(1, 200),
  ...Struct.omit(EditableFields.fields, ["name"])
}).annotate({ identifier: "CreateGameInstance" })
export type CreateCampaign = typeof CreateCampaign.Type

/** Body of `PATCH /v1/game-instances/{id}`: at least one field. `config` replaces the whole config. */
export const UpdateCampaign = EditableFields.check(atLeastOneProperty()).annotate({ identifier: "UpdateGameInstance" })
export type UpdateCampaign = typeof UpdateCampaign.Type

/** Body of `POST …/activate`. */
export const ActivateCampaign = Schema.Struct({ handoverAt: Schema.optionalKey(DateTimeInput) })
export type ActivateCampaign = typeof ActivateCampaign.Type

/** Body of `POST …/resolve`. */
export const ResolveCampaign = Schema.Struct({ optionId: Text(1, 64) })
export type ResolveCampaign = typeof ResolveCampaign.Type

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** The campaign with a create or PATCH body applied (no checks; see `check`). */
export const apply = (base: Campaign, patch: UpdateCampaign, now: Timestamp): Campaign => {
  const selection = patch.winnerSelectionConfig
  return {
    ...base,
    ...defined(patch, [
      "name",
      "config",
      "prize",
      "theme",
      "winnerSelectionTrigger",
      "winnerSelectionAlgorithm",
      "scheduleAt",
      "liveFrom",
      "liveUntil",
      "maxPlaysPerParticipant",
      "maxPlaysPerParticipantPerDay",
      "playLimitTimezone"
    ]),
    ...(selection === undefined
      ? {}
      : {
          winnerSelectionConfig: {
            maxWinners: selection.maxWinners ?? base.winnerSelectionConfig.maxWinners,
            tieBreak: selection.tieBreak ?? base.winnerSelectionConfig.tieBreak,
            windowStart:
              selection.windowStart === undefined ? base.winnerSelectionConfig.windowStart : selection.windowStart,
            windowEnd: selection.windowEnd === undefined ? base.winnerSelectionConfig.windowEnd : selection.windowEnd
          }
        }),
    updatedAt: now
  }
}

/** A new draft from its create body (no checks; see `check`). */
export const make = (
  input: CreateCampaign,
  game: Game.Game,
  ids: { readonly id: string; readonly accountId: string },
  now: Timestamp
): Campaign =>
  apply(
    {
      id: ids.id,
      accountId: ids.accountId,
      channelId: input.channelId,
      gameSlug: game.slug,
      name: input.name,
      status: "draft",
      config: {},
      prize: null,
      theme: null,
      grantOncePerParticipant: true,
      rewardValidForSeconds: null,
      winnerSelectionTrigger: "manual",
      winnerSelectionAlgorithm: game.defaultWinnerAlgorithm,
      winnerSelectionConfig: defaultSelectionConfig,
      scheduleAt: null,
      seedCommitment: null,
      resolvedOptionId: null,
      resolvedAt: null,
      maxPlaysPerParticipant: null,
      maxPlaysPerParticipantPerDay: null,
      playLimitTimezone: "UTC",
      liveFrom: null,
      liveUntil: null,
      activatedAt: null,
      createdAt: now,
      updatedAt: now
    },
    input,
    now
  )

const before = (a: Timestamp, b: Timestamp) => DateTime.toEpochMillis(a) < DateTime.toEpochMillis(b)

/**
 * The cross-field rules of a campaign's settings (each failure with its path): the config against
 * the game, the theme's label keys, `scheduleAt` with `auto_on_schedule`, ordered windows, and an
 * algorithm and a trigger that fit the game.
 */
export const check = (campaign: Campaign, game: Game.Game): ReadonlyArray<Detail> => {
  const details: Array<Detail> = []
  const decoded = Schema.decodeUnknownResult(game.configSchema)(campaign.config, {
    errors: "all",
    onExcessProperty: "ignore"
  })
  if (Result.isFailure(decoded)) {
    details.push(...invalidConfig(decoded.failure))
  }
  if (campaign.theme !== null) details.push(...ThemeModule.checkLabels(campaign.theme.labels, game.labelKeys))
  if (campaign.winnerSelectionTrigger === "auto_on_schedule" && campaign.scheduleAt === null) {
    details.push({ path: "scheduleAt", message: "is required when winnerSelectionTrigger is auto_on_schedule" })
  }
  if (campaign.liveFrom !== null && campaign.liveUntil !== null && !before(campaign.liveFrom, campaign.liveUntil)) {
    details.push({ path: "liveUntil", message: "must be after liveFrom" })
  }
  const { windowStart, windowEnd } = campaign.winnerSelectionConfig
  if (windowStart !== null && windowEnd !== null && !before(windowStart, windowEnd)) {
    details.push({ path: "winnerSelectionConfig.windowEnd", message: "must be after windowStart" })
  }
  if (campaign.winnerSelectionAlgorithm === "score_highest" && game.result !== "score") {
    details.push({ path: "winnerSelectionAlgorithm", message: `score_highest needs a game that keeps a score` })
  }
  if (campaign.winnerSelectionTrigger === "auto_on_session_end" && game.result === "prediction") {
    // A prediction entry is eligible only once the campaign is resolved, usually after its plays
    // have ended: a winning moment could find no eligible play to pay (docs/draws.md).
    details.push({
      path: "winnerSelectionTrigger",
      message:
        "auto_on_session_end is not available for a prediction: use manual or auto_on_schedule, drawn once resolved"
    })
  }
  return details
}

const invalidConfig = (error: Schema.SchemaError): ReadonlyArray<Detail> => issueToDetails(error.issue, "config")

/** When the campaign's live window starts: `liveFrom`, else its activation. */
export const windowStart = (c: Pick<Campaign, "liveFrom" | "activatedAt">): Timestamp | null =>
  c.liveFrom ?? c.activatedAt

/** Whether the campaign is live (players can play) at `now`. */
export const isLiveAt = (
  c: Pick<Campaign, "status" | "liveFrom" | "liveUntil" | "activatedAt">,
  now: Timestamp
): boolean => {
  if (c.status !== "active") return false
  const start = windowStart(c)
  if (start !== null && before(now, start)) return false
  return c.liveUntil === null || before(now, c.liveUntil)
}

/** The campaign live on a channel at `now`, among its campaigns (at most one is, by construction). */
export const liveAt = <C extends Pick<Campaign, "status" | "liveFrom" | "liveUntil" | "activatedAt">>(
  campaigns: ReadonlyArray<C>,
  now: Timestamp
): C | undefined => campaigns.find((c) => isLiveAt(c, now))

/**
 * Whether the campaign still takes plays, its status and window aside: a resolved prediction takes
 * none, for its answer is published (a play then would be a winning entry for whoever knows it). It
 * stays live on its channel (`isLiveAt`: the one-live-campaign rule and the live-campaign limit are
 * unchanged), and the play path answers as if it were not: the mint with the channel's
 * between-campaigns message, a start or a finish with `PlaysError` (`GameUnavailable`,
 * `predictionResolved`).
 */
export const takesPlays = (c: Pick<Campaign, "resolvedOptionId">): boolean => c.resolvedOptionId === null

/** Whether an active campaign still counts against the live-campaign limit (its window has not ended). */
export const countsAsLive = (c: Campaign, now: Timestamp): boolean =>
  c.status === "active" && (c.liveUntil === null || before(now, c.liveUntil))

const overlaps = (
  a: { start: Timestamp; end: Timestamp | null },
  b: { start: Timestamp; end: Timestamp | null }
): boolean => (b.end === null || before(a.start, b.end)) && (a.end === null || before(b.start, a.end))

export type Command =
  | { readonly _tag: "Pause" }
  | { readonly _tag: "Archive" }
  | { readonly _tag: "Restore" }
  | { readonly _tag: "Resolve"; readonly optionId: string; readonly optionIds: ReadonlyArray<string> }
  | { readonly _tag: "Edit" }

const conflict = (reason: CampaignsReason) => Result.fail(new CampaignsError({ reason }))

/** The simple transitions (everything but activation), as a pure function of state, command and `now`. */
export const transition = (
  c: Campaign,
  command: Command,
  now: Timestamp
): Result.Result<Campaign, CampaignsError | InvalidFields> => {
  const campaignId = c.id
  /** The campaign moved to `status` at `now`. */
  const moved = (status: CampaignStatus) => Result.succeed<Campaign>({ ...c, status, updatedAt: now })
  switch (command._tag) {
    case "Pause":
      return c.status === "active" ? moved("paused") : conflict(new CampaignNotActive({ campaignId, status: c.status }))
    case "Archive":
      return c.status === "archived"
        ? conflict(new CampaignArchived({ campaignId, command: "archive" }))
        : moved("archived")
    case "Restore":
      return c.status === "archived"
        ? moved("paused")
        : conflict(new CampaignNotArchived({ campaignId, status: c.status }))
    case "Edit":
      return c.status === "archived"
        ? conflict(new CampaignArchived({ campaignId, command: "edit" }))
        : Result.succeed(c)
    case "Resolve": {
      if (c.status === "archived") return conflict(new CampaignArchived({ campaignId, command: "resolve" }))
      if (c.gameSlug !== Prediction.slug) return conflict(new NotAPrediction({ campaignId, gameSlug: c.gameSlug }))
      if (!command.optionIds.includes(command.optionId)) {
        return Result.fail(invalid([{ path: "optionId", message: "is not one of the campaign's options" }]))
      }
      if (c.resolvedOptionId !== null && c.resolvedOptionId !== command.optionId) {
        return conflict(new AlreadyResolved({ campaignId, optionId: c.resolvedOptionId }))
      }
      if (c.resolvedOptionId === command.optionId) return Result.succeed(c)
      return Result.succeed({ ...c, resolvedOptionId: command.optionId, resolvedAt: now, updatedAt: now })
    }
  }
}

/** The failure of a config that lacks what activation needs (`ConfigIncomplete`), if it does. */
const incompleteConfig = (c: Campaign, game: Game.Game): GameError | undefined => {
  const missing = game.complete(c.config)
  return missing.length > 0 ? Game.incomplete(missing) : undefined
}

/** The failure of a window that has already ended (`liveUntil` not after `now`), if it has. */
const windowEnded = (c: Campaign, now: Timestamp): InvalidFields | undefined =>
  c.liveUntil !== null && !before(now, c.liveUntil)
    ? invalid([{ path: "liveUntil", message: "has passed; the campaign would never be live" }])
    : undefined

/**
 * The overlap rule, pure: the live window of `c` (from `liveFrom`, else its activation, else `now`,
 * until `liveUntil`) must not overlap the window of any of `others` that has not ended at `now` (one
 * campaign is live on a channel at a time). Fails with `CampaignsError` (`LiveWindowOverlap`) naming the
 * first campaign it overlaps. Activation and edits of an active campaign both keep it.
 */
export const windowFree = (
  c: Campaign,
  others: ReadonlyArray<Campaign>,
  now: Timestamp
): Result.Result<void, CampaignsError> => {
  const window = { start: windowStart(c) ?? now, end: c.liveUntil }
  const clash = others.find(
    (o) =>
      o.id !== c.id &&
      (o.liveUntil === null || before(now, o.liveUntil)) &&
      overlaps(window, { start: windowStart(o) ?? now, end: o.liveUntil })
  )
  return clash === undefined ? Result.void : conflict(new LiveWindowOverlap({ campaignId: clash.id }))
}

/** What activation needs to know besides the campaign itself. */
export interface ActivationContext {
  readonly game: Game.Game
  /** The other active campaigns on the channel. */
  readonly others: ReadonlyArray<Campaign>
  readonly handoverAt: Timestamp | undefined
  readonly now: Timestamp
}

/**
 * Activation as a pure decision: the activated campaign, and the campaign it takes over from (its
 * `liveUntil` set to `handoverAt`) when there is a handover. Plan limits are checked by the caller.
 */
export const activate = (
  c: Campaign,
  context: ActivationContext
): Result.Result<
  { readonly campaign: Campaign; readonly ended: Campaign | undefined },
  CampaignsError | InvalidFields | GameError
> => {
  const { game, others, handoverAt, now } = context
  if (c.status === "active") return conflict(new CampaignAlreadyActive({ campaignId: c.id }))
  if (c.status === "archived") return conflict(new CampaignArchived({ campaignId: c.id, command: "activate" }))
  const failure = incompleteConfig(c, game) ?? windowEnded(c, now)
  if (failure !== undefined) return Result.fail(failure)
  let ended: Campaign | undefined
  let next: Campaign = { ...c, status: "active", activatedAt: c.activatedAt ?? now, updatedAt: now }
  if (handoverAt !== undefined) {
    if (before(handoverAt, now)) {
      return Result.fail(invalid([{ path: "handoverAt", message: "must not be in the past" }]))
    }
    if (next.liveUntil !== null && !before(handoverAt, next.liveUntil)) {
      return Result.fail(invalid([{ path: "handoverAt", message: "must be before the campaign's liveUntil" }]))
    }
    const current = others.find((o) => {
      const start = windowStart(o) ?? now
      return before(start, handoverAt) && (o.liveUntil === null || before(handoverAt, o.liveUntil))
    })
    if (current === undefined) {
      return conflict(new NoCampaignToHandOver({ channelId: c.channelId, handoverAt }))
    }
    ended = { ...current, liveUntil: handoverAt, updatedAt: now }
    next = { ...next, liveFrom: handoverAt }
  }
  const campaign = next
  const handedOver = ended
  const othersThen = handedOver === undefined ? others : others.map((o) => (o.id === handedOver.id ? handedOver : o))
  return Result.map(windowFree(campaign, othersThen, now), () => ({ campaign, ended: handedOver }))
}

/** What an edit needs to know besides the edited campaign. */
export interface EditContext {
  readonly game: Game.Game
  /** The active campaigns on the channel (the edited one among them or not). */
  readonly others: ReadonlyArray<Campaign>
  readonly now: Timestamp
}

/**
 * The rules an edit keeps for an active campaign, as a pure decision on the edited campaign
 * (`apply` done, `check` passed): its config is still complete (`GameError`,
 * `ConfigIncomplete`), its window has not ended (`InvalidFields` at `liveUntil`), and its live window
 * is still free (`windowFree`: `CampaignsError`, `LiveWindowOverlap`), the same rules as activation. A
 * campaign that is not active has no live window to keep: any edit of its settings passes.
 */
export const checkEdit = (
  edited: Campaign,
  context: EditContext
): Result.Result<void, CampaignsError | InvalidFields | GameError> => {
  if (edited.status !== "active") return Result.void
  const failure = incompleteConfig(edited, context.game) ?? windowEnded(edited, context.now)
  return failure === undefined ? windowFree(edited, context.others, context.now) : Result.fail(failure)
}

// ---------------------------------------------------------------------------------------------
// Port
// ---------------------------------------------------------------------------------------------

export interface ListFilter {
  readonly channelId?: string | undefined
  readonly status?: CampaignStatus | undefined
}

/** Persistence of campaigns; every call is scoped to an account. `list` answers newest first. */
export class CampaignRepo extends Context.Service<
  CampaignRepo,
  AccountRows<Campaign, ListFilter> & {
    /** Campaigns of the account in status `active` (any channel). */
    readonly listActive: (accountId: string) => Effect.Effect<ReadonlyArray<Campaign>, StoreError>
    /** Campaigns in status `active` on a channel. */
    readonly listActiveOnChannel: (
      accountId: string,
      channelId: string
    ) => Effect.Effect<ReadonlyArray<Campaign>, StoreError>
    /** How many campaigns (any status) exist on the channel. */
    readonly countOnChannel: (accountId: string, channelId: string) => Effect.Effect<number, StoreError>
    readonly delete: (accountId: string, id: string) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/CampaignRepo") {}
