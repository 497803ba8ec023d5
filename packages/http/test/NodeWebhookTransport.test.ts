import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http"
import type { LookupOptions } from "node:dns"
import type { AddressInfo } from "node:net"
import { Webhook } from "@campaign-games/core"
import { NodeHostResolver, NodeWebhookTransport } from "@campaign-games/http"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect } from "effect"

interface Seen {
  readonly method: string | undefined
  readonly url: string | undefined
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A real HTTP receiver on 127.0.0.1 and a free port, closed with the test's scope. */
const receiver = (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
  Effect.gen(function* () {
    const seen: Array<Seen> = []
    const server = yield* Effect.acquireRelease(
      Effect.callback<ReturnType<typeof createServer>>((resume) => {
        const server = createServer((req, res) => {
          const chunks: Array<Buffer> = []
          req.on("data", (chunk: Buffer) => chunks.push(chunk))
          req.on("end", () => {
            seen.push({
              method: req.method,
              url: req.url,
              headers: req.headers,
              body: Buffer.concat(chunks).toString("utf8")
            })
            handler(req, res)
          })
        })
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    )
    const port = (server.address() as AddressInfo).port
    return { seen, port, url: `http://127.0.0.1:${port}` }
  })

const answering =
  (status: number, headers: Record<string, string> = {}, body = "ok") =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { "content-type": "text/plain", ...headers })
    res.end(body)
  }

const headers = {
  "content-type": "application/json",
  "user-agent": "CampaignGames-Webhooks/1",
  "x-service-event": "reward_granted",
  "x-service-delivery-id": "dlv_123",
  "x-service-signature": "t=1700000000,v1=abcdef0123456789"
}
const body = JSON.stringify({ type: "reward_granted", createdAt: "2024-01-01T00:00:00.000Z", data: { grantId: "g1" } })

const send = (allowPrivate: boolean, url: string) =>
  Webhook.WebhookTransport.use((transport) => transport.send({ url, headers, body })).pipe(
    Effect.provide(NodeWebhookTransport.layer({ allowPrivate }))
  )

describe("NodeWebhookTransport", () => {
  it.live("200: Answered 200, and the receiver saw the exact headers and body", () =>
    Effect.gen(function* () {
      const r = yield* receiver(answering(200))
      const result = yield* send(true, `${r.url}/hooks?x=1`)
      assert.deepStrictEqual(result, { _tag: "Answered", status: 200 })
      assert.strictEqual(r.seen.length, 1)
      const [got] = r.seen
      assert.strictEqual(got.method, "POST")
      assert.strictEqual(got.url, "/hooks?x=1")
      assert.strictEqual(got.body, body)
      for (const [name, value] of Object.entries(headers)) assert.strictEqual(got.headers[name], value, name)
      assert.strictEqual(got.headers["content-length"], String(Buffer.byteLength(body)))
    })
  )

  it.live("non-2xx answers are Answered with their status", () =>
    Effect.gen(function* () {
      for (const status of [500, 408, 429, 404, 400, 503]) {
        const r = yield* receiver(answering(status))
        assert.deepStrictEqual(yield* send(true, r.url), { _tag: "Answered", status }, String(status))
        assert.strictEqual(r.seen.length, 1)
      }
    })
  )

  it.live("a 302 is Answered 302 and its Location is never called", () =>
    Effect.gen(function* () {
      const target = yield* receiver(answering(200))
      const r = yield* receiver(answering(302, { location: `${target.url}/elsewhere` }))
      const result = yield* send(true, r.url)
      assert.deepStrictEqual(result, { _tag: "Answered", status: 302 })
      assert.strictEqual(r.seen.length, 1)
      yield* Effect.sleep("200 millis")
      assert.strictEqual(target.seen.length, 0)
    })
  )

  it.live("a large response body is drained or cut, never a failure", () =>
    Effect.gen(function* () {
      const r = yield* receiver(answering(200, {}, "x".repeat(1024 * 1024)))
      assert.deepStrictEqual(yield* send(true, r.url), { _tag: "Answered", status: 200 })
      assert.deepStrictEqual(yield* send(true, r.url), { _tag: "Answered", status: 200 })
      assert.strictEqual(r.seen.length, 2)
    })
  )

  it.live(
    "a receiver that never answers: TimedOut after about 10 s",
    () =>
      Effect.gen(function* () {
        const r = yield* receiver(() => {})
        const start = yield* Clock.currentTimeMillis
        const result = yield* send(true, r.url)
        const elapsed = (yield* Clock.currentTimeMillis) - start
        assert.deepStrictEqual(result, { _tag: "TimedOut" })
        assert.strictEqual(r.seen.length, 1)
        assert.isAtLeast(elapsed, 9_500)
        assert.isAtMost(elapsed, 12_000)
      }),
    20_000
  )

  it.live("a closed port: Unreachable (connection refused)", () =>
    Effect.gen(function* () {
      const port = yield* Effect.scoped(Effect.map(receiver(answering(200)), (r) => r.port))
      const result = yield* send(true, `http://127.0.0.1:${port}/`)
      assert.deepStrictEqual(result, { _tag: "Unreachable", reason: "connection refused" })
    })
  )

  it.live("allowPrivate false: a 127.0.0.1 receiver is never contacted", () =>
    Effect.gen(function* () {
      const r = yield* receiver(answering(200))
      const result = yield* send(false, r.url)
      assert.deepStrictEqual(result, { _tag: "Unreachable", reason: NodeWebhookTransport.NON_PUBLIC_REASON })
      assert.strictEqual(r.seen.length, 0)
    })
  )

  it.live("allowPrivate false: a host name resolving to loopback is refused at connect (lookup guard)", () =>
    Effect.gen(function* () {
      const r = yield* receiver(answering(200))
      const result = yield* send(false, `http://localhost:${r.port}/`)
      assert.deepStrictEqual(result, { _tag: "Unreachable", reason: NodeWebhookTransport.NON_PUBLIC_REASON })
      assert.strictEqual(r.seen.length, 0)
      // The same host is reachable when private addresses are allowed.
      assert.deepStrictEqual(yield* send(true, `http://localhost:${r.port}/`), { _tag: "Answered", status: 200 })
    })
  )

  it.live("a URL that cannot be sent is Refused", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* send(true, "not a url"), { _tag: "Refused", reason: "invalid URL" })
      assert.deepStrictEqual(yield* send(true, "ftp://example.com/"), { _tag: "Refused", reason: "unsupported scheme" })
    })
  )
})

