/**
 * Webhook deliveries, checked request by request as the receivers get them and once more at the
 * end against the store. The ledger follows each delivery through its attempts (by its
 * `X-Service-Delivery-Id`) with the specification's rules, and says when the next attempt is due.
 *
 * - `webhooks.fan-out`: each event (a finished play's `session_completed`, a draw run's
 *   `winner_selected`, a grant's `reward_granted`) reaches exactly the endpoints of its account whose filters take it (once
 *   each), and no other.
 * - `webhooks.signed`: every request carries `Content-Type: application/json`, its event type, and
 *   `X-Service-Signature: t=<now>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`
 *   (checked with `node:crypto`, not the engine's signer).
 * - `webhooks.payload`: the body is the event's (`type`, `createdAt`, and the data the
 *   specification lists), the same on every attempt.
 * - `webhooks.retry-schedule`: a new delivery (or one resent) is sent at the dispatcher's first round
 *   after it was made; a failed attempt (timeout, unreachable, 408, 429, 5xx) is tried again exactly
 *   5, 10, 20 and 40 seconds later, five attempts in all; nothing is sent after a success or a final
 *   answer.
 * - `webhooks.records`: after each attempt the stored delivery says what happened (status,
 *   attempt count, last attempt, next retry, response status).
 * - `webhooks.terminal`: when the run ends, every delivery is `success` or `exhausted`, in the
 *   ledger and in the store (the store's totals by status).
 * - `webhooks.resend`: resending an endpoint's exhausted deliveries since an instant resends exactly
 *   those, which are then sent again from a fresh budget of attempts.
 *
 * The report counts the attempts by what they met (`deliveries.attempts.timed-out`,
 * `.unreachable`, `.answered-retryable`, …: `attemptKind`), apart from the event log.
 *
 * @since 0.1.0
 */
import { createHmac } from "node:crypto"
import { type DrawRun, type Grant, Webhook } from "@campaign-games/core"
import { Effect, Option } from "effect"
import { millisOf } from "../actors/Calls.ts"
import { canonicalJson, iso } from "../EventLog.ts"
import * as Model from "../Model.ts"
import type { Received } from "../Receivers.ts"
import type { Part, Sim } from "../Sim.ts"

export const FAN_OUT = "webhooks.fan-out"
export const SIGNED = "webhooks.signed"
export const PAYLOAD = "webhooks.payload"
export const SCHEDULE = "webhooks.retry-schedule"
export const RECORDS = "webhooks.records"
export const TERMINAL = "webhooks.terminal"
export const RESEND = "webhooks.resend"

type Status = "pending" | "failed" | "success" | "exhausted"

interface Tracked {
  readonly id: string
  /** Whether the fan-out had to make it (its first attempt was waited for). */
  readonly expected: boolean
  readonly endpoint: Model.EndpointState
  readonly accountId: string
  readonly createdAt: number
  readonly body: string
  status: Status
  /** Attempts since it was made or last resent. */
  attempts: number
  lastAt: number | null
  responseStatus: number | null
  nextDue: number | null
  /** The round after which it is due for a first attempt (made, or resent). */
  dueRound: number
}

interface Expected {
  /** What the delivery is of (`session <id>`, `run <id>`), for the report. */
  readonly label: string
  readonly endpoint: Model.EndpointState
  readonly dueRound: number
  deliveryId: string | null
}

/** The ledger of one run. */
export interface Deliveries {
  readonly part: Part
  /** Starts a dispatcher round: its number (1 for the first). */
  readonly round: () => number
  /** Checks a round's requests (sorted by delivery id, then send count); the instants retries are due. */
  readonly received: (requests: ReadonlyArray<Received>, round: number, at: number) => Effect.Effect<Array<number>>
  /** The operator resent `endpoint`'s exhausted deliveries made since `since`, `count` of them. */
  readonly resent: (endpoint: Model.EndpointState, since: number, count: number) => Effect.Effect<void>
  /**
   * Another event than a play's (`winner_selected` of a draw run): its deliveries to `endpoints`
   * are expected, with `type`, `createdAt` and `data` as their body.
   */
  readonly expectEvent: (event: {
    readonly key: string
    readonly type: string
    readonly createdAt: number
    readonly data: unknown
    readonly endpoints: ReadonlyArray<Model.EndpointState>
  }) => void
  /**
   * How many requests are due at `at` by the ledger: first attempts of deliveries made (or resent)
   * and not sent yet, and retries due by then. A round that got that many has nothing left to claim.
   */
  readonly due: (at: number) => number
}

