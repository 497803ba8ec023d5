/**
 * The media library's settings: the public URL files are served under, how long an upload's
 * policy and an unconfirmed upload last, and the import worker's pace. A reference with defaults:
 * a platform sets it where the engine is built (`NodeEngine` from `CG_PUBLIC_URL`), tests to
 * shorten waits.
 *
 * @since 0.1.0
 */
import { Context, Duration } from "effect"

export interface Settings {
  /** The base of file URLs (`CG_PUBLIC_URL`): a file is served at `<publicUrl>/media/files/<id>`. */
  readonly publicUrl: string
  /** How long an upload's signed policy may be used. */
  readonly uploadTtl: Duration.Duration
  /** How long an upload never confirmed is kept (then it and its bytes are deleted). */
  readonly pendingTtl: Duration.Duration
  readonly imports: {
    /** The wait before looking again when no import was due. */
    readonly idle: Duration.Duration
    /** Imports run at once on one instance. */
    readonly concurrency: number
    /** How long a claim lasts: longer than a whole download may take. */
    readonly lease: Duration.Duration
    /** Attempts in all before an import fails for good. */
    readonly maxAttempts: number
    /** The wait after the first failed attempt; it doubles with each. */
    readonly firstWait: Duration.Duration
  }
  /** How often stale uploads are swept. */
  readonly sweepEvery: Duration.Duration
}

export const defaults: Settings = {
  publicUrl: "http://127.0.0.1:8080",
  uploadTtl: Duration.minutes(15),
  // An hour: a pending upload holds its reservation of the storage limit until it is swept.
  pendingTtl: Duration.hours(1),
  imports: {
    idle: Duration.seconds(1),
    concurrency: 4,
    lease: Duration.minutes(5),
    maxAttempts: 5,
    firstWait: Duration.seconds(30)
  },
  sweepEvery: Duration.minutes(5)
}

export class MediaSettings extends Context.Reference<Settings>("@campaign-games/core/MediaSettings", {
  defaultValue: () => defaults
}) {}

/** The wait after failed attempt `n` (1-based): `firstWait`, doubling. */
export const retryWait = (settings: Settings, attempt: number): Duration.Duration =>
  Duration.times(settings.imports.firstWait, 2 ** Math.max(0, attempt - 1))
