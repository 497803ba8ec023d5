/**
 * Identifiers. Ids are opaque strings to callers; the engine makes them as a short type prefix and
 * 20 characters drawn from effect's `Random` (so a seeded simulation makes the same ids every run).
 *
 * @since 0.1.0
 */
import { Effect, Random } from "effect"

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"

/** A fresh id such as `ch_4k2m…`. */
export const make = (prefix: string): Effect.Effect<string> =>
  Effect.gen(function* () {
    let out = `${prefix}_`
    for (let i = 0; i < 20; i++) {
      out += ALPHABET[yield* Random.nextIntBetween(0, ALPHABET.length - 1)]
    }
    return out
  })

/** The prefixes used for each kind of record. */
export const Prefix = {
  account: "acc",
  apiKey: "key",
  channel: "ch",
  campaign: "gi",
  origin: "org",
  session: "ses",
  entry: "ent",
  event: "evt",
  delivery: "dlv",
  endpoint: "we",
  run: "run",
  winner: "win",
  grant: "grt",
  tier: "tier",
  coupon: "cpn",
  asset: "ast",
  folder: "fld"
} as const
