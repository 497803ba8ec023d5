/**
 * Coupon codes: the codes a prize gives, as uploaded (`POST …/reward-coupons`), generated in advance
 * (`POST …/reward-coupons/generate`) or made at a grant (a `generated` prize), and how they are
 * withdrawn, made and shown.
 *
 * - **A code** is 6 to 64 visible ASCII characters (no spaces), kept exactly as given; codes are
 *   unique per campaign (a unique index), so an upload counts the codes the campaign already has (or
 *   that the request repeats) as duplicates and adds the others.
 * - **Issue limit**: how many times a code may be given (1 to 1,000,000, or null for no limit);
 *   default 1 in a pool, none for a shared prize's code.
 * - **Generated codes** are the prefix (up to 12 capital letters, digits and hyphens) and 12
 *   characters of Crockford's base 32 (`0-9`, `A-Z` less `I`, `L`, `O`, `U`: no look-alikes), drawn
 *   from the `Secrets` port (WebCrypto or `node:crypto`): 60 bits, so with a million live codes a
 *   guess finds one about once in 10^12 tries. A code that collides with one of the campaign's is
 *   drawn again.
 * - **Withdrawing** takes back what a code has not given yet: a code never given is deleted, a code
 *   given some times keeps its grants and gives no more.
 * - **Shown** in full only to the player it was given to (the finish's answer), to the caller of a
 *   grant by hand, and in `reward_granted` deliveries to endpoints with `includeCouponCodes`, added at
 *   send time; everywhere else (lists, the stored payloads) masked to its last four characters.
 *
 * @since 0.1.0
 */
import { Context, Effect, Random, Schema } from "effect"
import type { StoreError } from "../Failure.ts"
import { Text, Timestamp } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import { Secrets } from "../Secrets.ts"

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"

/**
 * A random point among a campaign's code ids (`Ids.Prefix.coupon` and two characters of the ids'
 * alphabet: 1,024 points), where a pool grant starts looking for a code: concurrent grants on several
 * instances then rarely want the same row. Drawn from the engine's `Random` once per grant by every
 * store, and used the same way (the first free code at or after it, else the first), so the memory
 * store and the SQL store give the same codes for the same seed.
 */
export const randomStart: Effect.Effect<string> = Effect.map(
  Random.nextIntBetween(0, ID_ALPHABET.length * ID_ALPHABET.length),
  (n) => `${Ids.Prefix.coupon}_${ID_ALPHABET[n >> 5]}${ID_ALPHABET[n & 31]}`
)

export const MAX_ISSUE_LIMIT = 1_000_000
export const MAX_PER_REQUEST = 1000

/** A code: 6 to 64 visible ASCII characters, no spaces. */
export const Code = Schema.String.check(
  Schema.isMinLength(6),
  Schema.isMaxLength(64),
  Schema.isPattern(/^[\x21-\x7E]+$/u, { expected: "visible ASCII characters without spaces" })
)

/** How many times a code may be given: 1 to 1,000,000, or null for no limit. */
export const IssueLimit = Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ISSUE_LIMIT })))

/** A prize's id as a request names it. */
export const TierId = Text(1, 64)

/** One code of an upload. */
export const CouponInput = Schema.Struct({
  code: Code,
  ref: Schema.optionalKey(Text(1, 200)),
  name: Schema.optionalKey(Text(1, 120)),
  issueLimit: Schema.optionalKey(IssueLimit)
}).annotate({ identifier: "CouponInput" })
export type CouponInput = typeof CouponInput.Type

/** Body of `POST …/reward-coupons`: 1 to 1,000 codes for a prize (default: the first). */
export const UploadCoupons = Schema.Struct({
  tierId: Schema.optionalKey(TierId),
  codes: Schema.Array(CouponInput).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_PER_REQUEST))
}).annotate({ identifier: "UploadCoupons" })
export type UploadCoupons = typeof UploadCoupons.Type

/** A generated code's prefix: up to 12 capital letters, digits and hyphens. */
export const Prefix = Schema.String.check(
  Schema.isMaxLength(12),
  Schema.isPattern(/^[A-Z0-9-]*$/u, { expected: "capital letters, digits and hyphens" })
)

