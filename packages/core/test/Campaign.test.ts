/**
 * The campaign lifecycle as a specification: given a campaign (and the other campaigns on its
 * channel), when a command is applied at `now`, then the new campaign or the typed failure. Every
 * rule under test is a pure function of `Campaign.ts`; times are fixed instants around `NOW`.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Result, Schema, SchemaAST } from "effect"
import { Fixtures } from "@campaign-games/testing"
import * as Campaign from "../src/campaigns/Campaign.ts"
import type { CampaignsError, GameError, InvalidFields } from "../src/Errors.ts"
import type { Game } from "../src/games/Game.ts"
import * as Games from "../src/games/Games.ts"
import * as Validation from "../src/Validation.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

/** The instant every command runs at unless a test says otherwise. */
const NOW = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
/** `hours` hours from `NOW` (negative: before). */
const at = (hours: number): DateTime.Utc => DateTime.add(NOW, { hours })
/** One millisecond before `t`. */
const justBefore = (t: DateTime.Utc): DateTime.Utc => DateTime.subtract(t, { milliseconds: 1 })
const iso = (t: DateTime.Utc | null): string | null => (t === null ? null : DateTime.formatIso(t))

const game = (slug: string): Game => {
  const found = Games.bySlug(slug)
  assert.isDefined(found, slug)
  return found!
}

const wheelConfig = {
  segments: [
    { id: "win", label: "10% off", isWin: true },
    { id: "lose", label: "Try again", isWin: false }
  ],
  art: Fixtures.WHEEL_ART,
  sounds: Fixtures.WHEEL_SOUNDS
}
/** The wheel's five files that activation needs besides its segments. */
const wheelFiles = [
  "config.art.background",
  "config.art.pointer",
  "config.sounds.spin",
  "config.sounds.win",
  "config.sounds.lose"
]
/** The complete wheel without the key at `path` (`config.art.pointer`). */
const wheelWithout = (path: string) => {
  const [, group, key] = path.split(".") as [string, "art" | "sounds", string]
  const { [key]: _dropped, ...rest } = wheelConfig[group] as Record<string, string>
  return { ...wheelConfig, [group]: rest }
}
const predictionConfig = {
  question: "Who wins the final?",
  options: [
    { id: "home", label: "Home" },
    { id: "away", label: "Away" }
  ]
}
const predictionOptionIds = ["home", "away"]

const configs: Record<string, Record<string, unknown>> = {
  "spin-the-wheel": wheelConfig,
  prediction: predictionConfig,
  quiz: {}
}

/** A campaign created at `at(-48)` on channel `ch_1` with a complete config, then `overrides`. */
const given = (overrides: Partial<Campaign.Campaign> = {}, slug = "prediction"): Campaign.Campaign => ({
  ...Campaign.make(
    { gameSlug: slug, name: "Spring campaign", channelId: "ch_1", config: configs[slug] ?? {} },
    game(slug),
    { id: "gi_new", accountId: "acc_1" },
    at(-48)
  ),
  ...overrides
})

/** A campaign in `status`, activated a day ago unless it is a draft. */
const inState = (status: Campaign.CampaignStatus, overrides: Partial<Campaign.Campaign> = {}) =>
  given({ status, activatedAt: status === "draft" ? null : at(-24), ...overrides })

/** Another campaign active on the channel, activated a day ago, open-ended unless `overrides` say. */
const other = (id: string, overrides: Partial<Campaign.Campaign> = {}) =>
  given({ id, name: id, status: "active", activatedAt: at(-24), ...overrides }, "spin-the-wheel")

type Outcome = Campaign.CampaignStatus | "CampaignsError" | "InvalidFields" | "GameError"

const outcome = <A extends { readonly status: Campaign.CampaignStatus }>(
  result: Result.Result<A, CampaignsError | InvalidFields | GameError>
): Outcome => (Result.isSuccess(result) ? result.success.status : result.failure._tag)

const success = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) assert.fail(`expected a success, got ${JSON.stringify(result.failure)}`)
  return result.success
}

const failure = <A, E>(result: Result.Result<A, E>): E => {
  if (Result.isSuccess(result)) assert.fail("expected a failure, got a success")
  return result.failure
}

const paths = (error: { readonly details?: ReadonlyArray<{ readonly path: string }> | undefined }) =>
  (error.details ?? []).map((d) => d.path)

const activate = (
  c: Campaign.Campaign,
  context: {
    readonly others?: ReadonlyArray<Campaign.Campaign>
    readonly handoverAt?: DateTime.Utc
    now?: DateTime.Utc
  }
) =>
  Campaign.activate(c, {
    game: game(c.gameSlug),
    others: context.others ?? [],
    handoverAt: context.handoverAt,
    now: context.now ?? NOW
  })

// -----------------------------------------------------------------------------
// 1. The transition table
// -----------------------------------------------------------------------------

type Command = "activate" | "activate with handoverAt" | "pause" | "archive" | "restore" | "resolve" | "edit"

/** The commands that take nothing but the campaign and the time, by their names in the tables. */
const plainCommands = { pause: "Pause", archive: "Archive", restore: "Restore" } as const

/** Runs one command of the table on a prediction campaign whose config is complete. */
const run = (
  c: Campaign.Campaign,
  command: Command
): Result.Result<Campaign.Campaign, CampaignsError | InvalidFields | GameError> => {
  switch (command) {
    case "activate":
      return Result.map(activate(c, {}), (decided) => decided.campaign)
    case "activate with handoverAt":
      // The channel's live campaign is open-ended; the new one takes over in an hour.
      return Result.map(activate(c, { others: [other("gi_current")], handoverAt: at(1) }), (d) => d.campaign)
    case "pause":
    case "archive":
    case "restore":
      return Campaign.transition(c, { _tag: plainCommands[command] }, NOW)
    case "resolve":
      return Campaign.transition(c, { _tag: "Resolve", optionId: "home", optionIds: predictionOptionIds }, NOW)
    case "edit":
      return Campaign.transition(c, { _tag: "Edit" }, NOW)
  }
}

const table: ReadonlyArray<{
  readonly from: Campaign.CampaignStatus
  readonly command: Command
  readonly then: Outcome
}> = [
  { from: "draft", command: "activate", then: "active" },
  { from: "draft", command: "activate with handoverAt", then: "active" },
  { from: "draft", command: "pause", then: "CampaignsError" },
  { from: "draft", command: "archive", then: "archived" },
  { from: "draft", command: "restore", then: "CampaignsError" },
  { from: "draft", command: "resolve", then: "draft" },
  { from: "draft", command: "edit", then: "draft" },

  { from: "active", command: "activate", then: "CampaignsError" },
  { from: "active", command: "activate with handoverAt", then: "CampaignsError" },
  { from: "active", command: "pause", then: "paused" },
  { from: "active", command: "archive", then: "archived" },
  { from: "active", command: "restore", then: "CampaignsError" },
  { from: "active", command: "resolve", then: "active" },
  { from: "active", command: "edit", then: "active" },

  { from: "paused", command: "activate", then: "active" },
  { from: "paused", command: "activate with handoverAt", then: "active" },
  { from: "paused", command: "pause", then: "CampaignsError" },
  { from: "paused", command: "archive", then: "archived" },
  { from: "paused", command: "restore", then: "CampaignsError" },
  { from: "paused", command: "resolve", then: "paused" },
  { from: "paused", command: "edit", then: "paused" },

  { from: "archived", command: "activate", then: "CampaignsError" },
  { from: "archived", command: "activate with handoverAt", then: "CampaignsError" },
  { from: "archived", command: "pause", then: "CampaignsError" },
  { from: "archived", command: "archive", then: "CampaignsError" },
  { from: "archived", command: "restore", then: "paused" },
  { from: "archived", command: "resolve", then: "CampaignsError" },
  { from: "archived", command: "edit", then: "CampaignsError" }
]

