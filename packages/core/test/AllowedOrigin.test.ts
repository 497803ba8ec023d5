/**
 * Allowed origins as a specification: given what a caller sends as `origin` (to register it, or to mint
 * a token for it), then the normalised origin and its platform, or the failing field `origin` with a
 * reason. The forms are the specification's platform table.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Schema } from "effect"
import * as AllowedOrigin from "../src/play/AllowedOrigin.ts"
import * as Validation from "../src/Validation.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

/** Decodes a `POST /v1/tenant/allowed-origins` body: the stored origin, or the failing paths and messages. */
const create = (body: unknown) =>
  Validation.decode(AllowedOrigin.CreateAllowedOrigin)(body).pipe(
    Effect.match({
      onSuccess: (decoded) => ({ origin: decoded.origin }),
      onFailure: (e) => ({
        paths: (e.details ?? []).map((d) => d.path),
        messages: (e.details ?? []).map((d) => d.message)
      })
    })
  )

/** A web origin of exactly `length` characters. */
const webOfLength = (length: number) => {
  const prefix = "https://"
  const suffix = ".example.com"
  const labels = length - prefix.length - suffix.length
  // Labels of up to 63 characters separated by dots, filling the space exactly.
  let host = ""
  while (host.length < labels) {
    const room = labels - host.length
    host += host === "" ? "a".repeat(Math.min(63, room)) : room === 1 ? "b" : `.${"a".repeat(Math.min(63, room - 1))}`
  }
  return `${prefix}${host}${suffix}`
}

/** An Android origin of exactly `length` characters. */
const androidOfLength = (length: number) => `android:com.${"a".repeat(length - "android:com.".length)}`
/** An iOS origin of exactly `length` characters. */
const iosOfLength = (length: number) => `ios:com.${"a".repeat(length - "ios:com.".length)}`

interface Valid {
  readonly input: string
  readonly origin: string
  readonly kind: AllowedOrigin.Kind
}

const valid: ReadonlyArray<Valid> = [
  { input: "https://example.com", origin: "https://example.com", kind: "web" },
  { input: "https://games.example.co.uk", origin: "https://games.example.co.uk", kind: "web" },
  { input: "https://Shop.Example.COM", origin: "https://shop.example.com", kind: "web" },
  { input: "HTTPS://EXAMPLE.COM", origin: "https://example.com", kind: "web" },
  { input: "https://example.com:8443", origin: "https://example.com:8443", kind: "web" },
  { input: "https://example.com:443", origin: "https://example.com", kind: "web" },
  { input: "https://staging-1.example.com:1", origin: "https://staging-1.example.com:1", kind: "web" },
  { input: "https://localhost:3000", origin: "https://localhost:3000", kind: "web" },
  { input: "https://127.0.0.1:8080", origin: "https://127.0.0.1:8080", kind: "web" },
  { input: "https://[::1]:8443", origin: "https://[::1]:8443", kind: "web" },
  { input: "https://xn--bcher-kva.example", origin: "https://xn--bcher-kva.example", kind: "web" },
  { input: "https://bücher.example", origin: "https://xn--bcher-kva.example", kind: "web" },
  { input: "https://BÜCHER.example", origin: "https://xn--bcher-kva.example", kind: "web" },
  { input: "https://例え.jp", origin: "https://xn--r8jz45g.jp", kind: "web" },
  { input: "android:com.example.game", origin: "android:com.example.game", kind: "android" },
  { input: "android:com.Example.My_Game2", origin: "android:com.Example.My_Game2", kind: "android" },
  { input: "android:a.b", origin: "android:a.b", kind: "android" },
  { input: "ios:com.example.Game", origin: "ios:com.example.Game", kind: "ios" },
  { input: "ios:com.example.my-game", origin: "ios:com.example.my-game", kind: "ios" },
  { input: "ios:com.3rd-party.App2", origin: "ios:com.3rd-party.App2", kind: "ios" },
  { input: webOfLength(8 + 253), origin: webOfLength(8 + 253), kind: "web" },
  { input: androidOfLength(300), origin: androidOfLength(300), kind: "android" },
  { input: iosOfLength(300), origin: iosOfLength(300), kind: "ios" }
]

interface Invalid {
  readonly name: string
  readonly input: unknown
  /** A word the reason given to the caller contains. */
  readonly reason: string
}

