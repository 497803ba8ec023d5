/**
 * A draw as a pure function of the entries, the rules and a seed: which entries it considers, the
 * order every algorithm puts them in, the winners, and the canonical listing whose SHA-256 is the
 * run's `entriesHash`. The SQL adapter runs the same selection inside PostgreSQL (`SqlDrawSelect`)
 * and must agree with this module bit for bit; `docs/draws.md` states the rules for third parties.
 *
 * **Considered entries**: eligible, `windowStart ≤ createdAt < windowEnd` (either end may be
 * missing), and created before `entriesBefore` when the run has one (a scheduled draw considers
 * what was written before its `scheduleAt`).
 *
 * **Keys.** Every random choice comes from `d = SHA-256(UTF-8(seed ":" entryId))`:
 *
 * - `random_uniform`: entries in ascending order of `d` (as bytes, then by id): every entry an
 *   equal chance, so a player's chance follows their number of entries.
 * - `random_weighted` (Efraimidis–Spirakis, without replacement): `u = (n + 0.5) / 2^52` with `n`
 *   the first 52 bits of `d`; the key `-ln(u) / weight` (an exponential variate of rate `weight`),
 *   ascending, is the order of `u^(1/weight)` descending. `ln` is computed by `exponentialKey` with
 *   only `+ - * /` on doubles, so every platform gets the same bits (a platform's own `ln` may
 *   differ in its last bit); the SQL adapter orders by the database's `ln` and then by these exact
 *   keys (`SqlDraws`).
 *   Only entries with a weight above 0 can win; weights are clamped to `[1e-300, 1e300]`.
 * - `score_highest`: score descending (entries without a score cannot win), then `earliest_entry`
 *   (`createdAt`, then id) or `random` (`d` ascending, then id).
 * - `winning_moment` (the after-each-play runs, `WinningMoments`): `createdAt`, then id.
 *
 * **Winners**: down that order, each entry of a participant not yet chosen (nor excluded: earlier
 * runs' winners) is the next winner, until `maxWinners`. So each participant's best entry counts,
 * and a player with several entries has, for the random algorithms, the chance of their entries
 * together (the sum of their weights).
 *
 * **Listing** (`cg-draw/2`): the considered entries by `createdAt` then id, one line each,
 * `id TAB participant TAB createdAt-epoch-milliseconds TAB score TAB weight LF`, where `participant`
 * is the participant's number in the listing (1 for the participant of the first line, 2 for the
 * next participant not seen before, …: it says which lines are one player's without saying who),
 * a number is the lowercase hex of its IEEE-754 double, big-endian (`-0` written as `0`), and a
 * missing score is `-`. `entriesHash` is the hex SHA-256 of the listing's UTF-8 bytes. So a run's
 * hash does not depend on the participants' references: it still holds once they are erased
 * (replaced by pseudonyms, one per player). The earlier version, `cg-draw/1`, wrote
 * `hex(UTF-8(participantRef))` in the second column; its runs verify under it as long as their
 * entries keep their references (the store's migration `0012_privacy` listed its runs again under
 * `cg-draw/2`).
 *
 * Ids compare as PostgreSQL's `COLLATE "C"` does (by code point).
 *
 * @since 0.1.0
 */
import type { DateTime } from "effect"
import { Hex } from "effect/encoding"
import * as DrawHash from "./DrawHash.ts"

/** The algorithms of a run: the campaign's three, and the after-each-play runs' `winning_moment`. */
export type Algorithm = "random_uniform" | "random_weighted" | "score_highest" | "winning_moment"

export type TieBreak = "earliest_entry" | "random"

/** The version of the rules above; a run records the version it was drawn with. */
export const ALGORITHM_VERSION = "cg-draw/2"

/** The first version: its listing carries each participant's reference (hex of its UTF-8). */
export const ALGORITHM_VERSION_1 = "cg-draw/1"