describe("Campaign transition table", () => {
  it.effect("covers every state × every command exactly once", () =>
    Effect.gen(function* () {
      const states = Campaign.CampaignStatus.literals
      const commands: ReadonlyArray<Command> = [
        "activate",
        "activate with handoverAt",
        "pause",
        "archive",
        "restore",
        "resolve",
        "edit"
      ]
      const keys = table.map((row) => `${row.from} ${row.command}`)
      assert.strictEqual(new Set(keys).size, keys.length)
      assert.sameMembers(
        keys,
        states.flatMap((s) => commands.map((c) => `${s} ${c}`))
      )
    })
  )

  it.effect.each(table)("given a $from campaign, when $command, then $then", ({ from, command, then }) =>
    Effect.gen(function* () {
      assert.strictEqual(outcome(run(inState(from), command)), then)
    })
  )

  it.effect.each(
    table.filter((row) => row.then !== "CampaignsError" && row.then !== "InvalidFields" && row.then !== "GameError")
  )(
    "given a $from campaign, when $command succeeds, then updatedAt is now unless nothing changed",
    ({ from, command }) =>
      Effect.gen(function* () {
        const before = inState(from)
        const after = success(run(before, command))
        // Edit is only the gate of a PATCH (the change is `apply`): it answers the campaign as it is.
        assert.strictEqual(iso(after.updatedAt), command === "edit" ? iso(before.updatedAt) : iso(NOW))
      })
  )

  it.effect("given an active campaign, when paused then activated again, then it is active with its fields kept", () =>
    Effect.gen(function* () {
      const active = inState("active", { liveUntil: at(48), name: "Kept" })
      const paused = success(Campaign.transition(active, { _tag: "Pause" }, NOW))
      const again = success(activate(paused, { now: at(1) })).campaign
      assert.deepStrictEqual({ ...again, updatedAt: NOW }, { ...active, updatedAt: NOW })
    })
  )

  it.effect("given an archived campaign, when restored, then only its status (paused) and updatedAt change", () =>
    Effect.gen(function* () {
      const archived = inState("archived", { resolvedOptionId: "home", resolvedAt: at(-2), liveUntil: at(24) })
      const restored = success(Campaign.transition(archived, { _tag: "Restore" }, NOW))
      assert.deepStrictEqual(restored, { ...archived, status: "paused", updatedAt: NOW })
    })
  )

  it.effect("given a draft, when edited, then the gate answers it unchanged and apply makes the change", () =>
    Effect.gen(function* () {
      const draft = inState("draft")
      assert.strictEqual(success(Campaign.transition(draft, { _tag: "Edit" }, NOW)), draft)
      const edited = Campaign.apply(draft, { name: "Renamed", winnerSelectionConfig: { maxWinners: 3 } }, NOW)
      assert.strictEqual(edited.name, "Renamed")
      assert.deepStrictEqual(edited.winnerSelectionConfig, { ...Campaign.defaultSelectionConfig, maxWinners: 3 })
      assert.strictEqual(iso(edited.updatedAt), iso(NOW))
      assert.strictEqual(edited.status, "draft")
    })
  )
})

// -----------------------------------------------------------------------------
// make / apply
// -----------------------------------------------------------------------------

describe("Campaign.make and Campaign.apply", () => {
  it.effect("make builds a draft with the game's default algorithm and the documented defaults", () =>
    Effect.gen(function* () {
      const quiz = Campaign.make(
        { gameSlug: "quiz", name: "Quiz night", channelId: "ch_1" },
        game("quiz"),
        { id: "gi_1", accountId: "acc_1" },
        NOW
      )
      assert.strictEqual(quiz.status, "draft")
      assert.strictEqual(quiz.gameSlug, "quiz")
      assert.strictEqual(quiz.winnerSelectionAlgorithm, "score_highest")
      assert.strictEqual(quiz.winnerSelectionTrigger, "manual")
      assert.deepStrictEqual(quiz.winnerSelectionConfig, Campaign.defaultSelectionConfig)
      assert.strictEqual(quiz.playLimitTimezone, "UTC")
      assert.deepStrictEqual(quiz.config, {})
      assert.isNull(quiz.activatedAt)
      assert.isNull(quiz.liveFrom)
      assert.isNull(quiz.liveUntil)
      assert.isNull(quiz.resolvedOptionId)
      assert.strictEqual(iso(quiz.createdAt), iso(NOW))
      assert.strictEqual(iso(quiz.updatedAt), iso(NOW))
      assert.strictEqual(given({}, "spin-the-wheel").winnerSelectionAlgorithm, "random_uniform")
    })
  )

  it.effect("apply changes only the fields sent; null clears; a partial winnerSelectionConfig keeps the rest", () =>
    Effect.gen(function* () {
      const base = given({
        prize: { label: "A bike" },
        liveUntil: at(10),
        winnerSelectionConfig: { maxWinners: 5, tieBreak: "random", windowStart: at(-1), windowEnd: at(5) }
      })
      const next = Campaign.apply(base, { prize: null, winnerSelectionConfig: { windowEnd: null } }, at(1))
      assert.deepStrictEqual(next, {
        ...base,
        prize: null,
        winnerSelectionConfig: { maxWinners: 5, tieBreak: "random", windowStart: at(-1), windowEnd: null },
        updatedAt: at(1)
      })
    })
  )
})

// -----------------------------------------------------------------------------
// 2. Activation
// -----------------------------------------------------------------------------

