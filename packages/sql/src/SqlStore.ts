/**
 * The store ports over effect/sql (`Store`, `AccountRepo`, `ApiKeyRepo`, `ChannelRepo`,
 * `CampaignRepo`, `BrandingRepo`, `SessionRepo`, `EntryRepo`, `EventOutbox`, `UsageRepo`,
 * `ServerSecretRepo`, `AllowedOriginRepo`, `PlayContextRepo`), for PostgreSQL (`@effect/sql-pg`)
 * and PGlite (`PgliteClient`) alike, on the schema of `Migrations`.
 *
 * - `Store.transaction` is `SqlClient.withTransaction` (nested ones are savepoints). A top-level
 *   transaction that fails on a serialization failure or a deadlock is run again, up to four more
 *   times after a short jittered backoff (slept on the clock the layer was built with, so a test
 *   clock in the caller's fibers never stalls it).
 * - `Store.lock(key)` is `pg_advisory_xact_lock(hashtextextended(key, 0))`: an exclusive lock held
 *   until the transaction ends, shared by every server on the same database. Outside a transaction
 *   it is released at once, like the memory store's no-op.
 * - Every query is scoped by account (but `SessionRepo.findById`, `finish`, `counts` and
 *   `PlayFinishRepo`: session ids are unguessable and channel ids unique); each operation is one statement
 *   (a list whose page is empty past the first one costs a second, to count;
 *   `ServerSecretRepo.getOrCreate` is an `INSERT … ON CONFLICT DO NOTHING` then a `SELECT`, so
 *   concurrent first calls agree).
 * - `SessionRepo.insertPlay` is one statement (the usage upsert in a data-modifying `WITH` over the
 *   inserted session). An account's plays of a month are 16 rows (`shard`: the connection's backend
 *   pid modulo 16, so the connections of a pool mostly count in rows of their own) that
 *   `UsageRepo.plays` sums, so concurrent starts of one account rarely wait on another's row lock.
 * - Each read of `PlayContextRepo` is one statement whose joined rows' columns are prefixed (`ch_`,
 *   `c_`, …) and read only the plays' fields (`PlayCampaign`, `PlayChannel`, `PlayAccount`); `forMint`'s
 *   also reads the account and checks the key (`EXISTS` on `api_keys`). `startOpen` reads in a `WITH` and inserts the session from it (then counts it, as
 *   `insertPlay`) only where that row shows an open start (`isOpenStart`, mirrored in SQL). `PlayFinishRepo.read` is one `SELECT` (the endpoints a
 *   `json_agg` subquery) and `complete` one statement: the claim is an `UPDATE … WHERE finished_at
 *   IS NULL RETURNING`, and the entry, event and delivery inserts are data-modifying `WITH`s that
 *   select from it, so they write nothing when the claim got no row. Its parameters carry casts
 *   (`::jsonb`, `::timestamptz`, …): in an `INSERT … SELECT` nothing else types them.
 *   `completeKnown` is the same statement whose claim also requires the session's token, the
 *   campaign's game, `config` (`jsonb` equality) and resolution, and the account's active endpoints
 *   (a `jsonb_agg` compared with the known list) to be as known.
 * - A duplicate `jti` makes `SessionRepo.insert` answer false (`ON CONFLICT (jti) DO NOTHING`); a
 *   duplicate origin in an account makes `AllowedOriginRepo.insert` fail with core's `Conflict`.
 * - The entry search is `ILIKE` on `participant_ref COLLATE "C"` with `%`, `_` and `\` escaped: a
 *   literal substring, case-insensitive for ASCII letters only (as the memory store).
 * - Failures (`SqlError`, rows that fail to decode) become `StoreError`, keeping the cause.
 * - A campaign's winner-selection settings are one `jsonb` document whose window times are ISO 8601
 *   strings (or null), decoded back to `DateTime.Utc`.
 *
 * @since 0.1.0
 */
import { type Account, AccountRepo, type PlayAccount } from "@campaign-games/core/accounts/Account"
import { type ApiKey, ApiKeyRepo } from "@campaign-games/core/accounts/ApiKey"
import {
  type AllowedOrigin,
  AllowedOriginRepo,
  duplicate as duplicateOrigin
} from "@campaign-games/core/play/AllowedOrigin"
import { BrandingRepo } from "@campaign-games/core/campaigns/Branding"
import {
  type Campaign,
  CampaignRepo,
  type PlayCampaign,
  CampaignStatus,
  type ListFilter,
  Prize,
  SelectionConfigView,
  Trigger
} from "@campaign-games/core/campaigns/Campaign"
import {
  BetweenCampaigns,
  type Channel,
  ChannelRepo,
  ChannelStatus,
  type PlayChannel
} from "@campaign-games/core/campaigns/Channel"
import { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import {
  type Direction,
  type Entry,
  type ListFilter as EntryListFilter,
  EntryRepo,
  type SortKey as EntrySortKey
} from "@campaign-games/core/play/Entry"
import { StoreError } from "@campaign-games/core/Errors"
import { type Event, EventOutbox } from "@campaign-games/core/webhooks/Event"
import { EventType } from "@campaign-games/core/webhooks/Event"
import { Outcome, WinnerAlgorithm } from "@campaign-games/core/games/Game"
import type { Page } from "@campaign-games/core/Pagination"
import { Permission } from "@campaign-games/core/accounts/Permission"
import * as Plan from "@campaign-games/core/accounts/Plan"
import {
  type Completion,
  type KnownFinish,
  type MintLookup,
  PlayContextRepo,
  PlayFinishRepo
} from "@campaign-games/core/play/PlayContext"
import { type CountQuery, type Session, SessionRepo } from "@campaign-games/core/play/Session"
import { Store } from "@campaign-games/core/Store"
import { Theme } from "@campaign-games/core/campaigns/Theme"
import { EndpointStatus, type Target } from "@campaign-games/core/webhooks/Webhook"
import { UsageRepo } from "@campaign-games/core/play/Usage"
import { Clock, DateTime, Effect, Layer, Option, Random, Schema, Struct } from "effect"
import { SqlClient, SqlError } from "effect/sql"

// Row schemas: columns are aliased to the domain's field names in every SELECT.

const Time = Schema.DateTimeUtcFromDate
/**
 * A nullable time column. Null is tried first: `NullOr(Time)` tries the `Date` declaration first and
 * builds a failure for every null before matching it, several times the cost of the whole field.
 */
const TimeOrNull = Schema.Union([Schema.Null, Time])

const AccountRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  plan: Plan.PlanName,
  featureOverrides: Plan.FeatureOverrides,
  limitOverrides: Plan.LimitOverrides,
  createdAt: Time,
  updatedAt: Time
})

const ApiKeyRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  keyPrefix: Schema.String,
  keyHash: Schema.String,
  permissions: Schema.Array(Permission),
  createdAt: Time,
  revokedAt: TimeOrNull
})

/** A key joined with its account: the account's columns are prefixed `account_`. */
const ApiKeyWithAccountRow = Schema.Struct({
  ...ApiKeyRow.fields,
  account_name: Schema.String,
  account_plan: Plan.PlanName,
  account_featureOverrides: Plan.FeatureOverrides,
  account_limitOverrides: Plan.LimitOverrides,
  account_createdAt: Time,
  account_updatedAt: Time
})

const ChannelRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  status: ChannelStatus,
  betweenCampaigns: BetweenCampaigns,
  maxPlaysPerParticipant: Schema.NullOr(Schema.Int),
  maxPlaysPerParticipantPerDay: Schema.NullOr(Schema.Int),
  playLimitTimezone: Schema.String,
  createdAt: Time,
  updatedAt: Time
})

const CampaignRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  channelId: Schema.String,
  gameSlug: Schema.String,
  name: Schema.String,
  status: CampaignStatus,
  config: Schema.Record(Schema.String, Schema.Unknown),
  prize: Schema.NullOr(Prize),
  theme: Schema.NullOr(Theme),
  grantOncePerParticipant: Schema.Boolean,
  rewardValidForSeconds: Schema.NullOr(Schema.Int),
  winnerSelectionTrigger: Trigger,
  winnerSelectionAlgorithm: WinnerAlgorithm,
  // Window times are ISO 8601 strings inside the document.
  winnerSelectionConfig: SelectionConfigView,
  scheduleAt: TimeOrNull,
  resolvedOptionId: Schema.NullOr(Schema.String),
  resolvedAt: TimeOrNull,
  maxPlaysPerParticipant: Schema.NullOr(Schema.Int),
  maxPlaysPerParticipantPerDay: Schema.NullOr(Schema.Int),
  playLimitTimezone: Schema.String,
  liveFrom: TimeOrNull,
  liveUntil: TimeOrNull,
  activatedAt: TimeOrNull,
  createdAt: Time,
  updatedAt: Time
})

const BrandingRow = Schema.Struct({ theme: Theme })

const CountRow = Schema.Struct({ count: Schema.Number })

const SessionRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  participantRef: Schema.String,
  origin: Schema.String,
  jti: Schema.String,
  startedAt: Time,
  finishedAt: TimeOrNull
})

const PlayerCountsRow = Schema.Struct({
  campaignTotal: Schema.Number,
  campaignToday: Schema.Number,
  channelTotal: Schema.Number,
  channelToday: Schema.Number
})

const AllowedOriginRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  origin: Schema.String,
  createdAt: Time
})

/** An entry as stored: the prediction is its option id. */
const EntryRow = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  campaignId: Schema.String,
  channelId: Schema.String,
  sessionId: Schema.NullOr(Schema.String),
  participantRef: Schema.String,
  score: Schema.NullOr(Schema.Number),
  predictionOptionId: Schema.NullOr(Schema.String),
  outcome: Schema.NullOr(Outcome),
  weight: Schema.Number,
  eligible: Schema.Boolean,
  createdAt: Time
})

const entryOf = ({ predictionOptionId, ...row }: typeof EntryRow.Type): Entry => ({
  ...row,
  predictionValue: predictionOptionId === null ? null : { optionId: predictionOptionId }
})

const ACCOUNT_COLUMNS = `id, name, plan, feature_overrides AS "featureOverrides", limit_overrides AS "limitOverrides",
  created_at AS "createdAt", updated_at AS "updatedAt"`

const API_KEY_COLUMNS = `k.id, k.account_id AS "accountId", k.name, k.key_prefix AS "keyPrefix", k.key_hash AS "keyHash",
  k.permissions, k.created_at AS "createdAt", k.revoked_at AS "revokedAt"`

const CHANNEL_COLUMNS = `id, account_id AS "accountId", name, status, between_campaigns AS "betweenCampaigns",
  max_plays_per_participant AS "maxPlaysPerParticipant",
  max_plays_per_participant_per_day AS "maxPlaysPerParticipantPerDay",
  play_limit_timezone AS "playLimitTimezone", created_at AS "createdAt", updated_at AS "updatedAt"`

const CAMPAIGN_COLUMNS = `id, account_id AS "accountId", channel_id AS "channelId", game_slug AS "gameSlug", name,
  status, config, prize, theme, grant_once_per_participant AS "grantOncePerParticipant",
  reward_valid_for_seconds AS "rewardValidForSeconds", winner_selection_trigger AS "winnerSelectionTrigger",
  winner_selection_algorithm AS "winnerSelectionAlgorithm", winner_selection_config AS "winnerSelectionConfig",
  schedule_at AS "scheduleAt", resolved_option_id AS "resolvedOptionId", resolved_at AS "resolvedAt",
  max_plays_per_participant AS "maxPlaysPerParticipant",
  max_plays_per_participant_per_day AS "maxPlaysPerParticipantPerDay",
  play_limit_timezone AS "playLimitTimezone", live_from AS "liveFrom", live_until AS "liveUntil",
  activated_at AS "activatedAt", created_at AS "createdAt", updated_at AS "updatedAt"`

/** The entries of a column list (one of the lists above) whose field is one of `fields`. */
const pickColumns = (columns: string, fields: ReadonlyArray<string>): string =>
  columns
    .split(",")
    .filter((entry) => {
      const [column, field] = entry.trim().split(/\s+AS\s+/)
      return fields.includes((field ?? column!).replaceAll('"', ""))
    })
    .join(",")

// The plays' narrower reads (`PlayCampaign`, `PlayChannel`, `PlayAccount`): what a mint, a start and
// a finish use.
const PLAY_CAMPAIGN_FIELDS = [
  "id",
  "accountId",
  "channelId",
  "gameSlug",
  "status",
  "config",
  "theme",
  "resolvedOptionId",
  "maxPlaysPerParticipant",
  "maxPlaysPerParticipantPerDay",
  "playLimitTimezone",
  "liveFrom",
  "liveUntil",
  "activatedAt"
] as const satisfies ReadonlyArray<keyof PlayCampaign>
const PLAY_CHANNEL_FIELDS = [
  "id",
  "accountId",
  "status",
  "betweenCampaigns",
  "maxPlaysPerParticipant",
  "maxPlaysPerParticipantPerDay",
  "playLimitTimezone"
] as const satisfies ReadonlyArray<keyof PlayChannel>
const PLAY_ACCOUNT_FIELDS = ["id", "plan", "featureOverrides", "limitOverrides"] as const satisfies ReadonlyArray<
  keyof PlayAccount
>
const PlayCampaignRow = CampaignRow.mapFields(Struct.pick(PLAY_CAMPAIGN_FIELDS))
const PlayChannelRow = ChannelRow.mapFields(Struct.pick(PLAY_CHANNEL_FIELDS))
const PlayAccountRow = AccountRow.mapFields(Struct.pick(PLAY_ACCOUNT_FIELDS))

const SESSION_COLUMNS = `id, account_id AS "accountId", campaign_id AS "campaignId", channel_id AS "channelId",
  participant_ref AS "participantRef", origin, jti, started_at AS "startedAt", finished_at AS "finishedAt"`

const ENTRY_COLUMNS = `id, account_id AS "accountId", campaign_id AS "campaignId", channel_id AS "channelId",
  session_id AS "sessionId", participant_ref AS "participantRef", score,
  prediction_option_id AS "predictionOptionId", outcome, weight, eligible, created_at AS "createdAt"`

const ALLOWED_ORIGIN_COLUMNS = `id, account_id AS "accountId", origin, created_at AS "createdAt"`

/** The column and the field name of each entry of a column list (one of the lists above). */
const columnsOf = (columns: string): ReadonlyArray<{ readonly column: string; readonly field: string }> =>
  columns.split(",").map((entry) => {
    const [column, field] = entry.trim().split(/\s+AS\s+/)
    return { column: column!, field: field === undefined ? column! : field.replaceAll('"', "") }
  })

