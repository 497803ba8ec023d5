/**
 * The players: at each instant the world planned, a player's visit to a channel goes through the
 * engine as an embed and its backend would: the backend authenticates its key and mints a client
 * token, the embed starts the play a little later and finishes it once the game is played. Some
 * players wander off (a token never used, a game never finished), some come back after the token
 * expired, some send a body the game refuses and then a good one, some press "finish" twice, some
 * reuse a token. Every answer is checked against what the model says the engine must answer:
 *
 * - `plays.live-campaign`: a mint gives a token exactly when a campaign that takes plays is live on
 *   the channel (not a resolved prediction: else the channel's between-campaigns message), and the
 *   session it starts is that campaign's, even when a handover or a pause came between the mint and
 *   the start.
 * - `plays.month-limit`: a mint, and the start of a token minted before, is refused with the plan's
 *   `playsPerMonth` exactly when the account's plays of the month (UTC) reached it.
 * - `plays.tokens`: a token is good for 15 minutes (from the mint's second rounded up) and one
 *   start (`TokenExpired`, `TokenAlreadyUsed`), for its campaign only while it is active and not a
 *   resolved prediction (`GameUnavailable`); a session finishes once (`PlayAlreadyFinished`), and
 *   not once its prediction is resolved (`GameUnavailable`); a refused body (`InvalidRequest`)
 *   writes nothing.
 * - `plays.scoring`: the entry is the play's: the wheel lands on one of its segments, the quiz is
 *   scored from the answers, the memory match is played card by card (`POST …/flips` on a board the
 *   server dealt: every answer is checked against the faces seen so far) and scored by the server
 *   from the flips and their time (the formula of docs/api-decisions.md, written again here), the
 *   prediction the option chosen;
 *   a prediction's entry is eligible only once the campaign is resolved to its option.
 * - `plays.answers`: every call gets one of the answers the specification gives for it.
 *
 * Play limits are the oracle's (`invariants/PlayLimits`).
 *
 * @since 0.1.0
 */
import type { Errors } from "@campaign-games/core"
import { Effect, Result } from "effect"
import { canonicalJson, iso } from "../EventLog.ts"
import * as PlayLimits from "../invariants/PlayLimits.ts"
import { utcMonth } from "../LocalTime.ts"
import * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"
import { type Attempt, type GamePlan, MINUTE, SECOND } from "../World.ts"
import { describe, millisOf } from "./Calls.ts"

export const LIVE = "plays.live-campaign"
export const MONTH = "plays.month-limit"
export const TOKENS = "plays.tokens"
export const SCORING = "plays.scoring"
export const ANSWERS = "plays.answers"

/** The default lifetime of a client token. */
const TOKEN_TTL_SECONDS = 900

/** A finish body, and what the entry must hold when the game takes it (or the field it is refused at). */
interface Body {
  readonly body: unknown
  readonly score: number | null
  readonly predictionValue: { readonly optionId: string } | null
  /** For a body the game must refuse: the path of the field named in the refusal. */
  readonly refusedAt?: string
}

const bodyOf = (sim: Sim, game: GamePlan, skill: number, invalid: boolean, board?: PlayedBoard): Body => {
  const rng = sim.driver
  switch (game.slug) {
    case "spin-the-wheel":
      return invalid
        ? { body: { segmentId: game.segments[0]!.id }, score: null, predictionValue: null, refusedAt: "segmentId" }
        : { body: {}, score: null, predictionValue: null }
    case "quiz": {
      let score = 0
      const answers: Array<{ questionId: string; optionId: string }> = []
      for (const q of game.questions) {
        if (!rng.chance(0.9)) continue
        const right = rng.chance(skill)
        const optionId = right ? q.correctOptionId : rng.pick(q.options.filter((o) => o.id !== q.correctOptionId)).id
        if (right) score += q.points
        answers.push({ questionId: q.id, optionId })
      }
      if (!invalid) return { body: { answers }, score, predictionValue: null }
      answers.push({ questionId: "q99", optionId: "a" })
      return { body: { answers }, score, predictionValue: null, refusedAt: `answers.${answers.length - 1}.questionId` }
    }
    case "prediction": {
      const optionId = invalid ? "o99" : rng.pick(game.options).id
      return {
        body: { optionId },
        score: null,
        predictionValue: { optionId },
        ...(invalid ? { refusedAt: "optionId" } : {})
      }
    }
    case "memory-match": {
      // Scored by the server: a score sent is refused by name; `{}` scores the board as played.
      if (invalid)
        return { body: { score: rng.int(0, game.maxScore) }, score: null, predictionValue: null, refusedAt: "score" }
      return { body: {}, score: board?.score ?? null, predictionValue: null }
    }
  }
}

