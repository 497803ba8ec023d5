/**
 * `PlayContextRepo` over effect/sql: what a mint and a start read, each in one statement.
 *
 * - `forMint` reads the account, the channel and its active campaigns (their plays' fields:
 *   `PlayAccount`, `PlayChannel`, `MintCampaign`, which leaves out the config and the theme) in one
 *   row per campaign, with whether the key is active, whether the origin is allowed and the
 *   account's plays of the month.
 * - `start` is one statement when nothing needs counting: it reads the campaign (with its reward, a
 *   `LEFT JOIN` on its key), the channel, the account and the branding in a `WITH` and inserts the
 *   session from that row (for an account with a plays-a-month limit, only while the month is far
 *   from it, counted in the connection's shard; near it, in a transaction after
 *   `SqlUsageRepo.closeMonth`, counted in shard 0 by `SqlUsageRepo.gate`, run again when a concurrent
 *   start took the last play), counting its play as `SqlSessionRepo.insertPlay` does, only where the
 *   row shows an open start (`open`:
 *   `PlayContext.isOpenStart`, mirrored in SQL and pinned by the contract's start cases). Its
 *   parameters in the `INSERT … SELECT` carry casts: nothing else types them there. A start the
 *   row shows must be counted (`PlayContext.mustCount`) then runs `PlayContext.startCounted`, the
 *   counted start every store shares (a transaction under the player's lock).
 *
 * Every read is scoped by account. Both statements run on every play, and `@effect/sql-pg` looks a
 * statement up in its prepared-statement cache by its whole text on every execution (a few
 * nanoseconds per character): so they are written flush left, with little white space to send, and
 * their rows read with `.values`, with no aliases in the select lists.
 *
 * @since 0.1.0
 */
import { PlayContext, Session, Store } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import * as Precompiled from "./internal/Precompiled.ts"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { time } from "./internal/Values.ts"
import * as SqlRewardTables from "./SqlRewardTables.ts"
import * as SqlUsageRepo from "./SqlUsageRepo.ts"

// A mint's row: the account, the channel, a campaign, then whether the key is active, whether the
// origin is allowed and the month's plays.
const mintRow = Table.joined(
  {
    account: [Tables.playAccounts, "a"],
    channel: [Tables.playChannels, "ch"],
    campaign: [Tables.mintCampaigns, "c"]
  },
  { remember: ["account", "channel", "campaign"] }
)
const KEY_ACTIVE = mintRow.end
const ORIGIN_ALLOWED = KEY_ACTIVE + 1
const MONTH_PLAYS = KEY_ACTIVE + 2

// A start's row: the account, the campaign, the channel, the branding, the campaign's reward,
// whether it is an open start, the account's plays a month, whether the jti is unused, whether the
// month is far from its limit (`SqlUsageRepo.isFar`), whether it started and whether the month's
// count admitted it.
const startRow = Table.joined(
  {
    account: [Tables.playAccounts, "a"],
    campaign: [Tables.playCampaigns, "c"],
    channel: [Tables.playChannels, "ch"],
    branding: [Tables.branding, "b"],
    reward: [SqlRewardTables.rewards, "r"]
  },
  { remember: ["account", "campaign", "channel", "branding", "reward"] }
)
const OPEN = startRow.end
const LIMIT = startRow.end + 1
const UNUSED = startRow.end + 2
const FAR = startRow.end + 3
const STARTED = startRow.end + 4
const ROOM = startRow.end + 5

/**
 * The marker of a start whose session was written while a concurrent start took the month's last
 * play (its snapshot showed room, the locked count none): the statement fails on purpose (a cast of
 * this text to an integer), so nothing of it is written, and runs again (it then sees the month full).
 */
const MONTH_RACED = " plays a month reached meanwhile"

/** Whether the statement failed on `MONTH_RACED` (the driver's message is the reason's or its cause's). */
const monthRaced = (error: SqlError.SqlError): boolean => {
  const cause: unknown = error.reason.cause
  const causeMessage = typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : ""
  return `${error.message} ${causeMessage}`.includes(MONTH_RACED.trim())
}

/** How many times a start runs again after `MONTH_RACED`. */
const MONTH_RACE_TRIES = 5

/**
 * One row per active campaign of the channel, newest first (one with null campaign columns when
 * there is none, with null channel columns too when the account has no such channel); no row when
 * the account is gone.
 */
const MINT_PARAMS = ["accountId", "channelId", "keyId", "month", "origin"] as const