describe("guardedLookup", () => {
  const run = (host: string, options: LookupOptions) =>
    Effect.callback<{
      readonly error: NodeJS.ErrnoException | null
      readonly address: unknown
      readonly family: unknown
    }>((resume) =>
      NodeWebhookTransport.guardedLookup(host, options, (error, address, family) =>
        resume(Effect.succeed({ error, address, family }))
      )
    )

  it.live("refuses a host with a non-public address, in both callback forms", () =>
    Effect.gen(function* () {
      for (const all of [true, false]) {
        const { error } = yield* run("localhost", { all })
        assert.strictEqual(error?.code, "ERR_WEBHOOK_NON_PUBLIC_ADDRESS")
        assert.deepStrictEqual(NodeWebhookTransport.classifyError(error, false), {
          _tag: "Unreachable",
          reason: NodeWebhookTransport.NON_PUBLIC_REASON
        })
      }
    })
  )

  it.live("hands the socket the checked public addresses, in both callback forms", () =>
    Effect.gen(function* () {
      const many = yield* run("8.8.8.8", { all: true })
      assert.isNull(many.error)
      assert.deepStrictEqual(many.address, [{ address: "8.8.8.8", family: 4 }])
      const one = yield* run("8.8.8.8", { family: 0 })
      assert.isNull(one.error)
      assert.strictEqual(one.address, "8.8.8.8")
      assert.strictEqual(one.family, 4)
      const wrongFamily = yield* run("8.8.8.8", { family: 6 })
      assert.strictEqual(wrongFamily.error?.code, "ENOTFOUND")
    })
  )
})

describe("classifyError", () => {
  it("maps error codes to short reasons", () => {
    const err = (code: string) => Object.assign(new Error("secret-bearing message"), { code })
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(err("ENOTFOUND"), false), {
      _tag: "Unreachable",
      reason: "host does not resolve"
    })
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(err("ECONNRESET"), false), {
      _tag: "Unreachable",
      reason: "connection reset"
    })
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(err("UND_ERR_HEADERS_TIMEOUT"), false), {
      _tag: "TimedOut"
    })
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(new Error("x"), true), { _tag: "TimedOut" })
    assert.deepStrictEqual(
      NodeWebhookTransport.classifyError(new AggregateError([err("ECONNREFUSED"), err("ECONNREFUSED")]), false),
      { _tag: "Unreachable", reason: "connection refused" }
    )
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(err("DEPTH_ZERO_SELF_SIGNED_CERT"), false), {
      _tag: "Unreachable",
      reason: "TLS handshake failed (DEPTH_ZERO_SELF_SIGNED_CERT)"
    })
    assert.deepStrictEqual(NodeWebhookTransport.classifyError(new Error("x"), false), {
      _tag: "Unreachable",
      reason: "request failed"
    })
  })
})

describe("isPublicAddress", () => {
  const cases: ReadonlyArray<readonly [string, boolean]> = [
    // IPv4
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["10.0.0.1", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["127.0.0.1", false],
    ["169.254.1.1", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["192.0.2.1", false],
    ["198.18.0.1", false],
    ["240.0.0.1", false],
    // IPv6
    ["2001:4860:4860::8888", true],
    ["::ffff:8.8.8.8", true],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fec0::1", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:0:10.0.0.1", false],
    ["64:ff9b::10.0.0.1", false],
    ["2002:0a00:0001::1", false],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", false],
    ["::a00:1", false],
    ["::127.0.0.1", false],
    // not addresses
    ["", false],
    ["localhost", false],
    ["1.2.3", false]
  ]
  it.each(cases)("%s → %s", (ip, expected) => {
    assert.strictEqual(NodeHostResolver.isPublicAddress(ip), expected)
  })
})

describe("NodeHostResolver", () => {
  const resolve = (host: string) =>
    Webhook.HostResolver.use((resolver) => resolver.resolve(host)).pipe(Effect.provide(NodeHostResolver.layer))

  it.live("localhost resolves to non-public addresses only", () =>
    Effect.gen(function* () {
      const addresses = yield* resolve("localhost")
      assert.isAbove(addresses.length, 0)
      for (const a of addresses) assert.isFalse(a.isPublic, a.address)
    })
  )

  it.live("an IP literal resolves to itself", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* resolve("8.8.8.8"), [{ address: "8.8.8.8", isPublic: true }])
      assert.deepStrictEqual(yield* resolve("127.0.0.1"), [{ address: "127.0.0.1", isPublic: false }])
      assert.deepStrictEqual(yield* resolve("[::1]"), [{ address: "::1", isPublic: false }])
      assert.deepStrictEqual(yield* resolve("2001:4860:4860::8888"), [
        { address: "2001:4860:4860::8888", isPublic: true }
      ])
    })
  )
})