/** The versions a run may carry, each with its listing. */
export const ALGORITHM_VERSIONS: ReadonlyArray<string> = [ALGORITHM_VERSION_1, ALGORITHM_VERSION]

/** Whether `version` is one this module can list and draw with. */
export const isKnownVersion = (version: string): boolean => ALGORITHM_VERSIONS.includes(version)

/** An entry as a draw reads it. */
export interface DrawEntry {
  readonly id: string
  readonly participantRef: string
  readonly score: number | null
  readonly weight: number
  /** Epoch milliseconds. */
  readonly createdAt: number
  readonly eligible: boolean
}

/** What a draw considers and how it picks. Times are epoch milliseconds. */
export interface Rules {
  readonly algorithm: Algorithm
  readonly maxWinners: number
  readonly tieBreak: TieBreak
  readonly windowStart: number | null
  readonly windowEnd: number | null
  /** Only entries created before this instant count (a scheduled draw's `scheduleAt`). */
  readonly entriesBefore: number | null
}

/** What a draw gives: the winners in rank order, and what it considered. */
export interface Result<E extends DrawEntry = DrawEntry> {
  readonly winners: ReadonlyArray<E>
  readonly entriesConsidered: number
  readonly entriesHash: string
}

/** Epoch milliseconds of a time, or null. */
export const millisOrNull = (t: DateTime.Utc | null): number | null => (t === null ? null : t.epochMilliseconds)

/** Whether a draw with `rules` considers `entry`. */
export const considers = (rules: Rules, entry: DrawEntry): boolean =>
  entry.eligible &&
  (rules.windowStart === null || entry.createdAt >= rules.windowStart) &&
  (rules.windowEnd === null || entry.createdAt < rules.windowEnd) &&
  (rules.entriesBefore === null || entry.createdAt < rules.entriesBefore)

/** Whether a considered entry can win under `algorithm` (a weight above 0; a score). */
export const canWin = (algorithm: Algorithm, entry: DrawEntry): boolean =>
  algorithm === "random_weighted" ? entry.weight > 0 : algorithm === "score_highest" ? entry.score !== null : true

/** Compares two strings by code point, as `COLLATE "C"` orders UTF-8 text. */
export const compareIds = (a: string, b: string): number => {
  if (a === b) return 0
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) {
      // A surrogate (an astral code point) sorts after every other BMP unit, as its code point does.
      const fx = x >= 0xd800 && x <= 0xdfff ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x
      const fy = y >= 0xd800 && y <= 0xdfff ? y + 0x2000 : y >= 0xe000 ? y - 0x800 : y
      return fx - fy
    }
  }
  return a.length - b.length
}

// -----------------------------------------------------------------------------
// Keys
// -----------------------------------------------------------------------------

/** The message of an entry's digest: `seed ":" entryId`. */
export const digestMessage = (seed: string, entryId: string): string => `${seed}:${entryId}`

/** `SHA-256(UTF-8(seed ":" entryId))`: where every random choice about the entry comes from. */
export const entryDigest = (seed: string, entryId: string): Uint8Array =>
  DrawHash.digestText(digestMessage(seed, entryId))

/** The first 52 bits of a digest, as an integer (exact in a double). */
export const first52Bits = (d: Uint8Array): number =>
  (((d[0]! << 24) | (d[1]! << 16) | (d[2]! << 8) | d[3]!) >>> 0) * 0x100000 +
  ((d[4]! << 12) | (d[5]! << 4) | (d[6]! >> 4))

const LN2 = 0.6931471805599453
const SQRT2 = 1.4142135623730951

/** The position of the highest set bit of a positive integer below 2^53 (`floor(log2(n))`), exactly. */
const highestBit = (n: number): number => {
  const high = Math.floor(n / 0x100000000)
  return high > 0 ? 63 - Math.clz32(high) : 31 - Math.clz32(n)
}

