/**
 * The public-address guard of imports, on a server that does NOT allow private URLs (production's
 * setting). Tests may only reach loopback addresses, so the test's network stands 127.0.0.2 in for
 * "the internet": that one address counts as public, every other address is judged by the real
 * rule (`NodeHostResolver.isPublicAddress`: 127.0.0.1, 10/8, 169.254/16, ::1… are private), and a
 * few names resolve as the test says (`cdn.test` to 127.0.0.2, `inside.test` to 127.0.0.1,
 * `rebind-*.test` to 127.0.0.2 once, then to 127.0.0.1). The guard's code is the server's own.
 *
 * Refused or failed cleanly, nothing stored, and the private origin never reached: a private,
 * loopback or link-local target (400 at once), a redirect to one (IP literal or name), a host whose
 * DNS answer changes between the check and the connection, too many redirects.
 */
import { assert, layer } from "@effect/vitest"
import { NodeHostResolver, NodeImportFetcher } from "@campaign-games/http"
import { Effect } from "effect"
import { body, origin, redirect } from "./fixtures/media/Origin.ts"
import { sampleOf } from "./fixtures/media/Samples.ts"
import { fetchBytes, settled } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { make, quickImports, storeLayer, withAccount } from "./support/TestServer.ts"

/** The address the test treats as public: a loopback address no rule of the server knows as such. */
const INTERNET = "127.0.0.2"

const lookups = new Map<string, number>()

const network: NodeImportFetcher.Network = {
  lookup: async (host) => {
    const seen = (lookups.get(host) ?? 0) + 1
    lookups.set(host, seen)
    if (host === "cdn.test") return [{ address: INTERNET, family: 4 }]
    if (host === "inside.test") return [{ address: "127.0.0.1", family: 4 }]
    if (host.startsWith("rebind-") && host.endsWith(".test")) {
      return [{ address: seen === 1 ? INTERNET : "127.0.0.1", family: 4 }]
    }
    return NodeImportFetcher.systemNetwork.lookup(host)
  },
  isPublic: (address) => address === INTERNET || NodeHostResolver.isPublicAddress(address)
}

const server = make(storeLayer(), {
  allowPrivateUrls: false,
  media: {
    network,
    settings: quickImports
  }
})

