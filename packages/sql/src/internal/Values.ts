/**
 * How values cross to and from the database, the same in every repository.
 *
 * - Read: a `timestamptz` arrives as a `Date` and is decoded to `DateTime.Utc` (`Time`,
 *   `TimeOrNull`); a `jsonb` document arrives parsed; a `text[]` as an array.
 * - Written: a time is bound as ISO 8601 text with milliseconds (`time`) and a document as JSON
 *   text (`json`); the column it goes to types it, or a cast does where nothing else would (an
 *   `INSERT … SELECT` or a comparison).
 *
 * @since 0.1.0
 */
import { DateTime, Schema } from "effect"

/** A `timestamptz` column, read as a `Date`. */
export const Time = Schema.DateTimeUtcFromDate

/**
 * A nullable `timestamptz` column. Null is tried first: `NullOr(Time)` tries the `Date` declaration
 * first and builds a failure for every null before matching it, several times the cost of the
 * whole field.
 */
export const TimeOrNull = Schema.Union([Schema.Null, Time])

/** A time as a parameter: ISO 8601 with milliseconds, bound as text. */
export const time = (value: DateTime.Utc): string => DateTime.formatIso(value)

/** A nullable time as a parameter. */
export const timeOrNull = (value: DateTime.Utc | null): string | null => (value === null ? null : time(value))

/** A document as a parameter: JSON text. */
export const json = (value: unknown): string => JSON.stringify(value)

/** A nullable document as a parameter: SQL NULL (not the JSON `null`) for null. */
export const jsonOrNull = (value: unknown): string | null => (value === null ? null : json(value))

/**
 * A `LIKE` pattern matching `text` literally anywhere (`%`, `_` and `\`, the default escape
 * character, escaped). The searched columns are `COLLATE "C"`, so `ILIKE` folds ASCII letters only,
 * as the memory store does.
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, "\\$&")}%`