/**
 * The columns of several tables in one row, told apart by a prefix: `select` reads `columns` from
 * the table aliased `alias` as `<prefix><position>` (`c_0`, `c_1`, …), `pick` takes them back out of
 * a row under their field names, and `key` names a field's column in the row. Short names keep the
 * statement's text short, and its text is what the driver's prepared-statement cache hashes on
 * every execution (a few nanoseconds per character).
 */
const prefixedColumns = (alias: string, prefix: string, columns: string) => {
  const entries = columnsOf(columns).map(({ column, field }, i) => ({ column, field, key: `${prefix}${i}` }))
  const keys = new Map(entries.map(({ field, key }) => [field, key]))
  const idKey = keys.get("id")!
  return {
    select: entries.map(({ column, key }) => `${alias}.${column} ${key}`).join(","),
    /** The column name of a field in the row. */
    key: (field: string): string => keys.get(field)!,
    /** Whether the joined row was found (its id is not null). */
    found: (row: Record<string, unknown>): boolean => row[idKey] !== null,
    pick: (row: Record<string, unknown>): Record<string, unknown> => {
      const out: Record<string, unknown> = {}
      for (const { field, key } of entries) out[field] = row[key]
      return out
    }
  }
}

const compacted = new WeakMap<TemplateStringsArray, TemplateStringsArray>()
/**
 * A statement's template with every run of white space made one space (the hot statements are
 * written over many indented lines; see `prefixedColumns` for why the text's length matters).
 * None of those statements has white space inside a string literal.
 */
const compact = (strings: TemplateStringsArray): TemplateStringsArray => {
  let out = compacted.get(strings)
  if (out === undefined) {
    const parts = strings.map((part) => part.replace(/\s+/g, " "))
    out = Object.assign(parts, { raw: parts }) as unknown as TemplateStringsArray
    compacted.set(strings, out)
  }
  return out
}

/**
 * The `WITH` query that counts the play of every session a preceding `inserted` query returns
 * (`RETURNING account_id`) in `month`'s usage, in the row of the connection's backend.
 */
const countInserted = (play: ReturnType<typeof compactSql>, month: string) =>
  play`counted AS (
    INSERT INTO account_usage (account_id, month, shard, plays)
    SELECT account_id, ${month}, pg_backend_pid() & 15, 1 FROM inserted
    ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1
  )`

/** `sql` for a statement written over many lines: sent with its white space compacted. */
const compactSql =
  (sql: SqlClient.SqlClient) =>
  (strings: TemplateStringsArray, ...args: Array<unknown>) =>
    sql(compact(strings), ...args)

const playSession = prefixedColumns("s", "s_", SESSION_COLUMNS)
const playCampaign = prefixedColumns("c", "c_", pickColumns(CAMPAIGN_COLUMNS, PLAY_CAMPAIGN_FIELDS))
const playChannel = prefixedColumns("ch", "ch_", pickColumns(CHANNEL_COLUMNS, PLAY_CHANNEL_FIELDS))
const playAccount = prefixedColumns("a", "a_", pickColumns(ACCOUNT_COLUMNS, PLAY_ACCOUNT_FIELDS))

/** A time as a parameter: ISO 8601 with milliseconds, bound as text and typed by its column. */
const time = (value: DateTime.Utc): string => DateTime.formatIso(value)
const timeOrNull = (value: DateTime.Utc | null): string | null => (value === null ? null : time(value))
/** A document as a parameter: JSON text, typed `jsonb` by its column. */
const json = (value: unknown): string => JSON.stringify(value)
/** A nullable document as a parameter: SQL NULL (not the JSON `null`) for null. */
const jsonOrNull = (value: unknown): string | null => (value === null ? null : json(value))
/** The winner-selection settings as stored: window times as ISO 8601 strings or null. */
const selectionConfig = (config: Campaign["winnerSelectionConfig"]): string =>
  json({
    maxWinners: config.maxWinners,
    tieBreak: config.tieBreak,
    windowStart: timeOrNull(config.windowStart),
    windowEnd: timeOrNull(config.windowEnd)
  })

/** A storage failure as the ports report it. */
export const toStoreError =
  (operation: string) =>
  (error: SqlError.SqlError | Schema.SchemaError | StoreError): StoreError =>
    error instanceof StoreError
      ? error
      : new StoreError({ message: `${operation} failed: ${error.message}`, cause: error })

/** Whether a failure is a transient conflict worth running the transaction again for. */
export const isTransient = (error: unknown): boolean => {
  const cause = error instanceof StoreError ? error.cause : error
  return (
    SqlError.isSqlError(cause) && (cause.reason._tag === "SerializationError" || cause.reason._tag === "DeadlockError")
  )
}

/** How many times a transaction runs at most when it keeps hitting transient conflicts. */
export const MAX_ATTEMPTS = 5

/** Rows decoded synchronously (an `Exit`, which is an `Effect`): no schema here needs a service. */
const decodeAll = <S extends Schema.Decoder<unknown>>(schema: S) => {
  const decode = Schema.decodeUnknownExit(Schema.Array(schema))
  return (rows: ReadonlyArray<unknown>) => decode(rows)
}

const decodeAccounts = decodeAll(AccountRow)
const decodeApiKeys = decodeAll(ApiKeyRow)
const decodeApiKeysWithAccount = decodeAll(ApiKeyWithAccountRow)
const decodeChannels = decodeAll(ChannelRow)
const decodeCampaigns = decodeAll(CampaignRow)
const decodePlayCampaigns = decodeAll(PlayCampaignRow)
const decodePlayChannels = decodeAll(PlayChannelRow)
const decodePlayAccounts = decodeAll(PlayAccountRow)
const decodeBranding = decodeAll(BrandingRow)
const decodeCount = decodeAll(CountRow)
const decodeSessions = decodeAll(SessionRow)
const decodePlayerCounts = decodeAll(PlayerCountsRow)
const decodeEntries = decodeAll(EntryRow)
const decodeAllowedOrigins = decodeAll(AllowedOriginRow)

const first = <A>(rows: ReadonlyArray<A>): Option.Option<A> => Option.fromNullishOr(rows[0])

/** The `Store` port: transactions with retries on transient conflicts, advisory locks. */
export const layerStore: Layer.Layer<Store, never, SqlClient.SqlClient> = Layer.effect(
  Store,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const clock = yield* Clock.Clock

    const backoff = (attempt: number) =>
      Effect.flatMap(Random.nextBetween(0.5, 1.5), (jitter) =>
        Effect.sleep(Math.round(5 * 2 ** (attempt - 1) * jitter)).pipe(Effect.provideService(Clock.Clock, clock))
      )

    const retrying = <A, E, R>(self: Effect.Effect<A, E, R>, attempt: number): Effect.Effect<A, E, R> =>
      Effect.catchIf(self, isTransient, (error) =>
        attempt >= MAX_ATTEMPTS ? Effect.fail(error) : Effect.andThen(backoff(attempt), retrying(self, attempt + 1))
      )

    const toStore = <E>(error: E | SqlError.SqlError): E | StoreError =>
      SqlError.isSqlError(error) ? toStoreError("Store.transaction")(error) : error

    return Store.of({
      transaction: <A, E, R>(self: Effect.Effect<A, E, R>) =>
        Effect.flatMap(Effect.serviceOption(sql.transactionService), (open) => {
          const once = Effect.mapError(sql.withTransaction(self), toStore<E>)
          return Option.isSome(open) ? once : retrying(once, 1)
        }),
      lock: (key) =>
        sql`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`.pipe(
          Effect.asVoid,
          Effect.mapError(toStoreError("Store.lock"))
        )
    })
  })
)