describe("Campaign.activate", () => {
  it.effect.each([
    { slug: "spin-the-wheel", config: {}, missing: ["config.segments", ...wheelFiles] },
    { slug: "spin-the-wheel", config: { segments: wheelConfig.segments }, missing: wheelFiles },
    { slug: "spin-the-wheel", config: { segments: wheelConfig.segments, art: {}, sounds: {} }, missing: wheelFiles },
    { slug: "prediction", config: {}, missing: ["config.question", "config.options"] },
    { slug: "prediction", config: { question: "Who wins?" }, missing: ["config.options"] },
    {
      slug: "spin-the-wheel",
      config: { segments: [{ id: "only", label: "Only", isWin: true }] },
      missing: ["config.segments"]
    }
  ])(
    "given a $slug draft with config $config, when activated, then GameError at $missing",
    ({ slug, config, missing }) =>
      Effect.gen(function* () {
        const error = failure(activate(given({ config }, slug), {}))
        assert.strictEqual(error._tag, "GameError")
        assert.sameMembers(paths(error), missing)
      })
  )

  it.effect.each(wheelFiles)("given a wheel draft without %s, when activated, then GameError naming it alone", (path) =>
    Effect.gen(function* () {
      const error = failure(activate(given({ config: wheelWithout(path) }, "spin-the-wheel"), {}))
      assert.strictEqual(error._tag, "GameError")
      assert.deepStrictEqual(error.details, [{ path, message: "is required to activate the campaign" }])
    })
  )

  it.effect("given an incomplete config and a handoverAt in the past, then the config is reported first", () =>
    Effect.gen(function* () {
      const error = failure(activate(given({ config: {} }, "spin-the-wheel"), { handoverAt: at(-1) }))
      assert.strictEqual(error._tag, "GameError")
      assert.deepStrictEqual(paths(error), ["config.segments", ...wheelFiles])
    })
  )

  it.effect("given a draft, when activated, then activatedAt and updatedAt are now and nothing is ended", () =>
    Effect.gen(function* () {
      const { campaign, ended } = success(activate(inState("draft"), {}))
      assert.strictEqual(campaign.status, "active")
      assert.strictEqual(iso(campaign.activatedAt), iso(NOW))
      assert.strictEqual(iso(campaign.updatedAt), iso(NOW))
      assert.isNull(campaign.liveFrom)
      assert.isUndefined(ended)
    })
  )

  it.effect("given a paused campaign first activated yesterday, when reactivated, then activatedAt is kept", () =>
    Effect.gen(function* () {
      const { campaign } = success(activate(inState("paused", { activatedAt: at(-24) }), {}))
      assert.strictEqual(campaign.status, "active")
      assert.strictEqual(iso(campaign.activatedAt), iso(at(-24)))
      assert.strictEqual(iso(campaign.updatedAt), iso(NOW))
    })
  )

  it.effect("given a restored campaign that was never activated, when activated, then activatedAt is set now", () =>
    Effect.gen(function* () {
      const restored = success(
        Campaign.transition(inState("archived", { activatedAt: null }), { _tag: "Restore" }, NOW)
      )
      const { campaign } = success(activate(restored, { now: at(1) }))
      assert.strictEqual(iso(campaign.activatedAt), iso(at(1)))
    })
  )

  /**
   * Windows in hours from NOW; `null` is open (from activation / no end). The other campaign was
   * activated a day ago, so its window without liveFrom starts at at(-24).
   */
  const windows: ReadonlyArray<{
    readonly name: string
    readonly mine: readonly [number | null, number | null]
    readonly theirs: readonly [number | null, number | null]
    readonly then: "active" | "CampaignsError"
  }> = [
    { name: "both open-ended", mine: [null, null], theirs: [null, null], then: "CampaignsError" },
    {
      name: "mine open-ended, theirs live until tomorrow",
      mine: [null, null],
      theirs: [null, 24],
      then: "CampaignsError"
    },
    { name: "mine starts when theirs ends (touching)", mine: [24, null], theirs: [null, 24], then: "active" },
    { name: "mine starts an hour before theirs ends", mine: [23, null], theirs: [null, 24], then: "CampaignsError" },
    { name: "mine ends when theirs starts (touching)", mine: [null, 10], theirs: [10, null], then: "active" },
    { name: "mine ends an hour after theirs starts", mine: [null, 11], theirs: [10, null], then: "CampaignsError" },
    { name: "both scheduled, mine after theirs (touching)", mine: [20, 30], theirs: [10, 20], then: "active" },
    { name: "both scheduled, mine before theirs (touching)", mine: [5, 10], theirs: [10, 20], then: "active" },
    { name: "both scheduled, mine overlapping their start", mine: [5, 11], theirs: [10, 20], then: "CampaignsError" },
    { name: "both scheduled, mine overlapping their end", mine: [19, 25], theirs: [10, 20], then: "CampaignsError" },
    { name: "both scheduled, mine inside theirs", mine: [12, 15], theirs: [10, 20], then: "CampaignsError" },
    { name: "both scheduled, mine around theirs", mine: [5, 25], theirs: [10, 20], then: "CampaignsError" },
    { name: "mine open from an hour before their end", mine: [19, null], theirs: [10, 20], then: "CampaignsError" },
    { name: "mine open from their end", mine: [20, null], theirs: [10, 20], then: "active" },
    {
      name: "mine open-ended, theirs already ended an hour ago",
      mine: [null, null],
      theirs: [null, -1],
      then: "active"
    },
    { name: "mine open-ended, theirs ends exactly now", mine: [null, null], theirs: [null, 0], then: "active" },
    {
      name: "mine open-ended, theirs ends a millisecond from now",
      mine: [null, null],
      theirs: [null, 0.001],
      then: "CampaignsError"
    },
    { name: "mine from yesterday, theirs long ended", mine: [-24, null], theirs: [-48, -30], then: "active" }
  ]

  const hourOrNull = (h: number | null) =>
    h === null ? null : DateTime.add(NOW, { milliseconds: Math.round(h * 3_600_000) })

  it.effect.each(windows)("given another active campaign, $name: $then", ({ mine, theirs, then }) =>
    Effect.gen(function* () {
      const me = inState("draft", { liveFrom: hourOrNull(mine[0]), liveUntil: hourOrNull(mine[1]) })
      const them = other("gi_other", { liveFrom: hourOrNull(theirs[0]), liveUntil: hourOrNull(theirs[1]) })
      const result = activate(me, { others: [them] })
      assert.strictEqual(outcome(Result.map(result, (d) => d.campaign)), then)
      if (then === "CampaignsError") {
        const error = failure(result)
        assert.deepStrictEqual(paths(error), ["liveFrom"])
        assert.include(error.message, "gi_other")
      }
    })
  )

  it.effect("given a paused campaign and another campaign live now, when reactivated, then CampaignsError", () =>
    Effect.gen(function* () {
      const error = failure(activate(inState("paused"), { others: [other("gi_other", { activatedAt: at(-1) })] }))
      assert.strictEqual(error._tag, "CampaignsError")
    })
  )

  it.effect(
    "given campaigns that overlap only each other, when one is checked against the rest, then each is named",
    () =>
      Effect.gen(function* () {
        const error = failure(
          activate(inState("draft", { liveFrom: at(10) }), {
            others: [other("gi_ended", { liveUntil: at(-1) }), other("gi_later", { liveFrom: at(12) })]
          })
        )
        assert.strictEqual(error._tag, "CampaignsError")
        assert.include(error.message, "gi_later")
      })
  )

  describe("with handoverAt", () => {
    const current = other("gi_current")

    it.effect("given a live open-ended campaign, then it ends at handoverAt and the new one starts then", () =>
      Effect.gen(function* () {
        const { campaign, ended } = success(activate(inState("draft"), { others: [current], handoverAt: at(2) }))
        assert.strictEqual(campaign.status, "active")
        assert.strictEqual(iso(campaign.liveFrom), iso(at(2)))
        assert.strictEqual(iso(campaign.activatedAt), iso(NOW))
        assert.isDefined(ended)
        assert.deepStrictEqual(ended, { ...current, liveUntil: at(2), updatedAt: NOW })
      })
    )

    it.effect("given a liveFrom of its own, then the new campaign's liveFrom becomes handoverAt", () =>
      Effect.gen(function* () {
        const { campaign } = success(
          activate(inState("draft", { liveFrom: at(8) }), { others: [current], handoverAt: at(2) })
        )
        assert.strictEqual(iso(campaign.liveFrom), iso(at(2)))
      })
    )

    it.effect("given a paused campaign, then it keeps its first activatedAt", () =>
      Effect.gen(function* () {
        const { campaign } = success(activate(inState("paused"), { others: [current], handoverAt: at(2) }))
        assert.strictEqual(iso(campaign.activatedAt), iso(at(-24)))
        assert.strictEqual(iso(campaign.liveFrom), iso(at(2)))
      })
    )

    it.effect("given handoverAt exactly now, then the handover happens now", () =>
      Effect.gen(function* () {
        const { campaign, ended } = success(activate(inState("draft"), { others: [current], handoverAt: NOW }))
        assert.strictEqual(iso(campaign.liveFrom), iso(NOW))
        assert.strictEqual(iso(ended!.liveUntil), iso(NOW))
      })
    )

    it.effect("given a campaign scheduled later but live at handoverAt, then it is the one handed over from", () =>
      Effect.gen(function* () {
        const scheduled = other("gi_scheduled", { liveFrom: at(3), liveUntil: at(20) })
        const { campaign, ended } = success(activate(inState("draft"), { others: [scheduled], handoverAt: at(5) }))
        assert.strictEqual(ended?.id, "gi_scheduled")
        assert.strictEqual(iso(ended!.liveFrom), iso(at(3)))
        assert.strictEqual(iso(ended!.liveUntil), iso(at(5)))
        assert.strictEqual(iso(campaign.liveFrom), iso(at(5)))
      })
    )

    it.effect("given a handoverAt in the past, then InvalidFields at handoverAt", () =>
      Effect.gen(function* () {
        const error = failure(activate(inState("draft"), { others: [current], handoverAt: justBefore(NOW) }))
        assert.strictEqual(error._tag, "InvalidFields")
        assert.deepStrictEqual(paths(error), ["handoverAt"])
      })
    )

    it.effect.each([
      { name: "nothing active on the channel", others: [] as ReadonlyArray<Campaign.Campaign> },
      { name: "the only campaign ends before handoverAt", others: [other("gi_a", { liveUntil: at(1) })] },
      { name: "the only campaign ends exactly at handoverAt", others: [other("gi_a", { liveUntil: at(2) })] },
      { name: "the only campaign starts after handoverAt", others: [other("gi_a", { liveFrom: at(3) })] },
      { name: "the only campaign already ended", others: [other("gi_a", { liveUntil: at(-1) })] }
    ])("given $name, then CampaignsError (no campaign live at handoverAt)", ({ others }) =>
      Effect.gen(function* () {
        const error = failure(activate(inState("draft"), { others, handoverAt: at(2) }))
        assert.strictEqual(error._tag, "CampaignsError")
      })
    )

    it.effect.each([
      { name: "equal to", liveUntil: 2 },
      { name: "after", liveUntil: 1 }
    ])("given handoverAt $name the new campaign's liveUntil, then InvalidFields at handoverAt", ({ liveUntil }) =>
      Effect.gen(function* () {
        const error = failure(
          activate(inState("draft", { liveUntil: at(liveUntil) }), { others: [current], handoverAt: at(2) })
        )
        assert.strictEqual(error._tag, "InvalidFields")
        assert.deepStrictEqual(paths(error), ["handoverAt"])
      })
    )

    it.effect("given handoverAt a millisecond before the new campaign's liveUntil, then it is accepted", () =>
      Effect.gen(function* () {
        const { campaign } = success(
          activate(inState("draft", { liveUntil: at(2) }), { others: [current], handoverAt: justBefore(at(2)) })
        )
        assert.strictEqual(iso(campaign.liveFrom), iso(justBefore(at(2))))
      })
    )

    const untilTen = other("gi_current", { liveUntil: at(10) })
    const fromTen = other("gi_next", { liveFrom: at(10) })

    it.effect(
      "given a third campaign scheduled after the current one, when the new one is open-ended, then CampaignsError",
      () =>
        Effect.gen(function* () {
          const error = failure(activate(inState("draft"), { others: [untilTen, fromTen], handoverAt: at(5) }))
          assert.strictEqual(error._tag, "CampaignsError")
          assert.include(error.message, "gi_next")
        })
    )

    it.effect(
      "given a third campaign scheduled after the current one, when the new one ends as it starts, then it succeeds",
      () =>
        Effect.gen(function* () {
          const { campaign, ended } = success(
            activate(inState("draft", { liveUntil: at(10) }), { others: [untilTen, fromTen], handoverAt: at(5) })
          )
          assert.strictEqual(ended?.id, "gi_current")
          assert.strictEqual(iso(ended!.liveUntil), iso(at(5)))
          assert.strictEqual(iso(campaign.liveFrom), iso(at(5)))
        })
    )

    it.effect("given an active or archived campaign, then CampaignsError before any handover check", () =>
      Effect.gen(function* () {
        for (const status of ["active", "archived"] as const) {
          const error = failure(activate(inState(status), { others: [], handoverAt: at(-1) }))
          assert.strictEqual(error._tag, "CampaignsError", status)
        }
      })
    )

    it.effect("given a handover, then both campaigns still pass the cross-field check (stay editable)", () =>
      Effect.gen(function* () {
        const scheduled = other("gi_scheduled", { liveFrom: at(1), liveUntil: at(20) })
        const { campaign, ended } = success(activate(inState("draft"), { others: [scheduled], handoverAt: at(2) }))
        assert.deepStrictEqual(Campaign.check(campaign, game(campaign.gameSlug)), [])
        assert.deepStrictEqual(Campaign.check(ended!, game(ended!.gameSlug)), [])
      })
    )

    // A campaign that only starts at handoverAt was never live before it: there is nothing to hand
    // over from, so the activation is refused rather than ending that campaign with an empty window.
    it.effect(
      "given a campaign that only starts at handoverAt, then there is no campaign to hand over (CampaignsError)",
      () =>
        Effect.gen(function* () {
          const scheduled = other("gi_scheduled", { liveFrom: at(2), liveUntil: at(20) })
          const error = failure(activate(inState("draft"), { others: [scheduled], handoverAt: at(2) }))
          assert.strictEqual(error._tag, "CampaignsError")
          assert.deepStrictEqual(reasonOf(error), {
            _tag: "NoCampaignToHandOver",
            channelId: "ch_1",
            handoverAt: at(2)
          })
        })
    )
  })
})

