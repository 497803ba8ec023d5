/**
 * Local dates and clocks in IANA time zones, computed with the runtime's `Intl` alone: the
 * simulation's own reading of "a day in the campaign's time zone", independent of the engine's
 * (`PlayLimit.dayWindow`), so the play-limit oracle does not check the engine against itself. A
 * day is a local calendar date: two instants are on one day when their local dates are equal.
 *
 * @since 0.1.0
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const clockFormats = new Map<string, Intl.DateTimeFormat>()

const formatOf = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, clock: boolean): Intl.DateTimeFormat => {
  let format = cache.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(clock ? { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" } : {})
    })
    cache.set(timeZone, format)
  }
  return format
}

const QUARTER_HOUR = 900_000
const dates = new Map<string, string>()

/**
 * The local date (`YYYY-MM-DD`) of the instant `millis` in `timeZone`. `Intl`'s answers are kept
 * per zone and quarter hour: every offset and every change of offset falls on a quarter hour, so
 * all the instants of one quarter hour have the same local date.
 */
export const localDate = (timeZone: string, millis: number): string => {
  const quarter = Math.floor(millis / QUARTER_HOUR)
  const key = `${timeZone}@${quarter}`
  let date = dates.get(key)
  if (date === undefined) {
    if (dates.size >= 100_000) dates.clear()
    date = formatOf(dateFormats, timeZone, false).format(quarter * QUARTER_HOUR)
    dates.set(key, date)
  }
  return date
}

/** The zone's offset from UTC at the instant, in milliseconds (local wall clock minus UTC). */
export const offsetAt = (timeZone: string, millis: number): number => {
  const parts: Record<string, number> = {}
  for (const part of formatOf(clockFormats, timeZone, true).formatToParts(millis)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value)
  }
  const wall = Date.UTC(
    parts["year"]!,
    parts["month"]! - 1,
    parts["day"]!,
    parts["hour"]!,
    parts["minute"]!,
    parts["second"]!
  )
  return wall - (millis - (((millis % 1000) + 1000) % 1000))
}

/** Whether a new local day starts at `millis` in `timeZone` (its date differs from the millisecond before). */
export const startsDay = (timeZone: string, millis: number): boolean =>
  localDate(timeZone, millis) !== localDate(timeZone, millis - 1)

/** The calendar month (`YYYY-MM`) of an instant in UTC: the month a plan's plays are counted in. */
export const utcMonth = (millis: number): string => new Date(millis).toISOString().slice(0, 7)