const layerAccountRepo = Layer.effect(
  AccountRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(ACCOUNT_COLUMNS)

    return AccountRepo.of({
      insert: Effect.fnUntraced(
        function* (account: Account) {
          yield* sql`INSERT INTO accounts
            (id, name, plan, feature_overrides, limit_overrides, created_at, updated_at)
            VALUES (${account.id}, ${account.name}, ${account.plan}, ${json(account.featureOverrides)},
              ${json(account.limitOverrides)}, ${time(account.createdAt)}, ${time(account.updatedAt)})`
        },
        Effect.mapError(toStoreError("AccountRepo.insert"))
      ),
      update: Effect.fnUntraced(
        function* (account: Account) {
          yield* sql`UPDATE accounts SET name = ${account.name}, plan = ${account.plan},
              feature_overrides = ${json(account.featureOverrides)}, limit_overrides = ${json(account.limitOverrides)},
              updated_at = ${time(account.updatedAt)}
            WHERE id = ${account.id}`
        },
        Effect.mapError(toStoreError("AccountRepo.update"))
      ),
      findById: Effect.fnUntraced(
        function* (id: string) {
          const rows = yield* sql`SELECT ${columns} FROM accounts WHERE id = ${id}`
          return first(yield* decodeAccounts(rows))
        },
        Effect.mapError(toStoreError("AccountRepo.findById"))
      ),
      isEmpty: sql`SELECT NOT EXISTS (SELECT 1 FROM accounts) AS empty`.pipe(
        Effect.map((rows) => rows[0]?.["empty"] === true),
        Effect.mapError(toStoreError("AccountRepo.isEmpty"))
      )
    })
  })
)

const layerApiKeyRepo = Layer.effect(
  ApiKeyRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(API_KEY_COLUMNS.replace(/\s+/g, " "))
    const play = compactSql(sql)

    const countActive = Effect.fnUntraced(
      function* (accountId: string) {
        const rows = yield* sql`SELECT count(*)::int AS count FROM api_keys
          WHERE account_id = ${accountId} AND revoked_at IS NULL`
        return (yield* decodeCount(rows))[0]?.count ?? 0
      },
      Effect.mapError(toStoreError("ApiKeyRepo.countActive"))
    )

    return ApiKeyRepo.of({
      insert: Effect.fnUntraced(
        function* (key: ApiKey) {
          yield* sql`INSERT INTO api_keys
            (id, account_id, name, key_prefix, key_hash, permissions, created_at, revoked_at)
            VALUES (${key.id}, ${key.accountId}, ${key.name}, ${key.keyPrefix}, ${key.keyHash},
              ${[...key.permissions]}, ${time(key.createdAt)}, ${timeOrNull(key.revokedAt)})`
        },
        Effect.mapError(toStoreError("ApiKeyRepo.insert"))
      ),
      findByPrefix: Effect.fnUntraced(
        function* (keyPrefix: string) {
          const rows = yield* play`SELECT ${columns},
              a.name AS "account_name", a.plan AS "account_plan",
              a.feature_overrides AS "account_featureOverrides", a.limit_overrides AS "account_limitOverrides",
              a.created_at AS "account_createdAt", a.updated_at AS "account_updatedAt"
            FROM api_keys k JOIN accounts a ON a.id = k.account_id
            WHERE k.key_prefix = ${keyPrefix}`
          return Option.map(first(yield* decodeApiKeysWithAccount(rows)), (row) => {
            const key: ApiKey = {
              id: row.id,
              accountId: row.accountId,
              name: row.name,
              keyPrefix: row.keyPrefix,
              keyHash: row.keyHash,
              permissions: row.permissions,
              createdAt: row.createdAt,
              revokedAt: row.revokedAt
            }
            const account: Account = {
              id: row.accountId,
              name: row.account_name,
              plan: row.account_plan,
              featureOverrides: row.account_featureOverrides,
              limitOverrides: row.account_limitOverrides,
              createdAt: row.account_createdAt,
              updatedAt: row.account_updatedAt
            }
            return { key, account }
          })
        },
        Effect.mapError(toStoreError("ApiKeyRepo.findByPrefix"))
      ),
      findActive: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`SELECT ${columns} FROM api_keys k
            WHERE k.account_id = ${accountId} AND k.id = ${id} AND k.revoked_at IS NULL`
          return first(yield* decodeApiKeys(rows))
        },
        Effect.mapError(toStoreError("ApiKeyRepo.findActive"))
      ),
      listActive: Effect.fnUntraced(
        function* (accountId: string, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM api_keys k
            WHERE k.account_id = ${accountId} AND k.revoked_at IS NULL
            ORDER BY k.created_at, k.id
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeApiKeys(rows)
          const total =
            rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* countActive(accountId) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("ApiKeyRepo.listActive"))
      ),
      countActive,
      revoke: Effect.fnUntraced(
        function* (accountId: string, id: string, at: DateTime.Utc) {
          const rows = yield* sql`UPDATE api_keys SET revoked_at = ${time(at)}
            WHERE account_id = ${accountId} AND id = ${id} AND revoked_at IS NULL
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("ApiKeyRepo.revoke"))
      )
    })
  })
)

const layerChannelRepo = Layer.effect(
  ChannelRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(CHANNEL_COLUMNS)

    const count = Effect.fnUntraced(
      function* (accountId: string) {
        const rows = yield* sql`SELECT count(*)::int AS count FROM channels WHERE account_id = ${accountId}`
        return (yield* decodeCount(rows))[0]?.count ?? 0
      },
      Effect.mapError(toStoreError("ChannelRepo.count"))
    )

    return ChannelRepo.of({
      insert: Effect.fnUntraced(
        function* (channel: Channel) {
          yield* sql`INSERT INTO channels
            (id, account_id, name, status, between_campaigns, max_plays_per_participant,
              max_plays_per_participant_per_day, play_limit_timezone, created_at, updated_at)
            VALUES (${channel.id}, ${channel.accountId}, ${channel.name}, ${channel.status},
              ${json(channel.betweenCampaigns)}, ${channel.maxPlaysPerParticipant},
              ${channel.maxPlaysPerParticipantPerDay}, ${channel.playLimitTimezone},
              ${time(channel.createdAt)}, ${time(channel.updatedAt)})`
        },
        Effect.mapError(toStoreError("ChannelRepo.insert"))
      ),
      update: Effect.fnUntraced(
        function* (channel: Channel) {
          yield* sql`UPDATE channels SET name = ${channel.name}, status = ${channel.status},
              between_campaigns = ${json(channel.betweenCampaigns)},
              max_plays_per_participant = ${channel.maxPlaysPerParticipant},
              max_plays_per_participant_per_day = ${channel.maxPlaysPerParticipantPerDay},
              play_limit_timezone = ${channel.playLimitTimezone}, updated_at = ${time(channel.updatedAt)}
            WHERE account_id = ${channel.accountId} AND id = ${channel.id}`
        },
        Effect.mapError(toStoreError("ChannelRepo.update"))
      ),
      findById: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`SELECT ${columns} FROM channels WHERE account_id = ${accountId} AND id = ${id}`
          return first(yield* decodeChannels(rows))
        },
        Effect.mapError(toStoreError("ChannelRepo.findById"))
      ),
      list: Effect.fnUntraced(
        function* (accountId: string, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM channels
            WHERE account_id = ${accountId}
            ORDER BY created_at DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeChannels(rows)
          const total = rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* count(accountId) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("ChannelRepo.list"))
      ),
      count,
      delete: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`DELETE FROM channels WHERE account_id = ${accountId} AND id = ${id} RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("ChannelRepo.delete"))
      )
    })
  })
)