// -----------------------------------------------------------------------------
// 3. Live windows
// -----------------------------------------------------------------------------

describe("Campaign.isLiveAt / liveAt / countsAsLive", () => {
  const scheduled = inState("active", { liveFrom: at(1), liveUntil: at(3) })

  it.effect.each([
    { name: "a millisecond before liveFrom", t: justBefore(at(1)), live: false },
    { name: "at liveFrom (inclusive)", t: at(1), live: true },
    { name: "between", t: at(2), live: true },
    { name: "a millisecond before liveUntil", t: justBefore(at(3)), live: true },
    { name: "at liveUntil (exclusive)", t: at(3), live: false },
    { name: "after liveUntil", t: at(4), live: false }
  ])("given an active campaign live [+1h, +3h), $name: live is $live", ({ t, live }) =>
    Effect.gen(function* () {
      assert.strictEqual(Campaign.isLiveAt(scheduled, t), live)
      assert.strictEqual(Campaign.liveAt([scheduled], t)?.id, live ? scheduled.id : undefined)
    })
  )

  it.effect("given an active campaign without liveFrom, then it is live from its activation, with no end", () =>
    Effect.gen(function* () {
      const c = inState("active", { activatedAt: at(-2) })
      assert.isFalse(Campaign.isLiveAt(c, justBefore(at(-2))))
      assert.isTrue(Campaign.isLiveAt(c, at(-2)))
      assert.isTrue(Campaign.isLiveAt(c, at(10_000)))
    })
  )

  it.effect.each(["draft", "paused", "archived"] as const)(
    "given a %s campaign inside its window, then never live",
    (status) =>
      Effect.gen(function* () {
        const c = inState(status, { liveFrom: at(-1), liveUntil: at(1) })
        assert.isFalse(Campaign.isLiveAt(c, NOW))
        assert.isUndefined(Campaign.liveAt([c], NOW))
        assert.isFalse(Campaign.countsAsLive(c, NOW))
      })
  )

  it.effect("given a handover at +2h, then the old campaign is live just before and the new one from +2h", () =>
    Effect.gen(function* () {
      const old = other("gi_old")
      const { campaign, ended } = success(activate(inState("draft"), { others: [old], handoverAt: at(2) }))
      const channel = [ended!, campaign]
      assert.strictEqual(Campaign.liveAt(channel, NOW)?.id, "gi_old")
      assert.strictEqual(Campaign.liveAt(channel, justBefore(at(2)))?.id, "gi_old")
      assert.strictEqual(Campaign.liveAt(channel, at(2))?.id, campaign.id)
      assert.strictEqual(Campaign.liveAt(channel, at(1_000))?.id, campaign.id)
      assert.isFalse(Campaign.isLiveAt(ended!, at(2)))
      assert.isFalse(Campaign.isLiveAt(campaign, justBefore(at(2))))
    })
  )

  it.effect("given no live campaign among the channel's campaigns, then liveAt is undefined", () =>
    Effect.gen(function* () {
      assert.isUndefined(Campaign.liveAt([], NOW))
      assert.isUndefined(
        Campaign.liveAt([other("gi_a", { liveUntil: at(-1) }), other("gi_b", { liveFrom: at(1) })], NOW)
      )
    })
  )

  it.effect("countsAsLive: an active campaign counts until its liveUntil, even before its liveFrom", () =>
    Effect.gen(function* () {
      assert.isTrue(Campaign.countsAsLive(other("gi_a"), NOW))
      assert.isTrue(Campaign.countsAsLive(other("gi_a", { liveFrom: at(5) }), NOW))
      assert.isTrue(Campaign.countsAsLive(other("gi_a", { liveUntil: at(1) }), NOW))
      assert.isFalse(Campaign.countsAsLive(other("gi_a", { liveUntil: NOW }), NOW))
      assert.isFalse(Campaign.countsAsLive(other("gi_a", { liveUntil: at(-1) }), NOW))
    })
  )

  it.effect("given a live prediction resolved, then it takes no more plays, yet stays live and counts as live", () =>
    Effect.gen(function* () {
      const open = inState("active", { liveUntil: at(3) })
      const resolved = success(
        Campaign.transition(open, { _tag: "Resolve", optionId: "home", optionIds: predictionOptionIds }, NOW)
      )
      assert.isTrue(Campaign.takesPlays(open))
      assert.isFalse(Campaign.takesPlays(resolved))
      assert.isTrue(Campaign.isLiveAt(resolved, NOW))
      assert.strictEqual(Campaign.liveAt([resolved], NOW)?.id, resolved.id)
      assert.isTrue(Campaign.countsAsLive(resolved, NOW))
      // It still holds its window on the channel: another campaign's activation overlaps it.
      const next = failure(activate(inState("draft", { id: "gi_next" }), { others: [resolved] }))
      assert.strictEqual("reason" in next ? next.reason._tag : next._tag, "LiveWindowOverlap")
      assert.isTrue(Campaign.takesPlays(other("gi_wheel")), "a campaign of another game is never resolved")
    })
  )
})

// -----------------------------------------------------------------------------
// 4. Cross-field rules
// -----------------------------------------------------------------------------