const invalid: ReadonlyArray<Invalid> = [
  { name: "http scheme", input: "http://example.com", reason: "https" },
  { name: "another scheme", input: "ftp://example.com", reason: "https" },
  { name: "a bare host", input: "example.com", reason: "https://host" },
  { name: "empty", input: "", reason: "https://host" },
  { name: "not a string", input: 42, reason: "string" },
  { name: "null", input: null, reason: "string" },
  { name: "a trailing slash", input: "https://example.com/", reason: "trailing slash" },
  { name: "a path", input: "https://example.com/shop", reason: "path" },
  { name: "a path after a port", input: "https://example.com:8443/", reason: "trailing slash" },
  { name: "a query", input: "https://example.com?x=1", reason: "query" },
  { name: "an empty query", input: "https://example.com?", reason: "query" },
  { name: "a fragment", input: "https://example.com#top", reason: "fragment" },
  { name: "an empty fragment", input: "https://example.com#", reason: "fragment" },
  { name: "a user name", input: "https://user@example.com", reason: "user name" },
  { name: "a user name and password", input: "https://user:secret@example.com", reason: "password" },
  { name: "no host", input: "https://", reason: "host" },
  { name: "an empty port", input: "https://example.com:", reason: "port" },
  { name: "port 0", input: "https://example.com:0", reason: "port" },
  { name: "port 65536", input: "https://example.com:65536", reason: "port" },
  { name: "a named port", input: "https://example.com:https", reason: "port" },
  { name: "a space in the host", input: "https://exa mple.com", reason: "host" },
  { name: "a tab in the host", input: "https://exa\tmple.com", reason: "host" },
  { name: "a percent-encoded host", input: "https://ex%41mple.com", reason: "host" },
  { name: "a backslash", input: "https://example.com\\shop", reason: "host" },
  { name: "a trailing dot", input: "https://example.com.", reason: "trailing dot" },
  { name: "an empty label", input: "https://example..com", reason: "host" },
  { name: "a label starting with a hyphen", input: "https://-example.com", reason: "host" },
  { name: "a label of 64 characters", input: `https://${"a".repeat(64)}.com`, reason: "host" },
  { name: "leading whitespace", input: " https://example.com", reason: "https://host" },
  { name: "trailing whitespace", input: "https://example.com ", reason: "host" },
  { name: "a web view page address with a path", input: "https://app.example.com/embed.html", reason: "path" },
  { name: "android: one segment", input: "android:game", reason: "application id" },
  { name: "android: empty", input: "android:", reason: "application id" },
  { name: "android: a segment starting with a digit", input: "android:com.1example.game", reason: "application id" },
  { name: "android: a segment starting with _", input: "android:com._example", reason: "application id" },
  { name: "android: a hyphen", input: "android:com.my-game.app", reason: "application id" },
  { name: "android: an empty segment", input: "android:com..game", reason: "application id" },
  { name: "android: a trailing dot", input: "android:com.game.", reason: "application id" },
  { name: "android: upper-case prefix", input: "Android:com.example.game", reason: "lowercase" },
  { name: "android: a space", input: "android: com.example.game", reason: "application id" },
  { name: "ios: one segment", input: "ios:Game", reason: "bundle id" },
  { name: "ios: empty", input: "ios:", reason: "bundle id" },
  { name: "ios: an underscore", input: "ios:com.example.my_game", reason: "bundle id" },
  { name: "ios: an empty segment", input: "ios:com..Game", reason: "bundle id" },
  { name: "ios: a leading dot", input: "ios:.com.Game", reason: "bundle id" },
  { name: "ios: upper-case prefix", input: "IOS:com.example.Game", reason: "lowercase" },
  { name: "ios://", input: "ios://com.example.Game", reason: "bundle id" },
  { name: "a host of 254 characters (DNS allows 253)", input: webOfLength(8 + 254), reason: "host" },
  { name: "a 301-character web origin", input: webOfLength(301), reason: "300" },
  { name: "a 301-character Android origin", input: androidOfLength(301), reason: "300" },
  { name: "a 301-character iOS origin", input: iosOfLength(301), reason: "300" }
]

// -----------------------------------------------------------------------------
// 1. The create body
// -----------------------------------------------------------------------------

