/**
 * The storage limit cannot be bypassed before the bytes arrive: a pending upload holds its declared
 * size, or without one the most its type allows, from the presign on; an account has at most 20
 * uploads open; the presign is rate limited (60 a minute per key). The loop an attacker runs (presign
 * without a size, POST the bytes, again) meets 402 or 429 before any byte is stored past the limit.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { png, sampleOf } from "./fixtures/media/Samples.ts"
import { postForm } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, withAccount } from "./support/TestServer.ts"

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("storage before the bytes", (it) => {
  it.effect("with storageBytes 1000 the presign-and-upload loop gets 402, and nothing is stored", () =>
    Effect.gen(function* () {
      const { request, account } = yield* withAccount()
      const limited = yield* account({ limits: { storageBytes: 1000 } })
      const statuses: Array<number> = []
      for (let i = 0; i < 3; i++) {
        const started = yield* request("POST", "/v1/tenant/assets/presign", {
          key: limited.key,
          body: { filename: `big-${i}.png`, contentType: "image/png" }
        })
        statuses.push(started.status)
        if (started.status === 201) {
          // Were it let through, 200 KB would go up under a 1000-byte limit.
          yield* postForm(started.body.upload.url, started.body.upload.fields, new Uint8Array(200_000))
        } else {
          assert.strictEqual(started.body.error.code, "upgrade_required")
          assert.deepStrictEqual(Steps.paths(started.body), ["limits.storageBytes"])
        }
      }
      assert.deepStrictEqual(statuses, [402, 402, 402], "an image without a size holds 8 MiB: over 1000 bytes")
      // Declared sizes are held from the presign: 600 + 600 does not fit in 1000.
      const first = yield* request("POST", "/v1/tenant/assets/presign", {
        key: limited.key,
        body: { filename: "a.png", contentType: "image/png", sizeBytes: 600 }
      })
      assert.strictEqual(first.status, 201, first.text)
      const second = yield* request("POST", "/v1/tenant/assets/presign", {
        key: limited.key,
        body: { filename: "b.png", contentType: "image/png", sizeBytes: 600 }
      })
      assert.strictEqual(second.status, 402, second.text)
      const list = yield* request("GET", "/v1/tenant/assets", { key: limited.key })
      assert.strictEqual(list.body.total, 1, "only the presign let through is listed (pending)")
    })
  )

  it.effect("the 21st open upload of an account is 429 with Retry-After; a confirmed one frees its place", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const presign = () =>
        request("POST", "/v1/tenant/assets/presign", {
          key,
          body: { filename: "logo.png", contentType: "image/png", sizeBytes: png().length }
        })
      const started: Array<any> = []
      for (let i = 0; i < 20; i++) {
        const reply = yield* presign()
        assert.strictEqual(reply.status, 201, `presign ${i + 1}: ${reply.text}`)
        started.push(reply.body)
      }
      const refused = yield* presign()
      assert.strictEqual(refused.status, 429, refused.text)
      assert.strictEqual(refused.body.error.code, "rate_limited")
      assert.include(refused.body.error.message, "at most 20")
      const retryAfter = Number(refused.headers.get("retry-after"))
      assert.isTrue(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`)
      // Confirming one frees a place.
      const bytes = png()
      assert.strictEqual((yield* postForm(started[0].upload.url, started[0].upload.fields, bytes)).status, 204)
      const confirmed = yield* request("POST", `/v1/tenant/assets/${started[0].asset.id}/confirm`, { key })
      assert.strictEqual(confirmed.status, 200, confirmed.text)
      assert.strictEqual((yield* presign()).status, 201)
      assert.strictEqual((yield* presign()).status, 429)
    })
  )

  it.effect("the presign is limited to 60 a minute per key, with the rate-limit headers", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/gif")
      let last: any = undefined
      // Unknown folders fail after the count (404), so no upload is left open.
      for (let i = 0; i < 60; i++) {
        last = yield* request("POST", "/v1/tenant/assets/presign", {
          key,
          body: { filename: sample.filename, contentType: sample.contentType, folderId: "fld_none" }
        })
        assert.strictEqual(last.status, 404, last.text)
      }
      assert.strictEqual(last.headers.get("x-ratelimit-limit"), "60")
      assert.strictEqual(last.headers.get("x-ratelimit-remaining"), "0")
      const limited = yield* request("POST", "/v1/tenant/assets/presign", {
        key,
        body: { filename: sample.filename, contentType: sample.contentType }
      })
      assert.strictEqual(limited.status, 429, limited.text)
      assert.strictEqual(limited.body.error.code, "rate_limited")
      assert.isTrue(Number(limited.headers.get("retry-after")) >= 1)
    })
  )
})
