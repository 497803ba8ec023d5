/**
 * The SQL of a grant (`Grant.Plan`), as `WITH` queries one statement runs: a finish's
 * (`SqlPlayFinishRepo`, after its claim of the session) and a grant by hand or by draw
 * (`SqlRewardGrantRepo`). One statement, so the grant is all or nothing without a transaction of its own:
 *
 * 1. `prior`: whether the player already received a coupon of the campaign (as of the statement);
 * 2. `picked`: a code of the plan's `pool`/`shared` prizes, in the plan's order, whose issue limit
 *    is not reached, counted (`issued + 1`) under its row lock. Each prize is tried with
 *    `FOR UPDATE SKIP LOCKED` from a random point of its codes (by id; `start`), so concurrent
 *    grants neither queue on one code nor step over each other's locks; then from its first code;
 *    then, when every available code is locked, with a waiting `FOR UPDATE` (which takes a code its
 *    holder left issues to: a code with an issue limit n is given exactly n times). With `once`,
 *    nothing is picked when `prior` says the player has a coupon;
 * 3. `made`: else, the plan's fresh code of its `generated` prize (a taken code breaks
 *    `reward_coupons_campaign_code_key`: the statement fails, nothing is written, `CodeTaken`);
 * 4. `given` (the code given, if any) → `recipient`: the player recorded (with `once`, a plain
 *    insert: a concurrent first grant of the same player breaks `reward_recipients_pkey`, so of two
 *    one fails, nothing written, `AlreadyGranted`) → `granted`: the grant row; and, in a finish, its
 *    `reward_granted` event and deliveries (`grant_event`, `grant_delivered`), their data made for
 *    the prize and code given.
 *
 * `start` is `randomStart`, drawn by the caller for each grant. The result columns (`result`) say which: the given code's prize, id, code, ref and name (null
 * when none), and `prior`.
 *
 * @since 0.1.0
 */
import { Coupon, type Event, type Grant, type Webhook } from "@campaign-games/core"
import { DateTime } from "effect"
import type { SqlClient } from "effect/sql"
import { SqlError } from "effect/sql"
import { json, time, timeOrNull } from "./internal/Values.ts"

/** What a grant's statement answers, after the columns of the caller's own: see `outcome`. */
export const RESULT_COLUMNS = 6

/** The constraint a concurrent first grant of a player breaks (with `once`). */
export const RECIPIENT_KEY = "reward_recipients_pkey"
/** The constraint a made code that is taken breaks. */
export const CODE_KEY = "reward_coupons_campaign_code_key"

/**
 * A prize's first available code by id (from `from` on, when given), skipping (`skip`) or waiting
 * for codes locked by others.
 */
const firstCode = (
  sql: SqlClient.SqlClient,
  plan: Grant.Plan,
  tierId: string,
  from: string | undefined,
  skip: boolean
) => sql`(
  SELECT id FROM reward_coupons
  WHERE campaign_id = ${plan.campaignId} AND tier_id = ${tierId}${from === undefined ? sql`` : sql` AND id >= ${from}`}
    AND (issue_limit IS NULL OR issued < issue_limit)
  ORDER BY id LIMIT 1 FOR UPDATE${skip ? sql` SKIP LOCKED` : sql``})`

/** Where a grant starts looking for a code: `Coupon.randomStart` (shared with the memory store). */
export const randomStart = Coupon.randomStart

/** The conditions of giving a code at all: the caller's gate (a claimed session), and `once`. */
const allowed = (sql: SqlClient.SqlClient, plan: Grant.Plan, gate: string | undefined) =>
  sql`${gate === undefined ? sql`` : sql` AND EXISTS (SELECT 1 FROM ${sql.literal(gate)})`}${
    plan.once ? sql` AND NOT (SELECT granted FROM prior)` : sql``
  }`

