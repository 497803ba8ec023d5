/**
 * A draw's selection as SQL over the `entries` table: the same considered entries, keys, order and
 * listing as core's pure `Draw` (whose header states the rules), computed inside PostgreSQL (and
 * PGlite), so a draw never brings a campaign's entries into the server. Only the first entries of
 * the order travel (a `LIMIT` of about twice the winners, more when players with many entries
 * crowd it), and the listing's SHA-256 is computed by the database.
 *
 * - An entry's digest is `sha256(convert_to(seed || ':' || id, 'UTF8'))`, the bytes `Draw`
 *   hashes; `bytea` compares byte by byte, as `Draw.compareDigests`.
 * - The weighted order: the database orders the entries by an approximate key (its own `ln`) and
 *   sends the first ones with `n`, the digest's first 13 hex digits; the adapter computes their
 *   exact keys (`Draw.weightedKey`, the pure function's own) and orders them by those, taking more
 *   entries when the approximation could have changed who wins (`SqlDraws`). The exact key needs no
 *   `ln` of the database's, whose last bit may differ from JavaScript's.
 * - The listing's line is built as `Draw.listingLine` builds it: `float8send` gives a double's
 *   big-endian bytes (`+ 0` turns `-0` into `0`), `extract(epoch …) * 1000` the milliseconds.
 *
 * The fragments are exported for `bench/draws.ts`, which times the statement bare.
 *
 * @since 0.1.0
 */
import { Draw } from "@campaign-games/core"
import type { Selection } from "@campaign-games/core/draws/DrawRun"
import { DateTime } from "effect"
import type { SqlClient, Statement } from "effect/sql"

const timeOf = (millis: number): string => DateTime.formatIso(DateTime.makeUnsafe(millis))

/** The conditions of the entries a selection considers (on `entries e`). */
export const considered = (sql: SqlClient.SqlClient, s: Selection): Statement.Fragment =>
  sql.and([
    sql`e.campaign_id = ${s.campaignId}`,
    sql`e.account_id = ${s.accountId}`,
    sql`e.eligible`,
    sql`(e.draw_seq IS NULL OR e.draw_seq < ${s.entryBound})`,
    ...(s.rules.windowStart === null ? [] : [sql`e.created_at >= ${timeOf(s.rules.windowStart)}::timestamptz`]),
    ...(s.rules.windowEnd === null ? [] : [sql`e.created_at < ${timeOf(s.rules.windowEnd)}::timestamptz`]),
    ...(s.rules.entriesBefore === null ? [] : [sql`e.created_at < ${timeOf(s.rules.entriesBefore)}::timestamptz`])
  ])

/** The conditions of a considered entry that can win under `algorithm` (`Draw.canWin`). */
const canWin = (sql: SqlClient.SqlClient, algorithm: Draw.Algorithm): ReadonlyArray<Statement.Fragment> =>
  algorithm === "random_weighted"
    ? [sql`e.weight > 0`]
    : algorithm === "score_highest"
      ? [sql`e.score IS NOT NULL`]
      : []

/** The entry's digest (`Draw.entryDigest`). */
const digest = (sql: SqlClient.SqlClient, seed: string) => sql`sha256(convert_to(${seed} || ':' || e.id, 'UTF8'))`

/**
 * The order of an algorithm but `random_weighted` (`firstWeighted`), ties by id. `score_highest`
 * with `earliest_entry` reads `entries_draw_score_idx` from its top and stops.
 */
export const order = (
  sql: SqlClient.SqlClient,
  rules: Pick<Draw.Rules, "algorithm" | "tieBreak">,
  seed: string
): { readonly orderBy: Statement.Fragment } => {
  switch (rules.algorithm) {
    case "random_uniform":
    case "random_weighted":
      return { orderBy: sql`${digest(sql, seed)}, e.id` }
    case "score_highest":
      return rules.tieBreak === "random"
        ? { orderBy: sql`e.score DESC, ${digest(sql, seed)}, e.id` }
        : { orderBy: sql`e.score DESC, e.created_at, e.id` }
    case "winning_moment":
      return { orderBy: sql`e.created_at, e.id` }
  }
}

/** The conditions of an entry that can win: considered, able to win, not an earlier winner. */
const candidates = (sql: SqlClient.SqlClient, s: Selection) =>
  sql.and([
    considered(sql, s),
    ...canWin(sql, s.rules.algorithm),
    sql`NOT EXISTS (SELECT 1 FROM draw_winners x WHERE x.campaign_id = e.campaign_id
      AND x.run_sequence < ${s.sequence} AND x.participant_ref = e.participant_ref)`
  ])

/**
 * The first `limit` entries (id, participantRef) of the selection's order among those that can win,
 * leaving out the participants who won an earlier run of the campaign.
 */
export const firstEntries = (sql: SqlClient.SqlClient, s: Selection, limit: number) =>
  sql`SELECT e.id, e.participant_ref FROM entries e
WHERE ${candidates(sql, s)}
ORDER BY ${order(sql, s.rules, s.seed).orderBy}
LIMIT ${limit}`

/** `2^52`, as a `float8` literal. */
const TWO_52 = "4503599627370496::float8"