/** Whether an answer is a success, and whether a failure is retried (the specification's rules). */
const judge = (answer: Webhook.AttemptResult) => {
  if (answer._tag === "Answered") {
    const s = answer.status
    return { ok: s >= 200 && s < 300, retryable: s === 408 || s === 429 || s >= 500, status: s as number | null }
  }
  return { ok: false, retryable: answer._tag !== "Refused", status: null }
}

const answerText = (answer: Webhook.AttemptResult) => (answer._tag === "Answered" ? String(answer.status) : answer._tag)

/**
 * What an attempt met, for the report's counters (`deliveries.attempts.<kind>`): a 2xx, a status
 * that is retried (408, 429, 5xx) or final (another 4xx, a 410 say), no answer in time, no
 * connection (refused, reset, no receiver at the address), or an address the transport refuses.
 */
export const attemptKind = (
  answer: Webhook.AttemptResult
): "answered-2xx" | "answered-retryable" | "answered-final" | "timed-out" | "unreachable" | "refused" => {
  switch (answer._tag) {
    case "Answered": {
      const { ok, retryable } = judge(answer)
      return ok ? "answered-2xx" : retryable ? "answered-retryable" : "answered-final"
    }
    case "TimedOut":
      return "timed-out"
    case "Unreachable":
      return "unreachable"
    case "Refused":
      return "refused"
  }
}

/** The data of a draw run's `winner_selected` event, as the specification writes it. */
const winnerSelected = (campaign: Model.CampaignState, run: DrawRun.Run) => ({
  gameInstanceId: campaign.id,
  runId: run.id,
  winners: run.winners.map(({ participantRef, rank, entryId }) => ({ participantRef, rank, entryId, prize: run.prize }))
})

/** The data of a grant's `reward_granted` event, as the specification writes it: never the code. */
const rewardGranted = (campaign: Model.CampaignState, channelId: string, grant: Grant.GrantView) => {
  const { participantRef, source, tierId, prize, expiresAt } = grant
  return {
    gameInstanceId: campaign.id,
    channelId,
    grantId: grant.id,
    participantRef,
    source,
    ...(source === "rule" ? { sessionId: grant.sessionId } : {}),
    ...(source === "draw" ? { runId: grant.runId, winnerId: grant.winnerId } : {}),
    tierId,
    prize,
    coupon: { ref: grant.couponRef, name: grant.couponName },
    expiresAt: expiresAt === null ? null : iso(millisOf(expiresAt)!)
  }
}

/** The specification's wait after attempt `n` failed: 5 s, doubling. */
export const waitAfter = (n: number): number => 5_000 * 2 ** (n - 1)

