/**
 * What the API says of each reason of draws (`DrawErrors` in the core); joined into `ApiError`'s table.
 *
 * @since 0.1.0
 */
import type * as DrawErrors from "@campaign-games/core/draws/DrawErrors"
import type { SayingOf } from "./Said.ts"

export const said: SayingOf<DrawErrors.Reason> = {}