/** A delivery template as a row of a `VALUES` list (its payload is made from the event written). */
const deliveryRow = (sql: SqlClient.SqlClient, d: Webhook.Delivery) => sql`(${d.id}, ${d.accountId}, ${d.endpointId},
  ${d.eventId}, ${d.eventType}, ${d.status}, ${d.attemptCount}::int, ${timeOrNull(d.lastAttemptedAt)}::timestamptz,
  ${timeOrNull(d.nextRetryAt)}::timestamptz, ${d.responseStatus}::int, ${d.note}::text, ${time(d.createdAt)}::timestamptz)`

/**
 * The `reward_granted` event and its deliveries of a grant in a finish: the event's data with the
 * prize given (`tierId`, `prize`) and its code's ref and name, never the code.
 */
const eventCtes = (
  sql: SqlClient.SqlClient,
  plan: Grant.Plan,
  prizes: string,
  event: Event.Event,
  deliveries: ReadonlyArray<Webhook.Delivery>
) => sql`, grant_event AS (
  INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
  SELECT ${event.id}, ${event.accountId}, ${event.type}, ${plan.campaignId}, ${plan.channelId},
    ${json(event.data)}::jsonb || jsonb_build_object('tierId', g.tier_id, 'prize', ${prizes}::jsonb -> g.tier_id,
      'coupon', jsonb_build_object('ref', g.ref, 'name', g.name)),
    ${time(event.createdAt)}::timestamptz
  FROM given g
  RETURNING payload
)${
  deliveries.length === 0
    ? sql``
    : sql`, grant_delivered AS (
  INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, attempt_count,
    last_attempted_at, next_retry_at, response_status, note, created_at)
  SELECT d.id, d.account_id, d.endpoint_id, d.event_id, d.event_type,
    jsonb_build_object('type', ${event.type}::text, 'createdAt', ${DateTime.formatIso(event.createdAt)}::text, 'data', e.payload),
    d.status, d.attempt_count, d.last_attempted_at, d.next_retry_at, d.response_status, d.note, d.created_at
  FROM grant_event e, (VALUES ${sql.csv(deliveries.map((d) => deliveryRow(sql, d)))}) AS d (id, account_id, endpoint_id,
    event_id, event_type, status, attempt_count, last_attempted_at, next_retry_at, response_status, note, created_at)
)`
}`

/**
 * The `WITH` queries of a grant (to follow `WITH` or a comma): gated by `gate` (the name of a `WITH`
 * query that must have a row, such as a finish's claim), with the event and deliveries of `inFinish` when given.
 */