/**
 * For `random_weighted`: the first `limit` candidates (id, participantRef, `n`, weight, approximate
 * key) by an approximate key, `-ln((n + 0.5) / 2^52) / weight` with the database's own `ln`, which
 * differs from `Draw.weightedKey` by far less than one part in 10^9. The adapter computes the exact
 * keys of these candidates and orders them by those; it takes more when the approximation could
 * have left out an entry that beats one it chose. `n` (the digest's first 52 bits) is computed once
 * per entry (the fenced subquery), as is the key.
 */
export const firstWeighted = (sql: SqlClient.SqlClient, s: Selection, limit: number) =>
  sql`SELECT c.id, c.participant_ref, c.n::float8, c.weight,
  -ln((c.n::float8 + 0.5::float8) / ${sql.literal(TWO_52)}) / least(greatest(c.weight, 1e-300::float8), 1e300::float8) AS approx
FROM (
  SELECT e.id, e.participant_ref, e.weight,
    ('x' || substr(encode(${digest(sql, s.seed)}, 'hex'), 1, 13))::bit(52)::bigint AS n
  FROM entries e WHERE ${candidates(sql, s)}
  OFFSET 0
) c
ORDER BY approx, c.id
LIMIT ${limit}`

/**
 * The line of a listed entry `l` (`Draw.listingLine`), as text, its second column `participant`
 * (the version's: `listingHash`). Its milliseconds come from `date_part` (a double: exact once
 * rounded, and much cheaper than `extract`'s numeric).
 */
export const listingLine = (sql: SqlClient.SqlClient, participant: Statement.Fragment): Statement.Fragment =>
  sql`l.id || E'\t' || ${participant} || E'\t'
  || round(date_part('epoch', l.created_at) * 1000)::bigint || E'\t'
  || coalesce(encode(float8send(l.score + 0::float8), 'hex'), '-') || E'\t'
  || encode(float8send(l.weight + 0::float8), 'hex') || E'\n'`

/**
 * The number of considered entries and the hex SHA-256 of their listing, under the selection's
 * version (`Draw.ALGORITHM_VERSIONS`). The aggregate reads the entries in the listing's order from
 * the subquery (`entries_campaign_created_idx` read backwards: no sort), which PostgreSQL keeps for
 * a plain aggregate over it when the aggregate is not split between parallel workers: `SqlDraws`
 * runs it with parallel plans off (`SET LOCAL`).
 *
 * - `cg-draw/1`: the second column is the hex of the reference's UTF-8.
 * - `cg-draw/2`: the participant's number in the listing, 1, 2, … in the order participants first
 *   appear: `dense_rank` over the position (`created_at`, id) of each participant's first entry
 *   (`first_value` over the participant's entries in the listing's order).
 */
export const listingHash = (sql: SqlClient.SqlClient, s: Selection) =>
  s.algorithmVersion === Draw.ALGORITHM_VERSION_1
    ? sql`SELECT count(*)::int, encode(sha256(convert_to(coalesce(string_agg(${listingLine(sql, sql`encode(convert_to(l.participant_ref, 'UTF8'), 'hex')`)}, ''), ''), 'UTF8')), 'hex')
FROM (
  SELECT e.id, e.participant_ref, e.score, e.weight, e.created_at FROM entries e
  WHERE ${considered(sql, s)}
  ORDER BY e.created_at, e.id
) l`
    : sql`SELECT count(*)::int, encode(sha256(convert_to(coalesce(string_agg(${listingLine(sql, sql`l.participant::text`)}, ''), ''), 'UTF8')), 'hex')
FROM (
  SELECT p.id, p.score, p.weight, p.created_at, dense_rank() OVER (ORDER BY p.first_at, p.first_id) AS participant
  FROM (
    SELECT e.id, e.score, e.weight, e.created_at,
      first_value(e.created_at) OVER w AS first_at, first_value(e.id) OVER w AS first_id
    FROM entries e
    WHERE ${considered(sql, s)}
    WINDOW w AS (PARTITION BY e.participant_ref ORDER BY e.created_at, e.id)
  ) p
  ORDER BY p.created_at, p.id
) l`

/**
 * A page of the considered entries in the listing's order: the first `limit` after `after` (a
 * keyset on `(created_at, id)`: `entries_campaign_created_idx` read from there, never an offset).
 */
export const listingAfter = (
  sql: SqlClient.SqlClient,
  s: Selection,
  after: { readonly createdAt: number; readonly id: string } | null,
  limit: number
) =>
  sql`SELECT e.id, e.participant_ref, e.score, e.weight, e.created_at FROM entries e
WHERE ${considered(sql, s)}${
    after === null ? sql`` : sql` AND (e.created_at, e.id) > (${timeOf(after.createdAt)}::timestamptz, ${after.id})`
  }
ORDER BY e.created_at, e.id
LIMIT ${limit}`

/** The considered entries, in the listing's order (for an audit). */
export const listing = (sql: SqlClient.SqlClient, s: Selection) =>
  sql`SELECT e.id, e.participant_ref, e.score, e.weight, e.created_at FROM entries e
WHERE ${considered(sql, s)}
ORDER BY e.created_at, e.id`