/**
 * `-ln(u)` for `u = (n + 0.5) / 2^52`, with `n` the first 52 bits of an entry's digest: an
 * exponential variate of rate 1, computed with `+ - * /` alone, each rounded as IEEE-754 doubles do,
 * in this exact order, so every platform (and a verifier in another language that follows it) gets
 * the same bits. `n + 0.5 = m · 2^k` with `m` in (√2/2, √2]; `ln m = 2·atanh(s)` with
 * `s = (m − 1)/(m + 1)`, `|s| < 0.172`, as its series to `s^15` (relative error below 1e-13).
 */
export const exponentialKey = (n: number): number => {
  let k: number
  let m: number
  if (n === 0) {
    k = -1
    m = 1
  } else {
    k = highestBit(n)
    m = (n + 0.5) / 2 ** k
  }
  if (m > SQRT2) {
    m = m / 2
    k = k + 1
  }
  const s = (m - 1) / (m + 1)
  const z = s * s
  const series = 1 + z * (1 / 3 + z * (1 / 5 + z * (1 / 7 + z * (1 / 9 + z * (1 / 11 + z * (1 / 13 + z * (1 / 15)))))))
  const lnm = 2 * s * series
  return (52 - k) * LN2 - lnm
}

const MIN_WEIGHT = 1e-300
const MAX_WEIGHT = 1e300

/** The weighted key of an entry: `exponentialKey / weight` (smallest first). */
export const weightedKey = (n: number, weight: number): number =>
  exponentialKey(n) / Math.min(Math.max(weight, MIN_WEIGHT), MAX_WEIGHT)

/** Compares two digests as bytes (as PostgreSQL compares `bytea`). */
export const compareDigests = (a: Uint8Array, b: Uint8Array): number => {
  for (let i = 0; i < 32; i++) {
    const d = a[i]! - b[i]!
    if (d !== 0) return d
  }
  return 0
}

// -----------------------------------------------------------------------------
// The order of an algorithm, and the selection over it
// -----------------------------------------------------------------------------

/** An entry with what its algorithm orders it by. */
interface Keyed<E extends DrawEntry> {
  readonly entry: E
  /** The primary key, ascending (a negated score for `score_highest`). */
  readonly primary: number
  /** The digest, when the order reads it past `primary`. */
  readonly digest: Uint8Array | undefined
}

const DIGEST = new Uint8Array(32)

/** Whether the order of `rules` reads the digest. */
const readsDigest = (rules: Pick<Rules, "algorithm" | "tieBreak">): boolean =>
  rules.algorithm === "random_uniform" ||
  rules.algorithm === "random_weighted" ||
  (rules.algorithm === "score_highest" && rules.tieBreak === "random")

/**
 * The order of `rules` as a comparator of keyed entries (negative: `a` first). `primary` carries what
 * a double can: the first 52 bits of the digest (uniform), the weighted key, the negated score, the
 * creation time; the rest breaks its ties exactly.
 */
const comparator =
  <E extends DrawEntry>(rules: Pick<Rules, "algorithm" | "tieBreak">) =>
  (a: Keyed<E>, b: Keyed<E>): number => {
    if (a.primary !== b.primary) return a.primary < b.primary ? -1 : 1
    switch (rules.algorithm) {
      case "random_uniform": {
        const byDigest = compareDigests(a.digest!, b.digest!)
        if (byDigest !== 0) return byDigest
        break
      }
      case "score_highest": {
        if (rules.tieBreak === "random") {
          const byDigest = compareDigests(a.digest!, b.digest!)
          if (byDigest !== 0) return byDigest
        } else if (a.entry.createdAt !== b.entry.createdAt) {
          return a.entry.createdAt - b.entry.createdAt
        }
        break
      }
      default:
        break
    }
    return compareIds(a.entry.id, b.entry.id)
  }

/**
 * The primary key of an entry under `rules`; the digest, when the order reads it, is written into
 * `scratch` (copied only for the entries kept).
 */
