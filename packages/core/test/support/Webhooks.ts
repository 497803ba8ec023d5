/**
 * What the webhook worker's tests share: the engine's webhook part on the memory store (accounts,
 * endpoints, the fan-out from the outbox, any private URL allowed and no name resolved, so a test
 * names `http://127.0.0.1:1/...` freely) with the worker a test gives it, an account to act as, the
 * events the tests append to the outbox, and the account's delivery log.
 */
import { Accounts, Actor, Event, Secrets, Webhook, Webhooks } from "@campaign-games/core"
import { MemoryStore, MemoryWebhookStore } from "@campaign-games/testing"
import { DateTime, Effect, Layer } from "effect"

/**
 * Accounts and webhooks over a fresh memory store, with `worker` (a dispatcher, or `Layer.empty`)
 * given the store, the fan-out and `secrets`.
 */
export const engine = <ROut, E, RIn>(
  worker: Layer.Layer<ROut, E, RIn>,
  secrets: Layer.Layer<Secrets.Secrets> = Secrets.Secrets.layerWebCrypto
) =>
  Layer.mergeAll(
    Accounts.Accounts.layer,
    Webhooks.Webhooks.layer.pipe(
      Layer.provide(Layer.succeed(Webhooks.WebhookPolicy, { allowPrivateUrls: true })),
      Layer.provide(Layer.succeed(Webhook.HostResolver, { resolve: () => Effect.succeed([]) }))
    ),
    worker
  ).pipe(
    Layer.provideMerge(Webhooks.Webhooks.layerFanOut),
    Layer.provideMerge(secrets),
    Layer.provideMerge(MemoryWebhookStore.layer.pipe(Layer.provideMerge(MemoryStore.layer)))
  )

/** A new account ("Acme"), acting as the system. */
export const givenActor = Effect.map(
  Effect.flatMap(Effect.service(Accounts.Accounts), (accounts) => accounts.create({ name: "Acme" })),
  ({ account }) => Actor.system(account)
)

let events = 0

/** A `session_completed` event of the account (campaign `gi_1`, channel `ch_1`), with `overrides`. */
export const event = (accountId: string, overrides: Partial<Event.Event> = {}): Event.Event => ({
  id: `evt_${events++}`,
  accountId,
  type: "session_completed",
  campaignId: "gi_1",
  channelId: "ch_1",
  data: { gameInstanceId: "gi_1", sessionId: "ses_1", participantRef: "p", score: null, outcome: null },
  createdAt: DateTime.makeUnsafe(0),
  ...overrides
})

/** Appends `event(accountId, overrides)` to the outbox. */
export const append = (accountId: string, overrides: Partial<Event.Event> = {}) =>
  Effect.flatMap(Effect.service(Event.EventOutbox), (outbox) => outbox.append(event(accountId, overrides)))

/** The account's delivery log: its first `limit` deliveries, oldest or newest first. */
export const deliveries = (actor: Actor.Actor, dir: "asc" | "desc", limit: number) =>
  Effect.flatMap(Effect.service(Webhooks.Webhooks), (webhooks) =>
    webhooks.deliveries(actor, { search: undefined, status: undefined, sort: "createdAt", dir }, { limit, offset: 0 })
  )
