/**
 * `PlayFinishRepo` over effect/sql: the finish of a play, the one write across aggregates (the
 * session's claim, its entry, its event and the event's webhook deliveries).
 *
 * - `read` is one `SELECT` of the session with its campaign (`PlayCampaign`'s fields) and its reward
 *   (a `LEFT JOIN`), the account's active endpoints of the event's type in a `json_agg` subquery
 *   (`Webhook.Target`'s fields), and, only when the campaign has a reward, those of `reward_granted`.
 * - `complete` is one statement: the claim is an `UPDATE … WHERE finished_at IS NULL … RETURNING`
 *   whose conditions also require the session's token, the campaign's game, `config` (`jsonb`
 *   equality) and resolution, its reward's revision (or its having none: one primary-key probe, so
 *   a campaign without a reward costs nothing more), and the account's active endpoints (a
 *   `jsonb_agg` compared with the basis's list) to be as the finish decided from; the entry, event
 *   and delivery inserts are data-modifying `WITH`s that select from it, so they write nothing when
 *   the claim got no row. A completion with a grant adds the grant's `WITH`s (`SqlRewardGrantStatement`),
 *   gated by the claim, and the check of the `reward_granted` endpoints; a grant that breaks one of
 *   its unique keys fails the whole statement (nothing written) and is answered as a
 *   `GrantConflict`. Parameters carry casts (`::jsonb`, `::timestamptz`, …): in an
 *   `INSERT … SELECT` nothing else types them.
 *
 * Not scoped by account: session ids are unguessable, and the session's row gives its account.
 *
 * The statements run on every finish, and `@effect/sql-pg` looks a statement up in its
 * prepared-statement cache by its whole text on every execution (a few nanoseconds per character):
 * so they are written flush left, with little white space to send, and the read's row is read with
 * `.values`, with no aliases in its select list.
 *
 * @since 0.1.0
 */
import { type Event, PlayContext, type Webhook } from "@campaign-games/core"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type SqlError, type Statement } from "effect/sql"
import * as Precompiled from "./internal/Precompiled.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json, jsonOrNull, time, timeOrNull } from "./internal/Values.ts"
import { againOnConflict } from "./internal/Conflicts.ts"
import * as SqlRewardGrantStatement from "./SqlRewardGrantStatement.ts"
import * as SqlRewardTables from "./SqlRewardTables.ts"

// A finish's row: the session, its campaign, its reward, then the endpoints and the grant endpoints.
const finishRow = Table.joined(
  {
    session: [Tables.sessions, "s"],
    campaign: [Tables.playCampaigns, "c"],
    reward: [SqlRewardTables.rewards, "r"]
  },
  { remember: ["campaign", "reward"] }
)
const ENDPOINTS = finishRow.end
const GRANT_ENDPOINTS = ENDPOINTS + 1
const decodeTargets = Schema.decodeUnknownExit(Schema.Array(Tables.targets.Row))

/** What `complete` compares of an endpoint (`jsonb`, so the keys' order does not matter). */
const endpointFilters = ({ channelIds, events, gameInstanceIds, id }: Webhook.Target) => ({
  id,
  events,
  gameInstanceIds,
  channelIds
})

/** The account's active endpoints of an event type, as a JSON list of `Webhook.Target`s, oldest first. */
const targetsOf = (sql: SqlClient.SqlClient, eventType: Event.EventType | Statement.Fragment) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', e.id, 'status', e.status, 'events', e.events,
    'gameInstanceIds', e.game_instance_ids, 'channelIds', e.channel_ids) ORDER BY e.created_at, e.id), '[]')
  FROM webhook_endpoints e
  WHERE e.account_id = s.account_id AND e.status = 'active' AND ${eventType} = ANY (e.events))`

/**
 * The session with its campaign, its reward and the account's active endpoints of `eventType` (and
 * of `reward_granted` when the campaign has a reward); no row without the session.
 */
const selectFinish = (sql: SqlClient.SqlClient, sessionId: string, eventType: Event.EventType) => sql`
SELECT ${finishRow.session.select}, ${finishRow.campaign.select}, ${finishRow.reward.select}, ${targetsOf(sql, eventType)},
  CASE WHEN r.campaign_id IS NULL THEN '[]'::json ELSE ${targetsOf(sql, sql.literal("'reward_granted'"))} END