export const make = (): Deliveries => {
  const tracked = new Map<string, Tracked>()
  const expected = new Map<string, Expected>()
  /** The events other than a play's, by key (`run:<id>`). */
  const events = new Map<string, { readonly type: string; readonly createdAt: number; readonly data: unknown }>()
  let rounds = 0
  let sim: Sim | undefined
  /** Deliveries made or resent and not sent since. */
  let waiting = 0
  /** Failed deliveries by the instant their retry is due. */
  const retries = new Map<number, number>()
  const retryDone = (at: number) => {
    const left = (retries.get(at) ?? 1) - 1
    if (left <= 0) retries.delete(at)
    else retries.set(at, left)
  }

  const expectedKey = (eventKey: string, endpointId: string) => `${eventKey}|${endpointId}`

  const expectEvent: Deliveries["expectEvent"] = (event) => {
    events.set(event.key, { type: event.type, createdAt: event.createdAt, data: event.data })
    sim?.counters.add(`deliveries.made.${event.type}`, event.endpoints.length)
    for (const endpoint of event.endpoints) {
      expected.set(expectedKey(event.key, endpoint.id), {
        label: event.key,
        endpoint,
        dueRound: rounds,
        deliveryId: null
      })
    }
  }

  /** Checks the stored record of a delivery against the ledger. */
  const checkStored = (t: Tracked, when: string) =>
    Effect.gen(function* () {
      const stored = Option.getOrUndefined(yield* sim!.engine.deliveries.findById(t.accountId, t.id).pipe(Effect.orDie))
      const seen =
        stored === undefined
          ? undefined
          : {
              status: stored.status,
              attempts: stored.attemptCount,
              lastAt: millisOf(stored.lastAttemptedAt),
              nextDue: millisOf(stored.nextRetryAt),
              responseStatus: stored.responseStatus,
              endpointId: stored.endpointId
            }
      const want = {
        status: t.status,
        attempts: t.attempts,
        lastAt: t.lastAt,
        nextDue: t.nextDue,
        responseStatus: t.responseStatus,
        endpointId: t.endpoint.id
      }
      sim!.invariants.check(
        RECORDS,
        seen !== undefined && canonicalJson(seen) === canonicalJson(want),
        () => `${when} ${t.id}: stored ${canonicalJson(seen ?? null)}, expected ${canonicalJson(want)}`
      )
    })

  const signed = (endpoint: Model.EndpointState, request: Received) => {
    const header = request.headers["x-service-signature"] ?? ""
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
    const expectedSignature =
      match === null ? "" : createHmac("sha256", endpoint.secret).update(`${match[1]}.${request.body}`).digest("hex")
    return (
      match !== null &&
      Number(match[1]) === Math.floor(request.at / 1000) &&
      match[2] === expectedSignature &&
      request.headers["content-type"] === "application/json"
    )
  }

  /** The first request of a delivery: its play, its endpoint, the round it is sent in. */
  const first = (endpoint: Model.EndpointState, request: Received, round: number): Tracked => {
    const s = sim!
    const id = request.headers["x-service-delivery-id"] ?? ""
    const body = (() => {
      try {
        return JSON.parse(request.body) as { type?: unknown; createdAt?: unknown; data?: Record<string, unknown> }
      } catch {
        return {}
      }
    })()
    const runId = typeof body.data?.["runId"] === "string" ? (body.data["runId"] as string) : ""
    const sessionId = typeof body.data?.["sessionId"] === "string" ? (body.data["sessionId"] as string) : ""
    const play = s.model.sessions.get(sessionId)
    const finished = play?.finished ?? null
    const grantId = typeof body.data?.["grantId"] === "string" ? (body.data["grantId"] as string) : ""
    const eventKey =
      body.type === "session_completed"
        ? `session:${sessionId}`
        : body.type === "reward_granted"
          ? `grant:${grantId}`
          : `run:${runId}`
    const event = body.type === "session_completed" ? undefined : events.get(eventKey)
    s.invariants.check(
      PAYLOAD,
      event !== undefined
        ? body.type === event.type &&
            request.headers["x-service-event"] === event.type &&
            body.createdAt === iso(event.createdAt) &&
            canonicalJson(body.data) === canonicalJson(event.data)
        : play !== undefined &&
            finished !== null &&
            body.type === "session_completed" &&
            request.headers["x-service-event"] === "session_completed" &&
            body.createdAt === iso(finished.at) &&
            canonicalJson(body.data) ===
              canonicalJson({
                gameInstanceId: play.campaign.id,
                sessionId,
                participantRef: s.world.players[play.player]!.ref,
                score: finished.score,
                outcome: finished.outcome
              }),
      () => `${id}: ${request.body}`
    )
    const want = expected.get(expectedKey(eventKey, endpoint.id))
    s.invariants.check(FAN_OUT, want !== undefined && want.deliveryId === null, () =>
      want === undefined
        ? `${id} of ${eventKey} went to ${endpoint.plan.key}, whose filters do not take it`
        : `${id} is a second delivery of ${eventKey} to ${endpoint.plan.key} (first ${want.deliveryId})`
    )
    if (want !== undefined && want.deliveryId === null) want.deliveryId = id
    s.invariants.check(
      SCHEDULE,
      want !== undefined && round === want.dueRound + 1 && request.sendIndex === 0,
      () => `${id} first sent in round ${round}, made before round ${(want?.dueRound ?? -1) + 1}`
    )
    const accountId = s.model.accounts[endpoint.plan.account]!.id
    return {
      id,
      expected: want !== undefined && want.deliveryId === id,
      endpoint,
      accountId,
      createdAt: event?.createdAt ?? finished?.at ?? request.at,
      body: request.body,
      status: "pending",
      attempts: 0,
      lastAt: null,
      responseStatus: null,
      nextDue: null,
      dueRound: round - 1
    }
  }

  const part: Part = {
    name: "webhook deliveries",
    invariants: {
      [FAN_OUT]: "each finished play's event reaches exactly the endpoints whose filters take it, once",
      [SIGNED]: "every request is JSON, names its event and is signed t=<now>,v1=HMAC(secret, t.body)",
      [PAYLOAD]: "every body is the play's session_completed event, the same on every attempt",
      [SCHEDULE]:
        "a delivery is sent at the first round after it is made or resent; failures retried after 5, 10, 20, 40 s; nothing after it ends",
      [RECORDS]: "after each attempt the stored delivery says what happened",
      [TERMINAL]: "at the end every delivery is success or exhausted, in the ledger and in the store",
      [RESEND]: "resending an endpoint's exhausted deliveries since an instant resends exactly those"
    },
    start: (s) =>
      Effect.sync(() => {
        sim = s
        s.observe("drawn", ({ campaign, run, endpoints }) => {
          if (run.winners.length === 0) return
          const createdAt = millisOf(run.createdAt)!
          expectEvent({
            key: `run:${run.id}`,
            type: "winner_selected",
            createdAt,
            data: winnerSelected(campaign, run),
            endpoints
          })
        })
        s.observe("granted", ({ campaign, grant, endpoints }) => {
          const channelId = Model.channelOf(s.model, campaign).id
          const data = rewardGranted(campaign, channelId, grant)
          expectEvent({
            key: `grant:${grant.id}`,
            type: "reward_granted",
            createdAt: millisOf(grant.createdAt)!,
            data,
            endpoints
          })
        })
        s.observe("finished", (play) => {
          for (const endpoint of play.finished!.endpoints) {
            expected.set(expectedKey(`session:${play.sessionId!}`, endpoint.id), {
              label: `session ${play.sessionId!}`,
              endpoint,
              dueRound: rounds,
              deliveryId: null
            })
          }
        })
      }),
    finish: (s) =>
      Effect.gen(function* () {
        for (const t of tracked.values()) {
          s.invariants.check(
            TERMINAL,
            t.status === "success" || t.status === "exhausted",
            () => `${t.id} is ${t.status} after ${t.attempts} attempts`
          )
          yield* checkStored(t, "at the end")
        }
        for (const want of expected.values()) {
          s.invariants.check(
            FAN_OUT,
            want.deliveryId !== null,
            () => `${want.label} never reached ${want.endpoint.plan.key}`
          )
        }
        const byStatus: Record<Status, number> = { pending: 0, failed: 0, success: 0, exhausted: 0 }
        for (const t of tracked.values()) byStatus[t.status]++
        for (const status of ["pending", "failed", "success", "exhausted"] as const) {
          let total = 0
          for (const account of s.model.accounts) {
            const page = yield* s.engine.webhooks
              .deliveries(
                account.owner,
                { search: undefined, status, sort: "createdAt", dir: "desc" },
                { limit: 1, offset: 0 }
              )
              .pipe(Effect.orDie)
            total += page.total
          }
          s.counters.add(`deliveries.${status}`, total)
          s.invariants.check(
            TERMINAL,
            total === byStatus[status] && (status === "success" || status === "exhausted" || total === 0),
            () => `the store holds ${total} ${status} deliveries, the ledger ${byStatus[status]}`
          )
        }
      })
  }

  return {
    part,
    round: () => ++rounds,
    received: (requests, round, at) =>
      Effect.gen(function* () {
        const s = sim!
        const dues: Array<number> = []
        const touched: Array<Tracked> = []
        for (const request of requests) {
          const endpoint = s.model.endpoints.find((e) => e.plan.url === request.url)
          if (endpoint === undefined) {
            s.invariants.check(SIGNED, false, () => `a request to ${request.url}, no endpoint of the world`)
            continue
          }
          s.invariants.check(
            SIGNED,
            signed(endpoint, request),
            () => `${request.headers["x-service-delivery-id"]}: ${request.headers["x-service-signature"]}`
          )
          const id = request.headers["x-service-delivery-id"] ?? ""
          let t = tracked.get(id)
          if (t === undefined) {
            t = first(endpoint, request, round)
            tracked.set(id, t)
            if (t.expected) waiting--
            s.log.append("hook", iso(at), id, endpoint.plan.key, canonicalJson(JSON.parse(request.body)))
          } else {
            const due =
              t.status === "failed" ? t.nextDue === at : t.status === "pending" ? round === t.dueRound + 1 : false
            const current = t
            s.invariants.check(
              SCHEDULE,
              due,
              () =>
                `${id} (${current.status} after ${current.attempts}) sent at ${iso(at)} in round ${round}, due ${current.nextDue === null ? `after round ${current.dueRound}` : iso(current.nextDue)}`
            )
            s.invariants.check(
              PAYLOAD,
              request.body === t.body,
              () => `${id} changed its body on attempt ${t!.attempts + 1}`
            )
            if (t.status === "pending") waiting--
            else if (t.status === "failed" && t.nextDue !== null) retryDone(t.nextDue)
          }
          const { ok, retryable, status } = judge(request.answer)
          t.attempts++
          t.lastAt = at
          t.responseStatus = status
          if (ok) {
            t.status = "success"
            t.nextDue = null
          } else if (retryable && t.attempts < Webhook.MAX_ATTEMPTS) {
            t.status = "failed"
            t.nextDue = at + waitAfter(t.attempts)
            retries.set(t.nextDue, (retries.get(t.nextDue) ?? 0) + 1)
            dues.push(t.nextDue)
          } else {
            t.status = "exhausted"
            t.nextDue = null
          }
          s.counters.add("deliveries.attempts")
          s.counters.add(`deliveries.attempts.${attemptKind(request.answer)}`)
          s.log.append("try", iso(at), id, `#${t.attempts}`, answerText(request.answer), t.status)
          touched.push(t)
        }
        for (const t of touched) yield* checkStored(t, `after attempt ${t.attempts}`)
        return dues
      }),
    resent: (endpoint, since, count) =>
      Effect.gen(function* () {
        const s = sim!
        const due = [...tracked.values()].filter(
          (t) => t.endpoint === endpoint && t.status === "exhausted" && t.createdAt >= since
        )
        s.invariants.check(
          RESEND,
          count === due.length,
          () => `resending ${endpoint.plan.key} since ${iso(since)} resent ${count}, ${due.length} were exhausted`
        )
        waiting += due.length
        for (const t of due) {
          t.status = "pending"
          t.attempts = 0
          t.nextDue = s.now()
          t.dueRound = rounds
          yield* checkStored(t, "resent")
        }
        s.counters.add("deliveries.resent", count)
        s.publish("resent", { endpoint, count })
      }),
    expectEvent,
    due: (at) => {
      let n = waiting
      for (const [t, count] of retries) if (t <= at) n += count
      return n
    }
  }
}
