import { Secrets } from "@campaign-games/core"
import { NodeSecrets } from "@campaign-games/http"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"

const inputs = ["", "cgk_abcdefghijkl_secret", "Ünïcödé « clé » 🎡", "x".repeat(10_000), "line\nbreak\u0000nul"]

const both = <A>(use: (secrets: Secrets.Secrets["Service"]) => Effect.Effect<A>) =>
  Effect.all([
    Effect.provide(Effect.flatMap(Effect.service(Secrets.Secrets), use), NodeSecrets.layer),
    Effect.provide(Effect.flatMap(Effect.service(Secrets.Secrets), use), Secrets.Secrets.layerWebCrypto)
  ])

describe("NodeSecrets", () => {
  it.effect("hashes as the WebCrypto layer does", () =>
    Effect.gen(function* () {
      for (const input of inputs) {
        const [node, web] = yield* both((secrets) => secrets.sha256Hex(input))
        assert.strictEqual(node, web, JSON.stringify(input.slice(0, 20)))
      }
      const [empty] = yield* both((secrets) => secrets.sha256Hex(""))
      assert.strictEqual(empty, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    })
  )

  it.effect("signs HMAC-SHA256 as the WebCrypto layer does", () =>
    Effect.gen(function* () {
      // WebCrypto refuses an empty HMAC key; the keys the engine uses never are.
      for (const key of inputs.filter((input) => input !== "")) {
        for (const message of inputs) {
          const [node, web] = yield* both((secrets) => secrets.hmacSha256Hex(key, message))
          assert.strictEqual(node, web)
          const [node64, web64] = yield* both((secrets) => secrets.hmacSha256Base64Url(key, message))
          assert.strictEqual(node64, web64)
          assert.strictEqual(node64, Buffer.from(node, "hex").toString("base64url"))
        }
      }
    })
  )

  it.effect("random tokens are lowercase base32 of the requested size, and differ", () =>
    Effect.gen(function* () {
      const secrets = yield* Effect.provide(Effect.service(Secrets.Secrets), NodeSecrets.layer)
      const a = yield* secrets.randomToken(32)
      const b = yield* secrets.randomToken(32)
      assert.match(a, /^[a-z2-7]{52}$/)
      assert.notStrictEqual(a, b)
      assert.match(yield* secrets.randomToken(5), /^[a-z2-7]{8}$/)
    })
  )
})