const layerCampaignRepo = Layer.effect(
  CampaignRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(CAMPAIGN_COLUMNS)

    const matching = (accountId: string, filter: ListFilter) =>
      sql.and([
        sql`account_id = ${accountId}`,
        ...(filter.channelId === undefined ? [] : [sql`channel_id = ${filter.channelId}`]),
        ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`])
      ])

    const count = Effect.fnUntraced(function* (accountId: string, filter: ListFilter) {
      const rows = yield* sql`SELECT count(*)::int AS count FROM campaigns WHERE ${matching(accountId, filter)}`
      return (yield* decodeCount(rows))[0]?.count ?? 0
    })

    return CampaignRepo.of({
      insert: Effect.fnUntraced(
        function* (c: Campaign) {
          yield* sql`INSERT INTO campaigns
            (id, account_id, channel_id, game_slug, name, status, config, prize, theme,
              grant_once_per_participant, reward_valid_for_seconds, winner_selection_trigger,
              winner_selection_algorithm, winner_selection_config, schedule_at, resolved_option_id, resolved_at,
              max_plays_per_participant, max_plays_per_participant_per_day, play_limit_timezone,
              live_from, live_until, activated_at, created_at, updated_at)
            VALUES (${c.id}, ${c.accountId}, ${c.channelId}, ${c.gameSlug}, ${c.name}, ${c.status},
              ${json(c.config)}, ${jsonOrNull(c.prize)}, ${jsonOrNull(c.theme)},
              ${c.grantOncePerParticipant}, ${c.rewardValidForSeconds}, ${c.winnerSelectionTrigger},
              ${c.winnerSelectionAlgorithm}, ${selectionConfig(c.winnerSelectionConfig)},
              ${timeOrNull(c.scheduleAt)}, ${c.resolvedOptionId}, ${timeOrNull(c.resolvedAt)},
              ${c.maxPlaysPerParticipant}, ${c.maxPlaysPerParticipantPerDay}, ${c.playLimitTimezone},
              ${timeOrNull(c.liveFrom)}, ${timeOrNull(c.liveUntil)}, ${timeOrNull(c.activatedAt)},
              ${time(c.createdAt)}, ${time(c.updatedAt)})`
        },
        Effect.mapError(toStoreError("CampaignRepo.insert"))
      ),
      update: Effect.fnUntraced(
        function* (c: Campaign) {
          yield* sql`UPDATE campaigns SET channel_id = ${c.channelId}, game_slug = ${c.gameSlug}, name = ${c.name},
              status = ${c.status}, config = ${json(c.config)}, prize = ${jsonOrNull(c.prize)},
              theme = ${jsonOrNull(c.theme)}, grant_once_per_participant = ${c.grantOncePerParticipant},
              reward_valid_for_seconds = ${c.rewardValidForSeconds},
              winner_selection_trigger = ${c.winnerSelectionTrigger},
              winner_selection_algorithm = ${c.winnerSelectionAlgorithm},
              winner_selection_config = ${selectionConfig(c.winnerSelectionConfig)},
              schedule_at = ${timeOrNull(c.scheduleAt)}, resolved_option_id = ${c.resolvedOptionId},
              resolved_at = ${timeOrNull(c.resolvedAt)}, max_plays_per_participant = ${c.maxPlaysPerParticipant},
              max_plays_per_participant_per_day = ${c.maxPlaysPerParticipantPerDay},
              play_limit_timezone = ${c.playLimitTimezone}, live_from = ${timeOrNull(c.liveFrom)},
              live_until = ${timeOrNull(c.liveUntil)}, activated_at = ${timeOrNull(c.activatedAt)},
              updated_at = ${time(c.updatedAt)}
            WHERE account_id = ${c.accountId} AND id = ${c.id}`
        },
        Effect.mapError(toStoreError("CampaignRepo.update"))
      ),
      findById: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`SELECT ${columns} FROM campaigns WHERE account_id = ${accountId} AND id = ${id}`
          return first(yield* decodeCampaigns(rows))
        },
        Effect.mapError(toStoreError("CampaignRepo.findById"))
      ),
      list: Effect.fnUntraced(
        function* (accountId: string, filter: ListFilter, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM campaigns
            WHERE ${matching(accountId, filter)}
            ORDER BY created_at DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeCampaigns(rows)
          const total =
            rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* count(accountId, filter) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("CampaignRepo.list"))
      ),
      listActive: Effect.fnUntraced(
        function* (accountId: string) {
          const rows = yield* sql`SELECT ${columns} FROM campaigns
            WHERE account_id = ${accountId} AND status = 'active'
            ORDER BY created_at DESC, id DESC`
          return yield* decodeCampaigns(rows)
        },
        Effect.mapError(toStoreError("CampaignRepo.listActive"))
      ),
      listActiveOnChannel: Effect.fnUntraced(
        function* (accountId: string, channelId: string) {
          const rows = yield* sql`SELECT ${columns} FROM campaigns
            WHERE account_id = ${accountId} AND channel_id = ${channelId} AND status = 'active'
            ORDER BY created_at DESC, id DESC`
          return yield* decodeCampaigns(rows)
        },
        Effect.mapError(toStoreError("CampaignRepo.listActiveOnChannel"))
      ),
      countOnChannel: (accountId: string, channelId: string) =>
        count(accountId, { channelId }).pipe(Effect.mapError(toStoreError("CampaignRepo.countOnChannel"))),
      delete: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`DELETE FROM campaigns WHERE account_id = ${accountId} AND id = ${id} RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("CampaignRepo.delete"))
      )
    })
  })
)

const layerBrandingRepo = Layer.effect(
  BrandingRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    return BrandingRepo.of({
      get: Effect.fnUntraced(
        function* (accountId: string) {
          const rows = yield* sql`SELECT theme FROM branding WHERE account_id = ${accountId}`
          return Option.map(first(yield* decodeBranding(rows)), (row) => row.theme)
        },
        Effect.mapError(toStoreError("BrandingRepo.get"))
      ),
      put: Effect.fnUntraced(
        function* (accountId: string, theme: Theme) {
          yield* sql`INSERT INTO branding (account_id, theme, updated_at)
            VALUES (${accountId}, ${json(theme)}, now())
            ON CONFLICT (account_id) DO UPDATE SET theme = EXCLUDED.theme, updated_at = EXCLUDED.updated_at`
        },
        Effect.mapError(toStoreError("BrandingRepo.put"))
      )
    })
  })
)