/** A Memory Match board as a player played it: its flips, and the score the server must give it. */
interface PlayedBoard {
  readonly flips: number
  readonly score: number
}

/**
 * The oracle's score of a whole board (docs/api-decisions.md): `round(maxScore × 2P / F × speed)`,
 * speed 1 up to par (`min(L, 2P s)`) and down to 0.5 at the limit `L`; `t` is the last match's time.
 */
const boardScore = (pairs: number, flips: number, t: number, limitSeconds: number, maxScore: number): number => {
  const limit = limitSeconds * SECOND
  const par = Math.min(limit, pairs * 2 * SECOND)
  const speed = t <= par ? 1 : 1 - (0.5 * (t - par)) / (limit - par)
  return Math.round(maxScore * ((pairs * 2) / flips) * speed)
}

/** The boards the players of a run played, by session. */
const boards = new WeakMap<Model.Play, PlayedBoard>()

/**
 * Plays a whole Memory Match board through the engine's flips, at the instant of the finish: each
 * turn turns an unknown card, then its partner when the player remembers it (a chance of `skill`)
 * or another card. Each answer is checked: the position asked, a face seen twice at most, the flips
 * and pairs counted as the model counts them.
 */
const playBoard = (sim: Sim, play: Model.Play, token: string, skill: number, pairs: number) =>
  Effect.gen(function* () {
    const rng = sim.driver
    const faces = new Map<number, number>()
    const matched = new Set<number>()
    let flips = 0
    let matchedPairs = 0
    const turn = Effect.fnUntraced(function* (position: number) {
      const result = yield* Effect.result(sim.engine.plays.flip(token, play.sessionId!, position))
      flips++
      const ok =
        Result.isSuccess(result) &&
        result.success.position === position &&
        result.success.flips === flips &&
        (!faces.has(position) || faces.get(position) === result.success.face) &&
        [...faces].filter(([p, f]) => p !== position && Result.isSuccess(result) && f === result.success.face).length <=
          1
      sim.invariants.check(
        SCORING,
        ok,
        () =>
          `flip ${flips} of ${play.sessionId} at ${position}: ${Result.isFailure(result) ? describe(result.failure) : canonicalJson(result.success)}`
      )
      if (Result.isFailure(result)) return -1
      faces.set(position, result.success.face)
      return result.success.face
    })
    const unknown = () => Array.from({ length: pairs * 2 }, (_, p) => p).filter((p) => !faces.has(p) && !matched.has(p))
    while (matchedPairs < pairs && flips < pairs * 8) {
      const knownPair = [...faces].find(
        ([p, f]) => !matched.has(p) && [...faces].some(([q, g]) => q !== p && g === f && !matched.has(q))
      )
      const first = knownPair !== undefined ? knownPair[0] : rng.pick(unknown())
      const face = yield* turn(first)
      if (face < 0) break
      const partner = [...faces].find(([q, g]) => q !== first && g === face && !matched.has(q))?.[0]
      const others = unknown().filter((p) => p !== first)
      const second =
        partner !== undefined && (knownPair !== undefined || others.length === 0 || rng.chance(skill))
          ? partner
          : rng.pick(others)
      const secondFace = yield* turn(second)
      if (secondFace === face && face >= 0) {
        matched.add(first).add(second)
        matchedPairs++
      }
    }
    sim.invariants.check(
      SCORING,
      matchedPairs === pairs,
      () => `board of ${play.sessionId}: ${matchedPairs} of ${pairs} pairs`
    )
    sim.counters.add("plays.memory-flips", flips)
    return { flips, matchedPairs }
  })