describe("Campaign.check", () => {
  const checkPaths = (c: Campaign.Campaign) => Campaign.check(c, game(c.gameSlug)).map((d) => d.path)

  it.effect("given a fresh draft with an empty config, then nothing is wrong (completeness waits for activation)", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(checkPaths(given({ config: {} }, "spin-the-wheel")), [])
      assert.deepStrictEqual(checkPaths(given()), [])
    })
  )

  it.effect("scheduleAt is required with auto_on_schedule, and only then", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "auto_on_schedule" })), ["scheduleAt"])
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "auto_on_schedule", scheduleAt: at(24) })), [])
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "manual" })), [])
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "auto_on_session_end" }, "spin-the-wheel")), [])
    })
  )

  it.effect("auto_on_session_end is refused on a prediction alone: its entries win only once it is resolved", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "auto_on_session_end" })), [
        "winnerSelectionTrigger"
      ])
      for (const slug of ["spin-the-wheel", "quiz", "memory-match"]) {
        assert.deepStrictEqual(checkPaths(given({ winnerSelectionTrigger: "auto_on_session_end" }, slug)), [], slug)
      }
    })
  )

  it.effect.each([
    { name: "before liveFrom", liveFrom: 2, liveUntil: 1, errors: ["liveUntil"] },
    { name: "equal to liveFrom", liveFrom: 2, liveUntil: 2, errors: ["liveUntil"] },
    { name: "after liveFrom", liveFrom: 2, liveUntil: 3, errors: [] },
    { name: "set without liveFrom", liveFrom: null, liveUntil: -5, errors: [] }
  ])("liveUntil $name: $errors", ({ liveFrom, liveUntil, errors }) =>
    Effect.gen(function* () {
      const c = given({ liveFrom: liveFrom === null ? null : at(liveFrom), liveUntil: at(liveUntil) })
      assert.deepStrictEqual(checkPaths(c), errors)
    })
  )

  it.effect.each([
    { name: "before windowStart", start: 2, end: 1, errors: ["winnerSelectionConfig.windowEnd"] },
    { name: "equal to windowStart", start: 2, end: 2, errors: ["winnerSelectionConfig.windowEnd"] },
    { name: "after windowStart", start: 2, end: 3, errors: [] }
  ])("windowEnd $name: $errors", ({ start, end, errors }) =>
    Effect.gen(function* () {
      const c = given({
        winnerSelectionConfig: { ...Campaign.defaultSelectionConfig, windowStart: at(start), windowEnd: at(end) }
      })
      assert.deepStrictEqual(checkPaths(c), errors)
    })
  )

  it.effect.each([
    { slug: "spin-the-wheel", errors: ["winnerSelectionAlgorithm"] },
    { slug: "prediction", errors: ["winnerSelectionAlgorithm"] },
    { slug: "quiz", errors: [] }
  ])("score_highest on $slug: $errors", ({ slug, errors }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionAlgorithm: "score_highest" }, slug)), errors)
      assert.deepStrictEqual(checkPaths(given({ winnerSelectionAlgorithm: "random_weighted" }, slug)), [])
    })
  )

  it.effect("theme labels may only use the game's label keys", () =>
    Effect.gen(function* () {
      const labels = { title: "Spin!", spinButton: "Go", choosePrompt: "Pick one", bogus: "?" }
      assert.sameMembers(checkPaths(given({ theme: { labels } }, "spin-the-wheel")), [
        "theme.labels.choosePrompt",
        "theme.labels.bogus"
      ])
      assert.sameMembers(checkPaths(given({ theme: { labels } }, "prediction")), [
        "theme.labels.spinButton",
        "theme.labels.bogus"
      ])
      assert.deepStrictEqual(checkPaths(given({ theme: { labels: { title: "Ok" } } }, "prediction")), [])
      assert.deepStrictEqual(checkPaths(given({ theme: { colors: { bg: "#000000" } } }, "prediction")), [])
    })
  )

  it.effect.each([
    { slug: "spin-the-wheel", config: { segments: [wheelConfig.segments[0]] }, at: "config.segments" },
    {
      slug: "spin-the-wheel",
      config: { segments: [{ id: "a", label: "", isWin: true }, wheelConfig.segments[1]] },
      at: "config.segments.0.label"
    },
    {
      slug: "spin-the-wheel",
      config: { segments: [wheelConfig.segments[0], wheelConfig.segments[0]] },
      at: "config.segments.1.id"
    },
    { slug: "prediction", config: { question: "" }, at: "config.question" },
    { slug: "prediction", config: { ...predictionConfig, options: "home" }, at: "config.options" },
    {
      slug: "prediction",
      config: { ...predictionConfig, options: [{ id: "home", label: "Home" }, { id: "away" }] },
      at: "config.options.1.label"
    }
  ])("an invalid $slug config is reported at $at", ({ slug, config, at: path }) =>
    Effect.gen(function* () {
      assert.include(checkPaths(given({ config }, slug)), path)
    })
  )

  it.effect("every failure is reported at once", () =>
    Effect.gen(function* () {
      const c = given(
        {
          config: { segments: [] },
          theme: { labels: { bogus: "?" } },
          winnerSelectionTrigger: "auto_on_schedule",
          winnerSelectionAlgorithm: "score_highest",
          liveFrom: at(2),
          liveUntil: at(1),
          winnerSelectionConfig: { ...Campaign.defaultSelectionConfig, windowStart: at(2), windowEnd: at(1) }
        },
        "spin-the-wheel"
      )
      assert.sameMembers(checkPaths(c), [
        "config.segments",
        "theme.labels.bogus",
        "scheduleAt",
        "liveUntil",
        "winnerSelectionConfig.windowEnd",
        "winnerSelectionAlgorithm"
      ])
    })
  )
})

// -----------------------------------------------------------------------------
// 5. Resolving a prediction
// -----------------------------------------------------------------------------

describe("Campaign.transition Resolve", () => {
  const resolve = (c: Campaign.Campaign, optionId: string, now = NOW) =>
    Campaign.transition(c, { _tag: "Resolve", optionId, optionIds: predictionOptionIds }, now)

  it.effect("given an active prediction, when resolved to one of its options, then it records the option and now", () =>
    Effect.gen(function* () {
      const before = inState("active")
      const after = success(resolve(before, "away"))
      assert.deepStrictEqual(after, { ...before, resolvedOptionId: "away", resolvedAt: NOW, updatedAt: NOW })
    })
  )

  it.effect.each(["spin-the-wheel", "quiz"])("given a %s campaign, when resolved, then CampaignsError", (slug) =>
    Effect.gen(function* () {
      const error = failure(resolve(given({ status: "active", activatedAt: at(-1) }, slug), "home"))
      assert.strictEqual(error._tag, "CampaignsError")
    })
  )

  it.effect("given an unknown option, then InvalidFields at optionId", () =>
    Effect.gen(function* () {
      const error = failure(resolve(inState("active"), "draw"))
      assert.strictEqual(error._tag, "InvalidFields")
      assert.deepStrictEqual(paths(error), ["optionId"])
    })
  )

  it.effect(
    "given a prediction resolved to an option, when resolved to the same option again, then nothing changes",
    () =>
      Effect.gen(function* () {
        const once = success(resolve(inState("active"), "home", at(1)))
        const twice = success(resolve(once, "home", at(2)))
        assert.strictEqual(twice, once)
        assert.strictEqual(iso(twice.resolvedAt), iso(at(1)))
        assert.strictEqual(iso(twice.updatedAt), iso(at(1)))
      })
  )

  it.effect("given a prediction resolved to an option, when resolved to another option, then CampaignsError", () =>
    Effect.gen(function* () {
      const once = success(resolve(inState("active"), "home"))
      const error = failure(resolve(once, "away", at(1)))
      assert.strictEqual(error._tag, "CampaignsError")
      assert.include(error.message, "home")
    })
  )

  it.effect("given an archived prediction, when resolved (even to its own option), then CampaignsError", () =>
    Effect.gen(function* () {
      assert.strictEqual(failure(resolve(inState("archived"), "home"))._tag, "CampaignsError")
      const resolvedThenArchived = inState("archived", { resolvedOptionId: "home", resolvedAt: at(-1) })
      assert.strictEqual(failure(resolve(resolvedThenArchived, "home"))._tag, "CampaignsError")
    })
  )

  it.effect("given a draft or a paused prediction, when resolved, then it stays in its state", () =>
    Effect.gen(function* () {
      for (const status of ["draft", "paused"] as const) {
        const after = success(resolve(inState(status), "home"))
        assert.strictEqual(after.status, status)
        assert.strictEqual(after.resolvedOptionId, "home")
      }
    })
  )
})

// -----------------------------------------------------------------------------
// 6. Invariants over random command sequences
// -----------------------------------------------------------------------------

const Step = Schema.Literals([
  "activate",
  "activate with handoverAt",
  "pause",
  "archive",
  "restore",
  "resolve home",
  "resolve away",
  "resolve unknown",
  "edit"
])
type Step = typeof Step.Type

