/**
 * API keys. A key is `cgk_` (the fixed prefix), then its public `keyPrefix`, then `_` and a secret
 * part: `cgk_<keyPrefix>_<secret>`. Only a SHA-256 hash of the whole key is stored; the key itself
 * is shown once, in the response that creates it. Revoked keys are refused from then on (`KeyRevoked`).
 *
 * @since 0.1.0
 */
import { Context, type Effect, type Option, Schema, Struct } from "effect"
import type { Account } from "./Account.ts"
import type { StoreError } from "../Failure.ts"
import { names, pick, Text, Timestamp, TimestampOrNull } from "../Fields.ts"
import type { Page, Paged } from "../Pagination.ts"
import { all as allPermissions, Permission } from "./Permission.ts"

/** The fixed prefix of every key. */
export const FIXED_PREFIX = "cgk_"
/** Length of the public key prefix (base32 characters). */
export const KEY_PREFIX_LENGTH = 12
/** Length of the secret part (base32 characters: 32 bytes of randomness). */
export const SECRET_LENGTH = 52

const KEY_PATTERN = new RegExp(`^${FIXED_PREFIX}([a-z2-7]{${KEY_PREFIX_LENGTH}})_([a-z2-7]{${SECRET_LENGTH}})$`)

/** Splits a presented key into its prefix, or `undefined` when it is not of the key's form. */
export const parse = (key: string): { readonly keyPrefix: string } | undefined => {
  const match = KEY_PATTERN.exec(key)
  return match === null ? undefined : { keyPrefix: match[1]! }
}

/** Assembles a key from its parts. */
export const format = (keyPrefix: string, secret: string): string => `${FIXED_PREFIX}${keyPrefix}_${secret}`

/**
 * A key's fields as stored, written once: the key's type, its API views and its table's row (in
 * `sql`) are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  name: Schema.String,
  keyPrefix: Schema.String,
  keyHash: Schema.String,
  permissions: Schema.Array(Permission),
  createdAt: Timestamp,
  revokedAt: TimestampOrNull
}

/** A stored key (never the key itself). */
export type ApiKey = Schema.Struct.Type<typeof fields>

export const Name = Text(1, 100)

/** Body of `POST /v1/tenant/api-keys`. */
export const CreateApiKey = Schema.Struct({
  name: Name,
  permissions: Schema.Array(Permission).check(Schema.isMinLength(1), Schema.isMaxLength(allPermissions.length))
})
export type CreateApiKey = typeof CreateApiKey.Type

const keyFields = Struct.pick(fields, ["id", "name", "keyPrefix", "permissions"])

/** A key as listed: never the secret. */
export const ApiKeyView = Schema.Struct({ ...keyFields, createdAt: fields.createdAt })
export type ApiKeyView = typeof ApiKeyView.Type

/** A key as created: the only time `key` is shown. */
export const CreatedApiKey = Schema.Struct({ ...keyFields, key: Schema.String, createdAt: fields.createdAt })
export type CreatedApiKey = typeof CreatedApiKey.Type

const copyView = pick(names(ApiKeyView))

export const view = (key: ApiKey): ApiKeyView => copyView(key)

/** A key with its account, as `ApiKeyRepo.findByPrefix` reads them. */
export interface KeyWithAccount {
  readonly key: ApiKey
  readonly account: Account
}

/** Persistence of API keys. */
export class ApiKeyRepo extends Context.Service<
  ApiKeyRepo,
  {
    readonly insert: (key: ApiKey) => Effect.Effect<void, StoreError>
    /** The key with that public prefix (revoked or not) and its account. */
    readonly findByPrefix: (keyPrefix: string) => Effect.Effect<Option.Option<KeyWithAccount>, StoreError>
    /** An active (not revoked) key of the account. */
    readonly findActive: (accountId: string, id: string) => Effect.Effect<Option.Option<ApiKey>, StoreError>
    /** Active keys of the account, oldest first. */
    readonly listActive: (accountId: string, page: Page) => Effect.Effect<Paged<ApiKey>, StoreError>
    readonly countActive: (accountId: string) => Effect.Effect<number, StoreError>
    /** Marks an active key revoked; false when there was no such active key. */
    readonly revoke: (accountId: string, id: string, at: Timestamp) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/ApiKeyRepo") {}