const primaryOf = (
  rules: Rules,
  seed: string,
  entry: DrawEntry,
  scratch: Uint8Array,
  digestInto: (text: string, out: Uint8Array) => void
): number => {
  if (readsDigest(rules)) digestInto(digestMessage(seed, entry.id), scratch)
  switch (rules.algorithm) {
    case "random_uniform":
      return first52Bits(scratch)
    case "random_weighted":
      return weightedKey(first52Bits(scratch), entry.weight)
    case "score_highest":
      // A score of 0 is +0 once negated as 0 - score (never -0, which equals it anyway).
      return 0 - entry.score!
    case "winning_moment":
      return entry.createdAt
  }
}

/** A max-heap (by `order`) of at most `bound` keyed entries: the `bound` first entries of the order. */
class BoundedHeap<E extends DrawEntry> {
  readonly items: Array<Keyed<E>> = []
  private readonly bound: number
  private readonly order: (a: Keyed<E>, b: Keyed<E>) => number

  constructor(bound: number, order: (a: Keyed<E>, b: Keyed<E>) => number) {
    this.bound = bound
    this.order = order
  }

  /** Whether `keyed` would be kept (comes before the last kept entry, or there is room). */
  wants(keyed: Keyed<E>): boolean {
    return this.items.length < this.bound || this.order(keyed, this.items[0]!) < 0
  }

  /** Whether an entry of this primary key cannot be kept, without looking further (the heap is full of better ones). */
  refuses(primary: number): boolean {
    return this.items.length === this.bound && primary > this.items[0]!.primary
  }

  push(keyed: Keyed<E>): void {
    const items = this.items
    if (items.length < this.bound) {
      items.push(keyed)
      let i = items.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (this.order(items[i]!, items[parent]!) <= 0) break
        ;[items[i], items[parent]] = [items[parent]!, items[i]!]
        i = parent
      }
      return
    }
    items[0] = keyed
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let largest = i
      if (left < items.length && this.order(items[left]!, items[largest]!) > 0) largest = left
      if (right < items.length && this.order(items[right]!, items[largest]!) > 0) largest = right
      if (largest === i) break
      ;[items[i], items[largest]] = [items[largest]!, items[i]!]
      i = largest
    }
  }
}

/**
 * The winners among `candidates` (entries that can win, in any order): down the order of `rules`,
 * the first entry of each participant not in `excluded`, up to `maxWinners`. Keeps a bounded heap
 * of the first entries of the order, larger when players with many entries crowd it, so memory
 * stays small whatever the number of entries.
 */
export const select = <E extends DrawEntry>(
  candidates: ReadonlyArray<E>,
  rules: Rules,
  seed: string,
  excluded: ReadonlySet<string> = new Set()
): ReadonlyArray<E> => {
  const order = comparator<E>(rules)
  const withDigest = readsDigest(rules)
  const digestInto = DrawHash.textHasher()
  for (let bound = Math.max(rules.maxWinners * 2, rules.maxWinners + 16); ; bound *= 4) {
    const heap = new BoundedHeap<E>(bound, order)
    let seen = 0
    for (const entry of candidates) {
      if (excluded.has(entry.participantRef)) continue
      seen++
      const primary = primaryOf(rules, seed, entry, DIGEST, digestInto)
      if (heap.refuses(primary)) continue
      const keyed: Keyed<E> = { entry, primary, digest: withDigest ? DIGEST : undefined }
      if (!heap.wants(keyed)) continue
      heap.push(withDigest ? { entry, primary, digest: DIGEST.slice() } : keyed)
    }
    const ordered = heap.items.sort(order)
    const chosen = new Set<string>()
    const winners: Array<E> = []
    for (const { entry } of ordered) {
      if (chosen.has(entry.participantRef)) continue
      chosen.add(entry.participantRef)
      winners.push(entry)
      if (winners.length === rules.maxWinners) return winners
    }
    // Fewer players than winners among the kept entries: all of them when nothing was left out.
    if (seen <= bound) return winners
  }
}

