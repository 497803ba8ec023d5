/**
 * Embedding the core in a Node backend: the whole engine from one layer (`NodeEngine.layer` over a
 * store), called directly from Effect code, with no HTTP server of the engine's own. `playAGame`
 * goes the whole way a game goes: an account, a channel, the site the game runs on, a
 * spin-the-wheel campaign made live, a webhook endpoint on a local receiver; then a player's
 * client token is minted, the play started and finished, and the signed `session_completed`
 * delivery arrives. Deleting the played campaign is then refused (`CampaignsError`, `CampaignPlayed`), as
 * is deleting its channel (`ChannelHasCampaigns`).
 *
 * The store is PGlite in memory (`Database.layerPglite()`); `Database.layer({ databaseUrl })` is
 * PostgreSQL. Run it: `node examples/embedded/src/main.ts`.
 *
 * @since 0.1.0
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import {
  Accounts,
  Actor,
  AllowedOrigins,
  Campaigns,
  Channels,
  Plays,
  SpinTheWheel,
  Webhooks,
  WebhookSignature
} from "@campaign-games/core"
import { NodeEngine } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { Effect, Queue } from "effect"

/** The whole engine, on Node, over a store: PGlite in memory; webhooks may reach the local receiver. */
export const engine = NodeEngine.layer(Database.layerPglite(), { allowPrivateUrls: true })

/** A webhook receiver on 127.0.0.1 (in your system, a route of your own service). */
const receiver = Effect.gen(function* () {
  const received = yield* Queue.unbounded<{ readonly body: string; readonly signature: string }>()
  const server = createServer((request, response) => {
    let body = ""
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk))
    request.on("end", () => {
      Queue.offerUnsafe(received, { body, signature: String(request.headers["x-service-signature"]) })
      response.writeHead(204).end()
    })
  })
  yield* Effect.acquireRelease(
    Effect.callback<void>((resume) => void server.listen(0, "127.0.0.1", () => resume(Effect.void))),
    () => Effect.callback<void>((resume) => void server.close(() => resume(Effect.void)))
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received }
})

/** One game, played through the engine's services: what a user sees at each step. */
export const playAGame = Effect.gen(function* () {
  const hooks = yield* receiver
  const { account } = yield* (yield* Accounts.Accounts).create({ name: "Acme" })
  const actor = Actor.system(account) // or the actor of an API key: `ApiKeys.authenticate`

  const channels = yield* Channels.Channels
  const channel = yield* channels.create(actor, { name: "Homepage" })
  yield* (yield* AllowedOrigins.AllowedOrigins).create(actor, { origin: "https://shop.example.com" })
  const campaigns = yield* Campaigns.Campaigns
  const campaign = yield* campaigns.create(actor, {
    gameSlug: "spin-the-wheel",
    name: "Spring wheel",
    channelId: channel.id,
    config: {
      segments: [
        { id: "win", label: "10% off", isWin: true },
        { id: "lose", label: "Next time", isWin: false, weight: 3 }
      ],
      // What the embed shows and plays: activation needs all five (https addresses, judged by extension).
      ...SpinTheWheel.exampleMedia
    }
  })
  yield* campaigns.activate(actor, campaign.id, {})
  const endpoint = yield* (yield* Webhooks.Webhooks).create(actor, { url: hooks.url, events: ["session_completed"] })

  // Your backend mints a one-play token for a player; the embed starts and finishes the play.
  const plays = yield* Plays.Plays
  const minted = yield* plays.mint(actor, {
    channelId: channel.id,
    participantRef: "customer-42",
    origin: "https://shop.example.com"
  })
  if (minted._tag !== "Token") return yield* Effect.die("no campaign is live on the channel")
  const { session } = yield* plays.start(minted.clientToken)
  const { entry, outcome } = yield* plays.finish(minted.clientToken, session.id, {})

  // The delivery arrives signed with the endpoint's secret: verify the raw body, then parse it.
  const delivery = yield* Queue.take(hooks.received).pipe(Effect.timeout("10 seconds"))
  yield* WebhookSignature.verifyWebhook(delivery.body, delivery.signature, endpoint.secret)
  const event = JSON.parse(delivery.body)

  // A played campaign, and a channel with campaigns, are not deleted: both fail with `CampaignsError`.
  const campaignKept = yield* Effect.flip(campaigns.delete(actor, campaign.id))
  const channelKept = yield* Effect.flip(channels.delete(actor, channel.id))
  return { campaign, session, entry, outcome, endpoint, delivery, event, campaignKept, channelKept }
}).pipe(Effect.scoped)

if (import.meta.main) {
  const { outcome, event, campaignKept, channelKept } = await Effect.runPromise(playAGame.pipe(Effect.provide(engine)))
  console.log("outcome:", outcome)
  console.log("delivered:", event.type, event.data)
  console.log("delete the played campaign:", campaignKept._tag, campaignKept.message)
  console.log("delete its channel:", channelKept._tag, channelKept.message)
}
