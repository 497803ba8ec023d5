/**
 * The steps the campaign, reward and draw use cases take on a campaign: read it in the account or
 * fail with `ResourceNotFound`, read what belongs to it once the actor's permission is checked, and change
 * it under its channel's lock. Not public: each service's layer builds them (`yield*
 * CampaignSteps.make`) from the `Store` and `CampaignRepo` it is given.
 *
 * @since 0.1.0
 */
import { DateTime, Effect } from "effect"
import * as Actor from "../../accounts/Actor.ts"
import type * as Permission from "../../accounts/Permission.ts"
import { orNotFound } from "../../Failure.ts"
import { LockKey, Store } from "../../Store.ts"
import { type Campaign, CampaignRepo } from "../Campaign.ts"

export const make = Effect.gen(function* () {
  const store = yield* Store
  const repo = yield* CampaignRepo

  /** The campaign `id` of the account, or `ResourceNotFound`. */
  const find = (accountId: string, id: string) => repo.findById(accountId, id).pipe(orNotFound("campaign", id))

  /**
   * A use case named `name` on one campaign of the actor's account that needs `permission`: `run`
   * takes the campaign (`ResourceNotFound` when the account has none with the id) and the use case's other
   * arguments, as in `guarded("Draws.runs", "results.read", (campaign, page: Page) => …)`.
   */
  const guarded = <Args extends ReadonlyArray<unknown>, A, E, R>(
    name: string,
    permission: Permission.Permission,
    run: (campaign: Campaign, ...args: Args) => Effect.Effect<A, E, R>
  ) =>
    Actor.guarded(name, permission, (accountId, campaignId: string, ...args: Args) =>
      Effect.flatMap(find(accountId, campaignId), (campaign) => run(campaign, ...args))
    )

  /**
   * Runs `f` on the campaign `id` of the account, at the time of the change, in a transaction
   * holding its channel's lock (with `accountLock`, the account's first: account before channel,
   * always). The campaign is read again once the lock is held, so `f` sees it as it stays until the
   * transaction ends.
   */
  const locked = <A, E>(
    accountId: string,
    id: string,
    f: (campaign: Campaign, now: DateTime.Utc) => Effect.Effect<A, E>,
    options: { readonly accountLock?: boolean } = {}
  ) =>
    store.transaction(
      Effect.gen(function* () {
        const first = yield* find(accountId, id)
        if (options.accountLock === true) yield* store.lock(LockKey.account(accountId))
        yield* store.lock(LockKey.channel(first.channelId))
        const campaign = yield* find(accountId, id)
        return yield* f(campaign, yield* DateTime.now)
      })
    )

  return { repo, find, guarded, locked }
})