// -----------------------------------------------------------------------------
// The listing and its hash
// -----------------------------------------------------------------------------

const NUMBER = new DataView(new ArrayBuffer(8))
const UTF8 = new TextEncoder()

/** A double as 16 lowercase hex digits of its IEEE-754 bits, big-endian; `-0` as `0`. */
export const numberHex = (x: number): string => {
  NUMBER.setFloat64(0, x + 0)
  return NUMBER.getUint32(0).toString(16).padStart(8, "0") + NUMBER.getUint32(4).toString(16).padStart(8, "0")
}

/**
 * The line of an entry in the canonical listing (with its final line feed). `participant` is the
 * second column as the version writes it: the participant's number in the listing (`cg-draw/2`,
 * the default: `ParticipantNumbers`), or the hex of its reference's UTF-8 (`cg-draw/1`,
 * `participantHex`).
 */
export const listingLine = (entry: Omit<DrawEntry, "eligible">, participant: string): string =>
  `${entry.id}\t${participant}\t${entry.createdAt}\t${
    entry.score === null ? "-" : numberHex(entry.score)
  }\t${numberHex(entry.weight)}\n`

/** The second column of a `cg-draw/1` line: the hex of the reference's UTF-8. */
export const participantHex = (participantRef: string): string => Hex.encode(UTF8.encode(participantRef))

/** The participants' numbers of a `cg-draw/2` listing: 1, 2, … in the order they first appear. */
export class ParticipantNumbers {
  private readonly numbers = new Map<string, number>()
  /** The number of `participantRef`, given it the next one when first seen. */
  of(participantRef: string): number {
    let n = this.numbers.get(participantRef)
    if (n === undefined) {
      n = this.numbers.size + 1
      this.numbers.set(participantRef, n)
    }
    return n
  }
}

/** The lines of a listing of `version`, one entry at a time, in the canonical order. */
export const listingLines = (version: string) => {
  const numbers = new ParticipantNumbers()
  return (entry: Omit<DrawEntry, "eligible">): string =>
    listingLine(
      entry,
      version === ALGORITHM_VERSION_1 ? participantHex(entry.participantRef) : String(numbers.of(entry.participantRef))
    )
}

/** The canonical order of the listing: `createdAt`, then id. */
export const listingOrder = (a: Omit<DrawEntry, "eligible">, b: Omit<DrawEntry, "eligible">): number =>
  a.createdAt !== b.createdAt ? a.createdAt - b.createdAt : compareIds(a.id, b.id)

const HEX_DIGITS = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0))
const TAB = 9
const LINE_FEED = 10
const DASH = 45
const FLOAT = new Float64Array(1)
const FLOAT_BYTES = new Uint8Array(FLOAT.buffer)
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/**
 * Writes the listing's lines into a buffer and hashes it a chunk at a time: the bytes
 * `listingLine` would give, without making a string per line.
 */
class ListingWriter {
  private readonly version: string
  constructor(version: string) {
    this.version = version
  }
  private readonly numbers = new ParticipantNumbers()
  private readonly hash = DrawHash.create()
  private readonly buffer = new Uint8Array(1 << 16)
  private length = 0
  private text = new Uint8Array(1024)

