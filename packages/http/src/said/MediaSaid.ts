/**
 * What the API says of each reason of media (`MediaErrors` in the core); joined into `ApiError`'s table.
 *
 * @since 0.1.0
 */
import type * as MediaErrors from "@campaign-games/core/media/MediaErrors"
import type { SayingOf } from "./Said.ts"

export const said: SayingOf<MediaErrors.Reason> = {}
