/**
 * What the API says of each reason of draws (`DrawErrors` in the core); joined into `ApiError`'s table.
 *
 * @since 0.1.0
 */
import type { DrawErrors } from "@campaign-games/core"
import type { SayingOf } from "./Said.ts"

export const said: SayingOf<DrawErrors.DrawsReason> = {
  // 404: the run is not the campaign's (or does not exist); the path parameter is named.
  DrawRunNotFound: (reason) => ({
    message: reason.message,
    details: [{ path: "runId", message: "no such draw run of the campaign" }]
  }),
  // 409: a draw by hand on a campaign whose draws are automatic; the field to change is named.
  DrawNotManual: (reason) => ({
    message: reason.message,
    details: [{ path: "winnerSelectionTrigger", message: `is ${reason.trigger}; set it to manual to draw by hand` }]
  }),
  // 409: a draw on a prediction campaign not resolved yet; the campaign's field that must be set is named.
  DrawAwaitsResolution: (reason) => ({
    message: reason.message,
    details: [{ path: "resolvedOptionId", message: "is null; resolve the campaign (POST …/resolve) before drawing" }]
  })
}