const layerSessionRepo = Layer.effect(
  SessionRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(SESSION_COLUMNS)
    const play = compactSql(sql)

    return SessionRepo.of({
      insert: Effect.fnUntraced(
        function* (s: Session) {
          const rows = yield* sql`INSERT INTO sessions
            (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
            VALUES (${s.id}, ${s.accountId}, ${s.campaignId}, ${s.channelId}, ${s.participantRef}, ${s.origin},
              ${s.jti}, ${time(s.startedAt)}, ${timeOrNull(s.finishedAt)})
            ON CONFLICT (jti) DO NOTHING
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("SessionRepo.insert"))
      ),
      insertPlay: Effect.fnUntraced(
        function* (s: Session, month: string) {
          const rows = yield* play`WITH inserted AS (
              INSERT INTO sessions
                (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
              VALUES (${s.id}, ${s.accountId}, ${s.campaignId}, ${s.channelId}, ${s.participantRef}, ${s.origin},
                ${s.jti}, ${time(s.startedAt)}, ${timeOrNull(s.finishedAt)})
              ON CONFLICT (jti) DO NOTHING
              RETURNING account_id
            ), ${countInserted(play, month)}
            SELECT 1 AS inserted FROM inserted`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("SessionRepo.insertPlay"))
      ),
      findById: Effect.fnUntraced(
        function* (id: string) {
          const rows = yield* sql`SELECT ${columns} FROM sessions WHERE id = ${id}`
          return first(yield* decodeSessions(rows))
        },
        Effect.mapError(toStoreError("SessionRepo.findById"))
      ),
      finish: Effect.fnUntraced(
        function* (id: string, at: DateTime.Utc) {
          const rows = yield* sql`UPDATE sessions SET finished_at = ${time(at)}
            WHERE id = ${id} AND finished_at IS NULL
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("SessionRepo.finish"))
      ),
      counts: Effect.fnUntraced(
        function* (q: CountQuery) {
          const rows = yield* sql`SELECT
              count(*) FILTER (WHERE campaign_id = ${q.campaignId})::int AS "campaignTotal",
              count(*) FILTER (WHERE campaign_id = ${q.campaignId}
                AND started_at >= ${time(q.campaignDay.start)} AND started_at < ${time(q.campaignDay.end)}
              )::int AS "campaignToday",
              count(*)::int AS "channelTotal",
              count(*) FILTER (
                WHERE started_at >= ${time(q.channelDay.start)} AND started_at < ${time(q.channelDay.end)}
              )::int AS "channelToday"
            FROM sessions
            WHERE channel_id = ${q.channelId} AND participant_ref = ${q.participantRef}`
          const [counts] = yield* decodePlayerCounts(rows)
          return counts ?? { campaignTotal: 0, campaignToday: 0, channelTotal: 0, channelToday: 0 }
        },
        Effect.mapError(toStoreError("SessionRepo.counts"))
      ),
      anyForCampaign: Effect.fnUntraced(
        function* (accountId: string, campaignId: string) {
          const rows = yield* sql`SELECT EXISTS (
              SELECT 1 FROM sessions WHERE campaign_id = ${campaignId} AND account_id = ${accountId}
            ) AS played`
          return rows[0]?.["played"] === true
        },
        Effect.mapError(toStoreError("SessionRepo.anyForCampaign"))
      )
    })
  })
)

/** `ORDER BY` of the entry list per sort key and direction; id breaks ties in the same direction. */
const ENTRY_ORDER: Record<EntrySortKey, Record<Direction, string>> = {
  createdAt: { asc: "created_at ASC, id ASC", desc: "created_at DESC, id DESC" },
  score: { asc: "score ASC NULLS LAST, id ASC", desc: "score DESC NULLS LAST, id DESC" },
  participantRef: { asc: "participant_ref ASC, id ASC", desc: "participant_ref DESC, id DESC" }
}

/** A `LIKE` pattern matching `text` literally anywhere (`\` is the default escape character). */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, "\\$&")}%`

const layerEntryRepo = Layer.effect(
  EntryRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(ENTRY_COLUMNS)

    const matching = (accountId: string, campaignId: string, filter: EntryListFilter) =>
      sql.and([
        sql`campaign_id = ${campaignId}`,
        sql`account_id = ${accountId}`,
        ...(filter.eligible === undefined ? [] : [sql`eligible = ${filter.eligible}`]),
        ...(filter.search === undefined ? [] : [sql`participant_ref ILIKE ${containing(filter.search)}`])
      ])

    const count = Effect.fnUntraced(function* (accountId: string, campaignId: string, filter: EntryListFilter) {
      const rows = yield* sql`SELECT count(*)::int AS count FROM entries
        WHERE ${matching(accountId, campaignId, filter)}`
      return (yield* decodeCount(rows))[0]?.count ?? 0
    })

    return EntryRepo.of({
      insert: Effect.fnUntraced(
        function* (e: Entry) {
          yield* sql`INSERT INTO entries
            (id, account_id, campaign_id, channel_id, session_id, participant_ref, score, prediction_option_id,
              outcome, weight, eligible, created_at)
            VALUES (${e.id}, ${e.accountId}, ${e.campaignId}, ${e.channelId}, ${e.sessionId}, ${e.participantRef},
              ${e.score}, ${e.predictionValue?.optionId ?? null}, ${jsonOrNull(e.outcome)}, ${e.weight},
              ${e.eligible}, ${time(e.createdAt)})`
        },
        Effect.mapError(toStoreError("EntryRepo.insert"))
      ),
      list: Effect.fnUntraced(
        function* (accountId: string, campaignId: string, filter: EntryListFilter, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM entries
            WHERE ${matching(accountId, campaignId, filter)}
            ORDER BY ${sql.literal(ENTRY_ORDER[filter.sort][filter.dir])}
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = (yield* decodeEntries(rows)).map(entryOf)
          const total =
            rows.length > 0
              ? Number(rows[0]!["total"])
              : page.offset > 0
                ? yield* count(accountId, campaignId, filter)
                : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("EntryRepo.list"))
      ),
      resolvePredictions: Effect.fnUntraced(
        function* (accountId: string, campaignId: string, optionId: string) {
          yield* sql`UPDATE entries SET eligible = (prediction_option_id = ${optionId})
            WHERE campaign_id = ${campaignId} AND account_id = ${accountId} AND prediction_option_id IS NOT NULL`
        },
        Effect.mapError(toStoreError("EntryRepo.resolvePredictions"))
      )
    })
  })
)

const layerEventOutbox = Layer.effect(
  EventOutbox,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    return EventOutbox.of({
      append: Effect.fnUntraced(
        function* (e: Event) {
          yield* sql`INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
            VALUES (${e.id}, ${e.accountId}, ${e.type}, ${e.campaignId}, ${e.channelId}, ${json(e.data)},
              ${time(e.createdAt)})`
        },
        Effect.mapError(toStoreError("EventOutbox.append"))
      )
    })
  })
)

const layerUsageRepo = Layer.effect(
  UsageRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    return UsageRepo.of({
      plays: Effect.fnUntraced(
        function* (accountId: string, month: string) {
          // bigint arrives as a string; a float8 is exact far beyond any month's plays.
          const rows = yield* sql`SELECT coalesce(sum(plays), 0)::float8 AS count FROM account_usage
            WHERE account_id = ${accountId} AND month = ${month}`
          return (yield* decodeCount(rows))[0]?.count ?? 0
        },
        Effect.mapError(toStoreError("UsageRepo.plays"))
      ),
      addPlay: Effect.fnUntraced(
        function* (accountId: string, month: string) {
          yield* sql`INSERT INTO account_usage (account_id, month, shard, plays)
            VALUES (${accountId}, ${month}, pg_backend_pid() & 15, 1)
            ON CONFLICT (account_id, month, shard) DO UPDATE SET plays = account_usage.plays + 1`
        },
        Effect.mapError(toStoreError("UsageRepo.addPlay"))
      )
    })
  })
)

const layerServerSecretRepo = Layer.effect(
  ServerSecretRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    return ServerSecretRepo.of({
      // Two statements on purpose: a SELECT in the INSERT's statement would not see a row committed
      // by a concurrent first call while the INSERT waited on it; a statement of its own does.
      getOrCreate: Effect.fnUntraced(
        function* (name: string, candidate: string) {
          yield* sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${candidate})
            ON CONFLICT (name) DO NOTHING`
          const rows = yield* sql`SELECT value FROM server_secrets WHERE name = ${name}`
          const value = rows[0]?.["value"]
          if (typeof value !== "string") {
            return yield* new StoreError({ message: `ServerSecretRepo.getOrCreate found no secret ${name}.` })
          }
          return value
        },
        Effect.mapError(toStoreError("ServerSecretRepo.getOrCreate"))
      )
    })
  })
)

