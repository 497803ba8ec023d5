/**
 * Identifiers. Ids are opaque strings to callers; the engine makes them as a short type prefix and
 * 20 characters drawn from effect's `Random` (so a seeded simulation makes the same ids every run).
 *
 * @since 0.1.0
 */
import { Effect, Random } from "effect"

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"

/**
 * A fresh id such as `ch_4k2m…`: 20 draws of the fiber's `Random`, each as
 * `Random.nextIntBetween(0, 31)` would make it, read in one step.
 */
export const make = (prefix: string): Effect.Effect<string> =>
  Effect.withFiber((fiber) => {
    const random = fiber.getRef(Random.Random)
    let out = `${prefix}_`
    for (let i = 0; i < 20; i++) {
      out += ALPHABET[Math.floor(random.nextDoubleUnsafe() * ALPHABET.length)]
    }
    return Effect.succeed(out)
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
  folder: "fld",
  erasure: "era"
} as const
