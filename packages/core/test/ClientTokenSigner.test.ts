import { createHmac } from "node:crypto"
import { ClientToken, ClientTokenSigner, Secrets } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import * as jose from "jose"

const SECRET = "a-test-secret-of-the-store"
const key = new TextEncoder().encode(SECRET)

const claims: ClientToken.Claims = {
  jti: "jti_abc",
  acc: "acc_1",
  chn: "ch_1",
  gid: "gi_1",
  sub: "zoë@example.com",
  org: "https://shop.example",
  iat: 1_800_000_000,
  exp: 1_800_000_900
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// The WebCrypto `Secrets` (core's default); the `node:crypto` one of `@campaign-games/http` computes
// the same digests (packages/http/test/NodeSecrets.test.ts).
const signerLayer = ClientTokenSigner.layerSecret(SECRET).pipe(Layer.provide(Secrets.Secrets.layerWebCrypto))

describe("ClientTokenSigner", () => {
  it.effect("signs a standard HS256 JWT that jose verifies with the same key, and verifies jose's tokens", () =>
    Effect.gen(function* () {
      const signer = yield* ClientToken.TokenSigner
      const token = yield* signer.sign(claims)
      const { payload, protectedHeader } = yield* Effect.promise(() =>
        jose.jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(1_800_000_000_000) })
      )
      assert.deepStrictEqual(protectedHeader, { alg: "HS256", typ: "JWT" })
      assert.deepStrictEqual(payload, { ...claims })
      assert.deepStrictEqual(jose.decodeJwt(token), { ...claims })

      const byJose = yield* Effect.promise(() =>
        new jose.SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).sign(key)
      )
      assert.deepStrictEqual(yield* signer.verify(byJose), claims)
      assert.deepStrictEqual(yield* signer.verify(token), claims)
    }).pipe(Effect.provide(signerLayer))
  )

  it.effect("changing any single character of a token makes it fail", () =>
    Effect.gen(function* () {
      const signer = yield* ClientToken.TokenSigner
      const token = yield* signer.sign(claims)
      // The token itself verifies: every refusal below is the change's doing.
      assert.deepStrictEqual(yield* signer.verify(token), claims)
      const tampered: Array<string> = []
      for (let i = 0; i < token.length; i++) {
        if (token[i] === ".") continue
        // The next base64url character: for the last character of a segment this may change only
        // bits that decode to nothing, which must still be refused.
        const replacement = BASE64URL[(BASE64URL.indexOf(token[i]!) + 1) % 64]!
        tampered.push(`${token.slice(0, i)}${replacement}${token.slice(i + 1)}`)
      }
      // One variant per character of the three segments, each different from the token.
      assert.strictEqual(new Set(tampered).size, token.length - 2)
      assert.notInclude(tampered, token)
      const accepted: Array<number> = []
      for (const [i, variant] of tampered.entries()) {
        const exit = yield* Effect.exit(signer.verify(variant))
        if (Exit.isSuccess(exit)) accepted.push(i)
        else assert.include(String(exit.cause), "PlaysError")
      }
      assert.deepStrictEqual(accepted, [], "no tampered variant is accepted")
      // The signer remembers the tokens it verified by their exact text: the token still verifies,
      // none of its variants came to be remembered as it, and another key's signer knows none.
      assert.deepStrictEqual(yield* signer.verify(token), claims)
      const otherKey = yield* ClientToken.TokenSigner.pipe(
        Effect.provide(
          ClientTokenSigner.layerSecret("another-secret").pipe(Layer.provide(Secrets.Secrets.layerWebCrypto))
        )
      )
      assert.isTrue(Exit.isFailure(yield* Effect.exit(otherKey.verify(token))))
    }).pipe(Effect.provide(signerLayer))
  )

  it.effect("refuses a correctly signed token whose header has a crit parameter, and accepts the same without it", () =>
    Effect.gen(function* () {
      const signer = yield* ClientToken.TokenSigner
      // Built by hand (jose refuses to sign a `crit` it does not understand): a valid HS256
      // signature over a header that lists a critical extension this signer does not implement.
      const signed = (header: object) => {
        const input = `${jose.base64url.encode(JSON.stringify(header))}.${jose.base64url.encode(JSON.stringify(claims))}`
        return `${input}.${createHmac("sha256", SECRET).update(input).digest("base64url")}`
      }
      const critical = signed({ alg: "HS256", typ: "JWT", crit: ["exp"] })
      const plain = signed({ typ: "JWT", alg: "HS256" })
      assert.deepStrictEqual(jose.decodeProtectedHeader(critical), { alg: "HS256", typ: "JWT", crit: ["exp"] })
      // The same construction without `crit` verifies (with jose and with this signer).
      const byJose = yield* Effect.promise(() =>
        jose.jwtVerify(plain, key, { algorithms: ["HS256"], currentDate: new Date(1_800_000_000_000) })
      )
      assert.deepStrictEqual(byJose.payload, { ...claims })
      assert.deepStrictEqual(yield* signer.verify(plain), claims)
      const error = yield* Effect.flip(signer.verify(critical))
      assert.strictEqual(error._tag, "PlaysError")
      assert.strictEqual(error.reason._tag, "TokenInvalid")
    }).pipe(Effect.provide(signerLayer))
  )

  it.effect("refuses other keys, other algorithms, unsigned and malformed tokens, and claims of the wrong shape", () =>
    Effect.gen(function* () {
      const signer = yield* ClientToken.TokenSigner
      const refused = (token: string) =>
        Effect.map(Effect.exit(signer.verify(token)), (exit) => {
          assert.isTrue(Exit.isFailure(exit), token)
          if (Exit.isFailure(exit)) assert.include(String(exit.cause), "PlaysError")
        })
      const otherKey = yield* Effect.promise(() =>
        new jose.SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("guess"))
      )
      yield* refused(otherKey)
      const hs512 = yield* Effect.promise(() =>
        new jose.SignJWT({ ...claims }).setProtectedHeader({ alg: "HS512" }).sign(new Uint8Array(64).fill(7))
      )
      yield* refused(hs512)
      const unsigned = new jose.UnsecuredJWT({ ...claims }).encode()
      yield* refused(unsigned)
      const wrongShape = yield* Effect.promise(() =>
        new jose.SignJWT({ jti: "x", sub: "y" }).setProtectedHeader({ alg: "HS256" }).sign(key)
      )
      yield* refused(wrongShape)
      for (const malformed of ["", "a", "a.b", "a.b.c", "a.b.c.d", "!!!.???.***", `${otherKey}.`]) {
        yield* refused(malformed)
      }
    }).pipe(Effect.provide(signerLayer))
  )

  it.effect(
    "knows the tokens it made and verified last without an HMAC, and forgets the oldest past a few thousand",
    () =>
      Effect.gen(function* () {
        // The WebCrypto `Secrets`, counting the HMACs the signer asks for.
        const macs = { count: 0 }
        const counting = Layer.effect(
          Secrets.Secrets,
          Effect.map(Effect.service(Secrets.Secrets), (secrets) =>
            Secrets.Secrets.of({
              ...secrets,
              hmacSha256Base64Url: (secret, message) =>
                Effect.flatMap(
                  Effect.sync(() => macs.count++),
                  () => secrets.hmacSha256Base64Url(secret, message)
                )
            })
          )
        ).pipe(Layer.provide(Secrets.Secrets.layerWebCrypto))
        const signer = yield* ClientToken.TokenSigner.pipe(
          Effect.provide(ClientTokenSigner.layerSecret(SECRET).pipe(Layer.provide(counting)))
        )
        const made = yield* signer.sign(claims)
        assert.strictEqual(macs.count, 1)
        // Made here: known with its claims, no HMAC; and the claims are what verifying it decodes.
        assert.deepStrictEqual(yield* signer.verify(made), claims)
        assert.strictEqual(macs.count, 1)
        const fresh = yield* ClientToken.TokenSigner.pipe(Effect.provide(signerLayer))
        assert.deepStrictEqual(yield* fresh.verify(made), yield* signer.verify(made))
        // Made elsewhere: verified once, then known.
        const byJose = yield* Effect.promise(() =>
          new jose.SignJWT({ ...claims, jti: "jti_jose" }).setProtectedHeader({ alg: "HS256" }).sign(key)
        )
        assert.strictEqual((yield* signer.verify(byJose)).jti, "jti_jose")
        assert.strictEqual((yield* signer.verify(byJose)).jti, "jti_jose")
        assert.strictEqual(macs.count, 2)
        // 8,192 more tokens made: the first two are forgotten and verified again, by their signature.
        for (let i = 0; i < 8192; i++) yield* signer.sign({ ...claims, jti: `jti_${i}` })
        const before = macs.count
        assert.deepStrictEqual(yield* signer.verify(made), claims)
        assert.strictEqual((yield* signer.verify(byJose)).jti, "jti_jose")
        assert.strictEqual(macs.count, before + 2)
        // The newest are still known.
        const newest = yield* signer.sign({ ...claims, jti: "jti_last" })
        assert.strictEqual((yield* signer.verify(newest)).jti, "jti_last")
        assert.strictEqual(macs.count, before + 3)
      })
  )
})