const layerAllowedOriginRepo = Layer.effect(
  AllowedOriginRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(ALLOWED_ORIGIN_COLUMNS)

    const count = Effect.fnUntraced(function* (accountId: string) {
      const rows = yield* sql`SELECT count(*)::int AS count FROM allowed_origins WHERE account_id = ${accountId}`
      return (yield* decodeCount(rows))[0]?.count ?? 0
    })

    return AllowedOriginRepo.of({
      insert: (o: AllowedOrigin) =>
        sql`INSERT INTO allowed_origins (id, account_id, origin, created_at)
          VALUES (${o.id}, ${o.accountId}, ${o.origin}, ${time(o.createdAt)})
          ON CONFLICT (account_id, origin) DO NOTHING
          RETURNING id`.pipe(
          Effect.mapError(toStoreError("AllowedOriginRepo.insert")),
          Effect.flatMap((rows) => (rows.length > 0 ? Effect.void : Effect.fail(duplicateOrigin(o.origin))))
        ),
      list: Effect.fnUntraced(
        function* (accountId: string, page: Page) {
          const rows = yield* sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM allowed_origins
            WHERE account_id = ${accountId}
            ORDER BY created_at, id
            LIMIT ${page.limit} OFFSET ${page.offset}`
          const items = yield* decodeAllowedOrigins(rows)
          const total = rows.length > 0 ? Number(rows[0]!["total"]) : page.offset > 0 ? yield* count(accountId) : 0
          return { items, total }
        },
        Effect.mapError(toStoreError("AllowedOriginRepo.list"))
      ),
      delete: Effect.fnUntraced(
        function* (accountId: string, id: string) {
          const rows = yield* sql`DELETE FROM allowed_origins WHERE account_id = ${accountId} AND id = ${id}
            RETURNING id`
          return rows.length > 0
        },
        Effect.mapError(toStoreError("AllowedOriginRepo.delete"))
      ),
      exists: Effect.fnUntraced(
        function* (accountId: string, origin: string) {
          const rows = yield* sql`SELECT EXISTS (
              SELECT 1 FROM allowed_origins WHERE account_id = ${accountId} AND origin = ${origin}
            ) AS allowed`
          return rows[0]?.["allowed"] === true
        },
        Effect.mapError(toStoreError("AllowedOriginRepo.exists"))
      )
    })
  })
)

const layerPlayContextRepo = Layer.effect(
  PlayContextRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const mintColumns = sql.literal(`${playAccount.select},${playChannel.select},${playCampaign.select}`)
    const startColumns = sql.literal(
      `${playAccount.select},${playCampaign.select},${playChannel.select},b.theme b_theme`
    )
    const play = compactSql(sql)
    const open = sql.literal(
      [
        `found.${playCampaign.key("status")} = 'active'`,
        `found.${playChannel.key("status")} = 'active'`,
        ...["maxPlaysPerParticipant", "maxPlaysPerParticipantPerDay"].flatMap((field) => [
          `found.${playCampaign.key(field)} IS NULL`,
          `found.${playChannel.key(field)} IS NULL`
        ])
      ].join(" AND ")
    )

    return PlayContextRepo.of({
      // One row per active campaign of the channel (one with null campaign columns when there is
      // none, with null channel columns too when the account has no such channel); no row when
      // the account is gone.
      forMint: Effect.fnUntraced(
        function* ({ accountId, channelId, keyId, month, origin }: MintLookup) {
          const rows = yield* play`SELECT ${mintColumns}, (${keyId}::text IS NULL OR EXISTS (
              SELECT 1 FROM api_keys WHERE id = ${keyId} AND account_id = a.id AND revoked_at IS NULL
            )) AS k, EXISTS (
              SELECT 1 FROM allowed_origins WHERE account_id = a.id AND origin = ${origin}
            ) AS o, (
              SELECT coalesce(sum(plays), 0)::float8 FROM account_usage WHERE account_id = a.id AND month = ${month}
            ) AS m
            FROM accounts a
            LEFT JOIN channels ch ON ch.account_id = a.id AND ch.id = ${channelId}
            LEFT JOIN campaigns c ON c.account_id = a.id AND c.channel_id = ch.id AND c.status = 'active'
            WHERE a.id = ${accountId}
            ORDER BY c.created_at DESC, c.id DESC`
          const row = rows[0]
          if (row === undefined) return { account: Option.none(), keyActive: false, channel: Option.none() }
          const [account] = yield* decodePlayAccounts([playAccount.pick(row)])
          const found = playChannel.found(row)
          const channel = found ? (yield* decodePlayChannels([playChannel.pick(row)]))[0]! : undefined
          const activeCampaigns = found
            ? yield* decodePlayCampaigns(rows.filter(playCampaign.found).map(playCampaign.pick))
            : []
          return {
            account: Option.some(account!),
            keyActive: row["k"] === true,
            channel:
              channel === undefined
                ? Option.none()
                : Option.some({
                    channel,
                    originAllowed: row["o"] === true,
                    activeCampaigns,
                    monthPlays: Number(row["m"])
                  })
          }
        },
        Effect.mapError(toStoreError("PlayContextRepo.forMint"))
      ),
      // One row when the account exists, with null columns for what is not found. The session is
      // inserted from that row, so only when the row shows an open start (`isOpenStart`).
      startOpen: Effect.fnUntraced(
        function* (s: Session, month: string) {
          const rows = yield* play`WITH found AS (
              SELECT ${startColumns}
              FROM accounts a
              LEFT JOIN campaigns c ON c.account_id = a.id AND c.id = ${s.campaignId}
              LEFT JOIN channels ch ON ch.account_id = a.id AND ch.id = ${s.channelId}
              LEFT JOIN branding b ON b.account_id = a.id
              WHERE a.id = ${s.accountId}
            ), inserted AS (
              INSERT INTO sessions
                (id, account_id, campaign_id, channel_id, participant_ref, origin, jti, started_at, finished_at)
              SELECT ${s.id}, ${s.accountId}, ${s.campaignId}, ${s.channelId}, ${s.participantRef}, ${s.origin},
                ${s.jti}, ${time(s.startedAt)}::timestamptz, NULL
              FROM found
              WHERE ${open}
              ON CONFLICT (jti) DO NOTHING
              RETURNING account_id
            ), ${countInserted(play, month)}
            SELECT found.*, EXISTS (SELECT 1 FROM inserted) AS started FROM found`
          const row = rows[0]
          if (row === undefined) {
            return {
              campaign: Option.none(),
              channel: Option.none(),
              account: Option.none(),
              branding: Option.none(),
              started: false
            }
          }
          const part = <A>(
            columns: ReturnType<typeof prefixedColumns>,
            decode: (rows: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<A>, Schema.SchemaError>
          ) => (columns.found(row) ? Effect.map(decode([columns.pick(row)]), first) : Effect.succeedNone)
          return {
            account: yield* part(playAccount, decodePlayAccounts),
            campaign: yield* part(playCampaign, decodePlayCampaigns),
            channel: yield* part(playChannel, decodePlayChannels),
            branding:
              row["b_theme"] === null
                ? Option.none()
                : Option.map(first(yield* decodeBranding([{ theme: row["b_theme"] }])), (b) => b.theme),
            started: row["started"] === true
          }
        },
        Effect.mapError(toStoreError("PlayContextRepo.startOpen"))
      )
    })
  })
)

/** What a finish's fan-out reads of an endpoint, as `completeKnown` compares it (`jsonb`). */
const endpointFilters = ({ channelIds, events, gameInstanceIds, id }: Target) => ({
  id,
  events,
  gameInstanceIds,
  channelIds
})

/** An endpoint as `PlayFinishRepo.read` aggregates it (`Webhook.Target`). */
const TargetRow = Schema.Struct({
  id: Schema.String,
  status: EndpointStatus,
  events: Schema.Array(EventType),
  gameInstanceIds: Schema.Array(Schema.String),
  channelIds: Schema.Array(Schema.String)
})
const decodeTargets = Schema.decodeUnknownEffect(Schema.Array(TargetRow))

const layerPlayFinishRepo = Layer.effect(
  PlayFinishRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const readColumns = sql.literal(`${playSession.select},${playCampaign.select}`)
    const play = compactSql(sql)

    /**
     * The claim and the writes in one statement; with `known`, the claim also checks the session's
     * token and the campaign and endpoints the finish was decided with (`completeKnown`).
     */
    const write = Effect.fnUntraced(function* (
      { sessionId, finishedAt, entry: e, event: v, deliveries }: Completion,
      known: KnownFinish | undefined
    ) {
      const delivered =
        deliveries.length === 0
          ? sql``
          : play`, delivered AS (
              INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status,
                attempt_count, last_attempted_at, next_retry_at, response_status, note, created_at)
              SELECT d.* FROM claimed, (VALUES ${sql.csv(
                deliveries.map(
                  (d) => play`(${d.id}, ${d.accountId}, ${d.endpointId}, ${d.eventId}, ${d.eventType},
                    ${json(d.payload)}::jsonb, ${d.status}, ${d.attemptCount}::int,
                    ${timeOrNull(d.lastAttemptedAt)}::timestamptz, ${timeOrNull(d.nextRetryAt)}::timestamptz,
                    ${d.responseStatus}::int, ${d.note}, ${time(d.createdAt)}::timestamptz)`
                )
              )}) AS d
            )`
      const stillKnown =
        known === undefined
          ? sql``
          : play` AND s.jti = ${known.jti} AND s.account_id = ${e.accountId} AND s.campaign_id = ${e.campaignId}
              AND s.channel_id = ${e.channelId} AND s.participant_ref = ${e.participantRef}
              AND EXISTS (
                SELECT 1 FROM campaigns c WHERE c.id = ${e.campaignId} AND c.account_id = ${e.accountId}
                  AND c.game_slug = ${known.campaign.gameSlug} AND c.config = ${json(known.campaign.config)}::jsonb
                  AND c.resolved_option_id IS NOT DISTINCT FROM ${known.campaign.resolvedOptionId}::text
              ) AND (
                SELECT coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'events', w.events,
                  'gameInstanceIds', w.game_instance_ids, 'channelIds', w.channel_ids) ORDER BY w.created_at, w.id),
                  '[]'::jsonb)
                FROM webhook_endpoints w
                WHERE w.account_id = ${e.accountId} AND w.status = 'active' AND ${v.type} = ANY (w.events)
              ) = ${json(known.endpoints.map(endpointFilters))}::jsonb`
      const rows = yield* play`WITH claimed AS (
          UPDATE sessions s SET finished_at = ${time(finishedAt)}::timestamptz
          WHERE s.id = ${sessionId} AND s.finished_at IS NULL${stillKnown}
          RETURNING s.id
        ), entry AS (
          INSERT INTO entries
            (id, account_id, campaign_id, channel_id, session_id, participant_ref, score, prediction_option_id,
              outcome, weight, eligible, created_at)
          SELECT ${e.id}, ${e.accountId}, ${e.campaignId}, ${e.channelId}, claimed.id, ${e.participantRef},
            ${e.score}::float8, ${e.predictionValue?.optionId ?? null}, ${jsonOrNull(e.outcome)}::jsonb,
            ${e.weight}::float8, ${e.eligible}::boolean, ${time(e.createdAt)}::timestamptz
          FROM claimed
        ), event AS (
          INSERT INTO events (id, account_id, type, game_instance_id, channel_id, payload, created_at)
          SELECT ${v.id}, ${v.accountId}, ${v.type}, ${v.campaignId}, ${v.channelId}, ${json(v.data)}::jsonb,
            ${time(v.createdAt)}::timestamptz
          FROM claimed
        )${delivered}
        SELECT id FROM claimed`
      return rows.length > 0
    })

    return PlayFinishRepo.of({
      read: Effect.fnUntraced(
        function* (sessionId: string, eventType: EventType) {
          const rows = yield* play`SELECT ${readColumns}, (
              SELECT coalesce(json_agg(json_build_object('id', e.id, 'status', e.status, 'events', e.events,
                'gameInstanceIds', e.game_instance_ids, 'channelIds', e.channel_ids) ORDER BY e.created_at, e.id), '[]')
              FROM webhook_endpoints e
              WHERE e.account_id = s.account_id AND e.status = 'active' AND ${eventType} = ANY (e.events)
            ) AS "endpoints"
            FROM sessions s
            JOIN campaigns c ON c.id = s.campaign_id AND c.account_id = s.account_id
            WHERE s.id = ${sessionId}`
          const row = rows[0]
          if (row === undefined) return Option.none()
          const [session] = yield* decodeSessions([playSession.pick(row)])
          const [campaign] = yield* decodePlayCampaigns([playCampaign.pick(row)])
          const endpoints = yield* decodeTargets(row["endpoints"])
          return Option.some({ session: session!, campaign: campaign!, endpoints })
        },
        Effect.mapError(toStoreError("PlayFinishRepo.read"))
      ),
      complete: (completion: Completion) =>
        write(completion, undefined).pipe(Effect.mapError(toStoreError("PlayFinishRepo.complete"))),
      completeKnown: (completion: Completion, known: KnownFinish) =>
        write(completion, known).pipe(Effect.mapError(toStoreError("PlayFinishRepo.completeKnown")))
    })
  })
)

/** Every repository port this module implements. */
export type Repos =
  | AccountRepo
  | ApiKeyRepo
  | ChannelRepo
  | CampaignRepo
  | BrandingRepo
  | SessionRepo
  | EntryRepo
  | EventOutbox
  | UsageRepo
  | ServerSecretRepo
  | AllowedOriginRepo
  | PlayContextRepo
  | PlayFinishRepo

/** The repositories over a `SqlClient`. */
export const layerRepos: Layer.Layer<Repos, never, SqlClient.SqlClient> = Layer.mergeAll(
  layerAccountRepo,
  layerApiKeyRepo,
  layerChannelRepo,
  layerCampaignRepo,
  layerBrandingRepo,
  layerSessionRepo,
  layerEntryRepo,
  layerEventOutbox,
  layerUsageRepo,
  layerServerSecretRepo,
  layerAllowedOriginRepo,
  layerPlayContextRepo,
  layerPlayFinishRepo
)

/** `Store` and every repository (`Repos`) over a migrated database. */
export const layer: Layer.Layer<Store | Repos, never, SqlClient.SqlClient> = Layer.mergeAll(layerStore, layerRepos)