  line(entry: Omit<DrawEntry, "eligible">): void {
    // The longest line: two texts of up to 3 bytes a unit (the participant twice as hex), numbers.
    const room = 3 * entry.id.length + 6 * entry.participantRef.length + 96
    if (this.length + room > this.buffer.length) this.flush()
    const v1 = this.version === ALGORITHM_VERSION_1
    if (room > this.buffer.length) {
      this.hash.update(
        UTF8.encode(
          listingLine(entry, v1 ? participantHex(entry.participantRef) : String(this.numbers.of(entry.participantRef)))
        )
      )
      return
    }
    const out = this.buffer
    let n = this.length
    n = DrawHash.encodeUtf8At(entry.id, out, n)
    out[n++] = TAB
    if (v1) {
      if (this.text.length < entry.participantRef.length * 3) {
        this.text = new Uint8Array(entry.participantRef.length * 3)
      }
      const refLength = DrawHash.encodeUtf8At(entry.participantRef, this.text, 0)
      for (let i = 0; i < refLength; i++) {
        const b = this.text[i]!
        out[n++] = HEX_DIGITS[b >> 4]!
        out[n++] = HEX_DIGITS[b & 15]!
      }
    } else {
      const number = String(this.numbers.of(entry.participantRef))
      for (let i = 0; i < number.length; i++) out[n++] = number.charCodeAt(i)
    }
    out[n++] = TAB
    const millis = String(entry.createdAt)
    for (let i = 0; i < millis.length; i++) out[n++] = millis.charCodeAt(i)
    out[n++] = TAB
    if (entry.score === null) out[n++] = DASH
    else n = this.number(entry.score, n)
    out[n++] = TAB
    n = this.number(entry.weight, n)
    out[n++] = LINE_FEED
    this.length = n
  }

  /** Writes the 16 hex digits of a double's big-endian bytes (`-0` as `0`) at `n`. */
  private number(x: number, n: number): number {
    FLOAT[0] = x + 0
    const out = this.buffer
    for (let i = 0; i < 8; i++) {
      const b = FLOAT_BYTES[LITTLE_ENDIAN ? 7 - i : i]!
      out[n++] = HEX_DIGITS[b >> 4]!
      out[n++] = HEX_DIGITS[b & 15]!
    }
    return n
  }

  private flush(): void {
    this.hash.update(this.buffer.subarray(0, this.length))
    this.length = 0
  }

  digest(): string {
    this.flush()
    return Hex.encode(this.hash.digest())
  }
}

/**
 * The listing's hash computed line by line, for entries that arrive in pages (a verify over a
 * campaign's entries streamed from the store): `line` each entry in the listing's order, then
 * `digest`. Holds 64 KiB and, under `cg-draw/2`, the number of each participant seen; the same hash
 * as `listingHash` under the same `version`.
 */
export interface ListingHasher {
  readonly line: (entry: Omit<DrawEntry, "eligible">) => void
  readonly digest: () => string
}

/** A new `ListingHasher` under `version` (default: the current). */
export const listingHasher = (version: string = ALGORITHM_VERSION): ListingHasher => {
  const writer = new ListingWriter(version)
  return { line: (entry) => writer.line(entry), digest: () => writer.digest() }
}

/** The hex SHA-256 of the listing of `entries` under `version` (default: the current), given in the canonical order. */
export const listingHash = (
  entries: Iterable<Omit<DrawEntry, "eligible">>,
  version: string = ALGORITHM_VERSION
): string => {
  const writer = new ListingWriter(version)
  for (const entry of entries) writer.line(entry)
  return writer.digest()
}

// -----------------------------------------------------------------------------
// A draw
// -----------------------------------------------------------------------------

/**
 * A draw over `entries` (any order): the considered entries, their listing's hash (under `version`,
 * by default the current one), and the winners among them. `excluded` are participants who cannot
 * win (earlier runs' winners).
 */
export const run = <E extends DrawEntry>(
  entries: Iterable<E>,
  rules: Rules,
  seed: string,
  excluded: ReadonlySet<string> = new Set(),
  version: string = ALGORITHM_VERSION
): Result<E> => {
  const considered: Array<E> = []
  for (const entry of entries) if (considers(rules, entry)) considered.push(entry)
  considered.sort(listingOrder)
  const candidates = considered.filter((entry) => canWin(rules.algorithm, entry))
  return {
    winners: select(candidates, rules, seed, excluded),
    entriesConsidered: considered.length,
    entriesHash: listingHash(considered, version)
  }
}
