/**
 * What a server instance remembers between requests, all in one place and through one mechanism
 * (effect's `Cache`: bounded, least recently used first out, time from effect's `Clock`). Nothing
 * a rule depends on is taken from here unchecked: each entry below says why an old value is safe.
 *
 * | cache | key | bound | kept | forgotten | why an old value is safe |
 * | --- | --- | --- | --- | --- | --- |
 * | `apiKeys` | key prefix | 10,000 | 1 minute (a prefix not found: not kept) | every entry at a revocation through this instance | only the mint authenticates from it (`ApiKeys.authenticateRecent`), and the mint's own read checks the key is still active and takes the plan as it is now (`PlayContextRepo.forMint`) |
 * | `campaigns` (with the config decoded by its game, and its reward or null) | campaign id | 10,000 | until pushed out | replaced at each start and finish that reads the campaign | a finish decided from it is written only while the campaign's game, config and resolution, and its reward's revision (or its having none), are still so (`PlayFinishRepo.complete`), else it reads and decides again |
 * | `endpoints` | account id | 10,000 | until pushed out | replaced at each finish that reads them | the same write checks the account's active endpoints are still these |
 * | `grantEndpoints` (of `reward_granted`) | account id | 10,000 | until pushed out | replaced at each finish that reads them (a finish of a campaign with a reward) | a finish that grants writes only while the account's active `reward_granted` endpoints are still these |
 * | `origins` | a mint's `origin` as sent | 1,024 | for good | never | a pure function of its key (`AllowedOrigin.normalize`, a URL parse of about 10 µs) |
 * | `dayWindows` | time zone and quarter hour | 1,000 | for good | never | a pure function of its key (`PlayLimit.dayWindow`): every UTC offset and change of offset falls on a quarter hour, so every instant of one quarter hour has the same local day |
 *
 * Three memories are kept outside this service, each module saying why: the draws' seeds and next
 * winning moments (`Draws`: the draws subsystem runs without the rest of the engine; through
 * `filledBySet`, the same mechanism), a token signer's verified tokens (`ClientTokenSigner`: made
 * per secret, without the engine, and looked up synchronously on every play) and the imported HMAC
 * keys of `NodeSecrets` (a platform port, built before the engine).
 *
 * @since 0.1.0
 */
import { Cache, Context, DateTime, Duration, Effect, Exit, Layer, Option } from "effect"
import { ApiKeyRepo, type KeyWithAccount } from "./accounts/ApiKey.ts"
import type { PlayCampaign } from "./campaigns/Campaign.ts"
import type { StoreError } from "./Failure.ts"
import type { DecodedConfig } from "./games/Game.ts"
import { normalize } from "./play/AllowedOrigin.ts"
import { dayWindow, type Window } from "./play/PlayLimit.ts"
import type { Reward } from "./rewards/Reward.ts"
import type { Target } from "./webhooks/Webhook.ts"

/** How long `apiKeys` answers from a read of a key. */
export const RECENT_KEY_TTL = Duration.minutes(1)

const QUARTER_HOUR = 900_000

/**
 * A campaign a finish may decide from, with its config as its game decoded it (`Game.decodeConfig`)
 * and its reward (null without one).
 */
export interface KnownCampaign {
  readonly campaign: PlayCampaign
  readonly config: DecodedConfig
  readonly reward: Reward | null
}

/** A cache filled only by `Cache.set` (its entries are what a use case read itself). */
type Known<A> = Cache.Cache<string, A, never>

/**
 * A bounded cache filled only by `Cache.set` (what its owner read or computed itself); the same
 * mechanism for the memories kept outside this service (their modules say why).
 */
export const filledBySet = <A>(capacity: number): Effect.Effect<Known<A>> =>
  Cache.make<string, A>({ capacity, lookup: () => Effect.die("filled by Cache.set only") })

export class InstanceCache extends Context.Service<
  InstanceCache,
  {
    readonly apiKeys: Cache.Cache<string, Option.Option<KeyWithAccount>, StoreError>
    readonly campaigns: Known<KnownCampaign>
    readonly endpoints: Known<ReadonlyArray<Target>>
    readonly grantEndpoints: Known<ReadonlyArray<Target>>
    readonly origins: Cache.Cache<string, string | undefined>
    readonly dayWindows: Cache.Cache<string, Window>
  }
>()("@campaign-games/core/InstanceCache") {
  /** Empty caches; the API key reads go to the store's `ApiKeyRepo`. */
  static readonly layer = Layer.effect(
    InstanceCache,
    Effect.gen(function* () {
      const keys = yield* ApiKeyRepo
      return InstanceCache.of({
        apiKeys: yield* Cache.makeWith(keys.findByPrefix, {
          capacity: 10_000,
          timeToLive: (exit) => (Exit.isSuccess(exit) && Option.isSome(exit.value) ? RECENT_KEY_TTL : Duration.zero)
        }),
        campaigns: yield* filledBySet<KnownCampaign>(10_000),
        endpoints: yield* filledBySet<ReadonlyArray<Target>>(10_000),
        grantEndpoints: yield* filledBySet<ReadonlyArray<Target>>(10_000),
        origins: yield* Cache.make({ capacity: 1024, lookup: (origin: string) => Effect.succeed(normalize(origin)) }),
        dayWindows: yield* Cache.make({
          capacity: 1000,
          lookup: (key: string) => {
            const at = key.indexOf("@")
            const quarter = Number(key.slice(at + 1))
            return Effect.succeed(dayWindow(DateTime.makeUnsafe(quarter * QUARTER_HOUR), key.slice(0, at)))
          }
        })
      })
    })
  )
}

/** The local day (in `timeZone`) around `now`, from `cache.dayWindows`. */
export const dayWindowAt = (cache: InstanceCache["Service"], now: DateTime.Utc, timeZone: string) =>
  Cache.get(cache.dayWindows, `${timeZone}@${Math.floor(DateTime.toEpochMillis(now) / QUARTER_HOUR)}`)