/** How long the game takes to play, by game. */
const durationOf = (sim: Sim, game: GamePlan): number => {
  const r = sim.driver
  switch (game.slug) {
    case "spin-the-wheel":
      return Math.floor(r.between(3 * SECOND, 15 * SECOND))
    case "quiz":
      return Math.floor(r.between(20 * SECOND, 150 * SECOND))
    case "prediction":
      return Math.floor(r.between(5 * SECOND, 60 * SECOND))
    case "memory-match":
      return Math.floor(r.between(20 * SECOND, 90 * SECOND))
  }
}

/** The reason of a refusal for play limits, if the failure is one. */
const limitReason = (failure: { readonly _tag: string }): Errors.PlayLimitReached | undefined => {
  if (failure._tag !== "PlaysError") return undefined
  const reason = (failure as Errors.PlaysError).reason
  return reason._tag === "PlayLimitReached" ? reason : undefined
}

/** `campaign.total.3`, … as the engine names the limits a refusal reached (none for another failure). */
const reachedOf = (failure: { readonly _tag: string }): Array<string> =>
  (limitReason(failure)?.reached ?? []).map((r) => `${r.scope}.${r.period}.${r.limit}`)

/** Counts each limit a refusal reached, by scope and period (`limits.campaign.total`, …). */
const countReached = (sim: Sim, reached: ReadonlyArray<string>) => {
  for (const r of reached) sim.counters.add(`limits.${r.split(".").slice(0, 2).join(".")}`)
}

/** When a refusal for play limits says the player may play again (epoch milliseconds), or null. */
const resetsAtOf = (failure: { readonly _tag: string }) => millisOf(limitReason(failure)?.resetsAt ?? null)