layer(server, { excludeTestServices: true, timeout: "120 seconds" })("the import address guard", (it) => {
  it.effect("an import from a public address is fetched (the guard lets the internet through)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const png = sampleOf("image/png").bytes
        const site = yield* origin({ "/logo.png": body(png) }, INTERNET)
        const { request, key } = yield* withAccount()
        const started = yield* request("POST", "/v1/tenant/assets/import", {
          key,
          body: { url: site.url("/logo.png", "cdn.test") }
        })
        assert.strictEqual(started.status, 201, started.text)
        const done = yield* settled(request, key, started.body.asset.id)
        assert.deepInclude(done, { importStatus: "done", contentType: "image/png", sizeBytes: png.length })
        assert.strictEqual((yield* fetchBytes(done.url)).status, 200)
      })
    )
  )

  it.effect("private, loopback, link-local and unspecified targets are refused at once (400 naming url)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const secret = yield* origin({ "/secret.png": body(sampleOf("image/png").bytes) })
        const { request, key } = yield* withAccount()
        for (const url of [
          secret.url("/secret.png"),
          secret.url("/secret.png", "inside.test"),
          secret.url("/secret.png", "localhost"),
          `http://[::1]:${secret.port}/secret.png`,
          "http://169.254.169.254/latest/meta-data/",
          "http://10.0.0.1/a.png",
          "http://192.168.1.1/a.png",
          "http://0.0.0.0/a.png",
          "http://[fe80::1]/a.png"
        ]) {
          const reply = yield* request("POST", "/v1/tenant/assets/import", { key, body: { url } })
          assert.strictEqual(reply.status, 400, `${url}: ${reply.text}`)
          assert.deepStrictEqual(Steps.paths(reply.body), ["url"])
          assert.strictEqual(reply.body.error.details[0].message, "host must resolve to public addresses only", url)
        }
        const listed = yield* request("GET", "/v1/tenant/assets", { key })
        assert.strictEqual(listed.body.total, 0, "no file was made")
        assert.deepStrictEqual(secret.requests, [], "the private origin was never reached")
      })
    )
  )

  it.effect("a redirect to a private address (by IP or by name) fails the import; the target is never reached", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const secret = yield* origin({ "/secret.png": body(sampleOf("image/png").bytes) })
        const site = yield* origin(
          {
            "/to-ip": redirect(secret.url("/secret.png")),
            "/to-name": redirect(secret.url("/secret.png", "inside.test"), 307),
            "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/", 301)
          },
          INTERNET
        )
        const { request, key } = yield* withAccount()
        for (const path of ["/to-ip", "/to-name", "/to-metadata"]) {
          const started = yield* request("POST", "/v1/tenant/assets/import", {
            key,
            body: { url: site.url(path, "cdn.test") }
          })
          assert.strictEqual(started.status, 201, `accepted: ${path} is public`)
          const failed = yield* settled(request, key, started.body.asset.id)
          assert.deepInclude(failed, {
            importStatus: "failed",
            importError: "host resolves to a non-public address",
            importAttempts: 1,
            confirmedAt: null
          })
          assert.strictEqual((yield* fetchBytes(failed.url)).status, 404)
        }
        assert.deepStrictEqual(secret.requests, [], "the private origin was never reached")
        assert.deepStrictEqual(site.requests, ["/to-ip", "/to-name", "/to-metadata"])
      })
    )
  )

  it.effect("a host whose DNS answer changes to a private address after the check is refused when connecting", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const secret = yield* origin({ "/secret.png": body(sampleOf("image/png").bytes) })
        const decoy = yield* origin({ "/secret.png": body(sampleOf("image/png").bytes) }, INTERNET, secret.port)
        const { request, key } = yield* withAccount()
        const host = `rebind-${secret.port}.test`
        const started = yield* request("POST", "/v1/tenant/assets/import", {
          key,
          body: { url: secret.url("/secret.png", host) }
        })
        assert.strictEqual(started.status, 201, "the check saw a public address")
        const failed = yield* settled(request, key, started.body.asset.id)
        assert.deepInclude(failed, {
          importStatus: "failed",
          importError: "host resolves to a non-public address",
          confirmedAt: null,
          sizeBytes: null
        })
        assert.isAtLeast(lookups.get(host) ?? 0, 2, "the host was resolved again to connect")
        assert.deepStrictEqual(secret.requests, [], "the private origin was never reached")
        assert.deepStrictEqual(decoy.requests, [], "nor the public one: the connection used the new answer, refused")
      })
    )
  )

  it.effect("redirects are followed up to 3 times between public addresses; a 4th fails", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const png = sampleOf("image/png").bytes
        const site = yield* origin(
          {
            "/1": redirect("/2"),
            "/2": redirect("/3"),
            "/3": redirect("/file.png"),
            "/file.png": body(png),
            "/a": redirect("/b"),
            "/b": redirect("/c"),
            "/c": redirect("/d"),
            "/d": redirect("/file.png")
          },
          INTERNET
        )
        const { request, key } = yield* withAccount()
        const three = yield* request("POST", "/v1/tenant/assets/import", {
          key,
          body: { url: site.url("/1", "cdn.test") }
        })
        assert.strictEqual((yield* settled(request, key, three.body.asset.id)).importStatus, "done")
        const four = yield* request("POST", "/v1/tenant/assets/import", {
          key,
          body: { url: site.url("/a", "cdn.test") }
        })
        assert.deepInclude(yield* settled(request, key, four.body.asset.id), {
          importStatus: "failed",
          importError: "more than 3 redirects"
        })
      })
    )
  )
})