const selectForMint = (
  sql: SqlClient.SqlClient,
  { accountId, channelId, keyId, month, origin }: { readonly [N in (typeof MINT_PARAMS)[number]]: string }
) => sql`
SELECT ${mintRow.account.select}, ${mintRow.channel.select}, ${mintRow.campaign.select},
  ${keyId}::text IS NULL OR EXISTS (
    SELECT 1 FROM api_keys WHERE id = ${keyId} AND account_id = a.id AND revoked_at IS NULL),
  EXISTS (SELECT 1 FROM allowed_origins WHERE account_id = a.id AND origin = ${origin}),
  (SELECT coalesce(sum(plays), 0)::float8 FROM account_usage WHERE account_id = a.id AND month = ${month})
FROM accounts a
LEFT JOIN channels ch ON ch.account_id = a.id AND ch.id = ${channelId}
LEFT JOIN campaigns c ON c.account_id = a.id AND c.channel_id = ch.id AND c.status = 'active'
WHERE a.id = ${accountId}
ORDER BY c.created_at DESC, c.id DESC`

/**
 * One row when the account exists (none when it is gone), with null columns for what is not found;
 * the session is inserted, and its play counted, only when that row shows an open start.
 *
 * An account with a plays-a-month limit (`SqlUsageRepo`): unless `near`, the start is written only
 * while the month is far from the limit, counted in the connection's shard (`far`), and the
 * statement fails on `MONTH_RACED` when that shard's row was marked near meanwhile; otherwise the
 * caller runs it again `near`, in a transaction after `SqlUsageRepo.closeMonth`, counted in shard 0
 * (`gate`).
 */
const START_PARAMS = [
  "id",
  "accountId",
  "campaignId",
  "channelId",
  "participantRef",
  "origin",
  "jti",
  "startedAt",
  "month"
] as const

/** A start's parameters: the session's fields, its start as text, and the month it counts in. */
const startParams = (s: Session.Session, month: string) => ({
  id: s.id,
  accountId: s.accountId,
  campaignId: s.campaignId,
  channelId: s.channelId,
  participantRef: s.participantRef,
  origin: s.origin,
  jti: s.jti,
  startedAt: time(s.startedAt),
  month
})

const startIfOpen = (
  sql: SqlClient.SqlClient,
  { month, ...s }: { readonly [N in (typeof START_PARAMS)[number]]: string },
  near: boolean
) => sql`
WITH found AS (
  SELECT ${startRow.account.select}, ${startRow.campaign.select}, ${startRow.channel.select}, ${startRow.branding.select},
    ${startRow.reward.select}, c.status = 'active' AND ch.status = 'active' AND c.resolved_option_id IS NULL
    AND c.max_plays_per_participant IS NULL AND c.max_plays_per_participant_per_day IS NULL
    AND ch.max_plays_per_participant IS NULL AND ch.max_plays_per_participant_per_day IS NULL AS open,
    ${sql.literal(SqlUsageRepo.playsPerMonthSql("a"))} AS lim,
    NOT EXISTS (SELECT 1 FROM sessions WHERE jti = ${s.jti}) AS unused,
    ${SqlUsageRepo.isFar(sql, SqlUsageRepo.monthPlays(sql, s.accountId, month), sql.literal(SqlUsageRepo.playsPerMonthSql("a")))} AS far
  FROM accounts a
  LEFT JOIN campaigns c ON c.account_id = a.id AND c.id = ${s.campaignId}
  LEFT JOIN channels ch ON ch.account_id = a.id AND ch.id = ${s.channelId}
  LEFT JOIN branding b ON b.account_id = a.id
  LEFT JOIN rewards r ON r.campaign_id = c.id
  WHERE a.id = ${s.accountId}
), inserted AS (
  INSERT INTO sessions (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
  SELECT ${s.id}, ${s.accountId}, ${s.campaignId}, ${s.channelId}, ${s.participantRef}, ${s.origin}, ${s.jti},
    ${s.startedAt}::timestamptz, NULL
  FROM found
  WHERE open AND ${near ? sql`(lim IS NULL OR ${SqlUsageRepo.monthPlays(sql, s.accountId, month)} < lim)` : sql`far`}
  ON CONFLICT (jti) DO NOTHING
  RETURNING account_id
), ${
  near
    ? SqlUsageRepo.gate(sql, month, sql`FROM inserted WHERE (SELECT lim FROM found) IS NOT NULL`)
    : SqlUsageRepo.countFar(sql, month, sql`FROM inserted WHERE (SELECT lim FROM found) IS NOT NULL`)
},
${SqlUsageRepo.countInserted(sql, month, sql` WHERE (SELECT lim FROM found) IS NULL`)}
SELECT found.*, EXISTS (SELECT 1 FROM inserted),
  CASE WHEN NOT EXISTS (SELECT 1 FROM inserted) THEN ${SqlUsageRepo.monthPlays(sql, s.accountId, month)} < lim END,
  CASE WHEN lim IS NOT NULL AND EXISTS (SELECT 1 FROM inserted) AND NOT EXISTS (SELECT 1 FROM ${near ? sql`gate` : sql`far`})
  THEN (lim::text || ${sql.literal(`'${MONTH_RACED}'`)})::int END
FROM found`