/** One step of a random walk, at `now`; an edit is the gate followed by `apply`. */
const step = (c: Campaign.Campaign, s: Step, now: DateTime.Utc, i: number) => {
  const game_ = game(c.gameSlug)
  switch (s) {
    case "activate":
      return Result.map(
        Campaign.activate(c, { game: game_, others: [], handoverAt: undefined, now }),
        (d) => d.campaign
      )
    case "activate with handoverAt":
      return Result.map(
        Campaign.activate(c, {
          game: game_,
          others: [other("gi_current", { activatedAt: DateTime.subtract(now, { hours: 1 }) })],
          handoverAt: DateTime.add(now, { hours: 1 }),
          now
        }),
        (d) => d.campaign
      )
    case "pause":
    case "archive":
    case "restore":
      return Campaign.transition(c, { _tag: plainCommands[s] }, now)
    case "resolve home":
    case "resolve away":
    case "resolve unknown":
      return Campaign.transition(
        c,
        { _tag: "Resolve", optionId: s.slice("resolve ".length), optionIds: predictionOptionIds },
        now
      )
    case "edit":
      return Result.map(Campaign.transition(c, { _tag: "Edit" }, now), (gated) =>
        Campaign.apply(gated, { name: `Edit ${i}`, maxPlaysPerParticipant: i + 1 }, now)
      )
  }
}

describe("Campaign lifecycle invariants", () => {
  it.effect.prop(
    "for any sequence of commands, the status stays one of the four and an archived campaign changes only by restore",
    {
      slug: Schema.Literals(["prediction", "spin-the-wheel"]),
      steps: Schema.Array(Step).check(Schema.isMinLength(5), Schema.isMaxLength(40))
    },
    ({ slug, steps }) =>
      Effect.gen(function* () {
        let c = given({}, slug)
        let resolvedOnce: string | null = null
        for (const [i, s] of steps.entries()) {
          const now = DateTime.add(NOW, { minutes: i })
          const result = step(c, s, now, i)
          if (c.status === "archived") {
            if (s === "restore") {
              assert.deepStrictEqual(success(result), { ...c, status: "paused", updatedAt: now })
            } else {
              assert.strictEqual(failure(result)._tag, "CampaignsError", `archived, ${s}`)
            }
          }
          if (Result.isSuccess(result)) {
            const next = result.success
            assert.include(Campaign.CampaignStatus.literals, next.status)
            // activatedAt is set once and never moves; a resolution is never replaced.
            if (c.activatedAt !== null) assert.strictEqual(iso(next.activatedAt), iso(c.activatedAt))
            if (next.status === "active") assert.isNotNull(next.activatedAt)
            if (resolvedOnce !== null) assert.strictEqual(next.resolvedOptionId, resolvedOnce)
            resolvedOnce = next.resolvedOptionId
            c = next
          }
        }
        if (slug !== "prediction") assert.isNull(c.resolvedOptionId)
      }),
    { arbitrary: { runs: 300, size: 40, seed: 20260301 } }
  )

  /**
   * Windows on an hour grid: activation succeeds exactly when no hour from now on has both
   * campaigns live (half-open windows with whole-hour ends share a whole hour when they overlap).
   */
  const Hour = Schema.Int.check(Schema.isBetween({ minimum: -30, maximum: 30 }))
  it.effect.prop(
    "activation succeeds exactly when the two live windows share no instant from now on",
    {
      mineFrom: Schema.NullOr(Hour),
      mineLength: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 }))),
      theirsFrom: Schema.NullOr(Hour),
      theirsLength: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })))
    },
    ({ mineFrom, mineLength, theirsFrom, theirsLength }) =>
      Effect.gen(function* () {
        const mineStart = mineFrom ?? 0
        const theirsStart = theirsFrom ?? -24
        // A campaign whose own window is already over cannot be compared "from now on".
        if (mineLength !== null && mineStart + mineLength <= 0) return
        const me = inState("draft", {
          liveFrom: mineFrom === null ? null : at(mineFrom),
          liveUntil: mineLength === null ? null : at(mineStart + mineLength)
        })
        const them = other("gi_other", {
          liveFrom: theirsFrom === null ? null : at(theirsFrom),
          liveUntil: theirsLength === null ? null : at(theirsStart + theirsLength)
        })
        const result = activate(me, { others: [them] })
        const activated = Result.isSuccess(result)
          ? result.success.campaign
          : { ...me, status: "active" as const, activatedAt: NOW }
        let shared = false
        for (let h = 0; h <= 70; h++) {
          if (Campaign.isLiveAt(activated, at(h)) && Campaign.isLiveAt(them, at(h))) shared = true
        }
        assert.strictEqual(outcome(Result.map(result, (d) => d.campaign)), shared ? "CampaignsError" : "active")
      }),
    { arbitrary: { runs: 500, seed: 42 } }
  )
})

// -----------------------------------------------------------------------------
// 7. The reason of each refusal
// -----------------------------------------------------------------------------

/** A failure's reason as data (its tag and fields). */
const reasonOf = (error: CampaignsError | InvalidFields | GameError): object =>
  "reason" in error ? { ...error.reason } : { ...error }

describe("Campaign refusals: the reason says which rule", () => {
  /** A command refused in a state: the state, the command, the reason. */
  const refusedCommands: ReadonlyArray<
    readonly [Campaign.CampaignStatus, "Pause" | "Archive" | "Restore" | "Edit" | "Activate", object]
  > = [
    ["draft", "Pause", { _tag: "CampaignNotActive", campaignId: "gi_new", status: "draft" }],
    ["archived", "Archive", { _tag: "CampaignArchived", campaignId: "gi_new", command: "archive" }],
    ["active", "Restore", { _tag: "CampaignNotArchived", campaignId: "gi_new", status: "active" }],
    ["archived", "Edit", { _tag: "CampaignArchived", campaignId: "gi_new", command: "edit" }],
    ["active", "Activate", { _tag: "CampaignAlreadyActive", campaignId: "gi_new" }],
    ["archived", "Activate", { _tag: "CampaignArchived", campaignId: "gi_new", command: "activate" }]
  ]

  it.effect.each(refusedCommands)("a %s campaign refuses %s", ([status, command, then]) =>
    Effect.gen(function* () {
      // Activating goes through `Campaign.activate`, which also weighs the channel's other campaigns.
      const error =
        command === "Activate"
          ? failure(activate(inState(status), {}))
          : failure(Campaign.transition(inState(status), { _tag: command }, NOW))
      assert.deepStrictEqual(reasonOf(error), then)
    })
  )

  const cases: ReadonlyArray<{
    readonly name: string
    readonly result: () => Result.Result<unknown, CampaignsError | InvalidFields | GameError>
    readonly then: { readonly _tag: string } & Record<string, unknown>
  }> = [
    {
      name: "activating with an incomplete config",
      result: () => activate(given({ config: { question: "Who?" } }), {}),
      then: {
        _tag: "ConfigIncomplete",
        details: [{ path: "config.options", message: "is required to activate the campaign" }]
      }
    },
    {
      name: "activating over another campaign's live window",
      result: () => activate(inState("draft"), { others: [other("gi_other")] }),
      then: { _tag: "LiveWindowOverlap", campaignId: "gi_other" }
    },
    {
      name: "a handover with nothing live then",
      result: () => activate(inState("draft"), { others: [other("gi_a", { liveUntil: at(1) })], handoverAt: at(2) }),
      then: { _tag: "NoCampaignToHandOver", channelId: "ch_1", handoverAt: at(2) }
    },
    {
      name: "resolving a wheel",
      result: () =>
        Campaign.transition(
          given({ status: "active", activatedAt: at(-1) }, "spin-the-wheel"),
          { _tag: "Resolve", optionId: "home", optionIds: predictionOptionIds },
          NOW
        ),
      then: { _tag: "NotAPrediction", campaignId: "gi_new", gameSlug: "spin-the-wheel" }
    },
    {
      name: "resolving a resolved prediction to another option",
      result: () =>
        Campaign.transition(
          inState("active", { resolvedOptionId: "home", resolvedAt: at(-1) }),
          { _tag: "Resolve", optionId: "away", optionIds: predictionOptionIds },
          NOW
        ),
      then: { _tag: "AlreadyResolved", campaignId: "gi_new", optionId: "home" }
    }
  ]

  it.effect.each(cases)("$name: $then._tag", ({ result, then }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(reasonOf(failure(result())), then)
    })
  )
})

