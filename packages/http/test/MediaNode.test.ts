/**
 * The media library's Node pieces on their own: the byte ranges the serving route understands
 * (RFC 9110), what `file-type` says of each real sample and of disguised files, the connect-time
 * lookup of imports (a host with any non-public address is refused; the socket gets only the
 * addresses checked), the fetcher's failures (which are retried), and the options read from the
 * environment.
 */
import type { LookupAddress } from "node:dns"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as Samples from "../../../examples/server/test/fixtures/media/Samples.ts"
import { parseRange } from "../src/MediaRoutes.ts"
import * as NodeImportFetcher from "../src/NodeImportFetcher.ts"
import * as NodeMedia from "../src/NodeMedia.ts"
import * as NodeMediaSniffer from "../src/NodeMediaSniffer.ts"

describe("parseRange", () => {
  const cases: Array<[string | undefined, ReturnType<typeof parseRange>]> = [
    [undefined, { _tag: "Whole" }],
    ["bytes=0-9", { _tag: "Part", start: 0, end: 9 }],
    ["bytes=10-", { _tag: "Part", start: 10, end: 99 }],
    ["bytes=-5", { _tag: "Part", start: 95, end: 99 }],
    ["bytes=-500", { _tag: "Part", start: 0, end: 99 }],
    ["bytes=90-500", { _tag: "Part", start: 90, end: 99 }],
    [" Bytes = 1 - 2 ", { _tag: "Part", start: 1, end: 2 }],
    ["bytes=100-", { _tag: "Unsatisfiable" }],
    ["bytes=100-200", { _tag: "Unsatisfiable" }],
    ["bytes=-0", { _tag: "Unsatisfiable" }],
    ["bytes=5-2", { _tag: "Whole" }],
    ["bytes=0-1,4-5", { _tag: "Whole" }],
    ["items=0-1", { _tag: "Whole" }],
    ["bytes=-", { _tag: "Whole" }],
    ["bytes=a-b", { _tag: "Whole" }],
    ["bytes=99999999999999999999-", { _tag: "Whole" }]
  ]
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} of 100 bytes`, () => assert.deepStrictEqual(parseRange(header, 100), expected))
  }
})

describe("NodeMediaSniffer (file-type)", () => {
  const expected: Record<string, string> = {
    "image/png": "image/png",
    "image/jpeg": "image/jpeg",
    "image/webp": "image/webp",
    "image/gif": "image/gif",
    "audio/mpeg": "audio/mpeg",
    "audio/ogg": "audio/ogg; codecs=opus",
    "audio/wav": "audio/wav",
    "video/mp4": "video/mp4",
    "video/webm": "video/webm"
  }
  for (const sample of Samples.samples) {
    it.effect(`recognises the ${sample.contentType} sample`, () =>
      Effect.gen(function* () {
        const found = yield* NodeMediaSniffer.sniff(sample.bytes)
        assert.deepStrictEqual(found, Option.fromNullishOr(expected[sample.contentType]))
      })
    )
  }

  it.effect("recognises nothing in HTML, and a PNG whatever its name", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* NodeMediaSniffer.sniff(new TextEncoder().encode("<!doctype html><p>x</p>")),
        Option.none()
      )
      assert.deepStrictEqual(yield* NodeMediaSniffer.sniff(Samples.png()), Option.some("image/png"))
      assert.deepStrictEqual(yield* NodeMediaSniffer.sniff(new Uint8Array(0)), Option.none())
    })
  )
})

describe("NodeImportFetcher", () => {
  const network = (addresses: ReadonlyArray<string>): NodeImportFetcher.Network => ({
    lookup: async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    isPublic: (address) => address === "127.0.0.2" || address === "2001:db8::2"
  })

  const lookup = (addresses: ReadonlyArray<string>, guard: boolean, options: { family?: number; all?: boolean }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | Array<LookupAddress> }>((resolve) =>
      NodeImportFetcher.lookupOver(network(addresses), guard)("host.test", options, (error, address) =>
        resolve({ error, address })
      )
    )

  it("a host with any non-public address is refused, even beside public ones", async () => {
    const mixed = await lookup(["127.0.0.2", "10.0.0.1"], true, { all: true })
    assert.strictEqual(mixed.error?.message, NodeImportFetcher.NON_PUBLIC_REASON)
    const open = await lookup(["127.0.0.2", "10.0.0.1"], false, { all: true })
    assert.isNull(open.error, "without the guard (private URLs allowed) any address is used")
  })

  it("the socket gets only the addresses checked, in the family it asked for", async () => {
    const all = await lookup(["127.0.0.2", "2001:db8::2"], true, { all: true })
    assert.deepStrictEqual(all.address, [
      { address: "127.0.0.2", family: 4 },
      { address: "2001:db8::2", family: 6 }
    ])
    const six = await lookup(["127.0.0.2", "2001:db8::2"], true, { family: 6 })
    assert.strictEqual(six.address, "2001:db8::2")
    const none = await lookup([], true, { all: true })
    assert.strictEqual(none.error?.code, "ENOTFOUND")
  })

  const timeouts = NodeImportFetcher.defaultTimeouts
  const failures: Array<[string, unknown, boolean, string, boolean]> = [
    [
      "a non-public address",
      { code: "ERR_MEDIA_IMPORT_NON_PUBLIC_ADDRESS" },
      false,
      "host resolves to a non-public address",
      false
    ],
    ["the whole download's deadline", { name: "AbortError" }, true, "the download took longer than 120 s", true],
    ["a pause in the body", { code: "UND_ERR_BODY_TIMEOUT" }, false, "the body paused longer than 15 s", true],
    ["no headers in time", { code: "UND_ERR_HEADERS_TIMEOUT" }, false, "no answer within 10 s", true],
    ["a refused connection", { cause: { code: "ECONNREFUSED" } }, false, "connection refused", true],
    ["a reset connection", { code: "ECONNRESET" }, false, "connection reset", true],
    ["an unknown host", { code: "ENOTFOUND" }, false, "host does not resolve", false],
    ["a lookup that may pass", { code: "EAI_AGAIN" }, false, "host lookup failed for now", true],
    [
      "a TLS failure",
      { code: "ERR_TLS_CERT_ALTNAME_INVALID" },
      false,
      "TLS handshake failed (ERR_TLS_CERT_ALTNAME_INVALID)",
      false
    ],
    ["anything else", new Error("mystery"), false, "request failed", true]
  ]
  for (const [label, error, expired, reason, retryable] of failures) {
    it(`${label}: ${retryable ? "retried" : "final"}`, () => {
      const failed = NodeImportFetcher.classify(error, timeouts, expired)
      assert.deepStrictEqual([failed.reason, failed.retryable], [reason, retryable])
    })
  }
})

describe("NodeMedia.fromEnv", () => {
  it("the disk under the data directory by default; S3 when a bucket is named", () => {
    assert.deepStrictEqual(NodeMedia.fromEnv({}, { publicUrl: "https://x.example", dataDir: "/var/cg/" }), {
      publicUrl: "https://x.example",
      storage: { _tag: "Disk", directory: "/var/cg/media" }
    })
    assert.deepStrictEqual(
      NodeMedia.fromEnv(
        {
          CG_S3_BUCKET: "files",
          CG_S3_ENDPOINT: "http://minio:9000",
          CG_S3_REGION: "eu-west-3",
          CG_S3_FORCE_PATH_STYLE: "true",
          CG_S3_PUBLIC_URL: "https://cdn.example.com"
        },
        { publicUrl: "https://x.example", dataDir: "./.data" }
      ).storage,
      {
        _tag: "S3",
        bucket: "files",
        endpoint: "http://minio:9000",
        region: "eu-west-3",
        forcePathStyle: true,
        publicBaseUrl: "https://cdn.example.com"
      }
    )
  })
})
