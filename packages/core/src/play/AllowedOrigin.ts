/**
 * Allowed origins: the places an account's games may be played from. A client token is minted only
 * for an origin on the account's list. The forms follow the specification's platform table:
 *
 * - web (and apps that open a web page in a web view): `https://host` or `https://host:port`, the
 *   scheme and host without a path, exactly what a browser sends in its `Origin` header;
 * - Android: `android:<application id>`, such as `android:com.example.game`;
 * - iOS: `ios:<bundle id>`, such as `ios:com.example.Game`.
 *
 * An origin is at most 300 characters. A web host is a DNS name (labels of 1 to 63 letters, digits,
 * `-` or `_`, at most 253 characters in all, no trailing dot), an IPv4 address or a bracketed IPv6
 * address; a port, when given, is 1 to 65535. It is stored normalised, the way a browser serialises it: the
 * scheme and host lowercased, an internationalised host in its punycode form (`xn--…`), the default
 * port 443 left out. Application and bundle ids are kept as given (they are compared exactly). Anything
 * after the host is refused rather than cut off, a trailing slash included: a browser never sends one,
 * and silently dropping a path could make a caller believe `https://example.com/shop` was registered
 * on its own. Mints compare their `origin` with the list through `normalize`.
 *
 * @since 0.1.0
 */
import { Context, type Effect, Result, Schema, SchemaTransformation, Struct } from "effect"
import type { StoreError } from "../Failure.ts"
import { DuplicateOrigin, PlaysError } from "./PlayErrors.ts"
import { names, pick, Timestamp } from "../Fields.ts"
import type { Page, Paged } from "../Pagination.ts"

// -----------------------------------------------------------------------------
// The origin forms
// -----------------------------------------------------------------------------

/** The most characters an origin may have (the specification's bound). */
export const MAX_LENGTH = 300

/** The platform an origin is for. */
export type Kind = "web" | "android" | "ios"

const ANDROID_PREFIX = "android:"
const IOS_PREFIX = "ios:"

/** Java package-name form: two or more segments, each a letter then letters, digits or `_`. */
const APPLICATION_ID = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/u
/** Reverse-DNS form: two or more non-empty segments of letters, digits and `-`. */
const BUNDLE_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/u

/** The app origin forms: a lowercase prefix, then an id in the platform's form. */
const APP_FORMS = [
  {
    prefix: ANDROID_PREFIX,
    kind: "android",
    id: APPLICATION_ID,
    expected:
      "Expected android:<application id>, such as android:com.example.game: two or more dot-separated " +
      "segments, each starting with a letter, of letters, digits and _"
  },
  {
    prefix: IOS_PREFIX,
    kind: "ios",
    id: BUNDLE_ID,
    expected:
      "Expected ios:<bundle id>, such as ios:com.example.Game: two or more dot-separated segments " +
      "of letters, digits and hyphens"
  }
] as const

const HTTPS_PREFIX = /^https:\/\//iu
const OTHER_SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//u
/** A host as typed: letters of any script (internationalised names), digits, `.`, `-`, `_`. */
const HOST_TYPED = /^[\p{L}\p{M}\p{N}._-]+$/u
/** A DNS label once in ASCII form: 1 to 63 characters, no `-` at either end. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/u
const IPV6_AUTHORITY = /^\[([0-9A-Fa-f:.]+)\](?::(.*))?$/u
const PORT = /^\d{1,5}$/u

const EXPECTED_FORMS = "https://host, android:<application id> or ios:<bundle id>"

const parseWeb = (input: string): Result.Result<string, string> => {
  const rest = input.replace(HTTPS_PREFIX, "")
  const end = rest.search(/[/?#]/u)
  const authority = end === -1 ? rest : rest.slice(0, end)
  const after = end === -1 ? "" : rest.slice(end)
  if (authority.includes("@")) return Result.fail("Expected no user name or password in a web origin")
  if (after === "/") return Result.fail("Expected no trailing slash: a web origin is https://host[:port] only")
  if (after.startsWith("/")) return Result.fail("Expected no path: a web origin is https://host[:port] only")
  if (after.startsWith("?")) return Result.fail("Expected no query in a web origin")
  if (after.startsWith("#")) return Result.fail("Expected no fragment in a web origin")

  const ipv6 = IPV6_AUTHORITY.exec(authority)
  const colon = authority.lastIndexOf(":")
  const host = ipv6 !== null ? undefined : colon === -1 ? authority : authority.slice(0, colon)
  const port = ipv6 !== null ? ipv6[2] : colon === -1 ? undefined : authority.slice(colon + 1)
  if (port !== undefined && (!PORT.test(port) || Number(port) < 1 || Number(port) > 65_535)) {
    return Result.fail("Expected a port from 1 to 65535 after the host")
  }
  if (host !== undefined) {
    if (host === "") return Result.fail("Expected a host after https://")
    if (!HOST_TYPED.test(host)) return Result.fail("Expected a host name of letters, digits, dots and hyphens")
    if (host.endsWith(".")) return Result.fail("Expected a host name without a trailing dot")
  }
  const url = `https://${authority}`
  if (!URL.canParse(url)) return Result.fail("Expected a valid host name")
  const parsed = new URL(url)
  if (ipv6 === null && (parsed.hostname.length > 253 || !parsed.hostname.split(".").every((l) => LABEL.test(l)))) {
    return Result.fail("Expected a valid host name")
  }
  return Result.succeed(`https://${parsed.host}`)
}

/**
 * Checks `input` against the origin forms: the normalised origin and its platform, or a message for a
 * person saying what is wrong.
 */
