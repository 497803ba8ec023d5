/**
 * The webhook receivers of the simulated world, and the engine's `WebhookTransport` over them: no
 * request leaves the process. Each endpoint's URL leads to a receiver that answers as its
 * `Behaviour` says at that instant (steady; flaky; down during an outage; answering 410 for a
 * while), every answer drawn from the seed and the delivery's id and send count alone
 * (`Rng.keyed`), so the answers do not depend on the order in which the dispatcher's concurrent
 * sends arrive. A timeout is answered at once as `TimedOut`: the ten seconds a real transport
 * waits are the transport's business, and the engine schedules the retry from the instant the
 * attempt ended.
 *
 * Every request is kept as it arrived (instant, URL, headers, raw body, answer) until the webhook
 * actor takes the round's requests (`drain`) to check and log them.
 *
 * @since 0.1.0
 */
import { Webhook } from "@campaign-games/core"
import { Clock, Effect, Layer } from "effect"
import * as Rng from "./Rng.ts"
import type { Behaviour } from "./World.ts"

/** One request a receiver got. */
export interface Received {
  readonly at: number
  readonly url: string
  readonly headers: { readonly [name: string]: string }
  readonly body: string
  /** How many times this delivery id was sent before (0 for its first request). */
  readonly sendIndex: number
  readonly answer: Webhook.AttemptResult
}

/** The receivers of a world, by URL. */
export interface Receivers {
  /** Registers the receiver at `url`. */
  readonly add: (url: string, behaviour: Behaviour) => void
  /** The requests received since the last `drain`, in arrival order. */
  readonly drain: () => Array<Received>
  /** The transport the engine sends through. */
  readonly transport: Layer.Layer<Webhook.WebhookTransport>
}

const within = (windows: ReadonlyArray<{ readonly from: number; readonly to: number }>, at: number) =>
  windows.some((w) => at >= w.from && at < w.to)

const answered = (status: number): Webhook.AttemptResult => ({ _tag: "Answered", status })

const steady = (draw: number): Webhook.AttemptResult =>
  draw < 0.005 ? answered(500) : answered(draw < 0.5 ? 200 : 204)

/** What a receiver behaving so answers at `at`, given a draw in [0, 1). */
export const answer = (behaviour: Behaviour, at: number, draw: number): Webhook.AttemptResult => {
  switch (behaviour.kind) {
    case "steady":
      return steady(draw)
    case "flaky": {
      if (draw < 0.02) return answered(400)
      if (draw >= 0.02 + behaviour.failure) return answered(draw < 0.6 ? 200 : 202)
      const kind = Math.floor(((draw - 0.02) / behaviour.failure) * 5)
      return kind === 0
        ? answered(503)
        : kind === 1
          ? answered(429)
          : kind === 2
            ? answered(408)
            : kind === 3
              ? { _tag: "TimedOut" }
              : { _tag: "Unreachable", reason: "connection refused" }
    }
    case "outage":
      if (!within(behaviour.windows, at)) return steady(draw)
      return draw < 0.5
        ? { _tag: "TimedOut" }
        : draw < 0.8
          ? { _tag: "Unreachable", reason: "connection reset" }
          : answered(502)
    case "gone":
      return within(behaviour.windows, at) ? answered(410) : steady(draw)
  }
}

/** Receivers answering from `seed`. */
export const make = (seed: string): Receivers => {
  const behaviours = new Map<string, Behaviour>()
  const sends = new Map<string, number>()
  let received: Array<Received> = []
  const transport = Layer.succeed(Webhook.WebhookTransport, {
    send: (request) =>
      Effect.gen(function* () {
        const at = yield* Clock.currentTimeMillis
        const behaviour = behaviours.get(request.url)
        const deliveryId = request.headers["x-service-delivery-id"] ?? ""
        const sendIndex = sends.get(deliveryId) ?? 0
        sends.set(deliveryId, sendIndex + 1)
        const result: Webhook.AttemptResult =
          behaviour === undefined
            ? { _tag: "Unreachable", reason: "no receiver at this address" }
            : answer(behaviour, at, yield* Rng.keyed(seed, `answer/${deliveryId}/${sendIndex}`))
        received.push({ at, url: request.url, headers: request.headers, body: request.body, sendIndex, answer: result })
        return result
      })
  })
  return {
    add: (url, behaviour) => void behaviours.set(url, behaviour),
    drain: () => {
      const out = received
      received = []
      return out
    },
    transport
  }
}