describe("Campaign.windowFree: one live campaign per channel", () => {
  const free = (me: Campaign.Campaign, others: ReadonlyArray<Campaign.Campaign>) =>
    Result.isSuccess(Campaign.windowFree(me, others, NOW))
      ? "free"
      : reasonOf(failure(Campaign.windowFree(me, others, NOW)))

  it.effect("given no other campaign, or only itself, then the window is free", () =>
    Effect.gen(function* () {
      const me = inState("active")
      assert.strictEqual(free(me, []), "free")
      assert.strictEqual(free(me, [me]), "free")
    })
  )

  it.effect("given campaigns that ended or that touch it, then the window is free", () =>
    Effect.gen(function* () {
      const me = inState("active", { liveFrom: at(10), liveUntil: at(20) })
      const ended = other("gi_ended", { liveUntil: at(-1) })
      const before_ = other("gi_before", { liveUntil: at(10) })
      const after = other("gi_after", { liveFrom: at(20) })
      assert.strictEqual(free(me, [ended, before_, after]), "free")
    })
  )

  it.effect("given overlapping campaigns, then LiveWindowOverlap names the first one", () =>
    Effect.gen(function* () {
      const me = inState("active", { liveFrom: at(10), liveUntil: at(20) })
      const overlapping = [other("gi_ended", { liveUntil: at(-1) }), other("gi_b", { liveFrom: at(19) }), other("gi_c")]
      assert.deepStrictEqual(free(me, overlapping), { _tag: "LiveWindowOverlap", campaignId: "gi_b" })
      const error = failure(Campaign.windowFree(me, overlapping, NOW))
      assert.deepStrictEqual(paths(error), ["liveFrom"])
      assert.include(error.message, "gi_b")
    })
  )
})

describe("Campaign.checkEdit: an edit keeps an active campaign's activation rules", () => {
  /** The edit, applied then checked against the channel's other active campaigns. */
  const edit = (
    current: Campaign.Campaign,
    patch: Campaign.UpdateCampaign,
    others: ReadonlyArray<Campaign.Campaign> = []
  ) => {
    const next = Campaign.apply(current, patch, NOW)
    const result = Campaign.checkEdit(next, { game: game(next.gameSlug), others: [next, ...others], now: NOW })
    return Result.isSuccess(result) ? "kept" : reasonOf(result.failure)
  }
  const live = inState("active", { liveUntil: at(10) })
  const later = other("gi_later", { liveFrom: at(12), liveUntil: at(20) })

  it.effect("given a later campaign, when the live one is stretched into it, then LiveWindowOverlap names it", () =>
    Effect.gen(function* () {
      assert.strictEqual(edit(live, { liveUntil: at(12) }, [later]), "kept")
      assert.deepStrictEqual(edit(live, { liveUntil: at(13) }, [later]), {
        _tag: "LiveWindowOverlap",
        campaignId: "gi_later"
      })
      assert.deepStrictEqual(edit(live, { liveUntil: null }, [later]), {
        _tag: "LiveWindowOverlap",
        campaignId: "gi_later"
      })
    })
  )

  it.effect("given an active campaign, when its config loses a required key, then ConfigIncomplete", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(edit(live, { config: { question: "Who?" } }), {
        _tag: "ConfigIncomplete",
        details: [{ path: "config.options", message: "is required to activate the campaign" }]
      })
    })
  )

  it.effect("given an active campaign, when its end is moved to now, then InvalidFields at liveUntil", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(edit(live, { liveUntil: NOW }), {
        _tag: "InvalidFields",
        details: [{ path: "liveUntil", message: "has passed; the campaign would never be live" }]
      })
    })
  )

  it.effect.each(["draft", "paused"] as const)(
    "given a %s campaign, then any window is kept (none is live)",
    (status) =>
      Effect.gen(function* () {
        assert.strictEqual(edit(inState(status), { liveUntil: null, config: {} }, [later]), "kept")
      })
  )

  it.effect.prop(
    "an edit of an active campaign is refused exactly when activating it (paused) would be",
    {
      mine: Schema.Tuple([
        Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: -30, maximum: 30 }))),
        Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })))
      ]),
      theirs: Schema.Tuple([
        Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: -30, maximum: 30 }))),
        Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })))
      ])
    },
    ({ mine, theirs }) =>
      Effect.gen(function* () {
        const window = ([from, length]: readonly [number | null, number | null]) => ({
          liveFrom: from === null ? null : at(from),
          liveUntil: length === null ? null : at((from ?? 0) + length)
        })
        const me = inState("active", window(mine))
        const them = other("gi_other", window(theirs))
        const edited = Campaign.checkEdit(me, { game: game(me.gameSlug), others: [them], now: NOW })
        const activated = activate({ ...me, status: "paused" }, { others: [them] })
        assert.deepStrictEqual(
          Result.isSuccess(edited) ? "kept" : reasonOf(edited.failure),
          Result.isSuccess(activated) ? "kept" : reasonOf(activated.failure)
        )
      }),
    { arbitrary: { runs: 300, seed: 12 } }
  )
})

// -----------------------------------------------------------------------------
// 9. What a user reads: detail messages, one-sided windows, the request schemas
// -----------------------------------------------------------------------------

describe("Campaign detail messages", () => {
  const details = (c: Campaign.Campaign) => Campaign.check(c, game(c.gameSlug))
  const detailsOf = (result: Result.Result<unknown, CampaignsError | InvalidFields | GameError>) =>
    failure(result).details

  it.effect("check says what is wrong with each field", () =>
    Effect.gen(function* () {
      const c = given({
        winnerSelectionTrigger: "auto_on_schedule",
        winnerSelectionAlgorithm: "score_highest",
        liveFrom: at(2),
        liveUntil: at(1),
        winnerSelectionConfig: { ...Campaign.defaultSelectionConfig, windowStart: at(2), windowEnd: at(1) }
      })
      assert.deepStrictEqual(details(c), [
        { path: "scheduleAt", message: "is required when winnerSelectionTrigger is auto_on_schedule" },
        { path: "liveUntil", message: "must be after liveFrom" },
        { path: "winnerSelectionConfig.windowEnd", message: "must be after windowStart" },
        { path: "winnerSelectionAlgorithm", message: "score_highest needs a game that keeps a score" }
      ])
    })
  )

  it.effect("check reports every fault of the config, not only the first", () =>
    Effect.gen(function* () {
      assert.sameMembers(
        details(given({ config: { question: "", options: "home" } })).map((d) => d.path),
        ["config.question", "config.options"]
      )
    })
  )

  it.effect("resolving to an unknown option says it is not one of the options", () =>
    Effect.gen(function* () {
      const result = Campaign.transition(
        inState("active"),
        { _tag: "Resolve", optionId: "draw", optionIds: predictionOptionIds },
        NOW
      )
      assert.deepStrictEqual(detailsOf(result), [{ path: "optionId", message: "is not one of the campaign's options" }])
    })
  )

  it.effect("activation says why a window or a handover is refused", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(detailsOf(activate(inState("draft", { liveUntil: at(-1) }), {})), [
        { path: "liveUntil", message: "has passed; the campaign would never be live" }
      ])
      assert.deepStrictEqual(
        detailsOf(activate(inState("draft"), { others: [other("gi_current")], handoverAt: at(-1) })),
        [{ path: "handoverAt", message: "must not be in the past" }]
      )
      assert.deepStrictEqual(
        detailsOf(
          activate(inState("draft", { liveUntil: at(2) }), { others: [other("gi_current")], handoverAt: at(2) })
        ),
        [{ path: "handoverAt", message: "must be before the campaign's liveUntil" }]
      )
    })
  )
})

