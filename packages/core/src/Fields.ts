/**
 * Field schemas shared by resources: bounded text, timestamps, URLs, IANA time zones, play limits.
 * Every bound of the specification lives in a schema here or in the resource's module, once.
 *
 * A resource's stored fields are written once, as a field record in its module (`Campaign.fields`):
 * its type, its API view, its plays' read and its table's row (in `sql`) are made from that record.
 * `pick` and `names` copy a record's fields into its views (the API resource, what the plays read),
 * so a view's fields are named once, in its schema or its key list, and the compiler checks each
 * copied field's type against the view's.
 *
 * @since 0.1.0
 */
import { DateTime, Option, Schema, SchemaTransformation, Struct } from "effect"
import * as StorableText from "./StorableText.ts"

/** A string of `min` to `max` characters that a store can hold (`StorableText`). */
export const Text = (min: number, max: number) =>
  min > 0
    ? Schema.String.check(Schema.isMinLength(min), Schema.isMaxLength(max), StorableText.check)
    : Schema.String.check(Schema.isMaxLength(max), StorableText.check)

/**
 * Marks a string as a date-time in the JSON Schema of the wire side (`format: date-time`), where
 * OpenAPI generators read it: an annotation on the decoded `DateTime` side does not reach the document.
 */
const dateTimeFormat = Schema.makeFilter((_: string) => true, {
  toJsonSchema: () => ({ format: "date-time" })
})

/** A time kept as its ISO 8601 text (as a webhook's body carries it), marked `format: date-time`. */
export const DateTimeString = Schema.String.check(dateTimeFormat)

/** A time, ISO 8601 in UTC on the wire (`2026-01-01T00:00:00.000Z`), `DateTime.Utc` in the domain. */
export const Timestamp = DateTimeString.pipe(
  Schema.decodeTo(Schema.DateTimeUtc, SchemaTransformation.dateTimeUtcFromString)
)
export type Timestamp = DateTime.Utc

/**
 * A timestamp or null. Null is tried first: `NullOr(Timestamp)` tries the `DateTime` declaration
 * first when encoding, and builds a failure for every null before matching it, several times the
 * cost of the whole field.
 */
export const TimestampOrNull = Schema.Union([Schema.Null, Timestamp])

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/u

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** The last day of `month` (1–12) of `year`, by the proleptic Gregorian calendar. */
const daysIn = (year: number, month: number): number =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

/** The earliest and latest times a caller may send: years 1 to 9999, which every store holds. */
const EARLIEST = Date.parse("0001-01-01T00:00:00Z")
const LATEST = Date.parse("9999-12-31T23:59:59.999Z")

/**
 * Whether `s` is an ISO 8601 date-time with a zone that names a real time: each part within its
 * range (no 30 February, no hour 24: `Date` would roll them over to another day), its UTC time in
 * years 1 to 9999 (PostgreSQL has no year 0: such a time would be refused by the store, an outage
 * rather than the caller's mistake).
 */
const isDateTimeInput = (s: string): boolean => {
  const parts = ISO_DATE_TIME.exec(s)
  if (parts === null) return false
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)))
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return false
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return false
  const time = DateTime.make(s)
  if (Option.isNone(time)) return false
  const millis = DateTime.toEpochMillis(time.value)
  return millis >= EARLIEST && millis <= LATEST
}

/** A date-time sent by a caller: ISO 8601 with a zone designator, a real time in years 1 to 9999; decoded to UTC. */
export const DateTimeInput = Schema.String.check(
  Schema.makeFilter(
    (s: string) =>
      isDateTimeInput(s) || "Expected an ISO 8601 date-time with a time zone, such as 2026-01-01T00:00:00Z",
    { expected: "an ISO 8601 date-time with a time zone", toJsonSchema: () => ({ format: "date-time" }) }
  )
).pipe(
  Schema.decodeTo(
    Schema.DateTimeUtc,
    SchemaTransformation.transform({
      decode: (s: string) => DateTime.toUtc(DateTime.makeUnsafe(s)),
      encode: (d: DateTime.Utc) => DateTime.formatIso(d)
    })
  )
)