FROM sessions s
JOIN campaigns c ON c.id = s.campaign_id AND c.account_id = s.account_id
LEFT JOIN rewards r ON r.campaign_id = c.id
WHERE s.id = ${sessionId}`

/** The fields of a delivery a finish inserts, in the columns' order. */
const DELIVERY_FIELDS = [
  "id",
  "accountId",
  "endpointId",
  "eventId",
  "eventType",
  "payload",
  "status",
  "attemptCount",
  "lastAttemptedAt",
  "nextRetryAt",
  "responseStatus",
  "note",
  "createdAt"
] as const

/** A delivery's parameters, `d<index><field>`, as `deliveryRow` reads them. */
const deliveryValues = (d: Webhook.Delivery, index: number): Record<string, unknown> => {
  const values: Record<(typeof DELIVERY_FIELDS)[number], unknown> = {
    ...d,
    payload: json(d.payload),
    lastAttemptedAt: timeOrNull(d.lastAttemptedAt),
    nextRetryAt: timeOrNull(d.nextRetryAt),
    createdAt: time(d.createdAt)
  }
  return Object.fromEntries(DELIVERY_FIELDS.map((field) => [`d${index}${field}`, values[field]]))
}

/** A delivery as a row of a `VALUES` list. */
const deliveryRow = (sql: SqlClient.SqlClient, v: Values, i: number) => {
  const d = (field: (typeof DELIVERY_FIELDS)[number]) => v[`d${i}${field}`]
  return sql`(${d("id")}, ${d("accountId")}, ${d("endpointId")},
  ${d("eventId")}, ${d("eventType")}, ${d("payload")}::jsonb, ${d("status")}, ${d("attemptCount")}::int,
  ${d("lastAttemptedAt")}::timestamptz, ${d("nextRetryAt")}::timestamptz, ${d("responseStatus")}::int,
  ${d("note")}, ${d("createdAt")}::timestamptz)`
}

/** The `WITH` query inserting the deliveries for each row of `claimed` (none without deliveries). */
const insertDeliveries = (sql: SqlClient.SqlClient, v: Values, deliveries: number) =>
  deliveries === 0
    ? sql``
    : sql`, delivered AS (
  INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, attempt_count,
    last_attempted_at, next_retry_at, response_status, note, created_at)
  SELECT d.* FROM claimed, (VALUES ${sql.csv(Array.from({ length: deliveries }, (_, i) => deliveryRow(sql, v, i)))}) AS d
)`

/** The account's active endpoints of an event type are `targets` (JSON: ids, events and filters, in order). */
const endpointsAre = (sql: SqlClient.SqlClient, accountId: unknown, eventType: unknown, targets: unknown) => sql`(
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'events', w.events,
      'gameInstanceIds', w.game_instance_ids, 'channelIds', w.channel_ids) ORDER BY w.created_at, w.id), '[]'::jsonb)
    FROM webhook_endpoints w
    WHERE w.account_id = ${accountId} AND w.status = 'active' AND ${eventType} = ANY (w.events)
  ) = ${targets}::jsonb`

/**
 * A finish's statement's parameters by name (`values`): the session, the basis, the entry, the
 * event and each delivery (`d<index><field>`), as text, numbers, booleans or null.
 */
type Values = Readonly<Record<string, unknown>>

/** What varies the text of a finish's statement: the deliveries, whether the campaign had a reward, a grant. */
interface Shape {
  readonly deliveries: number
  readonly reward: boolean
  readonly grant: boolean
}

const shapeOf = (completion: PlayContext.Completion, known: PlayContext.FinishBasis): Shape => ({
  deliveries: completion.deliveries.length,
  reward: known.reward !== null,
  grant: completion.grant !== undefined
})

/**
 * The JSON text of the documents a finish sends again and again (the known campaign's config, the
 * account's endpoints' filters), by their object: `InstanceCache` hands every finish of a campaign
 * the same objects, never changed in place.
 */
const texts = new WeakMap<object, string>()
const jsonOf = (value: object, text: () => string): string => {
  let found = texts.get(value)
  if (found === undefined) {
    found = text()
    texts.set(value, found)
  }
  return found
}

/** The parameters of `complete`'s statement for `completion` decided from `known`. */
const values = (
  { deliveries, entry: e, event: v, finishedAt, grant, sessionId }: PlayContext.Completion,
  known: PlayContext.FinishBasis
): Values => {
  const named: Record<string, unknown> = {
    finishedAt: time(finishedAt),
    sessionId,
    jti: known.jti,
    accountId: e.accountId,
    campaignId: e.campaignId,
    channelId: e.channelId,
    participantRef: e.participantRef,
    gameSlug: known.campaign.gameSlug,
    config: jsonOf(known.campaign.config, () => json(known.campaign.config)),
    resolvedOptionId: known.campaign.resolvedOptionId,
    rewardRevision: known.reward?.revision ?? null,
    eventType: v.type,
    endpoints: jsonOf(known.endpoints, () => json(known.endpoints.map(endpointFilters))),
    grantEndpoints:
      grant === undefined ? null : jsonOf(known.grantEndpoints, () => json(known.grantEndpoints.map(endpointFilters))),
    entryId: e.id,
    score: e.score,
    predictionOptionId: e.predictionValue?.optionId ?? null,
    outcome: jsonOrNull(e.outcome),
    weight: e.weight,
    eligible: e.eligible,
    entryCreatedAt: time(e.createdAt),
    eventId: v.id,
    eventAccountId: v.accountId,
    eventCampaignId: v.campaignId,
    eventChannelId: v.channelId,
    eventData: json(v.data),
    eventCreatedAt: time(v.createdAt)
  }
  deliveries.forEach((d, i) => Object.assign(named, deliveryValues(d, i)))
  return named
}

/** The names of `values` for a statement of `shape`. */
const namesOf = (shape: Shape): ReadonlyArray<string> => [
  ...BASE_NAMES,
  ...Array.from({ length: shape.deliveries }, (_, i) => DELIVERY_FIELDS.map((field) => `d${i}${field}`)).flat()
]

const BASE_NAMES = [
  "finishedAt",
  "sessionId",
  "jti",
  "accountId",
  "campaignId",
  "channelId",
  "participantRef",
  "gameSlug",
  "config",
  "resolvedOptionId",
  "rewardRevision",
  "eventType",
  "endpoints",
  "grantEndpoints",
  "entryId",
  "score",
  "predictionOptionId",
  "outcome",
  "weight",
  "eligible",
  "entryCreatedAt",
  "eventId",
  "eventAccountId",
  "eventCampaignId",
  "eventChannelId",
  "eventData",
  "eventCreatedAt"
] as const

/**
 * The claim's conditions beyond an unfinished session: the session is the token's and the entry's,
 * the campaign's game, config and resolution are the basis's, so is its reward's revision (or its
 * having none), and so are the account's active endpoints (and those of `reward_granted`, with a
 * grant).
 */
const basisHolds = (sql: SqlClient.SqlClient, v: Values, shape: Shape) => sql`
  AND s.jti = ${v.jti} AND s.account_id = ${v.accountId} AND s.campaign_id = ${v.campaignId}
  AND s.channel_id = ${v.channelId} AND s.participant_ref = ${v.participantRef}
  AND EXISTS (
    SELECT 1 FROM campaigns c WHERE c.id = ${v.campaignId} AND c.account_id = ${v.accountId}
      AND c.game_slug = ${v.gameSlug} AND c.config = ${v.config}::jsonb
      AND c.resolved_option_id IS NOT DISTINCT FROM ${v.resolvedOptionId}::text)
  AND ${
    shape.reward
      ? sql`EXISTS (SELECT 1 FROM rewards r WHERE r.campaign_id = ${v.campaignId} AND r.revision = ${v.rewardRevision}::int)`
      : sql`NOT EXISTS (SELECT 1 FROM rewards r WHERE r.campaign_id = ${v.campaignId})`
  }
  AND ${endpointsAre(sql, v.accountId, v.eventType, v.endpoints)}${
    shape.grant
      ? sql`
  AND ${endpointsAre(sql, v.accountId, sql.literal("'reward_granted'"), v.grantEndpoints)}`
      : sql``
  }`

/**
 * The claim and the writes in one statement, while the basis still holds; `grant` is the grant's
 * `WITH` queries and result columns, when the completion carries one.
 */
const complete = (
  sql: SqlClient.SqlClient,
  v: Values,
  shape: Shape,
  grant?: { readonly ctes: Statement.Fragment; readonly result: Statement.Fragment }
) => sql`
WITH claimed AS (
  UPDATE sessions s SET finished_at = ${v.finishedAt}::timestamptz
  WHERE s.id = ${v.sessionId} AND s.finished_at IS NULL${basisHolds(sql, v, shape)}
  RETURNING s.id
), entry AS (
  INSERT INTO entries (id, account_id, campaign_id, channel_id, session_id, participant_ref, score,
    prediction_option_id, outcome, weight, eligible, created_at)
  SELECT ${v.entryId}, ${v.accountId}, ${v.campaignId}, ${v.channelId}, claimed.id, ${v.participantRef}, ${v.score}::float8,
    ${v.predictionOptionId}, ${v.outcome}::jsonb, ${v.weight}::float8,
    ${v.eligible}::boolean, ${v.entryCreatedAt}::timestamptz
  FROM claimed
), event AS (
  INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
  SELECT ${v.eventId}, ${v.eventAccountId}, ${v.eventType}, ${v.eventCampaignId}, ${v.eventChannelId}, ${v.eventData}::jsonb,
    ${v.eventCreatedAt}::timestamptz
  FROM claimed
)${insertDeliveries(sql, v, shape.deliveries)}${
  grant === undefined
    ? sql`
SELECT id FROM claimed`
    : sql`, ${grant.ctes}
SELECT claimed.id, ${grant.result} FROM claimed LEFT JOIN given g ON TRUE`
}`

/** How many statement shapes without a grant a repository keeps compiled (deliveries 0–7, reward or not). */
const MAX_DELIVERIES_COMPILED = 8

/** What `complete`'s statement answered: its rows, or the grant conflict that failed it. */
const completed = (
  completion: PlayContext.Completion,
  run: Effect.Effect<ReadonlyArray<ReadonlyArray<unknown>>, SqlError.SqlError>
): Effect.Effect<PlayContext.CompleteResult, SqlError.SqlError> =>
  run.pipe(
    Effect.map((rows): PlayContext.CompleteResult => {
      const row = rows[0]
      if (row === undefined) return { _tag: "Stale" }
      const grant = completion.grant
      return {
        _tag: "Completed",
        grant: grant === undefined ? null : SqlRewardGrantStatement.outcome(grant.plan, row, 1)
      }
    }),
    Effect.catchIf(
      (error) => completion.grant !== undefined && SqlRewardGrantStatement.conflictOf(error) !== undefined,
      (error) =>
        Effect.succeed({ _tag: "GrantConflict", conflict: SqlRewardGrantStatement.conflictOf(error)! } as const)
    )
  )

/** `PlayFinishRepo` over a migrated database. */
export const layer: Layer.Layer<PlayContext.PlayFinishRepo, never, SqlClient.SqlClient> = Repository.layer(
  PlayContext.PlayFinishRepo,
  (sql) => {
    // A finish without a grant has a handful of shapes, each compiled once (`Precompiled`); a grant's
    // statement depends on its plan and is built each time.
    const compiled = new Map<string, ReturnType<typeof Precompiled.make>>()
    const compiledFor = (shape: Shape) => {
      const key = `${shape.deliveries}:${shape.reward}`
      let statement = compiled.get(key)
      if (statement === undefined) {
        statement = Precompiled.make(sql, namesOf(shape), (markers) => complete(sql, markers, shape))
        compiled.set(key, statement)
      }
      return statement
    }
    const statementOf = (completion: PlayContext.Completion, basis: PlayContext.FinishBasis) =>
      Effect.gen(function* () {
        const shape = shapeOf(completion, basis)
        const v = values(completion, basis)
        if (completion.grant === undefined) {
          if (shape.deliveries < MAX_DELIVERIES_COMPILED) return compiledFor(shape)(v)
          return complete(sql, v, shape)
        }
        const start = yield* SqlRewardGrantStatement.randomStart
        return complete(sql, v, shape, {
          ctes: SqlRewardGrantStatement.ctes(sql, completion.grant.plan, start, {
            gate: "claimed",
            inFinish: completion.grant
          }),
          result: SqlRewardGrantStatement.result(sql)
        })
      })
    return {
      read: Effect.fnUntraced(function* (sessionId: string, eventType: Event.EventType) {
        const rows = yield* selectFinish(sql, sessionId, eventType).values
        const row = rows[0]
        if (row === undefined) return Option.none()
        const reward = finishRow.reward.found(row) ? Option.some(yield* finishRow.reward.row(row)) : Option.none()
        const context: PlayContext.FinishContext = {
          session: yield* finishRow.session.row(row),
          campaign: yield* finishRow.campaign.row(row),
          endpoints: yield* decodeTargets(row[ENDPOINTS]),
          reward,
          grantEndpoints: yield* decodeTargets(row[GRANT_ENDPOINTS])
        }
        return Option.some(context)
      }),
      complete: (completion: PlayContext.Completion, basis: PlayContext.FinishBasis) =>
        Effect.gen(function* () {
          const open = yield* Effect.serviceOption(sql.transactionService)
          const statement = (yield* statementOf(completion, basis)).values
          // In a transaction, a grant's broken key must not abort the caller's: a savepoint holds it
          // (and the caller's `Store.transaction` runs again on a deadlock). Alone, the statement is
          // run again here when PostgreSQL broke a deadlock between concurrent finishes (their
          // coupon, entry and delivery locks): it is all or nothing, so nothing of it was kept.
          return yield* completed(
            completion,
            Option.isSome(open)
              ? completion.grant !== undefined
                ? sql.withTransaction(statement)
                : statement
              : againOnConflict(statement)
          )
        })
    }
  }
)