export const ctes = (
  sql: SqlClient.SqlClient,
  plan: Grant.Plan,
  start: string,
  options: { readonly gate?: string; readonly inFinish?: Grant.InFinish } = {}
) => {
  const { gate, inFinish } = options
  const stock = plan.prizes.filter((p) => p.codeStrategy !== "generated")
  const generated = plan.prizes.find((p) => p.codeStrategy === "generated")
  const made = generated === undefined ? undefined : plan.made
  const prizes = json(Object.fromEntries(plan.prizes.map((p) => [p.tierId, p.prize])))
  const picked =
    stock.length === 0
      ? sql``
      : sql`, picked AS (
  UPDATE reward_coupons SET issued = issued + 1
  WHERE id = COALESCE(${sql.csv(
    stock.flatMap((p) => [
      firstCode(sql, plan, p.tierId, start, true),
      firstCode(sql, plan, p.tierId, undefined, true),
      firstCode(sql, plan, p.tierId, undefined, false)
    ])
  )})
    AND (issue_limit IS NULL OR issued < issue_limit)${allowed(sql, plan, gate)}
  RETURNING id, tier_id, code, ref, name
)`
  const madeCte =
    made === undefined || made === null || generated === undefined
      ? sql``
      : sql`, made AS (
  INSERT INTO reward_coupons (id, account_id, campaign_id, tier_id, code, ref, name, issue_limit, issued, stock, created_at)
  SELECT ${made.couponId}, ${plan.accountId}, ${plan.campaignId}, ${generated.tierId}, ${made.code}, NULL, NULL, 1, 1, false,
    ${time(plan.createdAt)}::timestamptz
  WHERE TRUE${stock.length === 0 ? sql`` : sql` AND NOT EXISTS (SELECT 1 FROM picked)`}${allowed(sql, plan, gate)}
  RETURNING id, tier_id, code, ref, name
)`
  const sources = [
    ...(stock.length === 0 ? [] : [sql`SELECT * FROM picked`]),
    ...(made === undefined || made === null ? [] : [sql`SELECT * FROM made`])
  ]
  const given =
    sources.length === 0
      ? sql`, given AS (SELECT NULL::text AS id, NULL::text AS tier_id, NULL::text AS code, NULL::text AS ref,
  NULL::text AS name WHERE FALSE)`
      : sql`, given AS (${sql.join(" UNION ALL ", false)(sources)})`
  return sql`prior AS (
  SELECT EXISTS (SELECT 1 FROM reward_recipients WHERE campaign_id = ${plan.campaignId}
    AND participant_ref = ${plan.participantRef}) AS granted
)${picked}${madeCte}${given}, recipient AS (
  INSERT INTO reward_recipients (campaign_id, participant_ref, grants)
  SELECT ${plan.campaignId}, ${plan.participantRef}, 1 FROM given${
    plan.once
      ? sql``
      : sql`
  ON CONFLICT (campaign_id, participant_ref) DO UPDATE SET grants = reward_recipients.grants + 1`
  }
), granted AS (
  INSERT INTO reward_grants (id, account_id, campaign_id, tier_id, coupon_id, participant_ref, source, session_id, run_id,
    winner_id, prize, coupon_ref, coupon_name, expires_at, created_at)
  SELECT ${plan.id}, ${plan.accountId}, ${plan.campaignId}, g.tier_id, g.id, ${plan.participantRef}, ${plan.source},
    ${plan.sessionId}::text, ${plan.runId}::text, ${plan.winnerId}::text, ${prizes}::jsonb -> g.tier_id, g.ref, g.name,
    ${timeOrNull(plan.expiresAt)}::timestamptz, ${time(plan.createdAt)}::timestamptz
  FROM given g
)${inFinish === undefined ? sql`` : eventCtes(sql, plan, prizes, inFinish.event, inFinish.deliveries)}`
}

/** The result columns (`RESULT_COLUMNS` of them), from `given g` joined on its (at most one) row. */
export const result = (sql: SqlClient.SqlClient) =>
  sql`g.tier_id, g.id, g.code, g.ref, g.name, (SELECT granted FROM prior)`

/** What a grant's statement did, from its result columns at `offset` of its row. */
export const outcome = (plan: Grant.Plan, row: ReadonlyArray<unknown>, offset = 0): Grant.Outcome => {
  const tierId = row[offset]
  if (typeof tierId === "string") {
    return {
      _tag: "Granted",
      given: {
        tierId,
        couponId: row[offset + 1] as string,
        code: row[offset + 2] as string,
        couponRef: (row[offset + 3] as string | null) ?? null,
        couponName: (row[offset + 4] as string | null) ?? null
      }
    }
  }
  return plan.once && row[offset + 5] === true ? { _tag: "AlreadyGranted" } : { _tag: "OutOfCodes" }
}

/** The grant conflict a failure of a grant's statement is (a unique key it broke), if it is one. */
export const conflictOf = (error: unknown): "AlreadyGranted" | "CodeTaken" | undefined => {
  if (!SqlError.isSqlError(error) || error.reason._tag !== "UniqueViolation") return undefined
  const constraint = error.reason.constraint
  return constraint === RECIPIENT_KEY ? "AlreadyGranted" : constraint === CODE_KEY ? "CodeTaken" : undefined
}