/** The check of a PATCH body: at least one property to change. */
export const atLeastOneProperty = () =>
  Schema.makeFilter((u: object) => Object.keys(u).length > 0 || "Expected at least one property to change", {
    expected: "at least one property"
  })

/** A PATCH body of `fields`: each optional, at least one sent (`atLeastOneProperty`). */
export const Patch = <const F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct(fields).mapFields(Struct.map(Schema.optionalKey)).check(atLeastOneProperty())

/** Whether `url` is an absolute https URL. */
export const isHttpsUrl = (url: string): boolean => {
  if (!URL.canParse(url)) return false
  const parsed = new URL(url)
  return parsed.protocol === "https:" && parsed.hostname !== "" && parsed.username === "" && parsed.password === ""
}

/** An https URL of up to 2048 characters. */
export const HttpsUrl = Schema.String.annotate({ format: "uri" }).check(
  Schema.isMaxLength(2048),
  StorableText.check,
  Schema.makeFilter((s: string) => isHttpsUrl(s) || "Expected an https URL", { expected: "an https URL" })
)

/** Whether `zone` is an IANA time zone this runtime knows. */
export const isTimeZone = (zone: string): boolean => Option.isSome(DateTime.zoneMakeNamed(zone))

/** An IANA time zone name, 1 to 64 characters. */
export const TimeZone = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(64),
  Schema.makeFilter((s: string) => isTimeZone(s) || `Expected an IANA time zone, got ${JSON.stringify(s)}`, {
    expected: "an IANA time zone such as Europe/Paris"
  })
)

/** A count of things: a whole number, 0 or more (a list's `total`, a number of attempts). */
export const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** Plays per player (total or per day): 1 to 10000, or null for no limit. */
export const PlayLimit = Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 })))

/**
 * The play-limit fields of a channel and of a campaign, as stored and shown: the counts keep the
 * bounds a caller may send (`PlayLimit`), so the API documents them; the time zone was checked when
 * sent (`TimeZone`) and is read back as it was stored.
 */
export const playLimits = {
  maxPlaysPerParticipant: PlayLimit,
  maxPlaysPerParticipantPerDay: PlayLimit,
  playLimitTimezone: Schema.String
}

/** The names of a struct schema's fields, in their order, less `except` (fields a view renames or computes). */
export const names = <F extends Schema.Struct.Fields, const X extends keyof F & string = never>(
  schema: { readonly fields: F },
  ...except: ReadonlyArray<X>
): ReadonlyArray<Exclude<keyof F & string, X>> =>
  Object.keys(schema.fields).filter((key) => !(except as ReadonlyArray<string>).includes(key)) as Array<
    Exclude<keyof F & string, X>
  >

/** The names of `playLimits`: the fields a play reads of a channel's and a campaign's limits. */
export const playLimitNames = names({ fields: playLimits })

/** A function that copies the fields `keys` of a record (and no other) into a new object, in that order. */
export const pick =
  <const K extends string>(keys: ReadonlyArray<K>) =>
  <A extends { readonly [P in K]: unknown }>(source: A): Pick<A, K> => {
    const out: Partial<Pick<A, K>> = {}
    for (const key of keys) out[key] = source[key]
    return out as Pick<A, K>
  }

/**
 * The fields `keys` of `source` that are set (not undefined), in that order: the plain replacements
 * of a PATCH body (spread over the current record), or the optional keys of a config copied as they are.
 */
export const defined = <A extends object, const K extends keyof A & string>(
  source: A,
  keys: ReadonlyArray<K>
): { [P in K]?: Exclude<A[P], undefined> } => {
  const out: { [P in K]?: Exclude<A[P], undefined> } = {}
  for (const key of keys) {
    const value = source[key]
    if (value !== undefined) out[key] = value as Exclude<A[K], undefined>
  }
  return out
}