/** The players of a run, whose play limits `limits` decides. */
export const make = (limits: PlayLimits.PlayLimits): Part => {
  const finish = (sim: Sim, play: Model.Play, token: string, invalid: boolean): Effect.Effect<void> =>
    Effect.gen(function* () {
      const at = sim.now()
      const player = sim.world.players[play.player]!
      const campaign = play.campaign
      const game = campaign.plan.game
      const again = play.finished !== null
      if (game.slug === "memory-match" && !again && !boards.has(play)) {
        const { flips } = yield* playBoard(sim, play, token, player.skill, game.pairs)
        const score = boardScore(game.pairs, flips, at - play.startedAt!, game.timeLimitSeconds, game.maxScore)
        boards.set(play, { flips, score })
      }
      const planned = bodyOf(sim, game, player.skill, invalid, boards.get(play))
      const result = yield* Effect.result(sim.engine.plays.finish(token, play.sessionId!, planned.body))
      // A prediction resolved since the start takes no more plays: its answer is out.
      const expected = again
        ? "PlaysError/PlayAlreadyFinished"
        : campaign.resolvedOptionId !== null
          ? "PlaysError/GameUnavailable"
          : invalid
            ? "InvalidRequest"
            : "finished"
      if (Result.isFailure(result)) {
        const actual = describe(result.failure)
        const refusedBody = actual === "InvalidFields" || actual === "GameError/InvalidAnswer"
        const details = "details" in result.failure ? result.failure.details : undefined
        const matched =
          expected === "InvalidRequest"
            ? refusedBody && details?.some((d) => d.path === planned.refusedAt) === true
            : actual === expected
        sim.invariants.check(
          TOKENS,
          matched,
          () =>
            `finish of ${play.sessionId} at ${iso(at)}: ${actual} ${JSON.stringify(details ?? [])}, expected ` +
            `${expected} ${planned.refusedAt ?? ""}`
        )
        sim.invariants.check(
          ANSWERS,
          refusedBody || actual === "PlaysError/PlayAlreadyFinished" || actual === "PlaysError/GameUnavailable",
          () => `finish of ${play.sessionId}: ${actual}`
        )
        sim.log.append("finish", iso(at), play.sessionId!, actual)
        sim.counters.add(
          expected === "PlaysError/GameUnavailable"
            ? "plays.finish-refused-resolved"
            : invalid
              ? "plays.finish-refused-body"
              : "plays.finish-again"
        )
        if (expected === "InvalidRequest" && matched)
          sim.agenda.schedule(at + 3 * SECOND, "players", finish(sim, play, token, false))
        return
      }
      const { entry, outcome } = result.success
      sim.invariants.check(
        TOKENS,
        expected === "finished",
        () => `finish of ${play.sessionId} at ${iso(at)} passed, expected ${expected}`
      )
      sim.invariants.check(ANSWERS, true, () => "")
      if (expected !== "finished") return
      const eligible =
        planned.predictionValue === null ? true : campaign.resolvedOptionId === planned.predictionValue.optionId
      const landed =
        game.slug === "spin-the-wheel" && outcome !== null
          ? game.segments.find((s) => s.id === outcome.id && s.label === outcome.label && s.isWin === outcome.isWin)
          : undefined
      sim.invariants.check(
        SCORING,
        entry.campaignId === campaign.id &&
          entry.sessionId === play.sessionId &&
          entry.participantRef === player.ref &&
          millisOf(entry.createdAt) === at &&
          entry.weight === 1 &&
          entry.eligible === eligible &&
          (game.slug === "spin-the-wheel"
            ? landed !== undefined &&
              entry.score === null &&
              entry.outcome?.id === landed.id &&
              entry.outcome.label === landed.label &&
              entry.outcome.isWin === landed.isWin
            : outcome === null && entry.outcome === null && entry.score === planned.score) &&
          (game.slug === "prediction"
            ? entry.predictionValue?.optionId === planned.predictionValue?.optionId
            : entry.predictionValue === null),
        () =>
          `entry of ${play.sessionId} (${game.slug}): ${canonicalJson({ ...entry, createdAt: millisOf(entry.createdAt) })} ` +
          `outcome ${canonicalJson(outcome)}; expected score ${planned.score}, prediction ` +
          `${canonicalJson(planned.predictionValue)}, eligible ${eligible}, at ${at}`
      )
      play.finished = {
        entryId: entry.id,
        at,
        score: entry.score,
        predictionValue: entry.predictionValue,
        outcome: entry.outcome,
        endpoints: Model.endpointsFor(sim.model, "session_completed", campaign, play.channel)
      }
      campaign.finished.push(play)
      sim.counters.add("plays.finished")
      sim.counters.add(`entries.${game.slug}`)
      sim.log.append(
        "finish",
        iso(at),
        play.sessionId!,
        entry.id,
        entry.score,
        outcome === null ? "-" : outcome.id,
        entry.predictionValue === null ? "-" : entry.predictionValue.optionId,
        entry.eligible
      )
      sim.publish("finished", play)
      if (sim.driver.chance(0.01)) sim.agenda.schedule(at + SECOND, "players", finish(sim, play, token, false))
    })

  const start = (sim: Sim, play: Model.Play, token: string, reuse: boolean): Effect.Effect<void> =>
    Effect.gen(function* () {
      const at = sim.now()
      const player = sim.world.players[play.player]!
      const { campaign, channel } = play
      const reached = limits.reached(campaign, channel, player.ref, at)
      // The start counts the month's play: a token minted before the month filled up is refused.
      const account = sim.model.accounts[channel.plan.account]!
      const limit = account.plan.playsPerMonth
      const monthFull = limit !== null && (account.monthPlays.get(utcMonth(at)) ?? 0) >= limit
      const expected =
        at / 1000 >= play.exp
          ? "PlaysError/TokenExpired"
          : campaign.status !== "active" || campaign.resolvedOptionId !== null
            ? "PlaysError/GameUnavailable"
            : reached.length > 0
              ? "PlaysError/PlayLimitReached"
              : reuse
                ? "PlaysError/TokenAlreadyUsed"
                : monthFull
                  ? "PlanError/LimitReached"
                  : "started"
      const result = yield* Effect.result(sim.engine.plays.start(token))
      sim.counters.add("plays.starts")
      const actual = Result.isFailure(result) ? describe(result.failure) : "started"
      const known = [
        "started",
        "PlaysError/TokenExpired",
        "PlaysError/GameUnavailable",
        "PlaysError/PlayLimitReached",
        "PlaysError/TokenAlreadyUsed",
        "PlanError/LimitReached"
      ].includes(actual)
      sim.invariants.check(ANSWERS, known, () => `start of ${play.jti} at ${iso(at)}: ${actual}`)
      if (expected === "PlaysError/PlayLimitReached" || actual === "PlaysError/PlayLimitReached") {
        const got = Result.isFailure(result) ? reachedOf(result.failure) : []
        sim.invariants.check(
          PlayLimits.DECIDED,
          actual === expected && got.join() === reached.join(),
          () =>
            `start of ${player.ref} on ${campaign.plan.key} at ${iso(at)}: ${actual} ${got.join()}, expected ${expected} ${reached.join()}`
        )
        if (Result.isFailure(result) && actual === "PlaysError/PlayLimitReached") {
          limits.checkReset(campaign, channel, got, resetsAtOf(result.failure), at)
          countReached(sim, got)
        }
      } else {
        sim.invariants.check(
          TOKENS,
          actual === expected,
          () => `start of ${play.jti} at ${iso(at)}: ${actual}, expected ${expected}`
        )
      }
      if (Result.isFailure(result)) {
        sim.counters.add(`plays.start-refused.${actual.split("/")[1]}`)
        sim.log.append(
          "start",
          iso(at),
          play.jti,
          actual,
          ...(actual === "PlaysError/PlayLimitReached" ? [reachedOf(result.failure).join()] : [])
        )
        return
      }
      const { session } = result.success
      sim.invariants.check(
        LIVE,
        session.campaignId === campaign.id &&
          session.participantRef === player.ref &&
          millisOf(session.startedAt) === at,
        () =>
          `start of ${play.jti}: session of ${session.campaignId} for ${session.participantRef}, minted for ${campaign.id}`
      )
      if (actual !== expected) return
      if (!Model.isLiveAt(campaign, at)) sim.counters.add("plays.started-after-its-campaign-ended")
      play.sessionId = session.id
      play.startedAt = at
      sim.model.sessions.set(session.id, play)
      sim.model.plays.push(play)
      limits.started(campaign, channel, player.ref, at)
      const month = utcMonth(at)
      account.monthPlays.set(month, (account.monthPlays.get(month) ?? 0) + 1)
      sim.counters.add("plays.started")
      sim.log.append("start", iso(at), play.jti, session.id, campaign.id)
      const r = sim.driver
      if (r.chance(0.01)) sim.agenda.schedule(at + 2 * SECOND, "players", start(sim, play, token, true))
      if (r.chance(0.02)) {
        sim.counters.add("plays.abandoned-games")
        return
      }
      const invalid = r.chance(0.02)
      sim.agenda.schedule(at + durationOf(sim, campaign.plan.game), "players", finish(sim, play, token, invalid))
    })

  const mint = (sim: Sim, attempt: Attempt): Effect.Effect<void> =>
    Effect.gen(function* () {
      const at = sim.now()
      const playerIndex = attempt.player
      const player = sim.world.players[playerIndex]!
      const channel = sim.model.channels[attempt.channel]!
      const account = sim.model.accounts[channel.plan.account]!
      const live = Model.liveOn(channel, at)
      sim.invariants.check(
        LIVE,
        live.length <= 1,
        () => `${live.length} campaigns live on ${channel.plan.key} at ${iso(at)}`
      )
      // A resolved prediction stays live on its channel, but takes no more plays.
      const campaign = live.find((c) => c.resolvedOptionId === null)
      const limit = account.plan.playsPerMonth
      const monthFull = campaign !== undefined && limit !== null && (account.monthPlays.get(utcMonth(at)) ?? 0) >= limit
      const reached = campaign === undefined || monthFull ? [] : limits.reached(campaign, channel, player.ref, at)
      const expected =
        campaign === undefined
          ? "between"
          : monthFull
            ? "PlanError/LimitReached"
            : reached.length > 0
              ? "PlaysError/PlayLimitReached"
              : "token"
      const actor = yield* sim.engine.apiKeys.authenticateRecent(account.backendKey).pipe(Effect.orDie)
      const result = yield* Effect.result(
        sim.engine.plays.mint(actor, { channelId: channel.id, participantRef: player.ref, origin: account.plan.origin })
      )
      sim.counters.add("plays.mints")
      const actual = Result.isFailure(result)
        ? describe(result.failure)
        : result.success._tag === "Token"
          ? "token"
          : "between"
      sim.invariants.check(
        ANSWERS,
        ["token", "between", "PlanError/LimitReached", "PlaysError/PlayLimitReached"].includes(actual),
        () => `mint for ${player.ref} on ${channel.plan.key} at ${iso(at)}: ${actual}`
      )
      sim.invariants.check(
        LIVE,
        (expected === "between") === (actual === "between") &&
          (actual !== "between" ||
            (Result.isSuccess(result) &&
              result.success._tag === "BetweenCampaigns" &&
              canonicalJson(result.success.betweenCampaigns) === canonicalJson(channel.plan.betweenCampaigns))),
        () => `mint on ${channel.plan.key} at ${iso(at)}: ${actual}, expected ${expected}`
      )
      if (expected !== "between" && actual !== "between") {
        const month = expected === "PlanError/LimitReached"
        sim.invariants.check(
          MONTH,
          month === (actual === "PlanError/LimitReached"),
          () =>
            `mint for ${account.plan.key} at ${iso(at)} (${account.monthPlays.get(utcMonth(at)) ?? 0} plays, limit ${limit}): ${actual}`
        )
        if (!month && (expected === "PlaysError/PlayLimitReached" || actual === "PlaysError/PlayLimitReached")) {
          const got = Result.isFailure(result) ? reachedOf(result.failure) : []
          sim.invariants.check(
            PlayLimits.DECIDED,
            actual === expected && got.join() === reached.join(),
            () =>
              `mint for ${player.ref} on ${campaign!.plan.key} at ${iso(at)}: ${actual} ${got.join()}, expected ${reached.join()}`
          )
          if (Result.isFailure(result) && actual === "PlaysError/PlayLimitReached") {
            limits.checkReset(campaign!, channel, got, resetsAtOf(result.failure), at)
            countReached(sim, got)
          }
        }
      }
      if (Result.isFailure(result)) {
        sim.counters.add(
          actual === "PlaysError/PlayLimitReached" ? "plays.mint-refused.limit" : "plays.mint-refused.month"
        )
        sim.log.append("mint", iso(at), player.ref, channel.plan.key, actual, reachedOf(result.failure).join())
        return
      }
      const minted = result.success
      if (minted._tag === "BetweenCampaigns") {
        sim.counters.add("plays.between-campaigns")
        sim.log.append("mint", iso(at), player.ref, channel.plan.key, "between")
        return
      }
      const exp = millisOf(minted.expiresAt)! / 1000
      sim.invariants.check(
        TOKENS,
        exp === Math.ceil(at / 1000) + TOKEN_TTL_SECONDS,
        () => `token ${minted.jti} minted at ${iso(at)} expires ${iso(exp * 1000)}`
      )
      sim.counters.add("plays.tokens")
      sim.log.append("mint", iso(at), player.ref, channel.plan.key, "token", minted.jti)
      if (campaign === undefined) return
      const play: Model.Play = {
        player: playerIndex,
        channel,
        campaign,
        jti: minted.jti,
        exp,
        mintedAt: at,
        sessionId: null,
        startedAt: null,
        finished: null
      }
      const r = sim.driver
      if (attempt.startAfter !== undefined) {
        sim.agenda.schedule(at + attempt.startAfter, "players", start(sim, play, minted.clientToken, false))
        return
      }
      if (r.chance(0.02)) {
        sim.counters.add("plays.abandoned-tokens")
        return
      }
      const delay = r.weighted<readonly [number, number]>([
        [[SECOND, 40 * SECOND], 0.92],
        [[MINUTE, 12 * MINUTE], 0.06],
        [[14 * MINUTE, 25 * MINUTE], 0.02]
      ])
      sim.agenda.schedule(
        at + Math.floor(r.between(delay[0], delay[1])),
        "players",
        start(sim, play, minted.clientToken, false)
      )
    })

  return {
    name: "players",
    invariants: {
      [LIVE]: "a mint gives a token exactly when a campaign is live, and its session plays that campaign",
      [MONTH]: "a mint or a start is refused for the plan's plays per month exactly when the month's plays reached it",
      [TOKENS]:
        "a token lasts 15 minutes and one start, plays its campaign only while it is active; a session finishes once; a refused body writes nothing",
      [SCORING]: "each entry is its play's: wheel segment, quiz score, memory score, prediction, eligibility",
      [ANSWERS]: "every call gets one of the answers the specification gives for it"
    },
    start: (sim) =>
      Effect.sync(() => {
        for (const attempt of sim.world.attempts) {
          sim.agenda.schedule(
            attempt.at,
            "players",
            Effect.suspend(() => mint(sim, attempt))
          )
        }
      })
  }
}