describe("Campaign windows with one end", () => {
  const checkPaths = (c: Campaign.Campaign) => Campaign.check(c, game(c.gameSlug)).map((d) => d.path)

  it.effect.each([
    { name: "only windowStart", start: 2, end: null },
    { name: "only windowEnd", start: null, end: -2 }
  ])("a winner-selection window with $name is fine", ({ start, end }) =>
    Effect.gen(function* () {
      const c = given({
        winnerSelectionConfig: {
          ...Campaign.defaultSelectionConfig,
          windowStart: start === null ? null : at(start),
          windowEnd: end === null ? null : at(end)
        }
      })
      assert.deepStrictEqual(checkPaths(c), [])
    })
  )

  it.effect("a live window with only liveFrom is fine", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(checkPaths(given({ liveFrom: at(5), liveUntil: null })), [])
    })
  )

  it.effect("make's defaults: one winner by earliest entry, no window, one grant per participant", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(Campaign.defaultSelectionConfig, {
        maxWinners: 1,
        tieBreak: "earliest_entry",
        windowStart: null,
        windowEnd: null
      })
      const c = given()
      assert.isTrue(c.grantOncePerParticipant)
      assert.isNull(c.rewardValidForSeconds)
    })
  )

  it.effect("apply sets every setting that is sent", () =>
    Effect.gen(function* () {
      const patch = {
        name: "Renamed",
        config: { question: "Who?" },
        prize: { label: "A bike" },
        theme: { labels: { title: "Ok" } },
        winnerSelectionTrigger: "auto_on_schedule",
        winnerSelectionAlgorithm: "random_weighted",
        scheduleAt: at(30),
        liveFrom: at(2),
        liveUntil: at(20),
        maxPlaysPerParticipant: 3,
        maxPlaysPerParticipantPerDay: 1,
        playLimitTimezone: "Europe/Paris"
      } as const
      const next = Campaign.apply(given(), patch, NOW)
      assert.deepStrictEqual(next, { ...given(), ...patch, updatedAt: NOW })
    })
  )

  it.effect("apply sets each key of winnerSelectionConfig that is sent and keeps the others from the base", () =>
    Effect.gen(function* () {
      const base = given({
        winnerSelectionConfig: { maxWinners: 5, tieBreak: "random", windowStart: at(-1), windowEnd: at(5) }
      })
      const sent = Campaign.apply(
        base,
        { winnerSelectionConfig: { maxWinners: 2, tieBreak: "earliest_entry", windowStart: at(1), windowEnd: at(3) } },
        NOW
      )
      assert.deepStrictEqual(sent.winnerSelectionConfig, {
        maxWinners: 2,
        tieBreak: "earliest_entry",
        windowStart: at(1),
        windowEnd: at(3)
      })
      const cleared = Campaign.apply(base, { winnerSelectionConfig: { windowStart: null } }, NOW)
      assert.deepStrictEqual(cleared.winnerSelectionConfig, {
        maxWinners: 5,
        tieBreak: "random",
        windowStart: null,
        windowEnd: at(5)
      })
      const kept = Campaign.apply(base, { winnerSelectionConfig: {} }, NOW)
      assert.deepStrictEqual(kept.winnerSelectionConfig, base.winnerSelectionConfig)
    })
  )

  it.effect("an active campaign with liveFrom ahead and no end is not live before liveFrom, then live for good", () =>
    Effect.gen(function* () {
      const c = inState("active", { liveFrom: at(1), activatedAt: at(-1) })
      assert.isFalse(Campaign.isLiveAt(c, NOW))
      assert.isFalse(Campaign.isLiveAt(c, justBefore(at(1))))
      assert.isTrue(Campaign.isLiveAt(c, at(1)))
      assert.isTrue(Campaign.isLiveAt(c, at(10_000)))
    })
  )

  it.effect("an active campaign with neither liveFrom nor activatedAt is live until its liveUntil", () =>
    Effect.gen(function* () {
      const c = inState("active", { activatedAt: null, liveUntil: at(1) })
      assert.isNull(Campaign.windowStart(c))
      assert.isTrue(Campaign.isLiveAt(c, at(-1_000)))
      assert.isFalse(Campaign.isLiveAt(c, at(1)))
      assert.isTrue(Campaign.isLiveAt(inState("active", { activatedAt: null }), NOW))
    })
  )
})

describe("Campaign request and view schemas", () => {
  const accepts = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown) =>
    Result.isSuccess(Schema.decodeUnknownResult(schema)(input))
  const messagesOf = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown) =>
    Effect.runSync(
      Validation.decode(schema)(input).pipe(
        Effect.match({ onSuccess: () => [], onFailure: (e) => (e.details ?? []).map((d) => d.message) })
      )
    )

  it.effect.each([
    { name: "Trigger", schema: Campaign.Trigger, values: ["manual", "auto_on_session_end", "auto_on_schedule"] },
    { name: "TieBreak", schema: Campaign.TieBreak, values: ["earliest_entry", "random"] },
    { name: "CampaignStatus", schema: Campaign.CampaignStatus, values: ["draft", "active", "paused", "archived"] }
  ])("$name accepts exactly its values", ({ schema, values }) =>
    Effect.gen(function* () {
      for (const value of values) assert.isTrue(accepts(schema, value), value)
      assert.isFalse(accepts(schema, ""))
      assert.isFalse(accepts(schema, "other"))
    })
  )

  it.effect("the schemas the API documents carry their OpenAPI names", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        [Campaign.Prize, Campaign.CampaignView, Campaign.CreateCampaign, Campaign.UpdateCampaign].map((s) =>
          SchemaAST.resolveIdentifier(s.ast)
        ),
        ["Prize", "GameInstance", "CreateGameInstance", "UpdateGameInstance"]
      )
    })
  )

  it.effect("CampaignView has every stored field but the account, and gameId, in the documented order", () =>
    Effect.gen(function* () {
      const stored = Object.keys(Campaign.fields).filter((k) => k !== "accountId")
      const first = ["id", "gameId", "gameSlug", "name", "status", "channelId"]
      assert.deepStrictEqual(Object.keys(Campaign.CampaignView.fields), [
        ...first,
        ...stored.filter((k) => !first.includes(k))
      ])
      const c = given()
      const shown = Campaign.view(c)
      assert.strictEqual(shown.gameId, "prediction")
      assert.notProperty(shown, "accountId")
      assert.deepStrictEqual(Object.keys(shown).sort(), Object.keys(Campaign.CampaignView.fields).sort())
    })
  )

  it.effect("CreateCampaign needs gameSlug, name and channelId; every setting is optional", () =>
    Effect.gen(function* () {
      const keys = Object.keys(Campaign.CreateCampaign.fields)
      assert.deepStrictEqual(keys.slice(0, 3), ["gameSlug", "name", "channelId"])
      assert.sameMembers(
        keys.slice(3),
        Object.keys(Campaign.UpdateCampaign.fields).filter((k) => k !== "name")
      )
      const body = { gameSlug: "quiz", name: "Quiz night", channelId: "ch_1" }
      assert.isTrue(accepts(Campaign.CreateCampaign, body))
      for (const key of Object.keys(body)) {
        const without: Record<string, unknown> = { ...body }
        delete without[key]
        assert.isFalse(accepts(Campaign.CreateCampaign, without), key)
      }
      assert.isFalse(accepts(Campaign.CreateCampaign, { ...body, name: "" }))
    })
  )

  it.effect("UpdateCampaign needs at least one property, and takes any one alone", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(messagesOf(Campaign.UpdateCampaign, {}), ["Expected at least one property to change"])
      assert.deepStrictEqual(messagesOf(Campaign.UpdateCampaign, { name: "Renamed" }), [])
      assert.deepStrictEqual(messagesOf(Campaign.UpdateCampaign, { winnerSelectionTrigger: "manual" }), [])
      assert.isFalse(accepts(Campaign.UpdateCampaign, { name: "" }))
    })
  )

  it.effect("ActivateCampaign takes an optional handoverAt; ResolveCampaign needs an optionId", () =>
    Effect.gen(function* () {
      assert.isTrue(accepts(Campaign.ActivateCampaign, {}))
      const activation = Schema.decodeUnknownSync(Campaign.ActivateCampaign)({ handoverAt: "2026-03-01T13:00:00Z" })
      assert.strictEqual(iso(activation.handoverAt ?? null), iso(at(1)))
      assert.isFalse(accepts(Campaign.ActivateCampaign, { handoverAt: "tomorrow" }))
      assert.isTrue(accepts(Campaign.ResolveCampaign, { optionId: "home" }))
      assert.isFalse(accepts(Campaign.ResolveCampaign, {}))
      assert.isFalse(accepts(Campaign.ResolveCampaign, { optionId: "" }))
    })
  )

  it.effect("Prize needs a label and keeps its description and externalRef", () =>
    Effect.gen(function* () {
      const prize = { label: "A bike", description: "Red, 28 inch", externalRef: "sku_1" }
      assert.deepStrictEqual(Schema.decodeUnknownSync(Campaign.Prize)(prize), prize)
      assert.isFalse(accepts(Campaign.Prize, {}))
      assert.isFalse(accepts(Campaign.Prize, { label: "" }))
    })
  )

  it.effect.each([
    { name: "SelectionConfigInput", schema: Campaign.SelectionConfigInput },
    {
      name: "SelectionConfigView",
      schema: Campaign.SelectionConfigView.mapFields((f) => ({
        ...f,
        windowStart: Schema.Null,
        windowEnd: Schema.Null
      }))
    }
  ])("$name takes 1 to 1000 winners", ({ schema }) =>
    Effect.gen(function* () {
      const base = { tieBreak: "random", windowStart: null, windowEnd: null }
      for (const maxWinners of [1, 1000]) assert.isTrue(accepts(schema, { ...base, maxWinners }), `${maxWinners}`)
      for (const maxWinners of [0, 1001, 1.5]) assert.isFalse(accepts(schema, { ...base, maxWinners }), `${maxWinners}`)
    })
  )
})
