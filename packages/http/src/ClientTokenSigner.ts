/**
 * The `TokenSigner` port on `jose`: client tokens are HS256 JWTs (any JWT tool decodes them),
 * signed with a key kept in the store (`ServerSecretRepo`), so every instance on one database signs
 * and verifies alike. Expiry is checked by the core against its clock, not here.
 *
 * @since 0.1.0
 */
import { ClientToken, Errors, Secrets } from "@campaign-games/core"
import { Effect, Layer, Schema } from "effect"
import * as jose from "jose"

const KEY_NAME = "client-token-hs256"
const decodeClaims = Schema.decodeUnknownEffect(ClientToken.Claims)

/** A signer over a given secret (tests, embedding backends with their own key management). */
export const make = (secret: string): ClientToken.TokenSigner["Service"] => {
  const key = new TextEncoder().encode(secret)
  const unauthorized = new Errors.Unauthorized({ message: "The client token is malformed or its signature is wrong." })
  return ClientToken.TokenSigner.of({
    sign: (claims) =>
      Effect.promise(() => new jose.SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key)),
    verify: (token) =>
      Effect.tryPromise({
        try: () =>
          jose.jwtVerify(token, key, {
            algorithms: ["HS256"],
            // Expiry is the core's to judge, on its own clock.
            currentDate: new Date(0)
          }),
        catch: () => unauthorized
      }).pipe(
        Effect.flatMap(({ payload }) => decodeClaims(payload)),
        Effect.mapError(() => unauthorized)
      )
  })
}

/** The signer over the store's shared key, created on first start. */
export const layer = Layer.effect(
  ClientToken.TokenSigner,
  Effect.gen(function* () {
    const secrets = yield* Secrets.Secrets
    const repo = yield* ClientToken.ServerSecretRepo
    const candidate = yield* secrets.randomToken(32)
    return make(yield* repo.getOrCreate(KEY_NAME, candidate))
  })
)
