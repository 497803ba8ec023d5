/**
 * The media library on S3-compatible storage, end to end, against `s3rver` (an S3-compatible
 * server from npm, started by the test on 127.0.0.1): presign answers the bucket's own presigned
 * POST, the browser POSTs the file to the bucket (the bytes never pass through this server),
 * confirm checks the object's bytes, and `asset.url` redirects to a short-lived presigned GET (or
 * to a public base URL) that answers the bytes and ranges.
 *
 * s3rver stores a POST without enforcing its policy. So the policy is checked here as S3 would:
 * its document names the exact key, content type and length range and expires in 15 minutes, and
 * its SigV4 signature, computed independently from the credentials, is the one sent. And the
 * confirm refuses what a non-enforcing store let through (another size, another type).
 */
import { createHmac } from "node:crypto"
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3"
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { body, origin } from "./fixtures/media/Origin.ts"
import { credentials, s3server } from "./fixtures/media/S3.ts"
import { disguised, png, sampleOf, samples } from "./fixtures/media/Samples.ts"
import { fetchBytes, postForm, presign, settled, upload, uploaded } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { make, quickImports, storeLayer, withAccount } from "./support/TestServer.ts"

const same = (actual: Uint8Array, expected: Uint8Array, message?: string) =>
  assert.isTrue(Buffer.from(actual).equals(Buffer.from(expected)), message ?? "the same bytes")

/** The server on a fresh s3rver bucket; the bucket's address is `S3Endpoint`. */
const onS3 = (publicBase: boolean) =>
  Layer.unwrap(
    Effect.map(s3server("media"), (s3) =>
      Layer.merge(
        make(storeLayer(), {
          media: {
            storage: { ...s3.storage, ...(publicBase ? { publicBaseUrl: `${s3.endpoint}/${s3.bucket}` } : {}) },
            settings: quickImports
          }
        }),
        Layer.succeed(Bucket, {
          endpoint: s3.endpoint,
          client: new S3Client({
            endpoint: s3.endpoint,
            region: "us-east-1",
            forcePathStyle: true,
            credentials,
            requestChecksumCalculation: "WHEN_REQUIRED",
            responseChecksumValidation: "WHEN_REQUIRED"
          })
        })
      )
    )
  )

class Bucket extends Context.Service<Bucket, { readonly endpoint: string; readonly client: S3Client }>()(
  "test/Bucket"
) {}

/** Whether the bucket holds `key`. */
const exists = (key: string) =>
  Effect.flatMap(Effect.service(Bucket), ({ client }) =>
    Effect.promise(() =>
      client.send(new HeadObjectCommand({ Bucket: "media", Key: key })).then(
        () => true,
        () => false
      )
    )
  )

/** The SigV4 signature of a POST policy (AWS's documented derivation, computed here on its own). */
const sigV4 = (policy: string, date: string, region: string) => {
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest()
  const signing = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), "s3"), "aws4_request")
  return createHmac("sha256", signing).update(policy).digest("hex")
}

