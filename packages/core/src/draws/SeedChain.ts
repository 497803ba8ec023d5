/**
 * The seeds of a campaign's automatic draws (the scheduled draw, the after-each-play runs),
 * committed before any entry is drawn from: a hash chain. The campaign keeps a secret `s`; link `k`
 * of its chain is `H^(LENGTH − k)(s)`, `H` being hex SHA-256 of a string's UTF-8 bytes. Link 0 is
 * published as the campaign's `seedCommitment` when the campaign is created (or, for a campaign
 * older than draws, when it is next changed); its automatic runs use links 1, 2, 3… as their seeds,
 * in order.
 *
 * A run's seed `x` at position `p` opens the commitment: `H^p(x)` is the published link 0, and
 * `H(x)` is the seed of the run before it (its `seedCommitment`), so revealing one run's seed
 * reveals nothing of the next (that would take inverting SHA-256), and no seed can be chosen after
 * the commitment was published.
 *
 * @since 0.1.0
 */
import * as DrawHash from "./DrawHash.ts"

/** How many links a chain has: the most automatic runs a campaign can make. */
export const LENGTH = 2048

/** `H` applied `times` times to `value`. */
export const iterate = (value: string, times: number): string => {
  let out = value
  for (let i = 0; i < times; i++) out = DrawHash.hexOfText(out)
  return out
}

/** The published commitment of a secret: link 0 of its chain. */
export const commitment = (secret: string): string => iterate(secret, LENGTH)

/** Whether a chain has a seed at `position` (1 to `LENGTH − 1`). */
export const hasPosition = (position: number): boolean =>
  Number.isInteger(position) && position >= 1 && position < LENGTH

/** The seed of the automatic run at `position`; undefined past the chain's end. */
export const seedAt = (secret: string, position: number): string | undefined =>
  hasPosition(position) ? iterate(secret, LENGTH - position) : undefined

/** Whether `seed`, used at `position`, opens `published` (`H^position(seed)` is it). */
export const opens = (seed: string, position: number, published: string): boolean =>
  hasPosition(position) && iterate(seed, position) === published
