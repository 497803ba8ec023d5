/**
 * The steps the store contract suites share that touch the store: rows already stored ("given an
 * account…", each in an account of its own unless told; `inserted` stores a row with any
 * repository), a campaign's entries, the deliveries of a batch, and a transaction that fails after
 * its writes. Each asks only for the ports it uses, so a suite of a few ports (the webhook store
 * contract) can use them too.
 */
import { Account, ApiKey, Campaign, Channel, Entry, Session, Store, Webhook } from "@campaign-games/core"
import { assert } from "@effect/vitest"
import { type Context, Effect } from "effect"
import {
  Boom,
  entryFilter,
  makeAccount,
  makeCampaign,
  makeChannel,
  makeEndpoint,
  makeKey,
  makeSession,
  uid
} from "./Fixtures.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

/** What `inserted` needs of a repository: the `insert` of one row. */
interface Inserting<A, E> {
  readonly insert: (row: A) => Effect.Effect<unknown, E>
}

/** `row` stored with the `insert` of the repository `repo`, and given back. */
export const inserted = <I, A, E>(repo: Context.Key<I, Inserting<A, E>>, row: A): Effect.Effect<A, E, I> =>
  Effect.flatMap(repo, (rows) => Effect.as(rows.insert(row), row))

// The steps below make their rows when they run, not when they are built: one step may run in many
// tests (`givenTwoAccounts`), each time with new ids.

/** An account already stored. */
export const givenAccount = (fields: Partial<Account.Account> = {}) =>
  Effect.suspend(() => inserted(Account.AccountRepo, makeAccount(fields)))

/** An account with one active key, both already stored. */
export const givenKey = Effect.gen(function* () {
  const account = yield* givenAccount()
  return { account, key: yield* inserted(ApiKey.ApiKeyRepo, makeKey(account.id)) }
})

/** Two accounts already stored: the one a test works in, and another. */
export const givenTwoAccounts = Effect.all([givenAccount(), givenAccount()])

/** The repository `repo`, and two accounts already stored: the one a test works in, and another. */
export const givenTwoAccountsFor = <I, S>(repo: Context.Key<I, S>) =>
  Effect.gen(function* () {
    const [account, other] = yield* givenTwoAccounts
    return { repo: yield* repo, account, other }
  })

/** A channel already stored, in the account (one stored for it when not given). */
export const givenChannel = (accountId?: string, fields: Partial<Channel.Channel> = {}) =>
  Effect.gen(function* () {
    const owner = accountId ?? (yield* givenAccount()).id
    return yield* inserted(Channel.ChannelRepo, makeChannel(owner, fields))
  })

/** A campaign already stored, on a channel already stored (in `fields.accountId` when given). */
export const givenCampaign = (fields: Partial<Campaign.Campaign> = {}) =>
  Effect.gen(function* () {
    const channel = yield* givenChannel(fields.accountId)
    return yield* inserted(Campaign.CampaignRepo, makeCampaign(channel.accountId, channel.id, fields))
  })

/** Another campaign already stored on the campaign's channel. */
export const givenSibling = (campaign: Campaign.Campaign, fields: Partial<Campaign.Campaign> = {}) =>
  Effect.suspend(() => inserted(Campaign.CampaignRepo, makeCampaign(campaign.accountId, campaign.channelId, fields)))

/** A session of the campaign already stored (open unless `fields` finish it). */
export const givenSession = (campaign: Campaign.Campaign, fields: Partial<Session.Session> = {}) =>
  Effect.suspend(() => inserted(Session.SessionRepo, makeSession(campaign, fields)))

/** An endpoint already stored in the account. */
export const givenEndpoint = (accountId: string, fields: Partial<Webhook.Endpoint> = {}) =>
  Effect.suspend(() => inserted(Webhook.EndpointRepo, makeEndpoint(accountId, fields)))

/** Deliveries already stored (one batch). */
export const givenDeliveries = <const A extends ReadonlyArray<Webhook.Delivery>>(deliveries: A) =>
  Effect.as(
    Webhook.DeliveryRepo.use((repo) => repo.insertMany(deliveries)),
    deliveries
  )

/** A campaign's entries, oldest first (up to 100). */
export const entriesOfCampaign = (campaign: Campaign.Campaign) =>
  Effect.flatMap(Effect.service(Entry.EntryRepo), (entries) =>
    Effect.map(
      entries.list(campaign.accountId, campaign.id, entryFilter({ dir: "asc" }), { limit: 100, offset: 0 }),
      (page) => page.items
    )
  )

/** Runs `writes` in a transaction that then fails with `Boom`, and checks it failed so. */
export const failedTransaction = <A, E extends { readonly _tag: string }, R>(
  writes: Effect.Effect<A, E, R>,
  message = "rolled back"
) =>
  Effect.gen(function* () {
    const store = yield* Store.Store
    const error = yield* Effect.flip(store.transaction(Effect.andThen(writes, Effect.fail(new Boom({ message })))))
    assert.strictEqual(error._tag, "Boom", "the transaction fails with the error of its effect")
  })

/**
 * 20 concurrent starts of sessions of the campaign with `start`, 5 of which reuse one jti (the
 * others each a new one): 16 of them should start.
 */
export const racedStarts = <E, R>(
  campaign: Campaign.Campaign,
  start: (session: Session.Session) => Effect.Effect<boolean, E, R>
) => {
  const reused = makeSession(campaign)
  return Effect.forEach(
    Array.from({ length: 20 }, (_, i) => i),
    (i) => start(i % 4 === 0 ? { ...reused, id: uid("ses") } : makeSession(campaign)),
    { concurrency: "unbounded" }
  )
}
