/**
 * Statistics and exports of a campaign (beyond the specification; DESIGN.md "Statistics and
 * exports"): its counts by local day or hour, and its entries and grants as CSV.
 *
 * @since 0.1.0
 */
import { Entry, Stats } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

const id = Endpoint.idParam("id")

/** A CSV body, streamed. */
const Csv = HttpApiSchema.StreamUint8Array({ contentType: "text/csv; charset=utf-8" })

export class StatsApi extends Endpoint.keyed(
  HttpApiGroup.make("stats")
    .add(
      Endpoint.permitted(
        HttpApiEndpoint.get("stats", "/:id/stats", {
          params: id,
          query: Stats.StatsQuery,
          success: Schema.Struct({ stats: Stats.CampaignStats }),
          error: ApiError.NotFound
        }),
        ["results.read"],
        "Get a campaign's statistics",
        "Beyond the specification. Permission results.read. `interval` day (default) or hour: buckets are local calendar days or local hours in the campaign's playLimitTimezone (a DST day has 23 or 25 hours; an hour the clock repeats is two buckets, one it skips none), each listed with zeros when empty, `start` its first instant in UTC. `from` (inclusive, default the campaign's first play) and `to` (exclusive, default now) are ISO 8601 date-times with a zone; `from` must be before `to` (400 naming `from`) and the span at most 1000 buckets (400 naming `interval`). The first bucket is the one holding `from`; an event counts in a bucket only when it also falls in `from`–`to`, so the series adds up to the totals (all but `players`, a distinct count). `starts` and `players` (distinct participants who started) count sessions by start; `finishes` and `wins` (finishes whose outcome isWin) count entries by time; `grants` count grants by time; `drawWinners` the winners of the draw runs made in the span. `scores` (score games, else null): min, max, mean and a histogram of equal buckets (20, or 1 when every score is the same; `from` inclusive, the last bucket also holding `max`), all zero with an empty histogram when no entry has a score. `predictions` (predictions, else null): entries per option, in the config's order. `tiers`: each prize's coupons given and codes left (null for a prize that makes its codes), as the reward answers them now. Without plays and `from`, the series is empty. docs/statistics.md has the details."
      )
    )
    .add(
      Endpoint.permitted(
        HttpApiEndpoint.get("exportEntries", "/:id/entries/export", {
          params: id,
          query: Entry.ListQuery,
          success: Csv,
          error: ApiError.NotFound
        }),
        ["results.read"],
        "Export a campaign's entries as CSV",
        "Beyond the specification. Permission results.read. `text/csv; charset=utf-8` (RFC 4180: a header row, CRLF line ends, no BOM, fields quoted when they hold a comma, a quote or a line break, an empty cell for null), every entry matching the list's filters (search, eligible) in the list's order (sort, dir), without paging, streamed as the database reads it. Columns: id, sessionId, participantRef, score, predictionOptionId, outcomeId, weight, eligible, createdAt (ISO 8601 in UTC)."
      )
    )
    .add(
      Endpoint.permitted(
        HttpApiEndpoint.get("exportGrants", "/:id/reward-grants/export", {
          params: id,
          success: Csv,
          error: ApiError.NotFound
        }),
        ["rewards.read"],
        "Export a campaign's grants as CSV",
        "Beyond the specification. Permission rewards.read. `text/csv; charset=utf-8` as the entries' export: every grant, newest first (the list's order; the list takes no filter but its paging), streamed. Columns: id, participantRef, tierId, code (masked to its last four characters, as the list shows it), couponRef, couponName, source, expiresAt, createdAt."
      )
    )
    .prefix("/v1/game-instances"),
  "Statistics",
  "A campaign's statistics, and its entries and grants as CSV."
) {}