/** `PlayContextRepo` over a migrated database, counting limited starts through `Store` and `SessionRepo`. */
export const layer: Layer.Layer<
  PlayContext.PlayContextRepo,
  never,
  SqlClient.SqlClient | Store.Store | Session.SessionRepo
> = Layer.unwrap(
  Effect.map(Effect.all([Effect.service(Store.Store), Effect.service(Session.SessionRepo)]), ([store, sessions]) =>
    layerWith(PlayContext.startCounted(store, sessions))
  )
)

const layerWith = (counted: ReturnType<typeof PlayContext.startCounted>) =>
  Repository.layer(PlayContext.PlayContextRepo, (sql) => {
    // The two statements of every play, compiled once (`Precompiled`).
    const mintStatement = Precompiled.make(sql, MINT_PARAMS, (p) => selectForMint(sql, p))
    const startFar = Precompiled.make(sql, START_PARAMS, (p) => startIfOpen(sql, p, false))
    const startNear = Precompiled.make(sql, START_PARAMS, (p) => startIfOpen(sql, p, true))
    return {
      forMint: Effect.fnUntraced(function* (lookup: PlayContext.MintLookup) {
        const rows = yield* mintStatement(lookup).values
        const row = rows[0]
        if (row === undefined) return { account: Option.none(), keyActive: false, channel: Option.none() }
        const channel = yield* mintRow.channel.first(rows)
        const read: PlayContext.MintRead = {
          account: yield* mintRow.account.first(rows),
          keyActive: row[KEY_ACTIVE] === true,
          channel: Option.isNone(channel)
            ? Option.none()
            : Option.some({
                channel: channel.value,
                originAllowed: row[ORIGIN_ALLOWED] === true,
                activeCampaigns: yield* mintRow.campaign.decode(rows.filter(mintRow.campaign.found)),
                monthPlays: Number(row[MONTH_PLAYS])
              })
        }
        return read
      }),
      start: Effect.fnUntraced(function* (request: PlayContext.StartRequest) {
        const { month, session } = request
        // Far from the month's limit, one statement. Inside a transaction (a start that keeps its
        // answer for an Idempotency-Key) it runs under a savepoint, so failing on `MONTH_RACED` leaves
        // the transaction usable.
        const params = startParams(session, month)
        const once = startFar(params).values
        const far = Effect.flatMap(Effect.serviceOption(sql.transactionService), (open) =>
          Option.isSome(open) ? sql.withTransaction(once) : once
        )
        // Near it (or marked near meanwhile): the month's rows marked and locked, then counted in shard 0.
        const near = sql
          .withTransaction(
            Effect.andThen(SqlUsageRepo.closeMonth(sql, session.accountId, month), startNear(params).values)
          )
          .pipe(Effect.retry({ times: MONTH_RACE_TRIES, while: monthRaced }))
        const farRows = yield* Effect.catchIf(far, monthRaced, () => Effect.succeed(undefined))
        const first = farRows?.[0]
        const rows =
          farRows === undefined ||
          (first !== undefined && first[OPEN] === true && first[UNUSED] === true && first[FAR] === false)
            ? yield* near
            : farRows
        const campaign = yield* startRow.campaign.first(rows)
        const channel = yield* startRow.channel.first(rows)
        const read = {
          account: yield* startRow.account.first(rows),
          campaign,
          channel,
          branding: Option.map(yield* startRow.branding.first(rows), (branding) => branding.theme),
          reward: yield* startRow.reward.first(rows)
        }
        const row = rows[0]
        const limit = row?.[LIMIT] === null || row === undefined ? null : Number(row[LIMIT])
        const outcome: PlayContext.StartOutcome = {
          ...read,
          result:
            row?.[STARTED] === true
              ? { _tag: "Started", session: request.session }
              : row?.[OPEN] === true && row[UNUSED] === true && limit !== null && row[ROOM] === false
                ? PlayContext.monthFull(limit)
                : Option.isSome(campaign) &&
                    Option.isSome(channel) &&
                    PlayContext.mustCount(campaign.value, channel.value)
                  ? yield* counted(request, campaign.value, channel.value, limit)
                  : { _tag: "NotStarted" }
        }
        return outcome
      })
    }
  })
