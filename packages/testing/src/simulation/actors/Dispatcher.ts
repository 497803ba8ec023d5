/**
 * The webhook dispatcher's rounds: the engine's `WebhookDispatcher.runOnce` driven under the test
 * clock (the engine runs without its background loop). A round calls `runOnce` until it claims
 * nothing more (one call claims at most a batch, and no more for an endpoint than its send window
 * holds), then hands the receivers' requests, in the order of their delivery ids, to the
 * deliveries' ledger.
 *
 * Rounds run on a grid (`World.dispatchEvery`) after a play made deliveries or an operator resent
 * some, and at the exact instant each retry is due (as the ledger computes it from the
 * specification's schedule), so a retry the engine schedules at any other instant shows as one not
 * sent when due.
 *
 * The grid stands in for the dispatcher's own loop, which sends as soon as deliveries are announced (polling each second): a round claims from
 * the memory store by reading every delivery it holds, so a finer grid over a month of traffic
 * costs more than the rest of the run.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type * as Deliveries from "../invariants/Deliveries.ts"
import type { Received } from "../Receivers.ts"
import type { Part, Sim } from "../Sim.ts"

const byDelivery = (a: Received, b: Received) => {
  const x = a.headers["x-service-delivery-id"] ?? ""
  const y = b.headers["x-service-delivery-id"] ?? ""
  return x < y ? -1 : x > y ? 1 : a.sendIndex - b.sendIndex
}

/** The dispatcher's rounds, reporting to `ledger`. */
export const make = (ledger: Deliveries.Deliveries): Part => ({
  name: "dispatcher",
  start: (sim: Sim) =>
    Effect.sync(() => {
      const scheduled = new Set<number>()
      const every = sim.world.dispatchEvery
      const nextTick = (at: number) => Math.floor(at / every) * every + every

      const round = (at: number): Effect.Effect<void> =>
        Effect.gen(function* () {
          scheduled.delete(at)
          const number = ledger.round()
          const requests: Array<Received> = []
          let calls = 0
          while (true) {
            const sent = yield* sim.engine.dispatcher.runOnce.pipe(Effect.orDie)
            calls++
            const got = sim.receivers.drain()
            requests.push(...got)
            // Nothing more to claim once the ledger's due requests all came (an extra call would only
            // read every delivery of the memory store again to find none).
            if (sent === 0 || requests.length >= ledger.due(at)) break
          }
          requests.sort(byDelivery)
          sim.counters.add("dispatcher.rounds")
          sim.counters.add("dispatcher.calls", calls)
          for (const due of yield* ledger.received(requests, number, at)) ensure(due)
        })

      const ensure = (at: number) => {
        if (scheduled.has(at)) return
        scheduled.add(at)
        sim.agenda.schedule(at, "dispatcher", round(at))
      }

      sim.observe("finished", (play) => {
        if (play.finished!.endpoints.length > 0) ensure(nextTick(sim.now()))
      })
      sim.observe("drawn", ({ endpoints, run }) => {
        if (run.winners.length > 0 && endpoints.length > 0) ensure(nextTick(sim.now()))
      })
      sim.observe("granted", ({ endpoints }) => {
        if (endpoints.length > 0) ensure(nextTick(sim.now()))
      })
      sim.observe("resent", ({ count }) => {
        if (count > 0) ensure(nextTick(sim.now()))
      })
    })
})