layer(onS3(false), { excludeTestServices: true, timeout: "120 seconds" })("media on S3 (presigned)", (it) => {
  for (const sample of samples) {
    it.effect(`a real ${sample.contentType} file goes up to the bucket and is served by a redirect`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const { endpoint } = yield* Bucket
        const { confirmed, id, posted, started, url } = yield* upload(request, key, sample)
        assert.strictEqual(started.body.upload.url, `${endpoint}/media`, "the bucket's own POST")
        assert.isTrue(posted.status >= 200 && posted.status < 300, posted.text)
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        assert.strictEqual(confirmed.body.asset.sizeBytes, sample.bytes.length)
        assert.strictEqual(confirmed.body.asset.url, url, "the URL stays the server's, by id")
        assert.isFalse(yield* exists(started.body.upload.fields.key), "the upload slot was emptied")
        const redirect = yield* fetchBytes(url)
        assert.strictEqual(redirect.status, 302)
        const location = redirect.headers.get("location")!
        assert.isTrue(location.startsWith(`${endpoint}/media/files/`), location)
        assert.include(location, id)
        assert.include(location, "X-Amz-Expires=300", "a presigned GET valid 5 minutes")
        assert.strictEqual(redirect.headers.get("cache-control"), "public, max-age=60")
        const served = yield* fetchBytes(location)
        assert.strictEqual(served.status, 200)
        assert.strictEqual(served.headers.get("content-type"), sample.contentType)
        same(served.body, sample.bytes)
      })
    )
  }

  it.effect("the POST policy names the exact key, content type and size, expires in 15 minutes, and is signed", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/png")
      const started = yield* presign(request, key, sample)
      const fields = started.body.upload.fields
      const document = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"))
      const conditions: Array<unknown> = document.conditions
      assert.deepInclude(conditions, { key: fields.key })
      assert.match(fields.key, new RegExp(`^uploads/acc_[a-z0-9]+/${started.body.asset.id}$`))
      assert.deepInclude(conditions, ["content-length-range", sample.bytes.length, sample.bytes.length])
      assert.deepInclude(conditions, ["eq", "$Content-Type", "image/png"])
      assert.deepInclude(conditions, { bucket: "media" })
      const expires = Date.parse(document.expiration) - Date.now()
      assert.isTrue(expires > 14 * 60_000 && expires <= 15 * 60_000 + 1000, `expires in ${expires} ms`)
      assert.strictEqual(fields["Content-Type"], "image/png")
      const [accessKey, date, region] = fields["X-Amz-Credential"].split("/")
      assert.strictEqual(accessKey, credentials.accessKeyId)
      assert.strictEqual(
        fields["X-Amz-Signature"],
        sigV4(fields.Policy, date, region),
        "S3 would accept this signature"
      )
    })
  )

  for (const fake of disguised) {
    it.effect(`${fake.why} is refused at confirm and its object deleted`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const { confirmed, started, url } = yield* upload(request, key, fake)
        assert.strictEqual(confirmed.status, 400, confirmed.text)
        assert.deepStrictEqual(Steps.paths(confirmed.body), ["file"])
        const fileKey = started.body.upload.fields.key.replace(/^uploads\//, "files/")
        assert.isFalse(yield* exists(fileKey))
        assert.isFalse(yield* exists(started.body.upload.fields.key))
        assert.strictEqual((yield* fetchBytes(url)).status, 404)
      })
    )
  }

  it.effect("where the bucket let another size through, the confirm refuses it", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("image/png")
      const started = yield* presign(request, key, sample)
      const bigger = png(16, 16)
      const posted = yield* postForm(started.body.upload.url, started.body.upload.fields, bigger)
      assert.isTrue(posted.status < 300, "s3rver does not enforce the length range")
      const confirmed = yield* request("POST", `/v1/tenant/assets/${started.body.asset.id}/confirm`, { key })
      assert.strictEqual(confirmed.status, 400)
      assert.strictEqual(
        confirmed.body.error.details[0].message,
        `the file is ${bigger.length} bytes, not the ${sample.bytes.length} declared`
      )
    })
  )

  it.effect("a deleted file's object goes and its URL stops serving", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const asset = yield* uploaded(request, key, sampleOf("audio/wav"))
      const located = (yield* fetchBytes(asset.url)).headers.get("location")!
      const objectKey = new URL(located).pathname.replace(/^\/media\//, "")
      assert.isTrue(yield* exists(objectKey))
      assert.strictEqual((yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key })).status, 200)
      assert.isFalse(yield* exists(objectKey))
      assert.strictEqual((yield* fetchBytes(asset.url)).status, 404)
    })
  )

  it.effect("a presigned GET answers byte ranges", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const sample = sampleOf("video/mp4")
      const asset = yield* uploaded(request, key, sample)
      const location = (yield* fetchBytes(asset.url)).headers.get("location")!
      const part = yield* fetchBytes(location, { headers: { range: "bytes=100-199" } })
      assert.strictEqual(part.status, 206)
      same(part.body, sample.bytes.subarray(100, 200))
    })
  )

  it.effect("an import lands in the bucket too", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const sample = sampleOf("image/webp")
        const site = yield* origin({ "/pixel.webp": body(sample.bytes) })
        const { request, key } = yield* withAccount()
        const started = yield* request("POST", "/v1/tenant/assets/import", {
          key,
          body: { url: site.url("/pixel.webp") }
        })
        const done = yield* settled(request, key, started.body.asset.id)
        assert.deepInclude(done, { importStatus: "done", contentType: "image/webp", sizeBytes: sample.bytes.length })
        const location = (yield* fetchBytes(done.url)).headers.get("location")!
        same((yield* fetchBytes(location)).body, sample.bytes)
      })
    )
  )
})

layer(onS3(true), { excludeTestServices: true, timeout: "120 seconds" })("media on S3 (public base URL)", (it) => {
  it.effect("files redirect to the public base URL with the object's key, cached a few minutes", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const { endpoint } = yield* Bucket
      const sample = sampleOf("image/jpeg")
      const asset = yield* uploaded(request, key, sample)
      const redirect = yield* fetchBytes(asset.url)
      assert.strictEqual(redirect.status, 302)
      const location = redirect.headers.get("location")!
      assert.match(location, new RegExp(`^${endpoint}/media/files/acc_[a-z0-9]+/${asset.id}$`))
      assert.strictEqual(redirect.headers.get("cache-control"), "public, max-age=300")
      const served = yield* fetchBytes(location)
      same(served.body, sample.bytes)
      assert.strictEqual(served.headers.get("content-type"), "image/jpeg", "the object carries its type")
      assert.strictEqual(served.headers.get("cache-control"), "public, max-age=31536000, immutable")
    })
  )
})
