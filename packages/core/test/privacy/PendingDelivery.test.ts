/**
 * A webhook delivery still pending when its player is erased goes out carrying the pseudonym: the
 * whole engine (`Engine.layer`, no background loops) on the memory store, a recording transport,
 * and one dispatcher round after the erasure.
 */
import { MemoryMediaPorts, MemoryStore } from "@campaign-games/testing"
import * as Platform from "@campaign-games/testing/simulation/Platform"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as Engine from "../../src/Engine.ts"
import * as Participants from "../../src/privacy/Participants.ts"
import * as Secrets from "../../src/Secrets.ts"
import * as Webhook from "../../src/webhooks/Webhook.ts"
import { WebhookDispatcher } from "../../src/webhooks/WebhookDispatcher.ts"
import * as Webhooks from "../../src/webhooks/Webhooks.ts"
import * as Plays from "../../src/play/Plays.ts"
import { WHEEL_ART, WHEEL_SOUNDS } from "@campaign-games/testing/internal/Fixtures"
import * as Given from "../support/Given.ts"

const sent: Array<Webhook.Outgoing> = []
const transport = Layer.succeed(Webhook.WebhookTransport, {
  send: (request) =>
    Effect.sync(() => {
      sent.push(request)
      return { _tag: "Answered", status: 200 } as const
    })
})

const layer = Engine.layer({ dispatcher: false, workers: false }).pipe(
  Layer.provideMerge(
    Layer.mergeAll(Secrets.Secrets.layerWebCrypto, Platform.hostResolver, transport, MemoryMediaPorts.layer())
  ),
  Layer.provideMerge(MemoryStore.layer)
)

const ALICE = "alice@example.com"

describe("a pending delivery", () => {
  it.effect("goes out after the erasure carrying the pseudonym, never the reference", () =>
    Effect.gen(function* () {
      const { actor, channel } = yield* Given.account()
      yield* Given.launch(actor, channel.id, {
        name: "Wheel",
        config: {
          segments: [
            { id: "win", label: "Prize", isWin: true },
            { id: "miss", label: "Next time", isWin: false }
          ],
          art: WHEEL_ART,
          sounds: WHEEL_SOUNDS
        }
      })
      yield* (yield* Webhooks.Webhooks).create(actor, {
        url: "https://hooks.sim.invalid/privacy",
        events: ["session_completed"]
      })
      const plays = yield* Plays.Plays
      const minted = yield* plays.mint(actor, { channelId: channel.id, participantRef: ALICE, origin: Given.ORIGIN })
      if (minted._tag !== "Token") return assert.fail("no token")
      const { session } = yield* plays.start(minted.clientToken)
      yield* plays.finish(minted.clientToken, session.id, {})
      assert.strictEqual(sent.length, 0, "not sent yet: pending")

      const erasure = yield* (yield* Participants.Participants).erase(actor, ALICE)
      assert.strictEqual(erasure.deliveries, 1)
      assert.strictEqual(yield* (yield* WebhookDispatcher).runOnce, 1)
      assert.strictEqual(sent.length, 1)
      const body = JSON.parse(sent[0]!.body)
      assert.strictEqual(body.type, "session_completed")
      assert.strictEqual(body.data.participantRef, erasure.pseudonym)
      assert.notInclude(sent[0]!.body, ALICE)
    }).pipe(Effect.provide(layer))
  )
})