describe("AllowedOrigin.CreateAllowedOrigin", () => {
  it.effect("the length fixtures are what they say", () =>
    Effect.gen(function* () {
      assert.strictEqual(webOfLength(8 + 253).length, 8 + 253)
      assert.strictEqual(webOfLength(301).length, 301)
      assert.strictEqual(androidOfLength(300).length, 300)
      assert.strictEqual(androidOfLength(301).length, 301)
      assert.strictEqual(iosOfLength(300).length, 300)
      assert.strictEqual(iosOfLength(301).length, 301)
    })
  )

  it.effect.each(valid)("accepts $input as $origin", ({ input, origin }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* create({ origin: input }), { origin })
    })
  )

  it.effect.each(invalid)("refuses $name, at path origin", ({ input, reason }) =>
    Effect.gen(function* () {
      const result = yield* create({ origin: input })
      assert.isTrue("paths" in result, `accepted ${JSON.stringify(input)}`)
      if ("paths" in result) {
        assert.deepStrictEqual(result.paths, ["origin"])
        assert.include(result.messages[0]!.toLowerCase(), reason.toLowerCase())
      }
    })
  )

  it.effect("refuses a body without origin, at path origin", () =>
    Effect.gen(function* () {
      const result = yield* create({})
      assert.deepStrictEqual("paths" in result ? result.paths : [], ["origin"])
    })
  )

  it.effect("the origin schema decodes to the normalised form and encodes it unchanged", () =>
    Effect.gen(function* () {
      const decoded = yield* Schema.decodeUnknownEffect(AllowedOrigin.Origin)("https://Example.COM:443")
      assert.strictEqual(decoded, "https://example.com")
      assert.strictEqual(yield* Schema.encodeEffect(AllowedOrigin.Origin)(decoded), "https://example.com")
    })
  )
})

// -----------------------------------------------------------------------------
// 2. Comparing a mint's origin with the registered ones
// -----------------------------------------------------------------------------

describe("AllowedOrigin.normalize and kind", () => {
  it.effect.each(valid)("$input is a $kind origin", ({ input, kind, origin }) =>
    Effect.gen(function* () {
      assert.strictEqual(AllowedOrigin.normalize(input), origin)
      assert.strictEqual(AllowedOrigin.kind(origin), kind)
      // Normalising is idempotent: a stored origin normalises to itself.
      assert.strictEqual(AllowedOrigin.normalize(origin), origin)
    })
  )

  it.effect.each(invalid.filter((c) => typeof c.input === "string"))("$name: not an origin", ({ input }) =>
    Effect.gen(function* () {
      assert.isUndefined(AllowedOrigin.normalize(input as string))
    })
  )

  it.effect("spellings of one site compare equal; other ports, hosts and app ids do not", () =>
    Effect.gen(function* () {
      const registered = AllowedOrigin.normalize("https://Games.Example.com")
      for (const sent of ["https://games.example.com", "HTTPS://GAMES.EXAMPLE.COM", "https://games.example.com:443"]) {
        assert.strictEqual(AllowedOrigin.normalize(sent), registered, sent)
      }
      for (const sent of ["https://games.example.com:8443", "https://example.com", "https://games.example.com.evil"]) {
        assert.notStrictEqual(AllowedOrigin.normalize(sent), registered, sent)
      }
      // Application and bundle ids are compared as given.
      assert.notStrictEqual(
        AllowedOrigin.normalize("ios:com.example.Game"),
        AllowedOrigin.normalize("ios:com.example.game")
      )
    })
  )

  it.effect("parse says why an origin is refused", () =>
    Effect.gen(function* () {
      const reason = AllowedOrigin.parse("http://example.com")
      assert.isTrue(reason._tag === "Failure" && reason.failure.includes("https"))
    })
  )
})

// -----------------------------------------------------------------------------
// 3. The resource
// -----------------------------------------------------------------------------

describe("AllowedOrigin resource", () => {
  it.effect("make stores the decoded origin; view shows id, origin and createdAt", () =>
    Effect.gen(function* () {
      const now = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
      const body = yield* Validation.decode(AllowedOrigin.CreateAllowedOrigin)({ origin: "https://Shop.Example.com" })
      const allowed = AllowedOrigin.make(body, { id: "org_1", accountId: "acc_1" }, now)
      assert.deepStrictEqual(allowed, {
        id: "org_1",
        accountId: "acc_1",
        origin: "https://shop.example.com",
        createdAt: now
      })
      const json = yield* Schema.encodeEffect(AllowedOrigin.AllowedOriginView)(AllowedOrigin.view(allowed))
      assert.deepStrictEqual(json, {
        id: "org_1",
        origin: "https://shop.example.com",
        createdAt: "2026-03-01T12:00:00.000Z"
      })
    })
  )

  it.effect("a duplicate is a Conflict naming the origin field", () =>
    Effect.gen(function* () {
      const error = AllowedOrigin.duplicate("https://shop.example.com")
      assert.strictEqual(error._tag, "PlaysError")
      assert.deepStrictEqual(
        (error.details ?? []).map((d) => d.path),
        ["origin"]
      )
    })
  )
})
