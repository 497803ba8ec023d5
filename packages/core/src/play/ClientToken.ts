/**
 * Client tokens: short-lived, signed, single-use credentials for one play, minted by the backend and
 * handed to the embed. A token is bound to one campaign, one participantRef and one origin, and
 * carries a unique `jti`. They are standard JWTs (HS256), so any JWT tool can decode them; the
 * `TokenSigner` port signs and verifies them (`ClientTokenSigner`: HS256 over the `Secrets` port).
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema } from "effect"
import type { StoreError } from "../Failure.ts"
import type { PlaysError } from "./PlayErrors.ts"

/** The claims of a client token. */
export const Claims = Schema.Struct({
  jti: Schema.String,
  /** The account. */
  acc: Schema.String,
  /** The channel. */
  chn: Schema.String,
  /** The campaign live when the token was minted. */
  gid: Schema.String,
  /** The participantRef. */
  sub: Schema.String,
  /** The origin the embed runs on. */
  org: Schema.String,
  /** Issued at, and expiry, in unix seconds. */
  iat: Schema.Int,
  exp: Schema.Int
})
export type Claims = typeof Claims.Type

export class TokenSigner extends Context.Service<
  TokenSigner,
  {
    readonly sign: (claims: Claims) => Effect.Effect<string>
    /**
     * The claims of a well-formed token with a valid signature; `PlaysError` (`TokenInvalid`) otherwise. Expiry is checked by
     * the caller against the clock (`exp`), so that tests run on the test clock.
     */
    readonly verify: (token: string) => Effect.Effect<Claims, PlaysError>
  }
>()("@campaign-games/core/TokenSigner") {}

/** Body of `POST /v1/auth/session-tokens`. */
export const MintRequest = Schema.Struct({
  channelId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  participantRef: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  origin: Schema.String.check(Schema.isMaxLength(300)),
  ttlSeconds: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 60, maximum: 3600 })))
}).annotate({ identifier: "MintClientToken" })
export type MintRequest = typeof MintRequest.Type

/**
 * Server-wide secrets kept in the store, so every instance on one database signs and verifies with
 * the same key. `getOrCreate` stores `candidate` under `name` unless a value is there already, and
 * returns the stored value (atomically: concurrent first starts agree on one value).
 */
export class ServerSecretRepo extends Context.Service<
  ServerSecretRepo,
  {
    readonly getOrCreate: (name: string, candidate: string) => Effect.Effect<string, StoreError>
  }
>()("@campaign-games/core/ServerSecretRepo") {}