export const parse = (input: string): Result.Result<{ readonly origin: string; readonly kind: Kind }, string> => {
  if (input.length > MAX_LENGTH) return Result.fail(`Expected at most ${MAX_LENGTH} characters`)
  for (const form of APP_FORMS) {
    if (input.startsWith(form.prefix)) {
      return form.id.test(input.slice(form.prefix.length))
        ? Result.succeed({ origin: input, kind: form.kind })
        : Result.fail(form.expected)
    }
  }
  if (HTTPS_PREFIX.test(input)) {
    return Result.flatMap(parseWeb(input), (origin) =>
      origin.length > MAX_LENGTH
        ? Result.fail(`Expected at most ${MAX_LENGTH} characters once the host is in its ASCII (punycode) form`)
        : Result.succeed({ origin, kind: "web" as const })
    )
  }
  const lower = input.toLowerCase()
  const miscased = APP_FORMS.find((form) => lower.startsWith(form.prefix))
  if (miscased !== undefined) return Result.fail(`Expected the prefix ${miscased.prefix} in lowercase`)
  const scheme = OTHER_SCHEME.exec(input)
  if (scheme !== null) return Result.fail(`Expected the https scheme (https://host[:port]), not ${scheme[1]}`)
  return Result.fail(`Expected ${EXPECTED_FORMS}`)
}

/**
 * The normalised form of `input`, or `undefined` when it is not an origin of the platform table. Two
 * origins are the same when their normalised forms are equal (`HTTPS://Example.com:443` and
 * `https://example.com`): a mint's `origin` is normalised, then looked up among the stored ones. A
 * URL parse (about 10 µs): the mint goes through `InstanceCache.origins`.
 */
export const normalize = (input: string): string | undefined =>
  Result.match(parse(input), { onFailure: () => undefined, onSuccess: (parsed) => parsed.origin })

/** The platform of a (valid) origin. */
export const kind = (origin: string): Kind =>
  origin.startsWith(ANDROID_PREFIX) ? "android" : origin.startsWith(IOS_PREFIX) ? "ios" : "web"

/**
 * An origin as sent by a caller: validated against the platform table, decoded to its normalised form.
 * (The description sits on the base string: annotations placed after a custom filter do not reach the
 * JSON Schema.)
 */
export const Origin = Schema.String.annotate({
  description:
    "Where games may be played from: https://host[:port] for a web site (no path, no trailing slash), " +
    "android:<application id> or ios:<bundle id>; up to 300 characters.",
  examples: ["https://games.example.com", "android:com.example.game", "ios:com.example.Game"]
})
  .check(
    Schema.isMaxLength(MAX_LENGTH),
    Schema.makeFilter(
      // The length has its own check above: here only the form is judged, so a long input gets one message.
      (s: string) =>
        s.length > MAX_LENGTH
          ? undefined
          : Result.match(parse(s), { onFailure: (message) => message, onSuccess: () => undefined }),
      { expected: EXPECTED_FORMS }
    )
  )
  .pipe(
    Schema.decodeTo(
      Schema.String,
      SchemaTransformation.transform({
        decode: (s: string) => normalize(s) ?? s,
        encode: (s: string) => s
      })
    )
  )

// -----------------------------------------------------------------------------
// The resource
// -----------------------------------------------------------------------------

/**
 * An allowed origin's fields as stored (`origin` normalised), written once: its type, its API view
 * and its table's row (in `sql`) are made of this record.
 */
export const fields = {
  id: Schema.String,
  accountId: Schema.String,
  origin: Schema.String,
  createdAt: Timestamp
}

/** An allowed origin as stored (`origin` normalised). */
export type AllowedOrigin = Schema.Struct.Type<typeof fields>

/** Body of `POST /v1/tenant/allowed-origins`. */
export const CreateAllowedOrigin = Schema.Struct({
  origin: Origin
}).annotate({ identifier: "CreateAllowedOrigin" })
export type CreateAllowedOrigin = typeof CreateAllowedOrigin.Type

/** The allowed-origin resource of the API. */
export const AllowedOriginView = Schema.Struct(Struct.omit(fields, ["accountId"])).annotate({
  identifier: "AllowedOrigin"
})
export type AllowedOriginView = typeof AllowedOriginView.Type

/** A new allowed origin from its (decoded, so normalised) create body (pure). */
export const make = (
  input: CreateAllowedOrigin,
  ids: { readonly id: string; readonly accountId: string },
  now: Timestamp
): AllowedOrigin => ({ id: ids.id, accountId: ids.accountId, origin: input.origin, createdAt: now })

const copyView = pick(names(AllowedOriginView))

export const view = (allowed: AllowedOrigin): AllowedOriginView => copyView(allowed)

/** The failure of adding an origin the account already has (`PlaysError`, `DuplicateOrigin`); adapters answer with it. */
export const duplicate = (origin: string): PlaysError => new PlaysError({ reason: new DuplicateOrigin({ origin }) })

/** Persistence of allowed origins; every call is scoped to an account, origins are normalised. */
export class AllowedOriginRepo extends Context.Service<
  AllowedOriginRepo,
  {
    /** Adds the origin; fails with `duplicate(origin)` when the account already has it (atomically). */
    readonly insert: (origin: AllowedOrigin) => Effect.Effect<void, PlaysError | StoreError>
    /** Origins of the account, oldest first. */
    readonly list: (accountId: string, page: Page) => Effect.Effect<Paged<AllowedOrigin>, StoreError>
    /** Removes the origin; false when the account had none with that id. */
    readonly delete: (accountId: string, id: string) => Effect.Effect<boolean, StoreError>
    /** Whether the account allows `origin` (already normalised, compared exactly). */
    readonly exists: (accountId: string, origin: string) => Effect.Effect<boolean, StoreError>
  }
>()("@campaign-games/core/AllowedOriginRepo") {}
