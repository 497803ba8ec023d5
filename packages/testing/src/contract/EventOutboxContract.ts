/**
 * The contract of `EventOutbox`: an event id is unique (`StoreError`), events of every type
 * (with or without a campaign and channel) are appended, and an append in a transaction that fails
 * is not kept.
 *
 * @since 0.1.0
 */
import { type Account, Event, type Store } from "@campaign-games/core"
import type { Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { assertFails } from "../internal/Assertions.ts"
import { at, uid } from "../internal/Fixtures.ts"
import { failedTransaction, givenAccount } from "../internal/Given.ts"

/** A `session_completed` event of a new account, with a document of every JSON kind. */
const newEvent = Effect.map(givenAccount(), (account): Event.Event => ({
  id: uid("evt"),
  accountId: account.id,
  type: "session_completed",
  campaignId: uid("gi"),
  channelId: uid("ch"),
  data: { sessionId: uid("ses"), score: 0.5, outcome: { id: "a", label: "« A »", isWin: true }, list: [1, null] },
  createdAt: at(800)
}))

/** Registers the `EventOutbox` tests with `it`. */
export const tests = (it: Vitest.MethodsNonLive<Event.EventOutbox | Account.AccountRepo | Store.Store>): void => {
  it.effect("events are appended once per id", () =>
    Effect.gen(function* () {
      const outbox = yield* Event.EventOutbox
      const event = yield* newEvent
      yield* outbox.append(event)
      yield* outbox.append({ ...event, id: uid("evt"), type: "winner_selected", campaignId: null, channelId: null })
      yield* assertFails(outbox.append(event), "StoreError", "an event id is unique")
    })
  )

  it.effect("an append in a failing transaction is not kept", () =>
    Effect.gen(function* () {
      const outbox = yield* Event.EventOutbox
      const lost: Event.Event = { ...(yield* newEvent), id: uid("evt") }
      yield* failedTransaction(outbox.append(lost))
      yield* outbox.append(lost) // not there: the failing transaction kept nothing
    })
  )
}