/** Body of `POST …/reward-coupons/generate`. */
export const GenerateCoupons = Schema.Struct({
  tierId: Schema.optionalKey(TierId),
  quantity: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_PER_REQUEST }))),
  prefix: Schema.optionalKey(Prefix),
  issueLimit: Schema.optionalKey(IssueLimit)
}).annotate({ identifier: "GenerateCoupons" })
export type GenerateCoupons = typeof GenerateCoupons.Type

/**
 * Body of `POST …/reward-coupons/withdraw`: the codes to withdraw (1 to 1,000), or none for every
 * code of the prize (default: the first) that can still be given.
 */
export const WithdrawCoupons = Schema.Struct({
  tierId: Schema.optionalKey(TierId),
  codes: Schema.optionalKey(Schema.Array(Code).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_PER_REQUEST)))
}).annotate({ identifier: "WithdrawCoupons" })
export type WithdrawCoupons = typeof WithdrawCoupons.Type

/** The keys of a row that belongs to one prize of a campaign's reward (a code, a grant). */
export const prizeRowFields = {
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  tierId: Schema.String
}

/**
 * A code's fields as stored, written once (its type and its table's row in `sql`). `stock` tells a
 * code uploaded or generated in advance (counted against the plan's stored coupon codes) from one
 * made at a grant.
 */
export const fields = {
  ...prizeRowFields,
  code: Schema.String,
  ref: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  issueLimit: Schema.NullOr(Schema.Int),
  issued: Schema.Int,
  stock: Schema.Boolean,
  createdAt: Timestamp
}

/** A code as stored. */
export type Coupon = Schema.Struct.Type<typeof fields>

/** Whether a code can still be given (its issue limit not reached). */
export const available = (coupon: Pick<Coupon, "issueLimit" | "issued">): boolean =>
  coupon.issueLimit === null || coupon.issued < coupon.issueLimit

/** Crockford's base 32: digits and capitals without `I`, `L`, `O`, `U`. */
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/** Characters drawn after a generated code's prefix (5 random bits each). */
export const RANDOM_LENGTH = 12

const RFC4648 = "abcdefghijklmnopqrstuvwxyz234567"

/**
 * `count` codes of `prefix` and `RANDOM_LENGTH` Crockford characters, from one draw of the `Secrets`
 * port: its base 32 characters (5 random bits each) read as Crockford's, 16 of them (10 bytes) a code.
 */
export const generate = (prefix: string, count: number): Effect.Effect<ReadonlyArray<string>, never, Secrets> =>
  Effect.flatMap(Effect.service(Secrets), (secrets) =>
    Effect.map(secrets.randomToken(10 * count), (token) => {
      const codes: Array<string> = []
      for (let i = 0; i < count; i++) {
        let code = prefix
        for (let j = 0; j < RANDOM_LENGTH; j++) code += ALPHABET[RFC4648.indexOf(token[16 * i + j]!)]!
        codes.push(code)
      }
      return codes
    })
  )

/** A code as lists show it: its last four characters behind four stars. */
export const mask = (code: string): string => `****${code.slice(-4)}`

/** Persistence of codes; every call is scoped to an account. */
export class CouponRepo extends Context.Service<
  CouponRepo,
  {
    /**
     * Adds the codes a campaign does not have yet (by `code`, per campaign: a unique key) and
     * answers those it added; the others (taken, or repeated in `coupons`: the first is added) are
     * left as they were.
     */
    readonly add: (coupons: ReadonlyArray<Coupon>) => Effect.Effect<ReadonlyArray<string>, StoreError>
    /** The account's codes in stock that can still be given (the plan's stored coupon codes). */
    readonly stored: (accountId: string) => Effect.Effect<number, StoreError>
    /**
     * Withdraws what the prize's codes (`codes`, or all of them) have not given: deletes the codes
     * never given, and sets the issue limit of the others to the times they were given. How many
     * codes it changed.
     */
    readonly withdraw: (
      accountId: string,
      campaignId: string,
      tierId: string,
      codes: ReadonlyArray<string> | undefined
    ) => Effect.Effect<number, StoreError>
  }
>()("@campaign-games/core/CouponRepo") {}
